"""Start-up (design.md P6, issue 15): the program shows its window before it installs what
the first paint does not show (hidden docks, the Library menu), installs those just after
(the window complete: `startup_finished`), and only then loads the game — the engine,
numpy, shapely, the scenario and the board's items — and says so (`board_ready`). The whole
chrome needs none of the heavy libraries; an action used before the game arrived imports
what it needs and works. Tests and scripts (`build_window(show=False)`, `MainWindow(...)`)
get the whole window, game included, at once."""

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
from app.tools.catalog import TOOLS
from app.window import MainWindow, build_window
from engine.scenario_io import load_demo
from tests.app.helpers import show_window

ROOT = Path(__file__).resolve().parents[2]
#: Installed only after the first paint (everything in WINDOW_MODULES after app.files).
DEFERRED = ("app.panels.dock_catalog", "app.library_menu", "app.panels.readings_dialog",
            "app.groups", "app.picture_menu", "app.backdrop",
            "app.turn_post_dialog", "app.sealed_dice", "app.zones", "app.settings_dialog",
            "app.room", "app.zoom", "app.first_run", "app.help_menu", "app.own_rules",
            "app.unit_menu")
#: The docks' modules: imported when a dock is first wanted (app/panels/dock_catalog.py).
DOCK_MODULES = ("app.log_dock", "app.panels.turn_dock", "app.panels.action_panel",
                "app.panels.tests_dock", "app.panels.organisation_dock")
#: The tools' modules the window complete has not imported (app/tools/catalog.py).
LAZY_TOOLS = ("app.tools.measure", "app.tools.threat", "app.tools.template",
              "app.tools.terrain_edit", "app.tools.units", "app.tools.pick")
HEAVY = ("pyqtgraph", "sqlite_utils", "icepool", "engine.rulesets.registry", "engine.library",
         "engine.gamefile")
#: What the window's chrome (every module installed, no game yet) must not load.
CHROME_FREE = ("numpy", "shapely", "icepool", "sqlite_utils", "pyqtgraph", "scipy",
               "engine.model", "engine.scenario", "engine.protocol", "engine.dice",
               "engine.rulesets", "geometry.terrain", "engine.gamefile")


#: A fresh interpreter's program window, shown with its modules held back (as `run_gui`
#: builds it); a test's script goes on from here.
WINDOW_SHOWN = ("import json, sys\n"
                "from PySide6.QtWidgets import QApplication\n"
                "qapp = QApplication([])\n"
                "from app.window import MainWindow\n"
                "w = MainWindow(defer_modules=True)\n"
                "w.show()\n")


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


def test_the_window_complete_needs_neither_the_engine_nor_numpy():
    """The program's path to the window complete: built with its modules held back, shown,
    the rest installed — every menu, tool and dock in, and none of numpy, shapely, icepool,
    sqlite-utils, pyqtgraph or the engine's model, protocol and rulesets loaded; the hidden
    docks' and tool panels' contents not built. The demo then goes on the board as before,
    and the ruleset registry comes with it."""
    out = run_python(
        WINDOW_SHOWN +
        "pending = list(w.pending_modules)\n"
        "w.finish_startup()\n"
        "qapp.processEvents()\n"
        f"free = {CHROME_FREE!r}\n"
        "loaded = sorted(m for m in sys.modules if any(m == f or m.startswith(f + '.')"
        " for f in free))\n"
        "modules = sorted(w.modules)\n"
        "from app.panels.docks import LazyDock\n"
        "made = len(w.dock_widgets())\n"
        f"docks_loaded = sorted(m for m in {DOCK_MODULES!r} if m in sys.modules)\n"
        f"tools_loaded = sorted(m for m in {LAZY_TOOLS!r} if m in sys.modules)\n"
        "assert w.open_demo()\n"
        "s = w.services\n"
        "lazy = [s.action_panel, s.tests_dock, s.turn_dock, s.log_dock, s.organisation_dock]\n"
        "built = sorted(d.objectName() for d in lazy if d.built)\n"
        "built_after = sorted(d.objectName() for d in lazy if d.built)\n"
        "print(json.dumps({'loaded': loaded, 'pending': pending, 'modules': modules,"
        " 'units': len(w.scene.unit_items), 'lazy': len(lazy), 'built': built,"
        " 'built_after': built_after, 'tools_loaded': tools_loaded, 'made': made,"
        " 'docks_loaded': docks_loaded,"
        " 'actions': sorted(w.tools.actions),"
        " 'registry': 'engine.rulesets.registry' in sys.modules}))\n")
    assert out["loaded"] == []
    # no dock is made nor its module imported until wanted (app/panels/dock_catalog.py);
    # made by code after the demo's arrival, each still waits to be shown to build its
    # contents (app.panels.docks.LazyDock)
    assert out["made"] == 0 and out["docks_loaded"] == []
    assert out["lazy"] == 5 and out["built"] == [] and out["built_after"] == []
    # every tool has its action; only the select tool's code is in (the rest, and their
    # panels, come when a tool is first used: app/tools/catalog.py)
    assert out["actions"] == sorted(e.id for e in TOOLS)
    assert out["tools_loaded"] == []
    assert out["pending"] == list(DEFERRED)
    assert set(DEFERRED) | set(TOOL_MODULES) | {"app.files"} <= set(out["modules"])
    assert out["units"] == len(load_demo().units)
    assert out["registry"]  # the turn dock and the action panel read the ruleset


