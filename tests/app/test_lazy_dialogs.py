"""The dialogs the window opens from a menu are imported when their entry is first used,
not at start-up (issue 15, P6): the window complete has their menu entries but not their
modules, and the first use of an entry imports the dialog and shows it."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from app.window import MainWindow
from engine.scenario_io import load_demo
from tests.app.test_startup import WINDOW_SHOWN, run_python

#: The dialog modules a menu entry imports on first use, and the Actions dock's widget
#: modules, imported when the dock is first built (tests/app/test_lazy_docks.py uses it).
LAZY_MODULES = ("app.library_dialog", "app.roster_dialog", "app.picture_dialog", "app.picture",
                "app.panels.roles_view", "app.panels.dice_entry", "app.panels.odds_chart",
                "app.panels.steps_view", "app.panels.facts_view", "app.panels.modifiers_view",
                "app.panels.options_view", "engine.options")


def test_the_window_complete_has_the_menu_entries_but_not_their_dialogs():
    out = run_python(
        WINDOW_SHOWN +
        "w.finish_startup()\n"
        "qapp.processEvents()\n"
        "print(json.dumps({'entries': [a.text() for a in w.services.library_menu.actions()],"
        " 'picture': w.services.picture_export.action in w.file_menu.actions(),"
        f" 'loaded': [m for m in {LAZY_MODULES!r} if m in sys.modules]}}))\n")
    assert out["entries"] == ["Unit &library…", "&Rosters…", "&Print unit cards…"]
    assert out["picture"]
    assert out["loaded"] == []


def _modal_seen_on_trigger(action) -> object:
    """Trigger `action`, which opens a modal dialog; return that dialog (closed again)."""
    seen = []

    def close_it():
        dialog = QApplication.activeModalWidget()
        if dialog is None:  # not up yet: look again on the next turn
            QTimer.singleShot(20, close_it)
            return
        seen.append(dialog)
        dialog.reject()

    QTimer.singleShot(0, close_it)
    action.trigger()
    return seen[0]


def test_the_library_entries_open_their_dialogs_on_first_use(qtbot):
    from app.library_dialog import LibraryDialog
    from app.roster_dialog import RosterDialog

    w = MainWindow(load_demo())
    qtbot.addWidget(w)
    library, rosters, _print = w.services.library_menu.actions()
    dialog = _modal_seen_on_trigger(library)
    assert isinstance(dialog, LibraryDialog)
    assert dialog.windowTitle() and dialog.parent() is w
    assert isinstance(_modal_seen_on_trigger(rosters), RosterDialog)


def test_export_picture_opens_its_dialog_on_first_use(qtbot):
    from app.picture_dialog import PictureDialog

    w = MainWindow(load_demo())
    qtbot.addWidget(w)
    dialog = _modal_seen_on_trigger(w.services.picture_export.action)
    assert isinstance(dialog, PictureDialog)
    assert dialog.path.text().endswith(".png")
    assert w.services.picture_export.last_dialog is dialog


def test_rules_readings_opens_its_dialog_on_first_use(qtbot):
    from app.panels.readings_form import ReadingsDialog

    w = MainWindow(load_demo())
    qtbot.addWidget(w)
    w.services.readings_action.trigger()
    dialog = w.services.readings_dialog
    qtbot.addWidget(dialog)
    assert isinstance(dialog, ReadingsDialog) and dialog.isVisible()
    assert dialog.options_view.values()  # one editor per reading of the demo's ruleset
    dialog.reject()
