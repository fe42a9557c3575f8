"""Effects in words for the players (the Effects line of a resolution, in the panel and in
forum posts): units and groups by their names, each named once with what happened to it
("Pfc. Dawson: 1 wound, suppressed (+1)"), a change to a ruleset's marker or state key as
that ruleset words it (its vocabulary's `Said`, with its Russian), the turn's own keys in
the engine's words ("1 AP spent"), bookkeeping (the turn's ledger, an aim's record) left
to the log, numbers rounded. `Change.describe()` stays the exact, id-based record the roll
log keeps.

Generic: it knows the engine's effect kinds and the turn's own keys, never a ruleset's; a
key no ruleset words is made readable by rule (underscores to spaces, words of one or two
letters — hp, ap, te — in capitals)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.i18n import Text, join, msg
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
from engine.protocol.vocabulary import Said

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


#: The fields of an effect's own message (its describe()) that hold a unit's or group's id.
ID_FIELDS = ("unit", "group", "member", "whose")


def _named(text: Text, names: Mapping[str, str]) -> Text:
    """`text` with the ids in its ID_FIELDS (at any depth) replaced by names."""
    def field(k: str, v: Any) -> Any:
        if isinstance(v, Text):
            return _named(v, names)
        return names.get(v, v) if k in ID_FIELDS and isinstance(v, str) else v

    return msg(text.template, **{k: field(k, v) for k, v in text.params.items()})


# --------------------------------------------------------------------------- declared words

#: The turn's own count keys (engine.turns, engine.costs) and how a change to each reads.
_SPENT = {"ap_left": "{n} AP spent", "actions_left": "{n} {n|action|actions|actions} used"}
_GIVEN = {"ap_left": "{n} AP back", "actions_left": "{n} {n|action|actions|actions} back"}
_SET = {"ap_left": "{value} AP left", "actions_left": "{value} {value|action|actions|actions} "
        "left", "ap_spent": "{value} AP spent this turn"}


@cache
def _declared(ruleset: str | None) -> Mapping[str, Said]:
    """Key → its wording: `ruleset`'s (an unknown ruleset: none), or with None every
    discovered ruleset's (the first to word a key)."""
    from engine.protocol.vocabulary import said_terms
    from engine.rulesets.registry import get_ruleset, list_rulesets

    if ruleset is None:
        return said_terms(rs.vocabulary for rs in list_rulesets())
    try:
        return said_terms([get_ruleset(ruleset).vocabulary])
    except (KeyError, ValueError):
        return {}


def _own(en: str, ru: str, **params: Any) -> Text:
    """A message in a ruleset's declared words: English `en`, with its Russian `ru`
    carried along (`localized` says it before any glossary's)."""
    text = msg(en, **params)
    text.own = {"ru": ru}
    return text


def _name(key: str, said: Said | None) -> str:
    return _own(said.name, said.name_ru) if said is not None and said.name else words(key)


def _value(value: Any, said: Said | None, names: Mapping[str, Any]) -> Any:
    """A value set, as words: the wording's own, a unit's or group's name, or the rule's
    (None: bookkeeping)."""
    if isinstance(value, str):
        for v, en, ru in (said.values if said is not None else ()):
            if v == value:
                return _own(en, ru)
        if value in names:
            return names[value]
    return value_words(value)


def _count(key: str, d: int | float, mx: int | None, said: Said | None) -> Text:
    """A count raised or lowered by `d`."""
    n = abs(d)
    if said is None and key in _SPENT:
        return msg(_SPENT[key] if d < 0 else _GIVEN[key], n=n)
    if said is not None and (said.up if d > 0 else said.down):
        return _own(said.up, said.up_ru, n=n) if d > 0 else _own(said.down, said.down_ru, n=n)
    if mx is not None:
        return msg("{key} {delta} (max {max})", key=_name(key, said), delta=f"{d:+g}", max=mx)
    return msg("{key} {delta}", key=_name(key, said), delta=f"{d:+g}")


