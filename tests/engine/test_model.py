"""Game model: effects, all-or-nothing changes, exact undo, JSON forms, the log."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import RollRecord
from engine.model import (
    AddMarker,
    AdjustState,
    Change,
    Game,
    LogEntry,
    ModelError,
    MoveUnit,
    RemoveUnit,
    SetGame,
    SetGameState,
    SetMarker,
    SetState,
    apply_change,
    effect_from_dict,
    revert_change,
)
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape
from tests.engine.helpers import check_revert_and_redo

IDS = ("a", "b", "c")


def make_game() -> Game:
    units = [
        Unit("a", "red", "rifle", 1, 2, BaseShape.round(25), markers={"suppression": 1},
             state={"hp": 2}),
        Unit("b", "blue", "rifle", 10.5, 4, BaseShape.round(25), facing=180),
        Unit("c", "blue", "tank", 20, 30, BaseShape.rect(50, 100), turret=0,
             state={"crew": {"gunner": {"alive": True}}}),
    ]
    return Game(Scenario("t", "toy", Table(), units=units))


def frozen(game: Game) -> str:
    """The game's changing state, types included (1 and 1.0 differ in JSON)."""
    return json.dumps(game.snapshot(), sort_keys=True)


def test_game_defaults():
    g = make_game()
    assert g.sides == ["red", "blue"]
    assert g.turn == 1 and g.active_side is None
    assert [u.id for u in g.units_of("blue")] == ["b", "c"]
    assert g.marker("a", "suppression") == 1 and g.marker("b", "suppression") == 0
    assert g.get_state("a", "hp") == 2
    with pytest.raises(ModelError, match="unit 'zz': no such unit"):
        g.unit("zz")


def test_markers_capped_and_removed_at_zero():
    g = make_game()
    apply_change(g, Change([AddMarker("a", "suppression", 5, maximum=3)]))
    assert g.marker("a", "suppression") == 3
    apply_change(g, Change([AddMarker("a", "suppression", -4)]))
    assert "suppression" not in g.unit("a").markers
    apply_change(g, Change([SetMarker("b", "pinned", True)]))
    assert g.unit("b").markers == {"pinned": True}
    with pytest.raises(ModelError, match=r"unit 'b'.markers.pinned: expected a count"):
        apply_change(g, Change([AddMarker("b", "pinned", 1)]))


def test_hp_change_and_casualty_revert_exactly():
    g = make_game()
    before = frozen(g)
    change = Change([AdjustState("a", "hp", -3, minimum=0), RemoveUnit("a", "killed")],
                    label="shoot")
    apply_change(g, change)
    assert not g.on_table("a") and g.removed[0].id == "a"
    assert g.unit("a").state == {"hp": 0, "removed": "killed"}
    assert [u.id for u in g.units] == ["b", "c"]
    revert_change(g, change)
    assert frozen(g) == before
    assert [u.id for u in g.units] == ["a", "b", "c"]       # back at its old index
    assert g.removed == []


def test_move_and_game_fields():
    g = make_game()
    before = frozen(g)
    ch = Change([MoveUnit("c", 25, 31, facing=-90, turret=450), SetGame("turn", 2),
                 SetGame("active_side", "blue"), SetGameState("initiative", "blue")])
    apply_change(g, ch)
    u = g.unit("c")
    assert (u.x, u.y, u.facing, u.turret) == (25.0, 31.0, 270.0, 90.0)
    assert (g.turn, g.active_side, g.state) == (2, "blue", {"initiative": "blue"})
    revert_change(g, ch)
    assert frozen(g) == before


def test_change_is_all_or_nothing():
    g = make_game()
    before = frozen(g)
    bad = Change([AddMarker("a", "suppression", 1), SetState("b", "morale", "shaken"),
                  MoveUnit("ghost", 0, 0)])
    with pytest.raises(ModelError, match="unit 'ghost': no such unit"):
        apply_change(g, bad)
    assert frozen(g) == before
    assert not bad.applied


def test_apply_twice_and_revert_unapplied_refused():
    g = make_game()
    ch = Change([SetState("a", "morale", "steady")], label="x")
    with pytest.raises(ModelError, match="not applied"):
        revert_change(g, ch)
    apply_change(g, ch)
    with pytest.raises(ModelError, match="already applied"):
        apply_change(g, ch)


def test_values_must_be_json_and_game_keys_known():
    g = make_game()
    with pytest.raises(ModelError, match="is not plain JSON data"):
        apply_change(g, Change([SetState("a", "weird", {1, 2})]))
    with pytest.raises(ModelError, match="set_game.key: expected one of"):
        apply_change(g, Change([SetGame("weather", "rain")]))
    with pytest.raises(ModelError, match="set_game.turn: expected a whole number ≥ 1"):
        apply_change(g, Change([SetGame("turn", 0)]))
    with pytest.raises(ModelError, match="unit 'a': not on the table"):
        apply_change(g, Change([RemoveUnit("a"), MoveUnit("a", 1, 1)]))


