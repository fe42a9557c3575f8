"""docs/img/russian-window.png: the Warboard window in Russian at 1280x800 (no first-run
overlay: the window is built directly), the Iron Hearts demo, the turn started and a US
rifleman's shot at a grenadier chosen in the Actions dock, its odds shown.

    PYTHONPATH=$PWD WARBOARD_TRANSLATIONS=DIR_WITH_warboard_ru.qm \\
        .venv/bin/python tools/shots_russian.py docs/img/russian-window.png
"""

from __future__ import annotations

import os
import sys

from PySide6.QtWidgets import QApplication
from shots_common import settle, start_turn


def main(out: str) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication([])  # noqa: F841 (the widgets need it)
    from app import i18n
    from app.window import MainWindow
    from engine.scenario_io import load_demo

    if not i18n.install("ru"):
        raise SystemExit("no Russian translation: set WARBOARD_TRANSLATIONS")
    w = MainWindow(load_demo())
    w.resize(1280, 800)
    w.show()
    settle(500)
    start_turn(w)                          # the turn under way: the shot may be taken
    settle(300)
    w.view.fit_table()
    w.select_unit("us-1-1")
    settle(300)
    w.services.action_panel.set_action("shoot")
    w.services.action_panel.set_target("gren-1")
    settle(800)
    w.grab().save(out)
    print(out, w.size().width(), "x", w.size().height())


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/img/russian-window.png")
