"""Threat view: hovering a unit draws a line to every enemy that sees it and every enemy
it sees, with the fractions and cover of geometry.los.threat_view, checked here against
visible_fractions and line_of_sight pair by pair (cover only where something is seen)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.tools.threat import enemies, fraction_colour
from engine.measure import terrain_index
from geometry.los import line_of_sight, visible_fractions
from tests.app.helpers import at, threat_window


@pytest.fixture
def win(qtbot):
    return threat_window(qtbot)


def test_hover_shows_who_sees_the_unit_and_whom_it_sees(win, qtbot):
    tool = win.tools.active
    scenario = win.game.scenario
    me = scenario.unit("gren-1")
    qtbot.mouseMove(win.view.viewport(), at(win, 60, 44))  # Qt drops a move to where it was
    qtbot.mouseMove(win.view.viewport(), at(win, me.x, me.y))
    assert tool.hovered == "gren-1"
    others = enemies(scenario, me)
    assert {u.side for u in others} == {"allies"} and len(others) == 17
    index = terrain_index(scenario)
    sees = visible_fractions(index, me.polygon(), [u.polygon() for u in others])
    by_id = {s.other: s for s in tool.view_of}
    for u, f in zip(others, sees, strict=True):
        s = by_id[u.id]
        assert s.sees == pytest.approx(f)
        seen = visible_fractions(index, u.polygon(), [me.polygon()])[0]
        assert s.seen_by == pytest.approx(seen)
        if seen > 0:
            assert s.cover_from == line_of_sight(index, u.polygon(), me.polygon()).cover
        else:
            assert s.cover_from is None
        if f > 0:
            assert s.cover_of == line_of_sight(index, me.polygon(), u.polygon()).cover
        else:
            assert s.cover_of is None
    n_seen = sum(s.seen_by > 0 for s in tool.view_of)
    n_sees = sum(s.sees > 0 for s in tool.view_of)
    assert n_seen > 0 and n_sees > 0
    assert tool.lines in tool._overlay and tool.lines.scene() is win.scene
    pens = [pen for _line, pen in tool.lines.lines()]
    solid = [p for p in pens if p.style() == Qt.PenStyle.SolidLine]
    dashed = [p for p in pens if p.style() == Qt.PenStyle.DashLine]
    assert (len(solid), len(dashed)) == (n_seen, n_sees)
    text = win.pointer_hint.text()
    assert text.startswith(f"{me.label} (Axis)\nseen by {n_seen} of 17 (solid):")
    assert f"sees {n_sees} of 17 (dashed):" in text
    # the partly hidden US sergeant: its line carries its fraction's colour
    sgt = by_id["us-1-nco"]
    assert 0 < sgt.seen_by < 1
    assert fraction_colour(sgt.seen_by) in [p.color() for p in solid]


def test_leaving_the_unit_clears_the_view_and_a_move_updates_it(win, qtbot):
    tool = win.tools.active
    me = win.game.unit("gren-1")
    qtbot.mouseMove(win.view.viewport(), at(win, 60, 44))  # Qt drops a move to where it was
    qtbot.mouseMove(win.view.viewport(), at(win, me.x, me.y))
    assert tool._overlay
    qtbot.mouseMove(win.view.viewport(), at(win, 60, 45))  # open table
    assert tool.hovered is None and tool._overlay == []
    assert not win.pointer_hint.isVisible()
    qtbot.mouseMove(win.view.viewport(), at(win, me.x, me.y))
    before = {s.other: s.seen_by for s in tool.view_of}
    from engine.model import Change, MoveUnit

    win.editor.push(Change([MoveUnit("us-1-nco", 36, 2)], label="Move"))  # into the open
    after = {s.other: s.seen_by for s in tool.view_of}
    assert tool.hovered == "gren-1" and after != before



def test_the_unit_tooltip_never_covers_the_threat_list(win, qtbot):
    """Issue 16: hovering a unit in the threat view brought up its own tooltip over the
    list beside the pointer. While the list shows, the board's tooltips are held back."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    me = win.game.unit("gren-1")
    vp = win.view.viewport()
    pos = at(win, me.x, me.y)
    qtbot.mouseMove(vp, at(win, me.x + 3, me.y + 3))
    qtbot.mouseMove(vp, pos)
    assert win.tools.active.hovered == "gren-1"
    hint = win.pointer_hint
    assert hint.isVisible() and "seen by" in hint.text()
    tip = QHelpEvent(QEvent.Type.ToolTip, pos, vp.mapToGlobal(pos))
    assert hint.eventFilter(vp, tip) is True          # swallowed while the list shows
    QApplication.sendEvent(vp, tip)
    assert not QToolTip.isVisible()
    hint.hide()                                       # no result shown: tooltips come back
    assert hint.eventFilter(vp, tip) is False
