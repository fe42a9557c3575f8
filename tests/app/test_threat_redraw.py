"""Threat view on a big table: hovering back over a unit whose lines have no picture that
fits the view (pushed out of PICTURES_KEPT, or drawn at another zoom) does not stroke them
in the event; a worker draws them anew and they go up when it is done, looking as the
stroked lines do."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPoint

from bench.board_driver import big_table


def _window(qtbot):
    from app.tools.threat import WORKER_FROM
    from tests.app.helpers import at, show_window

    scenario = big_table(WORKER_FROM + 50, 30, seed=4)
    win = show_window(qtbot, scenario, (1280, 820), fit=True)
    win.tools.activate("threat")
    tool = win.tools.active
    units = [u for u in scenario.units
             if (item := win.view.unit_at(at(win, u.x, u.y))) is not None and item.unit is u]
    return win, tool, units


def _hover(qtbot, win, x: float, y: float) -> None:
    from tests.app.helpers import at

    qtbot.mouseMove(win.view.viewport(), at(win, x, y))


def _pixels(view) -> np.ndarray:
    from PySide6.QtGui import QImage

    img = view.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    a = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine() // 4,
                                                        4)
    return a[:, :img.width(), :3].astype(int)


def _worked_out(qtbot, win, tool, unit) -> None:
    _hover(qtbot, win, unit.x + 3, unit.y + 3)
    _hover(qtbot, win, unit.x, unit.y)
    qtbot.waitUntil(lambda: tool.pending is None and tool.lines.scene() is win.scene,
                    timeout=10000)


def _two_worked_out(qtbot):
    """Two units hovered in turn and their figures come: (win, tool, units, their lines)."""
    win, tool, units = _window(qtbot)
    lines = []
    for unit in units[:2]:
        _worked_out(qtbot, win, tool, unit)
        lines.append(tool.lines)
    return win, tool, units[:2], lines


def _strokes(item) -> list[bool]:
    """Count the times the item's lines are stroked on the interface (not put up)."""
    stroked: list[bool] = []
    lines = item._lines
    draw = type(lines).draw
    lines.draw = lambda painter: (stroked.append(True), draw(lines, painter))
    return stroked


def test_kept_lines_drawn_at_another_zoom_are_drawn_anew_by_the_worker(qtbot):
    from app.tools.base import ViewPose

    win, tool, units = _window(qtbot)
    unit = units[0]
    _worked_out(qtbot, win, tool, unit)
    kept = tool.lines
    before = kept.picture
    assert before is not None and before.fits(ViewPose.of(win.view))
    _hover(qtbot, win, unit.x + 3, unit.y + 3)  # off the unit: the lines go
    assert tool.hovered is None
    win.view.zoom_by(1.25, QPoint(600, 400))
    assert not before.fits(ViewPose.of(win.view))
    stroked = _strokes(kept)
    _hover(qtbot, win, unit.x, unit.y)
    assert tool.hovered == unit.id and tool.lines is kept
    assert kept.scene() is None  # the event only outlined the unit and wrote its text
    assert tool._redraw is not None
    qtbot.waitUntil(lambda: kept.scene() is win.scene, timeout=10000)
    assert kept.picture is not before and kept.picture.fits(ViewPose.of(win.view))
    win.view.viewport().repaint()
    assert stroked == []  # the new picture went up
    pictured = _pixels(win.view)
    kept.picture = None
    kept.update()
    win.view.viewport().repaint()
    assert stroked  # and without it the same lines are stroked ...
    differ = np.abs(pictured - _pixels(win.view)).max(axis=2) > 48
    assert differ.mean() < 0.002, f"{differ.sum()} pixels differ"  # ... looking the same


def test_kept_lines_whose_picture_was_pushed_out_come_back_with_a_new_one(qtbot):
    from app.tools.threat import PICTURES_KEPT

    win, tool, units = _window(qtbot)
    first = units[0]
    _worked_out(qtbot, win, tool, first)
    kept = tool.lines
    kept.picture = None  # as _keep leaves it once PICTURES_KEPT others are newer
    assert PICTURES_KEPT >= 1
    _hover(qtbot, win, first.x + 3, first.y + 3)
    _hover(qtbot, win, first.x, first.y)
    assert kept.scene() is None
    qtbot.waitUntil(lambda: kept.scene() is win.scene, timeout=10000)
    assert kept.picture is not None and tool._passing is None  # fewer kept than allowed


