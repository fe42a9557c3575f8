"""The resolution context: everything an action reads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.dice import DiceSource
from engine.i18n import msg
from engine.options import Modifier, SchemaError
from engine.protocol.facts import Facts
from engine.protocol.roles import GroupRef, Role
from engine.protocol.steps import Resolution, Step

if TYPE_CHECKING:  # the model and the odds are loaded where an action runs
    from engine.board_ops import BoardOps
    from engine.model import Effect, Game
    from engine.odds import OutcomeDistribution
    from engine.protocol.action import Action
    from engine.protocol.ruleset import Ruleset
    from engine.scenario import Unit

__all__ = ["Context"]


@dataclass(frozen=True, slots=True)
class Context:
    """What an action reads. Build it with `Ruleset.context(...)`, which validates it.

    `chosen` maps each role name to what fills it (a Unit, a tuple of Units, a GroupRef,
    a point, a TemplatePlacement, a weapon id); `actor`, `target`, `targets`, `weapon` and
    `point` stay as shorthands of the legacy roles. For a group actor `actor` is the
    group's first member and `chosen["actor"]` the GroupRef. `groups` is the scenario's
    group lookup (id → GroupRef)."""

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
    chosen: Mapping[str, Any] = field(default_factory=dict)
    groups: Mapping[str, GroupRef] = field(default_factory=dict)

    def role(self, name: str) -> Any:
        """What fills role `name` (None when it is not filled)."""
        if name in self.chosen:
            return self.chosen[name]
        return {"actor": self.actor, "target": self.target, "targets": self.targets or None,
                "weapon": self.weapon_id or self.weapon, "point": self.point}.get(name)

    def units(self, name: str) -> tuple[Unit, ...]:
        """The units of role `name`, whatever its kind: one unit, several, a group's
        members, the responder; () when it is not filled."""
        v = self.role(name)
        if v is None:
            return ()
        if isinstance(v, GroupRef):
            return v.members
        if isinstance(v, tuple | list):
            return tuple(v)
        return (v,)

    def group(self, name: str) -> GroupRef | None:
        """The GroupRef filling role `name` (None when it is not a group)."""
        v = self.role(name)
        return v if isinstance(v, GroupRef) else None

    @property
    def actor_id(self) -> str:
        """The actor's id as the log names it: the group's id for a group actor."""
        g = self.group("actor")
        return g.id if g is not None else self.actor.id

    @property
    def actor_label(self) -> str:
        g = self.group("actor")
        return g.label if g is not None else self.actor.label

    def role_decl(self, name: str) -> Role | None:
        return self.action.role(name)

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
                   summary: str, cost: Any = None) -> Resolution:
        """The Resolution of this context's action (effects as one unapplied Change);
        `cost`: the engine.costs.Cost its outcome priced, charged on apply instead of the
        declared one (the assault's AP only if the check passed)."""
        from engine.model import Change

        target = self.target.id if self.target else None
        return Resolution(self.ruleset.id, self.action.id, self.action.label, self.actor_id,
                          target, list(steps),
                          Change(list(effects), msg("{action}: {actor}",
                                                     action=self.action.label,
                                                     actor=self.actor_label)),
                          summary, self.facts, dict(self.options), dict(self.rules),
                          self.roles_text(), self.names(), cost)

    def names(self) -> dict[str, str]:
        """Unit and group ids → names: every unit of the game (or those of the context
        without one) and the groups, for renderings that say names instead of ids."""
        units = list(self.game.all_units()) if self.game is not None else \
            [u for u in (self.actor, self.target, *self.targets) if u is not None]
        out = {u.id: u.label for u in units}
        if self.game is not None:
            out.update({g.id: group_name(g) for g in self.game.scenario.groups})
        g = self.group("actor")
        if g is not None:
            out[g.id] = group_name(g)
        return out

    def roles_text(self) -> dict[str, str]:
        """The chosen roles the resolution's title does not name (all but actor, target,
        targets and weapon), as text for the renderings: ids, points, templates."""
        out = {}
        for name, v in self.chosen.items():
            if name in ("actor", "target", "targets", "weapon"):
                continue
            if isinstance(v, GroupRef):
                out[name] = v.id
            elif isinstance(v, tuple) and v and all(isinstance(x, float) for x in v):
                out[name] = ", ".join(f"{x:g}" for x in v)
            elif isinstance(v, tuple):
                out[name] = ", ".join(getattr(x, "id", str(x)) for x in v)
            elif hasattr(v, "shape") and hasattr(v, "x"):
                out[name] = f"{v.shape} at {v.x:g}, {v.y:g}"
            else:
                out[name] = getattr(v, "id", str(v))
        return out

    def resolve(self, dice: DiceSource) -> Resolution:
        """Shorthand for `ctx.action.resolve(ctx, dice)`."""
        return self.action.resolve(self, dice)

    def odds(self) -> OutcomeDistribution:
        """Shorthand for `ctx.action.odds(ctx)`."""
        return self.action.odds(self)


def group_name(group: Any) -> str:
    """A group's name as a text field: its English name, which reads as the scenario's
    Russian name (`name_ru`) in a Russian text when the scenario gives one."""
    from engine.i18n import msg

    own = str(getattr(group, "name_ru", "") or "")
    return msg("{name}", name={"name": group.label, "name_ru": own}) if own else group.label
