"""The Russian walk (issues #16, #39): a game of each ruleset's sample scenario played in
Russian — every action chosen with its target picked, its odds shown and its dice rolled,
the initiative rolled and the turn ended, the board's tool tips read (tests/app/
play_walk.py) — then every menu, action, tool, dock, dialog and message box it can reach,
and every printed card; any visible string still in English fails the test.

In the window, English is a Latin word of three letters or more that is not one of the
table's own names (units, terrain, the groups' Russian names, the scenario, the rulesets'
names as Russian reads them, the record names whose Russian keeps them: "M1", "MG 34"),
a format or a key name — an id of a unit, group, side or profile, a code name or a die
written "d6" counts. The cards keep the looser filter of `english` (code names stripped).
A ruleset whose own words have no Russian glossary yet is marked xfail, strictly."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialog,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QMessageBox,
    QTableWidget,
    QTextBrowser,
    QTreeWidget,
    QWidget,
)

from app.window import MainWindow
from engine.scenario_io import load_scenario
from resources.loader import resource
from tests import russian_words as words
from tests.russian_words import table_words

from . import play_walk
from .russian import Russian

SCENARIOS = {
    "iron-hearts": "crossroads.json",
    "civil-war-company": "civil-war-vasylivka.json",
    "boets-sci-fi": "boets-velian-ridge.json",
    "butterfly-effect": "butterfly-night-approach.json",
    "keno-platoon": "keno-orchard.json",
}
#: rulesets whose own words have no Russian glossary yet (resources/rulesets/<id>/)
UNTRANSLATED = {rid for rid in SCENARIOS
                if not resource("rulesets", rid, "glossary_ru.toml").is_file()}
#: words that stay as they are in a Russian interface
ALLOW = {
    "Warboard", "English", "BBCode", "Markdown", "PNG", "SVG", "JSON", "PDF", "SHA", "SQLite",
    "warboard", "json", "png", "svg", "pdf", "txt", "log", "Ctrl", "Shift", "Alt", "Del",
    "Esc", "Tab", "Space", "Enter", "Return", "Backspace", "PgUp", "PgDown", "Home",
    "End", "Ins", "Up", "Down", "Left", "Right", "nbsp",
    # forum software a post's heading style is chosen for (Log ▸ Copy turn as …)
    "phpBB", "Discourse", "vBulletin", "XenForo", "MyBB",
    # the marker boards a table photo is measured by (File ▸ Table picture…), by their names
    "OpenCV", "ChArUco", "ArUco",
}
#: actions the walk does not trigger: leaving the program, and native file choosers
SKIP_ACTIONS = re.compile(r"Quit|Выход|Open|Открыть|Save|Сохранить|Import|Импорт|Export|"
                          r"Экспорт|Recent|недавн|Clear the list|Очистить")
#: what a window shows that is not a word (see tests/russian_words.py): markup, file names
#: and paths, code names quoted from the rules' sources (option ids, data keys, seed lines)
STRIP = (words.MARKUP, words.FILE_NAMES, f"{words.CODE_NAMES}|{words.CITATIONS}")


def allowed_words(scenario, rid: str) -> set[str]:
    """The proper names of the game: units, groups, sides, the scenario, every ruleset's
    name and id and every shipped table's title (the New game dialog), the Latin words
    the ruleset's records keep in Russian (model names)."""
    from engine.rulesets.registry import list_rulesets
    from engine.scenario_io import shipped_scenarios

    games = [r.name for r in list_rulesets()] + [r.id for r in list_rulesets()]
    games += [title for _file, title in shipped_scenarios()]
    return table_words(scenario, rid, always=ALLOW, also=games)


def english(texts: Iterable[str], allowed: set[str]) -> list[str]:
    """The texts with a Latin word that is not allowed, each once: markup, file names and
    code names are not words."""
    return words.english(texts, allowed, strip=STRIP)


def prose(document) -> list[str]:
    """A document's text but its code (set in a fixed-pitch face: a guide's TOML blocks
    and `names` are the file format's words, shown as written)."""
    out = []
    block = document.begin()
    while block.isValid():
        it, line = block.begin(), []
        while not it.atEnd():
            fragment = it.fragment()
            style = fragment.charFormat() if fragment.isValid() else None
            if style is not None and not (style.fontFixedPitch()
                                          or "monospace" in (style.fontFamilies() or ())):
                line.append(fragment.text())
            it += 1
        out.append("".join(line))
        block = block.next()
    return [t for t in out if t.strip()]


def widget_texts(root: QWidget) -> list[str]:
    """Every string a player can read on `root` and its children: texts, titles, items,
    placeholders, headers and tool tips (not a widget marked "verbatim": the scenario
    editor's field showing the id it edits)."""
    out: list[str] = []
    widgets = [w for w in (root, *root.findChildren(QWidget)) if not w.property("verbatim")]
    for w in widgets:
        if isinstance(w, QLabel):
            out.append(w.text())
        if isinstance(w, QAbstractButton):
            out.append(w.text())
        if isinstance(w, QGroupBox):
            out.append(w.title())
        if isinstance(w, QDockWidget | QDialog):
            out.append(w.windowTitle())
        if isinstance(w, QComboBox):
            out += [w.itemText(i) for i in range(w.count())]
        if isinstance(w, QLineEdit):
            out.append(w.placeholderText())
        if isinstance(w, QTextBrowser):
            out += prose(w.document())
            out.append(w.placeholderText())
        if isinstance(w, QListWidget):
            out += [w.item(i).text() for i in range(w.count())]
        if isinstance(w, QTableWidget):
            out += [w.horizontalHeaderItem(i).text() for i in range(w.columnCount())
                    if w.horizontalHeaderItem(i) is not None]
        if isinstance(w, QTreeWidget):
            h = w.headerItem()
            out += [h.text(i) for i in range(h.columnCount())]
        if isinstance(w, QMessageBox):
            out += [w.text(), w.informativeText()]
        out.append(w.toolTip())
        out.append(w.statusTip())
    return [t for t in out if t]


