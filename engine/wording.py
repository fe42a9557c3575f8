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

from engine.i18n import Text, msg
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


#: two-letter words that are words, not abbreviations ("in_cover" → "in cover")
SMALL_WORDS = frozenset({"in", "at", "on", "of", "to", "by", "or", "up", "is", "no", "as"})


def words(key: str) -> str:
    """"ap_left" → "AP left", "turn_log" → "turn log", "hp" → "HP", "in_cover" →
    "in cover"; a message (a Text) is kept whole, to be translated whole."""
    if isinstance(key, Text):
        return key
    parts = [p for p in re.split(r"[_\s]+", str(key)) if p]
    return " ".join(p.upper() if len(p) <= 2 and p.isalpha() and p not in SMALL_WORDS
                    else p for p in parts)


def distance(value: float, digits: int = 1) -> str:
    """A measured distance as players read it: rounded to `digits` decimals, no trailing
    zeros (51.8365 → "51.8", 12.0 → "12"); the unit is the caller's."""
    return f"{round(float(value), digits):g}"


def value_words(value: Any) -> str | None:
    """A value as a player reads it; None for bookkeeping (a dict, a list) not worth
    printing."""
    if isinstance(value, bool):
        return msg("yes") if value else msg("no")
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return value.replace("_", " ").replace("-", " ") if _ID.fullmatch(value) else value
    return None


def _set(who: str, key: str, value: Any, cleared: str = "cleared") -> Text:
    if value is None:
        return (msg("{who}: {key} removed", who=who, key=words(key)) if cleared == "removed"
                else msg("{who}: {key} cleared", who=who, key=words(key)))
    if value is True:
        return msg("{who}: {key}", who=who, key=words(key))
    shown = value_words(value)
    if shown is None:
        return msg("{who}: {key} updated", who=who, key=words(key))
    return msg("{who}: {key} = {value}", who=who, key=words(key), value=shown)


def _delta(d: int | float) -> str:
    return f"{d:+g}"


def _count(who: str, key: str, d: int | float, mx: int | None) -> Text:
    if mx is None:
        return msg("{who}: {key} {delta}", who=who, key=words(key), delta=_delta(d))
    return msg("{who}: {key} {delta} (max {max})", who=who, key=words(key), delta=_delta(d),
               max=mx)


#: The fields of an effect's own message (its describe()) that hold a unit's or group's id.
ID_FIELDS = ("unit", "group", "member", "whose")


def _named(text: Text, names: Mapping[str, str]) -> Text:
    """`text` with the ids in its ID_FIELDS (at any depth) replaced by names."""
    def field(k: str, v: Any) -> Any:
        if isinstance(v, Text):
            return _named(v, names)
        return names.get(v, v) if k in ID_FIELDS and isinstance(v, str) else v

    return msg(text.template, **{k: field(k, v) for k, v in text.params.items()})


def effect_words(effect: Effect, names: Mapping[str, str]) -> str:
    """One effect in words; `names` maps unit and group ids to their names."""
    def name(i: str) -> str:
        return names.get(i, i)

    match effect:
        case SetMarker(unit=u, marker=m, value=v):
            return _set(name(u), m, v, "removed")
        case AddMarker(unit=u, marker=m, delta=d, maximum=mx):
            return _count(name(u), m, d, mx)
        case SetState(unit=u, key=k, value=v):
            return _set(name(u), k, names.get(v, v) if isinstance(v, str) else v)
        case AdjustState(unit=u, key=k, delta=d):
            return _count(name(u), k, d, None)
        case MoveUnit(unit=u, x=x, y=y, facing=f):
            if f is None:
                return msg("{who}: moves to ({x}, {y})", who=name(u), x=f"{x:.1f}",
                           y=f"{y:.1f}")
            return msg("{who}: moves to ({x}, {y}), facing {facing}°", who=name(u),
                       x=f"{x:.1f}", y=f"{y:.1f}", facing=f"{f:.0f}")
        case RemoveUnit(unit=u, reason=r):
            return msg("{who}: removed ({reason})", who=name(u), reason=words(r))
        case SetGame(key=k, value=v) | SetGameState(key=k, value=v):
            return _set(msg("game"), k, v)
        case SetGroupState(group=g, key=k, value=v):
            return _set(name(g), k, v)
        case AddGroupMarker(group=g, marker=m, delta=d, maximum=mx):
            return _count(name(g), m, d, mx)
    text = effect.describe()
    if isinstance(text, Text):      # an effect's own message: its ids become names
        return _named(text, names)
    head, sep, rest = text.partition(": ")
    return f"{name(head)}{sep}{rest}" if sep else text


def change_words(change: Change, names: Mapping[str, str]) -> list[str]:
    """Every effect of `change` in words, in order (messages: `localized` shows them in
    the reader's language)."""
    return [effect_words(e, names) for e in change.effects]
