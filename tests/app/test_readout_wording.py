"""Issue 16, the last readouts: while a unit is dragged the nearest enemies are a short list
(the nearest three, one a line, a long name cut) instead of one long line; a role not chosen
yet is asked for as the noun phrase its label is ("Choose the point to move toward for
Move", not "Choose the toward for Move"); both in English and in Russian."""

from __future__ import annotations

from app.panels.roles_view import role_prompt
from app.tools.select import NAME_CHARS, short_name
from app.window import MainWindow
from engine.protocol import Role
from engine.scenario import Scenario, Table, Unit
from engine.scenario_io import load_scenario
from geometry.bases import BaseShape
from resources.loader import resource
from tests.app.helpers import LEFT, NO_MODIFIER, at, show_window, zoom
from tests.app.test_panels_support import choose, open_window, select_unit

from .russian import Russian

LONG = "Second Red company, platoon four (the far one)"
INF = BaseShape.round(25)


def crowd() -> Scenario:
    """One mover and five enemies at growing distances to its right, one with a long name."""
    units = [Unit("me", "reds", "stand", 20, 24, INF, 0, name="Mover")]
    for k, (dx, name) in enumerate([(3, "Near"), (5, LONG), (7, "Third"), (12, "Far"),
                                    (16, "Farther")]):
        units.append(Unit(f"e{k}", "whites", "stand", 20 + dx, 24, INF, 180, name=name))
    return Scenario("Crowd", "toy", Table(72, 48, 10), units=units)


def drag_readout(qtbot, win: MainWindow) -> tuple[str, int]:
    """The pointer's readout midway through a short drag of the mover (released after)."""
    win.modules["app.tools.select"].allowance_box.setValue(24.0)
    vp = win.view.viewport()
    qtbot.mousePress(vp, LEFT, NO_MODIFIER, at(win, 20, 24))
    for x in (19.7, 19.4, 19.0):
        qtbot.mouseMove(vp, at(win, x, 24))
    text = win.pointer_hint.text()
    width = win.pointer_hint.width()
    qtbot.mouseRelease(vp, LEFT, NO_MODIFIER, at(win, 19.0, 24))
    return text, width


def nearest_rows(text: str, heading: str) -> list[str]:
    lines = text.splitlines()
    k = lines.index(heading)
    return lines[k + 1:k + 4]


def test_short_name_cuts_long_names_only() -> None:
    assert short_name("Near") == "Near"
    cut = short_name(LONG)
    assert len(cut) == NAME_CHARS and cut.endswith("…") and LONG.startswith(cut[:-1])


def test_the_drag_readout_lists_the_three_nearest_enemies_one_a_line(qtbot) -> None:
    win = show_window(qtbot, crowd(), (1280, 800))
    zoom(win, 24, 24, 20.0)
    text, width = drag_readout(qtbot, win)
    rows = nearest_rows(text, "nearest enemies:")
    assert [r.split(" — ")[0].strip() for r in rows] == ["Near", short_name(LONG), "Third"]
    assert all('"' in r and " m)" in r for r in rows), rows    # each with its distance
    assert "Far" not in text and LONG not in text
    # nearest first: the inches read off each row grow
    inches = [float(r.split(" — ")[1].split('"')[0]) for r in rows]
    assert inches == sorted(inches) and inches[0] > 0
    assert max(len(line) for line in text.splitlines()) < 60, text
    assert width < 420, width      # narrow beside the pointer, not one long line


def test_the_drag_readout_lists_the_nearest_enemies_in_russian(qtbot, qm_folder) -> None:
    with Russian(qm_folder):
        win = show_window(qtbot, crowd(), (1280, 800))
        zoom(win, 24, 24, 20.0)
        text, _ = drag_readout(qtbot, win)
    rows = nearest_rows(text, "ближайшие враги:")
    assert [r.split(" — ")[0].strip() for r in rows] == ["Near", short_name(LONG), "Third"]
    assert all(" м)" in r for r in rows), rows
    assert "nearest" not in text and " m)" not in text


def test_a_role_prompt_reads_its_label_as_a_noun_phrase() -> None:
    assert role_prompt(Role("target", kind="unit"), "Search & Aim") == \
        "Choose the target for Search & Aim"
    assert role_prompt(Role("actor", kind="unit", label="the shooter"), "Fire") == \
        "Choose the shooter for Fire"                          # no "the the"
    assert role_prompt(Role("point", kind="point", label="where the group stands"),
                       "Regroup") == "Choose where the group stands for Regroup"
    assert role_prompt(Role("target", kind="unit", label="opponent"), "Melee") == \
        "Choose the opponent for Melee"


def boets_move_prompt(qtbot) -> str:
    win = open_window(qtbot, load_scenario(resource("scenarios", "boets-velian-ridge.json")),
                      centre=(24, 28))
    panel = win.services.action_panel
    select_unit(qtbot, win, "cy-a-1")
    choose(qtbot, panel.action_box, "move")
    return panel.message.text()


def test_the_boets_move_asks_for_the_point_to_move_toward(qtbot) -> None:
    text = boets_move_prompt(qtbot)
    assert text == "Choose the point to move toward for Move", text


def test_the_boets_move_asks_for_the_point_in_russian(qtbot, qm_folder) -> None:
    with Russian(qm_folder):
        text = boets_move_prompt(qtbot)
    assert text == "Выберите: точка движения — для действия «Манёвр»", text


def test_the_butterfly_dash_role_reads_as_a_noun_phrase() -> None:
    from engine.i18n import localized
    from engine.rulesets.registry import get_ruleset

    dash = get_ruleset("butterfly-effect").action("dash")
    role = next(r for r in dash.roles if r.name == "target")
    assert role_prompt(role, dash.label, "butterfly-effect") == \
        "Choose the enemy to dash toward for DASH"
    assert localized(role.label, "ru", "butterfly-effect") == "цель рывка"
