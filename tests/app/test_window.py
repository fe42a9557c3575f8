"""The main window: wheel zoom about the pointer, drag to pan, F to fit, the pointer's table
position in the status bar, and bad files answered with a message instead of a crash."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from app.board.view import FIT_MARGIN_PX, ZOOM_PER_NOTCH
from app.window import build_window, pointer_text, run_gui, scenario_text
from engine.scenario_io import load_demo, save_scenario
from tests.app.helpers import show_window
from tests.app.test_board import make_scenario


@pytest.fixture
def win(qtbot):
    return show_window(qtbot, make_scenario(), (1000, 700), fit=True)


@pytest.fixture
def errors(monkeypatch):
    """Message boxes the window would show, as (title, text); the dialog is not under test."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda parent, title, text, *a, **k: shown.append((title, text)))
    return shown


def wheel(view, pos: QPoint, notches: int) -> None:
    vp = view.viewport()
    event = QWheelEvent(QPointF(pos), QPointF(vp.mapToGlobal(pos)), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(vp, event)


def test_pointer_text_in_inches_and_metres():
    assert pointer_text(12.5, 30.25, 10) == 'x 12.50"  y 30.25"  (125.0 m, 302.5 m)'
    assert pointer_text(4, 0.5, 2.5) == 'x 4.00"  y 0.50"  (10.0 m, 1.2 m)'


def test_title_and_status_name_the_scenario(win):
    assert win.windowTitle() == "Test table — Warboard"
    # the ruleset by its name, not its id (issue #16: no ids in what players read)
    assert win.scenario_label.text() == 'Iron Hearts   1" = 10 m   table 72" × 48"'
    assert scenario_text(load_demo()) == 'Iron Hearts   1" = 2.5 m   table 72" × 48"'


@pytest.mark.parametrize("notches", [1, 3, -1])
def test_wheel_zooms_about_the_pointer(win, notches):
    view = win.view
    pos = QPoint(300, 200)
    before_scale = view.px_per_inch()
    before = view.mapToScene(pos)
    wheel(view, pos, notches)
    assert view.px_per_inch() == pytest.approx(before_scale * ZOOM_PER_NOTCH ** notches)
    after = view.mapToScene(pos)
    drift_px = (after - before).manhattanLength() * view.px_per_inch()
    assert drift_px <= 1.0


def test_zoom_out_stops_with_the_table_still_visible(win):
    view = win.view
    for _ in range(40):
        wheel(view, QPoint(500, 300), -1)
    vp = view.viewport().rect()
    shown = view.mapFromScene(view.board().table_rect()).boundingRect()
    assert shown.width() >= 0.2 * vp.width() - 1 or shown.height() >= 0.2 * vp.height() - 1


def test_f_fits_the_table(win, qtbot):
    view = win.view
    wheel(view, QPoint(100, 100), 4)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_F)
    vp = view.viewport().rect()
    shown = view.mapFromScene(view.board().table_rect()).boundingRect()
    assert vp.contains(shown)
    # the limiting side fills the view less the margin; the table is centred
    fills_w = abs(shown.width() - (vp.width() - 2 * FIT_MARGIN_PX)) <= 2
    fills_h = abs(shown.height() - (vp.height() - 2 * FIT_MARGIN_PX)) <= 2
    assert fills_w or fills_h
    assert abs(shown.center().x() - vp.center().x()) <= 2
    assert abs(shown.center().y() - vp.center().y()) <= 2


def test_status_bar_shows_the_pointer_in_inches_and_metres(win, qtbot):
    view = win.view
    view.resetTransform()
    view.scale(20, 20)  # 1 px = 0.05": whole pixels land on exact hundredths
    view.centerOn(36, 24)
    target = QPointF(12.5, 30.25)
    pos = view.mapFromScene(target)
    assert view.mapToScene(pos) == target
    qtbot.mouseMove(view.viewport(), pos)
    assert win.pointer_label.text() == 'x 12.50"  y 30.25"  (125.0 m, 302.5 m)'


