"""Check game (as Anki's Check Database): every check a game file can be put through, each
reported as a finding, read-only — integrity of the SQLite file, its schema and identity,
the roll log's hash chain, the sealed rolls (once the seed is revealed), and stray files
beside it (journals of unfinished or other files' saves, temporary files of killed saves
and backups). Where something is wrong, the newest backup that is whole is named so the
program can offer it."""

from __future__ import annotations

import glob
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.backups import backup_folder, last_good_backup
from engine.gamefile import GameFileError, open_game
from engine.gamefile_open import _check_header, _open_ro
from engine.i18n import msg, verbatim
from engine.verify_text import VERIFY_TEXTS

#: The checks, in the order they are reported.
CHECKS = ("integrity", "schema", "chain", "sealed", "stray")


@dataclass(frozen=True, slots=True)
class Finding:
    """One check's outcome: `ok`, a one-line `summary`, and `details` (messages)."""

    check: str
    ok: bool
    summary: Any
    details: tuple[Any, ...] = ()


@dataclass(slots=True)
class GameCheck:
    """All findings for one file, and the newest whole backup when one is wrong."""

    path: Path
    findings: list[Finding] = field(default_factory=list)
    backup: Path | None = None

    @property
    def ok(self) -> bool:
        return all(f.ok for f in self.findings)


def check_game(path: str | os.PathLike, lang: str = "en") -> GameCheck:
    """Every check of the game file at `path` (see the module doc); nothing is written.
    `lang` is the language of the sealed rolls' findings."""
    p = Path(path)
    report = GameCheck(p)
    report.findings.append(_integrity(p))
    game = None
    try:
        game = open_game(p).game
        report.findings.append(Finding("schema", True, msg("schema and identity: as a "
                                                            "Warboard game")))
    except GameFileError as e:
        report.findings.append(Finding("schema", False, msg("the game does not open"),
                                       (e.message,)))
    if game is not None:
        report.findings += _verified(p, game, lang)
    report.findings.append(_stray(p))
    if not report.ok:
        report.backup = last_good_backup(p)
    return report


def _integrity(p: Path) -> Finding:
    try:
        _check_header(p)
        db = _open_ro(p)
        try:
            rows = [r[0] for r in db.execute("PRAGMA integrity_check(20)")]
        finally:
            db.close()
    except GameFileError as e:
        return Finding("integrity", False, msg("the file is not whole"), (e.message,))
    except sqlite3.DatabaseError as e:
        return Finding("integrity", False, msg("the file is not whole"),
                       (verbatim(str(e)),))
    if rows == ["ok"]:
        return Finding("integrity", True, msg("file: whole (SQLite's integrity check)"))
    return Finding("integrity", False, msg("the file is not whole"),
                   tuple(verbatim(r) for r in rows))


def _verified(p: Path, game, lang: str) -> list[Finding]:
    """The roll log's chain and the game state, and the sealed rolls: `warboard verify`'s
    report (engine.verify_game), its problems split between the two findings."""
    from engine import sealed
    from engine.verify_game import verify_game

    report = verify_game(p)
    seeded = {pr for pr in report.problems if pr.kind not in VERIFY_TEXTS["en"]
              or pr.kind == "commitment_posted"}
    chained = [pr for pr in report.problems if pr not in seeded]
    chain = Finding("chain", not chained,
                    msg("roll log: its hash chain and the game state hold") if not chained
                    else msg("roll log: altered outside Warboard"),
                    tuple(verbatim(pr.text(lang)) for pr in chained))
    try:
        sealing = sealed.sealing_of(game.state)
    except sealed.SealedError as e:
        return [chain, Finding("sealed", False, msg("sealed dice: the sealing is damaged"),
                               (e.args[0],))]
    if sealing is None:
        return [chain, Finding("sealed", True, msg("sealed dice: not used"))]
    if sealing.revealed is None:
        return [chain, Finding("sealed", True, msg("sealed dice: checked once the game "
                                                   "master reveals the seed"))]
    if not seeded:
        return [chain, Finding("sealed", True, msg("sealed dice: every roll matches the "
                                                   "seed"))]
    return [chain, Finding("sealed", False, msg("sealed dice: rolls do not match the seed"),
                           tuple(verbatim(pr.text(lang)) for pr in report.problems
                                 if pr in seeded))]


def stray_files(p: Path) -> list[Path]:
    """Files beside the game that a finished save does not leave."""
    name = glob.escape(p.name)
    found = [Path(str(p) + side) for side in ("-journal", "-wal", "-shm")
             if Path(str(p) + side).exists()]
    found += sorted(p.parent.glob(f"{name}.not-its-journal-*"))
    found += sorted(p.parent.glob(f".{name}.*.tmp*"))
    folder = backup_folder(p)
    if folder.is_dir():
        found += sorted(folder.glob(".*.tmp*")) + sorted(folder.glob("*-journal"))
    return found


def _stray(p: Path) -> Finding:
    found = stray_files(p)
    if not found:
        return Finding("stray", True, msg("no stray files beside it"))
    return Finding("stray", False, msg("stray files beside it (left by killed or other "
                                       "saves; the next save or backup removes most)"),
                   tuple(verbatim(str(f.name)) for f in found))
