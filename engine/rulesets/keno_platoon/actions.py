"""The actions of §4.3, each declaring its cost (engine.costs.Cost) so the engine charges
and refuses them: 1 action each; fire not with the same weapon twice per activation
(§4.A-4); melee takes both actions; reorganise and improve-morale once per activation.
Tests the seed names but does not give are the rules file's PROPOSED readings
(proposed_tests.py), labelled PROPOSED in their steps."""

from __future__ import annotations

from engine.protocol import Action

from .fire_actions import Fire, FireSupport, MakeContact
from .movement_actions import Advance, MarchOrder, Pivot, Prone
from .organisation_actions import Detach, Merge, Reorganise
from .quality_test_actions import EnterMelee, ImproveMorale, LeaveCover, Observe, RemoveSuppression

__all__ = ["ACTIONS"]

ACTIONS: tuple[Action, ...] = (Advance(), Pivot(), MarchOrder(), Prone(), LeaveCover(), Fire(),
                               FireSupport(), EnterMelee(), Reorganise(), MakeContact(),
                               Observe(), RemoveSuppression(), Detach(), ImproveMorale(),
                               Merge())