#: The docks' and dialogs' contents, split from the modules the window installs: imported
#: when a dock is first shown or a dialog first opened, never by the window complete.
CONTENTS = ("app.log_view", "app.panels.turn_views", "app.panels.organisation_tree",
            "app.panels.due_list", "app.help_dialogs", "app.turn_post_view",
            "app.sealed_dialogs", "app.settings_form", "app.panels.readings_form",
            "app.new_game_dialog")
#: PySide6 classes (created lazily, on first import) that only those contents use.
CONTENTS_CLASSES = ("QAbstractItemView", "QTableView", "QTableWidget", "QTreeWidget",
                    "QListWidget", "QHeaderView", "QDialog", "QDialogButtonBox",
                    "QMessageBox", "QFileDialog", "QInputDialog", "QPlainTextEdit",
                    "QTextBrowser", "QSpinBox", "QSortFilterProxyModel",
                    "QAbstractTableModel", "QThread")


def test_the_window_complete_leaves_the_docks_and_dialogs_contents_unloaded():
    """At the window complete none of the contents modules is imported and none of the
    classes only they use is created; showing the docks and opening the dialogs brings
    them in, and they show the game."""
    out = run_python(
        WINDOW_SHOWN +
        "w.finish_startup()\n"
        "qapp.processEvents()\n"
        "import PySide6.QtCore as QC, PySide6.QtWidgets as QW\n"
        f"contents = {CONTENTS!r}\n"
        f"classes = {CONTENTS_CLASSES!r}\n"
        "made = lambda: sorted(c for c in classes if c in vars(QW) or c in vars(QC))\n"
        "before = sorted(m for m in contents if m in sys.modules)\n"
        "classes_before = made()\n"
        "assert w.open_demo()\n"
        "s = w.services\n"
        "for d in (s.log_dock, s.turn_dock, s.organisation_dock, s.tests_dock):\n"
        "    d.show()\n"
        "qapp.processEvents()\n"
        "w.services.organisation_dock.raise_()\n"  # tabbed: its tree fills once it is the tab shown
        "qapp.processEvents()\n"
        "w.services.help_menu.show_rules()\n"
        "w.services.help_menu.show_shortcuts()\n"
        "from app.panels.readings_dialog import open_readings\n"
        "readings = open_readings(w)\n"
        "from app.new_game_dialog import NewGameDialog\n"
        "from app.settings_form import SettingsDialog\n"
        "from app.turn_post_view import TurnPostDialog\n"
        "from app.sealed_dialogs import SealDialog\n"
        "print(json.dumps({'before': before, 'classes_before': classes_before,"
        " 'after': sorted(m for m in contents if m in sys.modules),"
        " 'log_rows': w.services.log_dock.model.rowCount(), 'log': len(w.game.log),"
        " 'turn_rows': w.services.turn_dock.table.rowCount(),"
        " 'org_items': w.services.organisation_dock.tree.topLevelItemCount(),"
        " 'due': w.services.tests_dock.due_list.count() >= 0,"
        " 'rules': w.services.help_menu.dialog.text.toPlainText() != '',"
        " 'readings': readings is not None and readings.isVisible()}))\n")
    assert out["before"] == [] and out["classes_before"] == []
    assert out["after"] == sorted(CONTENTS)
    assert out["log_rows"] == out["log"]
    assert out["turn_rows"] > 0 and out["org_items"] > 0 and out["due"]
    assert out["rules"] and out["readings"]


