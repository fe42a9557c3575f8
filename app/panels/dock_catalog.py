"""The window's docks as the View menu shows them: each dock's entry (its menu text and
shortcut), the module that makes it, and the docks it shares a tab with. Like the board
tools (app.tools.catalog), the window starts with the menu entries alone: a dock's module
is imported and the dock made when it is first wanted — its entry or shortcut, a restored
layout, or code asking `window.services` for it — so the window is complete without the
docks' code (design.md P6). The dock's contents wait further, until it is first shown
(app.panels.docks.LazyDock)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QT_TR_NOOP, QObject
from PySide6.QtGui import QAction, QKeySequence

from app.i18n import tr

from .docks import place_dock

if TYPE_CHECKING:
    from collections.abc import Iterator

    from PySide6.QtWidgets import QDockWidget


class DockEntry(NamedTuple):
    """One dock: `service` is its field of `window.services`; `module` has `make(window)`,
    which makes the dock and wires it to the window's game and selection of the moment;
    docks with the same `tabs` share one place, tabbed."""

    service: str
    label: str
    shortcut: str
    module: str
    tabs: str = ""


DOCKS: tuple[DockEntry, ...] = (
    # the Log a tab beside the Actions: stacked, at 1280×800 each had a strip (issue 39)
    DockEntry("log_dock", QT_TR_NOOP("&Log"), "Ctrl+L", "app.log_dock", "actions"),
    DockEntry("turn_dock", QT_TR_NOOP("&Turn"), "Ctrl+T", "app.panels.turn_dock", "turn"),
    DockEntry("action_panel", QT_TR_NOOP("&Actions"), "Ctrl+Shift+A",
              "app.panels.action_panel", "actions"),
    DockEntry("tests_dock", QT_TR_NOOP("&Tests"), "Ctrl+Shift+T", "app.panels.tests_dock",
              "actions"),
    DockEntry("organisation_dock", QT_TR_NOOP("&Organisation"), "Ctrl+Shift+O",
              "app.panels.organisation_dock", "turn"),
)

DOCKS_BY_SERVICE: dict[str, DockEntry] = {e.service: e for e in DOCKS}


class DockCatalog(QObject):
    """The View menu's dock entries, and the docks made so far (`made`, by service)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.made: dict[str, QDockWidget] = {}
        self.entries: dict[str, QAction] = {}
        menu = getattr(window, "view_menu", None)
        for entry in DOCKS:
            action = QAction(tr(entry.label), self)
            action.setShortcut(QKeySequence(entry.shortcut))
            action.setCheckable(True)
            action.triggered.connect(lambda _on=False, s=entry.service: self.open(s))
            if menu is not None:
                menu.addAction(action)
            self.entries[entry.service] = action

    def get(self, service: str) -> QDockWidget:
        """The dock, made now if it was not yet (hidden, its contents not built)."""
        dock = self.made.get(service)
        if dock is None:
            dock = self._make(DOCKS_BY_SERVICE[service])
        return dock

    def open(self, service: str) -> QDockWidget:
        """The dock made if need be, shown and raised (its View menu entry did this)."""
        dock = self.get(service)
        dock.show()
        dock.raise_()
        return dock

    def _make(self, entry: DockEntry) -> QDockWidget:
        dock = importlib.import_module(entry.module).make(self.window)
        self.made[entry.service] = dock
        partner = next(self._made_in(entry.tabs, but=entry.service), None)
        place_dock(self.window, dock, self.entries[entry.service], tab_with=partner)
        self.window.restoreDockWidget(dock)  # a layout restored before it was made
        return dock

    def _made_in(self, tabs: str, *, but: str) -> Iterator[QDockWidget]:
        if not tabs:
            return
        for e in DOCKS:
            if e.tabs == tabs and e.service != but and e.service in self.made:
                yield self.made[e.service]


def install(window) -> DockCatalog:
    """The docks' View menu entries; the docks themselves come when wanted."""
    catalog = DockCatalog(window)
    window.services.docks = catalog
    return catalog
