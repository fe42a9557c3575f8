"""Reorganisation as pure functions (§4.7, §4.8, §5.2): the merged squad's die, level and
morale; the detached group's commander level from the d6 and its clamps."""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.dice import Die
from engine.i18n import msg

from . import data

__all__ = ["Part", "Merged", "merge", "mean_morale", "detach_level", "clamp_level"]


@dataclass(frozen=True, slots=True)
class Part:
    figures: int
    quality: Die
    level: int
    morale: str


@dataclass(frozen=True, slots=True)
class Merged:
    figures: int
    quality: Die
    level: int
    morale: str
    notes: tuple[str, ...] = ()


def mean_morale(a: str, b: str, rounding: str = "better") -> str:
    """The arithmetic mean on the ladder (best = 0); a half step rounds toward the better
    state by default (§4.A-8)."""
    ladder = data.morale_ladder()
    m = (ladder.index(a) + ladder.index(b)) / 2
    i = math.floor(m) if rounding == "better" else math.ceil(m)
    return ladder[i]


def merge(a: Part, b: Part, *, morale_rounding: str = "better",
          equal_die: str = "better") -> Merged:
    """Two squads into one (§4.7-2): the larger squad's die (equal size: §4.A-9), the
    better (lower) level, the mean morale. `a` is the squad taking the action."""
    notes = []
    if a.figures != b.figures:
        q = a.quality if a.figures > b.figures else b.quality
        notes.append(msg("die of the larger squad ({n} figures)", n=max(a.figures, b.figures)))
    else:
        if equal_die == "actor":
            q = a.quality
        else:
            pick = max if equal_die == "better" else min
            q = pick(a.quality, b.quality, key=lambda d: d.sides)
        notes.append(msg("equal size: the {choice} die (§4.A-9)", choice=equal_die))
    return Merged(a.figures + b.figures, q, min(a.level, b.level),
                  mean_morale(a.morale, b.morale, morale_rounding), tuple(notes))


def clamp_level(lv: int, android: bool) -> int:
    """Humans 1–3, androids never better than 2 (§4.8-4)."""
    lv_rules = data.rules()["levels"]
    lo, hi = (lv_rules["android_best"], lv_rules["android_worst"]) if android else \
        (lv_rules["human_best"], lv_rules["human_worst"])
    return max(lo, min(hi, lv))


def detach_level(parent_level: int, face: int, android: bool = False) -> int:
    """d6: 6 one step better, 4–5 the same, 1–3 one step worse (§4.8-3), clamped."""
    if not 1 <= face <= 6:
        raise ValueError(msg("detach roll: {face} is not a face of a d6", face=face))
    delta = -1 if face == 6 else 0 if face >= 4 else 1
    return clamp_level(parent_level + delta, android)
