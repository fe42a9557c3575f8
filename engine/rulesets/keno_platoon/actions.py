"""The actions of §4.3, each declaring its cost (engine.costs.Cost) so the engine charges
and refuses them: 1 action each; fire not with the same weapon twice per activation
(§4.A-4); melee takes both actions; reorganise and improve-morale once per activation.

Declared by id and where each lives (engine.protocol.lazy): asking for one imports its
module alone; the quality-die tests are data (quality_tests)."""

from __future__ import annotations

from engine.protocol.lazy import ActionList, LazyAction

__all__ = ["ACTIONS"]

_FIRE, _MOVE, _ORG, _TESTS = ".fire_actions", ".movement_actions", ".organisation_actions", \
    ".quality_tests:TESTS"

ACTIONS = ActionList(
    LazyAction("advance", f"{_MOVE}:Advance"), LazyAction("pivot", f"{_MOVE}:Pivot"),
    LazyAction("march_order", f"{_MOVE}:MarchOrder"), LazyAction("go_prone", f"{_MOVE}:Prone"),
    LazyAction("leave_cover", _TESTS),
    LazyAction("fire_weapon", f"{_FIRE}:Fire"),
    LazyAction("fire_support_weapon", f"{_FIRE}:FireSupport"),
    LazyAction("enter_melee", _TESTS), LazyAction("reorganise", f"{_ORG}:Reorganise"),
    LazyAction("make_contact", f"{_FIRE}:MakeContact"), LazyAction("observe", _TESTS),
    LazyAction("remove_suppression", _TESTS), LazyAction("detach_group", f"{_ORG}:Detach"),
    LazyAction("rally_morale", _TESTS), LazyAction("merge_groups", f"{_ORG}:Merge"),
    package=__package__)
