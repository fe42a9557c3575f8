"""A sealed game played through the referee (engine.play) and revealed, built once per
test session and copied per case: what the edit catalog (test_verify_catalog.py) and the
property test tamper with, as a player would with sqlite3 on the file.

16 sealed rolls (two per shot: hit and wound), among them a re-roll of an unapplied roll
and a roll never applied; one typed roll; a unit moved between two lines (a change the
log records in the next line's state); the seed revealed at the end."""

from __future__ import annotations

import functools
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

PASSPHRASE = "correct horse battery"
SEED = "5eed" * 16
GAME_ID = "catalog"


@dataclass(frozen=True)
class Played:
    path: Path            # the pristine file: copy it, never write to it
    commitment: str
    head: str             # the chain head after the last line (the last post's)
    last_roll: int
    lines: int

    def copy(self, folder: Path) -> Path:
        out = folder / "game.warboard"
        shutil.copyfile(self.path, out)
        return out


def _shots(ref, game) -> None:
    from engine.model import Change, MoveUnit
    from engine.play import AppDice, PlayRequest
    from engine.rulesets.iron_hearts import RULESET as IH

    def plan(actor: str, target: str):
        return ref.plan(PlayRequest(game, "shoot", actor, roles={"target": target},
                                    ruleset=IH))

    p = plan("gren-1", "us-1-1")
    ref.apply(p, ref.roll(p, AppDice()), override=True)          # rolls 1, 2
    p = plan("gren-2", "us-1-2")
    ref.roll(p, AppDice())                                         # rolls 3, 4
    ref.apply(p, ref.roll(p, AppDice()), override=True)          # re-roll: 5, 6
    u = game.unit("us-2-5")
    ref.table.push(Change([MoveUnit("us-2-5", u.x + 2.0, u.y, u.facing)], "move"))
    ref.roll(plan("gren-3", "us-2-1"), AppDice())                  # 7, 8: never applied
    p = plan("us-2-1", "gren-4")
    ref.apply(p, ref.typed(ref.preview(p, [3, 2, 2, 2, 2, 2, 2, 2])), override=True)
    for actor, target in (("gren-4", "us-2-1"), ("gren-5", "us-2-1"), ("gren-6", "us-2-1"),
                          ("gren-1", "us-1-3")):                   # 9 … 16
        p = plan(actor, target)
        ref.apply(p, ref.roll(p, AppDice()), override=True)


@functools.lru_cache(maxsize=1)
def played() -> Played:
    """The played, revealed game (built once per process)."""
    from engine import sealed
    from engine.gamefile import new_game_file, save_game
    from engine.model import Change, Game, SetGameState
    from engine.play import GameTable, Referee
    from engine.scenario_io import load_demo
    from engine.verify_game import verify_game

    game = Game(load_demo())
    table = GameTable(game)
    sealing, seed = sealed.seal(PASSPHRASE, seed=SEED, game_id=GAME_ID)
    table.push(Change([SetGameState(sealed.STATE_KEY, sealing.to_dict())], "Seal"))
    sealed.open_session(sealing, seed, game.log)
    ref = Referee(table)
    _shots(ref, game)
    path = Path(tempfile.mkdtemp(prefix="warboard-played-")) / "played.warboard"
    new_game_file(path, game)
    shown = sealed.reveal(sealing, PASSPHRASE)
    table.push(Change([SetGameState(sealed.STATE_KEY, shown.to_dict())], "Reveal"))
    save_game(path, game)
    sealed.lock(game.state)
    report = verify_game(path)
    assert report.ok, report.text()
    return Played(path, sealing.commitment, report.heads[-1], report.last_roll,
                  report.lines)
