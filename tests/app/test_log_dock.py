"""The Log dock: every entry with its dice and their source, filters by unit and by turn,
live appends, and a text export of what is shown."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app import log_view
from app.log_dock import LogDock
from app.log_text import COLUMNS, dice_text, entry_text, entry_units
from engine.dice import RollRecord
from engine.model import LogEntry

ROLL = RollRecord("to hit", "d10", (3, 7), "app", 42)
SAVE = RollRecord("save", "d6", (5,), "typed")

ENTRIES = [
    LogEntry(1, "sherman", "measure", "pz4", summary='24.3" edge to edge, LOS clear',
             details={"kind": "measurement"}),
    LogEntry(1, "sherman", "shoot", "pz4", dice=(ROLL,), summary="hit, no penetration",
             details={"steps": []}),
    LogEntry(2, "mortar", "template blast-3", None, summary="2 units under the template",
             details={"kind": "template", "units": [{"id": "inf1", "fraction": 0.5},
                                                    "inf2"]}),
    LogEntry(2, "inf1", "rally", None, dice=(SAVE,), summary="rallied"),
]
NAMES = {"sherman": "Sherman 1", "pz4": "Panzer IV", "mortar": "Mortar", "inf1": "Rifles A",
         "inf2": "Rifles B"}


@pytest.fixture
def dock(qtbot):
    d = LogDock()
    qtbot.addWidget(d)
    d.set_units(NAMES.items())
    d.set_namer(lambda uid: NAMES.get(uid, uid))
    d.set_entries(ENTRIES)
    d.resize(900, 400)
    d.show()
    return d


def cells(d: LogDock, column: str) -> list[str]:
    col = COLUMNS.index(column)
    return [d.proxy.index(r, col).data() for r in range(d.proxy.rowCount())]


def test_every_entry_is_a_row_with_its_dice_and_source(dock):
    assert cells(dock, "#") == ["1", "2", "3", "4"]
    assert cells(dock, "Turn") == ["1", "1", "2", "2"]
    assert cells(dock, "Kind") == ["measurement", "resolution", "template", "roll"]
    assert cells(dock, "Actor") == ["Sherman 1", "Sherman 1", "Mortar", "Rifles A"]
    assert cells(dock, "Target") == ["Panzer IV", "Panzer IV", "", ""]
    assert cells(dock, "Dice") == ["", "to hit: d10 [3, 7] (app, seed 42)", "",
                                   "save: d6 [5] (typed)"]
    assert cells(dock, "Summary")[0] == '24.3" edge to edge, LOS clear'
    assert dock.count_label.text() == "4 entries"


def test_dice_text_joins_rolls():
    assert dice_text([ROLL, SAVE]) == "to hit: d10 [3, 7] (app, seed 42); save: d6 [5] (typed)"


def test_entry_units_reads_actor_target_and_listed_units():
    assert entry_units(ENTRIES[0]) == {"sherman", "pz4"}
    assert entry_units(ENTRIES[2]) == {"mortar", "inf1", "inf2"}
    # the template tool's entry: TemplateResult.to_dict() under details["template"]
    placed = LogEntry(1, None, "template", "inf2", details={"template": {
        "shape": "blast-3", "under": [{"id": "inf2", "fraction": 1.0},
                                      {"id": "inf1", "fraction": 0.25}], "hole": "inf2"}})
    assert entry_units(placed) == {"inf1", "inf2"}


def test_filter_by_unit(dock):
    dock.set_unit_filter("pz4")
    assert cells(dock, "#") == ["1", "2"]
    dock.set_unit_filter("inf1")  # the rally's actor, and under the mortar's template
    assert cells(dock, "#") == ["3", "4"]
    assert dock.count_label.text() == "2 of 4 entries"
    dock.set_unit_filter(None)
    assert cells(dock, "#") == ["1", "2", "3", "4"]


def test_filter_by_turn_and_unit_together(dock):
    dock.set_turn_filter(2)
    assert cells(dock, "#") == ["3", "4"]
    dock.set_unit_filter("sherman")
    assert cells(dock, "#") == []
    dock.set_turn_filter(1)
    assert cells(dock, "#") == ["1", "2"]


def test_filters_driven_through_the_combo_boxes(dock, qtbot):
    box = dock.unit_box
    i = box.findData("mortar")
    assert box.itemText(i) == "Mortar"
    box.setCurrentIndex(i)
    assert cells(dock, "#") == ["3"]
    assert [dock.turn_box.itemText(k) for k in range(dock.turn_box.count())] == [
        "All turns", "Turn 1", "Turn 2"]
    dock.turn_box.setCurrentIndex(1)
    assert cells(dock, "#") == []


def test_unknown_filter_values_are_refused(dock):
    with pytest.raises(ValueError, match="no unit 'nobody'"):
        dock.set_unit_filter("nobody")
    with pytest.raises(ValueError, match="turn 9"):
        dock.set_turn_filter(9)


def test_live_append_keeps_the_filters_and_adds_new_turns(dock):
    dock.set_unit_filter("pz4")
    dock.append(LogEntry(3, "pz4", "shoot", "sherman", dice=(ROLL,), summary="miss"))
    assert cells(dock, "#") == ["1", "2", "5"]
    assert dock.turn_box.findData(3) == 3
    assert dock.unit_box.currentData() == "pz4"
    assert dock.count_label.text() == "3 of 5 entries"


def test_an_actor_not_on_the_table_is_still_offered(dock):
    dock.append(LogEntry(3, "ghost", "rally", None))
    assert dock.unit_box.findData("ghost") > 0


def test_entry_text():
    text = entry_text(2, ENTRIES[1], lambda u: NAMES[u])
    assert text == ("2. Turn 1 · resolution · Sherman 1 → Panzer IV · shoot\n"
                    "   hit, no penetration\n"
                    "   dice: to hit: d10 [3, 7] (app, seed 42)")


def test_export_text_is_what_is_shown(dock, tmp_path, qtbot, monkeypatch):
    dock.set_turn_filter(2)
    out = tmp_path / "log.txt"
    monkeypatch.setattr(log_view.QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(out), "Text (*.txt)"))
    qtbot.mouseClick(dock.save_button, Qt.MouseButton.LeftButton)
    assert out.read_text(encoding="utf-8") == (
        "Warboard log (turn 2)\n"
        "\n"
        "3. Turn 2 · template · Mortar · template blast-3\n"
        "   2 units under the template\n"
        "\n"
        "4. Turn 2 · roll · Rifles A · rally\n"
        "   rallied\n"
        "   dice: save: d6 [5] (typed)\n")


def test_export_cancelled_writes_nothing(dock, tmp_path, monkeypatch):
    monkeypatch.setattr(log_view.QFileDialog, "getSaveFileName",
                        lambda *a, **k: ("", ""))
    dock.save_dialog()
    assert list(tmp_path.iterdir()) == []


def test_installed_in_the_window_and_live(qtbot, monkeypatch, tmp_path):
    from app.window import MainWindow
    from engine.model import Game
    from tests.app.test_board import make_scenario

    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path))
    w = MainWindow(make_scenario())
    qtbot.addWidget(w)
    d = w.services.log_dock
    assert w.services.docks.made["log_dock"] is d
    assert d.toggleViewAction() in w.view_menu.actions()
    assert d.model.rowCount() == 0
    w.editor.log(LogEntry(1, "sherman-1", "measure", "gren-1", summary="40\" apart"))
    assert cells(d, "Actor") == ["Sherman 1"]  # the unit's name, not its id
    assert cells(d, "Target") == ["gren-1"]  # no name: the id
    assert d.unit_box.findData("hq-1") > 0  # every unit on the table is offered
    other = Game(make_scenario())
    other.append_log(LogEntry(4, "hq-1", "rally", None, dice=(SAVE,)))
    other.append_log(LogEntry(5, "hq-1", "rally", None))
    w.set_game(other)
    assert cells(d, "Turn") == ["4", "5"]
    assert d.count_label.text() == "2 entries"


def test_choosing_an_entry_shows_it_in_full(dock):
    dock.select_seq(2)
    assert dock.detail.toPlainText() == entry_text(2, ENTRIES[1], lambda u: NAMES[u])
    dock.set_turn_filter(2)  # entry 2 filtered out: the text follows the row now current
    current = dock.table.currentIndex()
    seq = dock.proxy.mapToSource(current).row() + 1 if current.isValid() else None
    assert seq in (3, 4, None)
    expected = entry_text(seq, ENTRIES[seq - 1], lambda u: NAMES[u]) if seq else ""
    assert dock.detail.toPlainText() == expected
