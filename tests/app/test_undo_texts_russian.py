"""The undo texts in Russian (issue #16): Edit ▸ Undo "…" and the undo history read a
change's label in the interface's language — a resolution and a turn crossing (engine msg()
labels shown through loc()), an organisation edit, a rules reading and a unit dragged on the
board (app labels through tr()). No English word may be left (the Russian walk's filter)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from engine.model import Change
from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.app.helpers import drag
from tests.app.test_panels_support import click, open_window

from .russian import Russian
from .test_russian_play import aim_at, initiative
from .test_russian_walk import allowed_words, english

RULESET = "iron-hearts"


def undo_texts(win) -> list[str]:
    stack = win.editor.undo_stack
    return [stack.text(i) for i in range(stack.count())]


def test_the_undo_texts_of_a_russian_game_read_russian(qtbot, qm_folder, tmp_path,
                                                       monkeypatch):
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("WARBOARD_DATA_DIR", str(tmp_path / "data"))
    scenario = load_scenario(Path(str(resource("scenarios", "crossroads.json"))))
    allowed = allowed_words(scenario, RULESET)
    seen: dict[str, list[str]] = {}
    with Russian(qm_folder):
        win = open_window(qtbot, scenario, centre=(36, 20))
        panel, game, stack = win.services.action_panel, win.game, win.editor.undo_stack
        win.services.turn_dock.show()

        # a unit dragged on the board with the select tool
        unit = game.unit("us-1-1")
        x, y = unit.x, unit.y
        drag(qtbot, win, [(x, y), (x + 0.5, y), (x + 1, y)])
        # to the pixel: the board zooms out to keep the table when the Turn dock opens
        assert (game.unit("us-1-1").x, stack.count()) == (pytest.approx(x + 1, abs=0.05), 1)
        seen["move"] = [stack.undoText()]

        # a rules reading chosen in Game ▸ Rules readings
        from app.panels.readings_dialog import open_readings
        dialog = open_readings(win)
        option = next(o for o in dialog.ruleset.options if isinstance(o.default, bool))
        dialog.options_view.set_values({option.id: not option.default})
        assert dialog.apply()
        dialog.close()
        seen["reading"] = [stack.undoText()]

        # an organisation edit: a new group formed round a unit
        dock = win.services.organisation_dock
        dock.show()
        QApplication.processEvents()
        item = dock.item_of("us-1-2")
        dock.tree.setCurrentItem(item)
        click(qtbot, dock.new_button)
        n = stack.count()
        assert n == 3, undo_texts(win)
        seen["organisation"] = [stack.undoText()]

        # the turn: initiative, a resolution applied, the end of the turn
        initiative(qtbot, win)
        seen["initiative"] = [stack.undoText()]
        aim_at(qtbot, win, "us-1-1", "shoot", (41.4, 13.6))
        click(qtbot, panel.dice_entry.roll_button)
        assert panel.resolution is not None, panel.message.text()
        click(qtbot, panel.apply_button)
        seen["resolution"] = [stack.undoText()]
        click(qtbot, win.services.turn_dock.end_button)
        assert game.turn == 2
        seen["end of turn"] = [stack.undoText()]
        seen["history"] = undo_texts(win)
        assert stack.count() >= 6, seen["history"]

        # a change with no label is "Правка"
        win.editor.push(Change([], ""))
        seen["no label"] = [stack.undoText()]
        assert stack.undoText() == "Правка"

    assert all(t for texts in seen.values() for t in texts), seen
    left = {when: english(texts, allowed) for when, texts in seen.items()}
    left = {when: found for when, found in left.items() if found}
    assert left == {}, "English left:\n" + "\n".join(
        f"{when}: {line}" for when, found in left.items() for line in found)
