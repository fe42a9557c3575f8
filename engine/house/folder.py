"""A whole house ruleset from its folder: rules.toml (the ruleset, its turn, readings,
stats, formulas, numbers and actions), profiles.toml and weapons.toml (the unit and weapon
library, checked against the declared stats), glossary_ru.toml (its Russian words).
The result is a protocol Ruleset like the five written in Python."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.dice import DiceError, die
from engine.house.expr import ExprError, Where
from engine.house.fields import Table
from engine.house.pack import PACK_KEYS, Pack, read_pack
from engine.house.source import read_source
from engine.house.spec import StatSpec
from engine.i18n import GlossaryError, register_glossary, register_sides
from engine.options import Field, Option, Schema, SchemaError
from engine.protocol import (
    BadgeLook,
    CoverTerm,
    ProfileKeys,
    Ruleset,
    Term,
    Vocabulary,
)
from engine.turns import TurnError, from_table

__all__ = ["RULES_FILE", "load_folder", "is_house_folder"]

RULES_FILE = "rules.toml"
_RULESET_KEYS = ("ruleset", "turn", "cover", "options", "cards")
_GENERIC_COVER = {0: "no cover", 1: "light cover", 2: "medium cover", 3: "heavy cover",
                  4: "fortification"}
_FIELD_TYPE = {"int": "int", "number": "float", "die": "die", "choice": "str",
               "bool": "bool", "text": "str"}


def is_house_folder(folder: Path) -> bool:
    return (folder / RULES_FILE).is_file()


def _options(top: Table) -> tuple[Option, ...]:
    table = top.table("options")
    if table is None:
        return ()
    out = []
    for oid in table.data:
        t = table.table(oid)
        assert t is not None
        kind = t.choice("type", ("int", "bool", "choice", "float"))
        out.append(Option(oid, t.get("label", str, required=True), kind,
                          t.get("default", (int, float, bool, str), required=True),
                          tuple(t.get("choices", list, [])), t.get("min", (int, float)),
                          t.get("max", (int, float)), t.get("reason", str, ""),
                          t.get("proposed", bool, False), t.get("help", str, ""),
                          label_ru=t.get("label_ru", str, "")))
        t.done()
    table.done()
    return tuple(out)


def _cover(top: Table) -> dict[int, CoverTerm]:
    table = top.table("cover")
    out = {lvl: CoverTerm(term, lvl, proposed=True, reason="the generic scale")
           for lvl, term in _GENERIC_COVER.items()}
    if table is None:
        return out
    for key in table.data:
        if key not in {str(k) for k in out}:
            raise ExprError(table.at(key), "expected a cover level 0–4")
        t = table.table(key)
        assert t is not None
        out[int(key)] = CoverTerm(t.get("term", str, required=True),
                                  t.get("value", int, int(key)),
                                  proposed=t.get("proposed", bool, False),
                                  reason=t.get("reason", str, ""))
        t.done()
    table.done()
    return out


def _field(spec: StatSpec) -> Field:
    return Field(_FIELD_TYPE[spec.type], required=spec.default is None, default=spec.default,  # type: ignore[arg-type]
                 minimum=spec.minimum, maximum=spec.maximum,
                 choices=tuple(spec.choices), doc=spec.label)


def _profile_schema(stats: Mapping[str, StatSpec]) -> Schema:
    schema: dict[str, Field] = {
        "name": Field("str"), "name_ru": Field("str", required=False, default=""),
        "kind": Field("str", required=False, default="profile"),
        "base": Field("dict", required=False, default=None),
        "vehicle": Field("bool", required=False, default=False),
        "proposed": Field("list", required=False, default=(), items=Field("str")),
        "weapons": Field("list", required=False, default=(), items=Field("str")),
        "note": Field("str", required=False, default=""),
    }
    schema.update({name: _field(s) for name, s in stats.items()})
    return schema


def _library(folder: Path, filename: str, table: str, schema: Schema
             ) -> dict[str, dict[str, Any]]:
    from engine.options import validate_table

    path = folder / filename
    if not path.is_file():
        return {}
    source = read_source(path)
    extra = [k for k in source.data if k != table]
    if extra:
        raise SchemaError(f"{source.where(extra[0])}: unknown top-level table (expected "
                          f"[{table}.<id>])")
    try:
        return validate_table(source.data.get(table, {}), schema, table)
    except SchemaError as e:
        field_path = str(e).split(":")[0]
        raise SchemaError(f"{source.where(field_path).file}:"
                          f"{source.where(field_path).line or '?'}: {e}") from None


def _glossary(folder: Path, ruleset_id: str) -> dict[str, dict[str, str]]:
    """glossary_ru.toml's [terms] and [messages] (English → Russian) and the [sides]
    tables of glossary_ru.toml and glossary_en.toml (side id → its name), which it
    returns by language."""
    sides: dict[str, dict[str, str]] = {}
    for lang in ("ru", "en"):
        path = folder / f"glossary_{lang}.toml"
        if not path.is_file():
            continue
        source = read_source(path)
        entries: dict[str, str] = {}
        for section in source.data:
            table = source.data[section]
            if section not in ("terms", "messages", "sides") or lang == "en" and \
                    section != "sides":
                raise SchemaError(f"{source.where(section)}: unknown table (expected "
                                  "[terms], [messages] or [sides])")
            if not isinstance(table, dict) or not all(isinstance(v, str)
                                                      for v in table.values()):
                raise SchemaError(f"{source.where(section)}: expected texts "
                                  "(English = translation)")
            if section == "sides":
                register_sides(lang, table, ruleset_id)
                sides[lang] = dict(table)
            else:
                entries.update(table)
        try:
            if entries:
                register_glossary(lang, entries, ruleset_id)
        except GlossaryError as e:
            raise SchemaError(f"{path.name}: {e}") from None
    return sides


def _vocabulary(pack: Pack, stats: Mapping[str, StatSpec],
                sides: Mapping[str, Mapping[str, str]]) -> Vocabulary:
    markers = []
    for key, m in pack.markers.items():
        badge = BadgeLook(m["badge"], m["colour"], m["counted"], 50, m["label_ru"]) \
            if m["badge"] else None
        markers.append(Term(key, m["label"], badge))
    en, ru = sides.get("en", {}), sides.get("ru", {})
    words = tuple((side, en.get(side, side.replace("_", " ").capitalize()), ru.get(side, ""))
                  for side in dict.fromkeys([*en, *ru]))
    return Vocabulary(markers=tuple(markers), unit_state=tuple(Term(s) for s in stats),
                      side_words=words,
                      profile=ProfileKeys(base="base", vehicle="vehicle",
                                          proposed="proposed"))


def _head(top: Table) -> dict[str, Any]:
    t = top.table("ruleset", required=True)
    assert t is not None
    head = {"id": t.get("id", str, required=True), "name": t.get("name", str, required=True),
            "name_ru": t.get("name_ru", str, ""), "doc": t.get("doc", str, ""),
            "dice": t.get("dice", list, ["d6"]),
            "metres_per_inch": t.get("metres_per_inch", float, 1.0),
            "distance_unit": t.choice("distance_unit", ("in", "m", "step"), "in"),
            "measure": t.choice("measure", ("edge", "centre"), "edge")}
    t.done()
    rid = head["id"]
    if not rid.replace("-", "").isalnum() or rid != rid.lower():
        raise ExprError(t.at("id"), f"{rid!r}: an id is lower-case letters, digits and -")
    try:
        head["dice"] = tuple(die(d) for d in head["dice"])
    except (DiceError, ValueError, TypeError) as e:
        raise ExprError(t.at("dice"), str(e)) from None
    if head["metres_per_inch"] <= 0:
        raise ExprError(t.at("metres_per_inch"), "expected a number > 0")
    return head


def load_folder(folder: Path) -> Ruleset:
    """The Ruleset a house-rules folder declares; SchemaError naming file, line and field."""
    source = read_source(folder / RULES_FILE)
    top = Table(source, "", source.data)
    head = _head(top)
    options = _options(top)
    cover = _cover(top)
    turn = None
    if top.has("turn"):
        try:
            turn = from_table(top.get("turn", dict), f"{RULES_FILE}: turn")
        except TurnError as e:
            raise SchemaError(f"{source.where('turn')}: {e}") from None
    cards = top.get("cards", dict, {})
    pack = read_pack(top, rule_ids={o.id for o in options}, extra=_RULESET_KEYS)
    for key in source.data:
        if key not in PACK_KEYS + _RULESET_KEYS:
            raise ExprError(top.at(key), "unknown table")
    stats = pack.rules.stats
    profiles = _library(folder, "profiles.toml", "profiles", _profile_schema(stats))
    weapon_schema = {"name": Field("str"), "name_ru": Field("str", required=False,
                                                            default=""),
                     **{n: _field(s) for n, s in pack.rules.weapon_stats.items()}}
    weapons = _library(folder, "weapons.toml", "weapons", weapon_schema)
    sides = _glossary(folder, head["id"])
    from engine.house.cards import StatCard

    kinds = {str(p.get("kind", "profile")) for p in profiles.values()} or {"profile"}
    try:
        return Ruleset(
            id=head["id"], name=head["name"], dice=head["dice"],
            metres_per_inch=head["metres_per_inch"], distance_unit=head["distance_unit"],
            cover=cover, actions=pack.actions, options=options,
            profile_fields={k: _profile_schema(stats) for k in kinds},
            profiles=profiles, weapons=weapons, measure=head["measure"], doc=head["doc"],
            turn_structure=turn, name_ru=head["name_ru"],
            cards={k: StatCard(stats, cards, weapons, pack.rules.weapon_stats)
                   for k in kinds},
            vocabulary=_vocabulary(pack, stats, sides))
    except SchemaError as e:
        raise SchemaError(f"{Where(RULES_FILE, None, '')}{e}") from None
