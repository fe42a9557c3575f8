"""The game in play and how it changes: a Scenario plus turn state, per-unit state and the
roll log (`game`, `log`); everything that changes during play changes through an `Effect`
(`effects`, written through `paths`), grouped in a `Change` that `apply_change` applies and
`revert_change` undoes exactly (`change`), so every applied resolution and every board edit
can be undone and redone.

No Qt here. The names are re-exported here, so `from engine.model import Game` reads the
same whichever module a name lives in.
"""

from __future__ import annotations

from .change import Change, apply_change, revert_change
from .effects import (
    EFFECT_KINDS,
    AddGroupMarker,
    AddMarker,
    AdjustState,
    Effect,
    MoveUnit,
    RemoveUnit,
    SetGame,
    SetGameState,
    SetGroupState,
    SetMarker,
    SetState,
    effect_from_dict,
    need_unit,
)
from .game import GAME_FIELDS, Game, ModelError
from .log import SUMMARY_TEXT, LogEntry, restored_summary
from .paths import EFFECT_MODULES, PATH_HANDLERS, group_writes, register_path

__all__ = [
    "Game", "LogEntry", "Effect", "SetMarker", "AddMarker", "SetState", "AdjustState",
    "MoveUnit", "RemoveUnit", "SetGame", "SetGameState", "SetGroupState", "AddGroupMarker",
    "EFFECT_KINDS", "EFFECT_MODULES", "PATH_HANDLERS", "GAME_FIELDS", "SUMMARY_TEXT",
    "register_path", "group_writes", "need_unit", "restored_summary",
    "Change", "apply_change", "revert_change", "effect_from_dict", "ModelError",
]
