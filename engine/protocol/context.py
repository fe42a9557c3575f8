"""The resolution context: everything an action reads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.dice import DiceSource
from engine.model import Change, Effect, Game
from engine.odds import OutcomeDistribution
from engine.options import Modifier, SchemaError
from engine.protocol.facts import Facts
from engine.protocol.steps import Resolution, Step
from engine.scenario import Unit

if TYPE_CHECKING:
    from engine.board_ops import BoardOps
    from engine.protocol.action import Action
    from engine.protocol.ruleset import Ruleset

__all__ = ["Context"]


@dataclass(frozen=True, slots=True)
class Context:
    """What an action reads. Build it with `Ruleset.context(...)`, which validates it."""

    ruleset: Ruleset
    action: Action
    actor: Unit
    target: Unit | None = None
    targets: tuple[Unit, ...] = ()
    weapon: Mapping[str, Any] | None = None
    weapon_id: str | None = None
    point: tuple[float, float] | None = None
    facts: Facts = field(default_factory=Facts)
    options: Mapping[str, Any] = field(default_factory=dict)
    rules: Mapping[str, Any] = field(default_factory=dict)
    game: Game | None = None
    profiles: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    extra_modifiers: tuple[tuple[str, Modifier], ...] = ()

    @property
    def board(self) -> BoardOps:
        """The table, read-only, for rules that lay and scatter templates with the action's
        dice, move units and groups until blocked, or look between groups
        (engine.board_ops)."""
        from engine.board_ops import BoardOps

        if self.game is None:
            raise SchemaError(f"action {self.action.id!r}: the board needs the game "
                              f"(build the context with game=...)")
        return BoardOps(self.game)

    def option(self, option_id: str) -> Any:
        try:
            return self.options[option_id]
        except KeyError:
            raise KeyError(f"action {self.action.id!r} has no option {option_id!r}") from None

    def rule(self, option_id: str) -> Any:
        try:
            return self.rules[option_id]
        except KeyError:
            raise KeyError(f"ruleset {self.ruleset.id!r} has no option {option_id!r}") from None

    def profile(self, unit: Unit | None = None) -> Mapping[str, Any]:
        """The profile record of `unit` (default: the actor): the scenario's own profiles
        first, then the ruleset's library (`Ruleset.profile_of`)."""
        u = unit or self.actor
        record = self.ruleset.profile_of(u, self.profiles)
        if record is not None:
            return record
        raise SchemaError(f"units[{u.id}].profile: no profile {u.profile!r} in the "
                          f"scenario or the {self.ruleset.id} library")

    def modifiers(self, step: str) -> list[Modifier]:
        """Modifiers for step id `step`: from the action options that are set (in the
        action's declared order), then the ones the player typed for that step."""
        out = []
        for o in self.action.options:
            if step in o.steps:
                m = o.as_modifier(self.options.get(o.id, o.default))
                if m is not None:
                    out.append(m)
        out.extend(m for s, m in self.extra_modifiers if s == step)
        return out

    def fact(self, name: str) -> Any:
        return self.facts.need(name, self.action.id)

    def resolution(self, steps: Sequence[Step], effects: Sequence[Effect],
                   summary: str) -> Resolution:
        """The Resolution of this context's action (effects as one unapplied Change)."""
        target = self.target.id if self.target else None
        return Resolution(self.ruleset.id, self.action.id, self.action.label, self.actor.id,
                          target, list(steps),
                          Change(list(effects), f"{self.action.label}: {self.actor.label}"),
                          summary, self.facts, dict(self.options), dict(self.rules))

    def resolve(self, dice: DiceSource) -> Resolution:
        """Shorthand for `ctx.action.resolve(ctx, dice)`."""
        return self.action.resolve(self, dice)

    def odds(self) -> OutcomeDistribution:
        """Shorthand for `ctx.action.odds(ctx)`."""
        return self.action.odds(self)
