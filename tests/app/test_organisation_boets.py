"""The Boets organisation in the Organisation dock (pytest-qt) on the sample scenario: the
kinds it offers (squad, platoon, company, a stand-alone unit) with their Russian names, a
militia fighter moved into a cyber squad refused by the one-armlist rule (§4.1-1) unless
overridden, a squad shrunk below 3 noted with its rule (§4.1-2), the Lord standing alone
as a unit with no remark (§4.1-6), and the organisation locked once who goes first is
rolled (§4.1-3)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.app.helpers import LEFT, show_window
from tests.app.test_organisation_dock import click_item, notes


@pytest.fixture
def win(qtbot):
    w = show_window(qtbot, load_scenario(resource("scenarios", "boets-velian-ridge.json")),
                    (1400, 900))
    w.services.organisation_dock.show()
    return w


def test_the_boets_organisation_in_the_dock(win, qtbot):
    dock, game = win.services.organisation_dock, win.editor.game
    assert notes(dock) == ["No remarks."]                       # the sample is legal
    assert [dock.kind.itemData(i) for i in range(dock.kind.count())] == \
        ["squad", "platoon", "company", "unit"]

    # a militia fighter into the cyber squad: one armlist per formation, refused
    click_item(qtbot, dock, "vm-6", "vm")
    dock.into.setCurrentIndex(dock.into.findData("cy-a"))
    qtbot.mouseClick(dock.into_button, LEFT)
    assert game.group("cy-a").members == ["cy-a-1", "cy-a-2", "cy-a-3", "cy-a-4"]
    assert "mixes armlists (cyber_infantry, velian_militia): one armlist per formation " \
           "(§4.1-1)" in dock.message.text()
    assert win.editor.undo_stack.count() == 0

    # two clones out of their squad: a squad of 3–9 (§4.1-2), noted, not refused
    click_item(qtbot, dock, "cl-4", "cl")
    click_item(qtbot, dock, "cl-5", "cl", Qt.KeyboardModifier.ControlModifier)
    qtbot.mouseClick(dock.out_button, LEFT)
    assert game.group("cl").members == ["cl-1", "cl-2", "cl-3"]
    click_item(qtbot, dock, "cl-3", "cl")
    qtbot.mouseClick(dock.out_button, LEFT)
    remarks = notes(dock)
    assert "⚠ cl: a squad has 3–9 figures, not 2 (§4.1-2)" in remarks
    assert any(r.startswith("⚠ Clone-19: outside any squad") and r.endswith("(§4.1-6, §4.1-7)")
               for r in remarks), remarks
    win.undo_action.trigger()
    win.undo_action.trigger()

    # the Lord stands alone as a unit: no remark (§4.1-6)
    click_item(qtbot, dock, "lord")
    assert dock.new_group("unit", "Lord's retinue")
    assert notes(dock) == ["No remarks."]

    # who goes first is rolled: the organisation is fixed (§4.1-3)
    turn = win.services.turn_dock
    turn.show()
    turn.raise_()
    qtbot.waitUntil(turn.roll_button.isEnabled, timeout=3000)   # refreshed once shown
    turn.typed_dice.setChecked(True)
    turn.typed_faces.setText("17 4")
    qtbot.mouseClick(turn.roll_button, LEFT)
    assert game.state["initiative"]["order"] == ["polaris", "raiders"]
    assert dock.lock.text().startswith("The organisation can no longer be edited: the "
                                       "battle has started (who goes first was rolled on "
                                       "turn 1)")
    click_item(qtbot, dock, "cy-a")
    qtbot.mouseClick(dock.delete_button, LEFT)
    assert "§4.1-3" in dock.message.text()
    assert "cy-a" in [g.id for g in game.scenario.groups]
