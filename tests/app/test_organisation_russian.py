"""The Organisation dock in Russian (issue #16): a ruleset's remarks and refusals are
messages, shown in the interface's language — the Boets sample with a militia fighter
refused from a cyber squad (§4.1-1) and a squad shrunk below 3 (§4.1-2)."""

from __future__ import annotations

from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.app.helpers import LEFT, show_window
from tests.app.test_organisation_dock import click_item, notes

from .russian import Russian


def test_the_boets_remarks_and_refusal_read_in_russian(qtbot, qm_folder):
    with Russian(qm_folder):
        win = show_window(qtbot, load_scenario(resource("scenarios",
                                                        "boets-velian-ridge.json")),
                          (1400, 900))
        dock, game = win.services.organisation_dock, win.editor.game
        dock.show()
        click_item(qtbot, dock, "vm-6", "vm")
        dock.into.setCurrentIndex(dock.into.findData("cy-a"))
        qtbot.mouseClick(dock.into_button, LEFT)
        assert game.group("cy-a").members == ["cy-a-1", "cy-a-2", "cy-a-3", "cy-a-4"]
        said = dock.message.text()
        assert "смешаны армлисты (cyber_infantry, velian_militia): в подразделении один " \
               "армлист (§4.1-1)" in said, said
        assert "mixes" not in said

        for uid in ("cl-4", "cl-5", "cl-3"):
            click_item(qtbot, dock, uid, "cl")
            qtbot.mouseClick(dock.out_button, LEFT)
        remarks = notes(dock)
        assert "⚠ cl: в отделении 3–9 фигур, а не 2 (§4.1-2)" in remarks, remarks
        assert any(r.startswith("⚠ Clone-19: вне отделения") and r.endswith("(§4.1-6, §4.1-7)")
                   for r in remarks), remarks
        assert not any("squad" in r for r in remarks), remarks
