"""A game PLAYED in the window for the language walks (no tests here): every action a kind
of unit offers is chosen, its target picked (the nearest unit of another side, else any
other), its odds shown and its dice rolled with the app's dice; then the board's tool
tips, the Turn dock after the initiative and a turn's end, and the Log dock are read.
What a player reads at each point is returned, for tests/app/test_russian_walk.py (in
Russian) and tests/app/test_english_walk.py (in English)."""

from __future__ import annotations

import math
import re

from PySide6.QtWidgets import QApplication, QTableWidget, QWidget

from app.window import MainWindow
from tests.russian_words import LATIN


def table_cells(root: QWidget) -> list[str]:
    """Every cell of every table under `root` (the odds table's outcomes, the turn table)."""
    out = []
    for t in root.findChildren(QTableWidget):
        out += [t.item(r, c).text() for r in range(t.rowCount()) for c in range(t.columnCount())
                if t.item(r, c) is not None]
        out += [t.item(r, c).toolTip() for r in range(t.rowCount())
                for c in range(t.columnCount()) if t.item(r, c) is not None]
    return out


def _nearest_other(win: MainWindow, unit) -> str | None:
    """The unit of another side nearest `unit` (else any other unit)."""
    others = [u for u in win.game.units if u.id != unit.id]
    enemies = [u for u in others if u.side != unit.side] or others
    if not enemies:
        return None
    return min(enemies, key=lambda u: math.hypot(u.x - unit.x, u.y - unit.y)).id


def panel_texts(win: MainWindow, widget_texts) -> list[str]:
    """The Actions dock as shown: its widgets, its tables' cells, the odds chart's ticks
    and title, the steps."""
    panel = win.services.action_panel
    QApplication.processEvents()
    chart = panel.odds_chart
    texts = widget_texts(panel) + table_cells(panel)
    texts += [chart.title.text(), *chart.tick_labels(), panel.steps_view.toPlainText()]
    return texts


def _play_action(win: MainWindow, unit, action_id: str, widget_texts, roll: bool) -> list:
    panel = win.services.action_panel
    panel.set_action(action_id)
    target = _nearest_other(win, unit)
    if target is not None:
        for how in (panel.set_target, lambda t: panel.set_targets([t])):
            try:
                how(target)
            except (KeyError, ValueError):
                pass
        other = win.game.unit(target)
        try:
            if panel.point is None and panel._first("point", "point", "template"):
                panel.set_point((other.x, other.y))
        except (KeyError, ValueError):
            pass
    texts = panel_texts(win, widget_texts)
    if roll and panel.dice_entry.roll_button.isEnabled():
        panel.roll(seed=7)
        texts += panel_texts(win, widget_texts)
    return texts


def play_texts(win: MainWindow, widget_texts) -> list[str]:
    """Each kind of unit's actions listed; every action chosen once (by the first unit
    offering it) with its target picked, its odds shown and its dice rolled."""
    win.tools.activate("select")
    panel = win.services.action_panel
    panel.show()
    panel.raise_()
    QApplication.processEvents()
    texts: list[str] = []
    kinds: set[str] = set()
    rolled: set[str] = set()
    for unit in list(win.game.units):
        if unit.profile in kinds or not win.game.on_table(unit.id):
            continue
        kinds.add(unit.profile)
        win.select_unit(unit.id)
        panel.set_actor(unit.id)
        QApplication.processEvents()
        texts += widget_texts(panel)
        for action_id in [panel.action_box.itemData(i) for i in range(panel.action_box.count())]:
            if action_id in rolled:
                continue
            texts += _play_action(win, unit, action_id, widget_texts, True)
            rolled.add(action_id)
    texts += board_tips(win)
    return [t for t in texts if t]


def board_tips(win: MainWindow) -> list[str]:
    """The tool tips of everything drawn on the board (units, badges, labels, terrain)."""
    return [item.toolTip() for item in win.scene.items() if item.toolTip()]


def turn_texts(win: MainWindow, widget_texts) -> list[str]:
    """The Turn dock and the Log dock after the initiative is rolled and the turn ended."""
    dock = win.services.turn_dock
    dock.show()
    QApplication.processEvents()
    texts = widget_texts(dock) + table_cells(dock)
    for button in (getattr(dock, "roll_button", None), getattr(dock, "end_button", None)):
        if button is not None and button.isEnabled():
            button.click()
            QApplication.processEvents()
            texts += widget_texts(dock) + table_cells(dock)
    log = win.services.log_dock
    if log is not None:
        log.show()
        QApplication.processEvents()
        model = log.model
        texts += [model.cell(r, c) for r in range(model.rowCount())
                  for c in range(model.columnCount())]
    return [t for t in texts if t]


def strict_words(scenario, rid: str, always=()) -> set[str]:
    """The Latin words a Russian window of this table may show: `always`, the scenario's
    own names (its title, units' and terrain pieces' names, groups' Russian names or
    their names when they have none), the rulesets' names as Russian reads them and the
    shipped tables' titles (the New game dialog), and the record names the ruleset keeps
    in Latin in Russian ("M1", "MG 34") — never an id of a unit, group, side or profile."""
    from engine.i18n import localized
    from engine.rulesets.registry import get_ruleset, list_rulesets
    from engine.scenario_io import shipped_scenarios
    from tests.russian_words import record_names

    rs = get_ruleset(rid)
    texts = [scenario.name, *(localized(r.name, "ru", r.id) for r in list_rulesets())]
    texts += [title for _file, title in shipped_scenarios()]
    texts += [u.label for u in scenario.units]
    texts += [str(getattr(p, "name", "") or "") for p in getattr(scenario, "terrain", ()) or ()]
    for g in getattr(scenario, "groups", ()) or ():
        texts.append(str(getattr(g, "name_ru", "") or getattr(g, "name", "") or ""))
    texts += record_names(dict(rs.profiles)) + record_names(dict(rs.weapons))
    words = set(always)
    for t in texts:
        words.update(LATIN.findall(t))
    return words


#: what a window shows that is not a word: markup and file names (a code name is a word)
STRICT_STRIP = (r"<[^>]+>|&\w+;", r"(/[\w.+-]+)+/?|\b[\w.-]+\.(json|warboard|txt|png|svg|pdf)\b")


#: a die written the English way ("d6", "2d6", "d20"): Russian writes "к6"
DIE = re.compile(r"(?<![\w.])\d*d(\d+|%)(?!\w)")


def english_words(texts, allowed: set[str]) -> dict[str, str]:
    """Each English word (or die written "d6") left in `texts` once markup and file
    names are stripped → the first text it was found in (cut to 160 characters)."""
    patterns = [re.compile(p) for p in STRICT_STRIP]
    found: dict[str, str] = {}
    for t in texts:
        plain = str(t)
        for p in patterns:
            plain = p.sub(" ", plain)
        words = [w for w in LATIN.findall(plain) if w not in allowed]
        words += [m.group(0) for m in DIE.finditer(plain)]
        for w in words:
            found.setdefault(w, " ".join(str(t).split())[:160])
    return found
