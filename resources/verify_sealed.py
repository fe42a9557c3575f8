#!/usr/bin/env python3
"""Check a Warboard game played with sealed dice, without Warboard: Python 3.11+ and its
standard library only (sqlite3, hashlib, hmac, json). Copy this one file anywhere.

    python3 verify_sealed.py GAME.warboard [--seed HEX] [--commitment HEX] [--posts THREAD.txt]

It recomputes, from the game file alone and the thread's posts saved as text:
- the commitment from the revealed seed (or --seed) and the game id;
- every sealed roll (HMAC-SHA256 keyed by the seed, with the turn's players' nonces and
  declaration commitment where the turn has them) and every roll number missing;
- each turn's declaration commitment and nonce digest from the declarations and nonces;
- the log's hash chain, its stored head and count, and each line's seal mark and kind;
- the game state each line recorded against the state the file holds (the places it can
  read: the game's own, the units' markers, state and fields);
- every post's place in the chain (the `warboard-chain v1` line of each post): its head
  against the file's, the previous post's head, the roll numbers, a cut tail.

Exit status: 0 all holds, 1 a problem (each printed on its own line), 2 a usage error.
docs/sealed-dice.md describes every byte this file hashes.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import re
import sqlite3
import sys
import unicodedata

GENESIS = "0" * 64
COMMIT_DOMAINS = {1: "warboard-sealed-v1", 2: "warboard-sealed-v2"}
ROLL_V1 = "warboard-sealed-v1"
ROLL_V2 = "warboard-roll-v2"
DECLARE_TAG = "warboard-declare-v1"
NONCES_TAG = "warboard-nonces-v1"
ENTRY_DOMAIN = b"warboard-chain-v2\n"
SEALING_DOMAIN = b"warboard-sealing-v2\n"
MARK_DOMAIN = b"warboard-chain-v2|mark|"
MARK = "warboard-chain v1"


def canonical(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                      allow_nan=False).encode("utf-8", "surrogatepass")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --------------------------------------------------------------------------- the file


def read_game(path: str) -> dict:
    """The file's state, log rows (in seq order) and meta, read-only."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        db.row_factory = sqlite3.Row
        meta = {r["key"]: r["value"] for r in db.execute("SELECT key, value FROM meta")}
        game = {r["key"]: json.loads(r["json"]) for r in db.execute("SELECT key, json FROM game")}
        rows = [dict(r) for r in db.execute("SELECT * FROM log ORDER BY seq")]
        units = {r["id"]: json.loads(r["json"]) for r in db.execute("SELECT id, json FROM units")}
    finally:
        db.close()
    for r in rows:
        r["dice"] = json.loads(r["dice"])
        r["details"] = json.loads(r["details"])
        r["chain"] = json.loads(r["chain"]) if r.get("chain") else None
    return {"meta": meta, "state": game.get("state") or {}, "rows": rows, "game": game,
            "units": units}


def dice_of(row: dict) -> list[dict]:
    """The row's rolls as Warboard reads them (its fields, in its types)."""
    out = []
    for d in row["dice"]:
        r = {"label": str(d["label"]), "die": str(d["die"]),
             "faces": [int(f) for f in d["faces"]], "source": str(d["source"]),
             "seed": None if d.get("seed") is None else int(d["seed"])}
        if d.get("roll") is not None:
            r["roll"] = int(d["roll"])
        out.append(r)
    return out


# --------------------------------------------------------------------------- the chain


def sealing_hash(block: dict) -> str:
    return sha256(SEALING_DOMAIN + canonical({k: v for k, v in block.items()
                                              if k != "revealed"}))


def entry_hash(row: dict, prev: str) -> str:
    """A log line's hash: version 2 (a `chain` object) or the first form."""
    if row["chain"] is not None:
        doc = {"seq": row["seq"], "prev": prev, "turn": row["turn"], "actor": row["actor"],
               "action": row["action"], "target": row["target"], "dice": dice_of(row),
               "summary": row["summary"], "details": row["details"], "chain": row["chain"]}
        return sha256(ENTRY_DOMAIN + canonical(doc))
    details = {k: v for k, v in row["details"].items() if k != "summary_text"}
    doc = {"prev": prev, "turn": row["turn"], "actor": row["actor"], "action": row["action"],
           "target": row["target"], "dice": dice_of(row), "summary": row["summary"],
           "details": details}
    return sha256(canonical(doc))


