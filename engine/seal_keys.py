"""The key that locks a sealed game's seed, from the game master's passphrase.

New sealings use Argon2id (RFC 9106) at 64 MiB, 3 passes, 1 lane — memory-hard, so a
stolen game file resists guessing on graphics cards — through the `cryptography` package
the sealing already needs. A sealing keeps the function and its settings beside its salt
and is unlocked with them, so a game sealed earlier with scrypt (n = 2**15) still opens.
docs/sealed-dice.md gives the measured unlock time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engine.i18n import msg

__all__ = ["Kdf", "NEW_KDF", "MIN_PASSPHRASE", "kdf_from_dict", "derive_key"]

#: The shortest passphrase a new sealing takes (characters).
MIN_PASSPHRASE = 10


@dataclass(frozen=True, slots=True)
class Kdf:
    """A key derivation function and its settings: Argon2id (memory in KiB, passes,
    lanes) or scrypt (n, r, p)."""

    name: str
    params: tuple[tuple[str, int], ...]

    def to_dict(self, salt: str) -> dict:
        return {"name": self.name, "salt": salt, **dict(self.params)}


NEW_KDF = Kdf("argon2id", (("m", 65536), ("t", 3), ("p", 1)))
#: The settings a sealing may name, by function: (low, high) per setting, and a rule.
_LIMITS: dict[str, dict[str, tuple[int, int]]] = {
    # memory 19 MiB (OWASP's least) to 1 GiB; 1 to 10 passes; 1 to 4 lanes
    "argon2id": {"m": (19456, 1048576), "t": (1, 10), "p": (1, 4)},
    # earlier sealings: n a power of two, 2**14 to 2**20 (1 GiB at r = 8)
    "scrypt": {"n": (2 ** 14, 2 ** 20), "r": (8, 8), "p": (1, 1)},
}
#: What a version 1 sealing that named no scrypt setting was made with.
_OLD_SCRYPT = {"n": 2 ** 15, "r": 8, "p": 1}


def kdf_from_dict(kdf: Mapping, bad: Callable[[str, object], Exception]) -> Kdf:
    """The function and settings a sealing names, each checked (`bad(field, why)` is
    raised naming the field)."""
    name = kdf.get("name")
    if name not in _LIMITS:
        raise bad("kdf.name", msg("expected one of {names}, got {got}",
                                  names=", ".join(_LIMITS), got=repr(name)[:40]))
    params = []
    for key, (low, high) in _LIMITS[name].items():
        value = kdf.get(key, _OLD_SCRYPT.get(key) if name == "scrypt" else None)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise bad(f"kdf.{key}", msg("expected a whole number from {low} to {high}, "
                                        "got {got}", low=low, high=high,
                                        got=repr(value)[:40]))
        if name == "scrypt" and key == "n" and value & (value - 1):
            raise bad("kdf.n", msg("expected a power of two, got {got}", got=value))
        params.append((key, value))
    return Kdf(name, tuple(params))


def derive_key(kdf: Kdf, passphrase: bytes, salt: bytes) -> bytes:
    """The 32-byte key of `passphrase` under `kdf`."""
    p = dict(kdf.params)
    if kdf.name == "argon2id":
        from cryptography.hazmat.primitives.kdf.argon2 import Argon2id

        return Argon2id(salt=salt, length=32, iterations=p["t"], lanes=p["p"],
                        memory_cost=p["m"]).derive(passphrase)
    from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

    return Scrypt(salt=salt, length=32, n=p["n"], r=p["r"], p=p["p"]).derive(passphrase)