def test_nested_state_is_copied_not_shared():
    g = make_game()
    crew = {"gunner": {"alive": False}}
    ch = Change([SetState("c", "crew", crew)])
    apply_change(g, ch)
    crew["gunner"]["alive"] = "mutated"
    assert g.get_state("c", "crew") == {"gunner": {"alive": False}}
    revert_change(g, ch)
    assert g.get_state("c", "crew") == {"gunner": {"alive": True}}


def test_change_json_round_trip_and_redo():
    g = make_game()
    ch = Change([AddMarker("b", "terror", 1), MoveUnit("b", 3, 3)], label="t")
    apply_change(g, ch)
    text = json.dumps(ch.to_dict())
    back = Change.from_dict(json.loads(text))
    assert back.effects == ch.effects and back.before == ch.before
    revert_change(g, back)                 # undo from the stored form
    assert g.marker("b", "terror") == 0 and g.unit("b").x == 10.5
    apply_change(g, back)                  # redo
    assert g.marker("b", "terror") == 1 and g.unit("b").x == 3.0
    with pytest.raises(ModelError, match="effect.kind: expected one of"):
        effect_from_dict({"kind": "teleport"})
    with pytest.raises(ModelError, match="effect move:"):
        effect_from_dict({"kind": "move", "unit": "a"})


def test_log_is_append_only_and_serialises():
    g = make_game()
    rec = RollRecord("hit roll", "d10", (3, 9), "typed")
    entry = LogEntry(1, "a", "shoot", "b", (rec,), "1 hit", {"options": {"aimed": True}})
    g.append_log(entry)
    assert g.log == (entry,)
    assert isinstance(g.log, tuple)       # no .append on the exposed log
    assert LogEntry.from_dict(json.loads(json.dumps(entry.to_dict()))) == entry
    with pytest.raises(ValueError, match="log entry: missing 'action'"):
        LogEntry.from_dict({"turn": 1})


# --------------------------------------------------------------------------- property

markers = st.sampled_from(["suppression", "terror", "pinned"])
keys = st.sampled_from(["hp", "wounds", "ap_left", "morale"])
json_values = st.one_of(st.none(), st.integers(-5, 5), st.booleans(),
                        st.sampled_from(["steady", "shaken"]),
                        st.lists(st.integers(0, 3), max_size=3))
unit_ids = st.sampled_from(IDS)
effects = st.one_of(
    st.builds(SetMarker, unit_ids, markers, json_values),
    st.builds(AddMarker, unit_ids, st.just("suppression"), st.integers(-3, 3),
              st.just(0), st.sampled_from([None, 3])),
    st.builds(SetState, unit_ids, keys, json_values),
    st.builds(AdjustState, unit_ids, st.just("wounds"), st.integers(-2, 2)),
    st.builds(MoveUnit, unit_ids, st.floats(0, 72), st.floats(0, 48),
              st.one_of(st.none(), st.floats(-720, 720)), st.none()),
    st.builds(RemoveUnit, unit_ids, st.sampled_from(["killed", "routed"])),
    st.builds(SetGame, st.sampled_from(["turn"]), st.integers(1, 9)),
    st.builds(SetGame, st.just("active_side"), st.sampled_from(["red", "blue", None])),
    st.builds(SetGameState, st.sampled_from(["initiative", "weather"]), json_values),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(effects, max_size=4), max_size=6))
def test_any_sequence_of_changes_reverts_exactly(batches):
    check_revert_and_redo(make_game, frozen, batches)


def test_meta_round_trip_keeps_removed_units_and_log():
    g = make_game()
    apply_change(g, Change([RemoveUnit("b", "routed"), SetGame("turn", 3),
                            SetGameState("initiative", "red")]))
    g.append_log(LogEntry(3, "a", "shoot", "b", (RollRecord("hit", "d10", (1,), "app", 5),),
                          "routed"))
    saved_units = g.all_units()
    assert [u.id for u in saved_units] == ["a", "c", "b"]
    meta = json.loads(json.dumps(g.meta()))
    back = Game.from_meta(Scenario("t", "toy", Table(), units=saved_units), meta)
    assert [u.id for u in back.units] == ["a", "c"]
    assert [u.id for u in back.removed] == ["b"]
    assert (back.turn, back.state, back.log) == (3, {"initiative": "red"}, g.log)
    with pytest.raises(ModelError, match="game.turn: expected a whole number ≥ 1, got 0"):
        Game.from_meta(Scenario("t", "toy", Table()), {"turn": 0})
    with pytest.raises(ModelError, match=r"game.log\[0\]: log entry: missing 'turn'"):
        Game.from_meta(Scenario("t", "toy", Table()), {"log": [{}]})
