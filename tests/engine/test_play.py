"""The play service (engine.play) with scripted dice: a plan measures the facts once with
the hand-entered ones on top, the odds are the context's exact ones, a roll of the app's
dice is logged at once (a second one as its re-roll), typed faces only when applied, and
apply pushes one Change (charged) that reverts to the game as it was."""

from __future__ import annotations

import json

from engine import facts as engine_facts
from engine.dice import ScriptedDice
from engine.model import revert_change
from engine.play import (
    Answer,
    AppDice,
    GameTable,
    PlayRequest,
    Referee,
    Scripted,
    TypedFaces,
)
from engine.roll_log import roll_mark, unapplied
from tests.engine.test_protocol import TOY, make_game, shoot_ctx


def shot(game, **kw) -> PlayRequest:
    kw.setdefault("overrides", {"cover": 2})
    return PlayRequest(game, "shoot", "gren-1", roles={"target": "tommy-1"}, weapon="smg",
                       ruleset=TOY, **kw)


def frozen(game) -> str:
    """The game without its log (append-only: undo keeps the lines)."""
    return json.dumps({k: v for k, v in game.snapshot().items() if k != "log"},
                      sort_keys=True)


def test_a_plan_measures_the_facts_once_with_the_hand_entered_on_top(monkeypatch):
    game = make_game()
    calls = []
    real = engine_facts.facts_for

    def counting(*a, **kw):
        calls.append(kw.get("overrides"))
        return real(*a, **kw)

    monkeypatch.setattr(engine_facts, "facts_for", counting)
    plan = Referee(GameTable(game)).plan(shot(game))
    assert calls == [{"cover": 2}]
    assert plan.facts.cover == 2 and "cover" in plan.facts.overridden
    assert plan.facts.distance_m is not None and "distance_m" not in plan.facts.overridden
    assert plan.lead.target.id == "tommy-1" and not plan.joint


def test_the_odds_are_the_contexts_exact_ones():
    game = make_game()
    referee = Referee(GameTable(game))
    plan = referee.plan(shot(game))
    assert referee.odds(plan).distribution == plan.context.odds()


def test_scripted_dice_resolve_as_the_engine_does_and_apply_one_change():
    game = make_game()
    referee = Referee(GameTable(game))
    plan = referee.plan(shot(game))
    direct = shoot_ctx(make_game(), facts=plan.facts).resolve(ScriptedDice([3, 7, 1, 2, 8]))
    before = frozen(game)
    rolled = referee.roll(plan, Scripted(ScriptedDice([3, 7, 1, 2, 8])))
    assert rolled.kind == "script" and rolled.positions == () and game.log == ()
    assert rolled.resolution.summary == direct.summary == "2 hits, 1 wounds, 2 suppression"
    priced = referee.cost(plan, rolled)
    assert priced.refusal is None
    applied = referee.apply(plan, rolled)
    assert not game.on_table("tommy-1") and len(game.log) == 1
    assert roll_mark(game.log[0]) is None
    assert len(applied.change.effects) > len(direct.change.effects)   # the ledger's entry
    revert_change(game, applied.change)
    assert frozen(game) == before


def test_the_apps_dice_are_logged_when_rolled_and_a_second_roll_is_a_reroll():
    game = make_game()
    referee = Referee(GameTable(game))
    plan = referee.plan(shot(game))
    first = referee.roll(plan, AppDice(5))
    assert first.positions == (1,) and roll_mark(game.log[0]) == {
        "seed": 5, "chosen": False, "applied": False}
    second = referee.roll(plan, AppDice(9, chosen=True))
    assert second.positions == (2,)
    assert roll_mark(game.log[1])["reroll_of"] == {"seq": 1, "seed": 5}
    referee.apply(plan, second)
    assert roll_mark(game.log[2]) == {"seed": 9, "chosen": True, "applied": True, "of": 2}
    assert unapplied(game.log) == {1}
    # the tracker read back from the log agrees: nothing pending after the apply
    assert Referee(GameTable(game)).rerolls.pending("gren-1", "shoot") is None


def test_typed_faces_are_previewed_without_a_roll_and_leftovers_are_reported():
    game = make_game()
    referee = Referee(GameTable(game))
    plan = referee.plan(shot(game))
    run = referee.preview(plan, ["3", "7"])
    assert run.resolution is None and run.needs.count == 3 and game.log == ()
    rolled = referee.roll(plan, TypedFaces("3,7,1,2,8,4"))
    assert rolled.kind == "typed" and rolled.leftover is not None and game.log == ()
    complete = referee.typed(referee.preview(plan, [3, 7, 1, 2, 8]))
    referee.apply(plan, complete)
    assert len(game.log) == 1 and game.log[0].dice[0].source == "typed"


def test_a_scenario_table_keeps_no_log():
    game = make_game()
    referee = Referee(GameTable(game, keeps_log=False))
    plan = referee.plan(shot(game))
    rolled = referee.roll(plan, AppDice(5))
    assert rolled.positions == () and game.log == ()
    applied = referee.apply(plan, rolled)
    assert game.log == () and "of" not in applied.entries[0].details["roll"]


def test_return_fire_is_planned_rolled_and_applied_as_one():
    game = make_game()
    referee = Referee(GameTable(game))
    plan = referee.plan(shot(game, answer=Answer("tommy-1", weapon="smg")))
    assert plan.joint and plan.answer.actor.id == "tommy-1"
    rolled = referee.roll(plan, AppDice(3))
    assert rolled.positions == (1, 2)
    referee.apply(plan, rolled, override=True)
    assert [e.actor for e in game.log[2:]] == ["gren-1", "tommy-1"]
    assert [roll_mark(e)["of"] for e in game.log[2:]] == [1, 2]
