"""The board tools as the toolbar and the Tools menu show them: each tool's id, label, key
and tooltip, and where its class is. The window makes every tool's action from this list
at start and imports a tool's module only when the tool is first used (chosen, its key
pressed, or looked up in `window.tools.tools`), so the window is complete without the
tools' code (design.md P6). The select tool is the default: it is built at once."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QT_TR_NOOP


class ToolEntry(NamedTuple):
    """One tool's action: `label` and `tooltip` untranslated (the manager translates them);
    `factory` is "module:Class", the class taking the window."""

    id: str
    label: str
    shortcut: str
    tooltip: str
    factory: str
    # False for a tool only other parts of the app switch on (the panels' pick tool)
    on_toolbar: bool = True


TOOLS: tuple[ToolEntry, ...] = (
    ToolEntry("select", QT_TR_NOOP("Select"), "V",
              QT_TR_NOOP("Select and move units: click to select, drag to move, "
                         "Shift+click: its group"), "app.tools.select:SelectTool"),
    ToolEntry("measure", QT_TR_NOOP("Measure"), "M",
              QT_TR_NOOP("Measure between two units: click A then B, or drag A to B"),
              "app.tools.measure:MeasureTool"),
    ToolEntry("ruler", QT_TR_NOOP("Ruler"), "L",
              QT_TR_NOOP("Free ruler between any two points: click-click or drag"),
              "app.tools.measure:RulerTool"),
    ToolEntry("threat", QT_TR_NOOP("Threat"), "W",
              QT_TR_NOOP("Threat view: hover a unit to see who sees it and whom it sees"),
              "app.tools.threat:ThreatTool"),
    ToolEntry("template", QT_TR_NOOP("Template"), "T",
              QT_TR_NOOP("Lay a blast or flamer template, see where it may land, scatter it"),
              "app.tools.template:TemplateTool"),
    ToolEntry("terrain", QT_TR_NOOP("Terrain"), "E",
              QT_TR_NOOP("Draw, move, reshape and delete terrain pieces"),
              "app.tools.terrain_edit:TerrainTool"),
    ToolEntry("units", QT_TR_NOOP("Units"), "U",
              QT_TR_NOOP("Place units from profiles, duplicate, delete, set side and name"),
              "app.tools.units:UnitsTool"),
    ToolEntry("pick", QT_TR_NOOP("Pick"), "",
              QT_TR_NOOP("Pick a target, several units or a point for the action panel"),
              "app.tools.pick:PickTool", on_toolbar=False),
)

TOOLS_BY_ID: dict[str, ToolEntry] = {e.id: e for e in TOOLS}


def install(window) -> tuple[ToolEntry, ...]:
    """Every tool's action, in this order (the default tool, first, is built and chosen)."""
    for entry in TOOLS:
        window.tools.register(entry)
    return TOOLS
