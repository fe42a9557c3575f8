"""Where rulesets and their data are found.

Rulesets are discovered, not listed: every module in engine/rulesets/ (other than base
and registry) that defines a module attribute `RULESET` is one. A new ruleset therefore
needs no edit here. Tests may `register` a toy ruleset and `unregister` it afterwards.

Ruleset numbers are data: `load_data(ruleset_id, "weapons.toml")` reads
resources/rulesets/<id>/<file> through importlib.resources (TOML via tomllib, or JSON),
refuses oversized files, and validates with a schema from engine.options so a bad value
is reported with its file and field.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import tomllib
from pathlib import Path
from typing import Any

from engine.options import Schema, SchemaError, validate_record, validate_table
from engine.protocol import Ruleset

__all__ = ["get_ruleset", "list_rulesets", "register", "unregister", "load_data", "parse_data",
           "MAX_DATA_BYTES", "RulesetNotFound", "data_file", "house", "house_errors",
           "reload_house", "python_ids"]

#: Data files larger than this are refused (design.md: imports have size limits).
MAX_DATA_BYTES = 2_000_000
_SKIP = {"base", "registry"}

_registered: dict[str, Ruleset] = {}
_discovered: dict[str, Ruleset] | None = None
_house: Any = None


class RulesetNotFound(KeyError):
    """No ruleset with that id."""

    def __str__(self) -> str:
        return str(self.args[0])


def _discover() -> dict[str, Ruleset]:
    global _discovered
    if _discovered is None:
        import engine.rulesets as pkg

        found: dict[str, Ruleset] = {}
        for info in pkgutil.iter_modules(pkg.__path__):
            if info.name in _SKIP or info.name.startswith("_"):
                continue
            module = importlib.import_module(f"engine.rulesets.{info.name}")
            rs = getattr(module, "RULESET", None)
            if isinstance(rs, Ruleset):
                if rs.id in found:
                    raise SchemaError(f"ruleset id {rs.id!r} is declared twice "
                                      f"(engine.rulesets.{info.name})")
                found[rs.id] = rs
        _discovered = found
    return _discovered


def register(ruleset: Ruleset) -> None:
    """Make `ruleset` available by id (tests, plug-ins); replaces one with the same id."""
    _registered[ruleset.id] = ruleset


def unregister(ruleset_id: str) -> None:
    _registered.pop(ruleset_id, None)


def python_ids() -> set[str]:
    """The ids the Python rulesets take (their package names, "_" read as "-"), known
    without importing them."""
    import engine.rulesets as pkg

    return {info.name.replace("_", "-") for info in pkgutil.iter_modules(pkg.__path__)
            if info.name not in _SKIP and not info.name.startswith("_")}


def house() -> Any:
    """The house rulesets written as data (engine.house.discover.HouseRulesets), read the
    first time one is asked for."""
    global _house
    if _house is None:
        from engine.house.discover import load_house

        _house = load_house(python_ids())
    return _house


def house_errors() -> list[str]:
    """Why each house ruleset that did not load was refused (file, line, field)."""
    return list(house().errors)


def reload_house() -> Any:
    """Read the house rulesets again (after their files changed): games that look their
    ruleset up by id get the new rules. A ruleset whose folder no longer reads keeps its
    last good rules (its problem is in `house_errors`), so an open game goes on. Returns
    the new HouseRulesets."""
    global _house
    from engine.i18n import glossary

    before = _house
    _house = None
    glossary.cache_clear()
    now = house()
    if before is not None:
        for rid, folder in before.folders.items():
            failed = any(e.startswith(str(folder)) for e in now.errors)
            if rid not in now.rulesets and failed:
                now.rulesets[rid] = before.rulesets[rid]
                now.folders[rid] = folder
    return now


def _all() -> dict[str, Ruleset]:
    return {**_discover(), **house().rulesets, **_registered}


def _own_package(ruleset_id: str) -> Ruleset | None:
    """The ruleset declared by the package named after `ruleset_id` (its hyphens as
    underscores: "my-rules" is engine.rulesets.my_rules), imported alone: a command on
    one table loads one ruleset, not all of them. None when no such package declares
    that id."""
    name = ruleset_id.replace("-", "_")
    if _discovered is not None or not name.isidentifier() or name in _SKIP \
            or name.startswith("_"):
        return None
    try:
        module = importlib.import_module(f"engine.rulesets.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"engine.rulesets.{name}":
            raise
        return None
    rs = getattr(module, "RULESET", None)
    return rs if isinstance(rs, Ruleset) and rs.id == ruleset_id else None


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with this id, or RulesetNotFound listing the known ids."""
    if ruleset_id in _registered:
        return _registered[ruleset_id]
    own = _own_package(ruleset_id) if isinstance(ruleset_id, str) else None
    if own is not None:
        return own
    if isinstance(ruleset_id, str) and ruleset_id in house().rulesets:
        return house().rulesets[ruleset_id]
    rulesets = _all()
    try:
        return rulesets[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(rulesets)) or "none"
        raise RulesetNotFound(f"ruleset: no ruleset {ruleset_id!r} (known: {known})") from None


