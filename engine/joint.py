"""Joint resolution: two or more actions resolved against ONE prior state.

Simultaneous fire — a volley and the return fire it draws, both sides of an exchange —
reads the board as it was before either shot: each context is built on the same game,
each action is resolved without applying anything, and their effects are merged into one
Change that the app applies (and undoes) as a single step. Their odds are the joint
distribution: the product of the actions' exact OutcomeDistributions (icepool), since
two resolutions against one prior state are independent.

- `resolve_joint(contexts, dice) -> JointResolution` — the dice are drawn in order, the
  first action's first;
- `joint_odds(contexts) -> OutcomeDistribution` — outcomes are tuples, one entry per
  action, with each action's own distribution kept as a part;
- `merge_changes(changes)` — the merged Change and what the merge decided;
- `answer_context(ctx, responder, ...)` — the context of the answering action (return
  fire): the responder acting on `ctx`'s actor, its facts measured on the same board.

Merging: every effect is kept in order, except that a unit removed by several actions is
removed once, and removals come last (a unit killed by the volley still fires back, and
markers or state written on it still land). Markers and numeric state add up (two
suppression hits are two; their caps hold). Two different values set on the same
unit key (SetMarker / SetState / MoveUnit) keep the later one, and the merge says so.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import icepool

from engine.dice import DiceSource
from engine.facts import facts_for
from engine.i18n import join, msg, verbatim
from engine.model import Change, Effect, LogEntry, MoveUnit, RemoveUnit, SetMarker, SetState
from engine.odds import OutcomeDistribution
from engine.options import SchemaError
from engine.protocol import Context, Resolution

__all__ = ["JointResolution", "JointContext", "resolve_joint", "joint_odds",
           "merge_changes", "answer_context", "charge_joint", "JointError"]


class JointError(ValueError):
    """Contexts that cannot be resolved together (different games, fewer than two)."""


@dataclass(slots=True)
class JointResolution:
    """The resolutions side by side, their merged (unapplied) Change, and what the merge
    decided (`notes`)."""

    resolutions: list[Resolution]
    change: Change
    notes: list[str] = field(default_factory=list)

    @property
    def summary(self) -> str:
        return " | ".join(f"{r.action_label} ({r.actor}): {r.summary}"
                          for r in self.resolutions)

    @property
    def rolls(self) -> list:
        return [x for r in self.resolutions for x in r.rolls]

    @property
    def steps(self) -> list:
        """Every action's steps, in the order their dice were drawn."""
        return [s for r in self.resolutions for s in r.steps]

    def log_entries(self, turn: int) -> list[LogEntry]:
        """One roll-log entry per action; each names the others it was resolved with and
        the first carries the merged effects."""
        out = []
        ids = [f"{r.action}:{r.actor}" for r in self.resolutions]
        for i, r in enumerate(self.resolutions):
            e = r.log_entry(turn)
            data = dict(e.details)
            data["joint"] = {"with": [x for j, x in enumerate(ids) if j != i],
                             "index": i, "merged_effects": self.change.describe()
                             if i == 0 else [], "notes": list(self.notes) if i == 0 else []}
            out.append(LogEntry(e.turn, e.actor, e.action, e.target, e.dice, e.summary,
                                data))
        return out


@dataclass(frozen=True, slots=True)
class JointContext:
    """Contexts to resolve together, used where one Context is (`resolve(dice)`,
    `odds()`): the app's dice entry types the dice of both actions in order."""

    contexts: tuple[Context, ...]

    def __post_init__(self) -> None:
        _same_prior(self.contexts)

    @property
    def action(self):
        return self.contexts[0].action

    def resolve(self, dice: DiceSource) -> JointResolution:
        return resolve_joint(self.contexts, dice)

    def odds(self) -> OutcomeDistribution:
        return joint_odds(self.contexts)


def _same_prior(contexts: Sequence[Context]) -> None:
    if len(contexts) < 2:
        raise JointError(f"joint resolution: needs two actions or more, got {len(contexts)}")
    games = {id(c.game) for c in contexts if c.game is not None}
    if len(games) > 1:
        raise JointError("joint resolution: the actions read different games; build every "
                         "context on the same game (one prior state)")


def resolve_joint(contexts: Sequence[Context], dice: DiceSource) -> JointResolution:
    """Resolve every context against the same prior state (nothing is applied between
    them), drawing the dice in order, and merge their effects into one Change."""
    _same_prior(contexts)
    resolutions = [c.resolve(dice) for c in contexts]
    change, notes = merge_changes([r.change for r in resolutions])
    return JointResolution(resolutions, change, notes)


def charge_joint(contexts: Sequence[Context], joint: JointResolution, *,
                 override: bool = False) -> JointResolution:
    """`joint` with each action's cost charged (engine.costs.charge) and the changes merged
    again. The first action is refused when its cost is not available (unless
    `override`); the answers are declared out of their own turn by nature (return fire,
    the other side of a duel), so their cost is charged as far as it goes and marked
    instead of refused."""
    from engine.costs import charge

    charged = [charge(c, r, override=override or i > 0)
               for i, (c, r) in enumerate(zip(contexts, joint.resolutions, strict=True))]
    change, notes = merge_changes([r.change for r in charged])
    return JointResolution(charged, change, notes)


def _key(e: Effect) -> tuple | None:
    """What a value-setting effect writes, for spotting two actions setting one thing."""
    if isinstance(e, SetMarker):
        return ("marker", e.unit, e.marker)
    if isinstance(e, SetState):
        return ("state", e.unit, e.key)
    if isinstance(e, MoveUnit):
        return ("move", e.unit)
    return None


