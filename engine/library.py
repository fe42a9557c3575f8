"""The unit library: factions, profiles, weapons and vehicles per ruleset, in one SQLite file.

It lives in the user's data folder (platformdirs.user_data_dir("warboard")/library.sqlite;
tests pass a path) and is seeded from resources/ the first time it is opened. The app's
seed changes with its versions, and the user's own work must survive that:

- every row has an `origin`: "seed" (as shipped, untouched), "edited" (a seed row the user
  changed), or "user" (the user's own, made here or imported);
- each ruleset's seed has a version (a hash of its contents, kept in `meta`); when the
  shipped seed differs from the one the file was seeded with, seed rows the user has not
  edited are replaced (or removed when the new seed drops them), new seed rows are added,
  and "edited" and "user" rows are kept as they are — a seed row whose id a user row
  already holds is not added. Seed rows the user deleted are remembered (`tombstones`)
  and not brought back.

Every write is validated first (SchemaError naming the field, e.g. "profiles.rifleman.
accuracy: expected a whole number 0–10, got 'x'") and then made in one transaction, so a
refused write or import leaves the file as it was.

Tables: meta(key, value); factions(ruleset, id, name, origin); entries(ruleset, kind, id,
faction, name, data JSON, origin, seed_version, updated); tombstones(ruleset, kind, id);
rosters(name, ruleset, data JSON, updated) — the latter used by engine.roster.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine import library_file
from engine.faction_file import (
    FACTION_FORMAT,
    FACTION_VERSION,
    MAX_IMPORT_BYTES,
    parse_faction,
    read_faction_file,
)
from engine.gamefile_open import write_failure
from engine.i18n import join, msg, prefixed, said
from engine.library_file import (
    LIBRARY_APPLICATION_ID,
    SCHEMA_VERSION,
    LibraryError,
    default_path,
)
from engine.library_schema import Kind, LibrarySpec, all_specs, check_id, get_spec
from engine.options import SchemaError

__all__ = ["Library", "Entry", "Faction", "SeedReport", "ImportReport", "LibraryError",
           "default_path", "FACTION_FORMAT", "FACTION_VERSION", "SCHEMA_VERSION",
           "MAX_IMPORT_BYTES", "ORIGINS", "kind_of", "LIBRARY_APPLICATION_ID"]

ORIGINS = ("seed", "edited", "user")


@dataclass(frozen=True, slots=True)
class Faction:
    ruleset: str
    id: str
    name: str
    origin: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One record of the library: `data` is the validated record (defaults filled in)."""

    ruleset: str
    kind: str
    id: str
    faction: str
    name: str
    data: dict
    origin: str
    seed_version: str | None = None

    @property
    def where(self) -> str:
        return f"{get_spec(self.ruleset).kind(self.kind).table}.{self.id}"


@dataclass(slots=True)
class SeedReport:
    """What seeding changed, per ruleset: ids added, replaced, removed, and seed ids left
    alone because the user's row (edited or own) holds them."""

    version: dict[str, str] = field(default_factory=dict)
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ImportReport:
    ruleset: str
    faction: str
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)


