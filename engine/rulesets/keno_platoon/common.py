"""What a Keno unit is, read from the game: quality die, commander level, morale, comms,
movement class — the unit's state first (what happened in the battle), then its profile
(scenario profiles, then profiles.toml)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.dice import Die, die
from engine.i18n import Text, msg
from engine.scenario import Scenario, Unit

from . import data

__all__ = ["profile_of", "value", "quality_die", "level", "morale", "is_android",
           "has_means", "move_class_of", "figures", "label_level", "label_morale"]


def profile_of(scenario: Scenario | None, unit: Unit) -> Mapping[str, Any]:
    own = (scenario.profiles or {}) if scenario is not None else {}
    rec = own.get(unit.profile) or data.profiles().get(unit.profile)
    return rec or {}


def value(scenario: Scenario | None, unit: Unit, key: str, default: Any = None) -> Any:
    if key in unit.state:
        return unit.state[key]
    return profile_of(scenario, unit).get(key, default)


def quality_die(scenario: Scenario | None, unit: Unit) -> Die:
    q = value(scenario, unit, "quality")
    if q is None:
        raise ValueError(f"{unit.label}: quality: no quality die in its state or profile")
    return die(q)


def level(scenario: Scenario | None, unit: Unit) -> int:
    lv = value(scenario, unit, "level")
    if isinstance(lv, bool) or not isinstance(lv, int) or not 1 <= lv <= 3:
        raise ValueError(f"{unit.label}: level: expected a commander level 1–3, got {lv!r}")
    return lv


def morale(scenario: Scenario | None, unit: Unit) -> str:
    m = value(scenario, unit, "morale", data.morale_ladder()[0])
    if m not in data.morale_ladder():
        raise ValueError(f"{unit.label}: morale: expected one of "
                         f"{', '.join(data.morale_ladder())}, got {m!r}")
    return m


def is_android(scenario: Scenario | None, unit: Unit) -> bool:
    return bool(value(scenario, unit, "android", False))


def has_means(scenario: Scenario | None, unit: Unit) -> bool:
    """A radio, or a phone the commander sits at (§4.4-4, §4.A-12)."""
    comms = value(scenario, unit, "comms", "none")
    return comms == "radio" or (comms == "phone" and bool(value(scenario, unit, "at_phone")))


def move_class_of(scenario: Scenario | None, unit: Unit) -> str:
    return str(value(scenario, unit, "move_class", "infantry"))


def figures(scenario: Scenario | None, unit: Unit) -> int:
    return int(value(scenario, unit, "figures", 1))


def label_level(lv: int) -> str:
    n = data.rules()["levels"]["names"][str(lv)]
    return msg("{level} ({name})", level=lv, name=n)     # the record: its name_ru too


def label_morale(state: str, *, lower: bool = False) -> Text:
    """A morale state's name ("Shaken"; `lower`: "shaken", a flag in a list) as a message
    whose Russian is the record's own name_ru, the rules' term (потрясённые (По))."""
    rec = data.rules()["morale"]["names"][state]
    name = rec["name"].lower() if lower else rec["name"]
    return msg("{morale}", morale={"name": name, "name_ru": rec.get("name_ru") or name})
