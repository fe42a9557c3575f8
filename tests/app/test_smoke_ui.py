"""Exploratory smoke test of a player's evening with the real main window, offscreen.

`build_window([])` on the demo table, then every QAction reachable from the menu bar and the
toolbar in several states (nothing selected, a unit selected, after a move, after an undo),
every button of the docks, every tool clicked and dragged on the board, bad values typed into
fields, the library, roster and print preview dialogs driven through their buttons, the File
menu's dialogs answered, keys, resizing and zoom. Exceptions raised in Qt slots are caught by
`qtbot.captureExceptions()`; at the end the game must still be consistent: the scenario dumps
and re-parses with engine.scenario_io, and the undo stack takes everything back to the exact
dump it started from.

Modal dialogs never wait for a person: QMessageBox / QFileDialog / QInputDialog statics are
replaced with chosen answers, and dialogs run with `exec()` are driven by `ModalDriver`, which
runs a small script (a generator, one step per tick) for whatever modal widget is active —
nested dialogs (a print preview opened from the library) included.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QFileDialog,
    QInputDialog,
    QMenu,
    QMessageBox,
    QPushButton,
    QWidget,
)

import engine.seeds
from app.window import MainWindow, build_window
from engine.scenario_io import dumps_scenario, loads_scenario
from tests.app.helpers import at, click_board, drag_line

SEED = 20240607
SELECTED = "us-1-1"      # a rifleman at (21.5, 7.5)
TANK = "sherman-1"       # at (9, 24), turret
ENEMY = "gren-1"         # at (41.4, 13.6)
#: Menu entries that replace the game, ask for files or quit: driven in the File test only.
FILE_ENTRIES = ("&New…", "&Open…", "Open &Recent", "&Save", "Save &As…",
                "&Import Scenario JSON…", "&Quit")


# --------------------------------------------------------------------------- modal dialogs


def _key(w: QWidget) -> int:
    return shiboken6.getCppPointer(w)[0]


class ModalDriver(QObject):
    """Answers whatever modal widget is active with a script: `scripts` maps a dialog class
    name to a function returning a generator (one step per tick); anything else is rejected.
    A step may open a nested dialog (its `exec` blocks the step, not the driver)."""

    def __init__(self, scripts: dict[str, Callable[[QWidget], Iterator[None]]]) -> None:
        super().__init__()
        self.scripts = scripts
        self.running: dict[int, Iterator[None]] = {}
        self.busy: set[int] = set()
        self.seen: list[str] = []
        self.timer = QTimer(self)
        self.timer.setInterval(15)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        w = QApplication.activeModalWidget()
        if w is None:
            return
        key = _key(w)
        if key in self.busy:
            return
        if key not in self.running:
            name = type(w).__name__
            self.seen.append(name)
            self.running[key] = self.scripts.get(name, _reject)(w)
        self.busy.add(key)
        QTimer.singleShot(0, lambda: self._step(key, w))

    def _step(self, key: int, w: QWidget) -> None:
        try:
            next(self.running[key])
        except StopIteration:
            self.running.pop(key, None)
            if shiboken6.isValid(w) and w.isVisible() and isinstance(w, QDialog):
                w.reject()
        except BaseException:
            self.running.pop(key, None)
            if shiboken6.isValid(w) and isinstance(w, QDialog):
                w.reject()
            raise
        finally:
            self.busy.discard(key)

    def stop(self) -> None:
        self.timer.stop()


def _reject(w: QWidget) -> Iterator[None]:
    yield
    if isinstance(w, QDialog):
        w.reject()
    else:
        w.close()


class Answers:
    """The statics a dialog would ask a person: message boxes, file names, text."""

    def __init__(self, monkeypatch, tmp_path: Path) -> None:
        self.tmp = tmp_path
        self.messages: list[tuple[str, str, str]] = []
        self.open_queue: list[str] = []
        self.saved: list[Path] = []
        self.question_answer = QMessageBox.StandardButton.Yes
        self.n = 0

        def box(kind):
            def answer(parent, title, text, *args, **kwargs):
                self.messages.append((kind, title, text))
                if kind == "question":
                    buttons = args[0] if args else kwargs.get("buttons")
                    want = self.question_answer
                    if buttons is not None and not (buttons & want):
                        # Save/Discard/Cancel: discard the unsaved game
                        return QMessageBox.StandardButton.Discard
                    return want
                if kind == "warning" and args and args[0] & QMessageBox.StandardButton.Discard:
                    return QMessageBox.StandardButton.Discard
                return QMessageBox.StandardButton.Ok
            return answer

        for kind in ("question", "warning", "critical", "information"):
            monkeypatch.setattr(QMessageBox, kind, box(kind))
        monkeypatch.setattr(QFileDialog, "getSaveFileName", self._save_name)
        monkeypatch.setattr(QFileDialog, "getOpenFileName", self._open_name)
        monkeypatch.setattr(QInputDialog, "getText",
                            lambda *a, **k: (f"smoke-copy-{self._next()}", True))

    def _next(self) -> int:
        self.n += 1
        return self.n

    def _save_name(self, parent, caption="", directory="", *args, **kwargs):
        suffix = Path(str(directory)).suffix or ".txt"
        path = self.tmp / f"saved-{self._next()}{suffix}"
        self.saved.append(path)
        return str(path), ""

    def _open_name(self, parent, caption="", directory="", *args, **kwargs):
        if "faction" in caption.lower():
            found = [p for p in self.saved if p.suffix == ".json" and p.exists()
                     and "warboard-faction" in p.read_text(encoding="utf-8")]
            return (str(found[-1]), "") if found else ("", "")
        return (self.open_queue.pop(0), "") if self.open_queue else ("", "")

    def titles(self, kind: str) -> list[str]:
        return [t for k, t, _ in self.messages if k == kind]


# --------------------------------------------------------------------------- dialog scripts


def preview_script(pages: list[int]):
    """Wait for the preview to paint its pages, flip through them, then close it."""
    def script(d: QDialog) -> Iterator[None]:
        from PySide6.QtPrintSupport import QPrintPreviewWidget

        widget = d.findChild(QPrintPreviewWidget)
        for _ in range(300):
            if widget is not None and widget.pageCount() > 0:
                break
            yield
        pages.append(widget.pageCount() if widget is not None else 0)
        for action in d.findChildren(QAction):
            text = action.text().replace("&", "").lower()
            if action.isEnabled() and text and not any(
                    w in text for w in ("print", "page setup", "close")):
                action.trigger()
                yield
        d.reject()
    return script


def library_script(done: list[str]):
    def script(d) -> Iterator[None]:
        yield
        d.search.setText("rifle")
        yield
        d.search.setText("zzz-no-such-record")
        yield
        d.search.setText("")
        assert d.select("iron-hearts", "character", "us-rifleman")
        for bad in ("x", "99", "-3", ""):
            d.form.set_value("accuracy", bad)
            d.save_button.click()
            done.append(f"accuracy {bad!r}: {d.error.text()}")
        d.form.set_value("accuracy", "5")
        d.save_button.click()
        d.duplicate_button.click()      # QInputDialog answered with a fresh id
        yield
        d.print_button.click()          # a nested print preview, driven by its own script
        yield
        for b in d.findChildren(QPushButton):
            if b.text() == "Export faction…":
                b.click()
        yield
        for b in d.findChildren(QPushButton):
            if b.text() == "Import faction…":
                b.click()
        yield
        d.delete_button.click()         # the copy, asked and answered Yes
        yield
        # a vehicle and a weapon, their JSON fields typed badly
        for kind, rid in (("vehicle", "m4a1-sherman"), ("weapon", "m1-garand")):
            if d.select("iron-hearts", kind, rid):
                for name in list(d.form.editors)[:4]:
                    d.form.set_value(name, "{not json")
                d.save_button.click()
                done.append(f"{rid}: {d.error.text()}")
                yield
        # a faction node, a kind node, the ruleset node: buttons off or harmless
        d.tree.setCurrentItem(d.tree.topLevelItem(0))
        for b in (d.save_button, d.duplicate_button, d.delete_button, d.print_button):
            b.click()
        yield
        done.append("library")
        d.reject()
    return script


def roster_script(done: list[str]):
    def script(d) -> Iterator[None]:
        yield
        d.add_selected()                # nothing chosen: a message, no change
        d.from_scenario()
        yield
        d.records.setCurrentRow(0)
        for b in d.findChildren(QPushButton):
            if b.text().startswith("Add to side"):
                b.click()
        yield
        for table in d.tables.values():
            for row in range(table.rowCount()):
                spin = table.cellWidget(row, 1)
                if spin is not None:
                    spin.setValue(3)
                    break
        d.name.setText("Smoke roster")
        for text in ("Save", "Load", "Export JSON…", "Print cards…", "Delete"):
            for b in d.findChildren(QPushButton):
                if b.text() == text:
                    b.click()
                    yield
        # a count set to 0 removes the line (and rebuilds the table under the spin box)
        for table in d.tables.values():
            if table.rowCount():
                table.cellWidget(0, 1).setValue(0)
                yield
                break
        d.search.setText("grenadier")
        yield
        d.ruleset.setCurrentIndex(d.ruleset.count() - 1)
        yield
        done.append("roster")
        d.reject()
    return script


def new_game_script(choice: str):
    def script(d) -> Iterator[None]:
        yield
        if choice == "demo":
            d.demo.setChecked(True)
        else:
            d.name.setText("Smoke table")
            d.width.lineEdit().setText("abc")
            d.height.lineEdit().setText("100000")
            d.scale.lineEdit().setText("-4")
            yield
        d.accept()
    return script


# --------------------------------------------------------------------------- helpers


def pump(qtbot, ms: int = 0) -> None:
    QApplication.processEvents()
    if ms:
        qtbot.wait(ms)


def walk_actions(win: MainWindow) -> list[QAction]:
    """Every action of the menu bar (submenus included; Open Recent filled) and toolbar."""
    out: list[QAction] = []

    def walk(menu: QMenu) -> None:
        menu.aboutToShow.emit()
        for a in menu.actions():
            if a.isSeparator():
                continue
            if a.menu() is not None:
                walk(a.menu())
            else:
                out.append(a)

    for a in win.menuBar().actions():
        if a.menu() is not None:
            walk(a.menu())
    out += [a for a in win.toolbar.actions() if not a.isSeparator()]
    return list(dict.fromkeys(out))


def is_file_entry(a: QAction, win: MainWindow) -> bool:
    files = win.services.files
    recent = files.recent_menu.actions() if files is not None else []
    return a.text() in FILE_ENTRIES or a in recent or a is win.quit_action


def trigger_every_action(win: MainWindow, qtbot) -> int:
    n = 0
    for a in walk_actions(win):
        if is_file_entry(a, win) or not a.isEnabled():
            continue
        a.trigger()
        pump(qtbot)
        n += 1
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    return n


def drag(qtbot, win, a, b) -> None:
    drag_line(qtbot, win, a, b, steps=4)


def key(qtbot, win, k, mods=Qt.KeyboardModifier.NoModifier) -> None:
    win.view.setFocus()
    qtbot.keyClick(win.view, k, mods)


def undo_keys(qtbot, win) -> None:
    key(qtbot, win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    key(qtbot, win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
        | Qt.KeyboardModifier.ShiftModifier)


def buttons_of(widget: QWidget) -> list[QAbstractButton]:
    return [b for b in widget.findChildren(QAbstractButton)
            if b.isVisibleTo(widget) and b.isEnabled()]


def press_every_button(widget: QWidget, qtbot, skip: tuple[str, ...] = ()) -> int:
    n = 0
    for b in buttons_of(widget):
        if not shiboken6.isValid(b) or not b.isEnabled() or b.text() in skip:
            continue
        b.click()
        pump(qtbot)
        n += 1
    return n


def dump(win: MainWindow) -> str:
    """The game's scenario as a file holds it: every unit, the removed ones too (a
    casualty stays its group's member; without it the dump did not re-parse — a flake
    whenever the app's dice killed gren-1)."""
    import dataclasses

    game = win.game
    return dumps_scenario(dataclasses.replace(game.scenario, units=game.all_units()))


