"""docs/img/actions-dock-1280x800.png: the Warboard window at 1280x800 with the Actions dock
open (the board keeps 60 % of the window), the Iron Hearts demo zoomed in on the middle of
the table, the turn under way, a shot of the acting side's rifleman chosen in the dock, its
odds shown — the labels at the board's edges laid inside it, the group names clear of the
units' names; the dock's setup part scrolled to the roles (the target's whole name, the
squad list).

Saved with QWidget.grab() (offscreen), or, with --stay SECONDS, left open that long for a
screenshot of the real window under X (/work/shared/tools/shot):

    PYTHONPATH=$PWD .venv/bin/python tools/shots_actions_dock.py docs/img/actions-dock-1280x800.png
    shot OUT.png --size 1280x800 --wait 8 -- .venv/bin/python tools/shots_actions_dock.py --stay 20
"""

from __future__ import annotations

import argparse
import os

from shots_common import start_turn  # first: the repository on sys.path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", nargs="?", default="docs/img/actions-dock-1280x800.png")
    parser.add_argument("--stay", type=float, default=0.0,
                        help="keep the window open this many seconds instead of saving")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args(argv)
    if not args.stay:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])  # noqa: F841 (the widgets need it)
    from app import i18n
    from app.window import MainWindow
    from engine.scenario_io import load_demo

    if args.lang != "en" and not i18n.install(args.lang):
        raise SystemExit(f"no {args.lang} translation: set WARBOARD_TRANSLATIONS")
    w = MainWindow(load_demo())
    w.resize(1280, 800)
    w.show()
    QTest.qWait(500)
    start_turn(w)                          # the turn under way: the shot may be taken
    QTest.qWait(300)
    w.view.show_area(21.0, 24.0, 17.0)     # the US platoon, the road and the grenadiers
    # the initiative is rolled: the acting side's man shoots at the other's
    shooter, target = ("gren-1", "us-1-1") if w.game.active_side == "axis" else \
        ("us-1-1", "gren-1")
    w.select_unit(shooter)
    QTest.qWait(300)
    w.services.action_panel.set_action("shoot")
    w.services.action_panel.set_target(target)
    QTest.qWait(800)
    # the setup part scrolls at this height: show the roles (the target, the squad list)
    panel = w.services.action_panel
    panel.setup_scroll.ensureWidgetVisible(panel.roles_box, 0, 0)
    QTest.qWait(200)
    if args.stay:
        QTest.qWait(int(args.stay * 1000))
        return
    w.grab().save(args.out)
    print(args.out, w.size().width(), "x", w.size().height())


if __name__ == "__main__":
    main()
