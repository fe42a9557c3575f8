"""The Action base class: one thing a unit does or one test it takes."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from engine.protocol.facts import FactSpec
from engine.protocol.roles import Role

if TYPE_CHECKING:  # what an action reads and returns, loaded where it runs
    from engine.costs import Cost
    from engine.dice import DiceSource
    from engine.odds import OutcomeDistribution
    from engine.options import Option
    from engine.protocol.context import Context
    from engine.protocol.ruleset import Ruleset
    from engine.protocol.steps import Resolution
    from engine.scenario import Unit

__all__ = ["Action"]


class Action(ABC):
    """An action of a ruleset. Subclass, set the class attributes, implement both methods.

    `roles` are the things chosen for it, each with a kind (engine.protocol.roles);
    `steps` lists the step ids a player may add free modifiers to; `facts` the facts it
    reads — names of declared facts (built-in or the ruleset's) or `FactSpec`s of its
    own; `ap_cost` is informative for the UI.
    `kind` is "action" (something a unit does, usually for AP) or "test" (a unit-wide
    test the Tests panel lists: morale, detection, a skill check).
    """

    id: ClassVar[str]
    label: ClassVar[str]
    kind: ClassVar[Literal["action", "test"]] = "action"
    roles: ClassVar[tuple[Role, ...]] = (Role("actor", kind="unit"),)
    options: ClassVar[tuple[Option, ...]] = ()
    facts: ClassVar[tuple[str | FactSpec, ...]] = ()
    steps: ClassVar[tuple[str, ...]] = ()
    ap_cost: ClassVar[int | None] = None
    #: what one use costs (engine.costs.Cost: AP, actions, once per …, weapon used), which
    #: the engine charges when the change is applied; None = the action charges itself.
    #: A cost that depends on the options: define `cost_of(self, ctx) -> Cost | None`.
    cost: ClassVar[Cost | None] = None
    doc: ClassVar[str] = ""
    #: whom `applies_to` admits, in words ("vehicles", "characters with grenades"), for
    #: the refusal "ram applies to vehicles only"; "" when it applies to every unit
    audience: ClassVar[str] = ""

    @abstractmethod
    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        """Roll (only through `dice`), judge, and return steps + effects."""

    @abstractmethod
    def odds(self, ctx: Context) -> OutcomeDistribution:
        """The exact outcome distribution of `resolve` for the same context."""

    def applies_to(self, ruleset: Ruleset, unit: Unit, profile: Mapping[str, Any]) -> bool:
        """Whether `unit` (whose profile record is `profile`) can take this action at all,
        so the app offers it only to units that can: a rifleman has no main gun to fire.
        Read the profile, not the unit's state — a tank out of AP still *has* the action,
        and `resolve` refuses it. Default: every unit. Override it together with
        `audience`."""
        return True

    def role(self, name: str) -> Role | None:
        return next((r for r in self.roles if r.name == name), None)

    @property
    def fact_names(self) -> tuple[str, ...]:
        """The names of the facts it reads, in order."""
        return tuple(f.name if isinstance(f, FactSpec) else f for f in self.facts)

    def fact_specs(self) -> tuple[FactSpec, ...]:
        """The facts it declares itself (its `FactSpec`s; named ones are declared by the
        ruleset or the protocol: `Ruleset.fact_specs(action)` gives them all)."""
        return tuple(f for f in self.facts if isinstance(f, FactSpec))

    def range_band(self, ctx: Context) -> int | str | None:
        """The range band this action reads at `ctx`'s distance, from the ruleset's scheme
        for the weapon, so the app can fill and show `facts.range_band`. None (the
        default) when the action has no bands; the action derives its band itself when
        the fact is empty either way."""
        return None

    def notes(self, ctx: Context) -> tuple[str, ...]:
        """What the player should know before rolling at `ctx` — e.g. a once-a-turn
        resource not used yet this turn. The panels show them; default: none."""
        return ()

    def describe(self) -> dict:
        """JSON-able declaration for the UI and `warboard … --json`."""
        from engine.costs import describe_cost

        return {"id": self.id, "label": self.label, "kind": self.kind, "doc": self.doc,
                "roles": [r.describe() for r in self.roles],
                "options": [o.to_dict() for o in self.options],
                "facts": list(self.fact_names),
                "steps": list(self.steps), "ap_cost": self.ap_cost,
                "cost": None if self.cost is None else
                {**self.cost.to_dict(), "text": describe_cost(self.cost)},
                "audience": self.audience}
