"""The ruleset protocol: what a ruleset declares and what resolving an action returns.

A ruleset package (engine/rulesets/<name>/) builds one `Ruleset` and exposes it as the
module attribute `RULESET`; the registry finds it. Read docs/ruleset-protocol.md first.

- `Ruleset`  — id, name, dice, scale, profile schemas, cover mapping (generic 0–4 → its
  own term and value), ruleset-wide `Option`s (AMBIGUOUS readings) and `Action`s, and
  its `Vocabulary`: the markers and state keys it writes, their board badges, the profile
  fields the board reads (generic code keeps no list of a ruleset's words).
- `Action`   — id, label, `Role`s it needs (each of a kind: unit, units, group, point,
  template, responder, weapon), player `Option`s, the `facts` it reads (declared as
  `FactSpec`s with the function that measures them), and two methods:
  `resolve(ctx, dice) -> Resolution` and `odds(ctx) -> OutcomeDistribution` (exact);
  `applies_to(ruleset, unit, profile)` says which units may take it
  (`Ruleset.actions_for(unit)` is what the app offers a unit).
- `Context`  — everything an action reads: actor, target, weapon, point, `Facts` (filled
  by the app from the board, any of them overridden by the player), option values,
  ruleset option values, the game, profiles.
- `Step` / `Resolution` — the ordered steps (dice and faces, target, comparison,
  modifiers with reasons, outcome) and the effects as one undoable `Change`.

Modifiers change a target number, a roll, the number of dice in a pool or the die step;
`make_pool` / `roll_pool` carry all four. Two actions against one prior state (return
fire) are `engine.joint`. `roll_test`, `roll_bands` and `info_step` build Steps so
every ruleset shows its work the same way; `make_test` turns a base number and
modifiers into the `Test` that both the roll and the odds use, so the two never disagree.

Import from here (`from engine.protocol import Action, Ruleset, ...`); the pieces live in
facts, roles, steps, context, action, vocabulary and ruleset, each imported when one of its
names is first asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: Where each name lives: a module imports `from engine.protocol import X` and only X's
#: piece loads (a ruleset declared for measuring needs no steps, odds or context).
_WHERE = {
    "action": ("Action",),
    "context": ("Context",),
    "facts": ("BUILTIN_FACTS", "FACT_SCOPES", "FACT_TYPES", "FACTS", "SIDES", "FactMissing",
              "FactProbe", "Facts", "FactSpec", "fact_spec"),
    "organisation": ("GroupKind", "Organisation", "OrganisationNote"),
    "refusal": ("ActionRefused", "argument_of", "refusal_argument"),
    "roles": ("ROLE_KINDS", "CoverTerm", "GroupRef", "Role", "RoleKind", "RoleName",
              "TemplatePlacement", "group_lookup", "scenario_groups"),
    "ruleset": ("BoardHints", "CardLayouts", "MissingRole", "Ruleset"),
    "steps": ("Pool", "Resolution", "Step", "info_step", "make_bands", "make_pool",
              "make_test", "pool_size", "roll_bands", "roll_pool", "roll_step", "roll_test",
              "stepped_die"),
    "vocabulary": ("BadgeLook", "ProfileKeys", "Said", "Term", "Vocabulary", "terms"),
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}

__all__ = [
    "CardLayouts",
    "FACTS", "SIDES", "FACT_TYPES", "FACT_SCOPES", "BUILTIN_FACTS", "Facts", "FactMissing",
    "FactSpec", "FactProbe", "fact_spec", "Role", "RoleKind", "RoleName", "ROLE_KINDS",
    "GroupRef", "TemplatePlacement", "group_lookup", "scenario_groups", "CoverTerm", "Context",
    "Step",
    "Resolution", "Action", "BoardHints", "Ruleset", "MissingRole", "Pool", "make_test",
    "make_bands",
    "make_pool", "pool_size", "stepped_die", "roll_test", "roll_pool", "roll_bands",
    "roll_step", "info_step", "GroupKind", "Organisation", "OrganisationNote",
    "ActionRefused", "refusal_argument", "argument_of",
    "BadgeLook", "Said", "Term", "ProfileKeys", "Vocabulary", "terms",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


if TYPE_CHECKING:
    from engine.protocol.action import Action
    from engine.protocol.context import Context
    from engine.protocol.facts import (
        BUILTIN_FACTS,
        FACT_SCOPES,
        FACT_TYPES,
        FACTS,
        SIDES,
        FactMissing,
        FactProbe,
        Facts,
        FactSpec,
        fact_spec,
    )
    from engine.protocol.organisation import GroupKind, Organisation, OrganisationNote
    from engine.protocol.refusal import ActionRefused, argument_of, refusal_argument
    from engine.protocol.roles import (
        ROLE_KINDS,
        CoverTerm,
        GroupRef,
        Role,
        RoleKind,
        RoleName,
        TemplatePlacement,
        group_lookup,
        scenario_groups,
    )
    from engine.protocol.ruleset import BoardHints, CardLayouts, MissingRole, Ruleset
    from engine.protocol.steps import (
        Pool,
        Resolution,
        Step,
        info_step,
        make_bands,
        make_pool,
        make_test,
        pool_size,
        roll_bands,
        roll_pool,
        roll_step,
        roll_test,
        stepped_die,
    )
    from engine.protocol.vocabulary import BadgeLook, ProfileKeys, Said, Term, Vocabulary, terms
