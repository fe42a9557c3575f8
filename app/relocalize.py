"""Rebuilding a main window in another language (Settings ▸ Language) around the same game.

The modules word their menus, docks and tools as they are installed, so the window is built
anew in the new language (app.window.MainWindow) and the old one goes. Two things keep a
big table's switch short (no work that grows faster than the units):

- The board's unit items move into the new window (`take_units`) instead of being built
  again (an item's base outline, label and badges cost many times what moving it does);
  what they say in words is worded again in the new language (BoardScene.add_unit). So
  the two windows never hold a board's items each at once.
- The new window is given its size and shown before the game comes onto its board: a board
  fitted into a widget that was never laid out fits a 100 x 30 px viewport, where every
  label overlaps every other and the label layout grows with the square of the units.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow as MainWindow  # app.window's (it imports this)

    from .board import BoardScene
    from .board.items import UnitItem


def take_units(board: BoardScene) -> dict[str, UnitItem]:
    """The unit items of `board`, taken off it (by unit id) for another board to show.
    Each drops the pictures it keeps of itself for the old board's view (Qt's item cache
    keeps one per view, which the new view would never use, nor free). The old board is
    left with no label layout (one of no units), so nothing of its view that is still due
    (a pan's edges, a wheel's labels) touches the items it gave away; and with no index,
    which each item leaving it would otherwise be taken out of."""
    from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

    taken = dict(board.unit_items)  # each leaves it as the other board adds it
    board.unit_items.clear()
    board.layout_labels(board.label_scale() or 1.0)
    board.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
    none = QGraphicsItem.CacheMode.NoCache
    for item in taken.values():
        for part in (item, item.label, item.badges):
            if part is not None and part.cacheMode() != none:
                mode = part.cacheMode()
                part.setCacheMode(none)
                part.setCacheMode(mode)
    return taken


def rebuild(old: MainWindow) -> MainWindow:
    """The window rebuilt in the interface's current language around the same game
    (app.window.relocalize, which then puts it in the old one's place): the editor (the
    game, its undo history) moves into a new window, each module hands its state over
    (`hand_over(new_module)` where it has one: the files controller keeps the game's file
    and autosave), the docks, geometry, zoom and selection are kept, and the board's unit
    items move over. The old window is hidden, not closed (so nothing asks to save)."""
    editor = old.editor
    for signal in (editor.changed, editor.game_replaced, editor.logged):
        _disconnect_all(signal)          # lambdas of the old window's modules
    state, geometry = old.saveState(), old.saveGeometry()
    fitted, scale = old.view.fitted, old.view.px_per_inch()
    centre = old.view.view_centre()
    selected = old.selected_unit_id
    new = type(old)(editor=editor)
    new.remember_layout = old.remember_layout
    if old.services.docks is not None and new.services.docks is not None:
        for service in old.services.docks.made:  # restoreState places only docks made
            new.services.docks.get(service)
    new.restoreGeometry(QByteArray(geometry))
    new.restoreState(QByteArray(state))
    if old.isVisible():  # laid out at its size before the game comes (module docstring)
        new.show()
        old.hide()
    if editor.has_game:
        new.path = old.path
        new.taken_units = take_units(old.scene)
        editor.game_replaced.emit()
    for name, module in old.modules.items():
        hand_over = getattr(module, "hand_over", None)
        if callable(hand_over) and name in new.modules:
            hand_over(new.modules[name])
    if not fitted:  # the user's zoom and place (a fitted table stays fitted at its size)
        new.view.show_area(centre.x(), centre.y(), scale)
    if selected is not None and new.scene.has_unit(selected):
        new.select_unit(selected)
    return new


def _disconnect_all(signal) -> None:
    try:
        signal.disconnect()
    except (RuntimeError, TypeError):  # nothing was connected
        pass
