"""Start-up: the program draws the table before it installs what the first paint does not
show (hidden docks, the Library menu), and installs those just after; tests and scripts
(`build_window(show=False)`, `MainWindow(...)`) get the whole window at once. The heavy
libraries (pyqtgraph, sqlite-utils, icepool) and the ruleset registry stay out of the part
before the first paint."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.modules import BEFORE_SHOW, TOOL_MODULES, WINDOW_MODULES, startup_split
from app.window import MainWindow, build_window
from engine.scenario_io import load_demo
from tests.app.helpers import show_window

ROOT = Path(__file__).resolve().parents[2]
#: Installed only after the first paint (everything in WINDOW_MODULES after app.files).
DEFERRED = ("app.log_dock", "app.library_dialog", "app.panels.turn_dock",
            "app.panels.action_panel", "app.panels.tests_dock", "app.panels.readings_dialog",
            "app.groups", "app.panels.organisation_dock", "app.picture_dialog",
            "app.turn_post_dialog", "app.sealed_dice", "app.zones", "app.settings_dialog",
            "app.room", "app.zoom", "app.first_run", "app.help_menu")
HEAVY = ("pyqtgraph", "sqlite_utils", "icepool", "engine.rulesets.registry", "engine.library",
         "engine.gamefile")


def run_python(code: str) -> dict:
    """Run `code` in a fresh interpreter (offscreen Qt); it prints one JSON line."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_startup_split_keeps_the_order_and_cuts_at_the_first_deferred_module():
    assert startup_split(("app.tools.select", "app.files", "app.log_dock", "app.tools.pick")) \
        == (("app.tools.select", "app.files"), ("app.log_dock", "app.tools.pick"))
    assert startup_split(("app.log_dock", "app.tools.select")) \
        == ((), ("app.log_dock", "app.tools.select"))
    assert startup_split(("app.tools.select", "app.files")) \
        == (("app.tools.select", "app.files"), ())
    now, later = startup_split((*TOOL_MODULES, *WINDOW_MODULES))
    assert now == (*TOOL_MODULES, *(m for m in WINDOW_MODULES if m in BEFORE_SHOW))
    assert set(later) == set(DEFERRED) & set(WINDOW_MODULES)


def test_importing_the_window_leaves_the_heavy_libraries_alone():
    loaded = run_python(
        "import json, sys\n"
        "import app.main, app.window\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))\n")
    assert loaded == []


def test_the_part_before_the_first_paint_leaves_the_heavy_libraries_alone():
    """The program's path up to the first paint: window built with its modules held back,
    demo table on the board. The ruleset registry, the library, the game file and the
    charts are only loaded by the deferred modules."""
    out = run_python(
        "import json, sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "qapp = QApplication([])\n"
        "from app.window import MainWindow\n"
        "w = MainWindow(defer_modules=True)\n"
        "w.show()\n"
        "assert w.open_demo()\n"
        "before = [m for m in sys.modules if m.split('.')[0] in ('pyqtgraph', 'sqlite_utils',"
        " 'icepool') or m in ('engine.rulesets.registry', 'engine.library', 'engine.gamefile')]\n"
        "pending = list(w.pending_modules)\n"
        "units = len(w.scene.unit_items)\n"
        "w.finish_startup()\n"
        "print(json.dumps({'before': before, 'pending': pending, 'units': units,"
        " 'after': sorted(w.modules), 'registry': 'engine.rulesets.registry' in sys.modules}))\n")
    assert out["before"] == []
    assert out["pending"] == list(DEFERRED)
    assert out["units"] == len(load_demo().units)
    assert set(DEFERRED) <= set(out["after"])
    assert out["registry"]  # the turn dock and the action panel read the ruleset


def test_build_window_for_tests_is_complete_at_once(qtbot):
    w = build_window([])
    qtbot.addWidget(w)
    assert w.pending_modules == ()
    assert set(DEFERRED) | set(TOOL_MODULES) | {"app.files"} <= set(w.modules)
    # Help is last (app/help_menu.py, issue 16); Library and Log come before it
    assert [a.text() for a in w.menuBar().actions()][-3:] == ["&Library", "&Log", "&Help"]
    w.finish_startup()  # nothing left: no second install
    assert len([a for a in w.menuBar().actions() if a.text() == "&Library"]) == 1


