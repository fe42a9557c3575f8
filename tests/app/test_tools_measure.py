"""Measure and ruler driven by real clicks and drags: the figures shown are exactly
`warboard measure FILE A B --json`, the line is coloured by line of sight, A's range bands
lie along it, each finished measurement is logged, Esc drops a half-made one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsLineItem

from app import cli
from app.tools.measure import BAND_COLOURS, LOS_COLOURS, MeasureTool, RulerTool
from tests.app.helpers import at, click_board, demo_window, drag, zoom

DEMO_FILE = Path(__file__).resolve().parents[2] / "resources" / "scenarios" / "crossroads.json"


@pytest.fixture
def demo(qtbot):
    win = demo_window(qtbot)
    qtbot.keyClick(win.view, Qt.Key.Key_M)
    assert isinstance(win.tools.active, MeasureTool)
    return win


def cli_json(capsys, a: str, b: str) -> dict:
    assert cli.run(["measure", str(DEMO_FILE), a, b, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def lines(tool) -> list[QGraphicsLineItem]:
    return [i for i in tool._overlay if isinstance(i, QGraphicsLineItem)]


@pytest.mark.parametrize("a, b", [("us-1-1", "schreck-loader"), ("us-1-1", "gren-1")])
def test_click_a_then_b_shows_the_cli_figures(demo, qtbot, capsys, a, b):
    win = demo
    game = win.game
    ua, ub = game.unit(a), game.unit(b)
    assert win.view.unit_at(at(win, ub.x, ub.y)).unit is ub
    click_board(qtbot, win, ua.x, ua.y)
    qtbot.mouseMove(win.view.viewport(), at(win, ub.x + 0.1, ub.y))
    click_board(qtbot, win, ub.x, ub.y)
    tool = win.tools.active
    expected = cli_json(capsys, a, b)
    assert tool.result.to_dict() == expected
    text = win.pointer_hint.text()
    assert f'edge {expected["edge_in"]:.2f}" ({expected["edge_m"]:.1f} m)' in text
    assert f'centre {expected["centre_in"]:.2f}" ({expected["centre_m"]:.1f} m)' in text
    assert f'LOS {expected["los"]}: {expected["visible_fraction"]:.0%} visible' in text
    assert f'cover {expected["cover"]}' in text
    assert f"the {expected['target_side']} of {ub.label}" in text
    assert f"{ua.label} has no turret" in text
    los_line = [li for li in lines(tool) if li.pen().widthF() == 3.0]
    assert len(los_line) == 1
    assert los_line[0].pen().color().name() == LOS_COLOURS[expected["los"]]
    assert los_line[0].line().p1() == QPointF(ua.x, ua.y)
    entry = game.log[-1]
    assert (entry.action, entry.actor, entry.target) == ("measure", a, b)
    assert entry.details == expected


def test_drag_from_a_to_b_measures_a_tank_with_its_turret_arc(demo, qtbot, capsys):
    win = demo
    a, b = win.game.unit("sherman-3"), win.game.unit("gren-5")
    drag(qtbot, win, [(a.x, a.y), (a.x + 3, a.y), (b.x, b.y)])
    expected = cli_json(capsys, "sherman-3", "gren-5")
    assert win.tools.active.result.to_dict() == expected
    assert expected["los"] == "partial"
    text = win.pointer_hint.text()
    # "the turret arc of Sherman 3 'Cyclone'", not "'Cyclone''s turret arc" (issue 16)
    assert f"in the turret arc of {a.label}" in text and "''s" not in text
    # the 75 mm's tank-gun bands are 200 m = 80" deep: the whole line is in band 1
    assert "75 mm M3: band 1: ≤ 200 m at the edge distance" in text
    assert len(win.game.log) == 1


def test_range_bands_lie_along_the_line(demo, qtbot):
    win = demo
    zoom(win, 40, 12, 10.0)  # the whole width of the table in view
    tool = win.tools.active
    a = win.game.unit("us-1-1")  # M1 Garand, Range 100 m = 40" at 2.5 m per inch
    far = (a.x + 45.0, a.y)  # an empty point 45" east of its centre
    click_board(qtbot, win, a.x, a.y)
    qtbot.mouseMove(win.view.viewport(), at(win, *far))
    bands = [li for li in lines(tool) if li.pen().widthF() == 9.0]
    assert len(bands) == 2  # effective to 40", beyond-range to 80": the line ends first
    edge = a.base.width_in / 2
    first, second = bands[0].line(), bands[1].line()
    assert first.p1().x() == pytest.approx(a.x + edge, abs=1e-3)
    assert first.p2().x() == pytest.approx(a.x + edge + 40.0, abs=1e-9)
    assert second.p2().x() == pytest.approx(far[0], abs=1e-9)
    assert bands[0].pen().color().name() == BAND_COLOURS[0]
    text = win.pointer_hint.text()
    assert f'edge {45 - edge:.2f}"' in text and "≤ 200 m (2 × Range)" in text
    click_board(qtbot, win, *far)  # A to an empty point: logged with its distances
    entry = win.game.log[-1]
    assert entry.details["to_point"] == [pytest.approx(far[0]), pytest.approx(far[1])]
    assert entry.details["centre_in"] == pytest.approx(45.0)


def test_escape_drops_a_half_made_measurement_then_leaves_the_tool(demo, qtbot):
    win = demo
    a = win.game.unit("us-1-1")
    click_board(qtbot, win, a.x, a.y)
    qtbot.mouseMove(win.view.viewport(), at(win, a.x + 5, a.y + 3))
    tool = win.tools.active
    assert lines(tool) and win.pointer_hint.isVisible()
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    assert lines(tool) == [] and not win.pointer_hint.isVisible()
    assert win.tools.active is tool and win.game.log == ()
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    assert win.tools.active.id == "select"


def test_free_ruler_on_empty_table_and_ruler_tool_over_units(demo, qtbot):
    win = demo
    drag(qtbot, win, [(30, 40), (31, 41), (33, 44)])  # empty table in the measure tool
    assert win.pointer_hint.text() == 'ruler 5.00" (12.5 m)'
    entry = win.game.log[-1]
    assert entry.action == "ruler" and entry.details["distance_in"] == 5.0
    qtbot.keyClick(win.view, Qt.Key.Key_L)
    assert isinstance(win.tools.active, RulerTool)
    a = win.game.unit("us-1-1")
    click_board(qtbot, win, a.x, a.y)  # click-click, starting on a unit: still a plain ruler
    qtbot.mouseMove(win.view.viewport(), at(win, a.x + 3, a.y + 4))
    click_board(qtbot, win, a.x + 3, a.y + 4)
    assert win.pointer_hint.text() == 'ruler 5.00" (12.5 m)'
    assert win.tools.active.result is None and win.game.log[-1].action == "ruler"
    assert len(win.game.log) == 2
