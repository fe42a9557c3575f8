"""What a `.warboard` game file holds, schema version 1: its tables, and a game as rows.

A game file is one SQLite database (engine/gamefile.py opens and writes it). Its tables:

- `meta`     key → value: format = "warboard-game", schema_version, app_version,
             created, saved (ISO-8601 UTC).
- `scenario` key → JSON: the scenario's top-level fields in their order (format v1 of
             design.md); "terrain" and "units" are placeholders (JSON NULL) whose contents
             are the two row tables below, so a save rewrites only the pieces that changed.
- `terrain`, `units`  id → (pos, JSON): one row per piece / unit, its scenario v1 object.
             Units carry their markers and state; removed units (state.removed) are rows too.
- `game`     key → JSON: turn, active_side, phase, sides, activation_order, state.
- `log`      the append-only roll log: seq (1, 2, …), kind, turn, actor, action, target,
             dice (JSON, each roll with its source and seed), summary, details (JSON),
             timestamp, prev (the sha256 of the entry before it, engine/log_chain.py;
             a file written before the chain gains the column on its next write, and
             meta's log_entries / log_head record the count and the last entry's hash,
             so an entry changed or removed outside Warboard is found on open),
             chain (JSON: version, the sealing's hash, the game state the entry changed)
             and mark (the seal mark of a sealed game): docs/sealed-dice.md gives the
             bytes. The `game` row `chain_tail` holds what changed after the last entry.
- `backdrop` the table picture (engine/backdrop.py), one row: key "picture", json (its
             format, size, hash, placement, look), image (the PNG / JPEG bytes). Made
             only when a game has a picture, so a game without one is the file it was.

`GameSnapshot` is a game reduced to these rows as JSON text: immutable strings, so a snapshot
taken on the interface's thread can be written on another while play goes on. Reading goes
the other way, and every bad row is reported as "invalid" with its table, id and field.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import sqlite_utils

from engine import safe_json
from engine.dice import RollRecord
from engine.i18n import msg, prefixed, said, verbatim
from engine.log_chain import GENESIS, StateRecorder, entry_hash
from engine.log_kinds import LOG_KINDS, log_kind
from engine.model import Game, LogEntry, ModelError, restored_summary
from engine.scenario import Scenario, Table, Unit
from engine.scenario_io import TOP_KEYS, ScenarioError, parse_scenario, scenario_to_dict

FORMAT = "warboard-game"
SCHEMA_VERSION = 1
#: SQLite's application_id header field: "WBRD", so `file(1)` and we can tell our files.
APPLICATION_ID = 0x57425244
TABLES = ("meta", "scenario", "terrain", "units", "game", "log")
#: Tables a file has only when it holds what they store.
OPTIONAL_TABLES = ("backdrop",)
#: Top-level scenario keys whose contents live in their own row tables.
ROW_TABLES = ("terrain", "units")
GAME_KEYS = ("turn", "active_side", "phase", "sides", "activation_order", "state")
#: The `game` row of the places changed after the last log entry (engine.log_chain).
CHAIN_TAIL = "chain_tail"

KINDS = ("not-found", "not-sqlite", "damaged", "foreign", "newer", "invalid", "conflict",
         "not-written")


class GameFileError(Exception):
    """A game file that cannot be used. `kind` is one of KINDS; the message says why.

    "conflict" is raised by saving, when the file holds a different game (its log is not
    the start of the game's log); "not-written" when the disk refused a save (full, an
    input/output error, read-only): the file still holds its last save."""

    def __init__(self, kind: str, message: str, *, path: str | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"GameFileError.kind: expected one of {KINDS}, got {kind!r}")
        self.kind = kind
        self.message = message
        self.path = path
        super().__init__(prefixed(f"{path}: " if path else "", message))  # msg() kept

    def at(self, path: str) -> GameFileError:
        """The same error, told about the file."""
        return GameFileError(self.kind, self.message, path=path)


def invalid(table: str, row: Any, field_path: str, message: str) -> GameFileError:
    """An "invalid" error naming the table, the row's id and the field (each as the file
    writes it, in every language)."""
    where = msg("{table} row {row}: {field}: ", table=verbatim(table),
                row=verbatim(repr(row)), field=verbatim(field_path)) if field_path else \
        msg("{table} row {row}: ", table=verbatim(table), row=verbatim(repr(row)))
    return GameFileError("invalid", prefixed(where, message))


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def dumps(value: Any) -> str:
    """Compact JSON that keeps key order (the scenario's round trip depends on it)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


# --------------------------------------------------------------------------- tables


def create_tables(db: sqlite_utils.Database) -> None:
    """The empty schema-1 tables (inside the caller's transaction)."""
    db["meta"].create({"key": str, "value": str}, pk="key", not_null={"value"})
    db["scenario"].create({"key": str, "pos": int, "json": str}, pk="key", not_null={"pos"})
    for name in ROW_TABLES:
        db[name].create({"id": str, "pos": int, "json": str}, pk="id",
                        not_null={"pos", "json"})
    db["game"].create({"key": str, "json": str}, pk="key", not_null={"json"})
    db["log"].create(
        {"seq": int, "kind": str, "turn": int, "actor": str, "action": str, "target": str,
         "dice": str, "summary": str, "details": str, "timestamp": str, "prev": str,
         "chain": str, "mark": str},
        pk="seq", not_null={"kind", "turn", "action", "dice", "summary", "details",
                            "timestamp"},
    )


def create_backdrop_table(db: sqlite_utils.Database) -> None:
    """The table picture's table (inside the caller's transaction)."""
    db["backdrop"].create({"key": str, "json": str, "image": bytes}, pk="key",
                          not_null={"json", "image"})


def add_chain_column(db: sqlite_utils.Database) -> bool:
    """Give a file written before the hash chain its `log.prev` column, the stored rows
    chained as they are, and the `chain` and `mark` columns of the chain's second form
    (inside the caller's transaction). False if it had them all."""
    columns = db["log"].columns_dict
    for name in ("prev", "chain", "mark"):      # in create_tables' order
        if name not in columns:
            db.execute(f"ALTER TABLE log ADD COLUMN {name} TEXT")
    if "prev" in columns:
        return "chain" not in columns or "mark" not in columns
    prev = GENESIS
    for row in db.execute("SELECT * FROM log ORDER BY seq").fetchall():
        names = [c.name for c in db["log"].columns]
        r = dict(zip(names, row, strict=True))
        db.execute("UPDATE log SET prev = ? WHERE seq = ?", (prev, r["seq"]))
        prev = entry_hash(log_entry(r), prev)
    return True


# --------------------------------------------------------------------------- game → rows


def log_row(seq: int, entry: LogEntry, timestamp: str) -> dict:
    return {"seq": seq, "kind": log_kind(entry), "turn": entry.turn, "actor": entry.actor,
            "action": entry.action, "target": entry.target,
            "dice": dumps([r.to_dict() for r in entry.dice]), "summary": entry.summary,
            "details": dumps(entry.stored_details()), "timestamp": timestamp,
            "prev": entry.prev or None,
            "chain": dumps(entry.chain) if entry.chain is not None else None,
            "mark": entry.mark or None}


@dataclass(frozen=True, slots=True)
class GameSnapshot:
    """A game as the rows a save writes, all JSON text (safe to hand to another thread).

    `log` holds the log rows from index `log_start` on (row seq = index + 1); a snapshot
    for a full save starts at 0, an autosave snapshot only carries entries not yet taken.
    """

    top: tuple[tuple[str, str | None], ...]
    terrain: tuple[tuple[str, str], ...]
    units: tuple[tuple[str, str], ...]
    game: tuple[tuple[str, str], ...]
    log_start: int = 0
    log: tuple[dict, ...] = ()
    taken: str = field(default_factory=now_iso)
    #: The hash of the game's last log entry (engine.log_chain), stored in meta.
    log_head: str = GENESIS
    #: An autosave's partial snapshot: every unit id in order, `units` holding only the
    #: units that changed (None: `units` is every unit). `top` / `terrain` empty with
    #: `keep_doc`: the scenario's own rows did not change.
    unit_ids: tuple[str, ...] | None = None
    keep_doc: bool = False
    #: The table picture (engine.backdrop.Backdrop or None); with `keep_backdrop` the
    #: file's is left as it is (a snapshot made without one in mind).
    backdrop: Any = None
    keep_backdrop: bool = True

    @property
    def log_end(self) -> int:
        return self.log_start + len(self.log)

    def game_value(self, key: str) -> Any:
        """A decoded `game` value ("turn", "state" …), e.g. for an on_saved callback."""
        return json.loads(dict(self.game)[key])

    def followed_by(self, later: GameSnapshot) -> GameSnapshot:
        """`later`'s tables with both snapshots' log entries: coalescing never drops a log
        entry. The entries must join up (later.log_start ≤ self.log_end)."""
        return _followed_by(self, later)


def _followed_by(earlier, later):
    """`later` (a GameSnapshot or Capture) carrying `earlier`'s log rows before its own."""
    end = earlier.log_start + len(earlier.log)
    if later.log_start > end:
        raise ValueError(f"snapshot log starts at {later.log_start}, expected ≤ {end}")
    keep = earlier.log[: max(0, later.log_start - earlier.log_start)]
    return dataclasses.replace(later, log_start=min(earlier.log_start, later.log_start),
                               log=(*keep, *later.log))


def snapshot_game(game: Game, log_start: int = 0) -> GameSnapshot:
    """The game as rows; log entries from index `log_start` on."""
    return capture_game(game, log_start).snapshot()


@dataclass(frozen=True, slots=True)
class Capture:
    """The cheap half of a snapshot, taken on the interface's thread (cheap enough not
    to be felt there): the scenario without its units as a fresh document, each unit's plain fields
    (numbers, strings, its frozen base, and a reference to its `extra`, which play never
    changes), every unit's markers and state in one JSON string, the game state and the
    new log rows. `snapshot()` turns it into rows on the writer's thread."""

    doc: dict | None
    units_at: int
    units: tuple[tuple, ...]
    dynamic: str
    game: tuple[tuple[str, str], ...]
    log_start: int
    log: tuple[dict, ...]
    taken: str
    log_head: str = GENESIS
    #: A partial capture (`capture_changes`): every unit id in order, `units` only those
    #: an effect wrote, `doc` None when neither the terrain nor the scenario changed.
    unit_ids: tuple[str, ...] | None = None
    #: The game's table picture (immutable: a reference costs nothing), and whether
    #: this capture is to write it (a partial capture only when an effect changed it).
    backdrop: Any = None
    with_backdrop: bool = True

    @property
    def log_end(self) -> int:
        return self.log_start + len(self.log)

    def followed_by(self, later: Capture) -> Capture:
        """`later` with both captures' log rows (see GameSnapshot.followed_by)."""
        return _followed_by(self, later)

    def unit_rows(self) -> tuple[tuple[str, str], ...]:
        """(id, JSON) of the captured units (built on the writer's thread)."""
        dynamic = json.loads(self.dynamic)
        rebuilt = [Unit(uid, side, profile, x, y, base, facing, turret, name, markers, state,
                        parent, extra)
                   for (uid, side, profile, x, y, base, facing, turret, name, parent, extra),
                   (markers, state) in zip(self.units, dynamic, strict=True)]
        unit_docs = scenario_to_dict(Scenario("-", "-", Table(), units=rebuilt))["units"]
        return tuple((u["id"], dumps(u)) for u in unit_docs)

    def doc_rows(self, has_units: bool) -> tuple[tuple, tuple]:
        """(top rows, terrain rows) of the captured scenario document."""
        assert self.doc is not None
        items = list(self.doc.items())
        if "units" not in self.doc and has_units:
            items.insert(self.units_at, ("units", None))
        top = tuple((k, None if k in ROW_TABLES else dumps(v)) for k, v in items)
        terrain = tuple((p["id"], dumps(p)) for p in self.doc.get("terrain", ()))
        return top, terrain

    def snapshot(self) -> GameSnapshot:
        return merge_captures([self])


def merge_captures(captures: list[Capture]) -> GameSnapshot:
    """One snapshot of captures taken in order (on the writer's thread): the latest
    document, game state and unit order, each unit as last captured, and the log rows of
    all of them. A full capture (unit_ids None) starts afresh."""
    units: dict[str, str] = {}
    full = False
    last_doc: Capture | None = None
    pictured = [c for c in captures if c.with_backdrop]
    log: Capture | GameSnapshot | None = None
    for c in captures:
        if c.unit_ids is None:
            units, full = {}, True
        units.update(c.unit_rows())
        if c.doc is not None:
            last_doc = c
        log = c if log is None else _followed_by(log, c)
    last = captures[-1]
    assert log is not None
    order = last.unit_ids if last.unit_ids is not None else tuple(units)
    if full:
        missing = [u for u in order if u not in units]
        if missing:
            raise ValueError(f"autosave: unit {missing[0]!r} was never captured")
        units = {u: units[u] for u in order}
    top, terrain = last_doc.doc_rows(bool(order)) if last_doc is not None else ((), ())
    return GameSnapshot(top, terrain, tuple(units.items()), last.game, log.log_start,
                        log.log, last.taken, last.log_head,
                        unit_ids=None if full else order, keep_doc=last_doc is None,
                        backdrop=pictured[-1].backdrop if pictured else None,
                        keep_backdrop=not pictured)


def _units_position(doc: dict, scenario: Scenario) -> int:
    """Where scenario_to_dict puts "units" when the source document had no such key (it
    writes it after the source's keys, before the keys the source lacked that follow it
    in canonical order: "groups", "profiles")."""
    order = getattr(scenario.extra, "order", ())
    later = TOP_KEYS[TOP_KEYS.index("units") + 1:]
    keys = list(doc)
    return next((i for i, k in enumerate(keys) if k in later and k not in order), len(keys))


#: Effect path heads (engine.model._write) whose writes a partial capture knows: those
#: that change one unit (named by the path's id), the scenario document's (terrain,
#: groups), and the game state (always captured). A write under any other head (a path a
#: ruleset registers) makes the capture a full one: nothing it changed can be missed.
UNIT_HEADS = ("unit", "units", "table")
DOC_HEADS = ("terrain", "groups")
GAME_HEADS = ("game", "backdrop")


def capture_changes(game: Game, log_start: int, touched: set) -> Capture:
    """A partial capture of what the effects in `touched` (Game.take_touched) wrote: the
    units they name, the unit order, the document only if the terrain or the groups
    changed — a few units' worth of work on the caller's thread whatever the size of the
    table. A head it does not know makes it a full capture."""
    if any(head not in (*UNIT_HEADS, *DOC_HEADS, *GAME_HEADS) for head, _ in touched):
        return capture_game(game, log_start)
    ids = {i for head, i in touched if head in UNIT_HEADS}
    doc_changed = any(head in DOC_HEADS for head, _ in touched)
    everyone = game.all_units()
    chosen = [u for u in everyone if u.id in ids]
    capture = _capture(game, log_start, chosen, doc_changed)
    return dataclasses.replace(capture, unit_ids=tuple(u.id for u in everyone),
                               with_backdrop=any(h == "backdrop" for h, _ in touched))


def capture_game(game: Game, log_start: int = 0) -> Capture:
    """The caller's-thread part of a snapshot (see Capture); log entries from `log_start`."""
    return _capture(game, log_start, game.all_units(), True)


def _capture(game: Game, log_start: int, everyone: list[Unit], with_doc: bool) -> Capture:
    doc = scenario_to_dict(dataclasses.replace(game.scenario, units=[])) if with_doc else None
    fields = tuple((u.id, u.side, u.profile, u.x, u.y, u.base, u.facing, u.turret, u.name,
                    u.parent, u.extra) for u in everyone)
    dynamic = json.dumps([[u.markers, u.state] for u in everyone], allow_nan=False)
    # Game.meta() without its log: the log goes to its own rows, and converting the whole
    # log on every autosave snapshot would cost more than everything else together.
    game_rows = (*((k, dumps(getattr(game, k))) for k in GAME_KEYS),
                 (CHAIN_TAIL, dumps(game.state_recorder.to_json())))
    stamp = now_iso()
    log = game.log
    rows = tuple(log_row(i + 1, log[i], stamp) for i in range(log_start, len(log)))
    return Capture(doc, _units_position(doc, game.scenario) if doc is not None else 0,
                   fields, dynamic, game_rows, log_start, rows, stamp, game.log_head(),
                   backdrop=game.backdrop)


# --------------------------------------------------------------------------- rows → game

_INDEXED = re.compile(r"^(terrain|units)\[(\d+)\](?:\.(.*))?$")


def _json(text: Any, table: str, row: Any, field_name: str) -> Any:
    if not isinstance(text, str):
        raise invalid(table, row, field_name, msg("expected JSON text, got {got}",
                                                  got=repr(text)))
    try:
        return safe_json.loads(text)
    except safe_json.JSONInputError as e:
        if e.decode is not None:
            raise invalid(table, row, field_name, msg("not valid JSON ({why})",
                                                      why=e.decode.msg)) from None
        where = f"{field_name}.{e.field}" if e.field else field_name
        raise invalid(table, row, where, e.message) from None


def scenario_doc(top_rows: list[tuple], piece_rows: dict[str, list[tuple]]) -> dict:
    """The scenario v1 document from the `scenario` rows (key, json) and the row tables'
    rows (id, json) in order; a row whose JSON or id is wrong is "invalid"."""
    doc: dict = {}
    for key, text in top_rows:
        doc[key] = None if key in ROW_TABLES and text is None else \
            _json(text, "scenario", key, "json")
    for table, rows in piece_rows.items():
        objs = []
        for rid, text in rows:
            obj = _json(text, table, rid, "json")
            if not isinstance(obj, dict):
                raise invalid(table, rid, "json", msg("expected an object"))
            if obj.get("id") != rid:
                raise invalid(table, rid, "id", msg("the row's JSON says {got}",
                                                     got=repr(obj.get("id"))))
            objs.append(obj)
        if objs or doc.get(table, ()) is None:
            doc[table] = objs
    return doc


def parse_scenario_rows(doc: dict, ids: dict[str, list[str]]):
    """parse_scenario, its errors told as "<table> row '<id>': <field>: …"."""
    try:
        return parse_scenario(doc)
    except ScenarioError as e:
        message = e.message
        if e.other is not None and e.remake is not None:  # the other field as a row too
            table, row, _ = _row_of(e.other, ids)
            message = e.remake(msg("{table} row {row}", table=verbatim(table),
                                   row=verbatim(repr(row))))
        raise invalid(*_row_of(e.field, ids), message) from None


def _row_of(path: str, ids: dict[str, list[str]]) -> tuple[str, str, str]:
    """(table, row, field) of a scenario path in a game file: "units[3].parent" is the
    units row of that unit; a group is in the scenario row "groups" ("groups[1].id")."""
    m = _INDEXED.match(path)
    if m:
        return m.group(1), ids[m.group(1)][int(m.group(2))], m.group(3) or ""
    key, _, rest = path.partition(".")
    if key.startswith("groups["):
        return "scenario", "groups", path
    return "scenario", key or "format", rest


def game_meta(rows: list[tuple]) -> dict:
    """Game.meta() form from the `game` rows (key, json), values checked by type."""
    meta = {}
    for key, text in rows:
        if key not in GAME_KEYS:
            continue  # a key a later minor revision added: ignored, not refused
        meta[key] = _json(text, "game", key, "json")
    for key in ("active_side", "phase"):
        v = meta.get(key)
        if v is not None and not isinstance(v, str):
            raise invalid("game", key, "json", msg("expected text or null, got {got}",
                                                   got=repr(v)))
    return meta


def log_entry(row: dict) -> LogEntry:
    """A LogEntry from one `log` row; a bad field is "invalid" naming the row's seq."""
    seq = row["seq"]
    if row["kind"] not in LOG_KINDS:
        raise invalid("log", seq, "kind", msg("expected one of {kinds}, got {got}",
                                              kinds=verbatim(", ".join(LOG_KINDS)),
                                              got=repr(row["kind"])))
    turn = row["turn"]
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise invalid("log", seq, "turn", msg("expected a whole number ≥ 1, got {got}",
                                               got=repr(turn)))
    for name in ("actor", "target"):
        if row[name] is not None and not isinstance(row[name], str):
            raise invalid("log", seq, name, msg("expected text or null, got {got}",
                                                 got=repr(row[name])))
    for name in ("action", "summary"):
        if not isinstance(row[name], str):
            raise invalid("log", seq, name, msg("expected text, got {got}",
                                                 got=repr(row[name])))
    dice = _json(row["dice"], "log", seq, "dice")
    if not isinstance(dice, list):
        raise invalid("log", seq, "dice", msg("expected a list of rolls"))
    records = []
    for i, d in enumerate(dice):
        try:
            records.append(RollRecord.from_dict(d))
        except (ValueError, TypeError, AttributeError) as e:
            raise invalid("log", seq, f"dice[{i}]", said(e)) from None
    details = _json(row["details"], "log", seq, "details")
    if not isinstance(details, dict):
        raise invalid("log", seq, "details", msg("expected an object"))
    for name in ("prev", "mark"):
        if row.get(name) is not None and not isinstance(row[name], str):
            raise invalid("log", seq, name, msg("expected a hash (text) or null, got {got}",
                                                 got=repr(row[name])))
    chain = row.get("chain")
    if chain is not None:
        chain = _json(chain, "log", seq, "chain")
        if not isinstance(chain, dict):
            raise invalid("log", seq, "chain", msg("expected an object"))
    summary, details = restored_summary(row["summary"], details)
    return LogEntry(turn, row["actor"], row["action"], row["target"], tuple(records),
                    summary, details, row.get("prev") or "", seq if isinstance(seq, int)
                    else 0, chain, row.get("mark") or "")


def build_game(doc: dict, ids: dict[str, list[str]], meta: dict,
               log: list[LogEntry], tail: Any = None) -> Game:
    scenario = parse_scenario_rows(doc, ids)
    try:
        game = Game.from_meta(scenario, meta)
    except ModelError as e:
        head, _, rest = str(e).partition(": ")
        key = head.removeprefix("game.")
        text = said(e)                      # "game.turn: " + a message: the message kept
        rest = text.params.get("text", rest) if getattr(text, "template", "") == \
            "{prefix}{text}" else rest
        raise invalid("game", key, "json", rest) from None
    for entry in log:
        game.append_log(entry, stored=True)
    game.state_recorder = StateRecorder.from_json(tail)
    return game