#: The program's path (`warboard` with no FILE, as run_gui builds it) in a fresh
#: interpreter: on `startup_finished` — the window complete, no game yet — a menu action
#: (View ▸ Turn) and a tool (Measure, from its toolbar action) are used at once; on
#: `board_ready` a measurement is clicked on the demo table. Prints what it saw as JSON.
BEFORE_THE_ENGINE = """
import contextlib, io, json, sys
from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
qapp = QApplication([])
from app import cli
from app.window import build_window
w = build_window(sys.argv[1:], show=True)
out = {"order": []}
def complete():
    out["order"].append("complete")
    out["numpy_then"] = "numpy" in sys.modules or "engine.model" in sys.modules
    out["board_empty_then"] = w.scenario is None
    turn = next(a for a in w.view_menu.actions() if a.text() == "&Turn")
    turn.trigger()
    out["turn_shown"] = w.services.turn_dock.isVisible()
    out["turn_label"] = w.services.turn_dock.turn_label.text()
    w.tools.actions["measure"].trigger()
    out["tool"] = w.tools.active.id
def ready():
    out["order"].append("board")
    out["scenario"] = w.scenario.name
    out["units"] = len(w.scene.unit_items)
    out["tool_after"] = w.tools.active.id
    out["turn_label_after"] = w.services.turn_dock.turn_label.text()
    w.view.show_area(24, 12, 20.0)
    a, b = w.game.unit("us-1-1"), w.game.unit("gren-1")
    vp = w.view.viewport()
    for u in (a, b):
        QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         w.view.mapFromScene(QPointF(u.x, u.y)))
    result = w.tools.active.result
    out["measured"] = result.to_dict() if result is not None else None
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        cli.run(["measure", sys.argv[1] if sys.argv[1:] else DEMO, "us-1-1", "gren-1",
                 "--json"])
    out["cli"] = json.loads(text.getvalue())
    print(json.dumps(out))
    qapp.exit(0)  # the loop ends here; quit() would close the window and ask "Save the game?"
w.startup_finished.connect(complete)
w.board_ready.connect(lambda: QTimer.singleShot(0, ready))
QTimer.singleShot(60000, qapp.quit)
qapp.exec()
"""
DEMO_FILE = ROOT / "resources" / "scenarios" / "crossroads.json"


def run_program(config_dir: Path, *args: str) -> dict:
    """BEFORE_THE_ENGINE run as `warboard ARGS` with its settings in `config_dir`."""
    code = BEFORE_THE_ENGINE.replace("DEMO", repr(str(DEMO_FILE)))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", WARBOARD_CONFIG_DIR=str(config_dir))
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_menu_action_and_a_tool_work_before_the_engine_arrives(tmp_path):
    """Used the moment the window is complete, before the game (and numpy, the engine) is
    loaded: the Turn dock opens and says there is no turn yet, the Measure tool becomes the
    active tool; then the demo arrives on the board, the tool is still Measure, the dock
    follows the game, and a measurement clicked on the table gives the command line's
    figures."""
    out = run_program(tmp_path / "config")
    assert out["order"] == ["complete", "board"]
    assert out["numpy_then"] is False and out["board_empty_then"] is True
    assert out["turn_shown"] is True and out["turn_label"] == "Turn –"
    assert out["tool"] == "measure" and out["tool_after"] == "measure"
    assert out["scenario"] == load_demo().name
    assert out["units"] == len(load_demo().units)
    assert out["turn_label_after"] != "Turn –"
    assert out["measured"] == out["cli"]


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
    assert w.services.files is not None and w.services.log_dock is None
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
    assert all(w.services.log_dock.unit_box.findData(uid) > 0 for uid in ids)
    assert all(w.services.action_panel.actor_box.findData(uid) > 0 for uid in ids)
    assert w.services.turn_dock.game is w.game
    assert not w.services.log_dock.isVisible() and not w.services.action_panel.isVisible()


