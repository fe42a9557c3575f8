"""The template tool driven with real mouse and key events: the odds and heat map before the
roll, a scatter with the app's seeded dice and with typed dice (bad faces refused), the
flamer from a unit, the log entries, and nothing on the undo stack."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsPixmapItem

from engine.dice import D20, Die, RandomDice, draw
from engine.measure import template_query
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape
from geometry.template_odds import d6_minus_accuracy, d20_steps, template_odds
from tests.app.helpers import at, click_board, odds_came, show_window

INF = BaseShape.round(25)


def scenario() -> Scenario:
    units = [
        Unit("a", "allies", "rifleman", 20, 20, INF, 0, name="Able"),
        Unit("b", "allies", "rifleman", 21.2, 20, INF, 0, name="Baker"),
        Unit("c", "axis", "grenadier", 23, 21, INF, 180, name="Charlie"),
        Unit("far", "axis", "grenadier", 60, 40, INF, 180, name="Faraway"),
        Unit("tank", "allies", "m4a1-sherman", 10, 10, BaseShape.rect(50, 100), 0, 0,
             name="Sherman"),
    ]
    return Scenario("Template test", "iron-hearts", Table(72, 48, 10), units=units)


@pytest.fixture
def win(qtbot):
    return show_window(qtbot, scenario(), (1200, 760), fit=True)
def template_tool(win, qtbot):
    qtbot.keyClick(win.view, Qt.Key.Key_T)
    tool = win.tools.active
    assert tool.id == "template"
    return tool


def units_of(game):
    return [u.polygon() for u in game.units], [u.id for u in game.units]


def test_shortcut_opens_the_panel_and_esc_leaves(win, qtbot):
    tool = template_tool(win, qtbot)
    assert tool.panel.isVisible()
    assert win.tools.actions["template"].toolTip() == f"{tool.tooltip} (T)"
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    assert win.tools.active.id == "select" and not tool.panel.isVisible()


def test_click_aims_a_blast_and_shows_the_odds_and_heat_map(win, qtbot):
    tool = template_tool(win, qtbot)
    tool.panel.scheme.setCurrentIndex(1)  # d6 − accuracy
    tool.panel.accuracy.setValue(4)
    tool.set_shape("blast-5")
    click_board(qtbot, win, 20, 20)
    assert tool.odds is None and tool.panel.rows(tool.panel.odds) == []  # from a worker
    odds_came(qtbot, tool)
    ax, ay = tool.aim
    assert (ax, ay) == pytest.approx((20, 20), abs=0.1)  # within a pixel or two
    # d6 − 4: no scatter 4/6, else 1" or 2"; a blast-5 (r 2.5") always covers Able's base,
    # the hole stays on it only without scatter (1" is past its 0.49" radius): 4/6.
    rows = dict((r[0], r[1:]) for r in tool.panel.rows(tool.panel.odds))
    assert rows["Able"] == ("100.0%", "66.7%")
    assert "Faraway" not in rows
    odds = template_odds("blast-5", (ax, ay), d6_minus_accuracy(4), *units_of(win.game))
    names = {u.id: u.label for u in win.game.units}
    assert tool.panel.rows(tool.panel.odds) == [
        (names[i], f"{100 * pu:.1f}%" if pu >= 0.001 else "<0.1%",
         f"{100 * ph:.1f}%" if ph >= 0.001 else ("0%" if ph == 0 else "<0.1%"))
        for i, pu, ph in odds.ranked()]
    heat = [i for i in win.scene.items() if isinstance(i, QGraphicsPixmapItem)]
    assert len(heat) == 1
    assert heat[0].scale() == pytest.approx(tool.heat.cell)
    # the heat map is highest at the aim: 4/6 no scatter + every 1" and 2" landing (< 2.5")
    assert tool.heat.at(ax, ay) == pytest.approx(1.0)
    assert tool.heat.at(ax + 4.8, ay) == 0.0  # past 2" + 2.5"


def test_scatter_with_the_apps_seeded_dice(win, qtbot):
    tool = template_tool(win, qtbot)
    click_board(qtbot, win, 21, 20)
    ax, ay = tool.aim
    tool.panel.seed.setText("42")
    qtbot.mouseClick(tool.panel.scatter_button, Qt.MouseButton.LeftButton)
    src = RandomDice(42)
    face = draw(src, D20, 1, label="d").faces[0]
    bearing = (draw(src, Die(180), 1, label="b").faces[0] - 1) * 2.0
    expect = template_query(win.game.scenario, "blast-3", ax, ay, scatter=(float(face), bearing))
    assert tool.result == expect
    names = {u.id: u.label for u in win.game.units}
    assert tool.panel.rows(tool.panel.result) == [
        (names[i], f"{100 * f:.1f}%", "hole" if i == expect.hole else "")
        for i, f in expect.under]
    entry = win.game.log[-1]
    assert entry.action == "template"
    assert [(r.label, r.die, r.source, r.seed) for r in entry.dice] == [
        ("scatter distance", "d20", "app", 42), ("scatter direction", "d180", "app", 42)]
    assert entry.details["template"] == expect.to_dict()
    assert win.editor.undo_stack.count() == 0  # not a board edit


def test_typed_dice_checked_through_the_dice_module(win, qtbot):
    tool = template_tool(win, qtbot)
    click_board(qtbot, win, 20, 20)
    odds_came(qtbot, tool)  # the placement logged
    logged = len(win.game.log)
    p = tool.panel
    qtbot.mouseClick(p.typed_dice, Qt.MouseButton.LeftButton)
    assert p.typed_dice.isChecked() and p.distance_face.isEnabled()
    for bad in ("21", "0", "x"):
        p.distance_face.clear()
        qtbot.keyClicks(p.distance_face, bad)
        qtbot.mouseClick(p.scatter_button, Qt.MouseButton.LeftButton)
        assert "needs a d20" in p.message.text() and tool.result is None
    assert "21 is not a face of a d20" not in p.message.text()  # the last one was "x"
    p.distance_face.setText("21")
    tool.scatter()
    assert p.message.text() == ("step 'scatter distance' needs a d20: "
                                "21 is not a face of a d20 (1–20)")
    p.distance_face.setText("5")
    p.direction.setText("400")
    tool.scatter()
    assert p.message.text().startswith("direction:") and tool.result is None
    assert len(win.game.log) == logged  # refused rolls leave no entry
    p.direction.clear()
    qtbot.keyClicks(p.direction, "90")
    qtbot.keyClick(win.view, Qt.Key.Key_S)  # S scatters too
    ax, ay = tool.aim
    assert tool.result.centre == pytest.approx((ax, ay + 5.0))
    assert tool.result == template_query(win.game.scenario, "blast-3", ax, ay, scatter=(5.0, 90))
    entry = win.game.log[-1]
    assert [(r.die, r.faces, r.source) for r in entry.dice] == [("d20", (5,), "typed")]
    assert "typed dice" in entry.summary
    # a direction die face: d6 face 4 points 180° from face 1 (up the table): down, +y
    p.direction_kind.setCurrentIndex(1)
    p.direction.setText("7")
    tool.scatter()
    assert "needs a d6" in p.message.text()
    p.direction.setText("4")
    p.distance_face.setText("2")
    tool.scatter()
    assert tool.result.centre == pytest.approx((ax, ay + 2.0))


def test_d6_minus_accuracy_typed_no_scatter(win, qtbot):
    tool = template_tool(win, qtbot)
    tool.panel.scheme.setCurrentIndex(1)
    tool.panel.accuracy.setValue(3)
    click_board(qtbot, win, 20, 20)
    p = tool.panel
    p.typed_dice.setChecked(True)
    p.distance_face.setText("3")
    p.direction.setText("45")
    tool.scatter()
    assert tool.result.scatter == (0.0, 45.0) and tool.result.centre == tool.aim
    assert tool.result.hole == "a"
    assert tool.panel.rows(tool.panel.result)[0] == ("Able", "100.0%", "hole")
    p.distance_face.setText("7")
    tool.scatter()
    assert "needs a d6: 7 is not a face of a d6" in p.message.text()


def test_flamer_from_a_unit_by_two_clicks_and_by_drag(win, qtbot):
    tool = template_tool(win, qtbot)
    tool.set_shape("flamer")
    assert not tool.panel.scatter_button.isEnabled()
    click_board(qtbot, win, 40, 30)  # empty table: refused
    assert "Click the unit" in tool.panel.message.text() and tool.origin_id is None
    click_board(qtbot, win, 20, 20)
    assert tool.origin_id == "a"
    click_board(qtbot, win, 25, 21)
    expect = template_query(win.game.scenario, "flamer", 20, 20, toward=tool.aim, shooter="a")
    assert tool.result == expect
    assert {i for i, _ in expect.under} >= {"b", "c"} and "a" not in dict(expect.under)
    assert win.game.log[-1].actor == "a" and win.game.log[-1].details["template"] == \
        expect.to_dict()
    # drag from the tank to a point
    vp = win.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at(win, 10, 10))
    qtbot.mouseMove(vp, at(win, 14, 14))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at(win, 18, 18))
    assert tool.origin_id == "tank" and tool.result is not None
    assert tool.result.direction == pytest.approx(45.0, abs=1.0)
    assert win.editor.undo_stack.count() == 0


def test_d20_odds_follow_the_step_and_blast_5_covers_more(win, qtbot):
    tool = template_tool(win, qtbot)
    click_board(qtbot, win, 21, 20)
    odds_came(qtbot, tool)
    small = {r[0]: r[1] for r in tool.panel.rows(tool.panel.odds)}
    tool.set_shape("blast-5")  # re-aims at the same point, no new log entry
    odds_came(qtbot, tool)
    big = {r[0]: r[1] for r in tool.panel.rows(tool.panel.odds)}
    assert set(small) <= set(big)
    tool.panel.step.setValue(0.5)
    odds_came(qtbot, tool)
    odds = template_odds("blast-5", tool.aim, d20_steps(0.5), *units_of(win.game))
    assert tool.odds.under.tolist() == pytest.approx(odds.under.tolist(), abs=1e-12)
    assert len([e for e in win.game.log if e.action == "template"]) == 1


def test_the_log_line_and_a_refused_face_read_in_russian(win, qtbot):
    """The scatter's log line is a message (the Log dock shows it in the reader's
    language), English as before; a refused face names the step in Russian too."""
    from engine.i18n import localized, said

    tool = template_tool(win, qtbot)
    click_board(qtbot, win, 20, 20)
    p = tool.panel
    qtbot.mouseClick(p.typed_dice, Qt.MouseButton.LeftButton)
    p.distance_face.setText("5")
    p.direction.setText("90")
    tool.scatter()
    entry = win.game.log[-1]
    ax, ay = tool.aim
    assert entry.summary.startswith(f'blast-3 at ({ax:.2f}, {ay:.2f}) scattered 5" at 90° '
                                    "(typed dice): ")
    ru = localized(entry.summary, "ru")
    assert ru == f'взрыв 3" из ({ax:.2f}, {ay:.2f}) отклонился на 5" по азимуту 90° ' \
        "(введённые кубики): под ним никого"
    p.distance_face.setText("21")
    with pytest.raises(ValueError) as refused:
        tool._dice()
    assert "дальность отклонения" in localized(said(refused.value), "ru")


def test_a_placement_repaints_its_read_outs_without_re_laying_the_panel(win, qtbot):
    """The read-outs keep room for their usual lines and the tables their scroll bar: a
    placement after a clear (the message one line, then two; the tables empty, then full)
    moves and resizes nothing in the panel, so it costs the event no repaint of the whole
    dock."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QWidget

    tool = template_tool(win, qtbot)
    panel = tool.panel
    click_board(qtbot, win, 20, 20)
    odds_came(qtbot, tool)
    qtbot.wait(20)
    resized: list[str] = []

    class Watch(QObject):
        def eventFilter(self, obj, ev):  # noqa: N802 (Qt's name)
            if ev.type() in (QEvent.Type.Resize, QEvent.Type.Move) and isinstance(obj, QWidget) \
                    and (obj is panel or panel.isAncestorOf(obj)):
                resized.append(f"{type(obj).__name__} {ev.type().name}")
            return False

    watch = Watch()
    for x, y in [(21, 20), (40, 30), (10, 10)]:
        tool.clear()
        qtbot.wait(20)
        QApplication.instance().installEventFilter(watch)
        click_board(qtbot, win, x, y)
        odds_came(qtbot, tool)
        qtbot.wait(20)
        QApplication.instance().removeEventFilter(watch)
        assert panel.rows(panel.odds), "the placement lists its odds"
    assert resized == []
    # a read-out longer than the room kept still shows whole: the label grows
    panel.message.setText(" ".join(["a long message"] * 40))
    qtbot.wait(20)
    assert panel.message.height() >= panel.message.heightForWidth(panel.message.width())