def menu_actions(menu: QMenu) -> list:
    menu.aboutToShow.emit()                 # menus filled when shown (Open Recent)
    out = []
    for a in menu.actions():
        if a.isSeparator():
            continue
        out.append(a)
        if a.menu() is not None:
            out += menu_actions(a.menu())
    return out


def run_closing_dialogs(trigger, harvest: list[str]) -> None:
    """Trigger an action; any dialog or message box it opens is read and closed."""
    def close_modal() -> None:
        for w in QApplication.topLevelWidgets():
            if isinstance(w, QDialog) and w.isVisible():
                harvest.extend(widget_texts(w))
                w.reject()

    timer = QTimer()
    timer.setInterval(50)
    timer.timeout.connect(close_modal)
    timer.start()
    try:
        trigger()
        QApplication.processEvents()
        close_modal()
    finally:
        timer.stop()


def walk_window(win: MainWindow) -> list[str]:
    texts: list[str] = [win.windowTitle()]
    for top in win.menuBar().actions():
        texts.append(top.text())
        for a in menu_actions(top.menu()):
            texts += [a.text(), a.toolTip(), a.statusTip()]
            if a.menu() is not None or SKIP_ACTIONS.search(a.text()) or not a.isEnabled():
                continue
            run_closing_dialogs(a.trigger, texts)
    for a in win.toolbar.actions():
        texts += [a.text(), a.toolTip()]
        if a.isCheckable() and a.isEnabled():
            a.trigger()                     # each tool's panel and hints
            QApplication.processEvents()
            texts += widget_texts(win)
    for dock in win.findChildren(QDockWidget):
        dock.show()
        QApplication.processEvents()
        texts += widget_texts(dock)
    # every unit kind's actions in the Actions dock: each action's roles, options and doc
    seen: set[str] = set()
    for unit in win.scenario.units if win.scenario else []:
        if unit.profile in seen:
            continue
        seen.add(unit.profile)
        win.select_unit(unit.id)
        QApplication.processEvents()
        for dock in win.findChildren(QDockWidget):
            box = getattr(dock, "action_box", None)
            if box is None:
                continue
            for i in range(box.count()):
                box.setCurrentIndex(i)
                QApplication.processEvents()
                texts += widget_texts(dock)
    texts += widget_texts(win.statusBar())
    return texts


@pytest.mark.parametrize("rid", list(SCENARIOS))
def test_every_window_string_is_russian(qtbot, qm_folder, rid, tmp_path, monkeypatch):
    """The game played (every action chosen, its target picked, odds shown, dice rolled;
    the initiative rolled and the turn ended), then every menu, tool, dock and dialog:
    no English word but the table's own names — and no id of a unit, group, side or
    profile, no code name, no die written "d6"."""
    # a fresh config and data folder: no recent file, library record or game of another test
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("WARBOARD_DATA_DIR", str(tmp_path / "data"))
    scenario = load_scenario(Path(str(resource("scenarios", SCENARIOS[rid]))))
    assert scenario.ruleset == rid
    with Russian(qm_folder):
        win = MainWindow(scenario)
        qtbot.addWidget(win)
        win.resize(1280, 800)
        win.show()
        qtbot.waitExposed(win)
        texts = play_walk.play_texts(win, widget_texts) + play_walk.turn_texts(win, widget_texts)
        texts += walk_window(win)
    allowed = play_walk.strict_words(scenario, rid, ALLOW)
    found = play_walk.english_words(texts, allowed)
    assert found == {}, f"{len(found)} words still in English:\n" + "\n".join(
        f"{w}: {found[w]}" for w in sorted(found))


@pytest.mark.parametrize("rid", [
    pytest.param(rid, marks=pytest.mark.xfail(
        rid in UNTRANSLATED, strict=True,
        reason=f"{rid} has no resources/rulesets/{rid}/glossary_ru.toml yet"))
    for rid in SCENARIOS])
def test_every_card_is_russian(qapp, russian_cli, tmp_path, rid):
    """The printed cards of the scenario (`warboard --lang ru cards FILE -o x.pdf`, in
    this process as the console script runs it) as text."""
    from app.cli import run

    scenario_path = str(resource("scenarios", SCENARIOS[rid]))
    pdf = tmp_path / "cards.pdf"
    assert run(["--lang", "ru", "cards", scenario_path, "-o", str(pdf)]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, timeout=120, check=True).stdout
    scenario = load_scenario(Path(scenario_path))
    left = english(text.splitlines(), allowed_words(scenario, rid))
    assert left == [], f"{len(left)} card lines still in English:\n" + "\n".join(left)
