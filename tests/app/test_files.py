"""The File menu through its actions: save / open round trip, autosave after a real change,
recent files, a refusal for each kind of bad file (the file left byte for byte, the game on
the board still open), scenario JSON export → import, and the question on closing.

File dialogs are replaced by functions returning a tmp path (the dialog is not under test);
message boxes are recorded instead of shown."""

from __future__ import annotations

import json
import os
import sqlite3

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFileDialog, QMessageBox

from app import files as files_module
from app.files import NewTable
from app.new_game_dialog import NewGameDialog
from app.window import MainWindow, build_window
from engine.gamefile import export_scenario, load_game, new_game_file, read_log
from engine.model import Change, Game, LogEntry, MoveUnit
from engine.scenario_io import load_demo, save_scenario
from tests.app.helpers import show_window
from tests.app.test_board import make_scenario


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    """The recent-files list goes to a folder of this test's own."""
    folder = tmp_path / "config"
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(folder))
    return folder


@pytest.fixture
def win(qtbot):
    return show_window(qtbot, make_scenario())


@pytest.fixture
def errors(monkeypatch):
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda parent, title, text, *a, **k: shown.append((title, text)))
    return shown


class Answers(list):
    """Paths the next file dialogs return, in order; `asked` records each dialog shown."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []


@pytest.fixture
def dialogs(monkeypatch):
    queue = Answers()
    asked = queue.asked

    def answer(kind):
        def dialog(parent, caption, start="", filter="", *a, **k):
            asked.append(f"{kind}: {caption} [{start}]")
            return (str(queue.pop(0)) if queue else "", "")
        return dialog

    fd = QFileDialog
    monkeypatch.setattr(fd, "getOpenFileName", answer("open"))
    monkeypatch.setattr(fd, "getSaveFileName", answer("save"))
    return queue


def move(win, unit_id: str, x: float, y: float) -> None:
    win.editor.push(Change([MoveUnit(unit_id, x, y)], f"Move {unit_id}"))


def game_file(tmp_path, name="saved.warboard", game: Game | None = None):
    path = tmp_path / name
    new_game_file(path, game or Game(make_scenario()))
    return path


# --------------------------------------------------------------------------- the menu


def test_file_menu_entries_and_shortcuts(win):
    f = win.services.files
    texts = [a.text() for a in win.file_menu.actions() if not a.isSeparator()]
    assert texts == ["&New…", "&Open…", "Open &Recent", "&Save", "Save &As…",
                     "&Import Scenario JSON…", "&Export Scenario JSON…", "Chec&k Game…",
                     "Export &picture…", "&Table picture…",
                     "Sealed &dice", "&Verify dice…", "&Quit"]
    shortcuts = {a.shortcut().toString() for a in (f.new_action, f.open_action, f.save_action,
                                                   f.save_as_action)}
    assert shortcuts == {"Ctrl+N", "Ctrl+O", "Ctrl+S", "Ctrl+Shift+S"}
    assert win.modules["app.files"] is f


def test_save_as_then_open_round_trip(win, dialogs, tmp_path, errors):
    move(win, "gren-1", 33.5, 20.25)
    assert win.windowTitle() == "*Test table — Warboard"
    path = tmp_path / "game.warboard"
    dialogs.append(path)
    win.services.files.save_as_action.trigger()
    assert errors == []
    assert win.services.files.path == path
    assert win.windowTitle() == "Test table (game.warboard) — Warboard"
    saved = export_scenario(win.game)

    win.services.files.new_game(NewTable(name="Empty", width_in=48, height_in=36))
    assert win.game.scenario.units == []
    dialogs.append(path)
    win.services.files.open_action.trigger()
    assert errors == []
    assert win.services.files.path == path
    assert export_scenario(win.game) == saved
    unit = win.game.unit("gren-1")
    assert (unit.x, unit.y) == (33.5, 20.25)
    assert win.scene.unit_item("gren-1").pos().x() == 33.5


def test_save_without_a_file_asks_where(win, dialogs, tmp_path):
    path = tmp_path / "first"
    dialogs.append(path)
    win.services.files.save_action.trigger()
    assert dialogs.asked[0].startswith("save: Save the game as")
    assert win.services.files.path == tmp_path / "first.warboard"  # the suffix is added
    assert load_game(win.services.files.path).scenario.name == "Test table"


def test_save_as_cancelled_changes_nothing(win, dialogs, tmp_path):
    move(win, "gren-1", 1, 1)
    win.services.files.save_as_action.trigger()  # the dialog returns no name
    assert win.services.files.path is None and win.services.files.modified
    assert list(tmp_path.glob("*.warboard")) == []


# --------------------------------------------------------------------------- autosave


def test_autosave_writes_a_move_into_the_open_file(win, dialogs, tmp_path, qtbot):
    path = tmp_path / "auto.warboard"
    dialogs.append(path)
    win.services.files.save_as_action.trigger()
    move(win, "sherman-1", 12.0, 30.0)
    assert win.windowTitle().startswith("*")
    # written on the autosaver's thread; the title's star goes when it reports back
    qtbot.waitUntil(lambda: not win.services.files.modified, timeout=5000)
    assert win.windowTitle() == "Test table (auto.warboard) — Warboard"
    unit = load_game(path).unit("sherman-1")
    assert (unit.x, unit.y) == (12.0, 30.0)
    win.editor.undo_stack.undo()
    win.services.files.flush()
    unit = load_game(path).unit("sherman-1")
    assert (unit.x, unit.y) == (10.0, 24.0)


def test_autosave_appends_log_entries(win, dialogs, tmp_path):
    path = tmp_path / "log.warboard"
    dialogs.append(path)
    win.services.files.save_as_action.trigger()
    entry = LogEntry(1, "sherman-1", "measure", "gren-1", summary='40.0" centre to centre',
                     details={"kind": "measurement"})
    win.editor.log(entry)
    win.services.files.flush()
    rows = read_log(path)
    assert [(r.seq, r.kind, r.entry) for r in rows] == [(1, "measurement", entry)]


def test_an_opened_game_file_is_autosaved(win, tmp_path, errors):
    path = game_file(tmp_path)
    assert win.services.files.open_path(path) is True
    move(win, "hq-1", 5.0, 6.0)
    win.services.files.flush()
    assert (load_game(path).unit("hq-1").x, load_game(path).unit("hq-1").y) == (5.0, 6.0)


def test_a_scenario_json_is_not_written_to(win, tmp_path, errors):
    path = tmp_path / "table.json"
    save_scenario(make_scenario(), path)
    before = path.read_bytes()
    assert win.services.files.open_path(path) is True
    move(win, "hq-1", 5.0, 6.0)
    assert win.services.files.path is None and win.services.files.modified
    assert path.read_bytes() == before


def test_closing_flushes_the_autosave(qtbot, tmp_path):
    path = game_file(tmp_path)
    w = MainWindow()
    qtbot.addWidget(w)
    assert w.open_path(path)
    move(w, "gren-1", 7.0, 8.0)
    w.close()
    assert load_game(path).unit("gren-1").x == 7.0


# --------------------------------------------------------------------------- recent files


def test_recent_files_follow_opens_and_saves(win, dialogs, tmp_path, config_dir, errors):
    scen = tmp_path / "table.json"
    save_scenario(make_scenario(), scen)
    game = tmp_path / "game.warboard"
    assert win.services.files.open_path(scen)
    dialogs.append(game)
    win.services.files.save_as_action.trigger()
    assert win.services.files.recent.paths() == [game, scen]
    stored = json.loads((config_dir / "recent.json").read_text())
    assert stored == {"recent": [str(game), str(scen)]}
    assert win.services.files.open_path(scen)  # opened again: to the top, not twice
    assert win.services.files.recent.paths() == [scen, game]

    menu = win.services.files.recent_menu
    win.services.files.fill_recent_menu()
    entries = [a for a in menu.actions() if a.data()]
    assert [a.text() for a in entries] == ["&1  table.json", "&2  game.warboard"]
    entries[1].trigger()
    assert win.services.files.path == game


def test_a_recent_file_that_has_gone_is_disabled(win, tmp_path, errors):
    gone = game_file(tmp_path, "gone.warboard")
    win.services.files.open_path(gone)
    os.remove(gone)
    win.services.files.fill_recent_menu()
    entry = next(a for a in win.services.files.recent_menu.actions() if a.data())
    assert not entry.isEnabled()


def test_recent_list_unreadable_reads_as_empty(config_dir):
    from app.recent import RecentFiles

    config_dir.mkdir()
    (config_dir / "recent.json").write_text("{not json")
    recent = RecentFiles()
    assert recent.paths() == []
    assert recent.add("/a/b.warboard") == [files_module.Path("/a/b.warboard")]


# --------------------------------------------------------------------------- refusals


def refused(win, dialogs, errors, path):
    """Open `path` through the menu; check the file and the board are untouched."""
    before = path.read_bytes()
    game, title = win.game, win.windowTitle()
    dialogs.append(path)
    win.services.files.open_action.trigger()
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == sorted(
        p.name for p in path.parent.iterdir() if not p.name.endswith(("-wal", "-shm")))
    assert win.game is game and win.windowTitle() == title
    assert win.scene.scenario is game.scenario
    assert len(errors) == 1
    return errors.pop()


def test_each_refusal_says_which(win, dialogs, errors, tmp_path):
    rnd = tmp_path / "random.warboard"
    rnd.write_bytes(bytes(range(256)) * 8)

    truncated = game_file(tmp_path, "truncated.warboard")
    data = truncated.read_bytes()
    truncated.write_bytes(data[: len(data) // 2])

    newer = game_file(tmp_path, "newer.warboard")
    conn = sqlite3.connect(newer)
    conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    conn.commit()
    conn.close()

    foreign = tmp_path / "notes.warboard"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.commit()
    conn.close()

    bad_json = tmp_path / "bad.json"
    doc = json.loads(json.dumps({
        "format": "warboard-scenario", "version": 1, "name": "Bad", "ruleset": "iron-hearts",
        "table": {"width_in": 48, "height_in": 48, "metres_per_inch": 1},
        "units": [{"id": "a", "side": "allies", "profile": "p", "x": 1, "y": 1,
                   "facing": "north", "base": {"shape": "round", "diameter_mm": 25}}]}))
    bad_json.write_text(json.dumps(doc))

    got = {p.name: refused(win, dialogs, errors, p)
           for p in (rnd, truncated, newer, foreign, bad_json)}
    titles = {name: title for name, (title, _) in got.items()}
    assert titles == {
        "random.warboard": "Not a Warboard game file",
        "truncated.warboard": "The game file is damaged",
        "newer.warboard": "Made by a newer Warboard",
        "notes.warboard": "Not a Warboard game",
        "bad.json": "Not a valid scenario file",
    }
    texts = {name: text for name, (_, text) in got.items()}
    assert "not a SQLite database" in texts["random.warboard"]
    assert "cut short" in texts["truncated.warboard"]
    assert "schema 99" in texts["newer.warboard"]
    assert "not a Warboard game" in texts["notes.warboard"]
    assert "units[0].facing: expected a number" in texts["bad.json"]
    for name, text in texts.items():
        assert name in text and "left as it was" in text
    assert win.services.files.recent.paths() == []


def test_a_refused_file_does_not_stop_the_autosave(win, tmp_path, errors):
    good = game_file(tmp_path, "good.warboard")
    win.services.files.open_path(good)
    bad = tmp_path / "bad.warboard"
    bad.write_bytes(b"nope")
    assert win.services.files.open_path(bad) is False
    assert win.services.files.path == good
    move(win, "gren-1", 2.0, 3.0)
    win.services.files.flush()
    assert load_game(good).unit("gren-1").x == 2.0


# --------------------------------------------------------------------------- scenario JSON


def test_export_then_import_gives_the_same_scenario(qtbot, dialogs, tmp_path, errors):
    w = MainWindow(load_demo())
    qtbot.addWidget(w)
    move(w, "sherman-1", 20.0, 21.0)
    before = export_scenario(w.game)
    out = tmp_path / "exported.json"
    dialogs.append(out)
    w.services.files.export_action.trigger()
    assert json.loads(out.read_text(encoding="utf-8")) == before

    w.services.files.new_game(NewTable(name="Something else"), ask=False)
    dialogs.append(out)
    w.services.files.import_action.trigger()
    assert errors == []
    assert export_scenario(w.game) == before
    assert w.services.files.path is None  # an import has no game file until Save As
    again = tmp_path / "again.json"
    dialogs.append(again)
    w.services.files.export_action.trigger()
    assert again.read_bytes() == out.read_bytes()


def test_import_refuses_a_bad_scenario(win, dialogs, errors, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "warboard-scenario", "version": 1, "name": "x"}')
    dialogs.append(bad)
    win.services.files.import_action.trigger()
    assert errors[0][0] == "Not a valid scenario file"
    assert "ruleset: required key is missing" in errors[0][1]
    assert win.game.scenario.name == "Test table"


# --------------------------------------------------------------------------- new


def test_new_blank_table(win, monkeypatch):
    spec = NewTable(name="Skirmish", ruleset="iron-hearts", width_in=48, height_in=36,
                    metres_per_inch=5)
    monkeypatch.setattr(files_module, "ask_new_table", lambda parent: spec)
    win.services.files.new_action.trigger()
    s = win.game.scenario
    assert (s.name, s.ruleset, s.table.width_in, s.table.height_in,
            s.table.metres_per_inch) == ("Skirmish", "iron-hearts", 48, 36, 5)
    assert s.units == [] and s.terrain == []
    assert win.scene.table_rect().width() == 48
    assert win.windowTitle() == "Skirmish — Warboard"


def test_new_demo_table(win, monkeypatch):
    monkeypatch.setattr(files_module, "ask_new_table", lambda parent: NewTable(demo=True))
    win.services.files.new_action.trigger()
    assert win.game.scenario.name == load_demo().name


def test_new_dialog_spec(qtbot):
    d = NewGameDialog()
    qtbot.addWidget(d)
    assert d.scale.value() == 2.5  # the ruleset's ground scale
    d.name.setText("Hill 112")
    d.width.setValue(60)
    d.height.setValue(44)
    assert d.spec() == NewTable(False, "Hill 112", "iron-hearts", 60.0, 44.0, 2.5)
    d.demo.setChecked(True)
    assert d.spec().demo and not d.width.isEnabled()


# --------------------------------------------------------------------------- closing


def test_new_with_unsaved_changes_asks_and_cancel_keeps_the_game(win, monkeypatch):
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.Cancel)
    monkeypatch.setattr(files_module, "ask_new_table", lambda parent: NewTable(name="X"))
    move(win, "gren-1", 1, 1)
    win.services.files.new_action.trigger()
    assert len(asked) == 1 and "Test table" in asked[0]
    assert win.game.scenario.name == "Test table"


def test_closing_with_unsaved_changes_asks(win, monkeypatch, qtbot, dialogs, tmp_path):
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save]
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: answers.pop(0))
    move(win, "gren-1", 1, 1)
    QTimer.singleShot(0, win.close)  # closed from the event loop, as a user closes it
    qtbot.wait(50)
    assert win.isVisible() and answers == [QMessageBox.StandardButton.Save]
    path = tmp_path / "kept.warboard"
    dialogs.append(path)
    QTimer.singleShot(0, win.close)
    qtbot.wait(50)
    assert not win.isVisible()
    assert load_game(path).unit("gren-1").x == 1.0


def test_closing_without_changes_does_not_ask(win, monkeypatch, qtbot):
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: pytest.fail("asked"))
    QTimer.singleShot(0, win.close)
    qtbot.wait(50)
    assert not win.isVisible()


# --------------------------------------------------------------------------- command line


def test_command_line_opens_a_game_file(qtbot, tmp_path, errors):
    game = Game(make_scenario())
    move_change = Change([MoveUnit("gren-1", 44.0, 4.0)], "m")
    from engine.model import apply_change

    apply_change(game, move_change)
    path = game_file(tmp_path, "cli.warboard", game)
    w = build_window([str(path)])
    qtbot.addWidget(w)
    assert errors == []
    assert w.services.files.path == path
    assert w.game.unit("gren-1").x == 44.0
    assert w.windowTitle() == "Test table (cli.warboard) — Warboard"


def test_a_log_altered_outside_warboard_is_shown_when_the_game_opens(win, tmp_path, errors,
                                                                     monkeypatch):
    game = Game(make_scenario())
    for i in range(3):
        game.append_log(LogEntry(1, None, "roll", None, summary=f"roll {i}"))
    path = game_file(tmp_path, "altered.warboard", game)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE log SET summary = 'roll 9' WHERE seq = 2")
    conn.commit()
    conn.close()
    warned: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text, *a, **k: warned.append((title, text)))
    assert win.services.files.open_path(path)                  # opens: the game is readable
    assert [e.summary for e in win.game.log] == ["roll 0", "roll 9", "roll 2"]
    assert len(warned) == 1 and warned[0][0] == "The roll log was altered"
    assert "log entry 3: the hash of entry 2" in warned[0][1]
    assert win.services.files.log_problems and errors == []
    untouched = game_file(tmp_path, "fine.warboard", game)
    assert win.services.files.open_path(untouched) and win.services.files.log_problems == ()
    assert len(warned) == 1


def test_a_damaged_game_offers_its_last_good_backup(win, tmp_path, errors, monkeypatch):
    from engine.backups import list_backups

    path = game_file(tmp_path, "kept.warboard")
    assert win.services.files.open_path(path)                  # opening takes a backup
    move(win, "gren-1", 30, 20)
    win.services.files.flush()
    assert len(list_backups(path)) == 1
    win.services.files.close()
    data = bytearray(path.read_bytes())
    data[4096:8192] = b"\xff" * 4096
    path.write_bytes(bytes(data))
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda parent, title, text, *a, **k: asked.append(text) or
                        QMessageBox.StandardButton.Open)
    assert win.services.files.open_path(path)
    assert len(asked) == 1 and "last good backup" in asked[0] and errors == []
    assert win.game.unit("gren-1").x != 30           # the backup: as opened
    assert [p.name for p in tmp_path.iterdir() if ".damaged-" in p.name]
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Cancel)
    path.write_bytes(bytes(data))
    assert not win.services.files.open_path(path)              # declined: refused as before
    assert errors and errors[-1][0] == "The game file is damaged"
