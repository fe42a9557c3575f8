"""`warboard --self-test`: proof that an installed or bundled Warboard works on this
machine. Offscreen, with nothing written outside a temporary folder, it opens the demo in
the real window, measures two units with the measure tool's engine call, resolves an
action with fixed dice, prints a unit card to PDF, and switches the interface to Russian
when the translations are installed. One line per check on stdout; exit status 0 when
all pass, 1 when one fails (its error on the line)."""

from __future__ import annotations

import importlib
import os
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path

#: The demo's pair the checks use (a rifleman and a grenadier in sight of each other).
SHOOTER, TARGET = "gren-1", "us-1-1"


def _window():
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(["warboard", "-platform", "offscreen"])
    from app.window import build_window

    window = build_window([])   # the demo table, every module installed
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    return app, window


def check_window(state: dict) -> str:
    app, window = _window()
    state["window"] = window
    n = len(window.scene.unit_items)
    if not n or window.missing_modules:
        raise RuntimeError(f"{n} units on the board; modules missing: {window.missing_modules}")
    return f"demo table open: {window.scenario.name}, {n} units, {len(window.modules)} modules"


def check_measure(state: dict) -> str:
    from engine.measure import measure_pair

    m = measure_pair(state["window"].scenario, SHOOTER, TARGET)
    return f"measured {SHOOTER} → {TARGET}: {m.edge_in:.2f}\" ({m.edge_m:.1f} m), LOS {m.los}"


def check_resolve(state: dict) -> str:
    """The referee's plan, odds and a typed preview on the demo (a preview is no roll:
    nothing is logged or applied)."""
    from engine.play import PlayRequest, Referee
    from engine.render import render

    window = state["window"]
    referee = Referee(window.editor)
    plan = referee.plan(PlayRequest(game=window.game, action="shoot", actor=SHOOTER,
                                    target=TARGET))
    referee.odds(plan)
    run = referee.preview(plan, (4, 6))
    if run.resolution is None:
        raise RuntimeError(f"the typed dice did not resolve {plan.lead.action.label}")
    render(run.resolution)
    return f"resolved {plan.lead.action.label}: {run.resolution.summary}"


def check_card(state: dict) -> str:
    from app.cards import cards_for_scenario
    from app.cards.printing import SheetOptions, write_pdf
    from engine.library import Library

    out = Path(state["tmp"]) / "card.pdf"
    with Library(":memory:") as library:
        cards = cards_for_scenario(state["window"].scenario, library, [SHOOTER])
    write_pdf(out, cards, SheetOptions("a4"))
    size = out.stat().st_size
    if not size:
        raise RuntimeError(f"{out}: empty")
    return f"card printed to PDF ({size} bytes)"


def _switch(i18n, lang: str) -> str:
    """Switch the interface language without saving the choice; the language now in use."""
    try:
        return i18n.set_language(lang, save=False)
    except TypeError:  # an app.i18n without the keyword
        return i18n.set_language(lang)


def check_russian(state: dict) -> str:
    try:
        i18n = importlib.import_module("app.i18n")
    except ModuleNotFoundError:
        return "Russian: skipped (app.i18n is not installed)"
    from PySide6.QtWidgets import QApplication

    from app.window import MainWindow

    def shown() -> list:
        for _ in range(5):   # the windows are rebuilt on the next turns of the event loop
            QApplication.processEvents()
        return [w for w in QApplication.topLevelWidgets()
                if isinstance(w, MainWindow) and w.isVisible()]

    try:
        now = _switch(i18n, "ru")
        if now != "ru":
            return "Russian: skipped (no compiled Russian translation, warboard_ru.qm)"
        windows = shown()   # switching rebuilt the window around its game
        title = windows[-1].menuBar().actions()[0].text() if windows else "?"
    finally:
        _switch(i18n, "en")
        windows = shown()
        if windows:
            state["window"] = windows[-1]
    if title.replace("&", "") == "File":
        raise RuntimeError("switched to Russian, but the File menu is still 'File'")
    return f"switched to Russian (File menu: {title})"


def check_offload(state: dict) -> str:
    """The process a big table's sight lines are worked out in (app.offload) starts here
    (a bundle spawns itself) and gives the figures worked out in this one."""
    import numpy as np

    from app.offload import Offload
    from engine.measure import terrain_index
    from geometry.los import threat_half_placed

    scenario = state["window"].scenario
    index = terrain_index(scenario)
    me = scenario.unit(SHOOTER)
    placed = [(u.base, u.x, u.y, u.facing) for u in scenario.units if u.id != SHOOTER]
    second = Offload()
    second.start()
    try:
        second.wait_ready(timeout=120)
        there = second.run_all([(threat_half_placed, [index], (me.polygon(), placed, half))
                                for half in ("sees", "seen_by")])
    finally:
        second.stop()
    here = [threat_half_placed(index, me.polygon(), placed, half) for half in ("sees", "seen_by")]
    if not all(np.array_equal(a, b) for t, h in zip(there, here, strict=True)
               for a, b in zip(t, h, strict=True)):
        raise RuntimeError("the other process's sight lines differ from this process's")
    return (f"sight lines worked out in the other process ({len(there)} directions): the "
            "same figures")


CHECKS: tuple[tuple[str, Callable[[dict], str]], ...] = (
    ("window", check_window), ("measure", check_measure), ("resolve", check_resolve),
    ("card", check_card), ("russian", check_russian), ("offload", check_offload),
)


def run(out=None) -> int:
    """Run every check in order (a check after a failed one still runs when it can)."""
    out = out or sys.stdout
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    failed = 0
    with tempfile.TemporaryDirectory(prefix="warboard-self-test-") as tmp:
        # the user's recent files, settings and library stay untouched
        os.environ.setdefault("WARBOARD_CONFIG_DIR", str(Path(tmp) / "config"))
        os.environ.setdefault("WARBOARD_DATA_DIR", str(Path(tmp) / "data"))
        state: dict = {"tmp": tmp}
        for name, check in CHECKS:
            try:
                print(f"ok    {name}: {check(state)}", file=out)
            except Exception as e:  # noqa: BLE001 — every failure is reported, not raised
                failed += 1
                print(f"FAIL  {name}: {type(e).__name__}: {e}", file=out)
                traceback.print_exc(file=sys.stderr)
        window = state.get("window")
        if window is not None:
            window.hide()  # not close(): closing may ask about saving
            window.deleteLater()
    print("self-test passed" if not failed else f"self-test: {failed} check(s) failed",
          file=out)
    return 0 if not failed else 1
