"""Game ▸ Rules readings…: the ruleset options (AMBIGUOUS readings) chosen for this game.

Every option of the game's ruleset is listed with its label, reason (§), default, PROPOSED
mark and help (app/panels/options_view in its explaining form), set to the game's current
readings. OK stores the changed readings as one undoable change (engine.readings: the game
state, so the .warboard file keeps them) and logs what changed; the Actions and Tests docks
re-read them at once, and `warboard resolve/odds` on the saved game read them too (`--rule`
still overrides them for one call).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from app.i18n import loc, tr

if TYPE_CHECKING:
    from .readings_form import ReadingsDialog


def game_menu(window) -> QMenu:
    """The window's Game menu (made once, by whichever module asks first), right after
    Tools: File, Edit, View, Tools, Game, then the menus modules add (Library)."""
    menu = window.services.game_menu
    if isinstance(menu, QMenu):
        return menu
    bar = window.menuBar()
    acts = bar.actions()
    tools = window.tools_menu.menuAction()
    after = acts[acts.index(tools) + 1] if tools in acts and acts.index(tools) + 1 < len(acts) \
        else None
    menu = QMenu(tr("&Game"), window)
    menu.setObjectName("game-menu")
    if after is not None:
        bar.insertMenu(after, menu)
    else:
        bar.addMenu(menu)
    window.services.game_menu = menu
    return menu


def open_readings(window) -> ReadingsDialog | None:
    """Show the dialog for the open game (None, with a message, when it cannot be)."""
    from engine.rulesets.registry import RulesetNotFound

    from .readings_form import ReadingsDialog
    editor = window.editor
    if not editor.has_game:
        window.statusBar().showMessage(tr("Open a game first"), 5000)
        return None
    try:
        dialog = ReadingsDialog(window)
    except RulesetNotFound as err:
        from engine.i18n import said

        window.show_error(tr("Rules readings"), loc(said(err)))
        return None
    window.services.readings_dialog = dialog
    dialog.open()
    return dialog


def install(window) -> QAction:
    """Game ▸ Rules readings…"""
    action = QAction(tr("Rules &readings…"), window)
    action.setObjectName("rules-readings")
    action.setToolTip(tr("The ruleset's open points as this game reads them"))
    action.triggered.connect(lambda: open_readings(window))
    game_menu(window).addAction(action)
    window.services.readings_action = action
    return action