def test_a_window_with_deferred_modules_is_drawable_then_completes(qtbot):
    w = MainWindow(defer_modules=True)
    qtbot.addWidget(w)
    assert w.pending_modules == DEFERRED
    # before: the board, every tool on the toolbar, the files controller; no docks yet
    assert set(w.tools.tools) >= {"select", "measure", "template", "units"}
    assert all(m in w.modules for m in TOOL_MODULES)
    assert hasattr(w, "files") and not hasattr(w, "log_dock")
    assert "&Library" not in [a.text() for a in w.menuBar().actions()]
    assert w.open_demo()
    demo = load_demo()
    with qtbot.waitSignal(w.startup_finished, timeout=5000):
        w.show()
        w.finish_startup_after_paint()
    assert w.pending_modules == ()
    assert [a.text() for a in w.menuBar().actions()][:6] == \
        ["&File", "&Edit", "&View", "&Tools", "&Game", "&Library"]
    # the docks installed after the demo was loaded show that game
    ids = [u.id for u in demo.units]
    assert all(w.log_dock.unit_box.findData(uid) > 0 for uid in ids)
    assert all(w.action_panel.actor_box.findData(uid) > 0 for uid in ids)
    assert w.turn_dock.game is w.game
    assert not w.log_dock.isVisible() and not w.action_panel.isVisible()


def test_the_program_path_shows_the_table_then_installs_the_rest(qtbot):
    """build_window(show=True), as run_gui calls it: the demo is on the board when the
    window is first shown; the held-back modules follow the first paint."""
    w = build_window([], show=True)
    qtbot.addWidget(w)
    assert w.isVisible() and w.scenario is not None
    assert len(w.scene.unit_items) == len(load_demo().units)
    assert w.pending_modules == DEFERRED
    qtbot.waitUntil(lambda: w.pending_modules == (), timeout=5000)
    assert set(DEFERRED) <= set(w.modules)


def test_the_program_opens_a_game_file_through_the_files_controller(qtbot, tmp_path,
                                                                       monkeypatch):
    """`warboard FILE.warboard`: the files controller is in before the window is shown, so a
    game file (which only it can read) opens, and is autosaved from then on."""
    from engine.gamefile import new_game_file
    from engine.model import Game

    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))
    path = tmp_path / "table.warboard"
    new_game_file(path, Game(dataclasses.replace(load_demo(), name="From a file")))
    w = build_window([str(path)], show=True)
    qtbot.addWidget(w)
    assert w.scenario.name == "From a file"
    assert w.files.path == path
    assert w.windowTitle() == "From a file (table.warboard) — Warboard"
    qtbot.waitUntil(lambda: w.pending_modules == (), timeout=5000)


@pytest.fixture
def win(qtbot):
    return show_window(qtbot, load_demo())


def test_units_catalogue_is_built_when_the_tool_is_chosen(win):
    """The profile list (it reads the ruleset's library) is not rebuilt for a hidden tool
    when the game is replaced; choosing the tool fills it from the game then on the board."""
    tool = win.tools.tools["units"]
    assert tool.panel.profiles.count() == 0
    win.tools.activate("units")
    demo_ids = {tool.panel.profiles.item(i).data(Qt.ItemDataRole.UserRole).id
                for i in range(tool.panel.profiles.count())}
    assert {u.profile for u in win.game.units} <= demo_ids
    # while the tool is chosen, a new game refills the list at once
    win.set_scenario(dataclasses.replace(load_demo(),
                                         profiles={"npc-sniper": {"name": "Sniper (NPC)"}}))
    ids = [tool.panel.profiles.item(i).data(Qt.ItemDataRole.UserRole).id
           for i in range(tool.panel.profiles.count())]
    assert "npc-sniper" in ids