def _set(key: str, value: Any, said: Said | None, names: Mapping[str, Any],
         removed: bool = False) -> Text | None:
    """A key set to `value` (None or False: cleared); None when it is bookkeeping."""
    if said is not None and said.hidden:
        return None
    if value is None or value is False:
        if said is not None and said.off:
            return _own(said.off, said.off_ru)
        return (msg("{key} removed", key=_name(key, said)) if removed
                else msg("{key} cleared", key=_name(key, said)))
    if said is None and key in _SET and isinstance(value, int | float):
        return msg(_SET[key], value=value)
    shown = _value(value, said, names)
    if said is not None and said.on:
        return _own(said.on, said.on_ru, value=shown if shown is not None else "")
    if value is True:
        return msg("{key}", key=_name(key, said))
    if shown is None:
        return msg("{key} updated", key=_name(key, said))
    return msg("{key} {value}", key=_name(key, said), value=shown)


def _game(key: str, value: Any, names: Mapping[str, Any]) -> Text | None:
    """A turn-level field set (the turn, the side acting, the phase); the ruleset's game
    state (an initiative's record, the ledger) is bookkeeping."""
    if key == "turn":
        return msg("turn {turn} begins", turn=value)
    if key == "active_side":
        return msg("{side} to act", side=names.get(value, value)) if value else None
    if key in ("activation_order", "sides") and isinstance(value, list):
        return msg("order: {order}", order=join(", ", [names.get(v, v) for v in value]))
    if key == "phase" and isinstance(value, str):
        return msg("phase: {phase}", phase=words(value))
    return None


def _phrase(effect: Effect, names: Mapping[str, Any],
            said: Mapping[str, Said]) -> tuple[str | None, Text | None] | None:
    """(whose, what happened to it) for an effect the engine knows — (who, None) when it
    is bookkeeping — or None for one that words itself (its describe())."""
    match effect:
        case SetMarker(unit=u, marker=m, value=v):
            return u, _set(m, v, said.get(m), names, removed=True)
        case AddMarker(unit=u, marker=m, delta=d, maximum=mx) | \
                AddGroupMarker(group=u, marker=m, delta=d, maximum=mx):
            s = said.get(m)
            return u, None if s is not None and s.hidden else _count(m, d, mx, s)
        case SetState(unit=u, key=k, value=v) | SetGroupState(group=u, key=k, value=v):
            return u, _set(k, v, said.get(k), names)
        case AdjustState(unit=u, key=k, delta=d):
            s = said.get(k)
            return u, None if s is not None and s.hidden else _count(k, d, None, s)
        case MoveUnit(unit=u, x=x, y=y, facing=f):
            if f is None:
                return u, msg("moves to ({x}, {y})", x=distance(x), y=distance(y))
            return u, msg("moves to ({x}, {y}), facing {facing}°", x=distance(x),
                          y=distance(y), facing=f"{f:.0f}")
        case RemoveUnit(unit=u, reason=r):
            return u, msg("removed ({reason})", reason=words(r))
        case SetGame(key=k, value=v):
            return None, _game(k, v, names)
        case SetGameState():
            return None, None
    if getattr(effect, "kind", "") == "record_action":     # the turn's ledger
        entry = getattr(effect, "entry", {})
        return entry.get("unit"), msg("cost overridden") if entry.get("override") else None
    return None


def _itself(effect: Effect, names: Mapping[str, Any]) -> Text | str:
    """An effect that words itself: its message with names for ids."""
    text = effect.describe()
    if isinstance(text, Text):      # an effect's own message: its ids become names
        return _named(text, names)
    head, sep, rest = text.partition(": ")
    return f"{names.get(head, head)}{sep}{rest}" if sep else text


def _grouped(effects: list[Effect], names: Mapping[str, Any],
             said: Mapping[str, Said]) -> list[Text | str]:
    """Each unit or group named once with everything that happened to it, in the order
    they are first named; effects that word themselves in their place."""
    out: list[Any] = []
    slots: dict[str | None, list] = {}
    for e in effects:
        found = _phrase(e, names, said)
        if found is None:
            out.append(_itself(e, names))
            continue
        who, what = found
        if what is None:
            continue
        if who not in slots:
            slots[who] = []
            out.append((who, slots[who]))
        slots[who].append(what)
    said_out: list[Text | str] = []
    for item in out:
        if not isinstance(item, tuple):
            said_out.append(item)
            continue
        who, parts = item
        what = parts[0] if len(parts) == 1 else join(", ", parts)
        said_out.append(what if who is None else
                        msg("{who}: {what}", who=names.get(who, who), what=what))
    return said_out


