"""Log ▸ Copy turn as BBCode / Markdown: a turn of the demo played through the board and the
panels — a measurement, a Sherman's aim and shot, a grenadier's rifle shot, a blast template
scattered with the app's dice, a picture exported — comes out as one post that holds every
line of the turn's log, grouped by side and unit in log order, previewed before copying."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from app.picture import PictureOptions
from app.turn_post_view import TurnPostDialog
from engine.scenario_io import load_demo
from engine.turn_post import roll_text, turn_post, turn_sections
from tests.app.test_panels_support import (
    choose,
    click,
    click_board,
    enter_dice_mode,
    open_window,
    select_unit,
    type_dice,
)


def resolve(qtbot, win, actor: str, action: str, target: str, faces: list[int]) -> None:
    panel = win.services.action_panel
    # the demo plays both sides in one sitting; each acts in its side's turn, since an
    # Iron Hearts action's AP is now charged by the turn contract (issue 9 point 4)
    win.game.active_side = win.game.unit(actor).side
    select_unit(qtbot, win, actor)
    choose(qtbot, panel.action_box, action)
    choose(qtbot, panel.roles_view.part("target", "combo"), target)
    enter_dice_mode(qtbot, panel)
    type_dice(qtbot, panel, faces)
    assert panel.resolution is not None
    click(qtbot, panel.apply_button)


def play_turn(qtbot, win, tmp_path) -> None:
    qtbot.keyClick(win.view, "m")
    click_board(qtbot, win, 12, 18.5)            # Sherman 3 …
    click_board(qtbot, win, 41.4, 18.8)          # … to Gren. Schulz
    resolve(qtbot, win, "sherman-1", "tank_aim", "gren-3", [1])
    resolve(qtbot, win, "gren-1", "shoot", "us-1-1", [3, 2])
    resolve(qtbot, win, "sherman-1", "tank_fire", "gren-3", [2, 3])
    qtbot.keyClick(win.view, "t")
    tool = win.tools.active
    tool.panel.seed.setText("7")
    click_board(qtbot, win, 41.4, 17.5)          # blast-3 on the grenadiers
    click(qtbot, tool.panel.scatter_button)
    win.services.picture_export.export(tmp_path / "turn1.png", PictureOptions(width_px=800))


def test_turn_post_of_a_played_demo_turn_matches_its_log(qtbot, tmp_path):
    win = open_window(qtbot, load_demo(), centre=(28, 22))
    play_turn(qtbot, win, tmp_path)
    game = win.game
    log = list(enumerate(game.log, start=1))
    kinds = [e.action for _, e in log]
    assert kinds == ["measure", "tank_aim", "shoot", "tank_fire", "template", "template",
                     "picture"]

    sections = turn_sections(game, 1)
    assert [(s.title, s.side) for s in sections] == [
        ("Pictures", None), ("Sherman 3 'Cyclone'", "allies"),
        ("Sherman 1 'Anvil' (Lt. Brooks)", "allies"), ("Gefr. Vogel", "axis"),
        ("Table", None)]
    assert [[pe.seq for pe in s.entries] for s in sections] == [[7], [1], [2, 4], [3], [5, 6]]
    for s in sections:                           # each unit's section holds its own lines
        assert all(pe.entry.actor == s.unit for pe in s.entries)

    post = turn_post(game, 1, "bbcode")
    for seq, e in log:                           # every line of the log, with every die
        if e.action == "picture":                # a placeholder for the uploaded picture
            assert f"[img]{e.details['file']}[/img]" in post
            continue
        assert f"[*][b]{seq}. " in post
        assert e.summary.replace("[", "［").replace("]", "］") in post
        for r in e.dice:
            assert roll_text(r) in post
    assert "(app, seed 7)" in post and "(typed)" in post
    assert post.index("[b][u]Allies[/u][/b]") < post.index("[b][u]Axis[/u][/b]")

    def check_and_copy() -> None:
        dlg = QApplication.activeModalWidget()
        assert isinstance(dlg, TurnPostDialog)
        assert dlg.preview.toPlainText() == post
        assert dlg.count.text() == "7 log lines of turn 1"
        dlg.fmt.setCurrentIndex(dlg.fmt.findData("markdown"))
        assert dlg.preview.toPlainText() == turn_post(game, 1, "markdown")
        dlg.fmt.setCurrentIndex(dlg.fmt.findData("bbcode"))
        dlg.lang.setCurrentIndex(dlg.lang.findData("ru"))
        assert "[b][u]Союзники[/u][/b]" in dlg.preview.toPlainText()
        dlg.lang.setCurrentIndex(dlg.lang.findData("en"))
        # the heading style: bold by default (every forum), sizes for the forums that
        # take them; the one copied with is offered next time
        assert dlg.headings.currentData() == "bold"
        dlg.headings.setCurrentIndex(dlg.headings.findData("scale"))
        assert dlg.preview.toPlainText() == turn_post(game, 1, "bbcode", headings="scale")
        assert dlg.preview.toPlainText().startswith("[size=5][b]")
        dlg.headings.setCurrentIndex(dlg.headings.findData("bold"))
        click(qtbot, dlg.copy_button)

    QTimer.singleShot(0, check_and_copy)
    assert win.services.turn_post.bbcode_action in win.services.log_menu.actions()
    win.services.turn_post.bbcode_action.trigger()
    assert QApplication.clipboard().text() == post


def test_the_heading_style_copied_with_is_offered_next_time(qtbot, request):
    from app.settings import settings
    from app.turn_post_view import HEADINGS_KEY, last_headings

    settings().remove(HEADINGS_KEY)         # the session's settings: as on first use
    request.addfinalizer(lambda: settings().remove(HEADINGS_KEY))
    win = open_window(qtbot, load_demo(), centre=(28, 22))
    dlg = TurnPostDialog(win, "bbcode")
    assert dlg.headings.currentData() == last_headings() == "bold"
    dlg.headings.setCurrentIndex(dlg.headings.findData("percent"))
    dlg.copy()
    assert last_headings() == "percent"
    again = TurnPostDialog(win, "markdown")
    assert again.headings.currentData() == "percent"
    assert again.preview.toPlainText().startswith("## ")
