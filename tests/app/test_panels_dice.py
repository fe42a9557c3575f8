"""Typed dice and the panels' other inputs: the structured DiceError, wrong faces refused
in the panel with the engine's message (nothing applied), steps shown only once decided,
fact overrides marked and carried into the resolution, options with reasons and PROPOSED
badges, the "at least" table, and the pick tool's point and cancel."""

from __future__ import annotations

from fractions import Fraction

import pytest

from app.panels.dice_entry import DiceGroup, resolve_typed
from app.panels.odds_chart import percent
from engine.dice import D6, D10, DiceError, TypedDice, draw, parse_faces
from engine.render import render
from tests.app.test_panels_duel import duel_scenario
from tests.app.test_panels_firefight import SQUAD, firefight
from tests.app.test_panels_support import (
    choose,
    click,
    click_board,
    enter_dice_mode,
    open_window,
    select_unit,
    type_dice,
)

# --------------------------------------------------------------------------- DiceError


def test_dice_error_says_what_is_missing_as_data():
    dice = TypedDice(["3"])
    draw(dice, D10, 1, label="Hit roll")
    with pytest.raises(DiceError) as e:
        draw(dice, D10, 2, label="Wound roll")
    err = e.value
    assert str(err) == "step 'Wound roll' needs 2 × d10, only 0 values left"
    assert (err.reason, err.step, err.die, err.needed, err.left) == \
        ("missing", "Wound roll", "d10", 2, 0)


@pytest.mark.parametrize("values, position, value, message", [
    (["4", "11"], 1, "11", "step 'Fire' needs a d10: 11 is not a face of a d10 (1–10)"),
    (["x"], 0, "x", "step 'Fire' needs a d10: 'x' is not a whole number"),
    ([0, 5], 0, 0, "step 'Fire' needs a d10: 0 is not a face of a d10 (1–10)"),
])
def test_dice_error_names_the_refused_value_and_its_position(values, position, value,
                                                             message):
    with pytest.raises(DiceError) as e:
        TypedDice(values).roll(D10, 2 if len(values) == 2 else 1, label="Fire")
    err = e.value
    assert str(err) == message
    assert (err.reason, err.step, err.die, err.value, err.position) == \
        ("face", "Fire", "d10", value, position)
    assert err.needed == (2 if len(values) == 2 else 1) and err.left == len(values)


def test_dice_error_for_leftovers_and_parsing():
    dice = TypedDice("2 3 4")
    dice.roll(D6, 1, label="Move")
    with pytest.raises(DiceError) as e:
        dice.check_exhausted()
    assert (e.value.reason, e.value.left, e.value.position) == ("unused", 2, 1)
    with pytest.raises(DiceError) as e:
        parse_faces("3, 5, q")
    assert (e.value.reason, e.value.value, e.value.position) == ("face", "q", 2)
    assert str(e.value) == "dice value 3: 'q' is not a whole number"


# --------------------------------------------------------------------------- resolve_typed


def test_resolve_typed_shows_only_the_steps_the_faces_decide():
    from engine.model import Game
    from engine.protocol import Facts
    from engine.rulesets.iron_hearts import RULESET

    game = Game(firefight())
    ctx = RULESET.context("shoot", actor=game.unit("mg"),
                          targets=[game.unit(u) for u in SQUAD], weapon="mg42",
                          facts=Facts(distance_m=60.0, cover=0), game=game)
    run = resolve_typed(ctx, ["1", "2", "3"])
    assert run.resolution is None and run.steps == []        # the hit roll needs all five
    assert run.groups == [DiceGroup("Hit roll", "d10", 5)]
    run = resolve_typed(ctx, ["1", "2", "3", "9", "9"])
    assert [s.id for s in run.steps] == ["hit"]
    assert run.steps[0].results == ("hit", "hit", "hit", "miss", "miss")
    assert run.groups[-1] == DiceGroup(run.groups[-1].label, "d3", 3)   # one per hit
    run = resolve_typed(ctx, ["1", "2", "3", "9", "9", "1", "2", "3", "8", "9", "10"])
    assert run.resolution is not None and run.error is None
    assert run.used == 11


# --------------------------------------------------------------------------- the panel


@pytest.fixture
def duel(qtbot):
    win = open_window(qtbot, duel_scenario(), centre=(29, 20))
    select_unit(qtbot, win, "sherman")
    panel = win.services.action_panel
    choose(qtbot, panel.action_box, "tank_aim")
    click(qtbot, panel.roles_view.part("target", "pick"))
    click_board(qtbot, win, 48, 20)
    enter_dice_mode(qtbot, panel)
    return win


@pytest.mark.parametrize("typed, message", [
    ("11", "step 'Aim' needs a d10: 11 is not a face of a d10 (1–10)"),
    ("x", "step 'Aim' needs a d10: 'x' is not a whole number"),
    ("0", "step 'Aim' needs a d10: 0 is not a face of a d10 (1–10)"),
])
def test_a_wrong_face_is_refused_in_the_panel_and_nothing_applied(duel, qtbot, typed, message):
    panel, game = duel.services.action_panel, duel.game
    before = game.snapshot()
    type_dice(qtbot, panel, [typed])
    assert panel.dice_entry.message.text() == message
    assert panel.dice_entry.refused_position() == 0
    assert panel.resolution is None and not panel.apply_button.isEnabled()
    click(qtbot, panel.apply_button)
    assert game.snapshot() == before and len(game.log) == 0
    panel.dice_entry.fields[0].clear()
    type_dice(qtbot, panel, ["4"])                    # corrected: accepted
    assert panel.dice_entry.refused_position() is None
    assert panel.resolution.step("aim").results == ("aimed",)