def effect_words(effect: Effect, names: Mapping[str, Any], ruleset: str | None = None) -> str:
    """One effect in words ("" when it is bookkeeping); `names` maps unit and group ids
    to their names (or records: a group's `name_ru` then shows in Russian)."""
    said = _grouped([effect], names, _declared(ruleset))
    return said[0] if said else ""


def change_words(change: Change, names: Mapping[str, Any],
                 ruleset: str | None = None) -> list[str]:
    """Every effect of `change` in words, one line per unit or group (messages:
    `localized` shows them in the reader's language, with `ruleset` for its words)."""
    return _grouped(list(change.effects), names, _declared(ruleset))


# --------------------------------------------------------------------------- names


def side_name(scenario: Any, side: str) -> dict[str, str]:
    """A side as players name it, {"name": English, "name_ru": Russian} (a record
    `localized` reads): the scenario's own "sides" names first, then its ruleset's
    vocabulary (`side_words`), then every ruleset's, else the side in words."""
    own = (getattr(scenario, "extra", None) or {}).get("sides")
    if isinstance(own, Mapping):
        found = own.get(side)
        if isinstance(found, str) and found.strip():
            return {"name": found}
        if isinstance(found, Mapping) and isinstance(found.get("name"), str):
            ru = found.get("name_ru")
            return {"name": found["name"], **({"name_ru": ru} if isinstance(ru, str) else {})}
    from engine.protocol.vocabulary import side_words
    from engine.rulesets.registry import get_ruleset, list_rulesets

    vocabularies = []
    try:
        vocabularies.append(get_ruleset(getattr(scenario, "ruleset", "")).vocabulary)
    except (KeyError, ValueError):
        pass
    vocabularies += [rs.vocabulary for rs in list_rulesets()]
    named = side_words(vocabularies).get(side)
    if named is not None:
        return {"name": named[0], "name_ru": named[1]}
    return {"name": words(side).capitalize()}


def side_names(game: Any) -> dict[str, dict[str, str]]:
    """Every side of `game` → its names (side_name)."""
    return {side: side_name(game.scenario, side)
            for side in dict.fromkeys([*game.sides, *(u.side for u in game.all_units())])}


def table_names(game: Any) -> dict[str, Any]:
    """Every unit, group and side id of `game` → what players call it (a record:
    `localized` shows a group's or side's Russian name in Russian); a group or unit
    that has a side's id is named as itself (effects name units and groups)."""
    out: dict[str, Any] = dict(side_names(game))
    groups = list(getattr(game.scenario, "groups", ()) or ())
    for g in groups:
        out[g.id] = g
    for u in game.all_units():
        out[u.id] = u if u.name else unnamed(game, u, groups)
    return out


def unnamed(game: Any, unit: Any, groups: list) -> dict[str, str]:
    """A unit the scenario gives no name, as players can find it on the table: its
    profile's name, its place in its group and the group's name ("Cyber infantry 2 (1st
    cyber squad)"), in English and Russian; its id when its ruleset has no such
    profile."""
    try:
        from engine.rulesets.registry import get_ruleset

        profile = get_ruleset(game.scenario.ruleset).profile_of(unit, game.scenario.profiles)
    except (KeyError, ValueError):
        return {"name": unit.id}
    en = profile.get("name") if isinstance(profile.get("name"), str) else None
    if not en:
        return {"name": unit.id}
    ru = profile.get("name_ru") if isinstance(profile.get("name_ru"), str) else en
    group = next((g for g in groups if unit.id in (g.members or ())), None)
    if group is None:
        same = [u.id for u in game.all_units() if u.profile == unit.profile and not u.name]
        n = same.index(unit.id) + 1
        return {"name": f"{en} {n}", "name_ru": f"{ru} {n}"} if len(same) > 1 else \
            {"name": en, "name_ru": ru}
    n = list(group.members).index(unit.id) + 1
    return {"name": f"{en} {n} ({group.label})",
            "name_ru": f"{ru} {n} ({group.name_ru or group.label})"}