def test_the_late_game_gets_the_board_warnings_of_its_ruleset(tmp_path):
    """The ruleset's board warnings need the rulesets, which now come in with the game: a
    Boets table with a fighter out of his squad's chain shows the same warning (CMD) when
    the program loads it late as when a window is built with it at once."""
    raw = json.loads((ROOT / "resources" / "scenarios" / "boets-velian-ridge.json")
                     .read_text(encoding="utf-8"))
    unit = next(u for u in raw["units"] if u["id"] == "cy-a-4")
    unit["x"] += 4
    path = tmp_path / "chain.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               WARBOARD_CONFIG_DIR=str(tmp_path / "config"))
    code = ("import json, sys\n"
            "from PySide6.QtCore import QTimer\n"
            "from PySide6.QtWidgets import QApplication\n"
            "qapp = QApplication([])\n"
            "from app.window import build_window\n"
            "w = build_window(sys.argv[1:], show=True)\n"
            "def ready():\n"
            "    print(json.dumps({k: [str(b) for b in v]"
            " for k, v in w.scene.warnings().items()}))\n"
            "    qapp.quit()\n"
            "w.board_ready.connect(lambda: QTimer.singleShot(0, ready))\n"
            "QTimer.singleShot(60000, qapp.quit)\n"
            "qapp.exec()\n")
    done = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    late = json.loads(done.stdout.strip().splitlines()[-1])
    assert list(late) == ["cy-a-4"]
    at_once = build_window([str(path)])
    assert late == {k: [str(b) for b in v] for k, v in at_once.scene.warnings().items()}
    at_once.deleteLater()


def test_the_program_path_shows_the_window_completes_it_then_loads_the_table(qtbot):
    """build_window(show=True), as run_gui calls it: the window is shown with no game; the
    held-back modules follow the first paint (`startup_finished`), then the demo goes on
    the board (`board_ready`). (Until issue 15 the demo was on the board before the first
    paint; now the engine and the board items come after the window is complete.)"""
    w = build_window([], show=True)
    qtbot.addWidget(w)
    assert w.isVisible() and w.scenario is None
    assert w.pending_modules == DEFERRED
    seen = []
    w.startup_finished.connect(lambda: seen.append("complete"))
    with qtbot.waitSignal(w.board_ready, timeout=10000):
        w.board_ready.connect(lambda: seen.append("board"))
    assert seen == ["complete", "board"]
    assert set(DEFERRED) <= set(w.modules)
    assert len(w.scene.unit_items) == len(load_demo().units)


def test_a_game_opened_before_the_start_game_arrives_stays(qtbot, tmp_path):
    """File ▸ Open used before the late load: that game stays on the board; the demo does
    not replace it (`board_ready` is still emitted)."""
    path = tmp_path / "other.json"
    raw = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    raw["name"] = "Opened first"
    path.write_text(json.dumps(raw), encoding="utf-8")
    w = build_window([], show=True)
    qtbot.addWidget(w)
    assert w.open_path(path)
    with qtbot.waitSignal(w.board_ready, timeout=10000):
        pass
    assert w.scenario.name == "Opened first"


def test_the_program_opens_a_game_file_through_the_files_controller(qtbot, tmp_path,
                                                                       monkeypatch):
    """`warboard FILE.warboard`: the files controller is in before the window is shown, so a
    game file (which only it can read) opens once the window is complete, and is autosaved
    from then on."""
    from engine.gamefile import new_game_file
    from engine.model import Game

    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))
    path = tmp_path / "table.warboard"
    new_game_file(path, Game(dataclasses.replace(load_demo(), name="From a file")))
    w = build_window([str(path)], show=True)
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.board_ready, timeout=10000):
        pass
    assert w.pending_modules == ()
    assert w.scenario.name == "From a file"
    assert w.services.files.path == path
    assert w.windowTitle() == "From a file (table.warboard) — Warboard"


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
