"""The chain of command as the Turn dock's tree (engine.command_tree) on the Keno sample:
commanders before their subordinates, who may still act, and who may receive a passed
action now with what it would meet (the ruleset's pass_outlook: free within 6" in sight,
a comm test with its exact odds, or impossible and why)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.command_tree import command_tree, passer_for
from engine.dice import ScriptedDice
from engine.turns import activate, pass_tested, roll_initiative

from .helpers import T, push, sample_game


def _keno_turn():
    g = sample_game()
    g.sides = ["keno", "steel"]
    push(g, roll_initiative(g, T, ScriptedDice([9, 2])).change)
    return g


def test_the_tree_puts_commanders_before_their_subordinates():
    g = _keno_turn()
    tree = command_tree(g, T, "keno")
    order = [(n.unit, n.depth, n.commander) for n in tree]
    assert order[0] == ("p1", 0, None)
    assert {(u, d, c) for u, d, c in order[1:6]} == {(u, 1, "p1") for u in
                                                    ("s1", "s2", "mg", "k1", "k2")}
    assert ("sp", 0, None) in order               # another chain: a root of its own,
    sp = next(n for n in tree if n.unit == "sp")  # under the battery HQ off the table
    assert sp.off_table == "Mortar battery, 2nd bn (off-table)"
    assert next(n for n in tree if n.unit == "p1").off_table is None
    assert all(n.may_act and n.passer is None for n in tree)   # nobody is activating yet
    steel = command_tree(g, T, "steel")
    assert [(n.unit, n.depth) for n in steel] == [("tc", 0), ("tp", 1), ("t1", 2),
                                                  ("t2", 2), ("t3", 2)]


def test_who_may_receive_a_pass_and_on_what_terms():
    g = _keno_turn()
    push(g, activate(g, T, "p1"))
    nodes = {n.unit: n for n in command_tree(g, T, "keno")}
    s1 = nodes["s1"]
    assert s1.passer == "p1" and s1.can_receive and s1.outlook.kind == "free"
    assert s1.outlook.p_through == 1
    k1 = nodes["k1"]       # 13" away, no phones: impossible, said before any die
    assert k1.passer == "p1" and not k1.can_receive and k1.outlook.kind == "impossible"
    assert "no radio or phone" in k1.receive
    assert nodes["sp"].passer is None and not nodes["sp"].can_receive   # not his chain
    assert nodes["p1"].may_act and nodes["p1"].actions_left == 2
    g.unit("p1").state.update({"comms": "phone", "at_phone": True})
    g.unit("k1").state.update({"comms": "phone", "at_phone": True})
    k1 = {n.unit: n for n in command_tree(g, T, "keno")}["k1"]
    assert k1.can_receive and k1.outlook.kind == "test"
    assert k1.outlook.p_through == Fraction(6, 8)          # d8 > worse level 2
    assert k1.outlook.text.startswith("comm test d8 > 2: 3/4")


def test_a_sub_commander_who_received_a_pass_passes_on_down_the_chain():
    g = _keno_turn()
    g.active_side = "steel"
    push(g, activate(g, T, "tc"))
    assert passer_for(g, T, "t1") == "tc"
    t1 = {n.unit: n for n in command_tree(g, T, "steel")}["t1"]
    assert t1.links == 2 and t1.outlook.kind == "test"      # radios; one link bypassed
    assert "d6" in t1.outlook.text and "1 link(s) bypassed" in t1.outlook.text
    tp = {n.unit: n for n in command_tree(g, T, "steel")}["tp"]
    assert tp.outlook.kind == "free"                       # 2.9" in sight: no test
    push(g, pass_tested(g, T, "tc", "tp", ScriptedDice([])).change)
    assert passer_for(g, T, "t1") == "tp"                  # the nearest with actions left
    assert {n.unit: n for n in command_tree(g, T, "steel")}["t1"].links == 1


def test_the_board_draws_a_commanders_contact_zone_with_his_subordinates_marked():
    from engine.board_rules import selection_zones

    g = _keno_turn()
    g.unit("k1").state.update({"comms": "phone", "at_phone": True})
    g.unit("p1").state.update({"comms": "phone", "at_phone": True})
    (zone,) = selection_zones(g, g.unit("p1"))
    marks = {m.unit: m for m in zone.marks}
    assert set(marks) == {"s1", "s2", "mg", "k1", "k2"}
    assert marks["s1"].tone == "in" and marks["s1"].short == "no test"
    assert marks["k1"].tone == "test" and marks["k1"].short == "3/4"
    assert marks["k2"].tone == "out" and "no radio or phone" in marks["k2"].text
    # 6" round the base, edge to edge, in sight: s1 (2" off) inside, k1 (13" off) outside;
    # nothing on this ground blocks his sight, so the whole 6"
    p1 = g.unit("p1").polygon()
    assert zone.area.area == pytest.approx(p1.buffer(6.0).area)
    assert zone.area.intersects(g.unit("s1").polygon())
    assert not zone.area.intersects(g.unit("k1").polygon())
    assert selection_zones(g, g.unit("s2")) == []           # nobody is under a squad


def test_the_contact_zone_is_cut_by_what_blocks_his_sight():
    from shapely.geometry import Point

    from engine.board_rules import selection_zones
    from geometry.terrain import TerrainPiece

    g = _keno_turn()
    # a house between the platoon commander (20, 36) and the 2nd squad (26, 37)
    house = TerrainPiece("house", "building", polygon=[(22.5, 35), (23.5, 35), (23.5, 39),
                                                       (22.5, 39)])
    g.scenario.terrain.append(house)
    (zone,) = selection_zones(g, g.unit("p1"))
    assert not zone.area.contains(Point(25.0, 37.0))       # behind the house
    assert zone.area.contains(Point(18.0, 37.5))           # the 1st squad's side
    marks = {m.unit: m for m in zone.marks}
    assert marks["s2"].tone == "out" and "out of sight" in marks["s2"].text
    assert marks["s1"].tone == "in"
