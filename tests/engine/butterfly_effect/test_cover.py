"""Taking and leaving cover (04 §4.5): the active action within short distance, a DASH
first at medium, leaving free; the cover taken counts for fire at him afterwards; full
defence only in full cover."""

from __future__ import annotations

from engine.dice import ScriptedDice
from engine.model import SetState, apply_change
from engine.rulesets.butterfly_effect.cover import better_cover

from ..refusals import refused  # #9: refusals raise ActionRefused (no "refused" step)
from .conftest import context, sample_game


def test_take_cover_then_be_shot_through_it():
    game = sample_game()
    game.unit("jiy").state.pop("stealth")
    take = context(game, "take_cover", "manny", "jiy", options={"cover": "full"})
    apply_change(game, take.resolve(ScriptedDice([])).change)
    shot = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                   overrides={"cover": 0})                 # the board shows nothing
    assert shot.resolve(ScriptedDice([1] * 5)).step("fire").target == 6    # 4 + 2
    leave = context(game, "leave_cover", "manny", "jiy").resolve(ScriptedDice([]))
    assert leave.change.effects == [SetState("manny", "in_cover", None),
                                    SetState("manny", "full_defence", None)]


def test_cover_refusals():
    game = sample_game()
    far = context(game, "take_cover", "jiy", "manny", options={"distance": "medium"})
    assert "DASH" in refused(far)
    bad = context(game, "take_cover", "jiy", "manny", options={"full_defence": True})
    assert "full cover" in refused(bad)
    assert better_cover("partial", None) == "partial"
    assert better_cover("none", "full") == "full"
    assert better_cover("full", "partial") == "full"