@pytest.mark.parametrize("button", [Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton])
def test_drag_on_empty_table_pans(win, qtbot, button):
    view = win.view
    start = view.mapFromScene(QPointF(30, 5))  # open table, no unit there
    assert view.unit_at(start) is None
    centre = view.view_centre()
    qtbot.mousePress(view.viewport(), button, pos=start)
    qtbot.mouseMove(view.viewport(), start + QPoint(-60, -40))
    qtbot.mouseMove(view.viewport(), start + QPoint(-120, -80))
    qtbot.mouseRelease(view.viewport(), button, pos=start + QPoint(-120, -80))
    moved = view.view_centre() - centre
    scale = view.px_per_inch()
    # the table follows the pointer: dragging left/up shows more of the right/bottom
    assert moved.x() == pytest.approx(120 / scale, abs=1.5 / scale)
    assert moved.y() == pytest.approx(80 / scale, abs=1.5 / scale)


def test_left_drag_on_a_unit_does_not_pan(win, qtbot):
    view = win.view
    start = view.mapFromScene(QPointF(10, 24))  # Sherman 1's centre
    assert view.unit_at(start) is win.scene.unit_item("sherman-1")
    centre = view.view_centre()
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view.viewport(), start + QPoint(-100, 0))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=start + QPoint(-100, 0))
    assert view.view_centre() == centre


def test_a_missing_file_shows_an_error_and_keeps_the_table(win, errors, tmp_path):
    missing = tmp_path / "nowhere.json"
    assert win.open_path(missing) is False
    assert len(errors) == 1
    assert str(missing) in errors[0][1]
    assert win.scenario.name == "Test table"
    assert win.windowTitle() == "Test table — Warboard"


def test_a_malformed_file_names_the_bad_field(win, errors, tmp_path):
    bad = tmp_path / "bad.json"
    data = json.loads(json.dumps({
        "format": "warboard-scenario", "version": 1, "name": "Bad", "ruleset": "iron-hearts",
        "table": {"width_in": 48, "height_in": 48, "metres_per_inch": 1},
        "units": [{"id": "a", "side": "allies", "profile": "p", "x": 1, "y": 1,
                   "facing": "north", "base": {"shape": "round", "diameter_mm": 25}}],
    }))
    bad.write_text(json.dumps(data))
    assert win.open_path(bad) is False
    assert "units[0].facing" in errors[0][1]
    assert win.scenario.name == "Test table"


def test_a_good_file_opens(win, errors, tmp_path):
    path = tmp_path / "other.json"
    other = make_scenario()
    other.name = "Other table"
    save_scenario(other, path)
    assert win.open_path(path) is True
    assert errors == []
    assert win.windowTitle() == "Other table — Warboard"
    assert sorted(win.scene.unit_items) == ["gren-1", "hq-1", "sherman-1"]


def test_command_line_with_a_bad_file_warns_then_shows_the_demo(qtbot, errors, tmp_path):
    w = build_window([str(tmp_path / "nowhere.json")])
    qtbot.addWidget(w)
    assert len(errors) == 1
    demo = load_demo()
    assert w.scenario.name == demo.name
    assert len(w.scene.unit_items) == len(demo.units)
    assert len(w.scene.terrain_items) == len(demo.terrain)


def test_command_line_refuses_two_files(qapp, capsys):
    assert run_gui(["a.json", "b.json"]) == 2
    assert "usage: warboard" in capsys.readouterr().err


def test_menus_are_minimal_and_real(win):
    titles = [a.text() for a in win.menuBar().actions()]
    assert titles[:4] == ["&File", "&Edit", "&View", "&Tools"]
    # opening and saving belong to the files module (app/files.py); Quit is always there
    assert win.quit_action in win.file_menu.actions()
    # Undo and Redo first; Edit ▸ Settings… (app/settings_dialog.py, issue 16) after them
    assert [a.text() for a in win.edit_menu.actions() if not a.isSeparator()] == \
        ["Undo", "Redo", "&Settings…"]
    assert not win.undo_action.isEnabled() and not win.redo_action.isEnabled()
    assert all(a.isEnabled() for a in (win.quit_action, win.fit_action))
    assert win.quit_action.shortcut().toString() == "Ctrl+Q"
    assert win.fit_action.shortcut().toString() == "F"
    assert win.undo_action.shortcut().toString() == "Ctrl+Z"
    assert win.redo_action.shortcut().toString() == "Ctrl+Shift+Z"