def check_chain(g: dict, sealing: dict | None, key: bytes | None) -> tuple[list[str], list[str]]:
    """(problems, the head after each line)."""
    problems: list[str] = []
    heads: list[str] = []
    expected = GENESIS
    seen_v2 = False
    seal_hash = sealing_hash(sealing) if sealing else None
    v2_sealing = bool(sealing) and sealing.get("version", 1) >= 2
    for i, row in enumerate(g["rows"], start=1):
        sealed_roll = any(d.get("source") == "sealed" for d in row["dice"])
        if row["seq"] != i:
            problems.append(f"log line {i}: numbered {row['seq']} (lines renumbered)")
        if row["chain"] is None:
            if seen_v2 or (v2_sealing and sealed_roll):
                problems.append(f"log line {i}: its chain link was removed (the chain "
                                f"switched off)")
        else:
            seen_v2 = True
            link = row["chain"].get("sealing")
            if link is not None and link != seal_hash:
                problems.append(f"log line {i}: written under another sealing block")
            if v2_sealing and sealed_roll and link is None:
                problems.append(f"log line {i}: a sealed roll outside the sealing")
        prev = row.get("prev")
        if prev is not None and prev != expected:
            problems.append(f"log line {i}: the hash of the line before it does not match "
                            f"(a line was changed, removed or inserted)")
        h = entry_hash(row, prev if prev is not None else expected)
        mark = row.get("mark")
        if key is not None and row["chain"] is not None:
            want = hmac.new(key, MARK_DOMAIN + h.encode("ascii"), hashlib.sha256).hexdigest()
            if mark is not None and mark != want:
                problems.append(f"log line {i}: its seal mark does not match")
            elif mark is None and sealed_roll and v2_sealing:
                problems.append(f"log line {i}: a sealed roll without a seal mark")
        heads.append(h)
        expected = h
    count, head = g["meta"].get("log_entries"), g["meta"].get("log_head")
    if count is not None and int(count) != len(heads):
        problems.append(f"the log holds {len(heads)} lines but {count} were saved")
    elif head is not None and heads and head != heads[-1]:
        problems.append(f"log line {len(heads)} (the last) was changed")
    return problems, heads


LOG_KINDS = ("roll", "resolution", "measurement", "template", "picture")


def log_kind(row: dict) -> str:
    """The kind a line is filed as, read from its details and action."""
    details = row["details"]
    if details.get("kind") in LOG_KINDS:
        return details["kind"]
    if "steps" in details or "effects" in details:
        return "resolution"
    if row["action"] in ("measure", "measurement"):
        return "measurement"
    return "template" if row["action"].startswith("template") else "roll"


def _place(g: dict, path: list):
    """(present, value) of a recorded place in the file, or None where this file cannot
    tell (a place it does not read)."""
    if len(path) == 3 and path[:2] == ["game", "state"]:
        return path[2] in g["state"], g["state"].get(path[2])
    if len(path) == 2 and path[0] == "game" and path[1] in g["game"]:
        return True, g["game"][path[1]]
    if len(path) >= 3 and path[0] == "unit" and path[1] in g["units"]:
        unit = g["units"][path[1]]
        if len(path) == 4 and path[2] in ("markers", "state"):
            d = unit.get(path[2]) or {}
            return path[3] in d, d.get(path[3])
        if len(path) == 3 and path[2] in unit and path[2] != "base":
            return True, unit[path[2]]
    return None


def value_digest(present: bool, value) -> str | None:
    return sha256(canonical(value)) if present else None


def check_state(g: dict) -> list[str]:
    """Each recorded place ([path, before digest, after digest]): its before is the last
    record's after, and the file holds the last after (unless the saved tail says it
    changed since)."""
    problems: list[str] = []
    last: dict[str, tuple[int, list, str | None]] = {}
    for seq, row in enumerate(g["rows"], start=1):
        for rec in (row["chain"] or {}).get("state", []):
            if not (isinstance(rec, list) and len(rec) == 3 and isinstance(rec[0], list)):
                continue
            key = json.dumps(rec[0])
            if key in last and last[key][2] != rec[1]:
                problems.append(f"log line {seq}: {'.'.join(map(str, rec[0]))} was changed "
                                f"outside the log after line {last[key][0]}")
            last[key] = (seq, rec[0], rec[2])
    tail = {json.dumps(r[0]) for r in g["game"].get("chain_tail") or []
            if isinstance(r, list) and r}
    for key, (seq, path, after) in last.items():
        now = _place(g, path)
        if key in tail or now is None:
            continue
        if value_digest(*now) != after:
            problems.append(f"{'.'.join(map(str, path))}: the file holds {now[1]!r}, not the "
                            f"value the log recorded at line {seq} (edited in the file)")
    return problems


# --------------------------------------------------------------------------- the rolls


def clean(text: str) -> str:
    return unicodedata.normalize("NFC", text).strip()


