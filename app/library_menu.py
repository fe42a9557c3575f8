"""The Library menu: Unit library…, Rosters…, Print unit cards… (Ctrl+P).

Only the menu is made at start-up: the dialogs' modules (app.library_dialog,
app.roster_dialog, app.cards) are imported when one of its entries is first used, so the
window is complete without them (design.md P6).
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence

from app.i18n import error_text, tr


def _readings(window) -> dict:
    """The open game's rules readings (Game ▸ Rules readings…), for the cards."""
    from engine.readings import readings_for
    from engine.rulesets.registry import RulesetNotFound, get_ruleset

    game = window.game
    if game is None:
        return {}
    try:
        return readings_for(get_ruleset(game.scenario.ruleset), game)
    except RulesetNotFound:
        return {}


def _scenario_cards_dialog(window) -> None:
    """Print preview of the cards of the table (one card per profile), A4 sheets with cut
    marks; the same pages as `warboard cards FILE`."""
    from PySide6.QtWidgets import QMessageBox

    from app.cards import cards_for_scenario
    from app.cards.printing import SheetOptions, preview
    from app.library_dialog import open_library
    from engine.options import SchemaError

    scenario = window.scenario
    if scenario is None:
        QMessageBox.information(window, tr("Print unit cards"),
                                tr("Open a game or scenario first."))
        return
    try:
        with open_library() as library:
            cards = cards_for_scenario(scenario, library, readings=_readings(window))
    except SchemaError as err:
        QMessageBox.warning(window, tr("Print unit cards"), error_text(err))
        return
    options = SheetOptions("a4", metres_per_inch=scenario.table.metres_per_inch)
    preview(window, cards, options).exec()


def show_library(window) -> None:
    """Unit library…: the library dialog over the user's library."""
    from PySide6.QtWidgets import QMessageBox

    from app.library_dialog import LibraryDialog, open_library
    from engine.options import SchemaError

    try:
        library = open_library()
    except SchemaError as err:
        QMessageBox.warning(window, tr("Unit library"), error_text(err))
        return
    try:
        LibraryDialog(library, window).exec()
    finally:
        library.close()


def show_rosters(window) -> None:
    """Rosters…: the roster dialog over the user's library and the open table."""
    from PySide6.QtWidgets import QMessageBox

    from app.library_dialog import open_library
    from app.roster_dialog import RosterDialog
    from engine.options import SchemaError

    try:
        library = open_library()
    except SchemaError as err:
        QMessageBox.warning(window, tr("Rosters"), error_text(err))
        return
    try:
        RosterDialog(library, window, scenario=window.scenario).exec()
    finally:
        library.close()


def install(window) -> QAction:
    """Add the Library menu to the main window; returns the "Unit library…" action."""
    menu = window.menuBar().addMenu(tr("&Library"))
    lib_action = QAction(tr("Unit &library…"), window)
    lib_action.triggered.connect(lambda: show_library(window))
    roster_action = QAction(tr("&Rosters…"), window)
    roster_action.triggered.connect(lambda: show_rosters(window))
    print_action = QAction(tr("&Print unit cards…"), window)
    print_action.setShortcut(QKeySequence.StandardKey.Print)
    print_action.triggered.connect(lambda: _scenario_cards_dialog(window))
    for a in (lib_action, roster_action, print_action):
        menu.addAction(a)
    window.services.library_menu = menu
    return lib_action