def merge_changes(changes: Sequence[Change]) -> tuple[Change, list[str]]:
    """One Change of all `changes`' effects: removals once each and last, a value set
    twice differently kept from the later change (noted), everything else in order."""
    kept: list[Effect] = []
    removals: dict[str, RemoveUnit] = {}
    removed_by: dict[str, int] = {}
    set_at: dict[tuple, tuple[int, int]] = {}
    notes: list[str] = []
    for ci, ch in enumerate(changes):
        for e in ch.effects:
            if isinstance(e, RemoveUnit):
                removed_by[e.unit] = removed_by.get(e.unit, 0) + 1
                removals.setdefault(e.unit, e)
                continue
            k = _key(e)
            if k is not None and k in set_at:
                prev_ci, pos = set_at[k]
                prev = kept[pos]
                if prev == e:
                    continue
                if prev_ci != ci:
                    notes.append(f"{prev.describe()} and {e.describe()}: both set; the later "
                                 f"({e.describe()}) is kept")
                kept[pos] = e
                continue
            if k is not None:
                set_at[k] = (ci, len(kept))
            kept.append(e)
    for uid, n in removed_by.items():
        if n > 1:
            notes.append(f"{uid}: removed by {n} actions, removed once")
    label = join(" + ", [c.label for c in changes if c.label])
    return Change(kept + list(removals.values()), label), notes


def _weighted(dist: OutcomeDistribution) -> icepool.Die:
    """The distribution as an icepool die over outcome indices (outcomes of any type),
    with integer weights; outcomes of probability 0 drop out."""
    den = math.lcm(*(p.denominator for _, p in dist.outcomes))
    return icepool.Die({i: int(p * den) for i, (_, p) in enumerate(dist.outcomes) if p})


def joint_odds(contexts: Sequence[Context], *,
               distributions: Sequence[OutcomeDistribution] | None = None
               ) -> OutcomeDistribution:
    """The joint distribution of the contexts' outcomes: each outcome a tuple with one
    entry per action, its probability the product (the actions read one prior state, so
    they are independent). Each action's distribution is kept as a part named after it.
    `distributions` may be given when already computed."""
    _same_prior(contexts)
    dists = list(distributions) if distributions is not None else [c.odds() for c in contexts]
    product = icepool.tupleize(*(_weighted(d) for d in dists))
    total = product.denominator()
    outcomes = tuple((tuple(d.outcomes[i][0] for d, i in zip(dists, idx, strict=True)),
                      Fraction(q, total)) for idx, q in product.items())
    names = [f"{c.action.label} ({c.actor_label})" for c in contexts]
    parts: dict[str, OutcomeDistribution] = {}
    for name, d in zip(names, dists, strict=True):
        parts[_unique(name, parts)] = d
    label = " × ".join(f"{d.label}" for d in dists)
    return OutcomeDistribution(label, outcomes, parts)


def _unique(name: str, taken: Mapping[str, Any]) -> str:
    out, k = name, 2
    while out in taken:
        out, k = f"{name} #{k}", k + 1
    return out


def answer_context(ctx: Context, responder: Any = None, *, action: str | None = None,
                   weapon: str | None = None, options: Mapping[str, Any] | None = None,
                   overrides: Mapping[str, Any] | None = None) -> Context:
    """The context of the answer to `ctx` — return fire: `responder` (a Unit or unit id;
    default: the unit filling `ctx`'s responder role, else its target) takes `action`
    (default: `ctx`'s own) against `ctx`'s actor, on the same game and readings, its facts
    measured on the same board. SchemaError naming the argument when it cannot."""
    rs, game = ctx.ruleset, ctx.game
    if game is None:
        raise SchemaError("return fire: the answer is measured on the board; the context "
                          "has no game")
    if responder is None:
        declared = next((r for r in ctx.action.roles if r.kind == "responder"), None)
        responder = ctx.role(declared.name) if declared is not None else None
        responder = responder if responder is not None else ctx.target
    if responder is None:
        raise SchemaError(msg("return fire: no responder (choose the unit that answers)"))
    if isinstance(responder, str):
        try:
            responder = game.unit(responder)
        except ValueError:
            raise SchemaError(msg("return fire: no unit with id {id}",
                                  id=verbatim(repr(responder)))) from None
    if responder.id == ctx.actor.id:
        raise SchemaError(msg("return fire: {unit} cannot answer itself",
                              unit=verbatim(responder.id)))
    try:
        act = rs.action(action or ctx.action.id)
    except KeyError as e:
        raise SchemaError(f"return fire: {e.args[0]}") from None
    why = rs.why_not(act.id, responder, profiles=game.scenario.profiles)
    if why is not None:
        raise SchemaError(msg("return fire: {unit} ({profile}): {why}",
                              unit=verbatim(responder.id), profile=verbatim(responder.profile),
                              why=why))
    acting: Any = responder
    actor_role = act.role("actor")
    if actor_role is not None and actor_role.kind == "group":   # the responder's group acts
        mine = [g for g in ctx.groups.values() if responder.id in g.member_ids]
        if not mine:
            raise SchemaError(f"return fire: {act.id} is taken by a group; {responder.id} is "
                              f"in none")
        acting = min(mine, key=lambda g: len(g.members))
    facts = facts_for(game.scenario, act, acting.id, ctx.actor.id, ruleset=rs,
                      weapon=weapon, rules=ctx.rules, overrides=overrides,
                      groups=ctx.groups)
    roles = {r.name: ctx.actor for r in act.roles
             if r.kind == "responder" and r.name not in ("actor", "target")}
    return rs.context(act.id, actor=acting, groups=ctx.groups,
                      target=ctx.actor if act.role("target") else None,
                      weapon=weapon, facts=facts, options=options, rules=ctx.rules,
                      game=game, roles=roles or None)
