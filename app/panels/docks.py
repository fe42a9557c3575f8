"""How a panel dock joins the window: on the right, hidden until its View menu entry (with
a shortcut) shows it — the board keeps its room until the panel is wanted."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget


def add_view_dock(window, dock: QDockWidget, text: str, shortcut: str, *,
                  tab_with: type[QDockWidget] | None = None) -> None:
    """Put `dock` on the right, hidden, with a View menu toggle `text` (`shortcut`); tabbed
    with the first other dock of class `tab_with` already there, if any."""
    area = Qt.DockWidgetArea.RightDockWidgetArea
    window.addDockWidget(area, dock)
    if tab_with is not None:
        others = [d for d in window.findChildren(tab_with) if d is not dock
                  and window.dockWidgetArea(d) == area]
        if others:
            window.tabifyDockWidget(others[0], dock)
    dock.hide()
    toggle = dock.toggleViewAction()
    toggle.setText(text)
    toggle.setShortcut(shortcut)
    view_menu = getattr(window, "view_menu", None)
    if view_menu is not None:
        view_menu.addAction(toggle)
