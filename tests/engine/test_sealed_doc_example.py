"""docs/sealed-dice.md's worked example, run: every `openssl dgst` command of the page is
read from it and recomputed with hashlib/hmac only, its `# →` result and `# faces` line
compared; then the same numbers are asked of the program (engine.witness), so neither the
page nor the scheme can drift from the other."""

from __future__ import annotations

import hashlib
import hmac
import re
from pathlib import Path

from engine import sealed
from engine.dice import die
from engine.witness import scheme

DOC = Path(__file__).resolve().parents[2] / "docs" / "sealed-dice.md"


def _printf(fmt: str) -> bytes:
    """What `printf 'FMT'` writes for the page's formats (only \\n escapes)."""
    return fmt.replace("\\n", "\n").encode("utf-8")


def _blocks() -> list[str]:
    """The shell blocks of the page's "Worked example" section (the hash chain's own
    example is tests/engine/test_chain_bytes.py's)."""
    page = DOC.read_text(encoding="utf-8")
    section = page.split("\n## Worked example\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)```", section, re.S)


def _run(block: str) -> tuple[str, bytes, bytes | None, str, list[int] | None, str | None]:
    """(the command, the bytes hashed, the HMAC key or None, the stated digest, the stated
    faces, the die) of one shell block."""
    seed = re.search(r"^SEED=([0-9a-f]{64})$", block, re.M)
    key = bytes.fromhex(seed.group(1)) if seed else None
    stated = re.search(r"^# → ([0-9a-f]{64})$", block, re.M).group(1)
    faces = re.search(r"^# faces \((\d+)×(d\d+)\): ([\d, ]+)$", block, re.M)
    cmd = next(x for x in block.splitlines() if "openssl dgst" in x)
    if m := re.fullmatch(r"printf '%s' '([^']*)' \| openssl dgst -sha256 -mac HMAC "
                         r"-macopt hexkey:\$SEED", cmd):
        data, mac = m.group(1).encode(), key
    elif m := re.fullmatch(r"\(printf '([^']*)'; printf '%s' \$SEED \| xxd -r -p\) \| "
                           r"openssl dgst -sha256", cmd):
        data, mac = _printf(m.group(1)) + key, None
    else:
        m = re.fullmatch(r"printf '([^']*)' \| openssl dgst -sha256", cmd)
        assert m, f"a command the test cannot read: {cmd}"
        data, mac = _printf(m.group(1)), None
    return (cmd, data, mac, stated,
            [int(x) for x in faces.group(3).split(",")] if faces else None,
            faces.group(2) if faces else None)


def _faces(digest: bytes, sides: int, n: int) -> list[int]:
    limit = 2 ** 32 // sides * sides
    words = [int.from_bytes(digest[i:i + 4], "big") for i in range(0, 32, 4)]
    return [w % sides + 1 for w in words if w < limit][:n]


def test_every_command_of_the_worked_example_gives_its_stated_result():
    blocks = _blocks()
    assert len(blocks) == 5
    for block in blocks:
        cmd, data, key, stated, faces, d = _run(block)
        if key is None:
            got = hashlib.sha256(data).digest()
        else:
            got = hmac.new(key, data, hashlib.sha256).digest()
        assert got.hex() == stated, cmd
        if faces is not None:
            assert _faces(got, int(d[1:]), len(faces)) == faces, cmd


def test_the_program_gives_the_worked_example_numbers():
    runs = [_run(b) for b in _blocks()]
    seed = bytes(range(32)).hex()
    commit, decl, nonces, roll4, roll1 = (r[3] for r in runs)
    assert sealed.commitment(seed, "example-game", 2) == commit
    lines = ["Gren 1 shoots Pfc. Dawson", "Gren 2 shoots Cpl. Reyes"]
    pairs = (("Anna", "blue fox"), ("Boris", "42"))
    assert scheme.declaration_commitment("example-game", 2, lines) == decl
    assert scheme.nonce_digest(pairs) == nonces
    w = scheme.TurnWitness(2, tuple(lines), decl, pairs, 4)
    assert scheme.roll_message("example-game", 4, 6, 2, 0, w) == runs[3][1]
    assert list(sealed.sealed_faces(seed, "example-game", 4, die("d6"), 2, w)) == runs[3][4]
    assert scheme.roll_message("example-game", 1, 10, 1, 0, None) == runs[4][1]
    assert list(sealed.sealed_faces(seed, "example-game", 1, die("d10"), 1)) == runs[4][4]
    assert roll4 and roll1