def declaration_commitment(game_id: str, turn: int, lines: list[str]) -> str:
    text = f"{DECLARE_TAG}\n{game_id}\n{turn}\n" + "".join(f"{clean(x)}\n" for x in lines)
    return sha256(text.encode("utf-8"))


def nonce_digest(pairs: list[tuple[str, str]]) -> str:
    text = f"{NONCES_TAG}\n" + "".join(f"{clean(p)}\n{clean(t)}\n" for p, t in pairs)
    return sha256(text.encode("utf-8"))


def witness_records(state: dict, game_id: str) -> tuple[dict[int, dict], list[str]]:
    """The witnessed turns by number (decl, digest, first_roll), and problems."""
    out: dict[int, dict] = {}
    problems: list[str] = []
    for t in (state.get("witness") or {}).get("turns", []):
        turn = t.get("turn")
        decl = declaration_commitment(game_id, turn, t.get("declarations", []))
        if decl != t.get("commitment"):
            problems.append(f"turn {turn}: the declarations do not give the stored commitment")
        pairs = [(x.get("player", ""), x.get("nonce", "")) for x in t.get("nonces") or []]
        out[turn] = {"decl": t.get("commitment"), "first_roll": t.get("first_roll"),
                     "digest": nonce_digest(pairs) if pairs else None}
    return out, problems


