"""engine.command_tree on a ruleset with passed actions but no pass_outlook hook (the toy
alternating turn): the tree by Unit.parent, who may act, who may receive a pass from the
running commander and from whom; a unit not under him, or one the ruleset stops acting,
cannot; a sub-commander who received a pass passes on down."""

from __future__ import annotations

from engine.command_tree import command_tree, passer_for
from engine.dice import ScriptedDice
from engine.model import apply_change
from engine.turns import activate, pass_tested, roll_initiative, structure_of

from .turn_toys import ALTERNATING, game, unit

S = structure_of(ALTERNATING)


def _game():
    g = game(ALTERNATING, [unit("coy", "a"), unit("p1", "a", parent="coy", in_sight=True),
                           unit("sq", "a", parent="p1", in_sight=True),
                           unit("lone", "a"), unit("foe", "b")])
    g.sides = ["a", "b"]
    apply_change(g, roll_initiative(g, S, ScriptedDice([8, 1])).change)
    return g


def test_the_tree_and_who_may_receive_without_an_outlook_hook():
    g = _game()
    assert [(n.unit, n.depth) for n in command_tree(g, S, "a")] == \
        [("coy", 0), ("p1", 1), ("sq", 2), ("lone", 0)]
    assert [n.unit for n in command_tree(g, S)][-1] == "foe"       # every side
    apply_change(g, activate(g, S, "coy"))
    nodes = {n.unit: n for n in command_tree(g, S, "a")}
    assert nodes["coy"].actions_left == 2 and nodes["coy"].passer is None
    assert nodes["p1"].can_receive and nodes["p1"].outlook is None and nodes["p1"].links == 1
    assert nodes["sq"].passer == "coy" and nodes["sq"].links == 2
    assert nodes["lone"].passer is None and not nodes["lone"].can_receive
    apply_change(g, pass_tested(g, S, "coy", "p1", ScriptedDice([])).change)
    assert passer_for(g, S, "sq") == "p1"
    assert {n.unit: n for n in command_tree(g, S, "a")}["sq"].links == 1


def test_a_unit_the_ruleset_stops_cannot_receive():
    from engine.turns import TurnHooks

    stopped = S.with_hooks(TurnHooks(can_act=lambda _g, u: "stunned" if u.id == "sq"
                                     else None))
    g = _game()
    apply_change(g, activate(g, stopped, "p1"))
    sq = {n.unit: n for n in command_tree(g, stopped, "a")}["sq"]
    assert sq.passer == "p1" and sq.receive == "stunned" and not sq.can_receive
    assert not sq.may_act