def test_a_missing_die_is_refused_and_nothing_applied(duel, qtbot):
    panel, game = duel.services.action_panel, duel.game
    before = game.snapshot()
    # a prompt before any die is typed, not the engine's "needs 1 × d10, only 0 values
    # left" (issue 16: that read as an error)
    assert panel.dice_entry.message.text() == "Enter 1 × d10 for Aim"
    assert not panel.apply_button.isEnabled()
    click(qtbot, panel.apply_button)
    assert panel.apply() is False
    assert panel.message.text() == "Nothing to apply: roll or enter every die first."
    assert game.snapshot() == before


def test_a_fact_typed_by_hand_is_marked_and_used(duel, qtbot):
    panel = duel.services.action_panel
    row = panel.facts_view.rows["cover"]
    assert row.measured.text() == "0 — no cover" and not row.editor.isEnabled()
    click(qtbot, row.check)
    assert row.editor.isEnabled() and row.label.text().startswith("✎")
    choose(qtbot, row.editor, 2)
    assert panel.context.facts.cover == 2 and "cover" in panel.context.facts.overridden
    # aim d10 ≤ 6 − 1 (band) − 2 (cover, PROPOSED −1 per level) = 3
    assert panel.odds_chart.heights() == [0.3, 0.7]
    type_dice(qtbot, panel, [3])
    res = panel.resolution
    assert res.step("aim").target == 3 and res.facts.overridden == frozenset({"cover"})
    assert "cover 2 (entered by hand)" in render(res, "text")
    click(qtbot, row.check)                           # back to the board's value
    assert panel.context.facts.cover == 0 and panel.odds_chart.heights() == [0.5, 0.5]


def test_options_show_reasons_and_proposed_badges(qtbot):
    win = open_window(qtbot, firefight(), centre=(24, 20))
    panel = win.services.action_panel
    select_unit(qtbot, win, "mg")
    choose(qtbot, panel.action_box, "shoot")
    view = panel.options_view
    assert set(view.editors) == {"volleys", "sniper", "squad", "moved"}
    assert set(view.badges) == {"sniper"} and view.badges["sniper"].text() == "PROPOSED"
    panel.options_box.set_open(True)   # folded to its title line (issue 39)
    assert view.badges["sniper"].isVisible()
    texts = [w.text() for w in view.findChildren(type(view.badges["sniper"]))]
    assert any(t.startswith("+2 (target: hit)") for t in texts)


def test_at_least_table_is_the_engines(qtbot):
    win = open_window(qtbot, firefight(), centre=(24, 20))
    panel = win.services.action_panel
    select_unit(qtbot, win, "mg")
    choose(qtbot, panel.action_box, "shoot")
    panel.set_targets(["vova"])
    dist = panel.context.odds()
    chart = panel.odds_chart
    least = dist.at_least()
    assert least[0] == Fraction(1)
    rows = chart.table_rows()
    assert [r[0] for r in rows] == [str(o) for o, _ in dist.outcomes]
    for (o, p), row in zip(dist.outcomes, rows, strict=True):
        assert row[1] == f"{float(p) * 100:.1f} %" or float(p) < 0.001
        assert row[2] == percent(float(least[o]))
    # three volleys: the chart follows the int option
    spin = panel.options_view.editor("volleys")
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "3")
    assert panel.options_view.values()["volleys"] == 3
    assert chart.heights() == [float(p) for _, p in panel.context.odds().outcomes]
    assert len(chart.heights()) > len(dist.outcomes)


def test_pick_a_point_and_cancel_with_esc(qtbot):
    from PySide6.QtCore import Qt

    win = open_window(qtbot, firefight(), centre=(24, 20))
    panel = win.services.action_panel
    select_unit(qtbot, win, "mg")
    panel.pick_point()
    assert win.tools.active.id == "pick"
    click_board(qtbot, win, 20.0, 25.0)
    assert panel.point == pytest.approx((20.0, 25.0), abs=0.1)
    assert win.tools.active.id == "select"
    panel.pick_target()
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    assert win.tools.active.id == "select" and panel.target_id is None


def test_a_role_not_chosen_yet_is_asked_for_not_an_error(qtbot):
    """Issue 16: "tank_aim.target: required (target)" read as an error; the panel asks."""
    from app.panels.action_panel import OK_STYLE

    win = open_window(qtbot, duel_scenario(), centre=(29, 20))
    select_unit(qtbot, win, "sherman")
    panel = win.services.action_panel
    choose(qtbot, panel.action_box, "tank_aim")
    text = panel.message.text()
    assert text == "Choose the target for Search & Aim", text
    assert "required" not in text and "tank_aim" not in text
    assert panel.message.styleSheet() == OK_STYLE
    assert panel.context is None and not panel.apply_button.isEnabled()
