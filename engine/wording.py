"""Effects in words for the players (the Effects line of a resolution, in the panel and in
forum posts): units and groups by their names, keys as words ("ap_left" → "AP left"),
bookkeeping values (a turn's record, a list of ids) not printed as Python data, numbers
rounded. `Change.describe()` stays the exact, id-based record the roll log keeps.

Generic: it knows the engine's effect kinds, never a ruleset's keys; a key is made readable
by rule (underscores to spaces, words of one or two letters — hp, ap, te — in capitals)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.model import (
    AddGroupMarker,
    AddMarker,
    AdjustState,
    Change,
    Effect,
    MoveUnit,
    RemoveUnit,
    SetGame,
    SetGameState,
    SetGroupState,
    SetMarker,
    SetState,
)

_ID = re.compile(r"[A-Za-z0-9][\w.-]*")


def words(key: str) -> str:
    """"ap_left" → "AP left", "turn_log" → "turn log", "hp" → "HP"."""
    parts = [p for p in re.split(r"[_\s]+", str(key)) if p]
    return " ".join(p.upper() if len(p) <= 2 and p.isalpha() else p for p in parts)


def distance(value: float, digits: int = 1) -> str:
    """A measured distance as players read it: rounded to `digits` decimals, no trailing
    zeros (51.8365 → "51.8", 12.0 → "12"); the unit is the caller's."""
    return f"{round(float(value), digits):g}"


def value_words(value: Any) -> str | None:
    """A value as a player reads it; None for bookkeeping (a dict, a list) not worth
    printing."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return value.replace("_", " ").replace("-", " ") if _ID.fullmatch(value) else value
    return None


def _set(who: str, key: str, value: Any, cleared: str = "cleared") -> str:
    if value is None:
        return f"{who}: {words(key)} {cleared}"
    if value is True:
        return f"{who}: {words(key)}"
    shown = value_words(value)
    if shown is None:
        return f"{who}: {words(key)} updated"
    return f"{who}: {words(key)} = {shown}"


def _delta(d: int | float) -> str:
    return f"{d:+g}"


def effect_words(effect: Effect, names: Mapping[str, str]) -> str:
    """One effect in words; `names` maps unit and group ids to their names."""
    def name(i: str) -> str:
        return names.get(i, i)

    match effect:
        case SetMarker(unit=u, marker=m, value=v):
            return _set(name(u), m, v, "removed")
        case AddMarker(unit=u, marker=m, delta=d, maximum=mx):
            cap = f" (max {mx})" if mx is not None else ""
            return f"{name(u)}: {words(m)} {_delta(d)}{cap}"
        case SetState(unit=u, key=k, value=v):
            return _set(name(u), k, v)
        case AdjustState(unit=u, key=k, delta=d):
            return f"{name(u)}: {words(k)} {_delta(d)}"
        case MoveUnit(unit=u, x=x, y=y, facing=f):
            turn = f", facing {f:.0f}°" if f is not None else ""
            return f"{name(u)}: moves to ({x:.1f}, {y:.1f}){turn}"
        case RemoveUnit(unit=u, reason=r):
            return f"{name(u)}: removed ({words(r)})"
        case SetGame(key=k, value=v) | SetGameState(key=k, value=v):
            return _set("game", k, v)
        case SetGroupState(group=g, key=k, value=v):
            return _set(name(g), k, v)
        case AddGroupMarker(group=g, marker=m, delta=d, maximum=mx):
            cap = f" (max {mx})" if mx is not None else ""
            return f"{name(g)}: {words(m)} {_delta(d)}{cap}"
    text = effect.describe()
    head, sep, rest = text.partition(": ")
    return f"{name(head)}{sep}{rest}" if sep else text


def change_words(change: Change, names: Mapping[str, str]) -> list[str]:
    """Every effect of `change` in words, in order."""
    return [effect_words(e, names) for e in change.effects]
