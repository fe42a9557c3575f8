"""Issue 16 in the window: a player of the Russian interface who opens a broken scenario
(File ▸ Open) or a broken library (Library ▸ Unit library…, and a faction file imported
in it) reads why in Russian, the field named, no English word but the file's own; the
game on the board stays as it was and nothing crashes.

File dialogs are replaced by functions returning a tmp path and message boxes are
recorded instead of shown (neither is under test); the menus and buttons are real."""

from __future__ import annotations

import json
import sqlite3

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox, QPushButton

from app import library_dialog as library_module
from app.library_dialog import LibraryDialog
from app.window import MainWindow
from engine.library import Library
from engine.scenario_io import load_demo, scenario_to_dict
from tests.engine.russian_walk import ALLOW, english
from tests.russian_words import LATIN

from .russian import Russian

IH = "iron-hearts"


@pytest.fixture(autouse=True)
def folders(tmp_path, monkeypatch):
    """Settings and the library in this test's own folders."""
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("WARBOARD_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    return tmp_path


@pytest.fixture
def shown(monkeypatch):
    """Every message box a test would have shown: (kind, title, text)."""
    boxes: list[tuple[str, str, str]] = []
    for kind in ("critical", "warning"):  # one class: the window's, the library's boxes
        monkeypatch.setattr(QMessageBox, kind,
                            lambda parent, title, text, *a, kind=kind, **k:
                            boxes.append((kind, title, text)))
    return boxes


def answer_open(monkeypatch, path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        lambda *a, **k: (str(path), ""))


@pytest.fixture
def win(qtbot, qm_folder):
    with Russian(qm_folder):
        w = MainWindow(load_demo())
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        qtbot.waitUntil(lambda: "app.library_menu" in w.modules, timeout=10000)
        yield w


def russian_only(text: str, *own: str) -> None:
    """No English word in `text` but Warboard's formats and the file's own words."""
    words = ALLOW | {"JSON", "UTF", "SQLite"}
    for t in own:
        words |= set(LATIN.findall(t)) | set(LATIN.findall(f"'{t}'"))
    assert english([text], words) == [], text


def demo_doc() -> dict:
    return scenario_to_dict(load_demo())


@pytest.mark.parametrize("broken, field, said", [
    pytest.param(lambda doc: doc["terrain"][0].update(polygon=[[0, 0], [2, 2], [2, 0], [0, 2]]),
                 "terrain[0].polygon", "неправильный многоугольник (самопересечение в точке",
                 id="polygon"),
    pytest.param(lambda doc: doc["units"][0].update(base={"shape": "rect", "diameter_mm": 25}),
                 "units[0].base.diameter_mm", "у прямоугольной подставки задаются", id="base"),
    pytest.param(lambda doc: doc["units"][1].update(id=doc["units"][0]["id"]),
                 "units[1].id", "повторяется (уже занят: units[0])", id="duplicate-id"),
])
def test_opening_a_broken_scenario_says_why_in_russian(win, monkeypatch, shown, folders,
                                                       broken, field, said):
    doc = demo_doc()
    broken(doc)
    path = folders / "broken.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = path.read_bytes()
    units = [u.id for u in win.game.scenario.units]
    answer_open(monkeypatch, path)
    win.services.files.open_action.trigger()
    assert len(shown) == 1, shown
    kind, title, text = shown[0]
    assert (kind, title) == ("critical", "Неправильный файл сценария")
    assert text.startswith(f"{path}: {field}: ") and said in text
    assert text.endswith("\n\nФайл оставлен как был; игра на столе по-прежнему открыта.")
    russian_only(text, str(path), field, *(u["id"] for u in doc["units"]),
                 *(p["id"] for p in doc["terrain"]))
    assert [u.id for u in win.game.scenario.units] == units     # the board is as it was
    assert path.read_bytes() == before


def test_a_scenario_that_is_not_json_says_the_parser_reason_in_russian(win, monkeypatch,
                                                                       shown, folders):
    path = folders / "cut.json"
    path.write_text('{"format": "warboard-scenario"\n "version": 2}', encoding="utf-8")
    answer_open(monkeypatch, path)
    win.services.files.open_action.trigger()
    (kind, title, text), = shown
    assert text.startswith(f"{path}: неверный JSON: ожидался разделитель ',' "
                           "(строка 2, столбец 2)")
    russian_only(text, str(path))


def test_a_broken_library_file_says_why_in_russian(win, shown, folders):
    path = folders / "data" / "library.sqlite"
    # a library in every other way (a look-alike database is refused before its meta is read)
    Library(path, seed=False).close()
    con = sqlite3.connect(path)
    with con:
        con.execute("UPDATE meta SET value = 'one' WHERE key = 'schema_version'")
    con.close()
    action = win.services.library_menu.actions()[0]
    assert action.text() == "&Библиотека отрядов…"
    action.trigger()
    (kind, title, text), = shown
    assert kind == "warning"
    assert text == f"{path}: meta.schema_version: ожидалось целое число, получено 'one'"
    russian_only(text, str(path), "one")


def test_importing_a_broken_faction_file_says_why_in_russian(qtbot, qm_folder, monkeypatch,
                                                             shown, folders):
    lib = Library(folders / "data" / "library.sqlite")
    record = dict(lib.get(IH, "character", "us-rifleman").data, guts=11)
    path = folders / "faction.json"
    path.write_text(json.dumps({"format": "warboard-faction", "version": 1, "ruleset": IH,
                                "faction": {"id": "f1", "name": "Ф"},
                                "profiles": {"x1": record}}), encoding="utf-8")
    answer_open(monkeypatch, path)
    with Russian(qm_folder):
        dialog = LibraryDialog(lib)
        qtbot.addWidget(dialog)
        dialog.show()
        button = next(b for b in dialog.findChildren(QPushButton)
                      if b.text() == library_module.tr("Import faction…"))
        assert button.text() != "Import faction…"     # the interface is in Russian
        button.click()
        text = dialog.error.text()
    lib.close()
    assert text == f"{path}: profiles.x1.guts: ожидалось: целое число 0–10; получено 11"
    russian_only(text, str(path))
    assert shown == []

