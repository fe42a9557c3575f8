"""The DASH by band (04 §4.1, §5.1, §4.A-4): before the enemy at short, simultaneous at
medium with the dasher shot at medium distance, impossible beyond; cleared next round."""

from __future__ import annotations

from engine.dice import ScriptedDice
from engine.model import SetState, apply_change
from engine.rulesets.butterfly_effect import RULESET as BE
from engine.rulesets.butterfly_effect.dash import dash_stopped, dash_timing
from engine.turns import end_turn

from ..refusals import refused  # #9: refusals raise ActionRefused (no "refused" step)
from .conftest import context, sample_game


def test_timing_by_band():
    assert [dash_timing(b) for b in ("close", "short", "medium", "long", "extreme")] == \
        [None, "before", "simultaneous", None, None]


def test_short_dash_goes_first():
    game = sample_game((50, 24))                 # 26 m: short
    res = context(game, "dash", "jiy", "manny").resolve(ScriptedDice([]))
    assert "before his turn" in res.step("dash").outcome
    assert res.change.effects == [SetState("jiy", "dashing",
                                           {"toward": "manny", "timing": "before"})]


def test_medium_dasher_is_shot_at_medium_and_long_is_refused():
    game = sample_game()                         # 74 m: medium
    apply_change(game, context(game, "dash", "jiy", "manny").resolve(ScriptedDice([])).change)
    shot = context(game, "fire", "manny", "jiy", weapon="combat_shotgun",
                   overrides={"distance_m": 250})    # even typed long: the dasher is medium
    assert shot.resolve(ScriptedDice([1] * 12)).step("fire").target == 7   # 6 + partial
    apply_change(game, end_turn(game, BE.turn_structure))
    assert "dashing" not in game.unit("jiy").state      # the dash lasted its round
    far = sample_game(None)
    assert "short or medium" in refused(context(far, "dash", "jiy", "manny"))


def test_what_stops_a_dash():
    game = sample_game(jiy={"wound": "light"})
    jiy = game.unit("jiy")
    assert not dash_stopped(jiy, "death") and dash_stopped(jiy, "wound")
    jiy.state["dead_pending"] = True
    assert dash_stopped(jiy, "death")


def test_after_a_dash_the_action_is_melee_or_cover():
    """§4.2-2: a DASH costs no action, but the active action after it goes to close combat
    or to occupying cover — not to firing."""
    from engine.dice import ScriptedDice
    from engine.model import apply_change

    from .conftest import context, sample_game

    game = sample_game((56, 34))
    dash = context(game, "dash", "jiy", "manny").resolve(ScriptedDice([]))
    apply_change(game, dash.change)
    fire = context(game, "fire", "jiy", "manny", weapon="assault_rifle")
    assert "DASHed" in refused(fire)
    cover = context(game, "take_cover", "jiy", "manny", options={"cover": "partial"})
    assert cover.resolve(ScriptedDice([])).step("cover")
