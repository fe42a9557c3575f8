"""The editing tools in the Russian window (issue #16): the Units and Terrain tools' prompts,
refusals and undo texts, the measure tool's readout to a point, and a unit id refused by
the model — driven with real clicks and keys, each text checked for English words (only
the table's names and ids may stay Latin)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.app.helpers import click_board, show_window
from tests.app.test_russian_walk import ALLOW, english
from tests.app.test_terrain_tool import scenario as terrain_scenario
from tests.app.test_terrain_tool import terrain_tool
from tests.app.test_units_tool import scenario as units_scenario
from tests.app.test_units_tool import units_tool
from tests.russian_words import LATIN

from .russian import Russian


def no_english(texts, *names: str) -> None:
    allowed = set(ALLOW)
    for n in names:
        words = [*LATIN.findall(n), *n.split()]
        allowed.update(words, (f"{w}'" for w in words))
    assert english(texts, allowed) == [], texts


def test_the_units_tool_in_russian(qtbot, qm_folder):
    with Russian(qm_folder):
        win = show_window(qtbot, units_scenario(), (1200, 760), fit=True)
        tool = units_tool(win, qtbot)
        seen = []
        assert tool.delete() is False                   # nothing selected
        seen.append(tool.panel.message.text())
        assert seen[-1] == "Сначала выберите отряд (щёлкните его)."
        tool.panel.choose_profile("m4a1-sherman")
        tool.panel.new_side.setCurrentText("allies")
        assert tool.place(30, 40) == "m4a1-sherman-1"
        name = tool.panel.chosen_profile().name
        undo = win.editor.undo_stack.undoText()
        assert undo == f"Установка {name} m4a1-sherman-1"
        seen += [undo, tool.panel.message.text()]
        click_board(qtbot, win, 50, 24)                  # gren-1
        p = tool.panel
        p.name.clear()
        qtbot.keyClicks(p.name, "Kessler")
        p.side.setCurrentText("reds")
        qtbot.mouseClick(p.apply_button, Qt.MouseButton.LeftButton)
        undo = win.editor.undo_stack.undoText()
        assert undo == "gren-1: имя Kessler и сторона reds"
        seen.append(undo)
        p.side.setCurrentText("  ")
        qtbot.mouseClick(p.apply_button, Qt.MouseButton.LeftButton)
        seen.append(p.message.text())
        assert seen[-1] == "сторона: ожидалось имя стороны, не задано ничего"
        assert tool.duplicate() is not None
        seen.append(win.editor.undo_stack.undoText())
        assert seen[-1] == "Копия Kessler"
        assert win.game.unit(win.selected_unit_id).name == "Kessler (копия)"
        no_english(seen, name, "allies reds Kessler m4a1-sherman-1 gren-1")


def test_the_terrain_tool_in_russian(qtbot, qm_folder):
    with Russian(qm_folder):
        win = show_window(qtbot, terrain_scenario(), (1200, 760), fit=True)
        tool = terrain_tool(win, qtbot)
        seen = [tool.panel.message.text()]
        tool.panel.set_kind("rough")
        tool.set_mode("draw")
        seen.append(tool.panel.message.text())
        assert seen[-1].startswith("Щёлкайте точки (")
        for x, y in [(40, 20), (50, 30), (50, 20), (40, 30)]:  # a bow tie
            click_board(qtbot, win, x, y)
        qtbot.keyClick(win.view, Qt.Key.Key_Return)
        seen.append(tool.panel.message.text())
        assert "контур пересекает сам себя (" in seen[-1], seen[-1]
        qtbot.keyClick(win.view, Qt.Key.Key_Backspace)
        click_board(qtbot, win, 40, 20)                         # closes a triangle
        seen += [win.editor.undo_stack.undoText(), tool.panel.message.text()]
        assert seen[-1] == "rough-1 положен."
        qtbot.keyClick(win.view, Qt.Key.Key_Escape)
        tool.set_mode("select")
        seen.append(tool.panel.message.text())
        tool.select("house-1")
        seen.append(tool.panel.message.text())
        tool.panel.set_kind("wall")                               # an area cannot be a line
        seen.append(tool.panel.message.text())
        assert seen[-1].startswith("house-1 не может стать таким: ")
        assert tool.move_piece("house-1", 3, 4)
        seen.append(win.editor.undo_stack.undoText())
        assert seen[-1] == "Перемещение house-1 5.0\""
        assert tool.delete_selected()
        seen.append(win.editor.undo_stack.undoText())
        # the bow tie's reason after the Russian is shapely's own ("Self-intersection")
        no_english([t.split(" (Self")[0] for t in seen], "house-1 rough-1 wall-1")


def test_the_measure_tool_to_a_point_in_russian(qtbot, qm_folder):
    from PySide6.QtCore import QPointF

    with Russian(qm_folder):
        win = show_window(qtbot, units_scenario(), (1200, 760), fit=True)
        tool = win.tools.tools["measure"]
        tool.a = "sherman-1"
        tool.preview(QPointF(30, 30), None)
        text = win.pointer_hint.text()
        assert text.splitlines()[0] == "Sherman 1 → точка"
        assert text.splitlines()[-1] == "щёлкните отряд, чтобы измерить до него"
        assert "75-мм M3: градация 1: ≤ " in text, text      # the gun's range bands
        tool.preview_pair("sherman-1", "nobody")
        said = win.pointer_hint.text()
        assert said == "to: нет отряда с id 'nobody'", said
        no_english([text, said], "Sherman nobody")
        from engine.i18n import localized  # the log lines the tool writes

        tool.finish_point("sherman-1", QPointF(30, 30))
        tool.finish_pair("sherman-1", "gren-1")
        tool.finish_ruler(QPointF(1, 1), QPointF(4, 5))
        lines = [localized(e.summary, "ru") for e in win.editor.game.log[-3:]]
        assert lines[0].startswith("Sherman 1 → точка: от края ")
        assert lines[1].startswith("Sherman 1 → gren-1: от края ") and "укрытие" in lines[1]
        assert lines[2] == 'линейка 5.00"'
        assert str(win.editor.game.log[-1].summary) == 'ruler 5.00"'
        no_english(lines, "Sherman gren-1")
