"""The actions of §4.3, each declaring its cost (engine.costs.Cost) so the engine charges
and refuses them: 1 action each; fire not with the same weapon twice per activation
(§4.A-4); melee takes both actions; reorganise and improve-morale once per activation.
Tests the seed names but does not give are the rules file's PROPOSED readings, written as
data in tests.toml and labelled PROPOSED in their steps."""

from __future__ import annotations

from engine.house.pack import ruleset_pack
from engine.protocol import Action

from . import data
from .fire_actions import Fire, FireSupport, MakeContact
from .movement_actions import Advance, MarchOrder, Pivot, Prone
from .options import OPTIONS
from .organisation_actions import Detach, Merge, Reorganise

__all__ = ["ACTIONS", "TESTS"]

#: The quality-die tests, written as data (resources/rulesets/keno-platoon/tests.toml).
TESTS = {a.id: a for a in ruleset_pack(data.RULESET_ID, "tests.toml", data=data.rules(),
                                       rule_ids={o.id for o in OPTIONS}).actions}

ACTIONS: tuple[Action, ...] = (Advance(), Pivot(), MarchOrder(), Prone(), TESTS["leave_cover"],
                               Fire(), FireSupport(), TESTS["enter_melee"], Reorganise(),
                               MakeContact(), TESTS["observe"], TESTS["remove_suppression"],
                               Detach(), TESTS["rally_morale"], Merge())