def _dumps(value: Any) -> str:
    """Stored JSON keeps the record's key order (a card lists its crew in order)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _digest(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Library:
    """The library file, open. Use as a context manager or call `close()`.

    `specs` are the rulesets it holds (default: every registered ruleset); `seed=False`
    opens without seeding (to inspect a file as it is).
    """

    def __init__(self, path: str | Path | None = None, *,
                 specs: list[LibrarySpec] | None = None, seed: bool = True) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.is_dir():
            raise LibraryError(msg("{path}: is a folder, not a library file", path=str(self.path)))
        try:
            self.db = library_file.connect(self.path)
        except sqlite3.Error as e:
            raise LibraryError(msg("{path}: cannot open the library file ({why})",
                                   path=str(self.path), why=str(e))) from None
        self._specs = {s.ruleset: s for s in (specs if specs is not None else all_specs())}
        try:
            self._create()
        except sqlite3.DatabaseError as e:
            self.db.close()
            raise LibraryError(msg("{path}: not a usable library file (SQLite says {why})",
                                   path=str(self.path), why=str(e))) from None
        except LibraryError:
            self.db.close()
            raise
        self.last_seed = self.seed() if seed else SeedReport()

    # ---- lifetime

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction: all of it is saved, or none of it."""
        conn = self.db.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            if not conn.in_transaction:     # SQLite ended it on an error someone swallowed
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            conn.execute("COMMIT")
        except (sqlite3.OperationalError, sqlite3.IntegrityError, OSError) as e:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise LibraryError(msg("{path}: not saved: {why}. The library is as it was.",
                                   path=str(self.path), why=write_failure(e))) from None

    def _create(self) -> None:
        library_file.check_file(self.db, self.path)
        with self.transaction():
            library_file.create_tables(self.db)
            self._set_meta("schema_version", str(SCHEMA_VERSION))
            library_file.stamp(self.db)

    def _meta(self, key: str) -> str | None:
        return library_file.meta_value(self.db, key)

    def _set_meta(self, key: str, value: str) -> None:
        self.db.table("meta").upsert({"key": key, "value": value}, pk="key")

    # ---- specs

    def spec(self, ruleset: str) -> LibrarySpec:
        try:
            return self._specs[ruleset]
        except KeyError:
            known = ", ".join(sorted(self._specs)) or "none"
            raise LibraryError(msg("ruleset: the library holds no ruleset {ruleset} (known: "
                                   "{known})", ruleset=repr(ruleset), known=known)) from None

    def rulesets(self) -> list[LibrarySpec]:
        return [self._specs[k] for k in sorted(self._specs)]

    # ---- seeding

    def seed(self) -> SeedReport:
        """Bring every ruleset's seed rows up to the shipped seed (see the module doc)."""
        report = SeedReport()
        for spec in self.rulesets():
            self._seed_one(spec, report)
        return report

    def _seed_one(self, spec: LibrarySpec, report: SeedReport) -> None:
        seed = spec.seed()
        rows = {}
        for e in seed.entries:
            kind = spec.kind(e.kind)
            where = f"{spec.ruleset} seed: {kind.table}.{e.id}"
            rows[(kind.id, e.id)] = (e.faction, kind.validate(e.record, where))
        version = _digest({"factions": dict(seed.factions),
                           "entries": [[k, i, f, r] for (k, i), (f, r) in sorted(rows.items())]})
        report.version[spec.ruleset] = version
        if self._meta(f"seed:{spec.ruleset}") == version:
            return
        r = spec.ruleset
        with self.transaction():
            for fid, name in seed.factions.items():
                cur = self._faction_row(r, fid)
                if cur is None or cur["origin"] == "seed":
                    self.db.table("factions").upsert(
                        {"ruleset": r, "id": fid, "name": name, "origin": "seed"},
                        pk=("ruleset", "id"))
            gone = {(row["kind"], row["id"]) for row in self.db.table("tombstones").rows_where(
                "ruleset = ?", [r])}
            existing = {(row["kind"], row["id"]): row for row in self.db.table("entries")
                        .rows_where("ruleset = ?", [r])}
            for key, row in existing.items():
                if row["origin"] == "seed" and key not in rows:
                    self.db.execute("DELETE FROM entries WHERE ruleset=? AND kind=? AND id=?",
                                    [r, *key])
                    report.removed.append(f"{r}:{key[1]}")
            for (kind, rid), (faction, rec) in rows.items():
                row = existing.get((kind, rid))
                if (kind, rid) in gone:
                    continue
                if row is not None and row["origin"] != "seed":
                    report.kept.append(f"{r}:{rid}")
                    continue
                if row is not None and row["data"] == _dumps(rec) and row["faction"] == faction:
                    self.db.execute("UPDATE entries SET seed_version=? WHERE ruleset=? AND "
                                    "kind=? AND id=?", [version, r, kind, rid])
                    continue
                self._write_entry(r, kind, rid, faction, rec, "seed", version)
                (report.replaced if row is not None else report.added).append(f"{r}:{rid}")
            self._set_meta(f"seed:{r}", version)

    # ---- reading

    def _faction_row(self, ruleset: str, fid: str) -> dict | None:
        rows = list(self.db.table("factions").rows_where("ruleset = ? AND id = ?",
                                                         [ruleset, fid]))
        return rows[0] if rows else None

    def factions(self, ruleset: str) -> list[Faction]:
        self.spec(ruleset)
        return [Faction(r["ruleset"], r["id"], r["name"], r["origin"]) for r in
                self.db.table("factions").rows_where("ruleset = ?", [ruleset], order_by="name")]

    def faction(self, ruleset: str, fid: str) -> Faction:
        row = self._faction_row(ruleset, fid)
        if row is None:
            raise LibraryError(msg("faction: no faction {faction} in {ruleset}",
                                   faction=repr(fid), ruleset=ruleset))
        return Faction(row["ruleset"], row["id"], row["name"], row["origin"])

    @staticmethod
    def _entry(row: Mapping[str, Any]) -> Entry:
        return Entry(row["ruleset"], row["kind"], row["id"], row["faction"], row["name"] or "",
                     json.loads(row["data"]), row["origin"], row["seed_version"])

    def entries(self, ruleset: str, kind: str | None = None, *, faction: str | None = None,
                search: str | None = None) -> list[Entry]:
        """Records of a ruleset, optionally of one kind / faction; `search` matches id or
        name (case-insensitive substring). Sorted by name, then id."""
        spec = self.spec(ruleset)
        where, params = ["ruleset = ?"], [ruleset]
        if kind is not None:
            where.append("kind = ?")
            params.append(spec.kind(kind).id)
        if faction is not None:
            where.append("faction = ?")
            params.append(faction)
        if search:
            where.append("(lower(id) LIKE ? ESCAPE '\\' OR lower(name) LIKE ? ESCAPE '\\')")
            pat = "%" + search.lower().replace("\\", "\\\\").replace("%", "\\%") \
                .replace("_", "\\_") + "%"
            params += [pat, pat]
        rows = self.db.table("entries").rows_where(" AND ".join(where), params,
                                                   order_by="lower(name), id")
        return [self._entry(r) for r in rows]

    def get(self, ruleset: str, kind: str, rid: str) -> Entry:
        spec = self.spec(ruleset)
        k = spec.kind(kind)
        rows = list(self.db.table("entries").rows_where(
            "ruleset = ? AND kind = ? AND id = ?", [ruleset, k.id, rid]))
        if not rows:
            raise LibraryError(prefixed(f"{k.table}.{rid}: ", msg(
                "no such {kind} in the {ruleset} library", kind=k.id, ruleset=ruleset)))
        return self._entry(rows[0])

    def find(self, ruleset: str, rid: str, *, unit_only: bool = True) -> Entry | None:
        """The record `rid` of any unit kind (of any kind with unit_only=False); ids written
        with "-" and "_" interchangeably match ("light-tank" finds "light_tank")."""
        spec = self.spec(ruleset)
        kinds = [k.id for k in (spec.unit_kinds if unit_only else spec.kinds)]
        for candidate in dict.fromkeys((rid, rid.replace("-", "_"), rid.replace("_", "-"))):
            for k in kinds:
                rows = list(self.db.table("entries").rows_where(
                    "ruleset = ? AND kind = ? AND id = ?", [ruleset, k, candidate]))
                if rows:
                    return self._entry(rows[0])
        return None

    # ---- validation

    def validate(self, ruleset: str, kind: str, rid: str, data: Any, *,
                 pending: Mapping[tuple[str, str], Any] | None = None) -> dict:
        """`data` as it would be stored: checked by the kind's schema and cross-field
        checks, and every id it refers to must exist (in the library or in `pending`,
        records being written in the same transaction). SchemaError names the field."""
        spec = self.spec(ruleset)
        k = spec.kind(kind)
        where = f"{k.table}.{rid}"
        check_id(rid, f"{k.table}[{rid!r}].id")
        rec = k.validate(data, where)
        for fname, target in k.refs.items():
            tk = spec.kind(target)
            for i, ref in enumerate(rec.get(fname) or ()):
                if pending and (tk.id, ref) in pending:
                    continue
                if not self._exists(ruleset, tk.id, ref):
                    raise SchemaError(prefixed(f"{where}.{fname}[{i}]: ", msg(
                        "no {kind} {ref} in the {ruleset} library", kind=tk.id, ref=repr(ref),
                        ruleset=ruleset)))
        return rec

    def _exists(self, ruleset: str, kind: str, rid: str) -> bool:
        return self.db.execute("SELECT 1 FROM entries WHERE ruleset=? AND kind=? AND id=?",
                               [ruleset, kind, rid]).fetchone() is not None

    # ---- writing

    def _write_entry(self, ruleset: str, kind: str, rid: str, faction: str, rec: dict,
                     origin: str, seed_version: str | None) -> None:
        self.db.table("entries").upsert(
            {"ruleset": ruleset, "kind": kind, "id": rid, "faction": faction,
             "name": str(rec.get("name") or ""), "data": _dumps(rec), "origin": origin,
             "seed_version": seed_version, "updated": _now()},
            pk=("ruleset", "kind", "id"))

    def _check_faction(self, ruleset: str, faction: str) -> None:
        if self._faction_row(ruleset, faction) is None:
            raise SchemaError(msg("faction: no faction {faction} in {ruleset} (add it first)",
                                  faction=repr(faction), ruleset=ruleset))

    def save(self, ruleset: str, kind: str, rid: str, data: Any, *,
             faction: str | None = None, new: bool = False) -> Entry:
        """Create or update a record. Validated first; nothing is written on error.
        Editing a seed row makes it "edited" (kept by upgrades); `new=True` refuses an id
        already taken."""
        k = self.spec(ruleset).kind(kind)
        rec = self.validate(ruleset, k.id, rid, data)
        old = self._try_get(ruleset, k.id, rid)
        if new and old is not None:
            raise LibraryError(prefixed(f"{k.table}.{rid}: ",
                                        msg("the id is taken (choose another)")))
        fac = faction if faction is not None else (old.faction if old else None)
        if fac is None:
            raise SchemaError(prefixed(f"{k.table}.{rid}.faction: ",
                                       msg("required for a new record")))
        self._check_faction(ruleset, fac)
        if old is not None and old.data == json.loads(_dumps(rec)) and old.faction == fac:
            return old
        origin = "user" if old is None else ("edited" if old.origin == "seed" else old.origin)
        with self.transaction():
            self._write_entry(ruleset, k.id, rid, fac, rec, origin,
                              old.seed_version if old else None)
            self.db.execute("DELETE FROM tombstones WHERE ruleset=? AND kind=? AND id=?",
                            [ruleset, k.id, rid])
        return self.get(ruleset, k.id, rid)

    def _try_get(self, ruleset: str, kind: str, rid: str) -> Entry | None:
        try:
            return self.get(ruleset, kind, rid)
        except LibraryError:
            return None

    def duplicate(self, ruleset: str, kind: str, rid: str, new_id: str, *,
                  name: str | None = None, faction: str | None = None) -> Entry:
        """A user copy of a record under `new_id` (name "<name> (copy)" unless given)."""
        src = self.get(ruleset, kind, rid)
        data = dict(src.data)
        if "name" in data:
            data["name"] = name if name is not None else f"{data['name']} (copy)"
        return self.save(ruleset, kind, new_id, data, faction=faction or src.faction, new=True)

    def referrers(self, ruleset: str, kind: str, rid: str) -> list[str]:
        """Records that name `rid` in a reference field ("profiles.sergeant.weapons")."""
        spec = self.spec(ruleset)
        k = spec.kind(kind)
        out = []
        for other in spec.kinds:
            for fname, target in other.refs.items():
                if target != k.id:
                    continue
                for e in self.entries(ruleset, other.id):
                    if rid in (e.data.get(fname) or ()):
                        out.append(f"{other.table}.{e.id}.{fname}")
        return out

    def delete(self, ruleset: str, kind: str, rid: str) -> None:
        """Remove a record; refused while another record names it. A deleted seed record
        is not brought back by later upgrades."""
        e = self.get(ruleset, kind, rid)
        refs = self.referrers(ruleset, e.kind, rid)
        if refs:
            raise LibraryError(prefixed(f"{e.where}: ",
                                        msg("still used by {refs}", refs=", ".join(refs))))
        with self.transaction():
            self.db.execute("DELETE FROM entries WHERE ruleset=? AND kind=? AND id=?",
                            [ruleset, e.kind, rid])
            if e.origin in ("seed", "edited"):
                self.db.table("tombstones").upsert({"ruleset": ruleset, "kind": e.kind,
                                                    "id": rid}, pk=("ruleset", "kind", "id"))

    def save_faction(self, ruleset: str, fid: str, name: str) -> Faction:
        self.spec(ruleset)
        check_id(fid, "faction.id")
        if not isinstance(name, str) or not name.strip():
            raise SchemaError(prefixed(f"factions.{fid}.name: ",
                                       msg("expected {what}, got {got}", what=msg("text"),
                                           got=repr(name))))
        cur = self._faction_row(ruleset, fid)
        origin = "user" if cur is None else ("edited" if cur["origin"] == "seed"
                                             else cur["origin"])
        with self.transaction():
            self.db.table("factions").upsert({"ruleset": ruleset, "id": fid,
                                              "name": name.strip(), "origin": origin},
                                             pk=("ruleset", "id"))
        return self.faction(ruleset, fid)

    def delete_faction(self, ruleset: str, fid: str) -> None:
        self.faction(ruleset, fid)
        n = self.db.execute("SELECT count(*) FROM entries WHERE ruleset=? AND faction=?",
                            [ruleset, fid]).fetchone()[0]
        if n:
            raise LibraryError(prefixed(f"factions.{fid}: ", msg(
                "still holds {n} records (move or delete them first)", n=n)))
        with self.transaction():
            self.db.execute("DELETE FROM factions WHERE ruleset=? AND id=?", [ruleset, fid])

    # ---- faction files

    def export_faction(self, ruleset: str, fid: str) -> dict:
        """A faction as a self-contained JSON object: its records, plus the records of other
        factions they refer to (under "requires"), so an import on another machine resolves."""
        spec = self.spec(ruleset)
        fac = self.faction(ruleset, fid)
        own = self.entries(ruleset, faction=fid)
        out: dict[str, Any] = {"format": FACTION_FORMAT, "version": FACTION_VERSION,
                               "ruleset": ruleset, "faction": {"id": fac.id, "name": fac.name}}
        for k in spec.kinds:
            out[k.table] = {e.id: e.data for e in own if e.kind == k.id}
        required: dict[str, dict] = {}
        have = {(e.kind, e.id) for e in own}
        for e in own:
            for fname, target in spec.kind(e.kind).refs.items():
                tk = spec.kind(target)
                for ref in e.data.get(fname) or ():
                    if (tk.id, ref) not in have:
                        dep = self.get(ruleset, tk.id, ref)
                        required.setdefault(tk.table, {})[ref] = dep.data
        if required:
            out["requires"] = required
        return out

    def export_faction_json(self, ruleset: str, fid: str) -> str:
        return json.dumps(self.export_faction(ruleset, fid), ensure_ascii=False, indent=2) + "\n"

    def import_faction(self, source: str | bytes | Mapping[str, Any], *,
                       replace: bool = False) -> ImportReport:
        """Import a faction file (JSON text or the parsed object). Its records become the
        user's ("user" origin). An id already in the library with other contents is refused
        unless `replace`; "requires" records are added only when missing. All or nothing."""
        data = parse_faction(source)
        ruleset = data.get("ruleset")
        if not isinstance(ruleset, str):
            raise SchemaError(msg("ruleset: expected a ruleset id, got {got}",
                                  got=repr(ruleset)))
        spec = self.spec(ruleset)
        fac = data.get("faction")
        if not isinstance(fac, Mapping):
            raise SchemaError(msg('faction: expected {{"id": …, "name": …}}'))
        fid = check_id(fac.get("id"), "faction.id")
        fname = fac.get("name")
        if not isinstance(fname, str) or not fname.strip():
            raise SchemaError(prefixed("faction.name: ",
                                       msg("expected {what}, got {got}", what=msg("text"),
                                           got=repr(fname))))
        tables = {k.table: k for k in spec.kinds}
        known = {"format", "version", "ruleset", "faction", "requires", *tables}
        for key in data:
            if key not in known:
                raise SchemaError(prefixed(f"{key}: ", msg(
                    "unknown key (known: {known})", known=", ".join(sorted(known)))))
        requires = data.get("requires") or {}
        if not isinstance(requires, Mapping):
            raise SchemaError(msg("requires: expected an object of tables"))
        # collect, then validate everything against library + pending
        pending: dict[tuple[str, str], tuple[str, Any, bool]] = {}
        for section, is_req in ((data, False), (requires, True)):
            for table, records in section.items():
                if table not in tables:
                    if is_req:
                        raise SchemaError(prefixed(f"requires.{table}: ",
                                                   msg("unknown table")))
                    continue
                if not isinstance(records, Mapping):
                    raise SchemaError(prefixed(f"{table}: ",
                                               msg("expected an object of records by id")))
                for rid, rec in records.items():
                    check_id(rid, f"{table}[{rid!r}].id")
                    key = (tables[table].id, rid)
                    if key not in pending:
                        pending[key] = (table, rec, is_req)
        report = ImportReport(ruleset, fid)
        checked: list[tuple[str, str, dict, bool]] = []
        for (kind, rid), (_, rec, is_req) in pending.items():
            clean = self.validate(ruleset, kind, rid, rec, pending=pending)
            checked.append((kind, rid, clean, is_req))
        writes = []
        for kind, rid, clean, is_req in checked:
            old = self._try_get(ruleset, kind, rid)
            where = f"{spec.kind(kind).table}.{rid}"
            if old is not None and old.data == json.loads(_dumps(clean)):
                report.unchanged.append(where)
                continue
            if old is not None and is_req:
                report.unchanged.append(where)  # keep the library's own version
                continue
            if old is not None and not replace:
                raise LibraryError(prefixed(f"{where}: ", msg(
                    "the library already has a different record with this id (import with "
                    "replace, or rename it in the file)")))
            (report.replaced if old is not None else report.added).append(where)
            writes.append((kind, rid, clean, fid if not is_req else (
                old.faction if old else fid)))
        with self.transaction():
            cur = self._faction_row(ruleset, fid)
            if cur is None:
                self.db.table("factions").insert({"ruleset": ruleset, "id": fid,
                                                  "name": fname.strip(), "origin": "user"})
            for kind, rid, clean, faction in writes:
                self._write_entry(ruleset, kind, rid, faction, clean, "user", None)
                self.db.execute("DELETE FROM tombstones WHERE ruleset=? AND kind=? AND id=?",
                                [ruleset, kind, rid])
        return report

    def import_faction_file(self, path: str | os.PathLike, *,
                            replace: bool = False) -> ImportReport:
        """`import_faction` of a file, its size checked before a byte is read."""
        return self.import_faction(read_faction_file(path), replace=replace)



def kind_of(spec: LibrarySpec, record: Mapping[str, Any], where: str) -> tuple[Kind, dict]:
    """The first unit kind whose checks accept `record` (a scenario's own profile, which
    carries no kind), with the record validated; SchemaError lists why each refused."""
    errors = []
    for k in spec.unit_kinds:
        try:
            return k, k.validate(record, where)
        except SchemaError as e:
            errors.append(msg("as a {kind}: {error}", kind=k.id, error=said(e)))
    raise SchemaError(prefixed(f"{where}: ", msg("not a profile of {ruleset} ({errors})",
                                                 ruleset=spec.ruleset,
                                                 errors=join("; ", errors))))
