"""`warboard organisation`: the ruleset's check of the table's organisation."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from app.i18n import QT_TR_NOOP, tr

if TYPE_CHECKING:
    pass

from .base import (
    _emit,
    _loc,
    _open_game,
    command,
)

# --- organisation (engine/organisation.py) ---------------------------------------------------


def _organisation_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help=tr("a .warboard game or a scenario .json"))
    p.add_argument("--json", action="store_true", help=tr("print JSON instead of text"))


@command("organisation", QT_TR_NOOP("the ruleset's check of the table's organisation (its "
                                    "groups): each remark with the rule it serves"),
         _organisation_arguments)
def cmd_organisation(args: argparse.Namespace) -> int:
    from engine import organisation

    game, _ = _open_game(args.file)
    notes = organisation.check(game)
    locked = organisation.locked(game)
    rid = game.scenario.ruleset
    data = {"ruleset": rid, "notes": [n.to_dict() for n in notes],
            "locked": None if locked is None else str(locked)}
    _emit(data, organisation_text(notes, locked, rid), args.json, sys.stdout)
    return 0


def organisation_text(notes, locked: Any, ruleset: str) -> str:
    """The organisation check as `warboard organisation` prints it, in the command's
    language: a line a remark ("⚠" before one that refuses an edit), then the lock."""
    lines = [("⚠ " if n.refuse else "• ") + _loc(n.said(), ruleset) for n in notes]
    if not notes:
        lines.append(tr("no remarks on the organisation"))
    if locked:
        lines.append(tr("locked: {reason}").format(reason=_loc(locked, ruleset)))
    return "\n".join(lines)
