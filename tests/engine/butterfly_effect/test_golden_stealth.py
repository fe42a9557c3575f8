"""BE-3 (04 §7, seed L142–147): the stealth duel at night in a fierce sandstorm and dense
undergrowth, Manny's scanner countered by Jiy's "Invisible" suit. Seed slips, with the
rule-correct expectation:
- Jiy's printed dice contain a "0" (L146), not a d6 face: the script uses 1 in its place,
  and a typed 0 is refused naming the step and the die;
- the seed counts 4 successes; the printed dice 5, 5, 5, 6, 5 are 5 (Jiy still wins);
- "8d6 exactly like Manny": Manny rolled 7d6 (1 distance + 6 Perception), Jiy 8d6."""

from __future__ import annotations

import pytest

from engine.dice import DiceError, ScriptedDice, TypedDice
from engine.model import SetState
from engine.rulesets.butterfly_effect.stealth import camouflage_class, static_detection

from ..refusals import refused
from .conftest import context, sample_game

MANNY = [4, 5, 3, 1, 6, 5, 2]
JIY_PRINTED = [4, 0, 5, 5, 5, 6, 2, 5]
JIY = [4, 1, 5, 5, 5, 6, 2, 5]
BE3 = {"night": True, "weather": "fierce", "undergrowth": True}


def duel(game, **options):
    return context(game, "stealth_duel", "jiy", "manny", options={**BE3, **options})


def test_be3_duel_steps():
    game = sample_game((20, 24))                # 88 m from Manny: medium
    ctx = duel(game)
    assert ctx.fact("range_band") == "medium"
    res = ctx.resolve(ScriptedDice(MANNY + JIY))
    scout, hider = res.step("scout"), res.step("hider")
    assert len(scout.faces) == 7 and scout.count("success") == 3         # 5, 6, 5
    assert [m.text for m in scout.modifiers][0].startswith("+1")
    assert len(hider.faces) == 8
    assert hider.count("success") == 5              # the seed says 4 (a slip): 5,5,5,6,5
    assert "Invisible" in scout.note                # the scanner is countered
    assert res.step("duel").outcome.startswith("Jiy")
    assert res.change.effects == [SetState("jiy", "duel_won", "manny")]


def test_be3_zero_is_no_face():
    game = sample_game((20, 24))
    with pytest.raises(DiceError, match="0 is not a face"):
        duel(game).resolve(TypedDice(" ".join(map(str, MANNY + JIY_PRINTED))))


def test_scanner_without_invisible_mode_ends_stealth():
    game = sample_game((20, 24))
    jiy = dict(duel(game).profile(game.unit("jiy")))
    game.scenario.profiles = {"jiy": {**jiy, "gear": []}}     # no suit: nothing counters
    res = duel(game).resolve(ScriptedDice([]))
    assert res.step("scanner").outcome.startswith("ends stealth")
    assert SetState("jiy", "detected", True) in res.change.effects


def test_nvg_negates_night_and_ties():
    game = sample_game((20, 24))
    game.unit("manny").state["gear"] = ["night_vision"]
    ctx = duel(game)
    assert ctx.odds().outcomes  # priced
    res = ctx.resolve(ScriptedDice([5] + [1] * 6 + [5] + [1] * 6))   # 7 v 7 dice, 1 - 1
    assert len(res.step("hider").faces) == 7        # the night die is gone
    assert res.step("duel").outcome.startswith("tie")
    assert res.change.effects == [SetState("jiy", "duel_tie", True)]
    tie_scout = context(game, "stealth_duel", "jiy", "manny", options=BE3,
                        rules={"duel_tie": "scout"})
    res = tie_scout.resolve(ScriptedDice([5] + [1] * 6 + [5] + [1] * 6))
    assert SetState("jiy", "detected", True) in res.change.effects


def test_long_distance_no_duel_and_close_reveals():
    far = sample_game(None)                          # the start: 114 m, long
    assert "within medium" in refused(duel(far), "target")   # ActionRefused (#9)
    near = sample_game((64, 25.2))           # bases 0.4 m apart: contact
    ctx = context(near, "stealth_duel", "jiy", "manny", options=BE3)
    assert ctx.fact("range_band") == "close"
    assert SetState("jiy", "detected", True) in ctx.resolve(ScriptedDice([])).change.effects


@pytest.mark.parametrize("cls,band,effective,needed", [
    (2, "medium", 1, 1),
    (2, "short", 0, None),            # detected by default
    (1, "long", 1, 1),
    (0, "long", 0, None),             # detected by default
    (0, "extreme", 0, 1),             # §4.A-11 PROPOSED: 1 success at extreme
    (3, "close", 0, None),            # close combat always reveals
])
def test_be4_static_camouflage(cls, band, effective, needed):
    assert static_detection(cls, band) == (effective, needed)


def test_camouflage_class():
    assert camouflage_class("none") == 0
    assert camouflage_class("partial") == 1
    assert camouflage_class("full") == 2
    assert camouflage_class("full", stealth=True) == 1         # cover ignored when moving
    assert camouflage_class("none", stealth=True, dark_or_vegetation=False) == 0
    assert camouflage_class("partial", bonus=2) == 3
