"""How a panel dock joins the window: on the right, hidden until its View menu entry (with
a shortcut) shows it — the board keeps its room until the panel is wanted."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow


def dock_widgets(window: QMainWindow, kind: type[QDockWidget] = QDockWidget
                 ) -> list[QDockWidget]:
    """The window's docks of class `kind`, in the order they were added. The main window
    keeps that list (`MainWindow.dock_widgets`): `findChildren` would wrap every widget of
    the window in Python, creating their classes and enums — tens of ms at start-up."""
    listed = getattr(window, "dock_widgets", None)
    docks = listed() if callable(listed) else window.findChildren(QDockWidget)
    return [d for d in docks if isinstance(d, kind)]


def add_view_dock(window, dock: QDockWidget, text: str, shortcut: str, *,
                  tab_with: type[QDockWidget] | None = None) -> None:
    """Put `dock` on the right, hidden, with a View menu toggle `text` (`shortcut`); tabbed
    with the first other dock of class `tab_with` already there, if any."""
    area = Qt.DockWidgetArea.RightDockWidgetArea
    window.addDockWidget(area, dock)
    if tab_with is not None:
        others = [d for d in dock_widgets(window, tab_with) if d is not dock
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
