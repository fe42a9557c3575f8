"""Civil War company numbers as data: schemas and loaders for
resources/rulesets/civil-war-company/ (ruleset.toml, modifiers.toml, profiles.toml,
guns.toml).

Every number lives in a TOML file and is validated on load, so a typo is reported with its
file and field. Numbers that are ours rather than the seed's are named in `proposed` lists
(ruleset.toml's "section.key" names, a profile's field names) so the app can show them as
PROPOSED.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.i18n import msg
from engine.options import BASE, Field, Modifier, Schema, SchemaError
from engine.rulesets.registry import check_proposed_names, load_data

__all__ = ["RULESET_ID", "PROFILE", "GUN", "MODIFIER", "RULES", "TRAITS", "QUALITIES",
           "GUN_CLASSES", "KINDS", "TRAIT", "rules", "profiles", "guns", "traits", "load_traits",
           "labels_ru", "glossary_ru",
           "check_labels_ru",
           "modifier_table",
           "modifier", "rule_number", "is_proposed", "load_profiles", "load_rules",
           "check_kind"]

RULESET_ID = "civil-war-company"
PACKAGE = "resources.rulesets"

#: Keywords of a company card (§3.1); formations and cavalry are state / arm, not traits.
TRAITS = ("specialist", "skirmisher", "partisan", "storm", "mob")
QUALITIES = ("poor", "normal", "good")
GUN_CLASSES = ("light", "medium", "field", "heavy")
KINDS = ("company", "machine_gun", "battery")

_NAMES = Field("list", required=False, default=(), items=Field("str"))
_TEXT = Field("str", required=False, default="")
_TEST = Field("int", required=False, minimum=2, maximum=12, doc="2d6 ≤ value")

#: One profile: a company card, a machine gun / tachanka, or a battery (§3.1–3.3).
PROFILE: Schema = {
    "kind": Field("str", choices=KINDS),
    "name": Field("str"),
    "name_ru": Field("str"),
    "faction": _TEXT,
    "faction_ru": _TEXT,
    "arm": Field("str", required=False, default="infantry", choices=("infantry", "cavalry")),
    "platoons": Field("int", required=False, default=1, minimum=1, maximum=6),
    "fire": Field("int", required=False, minimum=1, maximum=6, doc="d6 ≤ FIRE to hit"),
    "serious": _TEST,
    "fear": _TEST,
    "rally": _TEST,
    "traits": Field("list", required=False, default=(), items=Field("str", choices=TRAITS)),
    "move_in": Field("float", required=False, minimum=0),
    "range_in": Field("float", required=False, minimum=1),
    "crew_quality": Field("str", required=False, choices=QUALITIES),
    "supply": Field("str", required=False, default="normal", choices=("normal", "poor")),
    "gun_class": Field("str", required=False, choices=GUN_CLASSES),
    "gun_shield": Field("bool", required=False, default=False),
    "mortar": Field("bool", required=False, default=False),
    "vehicle": Field("bool", required=False, default=False,
                     doc="техника: only MGs at short range and artillery damage it (§4.8-4, "
                         "§8-9); its cover roll takes 'target armoured −1'"),
    "base": BASE,
    "proposed": _NAMES,
    "note": _TEXT,
}

GUN: Schema = {
    "name": Field("str"),
    "name_ru": Field("str"),
    "calibre_mm": Field("int", minimum=1),
    "range_in": Field("float", minimum=1),
    "proposed": _NAMES,
}

#: A company keyword (§3.1): its names and the result modifier fire at it takes.
TRAIT: Schema = {
    "name": Field("str"),
    "name_ru": Field("str"),
    "modifier": Field("str", doc="a key of modifiers.toml"),
    "when": Field("str"),
    "when_ru": Field("str"),
}

MODIFIER: Schema = {
    "value": Field("int", minimum=-10, maximum=10),
    "label": Field("str"),
    "label_ru": Field("str"),
    "reason": Field("str"),
}


def _n(kind: str, lo: float, hi: float | None = None) -> Field:
    return Field(kind, minimum=lo, maximum=hi)


RULES: Schema = {
    "metres_per_inch": _n("float", 0.01),
    "proposed": _NAMES,
    "tests": Field("dict", fields={
        "dice": _n("int", 1, 3), "officer_bonus": _n("int", 0, 6),
        "officer_death_face": _n("int", 1, 6), "rally_default": _n("int", 2, 12)}),
    "fire": Field("dict", fields={
        "result_base": _n("int", 1, 6), "cover_base": _n("int", 1, 6),
        "terror_every": _n("int", 1, 10)}),
    "retreat": Field("dict", fields={
        "step_in": _n("float", 0.1), "blocked_step_in": _n("float", 0.1),
        "sample_in": _n("float", 0.01, 1)}),
    "machine_gun": Field("dict", fields={
        "dice": _n("int", 1, 20), "close_in": _n("float", 0), "fire_poor": _n("int", 1, 6),
        "fire_normal": _n("int", 1, 6), "fire_good": _n("int", 1, 6)}),
    "artillery": Field("dict", fields={
        "accuracy_poor": _n("int", 0, 6), "accuracy_normal": _n("int", 0, 6),
        "accuracy_good": _n("int", 0, 6), "aimed_template_in": _n("float", 0.5),
        "area_template_in": _n("float", 0.5), "direct_fire_in": _n("float", 0),
        "per_distance_in": _n("float", 1), "ranged_in_from_shot": _n("int", 1, 20),
        "ranged_in_radius_in": _n("float", 0), "heavy_result_dice": _n("int", 1, 3)}),
    "ammunition": Field("dict", fields={
        "normal": _n("int", 1, 99),
        "poor_battery": Field("str", choices=("d6", "d6+d3")),
        "poor_machine_gun": Field("str", choices=("d6", "d6+d3"))}),
    "rout": Field("dict", fields={"move": Field("str", choices=("full",))}),
    "turn": Field("dict", doc="engine.turns.from_table reads it"),
}


def _check_proposed(records: Mapping[str, Mapping[str, Any]], schema: Schema,
                    where: str) -> None:
    for rid, rec in records.items():
        for i, name in enumerate(rec.get("proposed") or ()):
            if name not in schema or name in ("proposed", "note"):
                raise SchemaError(f"{where}: {rid}.proposed[{i}]: {name!r} is not a field")


def check_kind(rec: Mapping[str, Any], where: str) -> None:
    """A record must carry the fields its kind needs (a company its FIRE, a battery its
    class), so a card cannot silently lack a number the rules read; `where` names the
    record ("civil-war-company/profiles.toml: profiles.unr-infantry")."""
    need = {"company": ("fire", "serious", "fear", "move_in", "range_in"),
            "machine_gun": ("crew_quality", "serious", "range_in"),
            "battery": ("crew_quality", "gun_class", "serious")}[rec["kind"]]
    for name in need:
        if rec.get(name) is None:
            raise SchemaError(f"{where}.{name}: required for a "
                              f"{rec['kind'].replace('_', ' ')}")


def load_profiles(package: str = PACKAGE) -> dict[str, dict]:
    data = load_data(RULESET_ID, "profiles.toml", schema=PROFILE, table="profiles",
                     package=package)
    where = f"{RULESET_ID}/profiles.toml"
    _check_proposed(data, PROFILE, where)
    for pid, rec in data.items():
        check_kind(rec, f"{where}: profiles.{pid}")
    return data


def load_rules(package: str = PACKAGE) -> dict[str, Any]:
    data = load_data(RULESET_ID, "ruleset.toml", schema=RULES, package=package)
    return check_proposed_names(data, f"{RULESET_ID}/ruleset.toml")


@cache
def rules() -> dict[str, Any]:
    return load_rules()


@cache
def profiles() -> dict[str, dict]:
    return load_profiles()


@cache
def guns() -> dict[str, dict]:
    data = load_data(RULESET_ID, "guns.toml", schema=GUN, table="guns", package=PACKAGE)
    _check_proposed(data, GUN, f"{RULESET_ID}/guns.toml")
    missing = [c for c in GUN_CLASSES if c not in data]
    if missing:
        raise SchemaError(f"{RULESET_ID}/guns.toml: guns.{missing[0]}: required")
    return data


@cache
def labels_ru() -> dict[str, dict[str, str]]:
    """The Russian labels of labels_ru.toml: "actions" (by action id), "action_options"
    ("action.option") and "options" (the ruleset options). `check_labels_ru` checks
    them against the ruleset."""
    where = f"{RULESET_ID}/labels_ru.toml"
    table = Field("dict", required=False, default={})
    data = load_data(RULESET_ID, "labels_ru.toml", schema={
        "actions": table, "action_options": table, "options": table}, package=PACKAGE)
    for section, names in data.items():
        for key, text in names.items():
            if not isinstance(text, str) or not text.strip():
                raise SchemaError(f"{where}: {section}.{key}: expected a Russian label")
    return data


def check_labels_ru(actions, options, labels: Mapping[str, Mapping[str, str]] | None = None
                    ) -> None:
    """Every action, action option and ruleset option has its Russian label, and no label
    names one that does not exist (labels_ru.toml)."""
    where = f"{RULESET_ID}/labels_ru.toml"
    labels = labels_ru() if labels is None else labels
    want = {"actions": {a.id for a in actions},
            "action_options": {f"{a.id}.{o.id}" for a in actions for o in a.options},
            "options": {o.id for o in options}}
    for section, ids in want.items():
        have = set(labels.get(section) or {})
        missing, unknown = sorted(ids - have), sorted(have - ids)
        if missing:
            raise SchemaError(f"{where}: {section}.{missing[0]}: required (a Russian label)")
        if unknown:
            raise SchemaError(f"{where}: {section}.{unknown[0]}: no such "
                              f"{section.rstrip('s').replace('_', ' ')}")


def glossary_ru(actions, options) -> dict[str, str]:
    """English → Russian of the words the data already translates, for the ruleset's
    glossary (engine.i18n.register_glossary): the modifiers' labels (modifiers.toml), the
    keywords (traits.toml), the gun classes (guns.toml), the profiles' sides
    (profiles.toml), and the labels of the actions (also by id),
    their options and the ruleset options (labels_ru.toml)."""
    out = {m["label"]: m["label_ru"] for m in modifier_table().values()}
    out.update({t["name"]: t["name_ru"] for t in traits().values()})
    out.update({t["when"]: t["when_ru"] for t in traits().values()})
    out.update({g["name"]: g["name_ru"] for g in guns().values()})
    out.update({p["faction"]: p["faction_ru"] for p in profiles().values()
                if p.get("faction") and p.get("faction_ru")})
    labels = labels_ru()
    out.update({o.label: labels["options"][o.id] for o in options})
    out.update({o.label: labels["action_options"][f"{a.id}.{o.id}"]
                for a in actions for o in a.options})
    out.update({a.label: labels["actions"][a.id] for a in actions})
    # an action's id where a text names the action by it (why_not: "artillery_fire
    # applies to batteries only") reads as its label
    out.update({a.id: labels["actions"][a.id] for a in actions})
    return out


@cache
def traits() -> dict[str, dict]:
    return load_traits()


def load_traits(package: str = PACKAGE) -> dict[str, dict]:
    """The keywords of traits.toml, each naming a modifier of modifiers.toml; every
    keyword a profile may carry (TRAITS) must be there."""
    where = f"{RULESET_ID}/traits.toml"
    data = load_data(RULESET_ID, "traits.toml", schema=TRAIT, table="traits", package=package)
    for tid, rec in data.items():
        if tid not in TRAITS:
            raise SchemaError(f"{where}: traits.{tid}: not a keyword ({', '.join(TRAITS)})")
        if rec["modifier"] not in modifier_table():
            raise SchemaError(f"{where}: traits.{tid}.modifier: no modifier "
                              f"{rec['modifier']!r} in modifiers.toml")
    missing = [t for t in TRAITS if t not in data]
    if missing:
        raise SchemaError(f"{where}: traits.{missing[0]}: required")
    return data


@cache
def modifier_table() -> dict[str, dict]:
    return load_data(RULESET_ID, "modifiers.toml", schema=MODIFIER, table="modifiers",
                     package=PACKAGE)


def modifier(key: str, *, value: int | None = None, note: str = "",
             proposed: bool = False) -> Modifier:
    """The Modifier of modifiers.toml `key` ("hit_long_range"), shown with its reason;
    `value` overrides the number (−1 per 18" counted several times)."""
    try:
        m = modifier_table()[key]
    except KeyError:
        raise KeyError(f"{RULESET_ID}/modifiers.toml: no modifier {key!r}") from None
    reason = msg("{reason}; {note}", reason=m["reason"], note=note) if note else m["reason"]
    return Modifier(m["label"], m["value"] if value is None else value, reason, proposed)


def rule_number(name: str) -> Any:
    """A number of ruleset.toml by "section.key"."""
    section, _, key = name.partition(".")
    return rules()[section][key] if key else rules()[section]


def is_proposed(name: str) -> bool:
    return name in rules()["proposed"]


def label_ru(key: str) -> str:
    """The Russian original of modifiers.toml `key`."""
    return modifier_table()[key]["label_ru"]