def roll_faces(key: bytes, game_id: str, roll: int, sides: int, n: int, turn: int,
               w: dict | None) -> list[int]:
    limit = (2 ** 32 // sides) * sides
    faces: list[int] = []
    block = 0
    while len(faces) < n:
        if w is None:
            m = f"{ROLL_V1}|{game_id}|{roll}|{sides}|{n}|{block}"
        else:
            m = f"{ROLL_V2}|{game_id}|{turn}|{w['decl']}|{w['digest']}|{roll}|{sides}|{n}|{block}"
        digest = hmac.new(key, m.encode("utf-8"), hashlib.sha256).digest()
        for i in range(0, 32, 4):
            v = int.from_bytes(digest[i:i + 4], "big")
            if v < limit and len(faces) < n:
                faces.append(v % sides + 1)
        block += 1
    return faces


def check_rolls(g: dict, game_id: str, key: bytes, witness: dict[int, dict]) -> list[str]:
    problems: list[str] = []
    seen: dict[int, tuple] = {}
    for seq, row in enumerate(g["rows"], start=1):
        for r in dice_of(row):
            if r["source"] != "sealed":
                continue
            k = r.get("roll")
            if k is None or k < 1:
                problems.append(f"log line {seq}: a sealed roll without a valid number")
                continue
            if k in seen:
                if seen[k][:2] != (r["faces"], r["die"]):
                    problems.append(f"roll #{k}: logged twice with other dice (log lines "
                                    f"{seen[k][2]} and {seq})")
                continue
            seen[k] = (r["faces"], r["die"], seq)
            w = witness.get(row["turn"])
            if w is None or w["digest"] is None or k < (w["first_roll"] or 0):
                w = None
            m = re.fullmatch(r"\s*[dDкК](\d+)\s*", r["die"])
            sides = int(m.group(1)) if m else 0
            want = roll_faces(key, game_id, k, sides, len(r["faces"]), row["turn"], w) \
                if sides > 0 else []
            if want != r["faces"]:
                problems.append(f"roll #{k} (log line {seq}): logged {r['faces']}, the seed "
                                f"gives {want}")
    expected = 1
    for k in sorted(seen):
        if k > expected:
            problems.append(f"roll #{expected}" + (f"-#{k - 1}" if k - 1 > expected else "")
                            + " missing from the log")
        expected = k + 1
    return problems


# --------------------------------------------------------------------------- the posts

_TOKEN = re.compile(r"\s*([a-z]+)=(\S+)")
_HEX = re.compile(r"[0-9a-f]{64}")


def parse_thread(text: str, damaged: list[int] | None = None) -> list[dict]:
    """Every well-formed chain line of a saved thread, in order (the places of the others
    put in `damaged`)."""
    out = []
    for n, m in enumerate(re.finditer(r"warboard-chain\s+v1", text), 1):
        f: dict[str, str] = {}
        pos = m.end()
        while (t := _TOKEN.match(text, pos)) is not None:
            f[t.group(1)] = t.group(2).strip("`[]").split("[/", 1)[0]
            pos = t.end()
        line = _line(f)
        if line is not None:
            out.append(line)
        elif damaged is not None:
            damaged.append(n)
    return out


def _span(v: str | None):
    if v == "none":
        return None
    m = re.fullmatch(r"(\d+)-(\d+)", v or "")
    return (int(m.group(1)), int(m.group(2))) if m else False


def _line(f: dict[str, str]) -> dict | None:
    def hexa(k: str, optional: bool = False):
        v = f.get(k)
        if optional and v in (None, "none"):
            return None
        return v if v is not None and _HEX.fullmatch(v) else False

    line = {"game": f.get("game"), "turn": f.get("turn", ""), "seal": hexa("seal", True),
            "log": _span(f.get("log")), "rolls": _span(f.get("rolls")), "prev": hexa("prev"),
            "head": hexa("head"), "decl": hexa("decl", True), "nonces": hexa("nonces", True)}
    first = f.get("from", "")
    if any(v is False for v in line.values()) or not line["turn"].isdigit() or \
            not line["game"] or (line["decl"] is not None and not first.isdigit()):
        return None
    line["turn"] = int(line["turn"])
    line["from"] = int(first) if line["decl"] is not None else None
    return line


def nonce_timing(g: dict, witness: dict[int, dict]) -> list[str]:
    """A witnessed turn is declared before its first roll, so every roll logged in it
    derives with the nonces: one numbered below first_roll did not (a line applying a roll
    of an earlier turn aside)."""
    problems: list[str] = []
    for seq, row in enumerate(g["rows"], start=1):
        w = witness.get(row["turn"])
        mark = row["details"].get("roll")
        if w is None or w["digest"] is None or (
                isinstance(mark, dict) and mark.get("applied") and isinstance(mark.get("of"), int)):
            continue
        for d in dice_of(row):
            if d["source"] == "sealed" and d.get("roll") is not None and \
                    d["roll"] < (w["first_roll"] or 0):
                problems.append(f"log line {seq} (turn {row['turn']}): roll #{d['roll']} was "
                                f"derived without the players' nonces in a turn that has them")
    return problems


def check_posts(posts: list[dict], g: dict, heads: list[str], game_id: str, seal: str | None,
                witness: dict[int, dict]) -> list[str]:
    problems: list[str] = []
    if not posts:
        return ["the saved thread holds no chain line"]
    before = None
    last_roll, last_post = 0, 0
    sealed_from = next((i for i, r in enumerate(g["rows"])
                        if (r["chain"] or {}).get("sealing")), None)
    starts = {GENESIS, *heads[:sealed_from]} if sealed_from is not None else {GENESIS}
    for i, p in enumerate(posts, start=1):
        t = p["turn"]
        if p["game"] != game_id:
            problems.append(f"post {i}: game {p['game']}, but the file is game {game_id}")
        if p["seal"] != seal:
            problems.append(f"post {i}: sealed-dice commitment {p['seal']}, the file's is {seal}")
        rows = g["rows"]
        if p["log"] is not None and 0 < p["log"][0] <= p["log"][1] <= len(rows) and t not in {
                r["turn"] for r in rows[p["log"][0] - 1:p["log"][1]]}:
            problems.append(f"post {i} (turn {t}): log lines {p['log'][0]}-{p['log'][1]} it "
                            f"covers are of another turn (the post was changed)")
        if p["log"] is not None and p["log"][1] <= len(heads):
            if heads[p["log"][1] - 1] != p["head"]:
                problems.append(f"post {i} (turn {t}): its head is not the file's after log "
                                f"line {p['log'][1]} (the log was changed)")
        elif p["log"] is None and p["head"] not in (GENESIS, *heads):
            problems.append(f"post {i} (turn {t}): its head is in no line of the file's chain")
        w = witness.get(t)
        has = w is not None and w["digest"] is not None
        posted = p["decl"] is not None and p["nonces"] is not None
        if posted and not has:
            problems.append(f"post {i} (turn {t}): posted with players' nonces, the file has none")
        elif has and not posted:
            problems.append(f"post {i} (turn {t}): posted without players' nonces, the file "
                            f"has them")
        elif has:
            if p["decl"] != w["decl"]:
                problems.append(f"post {i} (turn {t}): another declaration commitment")
            if p["nonces"] != w["digest"]:
                problems.append(f"post {i} (turn {t}): another nonce digest")
            if p["from"] != w["first_roll"]:
                problems.append(f"post {i} (turn {t}): rolls derive with the nonces from "
                                f"#{p['from']} on, the file says from #{w['first_roll']}")
        if before is None and p["prev"] not in starts:
            problems.append(f"post {i} (turn {t}): its previous head is not the start of the "
                            f"chain (the post before it is missing)")
        elif before is not None and p["prev"] != before["head"]:
            problems.append(f"post {i} (turn {t}): its previous head is not post {i - 1}'s head "
                            f"(a post is missing between them)")
        if p["rolls"] is not None:
            if p["rolls"][0] > last_roll + 1 and before is not None:
                problems.append(f"post {i} (turn {t}): rolls start at #{p['rolls'][0]}, after "
                                f"#{last_roll} in post {last_post} (rolls missing)")
            last_roll, last_post = max(last_roll, p["rolls"][1]), i
        before = p
    posted_seq = max((p["log"][1] for p in posts if p["log"]), default=0)
    posted_roll = max((p["rolls"][1] for p in posts if p["rolls"]), default=0)
    roll = max((d.get("roll") or 0 for r in g["rows"] for d in r["dice"]
                if d.get("source") == "sealed"), default=0)
    if posted_seq > len(heads) or posted_roll > roll:
        problems.append(f"the file ends at log line {len(heads)} and roll #{roll}, the thread "
                        f"was posted up to line {posted_seq} and roll #{posted_roll} (tail cut)")
    return problems


# --------------------------------------------------------------------------- main


def verify(path: str, seed: str | None = None, commitment: str | None = None,
           posts_text: str | None = None, head: str | None = None,
           last_roll: int | None = None) -> list[str]:
    """Every problem found (empty: the game holds)."""
    g = read_game(path)
    sealing = g["state"].get("sealed")
    problems: list[str] = []
    if not isinstance(sealing, dict):
        return ["this game is not played with sealed dice"]
    game_id, stored = sealing["game_id"], sealing["commitment"]
    version = sealing.get("version", 1)
    seed = seed or sealing.get("revealed")
    key = bytes.fromhex(seed) if seed else None
    if key is not None:
        got = sha256(f"{COMMIT_DOMAINS[version]}\n{game_id}\n".encode() + key)
        if got != stored:
            problems.append(f"the seed gives commitment {got}, the game committed to {stored}")
    if commitment is not None and commitment.strip().lower() != stored:
        problems.append(f"the commitment given ({commitment.strip()}) is not the file's ({stored})")
    chain, heads = check_chain(g, sealing, key)
    problems += chain
    problems += [f"log line {i}: filed as {r['kind']}, it is a {log_kind(r)}"
                 for i, r in enumerate(g["rows"], start=1) if r.get("kind") != log_kind(r)]
    problems += check_state(g)
    witness, bad = witness_records(g["state"], game_id)
    problems += bad
    if key is not None:
        problems += check_rolls(g, game_id, key, witness)
    if head is not None and head.strip().lower() not in heads:
        problems.append(f"the posted head {head.strip()[:16]}… is in no line of the file's "
                        f"chain (the log was changed or cut after it was posted)")
    top = max((d.get("roll") or 0 for r in g["rows"] for d in r["dice"]
               if d.get("source") == "sealed"), default=0)
    if last_roll is not None and top < last_roll:
        problems.append(f"the file's last sealed roll is #{top}, roll #{last_roll} was "
                        f"posted (tail cut)")
    if posts_text is not None:
        damaged: list[int] = []
        posts = parse_thread(posts_text, damaged)
        problems += [f"chain line {n} of the saved thread cannot be read (damaged or edited)"
                     for n in damaged]
        problems += nonce_timing(g, witness)
        problems += check_posts(posts, g, heads, game_id, stored, witness)
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Check a Warboard sealed-dice game without Warboard.")
    p.add_argument("game", help="the .warboard game file")
    p.add_argument("--seed", help="the revealed seed, 64 hex digits (default: the file's)")
    p.add_argument("--commitment", help="the commitment the players were given")
    p.add_argument("--posts", help="the thread's posts saved as text")
    p.add_argument("--head", help="the chain head of the last post the players saw")
    p.add_argument("--last-roll", type=int, help="the last sealed roll number posted")
    args = p.parse_args(argv)
    if args.seed is not None and not re.fullmatch(r"[0-9a-fA-F]{64}", args.seed.strip()):
        print("--seed: expected 64 hexadecimal digits", file=sys.stderr)
        return 2
    try:
        text = None
        if args.posts is not None:
            with open(args.posts, encoding="utf-8", errors="replace") as f:
                text = f.read()
        problems = verify(args.game, args.seed and args.seed.strip().lower(),
                          args.commitment, text, args.head, args.last_roll)
    except (OSError, sqlite3.Error, ValueError, KeyError, TypeError) as e:
        print(f"{args.game}: cannot be read as a Warboard game ({e})", file=sys.stderr)
        return 2
    for line in problems:
        print(line)
    print(f"FAILED: {len(problems)} problem(s)" if problems else "OK: every check holds")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
