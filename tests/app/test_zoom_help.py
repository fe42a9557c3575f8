"""Conventions (issue 16): keyboard zoom Ctrl+= / Ctrl+− / Ctrl+0 and the zoom box; Help ▸
Keyboard shortcuts (read from the window's actions), Help ▸ Rules (each ruleset's summary
with its PROPOSED readings), Help ▸ About; the first-run overlay naming the tools."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from app import settings as st
from app.help_dialogs import RulesDialog
from app.help_texts import ruleset_html, shortcuts
from app.zoom import STEP, parse_percent
from engine.rulesets.registry import list_rulesets
from engine.scenario_io import load_demo
from tests.app.helpers import show_window


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def win(qtbot):
    w = show_window(qtbot, load_demo(), (1280, 800), fit=True)
    w.view.setFocus()
    return w


def centre(win):
    c = win.view.view_centre()
    return c.x(), c.y()


def test_ctrl_plus_minus_zero_zoom_about_the_centre(win, qtbot):
    scale, at = win.view.px_per_inch(), centre(win)
    qtbot.keyClick(win.view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert win.view.px_per_inch() == pytest.approx(scale * STEP)
    assert centre(win) == pytest.approx(at, abs=0.1)
    qtbot.keyClick(win.view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(win.view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert win.view.px_per_inch() == pytest.approx(scale / STEP)
    qtbot.keyClick(win.view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert win.services.zoom.percent() == pytest.approx(100.0)
    assert win.view.px_per_inch() == pytest.approx(win.view.screen().logicalDotsPerInch())


def test_the_zoom_box_shows_the_zoom_and_takes_a_typed_one(win, qtbot):
    box = win.services.zoom.box
    assert box in [win.toolbar.widgetForAction(a) for a in win.toolbar.actions()]
    qtbot.keyClick(win.view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(20)
    assert box.currentText() == f"{win.services.zoom.percent():.0f} %"
    box.lineEdit().setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "250")
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert win.services.zoom.percent() == pytest.approx(250.0)
    box.setCurrentIndex(box.findData("fit"))
    box.activated.emit(box.findData("fit"))
    win.view.fit_table()
    fitted = win.view.px_per_inch()
    zoom = win.services.zoom
    assert zoom.percent() == pytest.approx(100 * fitted / zoom.life_size_px_per_inch())


@pytest.mark.parametrize(("text", "value"), [("150", 150.0), ("150 %", 150.0),
                                              ("87,5%", 87.5), ("x", None), ("0", None)])
def test_parse_percent(text, value):
    assert parse_percent(text) == value


def test_help_menu_is_last_and_has_its_entries(win):
    titles = [a.text() for a in win.menuBar().actions()]
    assert titles[-1] == "&Help"
    texts = [a.text() for a in win.services.help_menu.menu.actions() if not a.isSeparator()]
    assert texts == ["&Keyboard shortcuts", "&Rules…", "&Write your own rules…",
                     "The &tools at a glance", "&About Warboard"]


def test_keyboard_shortcuts_lists_the_window_s_keys(win, qtbot):
    rows = shortcuts(win)
    keys = {k for k, _, _ in rows}
    for expected in ("Ctrl+Z", "Ctrl+Q", "F", "M", "Ctrl+0", "F1"):
        assert any(expected in k.split(" / ") for k in keys), expected
    what = {w: k for k, w, _ in rows}
    assert what["Measure"] == "M"
    win.services.help_menu.shortcuts_action.trigger()
    dialog = win.services.help_menu.dialog
    qtbot.addWidget(dialog)
    text = dialog.text.toPlainText()
    assert "Zoom in" in text and "Ctrl+=" in text and "Wheel" in text


def test_rules_summary_of_each_ruleset_marks_its_proposed_readings(win, qtbot):
    for rs in list_rulesets():
        page = ruleset_html(rs)
        assert rs.name in page and rs.id not in page   # named, never by its id
        n = sum(o.proposed for o in rs.options)
        assert page.count("#b36b00'>PROPOSED") == n   # the badge: one per reading of ours
        assert f"{n} PROPOSED" in page
    win.services.help_menu.rules_action.trigger()
    dialog = win.services.help_menu.dialog
    qtbot.addWidget(dialog)
    assert isinstance(dialog, RulesDialog)
    assert dialog.box.currentData() == win.scenario.ruleset   # the game's own first
    assert "Iron Hearts" in dialog.text.toPlainText()
    other = next(i for i in range(dialog.box.count()) if dialog.box.itemData(i) != "iron-hearts")
    dialog.box.setCurrentIndex(other)
    assert dialog.rulesets[dialog.box.itemData(other)].name in dialog.text.toPlainText()


def test_about(win, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append(text))
    win.services.help_menu.about_action.trigger()
    assert shown and "Warboard" in shown[0] and "Qt" in shown[0]


def test_first_run_overlay_names_the_tools_once(win, qtbot):
    first = win.services.first_run
    assert first.maybe_show() is True
    overlay = first.overlay
    assert overlay.isVisible()
    text = overlay.text.text()
    for action in win.tools.actions.values():
        assert action.text() in text
    qtbot.mouseClick(overlay.ok, Qt.MouseButton.LeftButton)
    assert not overlay.isVisible()
    assert st.settings().value("ui/first_run_seen") in (True, "true")
    assert first.maybe_show() is False
    win.services.help_menu.tour_action.trigger()
    assert overlay.isVisible()
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    assert not overlay.isVisible()


def test_a_window_built_for_tests_shows_no_overlay(win):
    assert win.services.first_run.overlay is None
    assert QApplication.instance() is not None
