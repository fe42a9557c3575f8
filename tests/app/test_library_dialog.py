"""The library and roster dialogs, driven as a user would, against a real library file."""

from __future__ import annotations

import json
import sqlite3

import pytest

from app.library_dialog import LibraryDialog
from app.library_menu import install
from app.roster_dialog import RosterDialog
from engine.library import Library
from engine.scenario_io import load_demo

IH = "iron-hearts"


@pytest.fixture
def lib(tmp_path):
    with Library(tmp_path / "library.sqlite") as lib:
        yield lib


@pytest.fixture(autouse=True)
def asked(monkeypatch):
    """The unsaved-edits question answered "discard" unless a test says otherwise (a real
    message box would wait for a person); each question is recorded."""
    import app.library_dialog as module

    class Calls(list):
        answer: dict

    calls = Calls()
    answer = {"value": "discard"}

    def ask(parent, name):
        calls.append(name)
        return answer["value"]

    monkeypatch.setattr(module, "ask_unsaved", ask)
    calls.answer = answer
    return calls


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
    # nested tables are forms now (RecordGrid); a face with a cell left empty names it
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
    # the demo's own Panzer IV (the tank duel, issue 16) is counted: 110 points
    assert d.totals["axis"].text() == "axis: 110 points + 9 uncosted models"
    # add a second Panzer IV to the axis from the library list
    for i in range(d.records.count()):
        if d.records.item(i).data(0x0100) == ("vehicle", "pz4-h"):
            d.records.setCurrentRow(i)
    assert d.add_selected("axis")
    assert d.totals["axis"].text() == "axis: 220 points + 9 uncosted models"
    assert d.save()
    assert d.saved.currentText() == "Crossroads at Saint-Aubin"


def test_install_adds_the_library_menu(qtbot):
    from app.window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    action = install(w)
    assert action.text() == "Unit &library…"
    assert [a.text() for a in w.services.library_menu.actions()] == [
        "Unit &library…", "&Rosters…", "&Print unit cards…"]


def test_nested_vehicle_fields_are_forms_not_json(dialog, lib):
    """Issue 16: crew and armour were raw JSON. Now one row per post / face, one editor per
    field (a check box for the radio operator), saved as the same record."""
    from PySide6.QtWidgets import QCheckBox, QLineEdit, QPlainTextEdit

    from app.library_form import RecordGrid

    assert dialog.select(IH, "vehicle", "m4a1-sherman")
    armour = dialog.form.editors["armour"][1]
    crew = dialog.form.editors["crew"][1]
    assert isinstance(armour, RecordGrid) and isinstance(crew, RecordGrid)
    assert not any(isinstance(w, QPlainTextEdit) for _, w in dialog.form.editors.values()
                   if w in (armour, crew))
    assert armour.keys == ["front", "side", "rear"]
    front_hull = armour.cell("front", "hull")
    assert isinstance(front_hull, QLineEdit) and front_hull.text() == "8"
    assert isinstance(crew.cell("co_driver", "radio_operator"), QCheckBox)
    assert not dialog.form.dirty()
    front_hull.setText("9")
    crew.cell("gunner", "name").setText("Cpl. Upham")
    assert dialog.form.dirty()
    assert dialog.save(), dialog.error.text()
    e = lib.get(IH, "vehicle", "m4a1-sherman")
    assert e.data["armour"]["front"] == {"tracks": 6, "hull": 9, "turret": 9}
    assert e.data["crew"]["gunner"]["name"] == "Cpl. Upham"
    assert e.data["crew"]["co_driver"]["radio_operator"] is True


def test_unsaved_edits_ask_before_closing_or_leaving(dialog, lib, asked, qtbot):
    assert dialog.select(IH, "character", "us-rifleman")
    dialog.show()
    dialog.reject()                       # nothing edited: closes without a question
    assert asked == [] and not dialog.isVisible()
    dialog.show()
    dialog.form.set_value("guts", "9")
    asked.answer["value"] = "cancel"
    dialog.reject()
    assert asked == ["US rifleman"] and dialog.isVisible()   # stays, edit kept
    assert dialog.form.editors["guts"][1].text() == "9"
    assert not dialog.select(IH, "character", "grenadier") or \
        dialog.current.id == "us-rifleman"                      # cancel: stays on it
    asked.answer["value"] = "save"
    assert dialog.select(IH, "character", "grenadier")
    assert dialog.current.id == "grenadier"
    assert lib.get(IH, "character", "us-rifleman").data["guts"] == 9
    dialog.form.set_value("guts", "2")
    asked.answer["value"] = "discard"
    dialog.reject()
    assert not dialog.isVisible()
    assert lib.get(IH, "character", "grenadier").data["guts"] != 2


def test_roster_dialog_saved_list_follows_the_ruleset(qtbot, lib):
    """The Saved list shows the chosen ruleset's rosters: it stayed on the first ruleset's
    when another was chosen, so a stored roster of another ruleset could not be loaded."""
    from engine.roster import Roster, save_roster

    save_roster(lib, Roster("Duel", IH, {"allies": []}))
    d = RosterDialog(lib)
    qtbot.addWidget(d)
    assert d.ruleset.currentData() != IH
    assert [d.saved.itemText(i) for i in range(d.saved.count())] == []
    d.ruleset.setCurrentIndex(d.ruleset.findData(IH))
    assert [d.saved.itemText(i) for i in range(d.saved.count())] == ["Duel"]
    assert d.load() and d.roster.name == "Duel"