def assert_consistent(win: MainWindow, start: str, start_meta: dict) -> None:
    """The scenario dumps and re-parses to the same text; undo takes everything back."""
    text = dump(win)
    assert dumps_scenario(loads_scenario(text)) == text
    stack = win.editor.undo_stack
    here = stack.index()
    while stack.canUndo():
        stack.undo()
    assert dump(win) == start
    meta = {k: v for k, v in win.game.meta().items() if k != "log"}
    assert meta == start_meta
    while stack.index() < here:
        stack.redo()
    assert dump(win) == text


# --------------------------------------------------------------------------- fixtures


@pytest.fixture
def evening(qtbot, monkeypatch, tmp_path):
    """The real window on the demo table, dice seeded, every modal answered."""
    monkeypatch.setenv("WARBOARD_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))
    rng = random.Random(SEED)
    # every app seed (the dice panel's, RandomDice's) comes from engine.seeds.draw_seed
    monkeypatch.setattr(engine.seeds, "draw_seed", lambda: rng.getrandbits(63))
    answers = Answers(monkeypatch, tmp_path)
    pages: list[int] = []
    done: list[str] = []
    driver = ModalDriver({
        "QPrintPreviewDialog": preview_script(pages),
        "LibraryDialog": library_script(done),
        "RosterDialog": roster_script(done),
        "NewGameDialog": new_game_script("blank"),
    })
    win = build_window([])
    qtbot.addWidget(win)
    win.resize(1280, 820)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_table()
    win.view.setFocus()
    state = type("Evening", (), {})()
    state.win, state.answers, state.driver, state.pages, state.done = (
        win, answers, driver, pages, done)
    state.start = dump(win)
    state.start_meta = {k: v for k, v in win.game.meta().items() if k != "log"}
    yield state
    driver.stop()
    files = win.services.files
    if files is not None:
        files.close()


# --------------------------------------------------------------------------- the evening


def test_every_action_in_every_state(evening, qtbot):
    """Menus and toolbar with nothing selected, a unit selected, after a move and an undo;
    the print preview paints its pages; the library and roster dialogs are driven."""
    win = evening.win
    with qtbot.captureExceptions() as errors:
        counts = [trigger_every_action(win, qtbot)]
        win.select_unit(SELECTED)
        counts.append(trigger_every_action(win, qtbot))
        win.tools.activate("select")
        win.select_unit(TANK)
        drag(qtbot, win, (9, 24), (11, 26))
        counts.append(trigger_every_action(win, qtbot))
        undo_keys(qtbot, win)
        key(qtbot, win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        counts.append(trigger_every_action(win, qtbot))
        pump(qtbot, 50)
    assert not errors, errors
    assert min(counts) >= 15
    assert "LibraryDialog" in evening.driver.seen and "RosterDialog" in evening.driver.seen
    assert evening.pages and all(p > 0 for p in evening.pages), evening.pages
    assert "library" in evening.done and "roster" in evening.done
    assert_consistent(win, evening.start, evening.start_meta)


# --------------------------------------------------------------------------- regressions


def _library_dialog(qtbot, tmp_path):
    from app.library_dialog import LibraryDialog
    from engine.library import Library

    lib = Library(tmp_path / "library.sqlite")
    d = LibraryDialog(lib)
    qtbot.addWidget(d)
    return d, lib


def test_library_faction_buttons_ask_for_a_file(qtbot, tmp_path, monkeypatch):
    """The Export/Import faction buttons once passed clicked's `checked` (False) as the
    path: Path(False) raised TypeError in the slot and nothing was written or read."""
    d, lib = _library_dialog(qtbot, tmp_path)
    out = tmp_path / "us.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(out), ""))
    buttons = {b.text(): b for b in d.findChildren(QPushButton)}
    with qtbot.captureExceptions() as errors:
        assert d.select("iron-hearts", "character", "us-rifleman")
        buttons["Export faction…"].click()
        buttons["Import faction…"].click()
    lib.close()
    assert not errors, errors
    assert '"format": "warboard-faction"' in out.read_text(encoding="utf-8")
    assert d.error.text().startswith("Imported us")


def test_library_delete_button_asks_first(qtbot, tmp_path, monkeypatch):
    """Delete once got clicked's `checked` (False) as `confirm` and deleted without asking."""
    d, lib = _library_dialog(qtbot, tmp_path)
    asked = []

    def no(parent, title, text, *a, **k):
        asked.append(text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", no)
    assert d.select("iron-hearts", "character", "us-rifleman")
    assert d.duplicate("smoke-rifleman")
    d.delete_button.click()
    assert len(asked) == 1 and asked[0].startswith("Delete")
    assert lib.get("iron-hearts", "character", "smoke-rifleman").id == "smoke-rifleman"
    lib.close()


def test_every_tool_on_the_board(evening, qtbot):
    """Each tool: clicks on units and empty table, drags, its keys, Esc/Del/undo/redo, with
    zoom, resize and bad values typed into the tool panels."""
    win = evening.win
    tools = win.tools
    with qtbot.captureExceptions() as errors:
        for tool_id in list(tools.tools):
            tools.actions[tool_id].trigger()
            pump(qtbot)
            click_board(qtbot, win, 21.5, 7.5)                 # a unit
            click_board(qtbot, win, 60, 44)                    # empty table, far corner
            drag(qtbot, win, (21.5, 9), (25, 11))        # from a unit
            drag(qtbot, win, (60, 40), (64, 42))         # on empty table
            drag(qtbot, win, (9, 24), (41.4, 13.6))      # tank onto an enemy
            for k in (Qt.Key.Key_S, Qt.Key.Key_Return, Qt.Key.Key_Backspace,
                      Qt.Key.Key_Delete, Qt.Key.Key_Escape):
                key(qtbot, win, k)
            undo_keys(qtbot, win)
            key(qtbot, win, Qt.Key.Key_Escape)
        # the terrain tool drawing: a self-crossing outline (refused), then a good one
        terrain = tools.activate("terrain")
        terrain.set_mode("draw")
        for p in ((50, 30), (56, 36), (56, 30), (50, 36)):
            click_board(qtbot, win, *p)
        key(qtbot, win, Qt.Key.Key_Return)
        key(qtbot, win, Qt.Key.Key_Escape)
        for p in ((50, 30), (56, 30), (56, 36)):
            click_board(qtbot, win, *p)
        key(qtbot, win, Qt.Key.Key_Return)
        terrain.set_mode("select")
        for i in range(terrain.panel.kind.count()):    # every kind on the selected piece
            terrain.panel.kind.setCurrentIndex(i)
            pump(qtbot)
        key(qtbot, win, Qt.Key.Key_Delete)
        # the template panel with bad values: letters, out-of-range faces, bearings
        tmpl = tools.activate("template")
        panel = tmpl.panel
        for shape in ("blast-3", "blast-5", "flamer"):
            panel.shape.setCurrentText(shape)
            click_board(qtbot, win, 41.4, 16.2)
            click_board(qtbot, win, 45, 18)
            for seed in ("abc", "-1", "99999999999999999999999", "7"):
                panel.seed.setText(seed)
                panel.scatter_button.click()
            panel.typed_dice.setChecked(True)
            for scheme in range(panel.scheme.count()):
                panel.scheme.setCurrentIndex(scheme)
                for kind in range(panel.direction_kind.count()):
                    panel.direction_kind.setCurrentIndex(kind)
                    for face, direction in (("0", "0"), ("21", "7"), ("x", "abc"),
                                            ("3", "400"), ("3", "nan"), ("3", "-0"),
                                            ("4", "2")):
                        panel.distance_face.setText(face)
                        panel.direction.setText(direction)
                        panel.scatter_button.click()
                        pump(qtbot)
            panel.app_dice.setChecked(True)
            panel.clear_button.click()
        panel.accuracy.lineEdit().setText("abc")
        panel.step.lineEdit().setText("-5")
        pump(qtbot)
        # the units panel: place, rename with bad values, duplicate, delete
        units = tools.activate("units")
        click_board(qtbot, win, 30, 40)
        for name, side in (("", ""), ("x" * 200, "axis"), ("Smoke Sgt.", "new side")):
            units.panel.name.setText(name)
            units.panel.side.setCurrentText(side)
            units.panel.apply_button.click()
        units.panel.duplicate_button.click()
        key(qtbot, win, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
        units.panel.delete_button.click()
        units.panel.new_side.setCurrentText("")
        click_board(qtbot, win, 33, 40)
        # the select tool's allowance with letters and out of range
        tools.activate("select")
        box = win.modules["app.tools.select"].allowance_box
        for text in ("abc", "9999", "-4"):
            box.lineEdit().setText(text)
            box.interpretText()
        drag(qtbot, win, (21.5, 12), (21.5, 40))         # far past the allowance
        # rotation keys on a tank and on a rifleman, arcs on
        win.select_unit(TANK)
        for k, mods in ((Qt.Key.Key_R, Qt.KeyboardModifier.NoModifier),
                        (Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier),
                        (Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier),
                        (Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier),
                        (Qt.Key.Key_A, Qt.KeyboardModifier.NoModifier)):
            key(qtbot, win, k, mods)
        win.select_unit(SELECTED)
        key(qtbot, win, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
        # zoom, resize, fit
        for notch in (1, 1, 1, -1, -1, -1, -1, -1):
            win.view.zoom_by(1.25 ** notch)
        for size in ((640, 420), (300, 200), (1600, 1000), (1280, 820)):
            win.resize(*size)
            pump(qtbot)
        key(qtbot, win, Qt.Key.Key_F)
        pump(qtbot, 50)
    assert not errors, errors
    assert win.editor.undo_stack.count() > 0
    assert_consistent(win, evening.start, evening.start_meta)


def drive_action_panel(panel, win, qtbot, actor: str, target: str) -> int:
    """Every action of `actor`: roles picked on the board and from the lists, app dice
    rolled and applied, typed dice with bad faces then good ones, copies. Returns how many
    resolutions were applied."""
    applied = 0
    win.select_unit(actor)
    pump(qtbot)
    for i in range(panel.action_box.count()):
        panel.action_box.setCurrentIndex(i)
        pump(qtbot)
        part = panel.roles_view.part
        if part("target", "row").isVisibleTo(panel):
            part("target", "pick").click()
            click_board(qtbot, win, *_pos(win, target))
            box = part("target", "combo")
            box.setCurrentIndex(box.findData(target))
        if part("targets", "row").isVisibleTo(panel):
            part("targets", "pick").click()
            for uid in ("gren-2", "gren-3", "gren-2"):
                click_board(qtbot, win, *_pos(win, uid))
            click_board(qtbot, win, 60, 44, Qt.MouseButton.RightButton)
            lst = part("targets", "list")
            for row in range(min(3, lst.count())):
                lst.item(row).setCheckState(Qt.CheckState.Checked)
        if part("point", "row", "point", "template").isVisibleTo(panel):
            part("point", "pick", "point", "template").click()
            click_board(qtbot, win, *_pos(win, target))
            shape = part("template", "shape", "template")
            shape.setCurrentIndex(shape.count() - 1)
        weapons = part("weapon", "combo", "weapon")
        if weapons.isVisibleTo(panel):
            weapons.setCurrentIndex(weapons.count() - 1)
        for w in panel.options_view.editors.values():
            if hasattr(w, "lineEdit") and w.lineEdit() is not None:
                w.lineEdit().setText("abc")
        pump(qtbot)
        entry = panel.dice_entry
        entry.set_mode("app")
        entry.seed_edit.setText("")
        entry.roll_button.click()
        entry.new_seed_button.click()
        entry.roll_button.click()
        panel.copy_bbcode.click()
        panel.copy_markdown.click()
        if panel.apply_button.isEnabled():
            panel.apply_button.click()
            applied += 1
        entry.set_mode("typed")
        for _ in range(12):
            if not entry.fields:
                break
            empty = [f for f in entry.fields if not f.text()]
            if not empty:
                break
            for bad in ("x", "0", "99"):
                qtbot.keyClicks(empty[0], bad)
                empty[0].clear()
            qtbot.keyClicks(empty[0], "3")
            pump(qtbot)
        if panel.apply_button.isEnabled():
            panel.apply_button.click()
            applied += 1
        entry.set_mode("app")
        key(qtbot, win, Qt.Key.Key_Escape)
    return applied


def _pos(win: MainWindow, unit_id: str) -> tuple[float, float]:
    u = win.game.unit(unit_id)
    return u.x, u.y


def test_every_dock_button(evening, qtbot):
    """The Actions, Tests, Turn and Log docks: every button pressed in a plausible order,
    bad dice typed, every action of a rifleman and a tank resolved and applied."""
    win = evening.win
    with qtbot.captureExceptions() as errors:
        s = win.services
        for dock in (s.action_panel, s.tests_dock, s.turn_dock, s.log_dock):
            dock.toggleViewAction().trigger()
            pump(qtbot)
        turn = win.services.turn_dock
        turn.typed_dice.setChecked(True)
        for faces in ("x", "11", "0", "7", "5 5", "5 5 2 8 1 1 1"):
            turn.typed_faces.setText(faces)
            turn.roll_button.click()
        turn.app_dice.setChecked(True)
        turn.roll_button.click()
        turn.table.selectRow(0)
        press_every_button(turn, qtbot)
        applied = 0
        win.services.action_panel.raise_()
        applied += drive_action_panel(win.services.action_panel, win, qtbot, SELECTED, ENEMY)
        applied += drive_action_panel(win.services.action_panel, win, qtbot, TANK, ENEMY)
        win.services.tests_dock.raise_()
        applied += drive_action_panel(win.services.tests_dock, win, qtbot, ENEMY, SELECTED)
        turn.table.selectRow(1)
        press_every_button(turn, qtbot)
        press_every_button(turn, qtbot)
        log = win.services.log_dock
        for box in (log.unit_box, log.turn_box):
            for i in range(box.count()):
                box.setCurrentIndex(i)
                pump(qtbot)
        for row in range(min(5, log.table.model().rowCount())):
            log.table.selectRow(row)
        log.save_button.click()
        for _ in range(3):
            undo_keys(qtbot, win)
            key(qtbot, win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        pump(qtbot, 50)
    assert not errors, errors
    assert applied >= 3
    assert any(p.suffix == ".txt" and p.exists() for p in evening.answers.saved)
    assert_consistent(win, evening.start, evening.start_meta)


def test_roll_button_carries_a_63_bit_seed(qtbot):
    """The seeds the app draws are 63-bit; Roll once emitted them through Signal(int) (a C++
    int): OverflowError in the slot, a SystemError in RandomDice, then a segfault."""
    from app.panels.dice_entry import SEED_LIMIT, DiceEntry

    entry = DiceEntry()
    qtbot.addWidget(entry)
    for seed in (7619047176271439954, SEED_LIMIT, 2 ** 31, 9_999_999_999_999_999_999):
        entry.seed_edit.setText(str(seed))
        with qtbot.captureExceptions() as errors, \
                qtbot.waitSignal(entry.roll_requested, timeout=1000) as blocker:
            entry.roll_button.click()
        assert not errors, errors
        assert blocker.args == [seed]  # the seed used is the seed shown, never capped


def test_file_menu_evening(evening, qtbot):
    """Save As, autosave, Save, Export, New (bad sizes typed, then the demo), Open a JSON, a
    refused file, Open Recent, every action once more, and Quit — no exception, and the game
    read back from its file equals the one on the board."""
    from engine.gamefile import load_game

    win, answers = evening.win, evening.answers
    files = win.services.files
    bad = answers.tmp / "bad.json"
    bad.write_text('{"format": "warboard-scenario", "version": 1, "units": [{"id": 3}]}',
                   encoding="utf-8")
    garbage = answers.tmp / "garbage.warboard"
    garbage.write_bytes(b"SQLite format 3\x00" + b"\x01" * 200)
    with qtbot.captureExceptions() as errors:
        tmpl = win.tools.activate("template")
        click_board(qtbot, win, 41.4, 16.2)
        tmpl.panel.seed.setText("99999999999999999999999")   # a seed past 64 bits
        tmpl.panel.scatter_button.click()
        win.tools.activate("select")
        drag(qtbot, win, (21.5, 7.5), (23, 8))
        files.save_as_action.trigger()                    # no file yet: asks for one
        game_file = files.path
        drag(qtbot, win, (21.5, 9), (23, 10))               # autosaved
        key(qtbot, win, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
        files.export_action.trigger()
        exported = answers.saved[-1]
        files.new_action.trigger()                        # NewGameDialog: bad sizes typed
        pump(qtbot, 50)
        blank_title = win.windowTitle()
        answers.open_queue += [str(exported)]
        files.open_action.trigger()
        answers.open_queue += [str(bad)]
        files.import_action.trigger()
        answers.open_queue += [str(garbage)]
        files.open_action.trigger()
        files.open_action.trigger()                       # cancelled: empty name
        evening.driver.scripts["NewGameDialog"] = new_game_script("demo")
        files.new_action.trigger()
        files.recent_menu.aboutToShow.emit()
        recent = [a for a in files.recent_menu.actions() if a.data() == str(game_file)]
        recent[0].trigger()
        on_board = dump(win)
        counts = trigger_every_action(win, qtbot)
        files.flush()
        pump(qtbot, 50)
    assert not errors, errors
    assert game_file is not None and game_file.suffix == ".warboard"
    assert exported.suffix == ".json" and exported.exists()
    assert blank_title.endswith("Smoke table — Warboard")
    assert "Not a valid scenario file" in answers.titles("critical")
    assert any(t in answers.titles("critical") for t in
               ("The game file is damaged", "Not a Warboard game file"))
    assert counts >= 15
    assert dumps_scenario(load_game(game_file).scenario) == on_board
    with qtbot.captureExceptions() as errors:
        win.quit_action.trigger()
        pump(qtbot)
    assert not errors, errors
    assert not win.isVisible()


def test_the_unit_every_panel_shows_is_deleted_and_restored(evening, qtbot):
    """A unit that is the actor, the target, the picked squad, the turn dock's row, the arcs
    overlay and the threat view's unit is deleted, then the deletion undone and redone."""
    win = evening.win
    with qtbot.captureExceptions() as errors:
        for dock in (win.services.action_panel, win.services.turn_dock, win.services.log_dock):
            dock.toggleViewAction().trigger()
        panel = win.services.action_panel
        win.select_unit(SELECTED)
        win.modules["app.tools.arcs"].action.setChecked(True)
        panel.set_target(ENEMY)
        panel.roles_view.part("targets", "pick").click()  # a pick left waiting on the board
        win.services.turn_dock.select_unit(SELECTED)
        threat = win.tools.activate("threat")
        qtbot.mouseMove(win.view.viewport(), at(win, *_pos(win, SELECTED)))
        threat.show_unit(SELECTED)
        units = win.tools.activate("units")
        win.select_unit(SELECTED)
        units.panel.delete_button.click()
        win.select_unit(TANK)
        win.select_unit(ENEMY)
        key(qtbot, win, Qt.Key.Key_Delete)
        for _ in range(2):
            undo_keys(qtbot, win)
            key(qtbot, win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        key(qtbot, win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
            | Qt.KeyboardModifier.ShiftModifier)
        win.tools.activate("threat")
        qtbot.mouseMove(win.view.viewport(), at(win, 21.5, 7.5))
        panel.dice_entry.roll_button.click()
        pump(qtbot, 50)
    assert not errors, errors
    assert_consistent(win, evening.start, evening.start_meta)


def test_a_blank_table(evening, qtbot):
    """File ▸ New blank table: every action, tool, dock button and dialog with no unit and
    no terrain; then a unit placed and every dock pressed again."""
    win = evening.win
    with qtbot.captureExceptions() as errors:
        win.services.files.new_action.trigger()
        pump(qtbot, 30)
        assert win.game.units == [] and win.game.scenario.terrain == []
        start, meta = dump(win), {k: v for k, v in win.game.meta().items() if k != "log"}
        counts = trigger_every_action(win, qtbot)
        for tool_id in list(win.tools.tools):
            win.tools.actions[tool_id].trigger()
            click_board(qtbot, win, 10, 10)
            drag(qtbot, win, (12, 12), (20, 20))
            key(qtbot, win, Qt.Key.Key_Return)
            key(qtbot, win, Qt.Key.Key_Delete)
            key(qtbot, win, Qt.Key.Key_Escape)
        s = win.services
        for dock in (s.action_panel, s.tests_dock, s.turn_dock, s.log_dock):
            if not dock.isVisible():
                dock.toggleViewAction().trigger()
            press_every_button(dock, qtbot)
        win.select_unit(win.game.units[0].id if win.game.units else None)
        for dock in (win.services.action_panel, win.services.tests_dock, win.services.turn_dock):
            press_every_button(dock, qtbot)
        pump(qtbot, 30)
    assert not errors, errors
    assert counts >= 15
    assert_consistent(win, start, meta)


def test_roster_with_an_empty_side_is_refused_and_a_bad_one_deletable(tmp_path):
    """A side named "" was saved (check_roster let it through) but load_roster refused it,
    and delete_roster loaded first: the roster could be neither loaded nor deleted, and the
    dialog's Delete raised SchemaError in its slot."""
    import json

    from engine.library import Library
    from engine.options import SchemaError
    from engine.roster import Roster, delete_roster, list_rosters, save_roster

    with Library(tmp_path / "library.sqlite") as lib:
        roster = Roster("Blank", "iron-hearts")
        roster.add("", "character", "us-rifleman")
        with pytest.raises(SchemaError, match=r"^sides\.: expected text, got ''$"):
            save_roster(lib, roster)
        assert list_rosters(lib) == []
        bad = {"format": "warboard-roster", "version": 1, "name": "Old", "ruleset":
               "iron-hearts", "sides": {"": [{"kind": "character", "id": "us-rifleman"}]}}
        lib.db.table("rosters").insert({"name": "Old", "ruleset": "iron-hearts",
                                        "data": json.dumps(bad), "updated": ""})
        delete_roster(lib, "Old")
        assert list_rosters(lib) == []


def test_roster_dialog_on_a_blank_table(qtbot, tmp_path):
    """From the table on a table without units keeps the default sides, so Add to side has a
    side to add to (it used to add to a side named "")."""
    from app.files import NewTable, blank_scenario
    from app.roster_dialog import DEFAULT_SIDES, RosterDialog
    from engine.library import Library

    with Library(tmp_path / "library.sqlite") as lib:
        d = RosterDialog(lib, scenario=blank_scenario(NewTable()))
        qtbot.addWidget(d)
        with qtbot.captureExceptions() as errors:
            d.from_scenario()
            d.records.setCurrentRow(0)
            assert d.add_selected()
            d.name.setText("Blank")
            assert d.save()
            d.delete_saved()
        assert not errors, errors
        assert list(d.roster.sides) == list(DEFAULT_SIDES)
        assert len(d.roster.sides[DEFAULT_SIDES[0]]) == 1
        assert d.saved.count() == 0
