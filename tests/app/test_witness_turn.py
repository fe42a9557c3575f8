"""A witnessed sealed turn in the program (issue 37): the game master commits the turn's
declarations and enters two players' nonces in File ▸ Sealed dice ▸ Players' nonces…,
rolls through the Actions dock, copies each turn's post with Log ▸ Copy turn as BBCode…,
and the saved thread verifies the revealed game with `warboard verify --posts` and with
resources/verify_sealed.py (pass); the thread with a post missing fails both, the missing
post named."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from app import cli
from app.turn_post_view import TurnPostDialog
from app.witness_dialog import WitnessDialog
from engine import sealed
from engine.gamefile import new_game_file
from engine.scenario_io import load_demo
from engine.witness.scheme import witnesses_of
from tests.app.test_panels_support import click, open_window
from tests.app.test_sealed_dice import app_roll, seal_from_the_menu
from tests.engine.test_sealed import PASS
from tests.engine.test_verify_sealed import standalone


@pytest.fixture
def win(qtbot):
    w = open_window(qtbot, load_demo(), centre=(28, 22))
    w.game.active_side = "axis"  # the grenadiers shoot in the axis turn
    return w


def _in_dialog(kind, act) -> list[BaseException]:
    """Run `act(dialog)` on the next modal dialog of `kind`, closing it whatever happens."""
    failed: list[BaseException] = []

    def run() -> None:
        dlg = QApplication.activeModalWidget()
        try:
            assert isinstance(dlg, kind), dlg
            act(dlg)
        except BaseException as e:  # noqa: BLE001 — re-raised by the test
            failed.append(e)
        if dlg is not None and dlg.isVisible():
            dlg.reject()

    QTimer.singleShot(0, run)
    return failed


def witness_turn(win, declared: list[str], nonces: list[tuple[str, str]]) -> str:
    """Commit the declarations and enter the nonces through the dialog; the commitment."""
    got: list[str] = []

    def fill(dlg: WitnessDialog) -> None:
        dlg.declarations.setPlainText("\n".join(declared))
        commit = dlg.commit()
        assert commit and QApplication.clipboard().text() == commit
        got.append(commit)
        for r, (player, nonce) in enumerate(nonces):
            dlg.nonces.item(r, 0).setText(player)
            dlg.nonces.item(r, 1).setText(nonce)
        assert dlg.enter() is not None, dlg.message.text()
        assert "derive with them" in dlg.message.text()

    failed = _in_dialog(WitnessDialog, fill)
    win.services.sealed_dice.witness_action.trigger()
    if failed:
        raise failed[0]
    return got[0]


def w_id(win) -> str:
    return sealed.sealing_of(win.game.state).game_id


def copied_post(win) -> str:
    failed = _in_dialog(TurnPostDialog, lambda dlg: dlg.copy())
    win.services.turn_post.bbcode_action.trigger()
    if failed:
        raise failed[0]
    return QApplication.clipboard().text()


def test_a_witnessed_turn_played_posted_and_verified_by_both(qtbot, win, tmp_path, capsys):
    commitment = seal_from_the_menu(qtbot, win)
    menu = win.services.sealed_dice
    menu.sync()
    assert menu.witness_action.isEnabled()
    declared = ["Gren 1 shoots Pfc. Dawson", "Gren 2 shoots Pvt. Kowalski"]
    witness_turn(win, declared, [("Anna", "blue fox"), ("Boris", "42")])
    w = witnesses_of(win.game.state, sealed.sealing_of(win.game.state).game_id)[1]
    assert w.witnessed and w.first_roll == 1 and len(w.nonces) == 2

    panel = win.services.action_panel
    app_roll(qtbot, win, "gren-1", "us-1-1")
    click(qtbot, panel.apply_button)
    app_roll(qtbot, win, "gren-2", "us-1-2")
    click(qtbot, panel.apply_button)
    posts = [copied_post(win)]
    assert "Players' nonces: Anna: «blue fox»; Boris: «42»" in posts[0]
    assert "[code]warboard-chain v1 game=" in posts[0]
    assert "Resolutions declared: 2; log lines rolled with the nonces: 2 " in posts[0]

    # turn 2, rolled without nonces: its post says so
    win.game.turn = 2
    app_roll(qtbot, win, "gren-3", "us-1-3")
    click(qtbot, panel.apply_button)
    posts.append(copied_post(win))
    assert "No players' nonces this turn" in posts[1]

    # turn 3: declared, the nonces not yet in — the app's dice refuse to roll
    win.game.turn = 3

    def declare_only(dlg: WitnessDialog) -> None:
        dlg.declarations.setPlainText("Gren 4 shoots Sgt. Miller")
        assert dlg.commit() is not None

    failed = _in_dialog(WitnessDialog, declare_only)
    menu.witness_action.trigger()
    assert not failed, failed
    app_roll(qtbot, win, "gren-4", "us-2-1")
    assert panel.resolution is None
    assert "enter the players' nonces before rolling" in panel.dice_entry.message.text()
    win.undo_action.trigger()                       # the declarations taken back
    assert 3 not in witnesses_of(win.game.state, w_id(win))

    menu.reveal(PASS)
    game_file = tmp_path / "witnessed.warboard"
    new_game_file(game_file, win.game)
    good, cut = tmp_path / "thread.txt", tmp_path / "cut.txt"
    good.write_text("\n\nReply from Anna: looks fine\n\n".join(posts), encoding="utf-8")
    cut.write_text(posts[1], encoding="utf-8")

    code = cli.run(["verify", str(game_file), "--commitment", commitment, "--posts", str(good)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "2 posts checked against the file" in out
    code, said = standalone(tmp_path, game_file, "--commitment", commitment, "--posts",
                            str(good))
    assert code == 0, said

    code = cli.run(["verify", str(game_file), "--posts", str(cut)])
    out = capsys.readouterr().out
    assert code == cli.VERIFY_FAILED
    assert "post 1 (turn 2): its previous head" in out and "the post before it is missing" \
        in out
    code, said = standalone(tmp_path, game_file, "--posts", str(cut))
    assert code == 1 and "post 1 (turn 2): its previous head" in said