def test_a_placement_before_the_last_ones_odds_came_logs_both_in_order(win, qtbot):
    """The odds come from a worker on every table: a second click before the first's odds
    came shows and logs those first, then its own, each with the odds of its own aim."""
    tool = template_tool(win, qtbot)
    before = len(win.game.log)
    click_board(qtbot, win, 20, 20)
    first = tool.aim
    click_board(qtbot, win, 40, 30)
    assert len(win.game.log) == before + 1  # the first's odds settled by the second click
    odds_came(qtbot, tool)
    placed = win.game.log[before:]
    assert [e.summary.split(" ")[1] for e in placed] == ["placed", "placed"]
    assert f"({first[0]:.2f}, {first[1]:.2f})" in placed[0].summary
    aims = (first, tool.aim)
    for entry, aim in zip(placed, aims, strict=True):
        odds = template_odds("blast-3", aim, d20_steps(1.0), *units_of(win.game))
        assert entry.details["odds"] == [{"id": i, "under": round(pu, 4), "hole": round(ph, 4)}
                                         for i, pu, ph in odds.ranked()]
    heat = [i for i in win.scene.items() if isinstance(i, QGraphicsPixmapItem)]
    assert len(heat) == 1  # the first's heat map went with its template


def test_a_picture_with_a_template_has_its_heat_map(qtbot):
    """`warboard picture --template` waits for the odds' worker: the heat map is drawn."""
    from app.picture_cli import Overlays, board_window, draw_overlays
    from engine.model import Game

    window = board_window(Game(scenario()))
    try:
        draw_overlays(window, Overlays(template=("blast-5", 20.0, 20.0)))
        tool = window.tools.tools["template"]
        assert not tool.odds_pending and tool.heat is not None
        assert any(isinstance(i, QGraphicsPixmapItem) for i in window.scene.items())
    finally:
        window.deleteLater()


