"""Sealed dice in the program and on the command line: File ▸ Sealed dice seals the game and
shows the commitment, the Actions dock's app dice then roll numbered sealed rolls (a copied
resolution carries the numbers), a locked game refuses app dice but takes typed ones, the
seed is revealed with the passphrase, and `warboard verify` / File ▸ Verify dice… recompute
every roll — a good game passes, an altered roll, a removed roll and a wrong seed fail with
the roll named."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QInputDialog

from app import cli
from app.sealed_dialogs import SealDialog, VerifyDialog
from engine import sealed
from engine.gamefile import load_game, new_game_file
from engine.model import Game
from engine.scenario_io import load_demo
from engine.turn_post import turn_post
from tests.app.test_panels_support import (
    choose,
    click,
    enter_dice_mode,
    open_window,
    select_unit,
    type_dice,
)
from tests.engine.test_sealed import PASS, WRONG_SEED, _ten_exact


def saved(tmp_path: Path, game: Game, log=None, name: str = "g.warboard") -> Path:
    """`game` (with `log` in place of its own) in a new game file."""
    if log is not None:
        fresh = Game.from_meta(game.scenario, {**game.meta(), "log": []})
        for e in log:
            fresh.append_log(e)
        game = fresh
    path = tmp_path / name
    new_game_file(path, game)
    return path


def verify(capsys, path: Path, *extra: str) -> tuple[int, str, str]:
    code = cli.run(["verify", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_verifies_a_sealed_game_of_ten_rolls(tmp_path, capsys):
    game, seed = _ten_exact()
    path = saved(tmp_path, game)
    assert sealed.sealing_of(load_game(path).state) == sealed.sealing_of(game.state)
    code, out, err = verify(capsys, path, "--seed", seed)
    assert (code, err) == (0, "")
    assert out.startswith("verified: the log's 11 lines and 10 sealed rolls hold\n"
                          "commitment matches")
    assert "10 sealed rolls verified, none missing; 1 typed" in out
    code, out, _ = verify(capsys, path, "--seed", seed, "--json")
    data = json.loads(out)
    assert data["ok"] and data["rolls"] == 10 and data["problems"] == []


def test_cli_names_an_altered_roll(tmp_path, capsys):
    game, seed = _ten_exact()
    log = list(game.log)
    r = log[2].dice[0]
    log[2] = dataclasses.replace(log[2], dice=(dataclasses.replace(
        r, faces=tuple(f % int(r.die[1:]) + 1 for f in r.faces)),))
    code, out, _ = verify(capsys, saved(tmp_path, game, log), "--seed", seed)
    assert code == cli.VERIFY_FAILED
    assert "roll #3 (log line 3, roll 3 d20): logged" in out
    assert "1 problem(s) in 10 sealed rolls" in out


def test_cli_names_a_removed_roll(tmp_path, capsys):
    game, seed = _ten_exact()
    log = [e for e in game.log if not (e.dice and e.dice[0].roll == 5)]
    code, out, _ = verify(capsys, saved(tmp_path, game, log), "--seed", seed)
    assert code == cli.VERIFY_FAILED
    assert "roll #5 missing: made and not in the log" in out


def test_cli_fails_a_wrong_seed(tmp_path, capsys):
    game, _ = _ten_exact()
    code, out, _ = verify(capsys, saved(tmp_path, game), "--seed", WRONG_SEED)
    assert code == cli.VERIFY_FAILED
    assert "commitment does NOT match" in out
    for k in range(1, 11):
        assert f"roll #{k} (log line " in out
    assert "11 problem(s) in 10 sealed rolls" in out   # the commitment and 10 rolls


def test_cli_verify_refusals(tmp_path, capsys):
    game, seed = _ten_exact()
    path = saved(tmp_path, game)
    code, _, err = verify(capsys, path, "--seed", "xyz")
    assert code == 2 and "--seed: expected 64 hexadecimal digits" in err
    code, _, err = verify(capsys, path)
    assert code == 2 and "has not revealed the seed" in err
    plain = saved(tmp_path, Game(load_demo()), name="plain.warboard")
    code, _, err = verify(capsys, plain, "--seed", seed)
    assert code == 2 and "not played with sealed dice" in err
    # once revealed in the file, no --seed is needed
    sealing = sealed.reveal(sealed.sealing_of(game.state), PASS)
    game.state[sealed.STATE_KEY] = sealing.to_dict()
    code, out, _ = verify(capsys, saved(tmp_path, game, name="shown.warboard"))
    assert code == 0 and "10 sealed rolls verified" in out


@pytest.fixture
def win(qtbot):
    w = open_window(qtbot, load_demo(), centre=(28, 22))
    # the grenadiers shoot in the axis turn: their AP is charged by the turn contract
    w.game.active_side = "axis"
    return w


def seal_from_the_menu(qtbot, win) -> str:
    def fill() -> None:
        dlg = QApplication.activeModalWidget()
        assert isinstance(dlg, SealDialog)
        dlg.first.setText(PASS)
        dlg.second.setText(PASS + "x")
        dlg._check()
        assert "differ" in dlg.message.text() and dlg.isVisible()
        dlg.second.setText(PASS)
        QTimer.singleShot(0, lambda: QApplication.activeModalWidget().accept())  # commitment
        dlg._check()

    failed: list[BaseException] = []

    def fill_or_close() -> None:  # a failed check closes the dialog: the test fails, never hangs
        try:
            fill()
        except BaseException as e:  # noqa: BLE001 — re-raised below, outside Qt's loop
            failed.append(e)
            dlg = QApplication.activeModalWidget()
            if dlg is not None:
                dlg.reject()

    QTimer.singleShot(0, fill_or_close)
    sealed_ok = win.services.sealed_dice.seal_dialog()
    if failed:
        raise failed[0]
    assert sealed_ok
    return sealed.sealing_of(win.game.state).commitment


def app_roll(qtbot, win, actor: str, target: str) -> None:
    panel = win.services.action_panel
    select_unit(qtbot, win, actor)
    choose(qtbot, panel.action_box, "shoot")
    choose(qtbot, panel.roles_view.part("target", "combo"), target)
    click(qtbot, panel.dice_entry.roll_button)


def test_a_game_sealed_rolled_revealed_and_verified_in_the_program(qtbot, win):
    menu = win.services.sealed_dice
    assert menu.menu.menuAction() in win.file_menu.actions()
    assert menu.verify_action in win.file_menu.actions()
    commitment = seal_from_the_menu(qtbot, win)
    stored = win.game.state[sealed.STATE_KEY]
    assert stored["commitment"] == commitment and "revealed" not in stored

    app_roll(qtbot, win, "gren-1", "us-1-1")
    panel = win.services.action_panel
    res = panel.resolution
    assert res is not None
    assert [r.source for r in res.rolls] == ["sealed"] * len(res.rolls)
    assert [r.roll for r in res.rolls] == list(range(1, len(res.rolls) + 1))
    # the honest log's rolled line names the sealed dice, not the unused seed field
    rolled = win.game.log[-1]
    assert rolled.summary.startswith("Rolled, sealed dice:"), rolled.summary
    assert rolled.details["roll"]["seed"] is None
    assert panel.dice_entry.message.text() == "Rolled with the sealed dice."
    click(qtbot, panel.apply_button)
    assert "sealed, roll #1" in panel.copy("bbcode")       # the copied resolution
    assert "sealed, roll #1" in turn_post(win.game, 1, "bbcode")
    assert "Sealed dice: commitment " + commitment in turn_post(win.game, 1, "bbcode")
    app_roll(qtbot, win, "gren-2", "us-1-2")
    click(qtbot, panel.apply_button)

    # locked (a new session): app dice refused, typed dice still go
    sealed.lock(win.game.state)
    app_roll(qtbot, win, "gren-3", "us-1-3")
    assert panel.resolution is None
    assert "unlock the seed first" in panel.dice_entry.message.text()
    app_roll(qtbot, win, "gren-1", "us-1-1")
    assert panel.resolution is None
    enter_dice_mode(qtbot, panel)
    type_dice(qtbot, panel, [3, 2])
    assert panel.resolution is not None and panel.resolution.rolls[0].source == "typed"
    click(qtbot, panel.apply_button)

    # unlock with the wrong passphrase, then the right one: numbering goes on
    with pytest.raises(sealed.SealedError):
        menu.unlock("not it at all")
    before = sealed.next_roll_number(win.game.log)
    assert menu.unlock(PASS) == before

    # reveal (undoable), then File ▸ Verify dice…
    seed = menu.reveal(PASS)
    assert win.game.state[sealed.STATE_KEY]["revealed"] == seed

    def check_report() -> None:
        dlg = QApplication.activeModalWidget()
        assert isinstance(dlg, VerifyDialog)
        assert dlg.seed.text() == seed
        report = dlg.run()
        assert report.ok and report.typed == 2, report.text()
        assert "Verified: the hash chain, every sealed roll" in dlg.verdict.text()
        dlg.seed.setText("11" * 32)
        assert not dlg.run().ok and "problem(s) found" in dlg.verdict.text()
        dlg.reject()

    QTimer.singleShot(0, check_report)
    menu.verify_action.trigger()
    win.undo_action.trigger()
    assert "revealed" not in win.game.state[sealed.STATE_KEY]


def test_unlock_dialog_refuses_a_wrong_passphrase(qtbot, win, monkeypatch):
    seal_from_the_menu(qtbot, win)
    sealed.lock(win.game.state)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("wrong one", True))
    QTimer.singleShot(0, lambda: QApplication.activeModalWidget().accept())
    assert not win.services.sealed_dice.unlock_dialog()
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (PASS, True))
    assert win.services.sealed_dice.unlock_dialog()
    assert sealed.session_for(win.game.state) is not None


def test_cli_verify_report_in_russian(tmp_path, capsys):
    game, seed = _ten_exact()
    log = [e for e in game.log if not (e.dice and e.dice[0].roll == 5)]
    code, out, _ = verify(capsys, saved(tmp_path, game, log), "--seed", seed, "--lang", "ru")
    assert code == cli.VERIFY_FAILED
    assert "обязательство сходится" in out
    assert "бросок №5 пропущен" in out


def test_initiative_and_template_scatter_roll_sealed_dice(qtbot, win):
    seal_from_the_menu(qtbot, win)
    dock = win.services.turn_dock
    dock.show()
    click(qtbot, dock.roll_button)
    init = win.game.log[-1]
    assert init.action == "initiative"
    assert [r.source for r in init.dice] == ["sealed"] * len(init.dice)
    first = [r.roll for r in init.dice]
    assert first == list(range(1, len(first) + 1))
    tool = win.tools.tools["template"]
    win.tools.activate("template")
    tool.place(41.4, 17.5)
    assert tool.scatter() is not None
    scatter = win.game.log[-1]
    assert [r.roll for r in scatter.dice] == [len(first) + 1, len(first) + 2]
    assert "(sealed dice)" in scatter.summary
    sealing = sealed.sealing_of(win.game.state)
    seed = sealed.unlock(sealing, PASS)
    assert sealed.verify(win.game.log, sealing, seed).ok


def test_opening_a_locked_sealed_game_says_how_to_roll(qtbot, win, tmp_path):
    game, _ = _ten_exact()
    sealed.lock(game.state)
    path = saved(tmp_path, game)
    assert win.open_path(path)
    badge = win.services.sealed_dice.badge
    assert badge.isVisibleTo(win) and "locked" in badge.text()
    assert win.services.sealed_dice.unlock(PASS) == 11
    assert badge.text() == "Sealed dice: next roll #11"
    win.services.sealed_dice.reveal(PASS)
    assert badge.text() == "Sealed dice: seed revealed"
    win.set_game(Game(load_demo()))
    assert not badge.isVisibleTo(win)


def test_a_joint_resolution_rolls_the_sealed_dice():
    """Return fire (engine.joint) is resolved with the same sealed dice as one action."""
    from app.panels.dice_entry import roll_app
    from engine.facts import facts_for
    from engine.joint import JointContext, answer_context
    from engine.rulesets.iron_hearts import RULESET as IH
    from tests.engine.test_sealed import sealed_game

    game, seed = sealed_game()
    facts = facts_for(game.scenario, "shoot", "gren-1", "us-1-1", ruleset=IH)
    ctx = IH.context("shoot", actor=game.unit("gren-1"), target=game.unit("us-1-1"),
                     facts=facts, game=game)
    joint = JointContext((ctx, answer_context(ctx, "us-1-1")))
    res = roll_app(joint, 5)
    rolls = [r for e in res.log_entries(1) for r in e.dice]
    assert rolls and {r.source for r in rolls} == {"sealed"}
    assert sorted(r.roll for r in rolls) == list(range(1, len(rolls) + 1))


def test_verify_dice_says_what_the_command_line_says(qtbot, win, tmp_path, capsys):
    """One report, two adapters: File ▸ Verify dice… on a game file edited outside
    Warboard shows the very text `warboard verify` prints."""

    import sqlite3

    from tests.engine.sealed_play import played

    path = played().copy(tmp_path)
    db = sqlite3.connect(path)    # Pfc. Dawson's suppression taken off (the log is intact,
    with db:                      # so the file opens without a warning box)
        db.execute("UPDATE units SET json = json_remove(json, '$.markers.suppression') "
                   "WHERE id = 'us-1-1'")
    db.close()
    assert cli.run(["verify", str(path), "--lang", "en"]) == cli.VERIFY_FAILED
    printed = capsys.readouterr().out.rstrip("\n")
    assert win.open_path(path)

    shown: list = []

    def check() -> None:  # the dialog is always closed: a failure never hangs the test
        dlg = QApplication.activeModalWidget()
        try:
            report = dlg.run()
            shown.extend([report, dlg.verdict.text(), dlg.report.toPlainText()])
        finally:
            dlg.reject()

    QTimer.singleShot(0, check)
    win.services.sealed_dice.verify_dialog()
    report, verdict, text = shown
    assert not report.ok and "problem(s) found" in verdict
    assert text == printed
