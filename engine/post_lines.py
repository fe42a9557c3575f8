"""The lines of one log entry in a turn's forum post (engine.turn_post), in the post's
language: a resolution's steps, dice, effects and result; an initiative roll said once per
side; a measurement, template or turn step by its own words. Units, groups and sides by
their names (engine.wording.table_names), effects as their ruleset words them, read from
the entry's `change` (its effects' dict form) — or, for a line logged before that was
kept, from the exact `effects` record, read back into effects where it can be."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.dice import RollRecord, dice_name
from engine.forum_text import text
from engine.i18n import Text, localized, msg
from engine.model import (
    AddMarker,
    AdjustState,
    Change,
    Effect,
    LogEntry,
    MoveUnit,
    RemoveUnit,
    SetMarker,
    SetState,
    effect_from_dict,
)
from engine.wording import change_words

__all__ = ["roll_text", "dice_text", "effects_of", "initiative_lines", "ruleset_of",
           "action_label", "renamed", "spoken_names"]


def dice_text(r: RollRecord, lang: str = "en") -> str:
    """"d10 = 7 (sealed, roll #12)", "2×к10 = 4, 9 (введены вручную)" — one roll's dice
    and faces with their source, in `lang` (no brackets: a forum reads them as tags)."""
    roll = getattr(r, "roll", None)
    if roll is not None:
        source = text(lang, "sealed", roll=roll)
    elif r.source == "app" and r.seed is not None:
        source = text(lang, "app", seed=r.seed)
    elif r.source in ("typed", "script"):
        source = text(lang, r.source)
    else:
        source = localized(r.source, lang)
    faces = ", ".join(str(f) for f in r.faces)
    die = localized(dice_name(1, r.die), lang)
    dice = die if len(r.faces) == 1 else f"{len(r.faces)}×{die}"
    return f"{dice} = {faces} ({source})"


def roll_text(r: RollRecord, lang: str = "en", ruleset: str | None = None) -> str:
    """"Hit roll: d10 = 7 (sealed, roll #12)" — one roll with its label."""
    return f"{localized(r.label, lang, ruleset)}: {dice_text(r, lang)}"


def ruleset_of(entry: LogEntry) -> str | None:
    ruleset = entry.details.get("ruleset") if isinstance(entry.details, dict) else None
    return ruleset if isinstance(ruleset, str) else None


def action_label(entry: LogEntry, lang: str = "en") -> str:
    """The action's label from its ruleset (in `lang`), else the engine's word for it."""
    ruleset = ruleset_of(entry)
    if ruleset is not None:
        try:
            from engine.rulesets.registry import get_ruleset

            return localized(get_ruleset(ruleset).action(entry.action), lang, ruleset)
        except (KeyError, ValueError):
            pass
    return localized(entry.action.replace("_", " "), lang)


def spoken_names(names: Mapping[str, Any]) -> dict[str, Any]:
    """What a ruleset's message may hold for a unit or group → its record: its id, and
    the English name it was written with (a group's, to be said in Russian)."""
    out: dict[str, Any] = {}
    for key, record in names.items():
        english = localized(record, "en")
        out.setdefault(english, record)
        out[key] = record
    return out


def renamed(obj: Any, spoken: Mapping[str, Any]) -> Any:
    """A message with each field that is exactly a unit's or group's id or English name
    given as its record, so a post says its name in its language ("cy-a-1" → "Cyber
    infantry 1 (1st squad)", "Cyber platoon" → "Взвод кибер-пехоты")."""
    if not isinstance(obj, Text):
        return obj

    def field(v: Any) -> Any:
        if isinstance(v, Text):
            return renamed(v, spoken)
        return spoken.get(v, v) if isinstance(v, str) else v

    return msg(obj.template, **{k: field(v) for k, v in obj.params.items()})


# --------------------------------------------------------------------------- effects

_ID = r"(?P<who>[^\s:]+)"
_DESCRIBED = (
    (re.compile(_ID + r": (?P<key>\w+) (?P<d>[+-]\d+)(?: \(max (?P<max>\d+)\))?$"), "count"),
    (re.compile(_ID + r": (?P<key>\w+) removed$"), "removed"),
    (re.compile(_ID + r": (?P<key>\w+) cleared$"), "cleared"),
    (re.compile(_ID + r": moves to \((?P<x>[-\d.e]+), (?P<y>[-\d.e]+)\)(?:, facing "
                r"(?P<f>[-\d.e]+)°)?$"), "move"),
    (re.compile(_ID + r": removed \((?P<reason>[^)]*)\)$"), "remove"),
    (re.compile(_ID + r": (?P<key>\w+) = (?P<value>.+)$"), "set"),
)
#: the turn ledger's line (engine.ledger): bookkeeping, but for a cost overridden
_LEDGER = re.compile(_ID + r": \w+(?: with \S+)? recorded(?: \([^)]*\))?"
                     r"(?P<override> \(cost overridden\))?$")


def _literal(value: str) -> Any:
    """A value as `describe()` printed it: a number, a flag, None or the text."""
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            pass
    return {"True": True, "False": False, "None": None}.get(value, value)


def _described(line: str, names: Mapping[str, Any], markers: set[str]) -> Effect | None:
    """The effect a `describe()` line records, for a unit of the table (None: a line
    it cannot read back — it is shown with names for ids)."""
    for rx, kind in _DESCRIBED:
        m = rx.match(line)
        if m is None or m["who"] not in names:
            continue
        who = m["who"]
        if kind == "count":
            mx = int(m["max"]) if m["max"] else None
            return AddMarker(who, m["key"], int(m["d"]), maximum=mx) if m["key"] in markers \
                else AdjustState(who, m["key"], int(m["d"]))
        if kind in ("removed", "cleared"):
            return SetMarker(who, m["key"], None) if kind == "removed" \
                else SetState(who, m["key"], None)
        if kind == "move":
            return MoveUnit(who, float(m["x"]), float(m["y"]),
                            float(m["f"]) if m["f"] else None)
        if kind == "remove":
            return RemoveUnit(who, m["reason"])
        value = m["value"]
        if value.startswith(("{", "[")):
            value = {} if value.startswith("{") else []    # bookkeeping: its words only
        else:
            value = _literal(value)
        return SetMarker(who, m["key"], value) if m["key"] in markers \
            else SetState(who, m["key"], value)
    return None


def _overridden(unit: str) -> Effect:
    """The ledger's entry of an action whose cost was overridden (worded as such)."""
    from engine.ledger import RecordAction

    return RecordAction({"unit": unit, "override": True})


def _markers(ruleset: str | None) -> set[str]:
    try:
        from engine.rulesets.registry import get_ruleset

        v = get_ruleset(ruleset or "").vocabulary
    except (KeyError, ValueError):
        return set()
    return {t.key for t in (*v.markers, *v.group_markers)}


def effects_of(entry: LogEntry, names: Mapping[str, Any]) -> list[str]:
    """A resolution's effects in words (messages for `localized`), one per unit or group."""
    rs = ruleset_of(entry)
    kept = entry.details.get("change")
    if isinstance(kept, list):
        try:
            return change_words(Change([effect_from_dict(d) for d in kept]), names, rs)
        except (ValueError, TypeError):
            pass
    out: list[Any] = []
    effects: list[Effect] = []
    markers = _markers(rs)
    for line in entry.details.get("effects") or []:
        line = str(line)
        ledger = _LEDGER.match(line)
        if ledger is not None and ledger["who"] in names:
            if ledger["override"]:
                effects.append(_overridden(ledger["who"]))
            continue
        e = _described(line, names, markers)
        if e is not None:
            effects.append(e)
            continue
        out += change_words(Change(effects), names, rs) if effects else []
        effects = []
        head, sep, rest = line.partition(": ")
        out.append(f"{localized(names[head], 'en')}{sep}{rest}"
                   if sep and head in names else line)
    return out + (change_words(Change(effects), names, rs) if effects else [])


# --------------------------------------------------------------------------- initiative


def _side_of_label(label: str, sides: list[str],
                   names: Mapping[str, Any]) -> tuple[str | None, int]:
    """The side an initiative step rolled for, and its re-roll number, from the step's
    label as engine.turns writes it: its fields in play, else its text as a saved game
    keeps it ("Initiative: Axis (re-roll 1)", the side by its id in older games)."""
    params = getattr(label, "params", None)
    if isinstance(params, dict):
        side = params.get("side_id", params.get("side"))
        if isinstance(side, str) and side in sides:
            return side, int(params.get("n", 0) or 0)
    label = label if isinstance(label, str) else str(localized(label, "en"))
    said = [(str(localized(names.get(s, s), lang)), s) for s in sides
            for lang in ("en", "ru")] + [(s, s) for s in sides]
    for word, side in sorted(said, key=lambda ws: len(ws[0]), reverse=True):
        if label == f"Initiative: {word}":
            return side, 0
        m = re.fullmatch(re.escape(f"Initiative: {word}") + r" \(re-roll (\d+)\)", label)
        if m:
            return side, int(m[1])
    return None, 0


def initiative_lines(entry: LogEntry, names: Mapping[str, Any], lang: str) -> list[str]:
    """Each side's die once ("Allies: d10 = 5 (typed)"), a tie's re-roll, and who goes
    first; the order from the entry's record, sides by their names."""
    record = entry.details.get("initiative") or {}
    order = [s for s in record.get("order", []) if isinstance(s, str)]
    sides = list(dict.fromkeys([*order, *record.get("rolls", {})]))
    lines = []
    for step in entry.details.get("steps", []):
        if not isinstance(step, dict):
            continue
        rolls = [RollRecord.from_dict(r) for r in step.get("rolls", [])]
        if not rolls:
            if step.get("id") == "tie":
                lines.append(text(lang, "initiative_tie"))
            continue
        side, again = _side_of_label(step.get("label", ""), sides, names)
        who = localized(names.get(side, side), lang) if side else localized(
            step.get("label", ""), lang)
        dice = "; ".join(dice_text(r, lang) for r in rolls)
        lines.append(text(lang, "initiative_reroll", side=who, n=again, dice=dice) if again
                     else f"{who}: {dice}")
    if order:
        named = [localized(names.get(s, s), lang) for s in order]
        lines.append(text(lang, "initiative_order", first=named[0], order=", ".join(named)))
    return lines
