"""The Civil War turn (PROPOSED, §8-1): side turns with a d6 initiative; at the start of a
side's turn each company's command stand is due its start-of-turn bookkeeping, and a
suppressed or fleeing company its RALLY test (§4.6, §8-4); the Turn dock's flags."""

from __future__ import annotations

from engine import triggers, turns
from engine.dice import ScriptedDice
from engine.model import apply_change
from engine.rulesets.civil_war_company import RULESET as CW
from engine.rulesets.civil_war_company.turn_hooks import flags, needs_ammunition

from ..refusals import refused
from .helpers import company, game_of, unit

S = CW.turn_structure


def table():
    unr = company("unr", "unr-infantry", [14, 17, 20], 36.0, side="unr", facing=270)
    pl = company("pl", "plastuns", [15.5, 18.5], 24.0, side="whites", suppressed=True,
                 prone=True, formation="open_order")
    mg = unit("mg", "red-army-mg", 30, 24, side="whites")
    game = game_of(unr, pl, mg)
    game.sides = ["unr", "whites"]
    return game


def test_the_turn_structure_is_proposed_data():
    assert S.kind == "sides" and S.initiative.die.name == "d6"
    assert set(S.proposed) >= {"kind", "initiative_die"}


def test_start_of_a_side_turn_makes_the_company_tests_due():
    game = table()
    roll = turns.roll_initiative(game, S, ScriptedDice([1, 6]))      # unr 1, whites 6
    assert roll.order == ["whites", "unr"]
    apply_change(game, roll.change)
    due = {(d["unit"], d["test"]) for d in triggers.due(game)}
    assert due == {("pl-1", "start_activation"), ("pl-1", "rally"), ("mg", "start_activation")}


def test_poor_supply_not_rolled_is_due_its_ammunition_roll():
    """A tachanka with poor supply and no shots rolled: due its d6 + d3 at the start of
    its side's turn; rolled, it is no longer due."""
    base = table().scenario
    g = game_of(*base.units, unit("t", "makhno-tachanka", 40, 24, side="whites"))
    g.scenario.groups.extend(base.groups)
    g.sides = ["unr", "whites"]
    apply_change(g, turns.roll_initiative(g, S, ScriptedDice([1, 6])).change)
    due = {(d["unit"], d["test"]) for d in triggers.due(g)}
    assert ("t", "roll_ammunition") in due
    ctx = CW.context("roll_ammunition", actor=g.unit("t"), game=g)
    apply_change(g, ctx.resolve(ScriptedDice([3, 1])).change)
    assert g.unit("t").state["ammo"] == 4
    assert flags(g, g.unit("t"))[-1] == "ammunition 4"
    assert not needs_ammunition(g, g.unit("t"))          # not raised again


def test_taking_start_activation_keeps_the_positions_and_clears_moved():
    game = table()
    game.group("pl").state["moved"] = True
    ctx = CW.context("start_activation", actor=game.unit("pl-2"), game=game)
    apply_change(game, ctx.resolve(ScriptedDice([])).change)
    assert game.group("pl").state["turn_start"] == {"pl-1": [15.5, 24.0],
                                                   "pl-2": [18.5, 24.0]}
    assert "moved" not in game.group("pl").state


def test_flags_for_the_turn_dock():
    game = table()
    assert flags(game, game.unit("pl-2")) == ("suppressed", "prone")
    assert flags(game, game.unit("unr-1")) == ()


def test_rout_move_runs_away_and_off_the_table():
    """A fleeing UNR company 3" from the south edge runs its 6" away from the Plastuns
    (north of it): the stands leave the table and are removed."""
    from engine.model import RemoveUnit

    unr = company("unr", "unr-infantry", [14, 17], 45.0, side="unr", routing=True)
    pl = company("pl", "plastuns", [15.5], 30.0, side="whites")
    game = game_of(unr, pl)
    res = CW.context("rout_move", actor=game.unit("unr-2"), game=game).resolve(ScriptedDice([]))
    assert [e for e in res.change.effects if isinstance(e, RemoveUnit)] == [
        RemoveUnit("unr-1", "routed off the table"), RemoveUnit("unr-2", "routed off the table")]
    calm = company("c", "plastuns", [30], 20.0, side="whites")
    game = game_of(calm, unit("e", "unr-infantry", 30, 30, side="unr"))
    # ActionRefused naming the actor (#9: it was a "refused" step)
    assert refused(CW.context("rout_move", actor=game.unit("c-1"), game=game), "actor") == \
        "Plastun company (Cossack scouts) is not fleeing"
