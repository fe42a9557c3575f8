"""A data action as the protocol's Action: the Actions dock, the command line, the play
service and the cards see it like any Python action; its `resolve` and `odds` are the
one chain of engine.house.chain."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.dice import DiceSource
from engine.house import chain
from engine.house.env import Env, Rules
from engine.house.roles import role_doc, role_label
from engine.house.spec import ActionSpec
from engine.odds import OutcomeDistribution
from engine.protocol import Action, Context, Resolution, Role
from engine.scenario import Unit

__all__ = ["DataAction"]


class DataAction(Action):
    """An action declared in a ruleset file (engine.house.spec.ActionSpec)."""

    def __init__(self, spec: ActionSpec, rules: Rules) -> None:
        self.spec = spec
        self.rules = rules
        self.id = spec.id
        self.label = spec.label
        self.label_ru = spec.label_ru
        self.kind = spec.kind
        self.roles = tuple(Role(r[0], kind=r[1], required=r[2], label=role_label(r),
                                doc=role_doc(r)) for r in spec.roles)
        self.options = spec.options
        self.facts = spec.facts
        self.steps = tuple(dict.fromkeys(s.modifiers_from or s.id for s in spec.steps
                                         if s.player_modifiers))
        self.cost = spec.cost
        self.doc = spec.doc
        self.audience = spec.audience

    def __repr__(self) -> str:
        return f"DataAction({self.id!r})"

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        return chain.resolve(self.spec, Env(self.rules, ctx), ctx, dice)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return chain.odds(self.spec, Env(self.rules, ctx), ctx)

    def applies_to(self, ruleset: Any, unit: Unit, profile: Mapping[str, Any]) -> bool:
        """The file's `applies` formula, read on the unit's profile (and state)."""
        if self.spec.applies is None:
            return True
        env = Env(self.rules, None, unit=unit, profile=profile)
        try:
            return bool(self.spec.applies(env.lookup))
        except (KeyError, ValueError):
            return False
