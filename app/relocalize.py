"""Rebuilding a main window in another language (Settings ▸ Language) around the same game.

The window's modules word their menus, docks, tools and dialogs as they are installed, and
keep no list of what they worded, so the window's chrome is built anew in the new language
(app.window.MainWindow) and the old one goes. The board is not: its scene and view, with
every item on them, the zoom, the labels' layout and the pictures the view cached of the
items, move into the new window as they are (`release_board`). What the board itself says
in words is worded again (`reword_board`): the terrain's tooltips and the units' badges at
once, the units' tooltips when one is asked for (UnitItem.toolTip). So a switch costs the
window's chrome and the few worded items, whatever the size of the table.

What the old window's modules put on the board (overlays, text layers, event filters,
widgets over the view, actions) is taken off it first: the new window's modules put
their own there, in the new language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QObject, Qt, QTimer
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow as MainWindow  # app.window's (it imports this)

    from .board import BoardScene, BoardView


def release_board(old: MainWindow) -> tuple[BoardScene, BoardView]:
    """The old window's scene and view, out of it, with nothing of its modules left on
    them: the items they added (every top-level item but the board's own terrain, units,
    their labels, state shapes and selection outline), their text layers, their event
    filters on the view and its viewport, the widgets they put over the view, the actions
    they added to it, and the table picture's painter."""
    scene, view = old.scene, old.view
    old.takeCentralWidget()
    port = view.viewport()
    # the window, its modules and its other parts: what installs a filter hangs off it
    # (every object of the window, looked for recursively, costs a big window's widgets
    # their Python wrappers)
    direct = Qt.FindChildOption.FindDirectChildrenOnly
    hooks = [old, *old.findChildren(QObject, options=direct),
             *(m for m in old.modules.values() if isinstance(m, QObject))]
    for obj in hooks:
        view.removeEventFilter(obj)
        port.removeEventFilter(obj)
    for child in (*view.children(), *port.children()):
        if isinstance(child, QWidget) and child is not port \
                and not child.objectName().startswith("qt_"):
            child.hide()
            child.setParent(None)  # off the view now, gone once the event loop turns
            child.deleteLater()
    for action in view.actions():
        view.removeAction(action)
    view.router = None
    view.hold_board(False)  # an old tool's held picture and cursor: the new tools set theirs
    port.unsetCursor()
    own = {id(i) for i in (*scene.terrain_items.values(), *scene.shape_items.values(),
                           scene.selection_item)}
    for item in scene.unit_items.values():
        own.add(id(item))
        own.add(id(item.label))
    for item in scene.items():
        if item.parentItem() is None and id(item) not in own:
            scene.removeItem(item)
    scene.drop_text_layers()
    scene.backdrop_painter = None
    # the old modules' slots (the groups' outlines) go until the old window is deleted,
    # which an open meanwhile would run on this board: the view's own slot stays alone
    _disconnect_all(scene.scenario_changed)
    scene.scenario_changed.connect(view._on_scenario_changed)
    return scene, view


def reword_board(scene: BoardScene) -> None:
    """The board's words in the current language: the tooltips of every terrain piece
    and state shape, and the badges (with the tooltip) of every unit that has any; the
    other units' tooltips are worded when asked for (UnitItem.toolTip)."""
    for piece in scene.terrain_items.values():
        piece.retranslate()
    for shapes in scene.shape_items.values():  # their tooltips: the ruleset's messages
        shapes.set_shapes(shapes.shapes)
    badged = [item for item in scene.unit_items.values() if item.badges is not None]
    for item in badged:
        item.retranslate()
    if badged:
        scene.place_texts()  # reworded badges change size: hung again clear of the rest
    scene.update()


def rebuild(old: MainWindow) -> MainWindow:
    """The window rebuilt in the interface's current language around the same game
    (app.window.relocalize, which then puts it in the old one's place): the editor (the
    game, its undo history) and the board (`release_board`) move into a new window, each
    module hands its state over (`hand_over(new_module)` where it has one: the files
    controller keeps the game's file and autosave), the docks, geometry and selection are
    kept. The old window is hidden, not closed (so nothing asks to save)."""
    editor = old.editor
    for signal in (editor.changed, editor.game_replaced, editor.logged):
        _disconnect_all(signal)          # lambdas of the old window's modules
    state, geometry = old.saveState(), old.saveGeometry()
    selected = old.selected_unit_id
    board = release_board(old)
    new = type(old)(editor=editor, board=board)
    new.remember_layout = old.remember_layout
    if old.services.docks is not None and new.services.docks is not None:
        for service in old.services.docks.made:  # restoreState places only docks made
            new.services.docks.get(service)
    new.restoreGeometry(QByteArray(geometry))   # maximised, full screen
    framed = Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen
    if not old.windowState() & framed:
        # exactly the old one's place and size: a restored geometry is fitted into the
        # screen's free area, and a board of another size is fitted and drawn again
        new.setGeometry(old.geometry())
    new.restoreState(QByteArray(state))
    if old.isVisible():
        new.show()
        old.hide()
    if editor.has_game:
        new.path = old.path
        editor.game_replaced.emit()
    for name, module in old.modules.items():
        hand_over = getattr(module, "hand_over", None)
        if callable(hand_over) and name in new.modules:
            hand_over(new.modules[name])
    reword_board(new.scene)
    if selected is not None and new.scene.has_unit(selected):
        new.select_unit(selected)
    if editor.has_game:  # what the old window leaves behind, once the board is painted
        view = new.view
        view.after_next_paint(lambda: QTimer.singleShot(0, new, new.settle_heap))
    return new


def _disconnect_all(signal) -> None:
    try:
        signal.disconnect()
    except (RuntimeError, TypeError):  # nothing was connected
        pass
