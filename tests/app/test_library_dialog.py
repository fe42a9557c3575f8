"""The library and roster dialogs, driven as a user would, against a real library file."""

from __future__ import annotations

import json
import sqlite3

import pytest

from app.library_dialog import LibraryDialog, install
from app.roster_dialog import RosterDialog
from engine.library import Library
from engine.scenario_io import load_demo

IH = "iron-hearts"


@pytest.fixture
def lib(tmp_path):
    with Library(tmp_path / "library.sqlite") as lib:
        yield lib


@pytest.fixture
def dialog(qtbot, lib):
    d = LibraryDialog(lib)
    qtbot.addWidget(d)
    return d


def test_tree_lists_ruleset_factions_and_kinds(dialog):
    # one top-level item per ruleset, sorted by id (civil-war-company comes first)
    tops = [dialog.tree.topLevelItem(i) for i in range(dialog.tree.topLevelItemCount())]
    top = next(t for t in tops if t.text(0) == "Iron Hearts")
    factions = [top.child(i).text(0) for i in range(top.childCount())]
    assert factions == ["Common (either side)", "US Army (1944)", "Wehrmacht (1944)"]
    us = top.child(1)
    assert [us.child(i).text(0) for i in range(us.childCount())] == [
        "Profiles (3)", "Vehicles (1)", "Weapons (4)"]


def test_search_narrows_the_tree(dialog):
    dialog.search.setText("panzerfaust")
    ids = [it.text(1) for it in dialog._items() if it.data(0, 0x0100)
           and it.data(0, 0x0100)[0] == "entry"]
    assert sorted(ids) == ["panzerfaust-100", "panzerfaust-30", "panzerfaust-60"]


def test_bad_value_is_shown_and_nothing_saved(dialog, lib):
    assert dialog.select(IH, "character", "us-rifleman")
    assert dialog.form.editors["accuracy"][1].text() == "5"
    dialog.form.set_value("accuracy", "x")
    dialog.form.set_value("guts", "9")
    assert not dialog.save()
    assert dialog.error.text() == ("profiles.us-rifleman.accuracy: expected a whole number "
                                   "0–10, got 'x'")
    con = sqlite3.connect(lib.path)
    data = json.loads(con.execute("SELECT data FROM entries WHERE id='us-rifleman'")
                      .fetchone()[0])
    con.close()
    assert (data["accuracy"], data["guts"]) == (5, 6)


def test_edit_duplicate_delete(dialog, lib, tmp_path):
    dialog.select(IH, "vehicle", "m4a1-sherman")
    dialog.form.set_value("cost_points", "95")
    dialog.form.set_value("speed_m_by_ap", "[10, 30, 50]")
    assert dialog.save(), dialog.error.text()
    e = lib.get(IH, "vehicle", "m4a1-sherman")
    assert (e.data["cost_points"], e.data["speed_m_by_ap"], e.origin) == (95, [10, 30, 50],
                                                                         "edited")
    # nested tables are JSON text; a bad one names its field
    dialog.form.set_value("armour", '{"front": {"tracks": 6, "hull": 8}}')
    assert not dialog.save()
    assert "vehicles.m4a1-sherman.armour.front.turret: required" in dialog.error.text()
    assert dialog.duplicate("sherman-76")
    assert lib.get(IH, "vehicle", "sherman-76").name == "M4 Sherman (copy)"
    assert dialog.current.id == "sherman-76"
    assert dialog.delete(confirm=False)
    assert lib.find(IH, "sherman-76") is None


def test_faction_export_and_import(dialog, lib, tmp_path):
    dialog.select(IH, "character", "grenadier")
    out = tmp_path / "wehrmacht.json"
    assert dialog.export_faction(str(out))
    data = json.loads(out.read_text())
    data["faction"] = {"id": "volksgrenadiers", "name": "Volksgrenadiers"}
    data["profiles"] = {"volksgrenadier": dict(data["profiles"]["grenadier"], guts=5)}
    data["vehicles"], data["weapons"] = {}, {}
    src = tmp_path / "volks.json"
    src.write_text(json.dumps(data))
    assert dialog.import_faction(str(src)), dialog.error.text()
    assert lib.get(IH, "character", "volksgrenadier").faction == "volksgrenadiers"
    assert "Imported volksgrenadiers: 1 added" in dialog.error.text()


def test_roster_dialog_totals(qtbot, lib):
    d = RosterDialog(lib, scenario=load_demo())
    qtbot.addWidget(d)
    assert list(d.tables) == ["allies", "axis"]
    d.from_scenario()
    assert d.totals["allies"].text() == "allies: 400 points + 13 uncosted models"
    # add a Panzer IV to the axis from the library list
    for i in range(d.records.count()):
        if d.records.item(i).data(0x0100) == ("vehicle", "pz4-h"):
            d.records.setCurrentRow(i)
    assert d.add_selected("axis")
    assert d.totals["axis"].text() == "axis: 110 points + 9 uncosted models"
    assert d.save()
    assert d.saved.currentText() == "Crossroads at Saint-Aubin"


def test_install_adds_the_library_menu(qtbot):
    from PySide6.QtWidgets import QMainWindow

    w = QMainWindow()
    qtbot.addWidget(w)
    action = install(w)
    assert action.text() == "Unit &library…"
    assert [a.text() for a in w.library_menu.actions()] == [
        "Unit &library…", "&Rosters…", "&Print unit cards…"]
