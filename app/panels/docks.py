"""How a panel dock joins the window: on the right, hidden until its View menu entry (with
a shortcut) shows it — the board keeps its room until the panel is wanted. The dock itself
is made when first wanted (app.panels.dock_catalog), and its contents when first shown
(`LazyDock`): a dock not yet wanted costs the start-up nothing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu


class LazyDock(QDockWidget):
    """A dock whose contents (`build_contents`, the subclass's) are built when first
    wanted: just before the dock is first shown — its View menu toggle, a tab, a restored
    layout, `show()` all go through `setVisible` — or when code asks for a part of them (an
    attribute the contents define, e.g. a test reading a hidden dock's combo box).

    Until then the dock is its title, object name and toggle action; handlers the window's
    signals reach before the build return early while `built` is False, and
    `build_contents` ends by showing the state of the moment (the game, the selection), so
    the dock shows the same whenever it is built (design.md P6: hidden docks are not part
    of the start's cost)."""

    _built = False
    #: `relocalize` looks each module up for `hand_over`: no build for that.
    hand_over = None

    @property
    def built(self) -> bool:
        return self._built

    def build_contents(self) -> None:
        """Make the widgets (`setWidget`) and show the state of the moment."""
        raise NotImplementedError

    def ensure_built(self) -> None:
        """Build the contents now if they are not yet (`built` is True from the start of
        the build: the handlers it calls do their work)."""
        if not self._built:
            self._built = True
            self.build_contents()

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt's name)
        if visible:
            self.ensure_built()  # before the show: the first frame has the contents
        super().setVisible(visible)

    def findChild(self, *args, **kwargs):  # noqa: N802 (Qt's names): asks for a part
        self.ensure_built()
        return super().findChild(*args, **kwargs)

    def findChildren(self, *args, **kwargs):  # noqa: N802
        self.ensure_built()
        return super().findChildren(*args, **kwargs)

    def __getattr__(self, name: str):
        # reached only when the ordinary lookup failed: a part of the contents asked for
        # before they were built
        if name.startswith("__") or self._built:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        self.ensure_built()
        return object.__getattribute__(self, name)


def dock_widgets(window: QMainWindow, kind: type[QDockWidget] = QDockWidget
                 ) -> list[QDockWidget]:
    """The window's docks of class `kind`, in the order they were added. The main window
    keeps that list (`MainWindow.dock_widgets`): `findChildren` would wrap every widget of
    the window in Python, creating their classes and enums, which start-up would pay."""
    listed = getattr(window, "dock_widgets", None)
    docks = listed() if callable(listed) else window.findChildren(QDockWidget)
    return [d for d in docks if isinstance(d, kind)]


def place_dock(window, dock: QDockWidget, toggle_in: QAction, *,
               tab_with: QDockWidget | None = None) -> None:
    """Put `dock` on the right, hidden, its View menu toggle in the place of `toggle_in`
    (the catalog's entry for it: its text and shortcut); tabbed with `tab_with`, when that
    dock is on the same side."""
    area = Qt.DockWidgetArea.RightDockWidgetArea
    window.addDockWidget(area, dock)
    if tab_with is not None and window.dockWidgetArea(tab_with) == area:
        window.tabifyDockWidget(tab_with, dock)
    dock.hide()
    toggle = dock.toggleViewAction()
    # shown from the menu or its key: in front of the docks it shares tabs with
    toggle.triggered.connect(lambda checked: dock.raise_() if checked else None)
    toggle.setText(toggle_in.text())
    toggle.setShortcut(toggle_in.shortcut())
    for menu in toggle_in.associatedObjects():
        if isinstance(menu, QMenu):
            menu.insertAction(toggle_in, toggle)
            menu.removeAction(toggle_in)
    toggle_in.setShortcut(QKeySequence())
