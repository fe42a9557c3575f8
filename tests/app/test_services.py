"""The window's services in one typed place (app.services): every installed module puts
what it offers in its field of `window.services`, nothing is attached to the window
itself, and building the services costs the start-up no import."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

from app.services import Services
from app.window import MainWindow

#: Filled only once something is opened (the last Rules readings dialog).
OPENED_LATER = {"readings_dialog"}


def test_a_complete_window_fills_every_service(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    names = {f.name for f in dataclasses.fields(Services)}
    empty = {n for n in names if getattr(w.services, n) is None}
    assert empty == OPENED_LATER
    # none of them hangs off the window any more
    assert not [n for n in names if n in vars(w) or hasattr(type(w), n)]


def test_a_held_back_module_fills_its_service_when_installed(qtbot):
    w = MainWindow(defer_modules=True)
    qtbot.addWidget(w)
    assert w.services.files is not None and w.services.rotation is not None
    assert w.services.action_panel is None and w.services.help_menu is None
    w.finish_startup()
    assert w.services.docks is w.modules["app.panels.dock_catalog"]
    assert w.services.action_panel is w.services.docks.made["action_panel"]
    assert w.services.action_panel is w.services.action_panel  # made once
    assert w.services.help_menu is w.modules["app.help_menu"]


def test_the_services_module_imports_none_of_the_modules_it_names():
    code = ("import sys, app.services\n"
            "print(sorted(m for m in sys.modules if m.startswith('app.') "
            "and m != 'app.services'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"
