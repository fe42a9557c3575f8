"""The tests the seed names but does not define (§4.3, §8-2 … §8-5), as the rules file's
PROPOSED readings: each is the unit's quality die against a number, built once as a Test
so that the roll and its odds cannot disagree. All PROPOSED."""

from __future__ import annotations

from engine.dice import Comparison, Die, Test
from engine.options import Modifier
from engine.protocol import make_test

from . import data

__all__ = ["morale_steps", "reaction_test", "detection_test", "unsuppression_test",
           "morale_test"]

PROPOSED = "PROPOSED reading (rules file §8)"


def morale_steps(morale: str) -> int:
    """Steps below Steady (Shaken 1, Broken 2)."""
    return data.morale_ladder().index(morale)


def reaction_test(quality: Die, level: int, morale: str) -> tuple[Test, list[Modifier]]:
    """§8-2: quality die > commander level; Shaken −1 die step, Broken −2."""
    k = morale_steps(morale)
    mods = [Modifier(morale, -k, f"{PROPOSED} §8-2: one die step per morale step below "
                     "Steady", proposed=True, to="die_step")] if k else []
    return make_test(quality, level, mods, Comparison.GT), mods


def detection_test(quality: Die, concealment: int = 0) -> tuple[Test, list[Modifier]]:
    """§8-3: quality die ≥ 4, the target's concealment +1 or +2 to the number."""
    base = int(data.rule_number("tests.detection_target"))
    mods = [Modifier("concealment", concealment, f"{PROPOSED} §8-3", proposed=True)] \
        if concealment else []
    return make_test(quality, base, mods, Comparison.GE), mods


def unsuppression_test(quality: Die, level: int, markers: int) -> tuple[Test, list[Modifier]]:
    """§8-4: quality die > level, +1 to the level per marker beyond the first."""
    extra = max(0, markers - 1)
    mods = [Modifier("extra suppression markers", extra, f"{PROPOSED} §8-4",
                     proposed=True)] if extra else []
    return make_test(quality, level, mods, Comparison.GT), mods


def morale_test(quality: Die, level: int, morale: str) -> tuple[Test, list[Modifier]]:
    """§8-5: quality die > level + steps below Steady; success = one step better."""
    k = morale_steps(morale)
    mods = [Modifier("steps below Steady", k, f"{PROPOSED} §8-5", proposed=True)] if k else []
    return make_test(quality, level, mods, Comparison.GT), mods
