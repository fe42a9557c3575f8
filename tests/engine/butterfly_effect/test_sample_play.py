"""The sample scenario played through in the engine: Jiy creeps in from long distance, the
stealth duel falls due once he is within medium distance of Manny (BE-3's dice: Jiy
wins), the operatives spring an ambush (attackers first, casualties at once) — and, in a
second telling, a fair firefight in which Manny, killed by Jiy's burst, still fires back
and both die at the end of the round (BE-1). Undo restores the board each time."""

from __future__ import annotations

import json

from engine.costs import charge
from engine.dice import ScriptedDice
from engine.joint import answer_context, charge_joint, resolve_joint
from engine.model import Change, MoveUnit, apply_change, revert_change
from engine.rulesets.butterfly_effect import RULESET as BE
from engine.triggers import due_for
from engine.turns import declare_ambush, end_turn

from ..refusals import refused  # #9: refusals raise ActionRefused (no "refused" step)
from .conftest import context, sample_game
from .test_golden_stealth import BE3, JIY, MANNY


def snapshot(game) -> str:
    return json.dumps({"units": sorted((u.id, u.x, u.y, sorted(u.state.items()))
                                       for u in game.scenario.units),
                       "state": game.state}, default=str, sort_keys=True)


def test_approach_duel_ambush_and_undo():
    game = sample_game(None)
    ts = BE.turn_structure
    before = snapshot(game)
    done: list[Change] = []

    def do(change):
        apply_change(game, change)
        done.append(change)

    do(end_turn(game, ts))
    assert not due_for(game, "jiy")                     # 114 m: long, nothing due
    do(Change([MoveUnit("jiy", 20, 24)], "Jiy creeps closer"))
    do(end_turn(game, ts))
    assert [d["test"] for d in due_for(game, "jiy")] == ["stealth_duel"]   # 88 m: medium
    duel = context(game, "stealth_duel", "jiy", "manny", options=BE3)
    res = charge(duel, duel.resolve(ScriptedDice(MANNY + JIY)))
    do(res.change)
    assert game.unit("jiy").state["duel_won"] == "manny"
    assert not due_for(game, "jiy")                     # taken
    do(end_turn(game, ts))                              # the next round (§4.8-6)
    assert not due_for(game, "jiy")                     # only once
    do(declare_ambush(game, ts, "operatives"))
    fire = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                   overrides={"cover": 0})
    shot = charge(fire, fire.resolve(ScriptedDice([6, 5, 6, 4, 5])))
    do(shot.change)
    assert "manny" not in {u.id for u in game.scenario.units}     # surprise: at once
    for ch in reversed(done):
        revert_change(game, ch)
    assert snapshot(game) == before


def test_silent_elimination_after_the_duel():
    """BE-3's outcome: Jiy reaches Manny at the start of the next round and kills him."""
    game = sample_game((20, 24))
    duel = context(game, "stealth_duel", "jiy", "manny", options=BE3)
    apply_change(game, duel.resolve(ScriptedDice(MANNY + JIY)).change)
    apply_change(game, end_turn(game, BE.turn_structure))
    kill = context(game, "silent_elimination", "jiy", "manny")
    res = charge(kill, kill.resolve(ScriptedDice([])))
    assert res.summary == "Manny (Мэнни) killed"
    apply_change(game, res.change)
    assert [u.id for u in game.scenario.units] == ["jiy"]
    fresh = sample_game((20, 24))                 # no duel won: refused
    assert refused(context(fresh, "silent_elimination", "jiy", "manny"))
    stun = context(fresh, "silent_elimination", "jiy", "manny",
                   options={"act": "stun", "alone": False})
    fresh.unit("jiy").state["duel_won"] = "manny"
    assert "not alone" in refused(stun)


def test_firefight_dying_man_fires_back_and_undo():
    game = sample_game()
    game.unit("jiy").state.pop("stealth")
    before = snapshot(game)
    first = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                    overrides={"cover": 0})
    answer = answer_context(first, weapon="combat_shotgun", overrides={"cover": 0})
    joint = charge_joint([first, answer], resolve_joint(
        [first, answer], ScriptedDice([6, 5, 6, 4, 5, 2, 1, 4, 3, 4, 5, 6, 6, 6, 6, 2, 1])))
    apply_change(game, joint.change)
    assert game.unit("manny").state["dead_pending"] is True       # dead, still there
    step = end_turn(game, BE.turn_structure)
    apply_change(game, step)
    assert game.scenario.units == []
    revert_change(game, step)
    revert_change(game, joint.change)
    assert snapshot(game) == before
