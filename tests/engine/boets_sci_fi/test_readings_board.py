"""The §4.A readings added last (§4.A-1 the first-player die, §4.A-3 when an assault is
made, §4.A-12 the links of the command distance) and the board's out-of-command badges."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.board_rules import board_warnings
from engine.costs import charge, refusal
from engine.dice import ScriptedDice
from engine.model import apply_change
from engine.readings import readings_change
from engine.rulesets.boets_sci_fi import RULESET as BF
from engine.rulesets.boets_sci_fi.board import out_of_command
from engine.rulesets.boets_sci_fi.manoeuvre import coherency_violators
from engine.turns import next_phase, roll_initiative

from .helpers import fighter, game_of, squad

S = BF.turn_structure


def _game():
    me = squad("me", "cyber_infantry", 3, 10, 30)
    en = squad("en", "velian_militia", 3, 10, 28, side="raiders")
    return game_of(me, en)


def test_every_ambiguity_of_4a_is_an_option_with_its_default():
    reasons = {o.reason for o in BF.options}
    # 11 (+2 "shooting skill") and 14 (template sizes) are data, not readings: the +2 is
    # applied to the house rules' Accuracy roll, the sizes are PROPOSED in ruleset.toml
    assert {f"§4.A-{n}" for n in range(1, 21) if n not in (11, 14, 16)} <= reasons
    assert any(o.reason == "§4.A-16" for o in BF.action("template_fire").options)
    first = {o.id: o for o in BF.options}
    assert (first["first_player_die"].default, first["assault_phase"].default,
            first["coherency"].default) == ("d20", "instead_of_fire", "chain")
    assert all(o.proposed for o in (first["first_player_die"], first["assault_phase"]))


def test_the_first_player_die_is_a_reading_d20_by_default():
    game = _game()
    roll = roll_initiative(game, S, ScriptedDice([17, 4]))
    assert [r.faces for s in roll.steps for r in s.rolls][:2] == [(17,), (4,)]
    game = _game()
    apply_change(game, readings_change(BF, game, {"first_player_die": "d6"}))
    with pytest.raises(Exception, match="d6"):                 # 17 is no face of a d6
        roll_initiative(game, S, ScriptedDice([17, 4]))
    roll = roll_initiative(game, S, ScriptedDice([5, 6]))
    assert roll.order == ["raiders", "polaris"]


def _fire_phase(game):
    apply_change(game, roll_initiative(game, S, ScriptedDice([17, 4])).change)
    apply_change(game, next_phase(game, S))
    assert game.phase == "fire"


def _act(game, action, faces, **kw):
    c = BF.context(action, actor="me", game=game, **kw)
    res = charge(c, c.resolve(ScriptedDice(list(faces))))
    apply_change(game, res.change)


def test_an_assault_instead_of_fire_after_fire_or_in_the_manoeuvre_phase():
    game = _game()
    _fire_phase(game)
    _act(game, "fire", [1] * 6, target=game.unit("en-1"))      # 6 misses
    a = BF.context("assault", actor="me", game=game, target=game.unit("en-1"))
    assert "already used fire or assault this phase" in refusal(a)   # (a): instead of fire
    after = BF.context("assault", actor="me", game=game, target=game.unit("en-1"),
                       rules={"assault_phase": "after_fire"})
    assert refusal(after) is None                                   # (b): fire, then melee
    game = _game()
    apply_change(game, roll_initiative(game, S, ScriptedDice([17, 4])).change)
    man = BF.context("assault", actor="me", game=game, target=game.unit("en-1"),
                     rules={"assault_phase": "manoeuvre"})
    assert refusal(man) is None                                     # (c): in Manoeuvre
    assert refusal(BF.context("assault", actor="me", game=game, target=game.unit("en-1"))) \
        == "Assault (house rule) belongs to the fire phase; it is the manoeuvre phase"


def test_coherency_as_a_chain_or_each_to_his_nearest():
    pairs = [fighter("a", "cyber_infantry", 0, 0), fighter("b", "cyber_infantry", 1, 0),
             fighter("c", "cyber_infantry", 5, 0), fighter("d", "cyber_infantry", 6, 0)]
    assert coherency_violators(pairs, 1.0) == ["c", "d"]            # two chains: one cut off
    assert coherency_violators(pairs, 1.0, links="nearest") == []   # each has a neighbour
    pairs.append(fighter("e", "cyber_infantry", 9, 0))
    assert coherency_violators(pairs, 1.0, links="nearest") == ["e"]


def test_the_board_badges_fighters_out_of_their_squads_command_distance():
    game = _game()
    assert board_warnings(game.scenario) == {}
    game.unit("me-3").x = 20.0                                      # dragged 9" away
    assert out_of_command(game.scenario) == {"me-3": "me"}
    (badge,) = board_warnings(game.scenario)["me-3"]
    assert (badge.text, badge.tone) == ("CMD", "warning")
    assert "command distance" in badge.tip and "§4.7-3" in badge.tip


def test_a_move_reports_who_breaks_the_chain_squad_by_squad():
    game = _game()
    apply_change(game, roll_initiative(game, S, ScriptedDice([17, 4])).change)
    game.unit("me-3").x = 13.5                              # 2.5" from me-2: out of command
    c = BF.context("move", actor="me", game=game, roles={"point": (10, 34)})
    res = c.resolve(ScriptedDice([]))
    assert res.step("coherency").outcome == "out of command distance: me-3"
    assert res.step("coherency").note == "measured centre to centre, a chain (§4.A-12)"


def test_reading_a_panic_falls_due_at_the_start_of_the_own_turn_after_the_enemys_fire():
    from engine import triggers
    from engine.model import Change
    from engine.rulesets.boets_sci_fi.common import kill
    from engine.turns import next_activation

    me = squad("me", "cyber_infantry", 4, 10, 30)
    en = squad("en", "velian_militia", 3, 10, 20, side="raiders")
    game = game_of(me, en)
    apply_change(game, roll_initiative(game, S, ScriptedDice([3, 17])).change)  # raiders
    assert game.active_side == "raiders"
    apply_change(game, next_phase(game, S))
    apply_change(game, Change(kill(game, ["me-3", "me-4"], "killed"), "the raiders' fire"))
    apply_change(game, next_activation(game, S))                          # polaris' turn
    assert game.active_side == "polaris" and game.turn == 1
    due = [(d["unit"], d["test"]) for d in triggers.due(game)]
    assert ("me-1", "panic_test") in due
    c = BF.context("panic_test", actor=game.unit("me-1"), game=game)
    res = charge(c, c.resolve(ScriptedDice([15])))                       # ЛДР 8: holds
    assert res.step("trigger").outcome == "2 lost this turn of 4 at its start (Reading A)"
    assert res.summary == "me holds"
    apply_change(game, res.change)
    assert ("me-1", "panic_test") not in [(d["unit"], d["test"]) for d in triggers.due(game)]
    from engine.rulesets.boets_sci_fi.turn_hooks import panic_due_now
    assert not panic_due_now(game, game.unit("me-1"))                    # tested once


def test_a_drag_on_the_board_reaches_the_fighters_speed():
    from engine.board_rules import move_allowance_m

    game = _game()
    assert move_allowance_m(game.scenario, game.unit("me-1")) == (5.0, 'Boets: Ск 5 steps (5")')
    assert move_allowance_m(game.scenario, game.unit("en-1"))[0] == 6.0


def test_distances_are_given_in_steps_and_inches(monkeypatch):
    from engine.rulesets.boets_sci_fi import data

    game = _game()
    apply_change(game, roll_initiative(game, S, ScriptedDice([17, 4])).change)
    c = BF.context("move", actor="me", game=game, roles={"point": (11, 45)})
    assert c.resolve(ScriptedDice([])).summary == 'moved 5.0 steps (5.0")'
    rules = dict(data.rules(), inches_per_step=2.0)            # a scenario of 2" steps
    monkeypatch.setattr(data, "rules", lambda: rules)
    assert c.resolve(ScriptedDice([])).summary == 'moved 5.0 steps (10.0")'


def _reference(points, step):
    """A plain union-find over every pair: the fighters outside the largest chain (the
    first one found on ties, as the vectorised check keeps the first largest)."""
    n = len(points)
    parent = list(range(n))

    def find(i):
        while parent[i] != i:
            i = parent[i]
        return i

    for i in range(n):
        for j in range(i + 1, n):
            (ax, ay), (bx, by) = points[i], points[j]
            if ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 <= step + 1e-9:
                parent[find(i)] = find(j)
    comps: dict[int, list[int]] = {}
    for i in range(n):
        comps.setdefault(find(i), []).append(i)
    best = max(comps.values(), key=lambda c: (len(c), -min(c)))
    return sorted(set(range(n)) - set(best))




_QUARTERS = st.integers(0, 32).map(lambda k: k / 4)      # exact binary fractions


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_QUARTERS, _QUARTERS), min_size=2, max_size=12),
       st.integers(-20, 20), st.integers(-20, 20))
def test_coherency_matches_a_pairwise_union_find_and_ignores_where_the_unit_stands(
        points, dx, dy):
    units = [fighter(f"f{i}", "cyber_infantry", x, y) for i, (x, y) in enumerate(points)]
    got = coherency_violators(units, 1.0)
    assert got == [f"f{i}" for i in _reference(points, 1.0)]
    moved = [fighter(u.id, u.profile, u.x + dx, u.y + dy) for u in units]
    assert coherency_violators(moved, 1.0) == got             # exact: quarters and integers
    nearest = coherency_violators(units, 1.0, links="nearest")
    if len(units) - len(got) >= 2:                            # the kept chain has links
        assert set(nearest) <= set(got)           # no neighbour at all: cut off from it
