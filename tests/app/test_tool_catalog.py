"""The tools' catalog (app/tools/catalog.py): every tool's action is made from its entry at
start, the tool itself (and its module) when it is first chosen, pressed or looked up."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.tools.catalog import TOOLS, ToolEntry
from app.tools.manager import DEFAULT_TOOL
from app.window import MainWindow
from engine.scenario_io import load_demo


@pytest.fixture
def win(qtbot):
    w = MainWindow(load_demo())
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def built_ids(win) -> list[str]:
    return [t.id for t in win.tools.tools.built()]


def test_every_entry_has_its_action_and_only_the_default_tool_is_made(win):
    assert list(win.tools.tools) == [e.id for e in TOOLS]
    assert built_ids(win) == [DEFAULT_TOOL]
    for entry in TOOLS:
        action = win.tools.actions[entry.id]
        assert action.isCheckable()
        assert action.shortcut().toString() == entry.shortcut
        assert action.statusTip() == entry.tooltip
        assert (action in win.toolbar.actions()) == entry.on_toolbar
    # asking whether a tool is there, or opening another game, makes none
    assert "template" in win.tools.tools and "nothing" not in win.tools.tools
    assert win.open_demo()
    assert built_ids(win) == [DEFAULT_TOOL]


def test_each_tool_made_from_its_entry_carries_the_entry(win):
    for entry in TOOLS:
        tool = win.tools.tools[entry.id]
        assert (tool.id, tool.label, tool.shortcut, tool.tooltip, tool.on_toolbar) == \
            (entry.id, entry.label, entry.shortcut, entry.tooltip, entry.on_toolbar)
    assert built_ids(win) == [e.id for e in TOOLS]


def test_a_key_makes_and_chooses_a_tool_not_made_yet(win, qtbot):
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_T)
    assert win.tools.active is not None and win.tools.active.id == "template"
    assert win.tools.actions["template"].isChecked()
    assert win.tools.active.panel.isVisible()
    assert built_ids(win) == [DEFAULT_TOOL, "template"]
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    assert win.tools.active.id == DEFAULT_TOOL
    assert not win.tools.tools["template"].panel.isVisible()


def test_the_toolbar_action_makes_the_tool(win):
    win.tools.actions["units"].trigger()
    assert win.tools.active.id == "units" and built_ids(win) == [DEFAULT_TOOL, "units"]


def test_an_entry_whose_class_makes_another_tool_is_refused(win):
    win.tools.register(ToolEntry("ruler2", "Ruler 2", "", "", "app.tools.measure:RulerTool"))
    with pytest.raises(ValueError, match=r"tool\.id: app\.tools\.measure\.RulerTool makes "
                                         r"'ruler', its entry says 'ruler2'"):
        win.tools.activate("ruler2")
    with pytest.raises(KeyError, match="no tool with id 'nothing'"):
        win.tools.activate("nothing")
    with pytest.raises(ValueError, match="tool.id: expected a new"):
        win.tools.register(TOOLS[1])