def test_no_stale_count_beside_the_pointer_after_a_placement_or_a_scatter(win, qtbot):
    """The ghost's "blast-3: 2 under" beside the pointer was left up after the click and
    the scatter (issue 39): the count was the aim's, not where the template landed."""
    tool = template_tool(win, qtbot)
    qtbot.mouseMove(win.view.viewport(), at(win, 40, 30))  # Qt drops a move to where it was
    qtbot.wait(20)
    qtbot.mouseMove(win.view.viewport(), at(win, 20.6, 20))
    qtbot.wait(20)
    assert win.pointer_hint.isVisible() and "2 under" in win.pointer_hint.text()
    click_board(qtbot, win, 20.6, 20)
    odds_came(qtbot, tool)
    assert not win.pointer_hint.isVisible()
    p = tool.panel
    qtbot.mouseClick(p.typed_dice, Qt.MouseButton.LeftButton)
    p.distance_face.setText("20")
    p.direction.setText("90")
    qtbot.mouseMove(win.view.viewport(), at(win, 30, 30))
    qtbot.keyClick(win.view, Qt.Key.Key_S)
    assert tool.result is not None and tool.result.under == ()
    assert not win.pointer_hint.isVisible()
    labels = [i.text() for i in tool._overlay if hasattr(i, "text") and callable(i.text)]
    assert labels == ['20" @ 90°']