def test_a_picture_beyond_those_kept_goes_with_its_lines_and_pushes_none_out(
        qtbot, monkeypatch):
    """With more units hovered in turn than pictures are kept, a picture drawn anew does
    not push out one that would be put up next: it lasts while its lines are shown."""
    from app.tools import threat

    monkeypatch.setattr(threat, "PICTURES_KEPT", 1)
    win, tool, (a, b), (lines_a, lines_b) = _two_worked_out(qtbot)
    assert lines_a.picture is None and lines_b.picture is not None  # one kept: b's
    _hover(qtbot, win, a.x, a.y)
    qtbot.waitUntil(lambda: lines_a.scene() is win.scene, timeout=10000)
    assert lines_a.picture is not None and tool._passing is lines_a
    assert lines_b.picture is not None  # not pushed out
    _hover(qtbot, win, b.x, b.y)  # b's picture goes up at once; a's went with its lines
    assert lines_b.scene() is win.scene
    assert lines_a.picture is None and tool._passing is None


def test_pictures_drawn_at_another_zoom_are_let_go_when_a_new_one_comes(qtbot):
    win, tool, (a, b), (lines_a, lines_b) = _two_worked_out(qtbot)
    _hover(qtbot, win, b.x + 3, b.y + 3)
    win.view.zoom_by(1.25, QPoint(600, 400))
    _hover(qtbot, win, a.x, a.y)
    qtbot.waitUntil(lambda: lines_a.scene() is win.scene, timeout=10000)
    assert lines_a.picture is not None and lines_b.picture is None


def test_a_picture_that_comes_after_the_pointer_went_on_is_kept_but_not_put_up(qtbot):
    win, tool, units = _window(qtbot)
    first = units[0]
    _worked_out(qtbot, win, tool, first)
    kept = tool.lines
    kept.picture = None
    _hover(qtbot, win, first.x + 3, first.y + 3)
    _hover(qtbot, win, first.x, first.y)
    job = tool._redraw
    _hover(qtbot, win, first.x + 3, first.y + 3)  # gone before the picture came
    assert tool.hovered is None
    qtbot.waitUntil(job.done, timeout=10000)
    qtbot.waitUntil(lambda: job.cancelled() or kept.picture is not None, timeout=10000)
    qtbot.wait(20)
    assert kept.scene() is None


def test_a_small_table_strokes_its_kept_lines_in_the_event(qtbot):
    """At or below WORKER_FROM units the lines are few: drawn at once, no worker."""
    from tests.app.helpers import threat_window

    win = threat_window(qtbot)
    tool = win.tools.active
    unit = win.editor.game.scenario.units[0]
    tool.show_unit(unit.id)
    other = win.editor.game.scenario.units[1]
    tool.show_unit(other.id)
    win.view.zoom_by(1.25, QPoint(600, 400))
    tool.show_unit(unit.id)
    assert tool.lines.scene() is win.scene and tool._redraw is None


def test_a_picture_smaller_than_the_view_is_not_put_up(qtbot):
    """Lines pictured before the window grew would leave the new part of the view bare:
    a picture smaller than the viewport is not put up, the lines are stroked."""
    from dataclasses import replace

    from app.tools.base import ViewPose

    win, tool, units = _window(qtbot)
    _worked_out(qtbot, win, tool, units[0])
    kept = tool.lines
    stroked = _strokes(kept)
    win.view.viewport().repaint()
    assert stroked == []  # a picture as big as the view, at its transform: put up
    pose = ViewPose.of(win.view)
    small = replace(pose, width=pose.width - 200, height=pose.height - 100)
    kept.picture = kept.render(small)  # the same transform, a smaller image
    assert not kept.picture.fits(pose)
    kept.update()
    win.view.viewport().repaint()
    assert stroked