def list_rulesets() -> list[Ruleset]:
    """All rulesets, sorted by id."""
    return [rs for _, rs in sorted(_all().items())]


# --------------------------------------------------------------------------- data files


def data_file(package: str, ruleset_id: str, filename: str) -> Any:
    """Where <package>/<ruleset_id>/<filename> is: in the package's folder when it has one
    holding the file (read as a plain path: importlib.resources' readers cost a command
    more than the file does), else wherever importlib.resources finds it (a zip, a
    bundle)."""
    spec = importlib.import_module(package).__spec__
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        path = Path(folder, ruleset_id, filename)
        if path.is_file():
            return path
    from importlib import resources

    return resources.files(package).joinpath(ruleset_id, filename)


def _read_text(ruleset_id: str, filename: str, package: str) -> str:
    if "/" in filename or "\\" in filename or filename.startswith("."):
        raise SchemaError(f"{ruleset_id}/{filename}: a plain file name is expected")
    path = data_file(package, ruleset_id, filename)
    if not path.is_file():
        raise SchemaError(f"{ruleset_id}/{filename}: no such ruleset data file")
    raw = path.read_bytes()
    if len(raw) > MAX_DATA_BYTES:
        raise SchemaError(f"{ruleset_id}/{filename}: {len(raw)} bytes is over the "
                          f"{MAX_DATA_BYTES}-byte limit")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SchemaError(f"{ruleset_id}/{filename}: not UTF-8 text ({e.reason} at byte "
                          f"{e.start})") from None


def parse_data(text: str, filename: str) -> dict[str, Any]:
    """TOML or JSON text (by the file's extension) as a dict."""
    try:
        if filename.endswith(".toml"):
            return tomllib.loads(text)
        if filename.endswith(".json"):
            data = json.loads(text)
            if not isinstance(data, dict):
                raise SchemaError(f"{filename}: expected a JSON object at the top")
            return data
    except tomllib.TOMLDecodeError as e:
        raise SchemaError(f"{filename}: bad TOML: {e}") from None
    except json.JSONDecodeError as e:
        raise SchemaError(f"{filename}: bad JSON at line {e.lineno}: {e.msg}") from None
    raise SchemaError(f"{filename}: expected a .toml or .json file")


def load_data(ruleset_id: str, filename: str, *, schema: Schema | None = None,
              table: str | None = None, allow_extra: bool = False,
              package: str = "resources.rulesets") -> dict[str, Any]:
    """Read resources/rulesets/<ruleset_id>/<filename> and validate it.

    - no schema: the parsed dict as is;
    - `schema` and no `table`: the whole file is one record;
    - `schema` and `table="weapons"`: the file's [weapons.<id>] entries are records
      (returned as {id: record}); other top-level keys are refused unless allow_extra.
    Errors read "<id>/weapons.toml: weapons.<weapon>.<field>: expected …".
    `package` is where the <id>/ folders live (tests point it at a temporary package).
    """
    text = _read_text(ruleset_id, filename, package)
    data = parse_data(text, f"{ruleset_id}/{filename}")
    if schema is None:
        return data
    where = f"{ruleset_id}/{filename}"
    try:
        if table is None:
            return validate_record(data, schema, "", allow_extra=allow_extra)
        if table not in data:
            raise SchemaError(f"{table}: required")
        extra = [k for k in data if k != table]
        if extra and not allow_extra:
            raise SchemaError(f"{extra[0]}: unknown top-level key (expected {table!r})")
        return validate_table(data[table], schema, table, allow_extra=allow_extra)
    except SchemaError as e:
        raise SchemaError(f"{where}: {e}") from None


def check_proposed_names(data: dict[str, Any], where: str) -> dict[str, Any]:
    """A ruleset.toml's `proposed` list names numbers of the file ("section.key" or a
    top-level key): a PROPOSED mark that names nothing is a typo that would hide the mark."""
    for i, name in enumerate(data["proposed"]):
        section, _, key = name.partition(".")
        if not (isinstance(data.get(section), dict) and key in data[section]) \
                and name not in data:
            raise SchemaError(f"{where}: proposed[{i}]: {name!r} names no number in the "
                              "file")
    return data
