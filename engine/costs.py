"""What an action costs, and the engine charging it.

An action declares its cost as data (`cost = Cost(ap=1, once_per="turn", uses_weapon=True)`
on the Action class, or `cost_of(ctx)` when it depends on the options: "AP spent moving").
When the action's change is applied, `charge` adds to that same Change the AP or actions
it costs and its ledger entry (engine.ledger), so undo refunds it; when the cost is not
available it refuses with a message that says so ("Pvt. Fischer has 0 AP left: Shoot costs
1 AP"). `override=True` applies it anyway — the real table wins — and the entry says so.

What `charge` checks, for an action that declares a cost:
- the ruleset's `can_act` (engine.turns.TurnHooks) and whose turn it is;
- AP left this turn (structure `ap_per_unit`), actions left in the running activation
  (`actions_per_activation`) or this round (`actions_per_turn`);
- once per activation / phase / turn / battle (`once_per`, counted by `once_key`, default
  the action's id; `times` for "at most 2 a turn");
- the weapon used (`uses_weapon`): recorded, and with `weapon_once_per` not the same weapon
  twice in that scope ("not the same weapon twice in one activation").
An action that declares no cost is recorded in the ledger (unless it wrote its own entry)
and charged nothing: the ruleset spends its own AP in its effects.

A cost the outcome decides ("the run's AP only if the assault check passes") or that only
the plan of the resolution knows (a vehicle's "move, fire, move": what each AP went on and
the once-per-turn uses it marks) is **priced by the resolution**: the action returns
`ctx.resolution(steps, effects, summary, cost=Cost(...))` and `charge` charges that Cost —
checked, refused and overridable like a declared one — instead of `cost_of(ctx)`, which
then says up front what the outcome may cost (`outcome="only if the check passes"`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from engine import ledger
from engine.i18n import Text, join, msg
from engine.model import AdjustState, Change, Effect

if TYPE_CHECKING:
    from engine.protocol import Context, Resolution

__all__ = ["Cost", "CostRefused", "FREE", "cost_of", "charged_cost", "refusal", "charge",
           "cost_effects", "describe_cost", "from_table"]

ONCE_PER = ("activation", "phase", "turn", "battle")


class CostRefused(ValueError):
    """The action's cost is not available now; the message says what is missing."""


@dataclass(frozen=True, slots=True)
class Cost:
    """What one use of an action costs.

    - `ap`: action points of this turn (structure `ap_per_unit`);
    - `actions`: actions of the running activation (or of the round);
      `whole_activation`: it takes every action left and needs the full allowance (05
      melee "takes both actions");
    - `once_per` / `times` / `once_key`: at most `times` uses per activation, phase, turn
      or battle of everything sharing `once_key` (default: the action's id);
    - `uses_weapon`: the ledger records the weapon; `weapon_once_per`: the same weapon at
      most once in that scope;
    - `phases`: the phases it belongs to (a move in the manoeuvre phase); () = any;
    - `ap_on`: what each AP goes on, for the ledger's sequence (a vehicle's "move", "move";
      () = the action's id for each AP); its length is `ap`;
    - `marks`: the once-per-turn uses the action marks in the ledger (crew T&E "aim"),
      a table or (name, value) pairs, kept as sorted pairs;
    - `outcome`: the outcome prices it, in words ("only if the assault check passes"): the
      resolution carries the Cost charged (`Resolution.cost`);
    - `proposed` / `reason`: the cost is ours, not the rules text's, and why.
    """

    ap: int = 0
    actions: int = 0
    whole_activation: bool = False
    once_per: Literal["activation", "phase", "turn", "battle"] | None = None
    times: int = 1
    once_key: str | None = None
    uses_weapon: bool = False
    weapon_once_per: Literal["activation", "phase", "turn"] | None = None
    phases: tuple[str, ...] = ()
    ap_on: tuple[str, ...] = ()
    marks: tuple[tuple[str, Any], ...] = ()
    outcome: str = ""
    proposed: bool = False
    reason: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "phases", tuple(self.phases))
        self._check_ledger_fields()
        for i, p in enumerate(self.phases):
            if not isinstance(p, str) or not p:
                raise CostRefused(f"cost.phases[{i}]: expected a phase name, got {p!r}")
        for name in ("ap", "actions"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise CostRefused(f"cost.{name}: expected a whole number ≥ 0, got {v!r}")
        t = self.times
        if isinstance(t, bool) or not isinstance(t, int) or t < 1:
            raise CostRefused(f"cost.times: expected a whole number ≥ 1, got {t!r}")
        if self.once_per is not None and self.once_per not in ONCE_PER:
            raise CostRefused(f"cost.once_per: expected one of {' | '.join(ONCE_PER)}, "
                              f"got {self.once_per!r}")
        if self.weapon_once_per is not None and self.weapon_once_per not in ONCE_PER[:3]:
            raise CostRefused(f"cost.weapon_once_per: expected activation | phase | turn, "
                              f"got {self.weapon_once_per!r}")
        if self.weapon_once_per is not None and not self.uses_weapon:
            raise CostRefused("cost.weapon_once_per: needs uses_weapon = true")
        if self.once_key is not None and (not isinstance(self.once_key, str)
                                          or not self.once_key):
            raise CostRefused(f"cost.once_key: expected a name, got {self.once_key!r}")
        for name in ("whole_activation", "uses_weapon", "proposed"):
            if not isinstance(getattr(self, name), bool):
                raise CostRefused(f"cost.{name}: expected true or false, "
                                  f"got {getattr(self, name)!r}")

    def _check_ledger_fields(self) -> None:
        if isinstance(self.ap_on, str) or not isinstance(self.ap_on, list | tuple):
            raise CostRefused(f"cost.ap_on: expected a list of what each AP goes on, "
                              f"got {self.ap_on!r}")
        object.__setattr__(self, "ap_on", tuple(self.ap_on))
        for i, a in enumerate(self.ap_on):
            if not isinstance(a, str) or not a:
                raise CostRefused(f"cost.ap_on[{i}]: expected a name, got {a!r}")
        if self.ap_on and len(self.ap_on) != self.ap:
            raise CostRefused(f"cost.ap_on: {len(self.ap_on)} entries for {self.ap!r} AP "
                              "(one per AP)")
        marks = self.marks
        if isinstance(marks, Mapping):
            marks = tuple(marks.items())
        try:
            pairs = tuple(sorted((k, v) for k, v in marks))
        except (TypeError, ValueError):
            raise CostRefused(f"cost.marks: expected a table of names, got {self.marks!r}") \
                from None
        for k, _v in pairs:
            if not isinstance(k, str) or not k:
                raise CostRefused(f"cost.marks: expected names as keys, got {k!r}")
        object.__setattr__(self, "marks", pairs)
        if not isinstance(self.outcome, str):
            raise CostRefused(f"cost.outcome: expected words, got {self.outcome!r}")

    def to_dict(self) -> dict:
        out = dataclasses.asdict(self)
        out["marks"] = dict(self.marks)
        return out


#: Costs nothing and limits nothing (still recorded in the ledger).
FREE = Cost()

_COST_KEYS = tuple(f.name for f in dataclasses.fields(Cost))


def from_table(table: Mapping[str, Any], where: str = "cost") -> Cost:
    """A Cost from a data table (a ruleset's TOML); bad values name `where`.key."""
    if not isinstance(table, Mapping):
        raise CostRefused(f"{where}: expected a table, got {table!r}")
    unknown = [k for k in table if k not in _COST_KEYS]
    if unknown:
        raise CostRefused(f"{where}.{unknown[0]}: unknown key (known: {', '.join(_COST_KEYS)})")
    phases = table.get("phases", ())
    if isinstance(phases, str) or not isinstance(phases, list | tuple):
        raise CostRefused(f"{where}.phases: expected a list of phase names, got {phases!r}")
    marks = table.get("marks", {})
    if not isinstance(marks, Mapping):
        raise CostRefused(f"{where}.marks: expected a table, got {marks!r}")
    try:
        return Cost(**table)
    except CostRefused as e:
        raise CostRefused(str(e).replace("cost.", f"{where}.", 1)) from None


def cost_of(ctx: Context) -> Cost | None:
    """The action's cost in this context: `action.cost_of(ctx)` when it defines one, else
    its `cost` attribute; None when it declares none."""
    action = ctx.action
    fn = getattr(action, "cost_of", None)
    cost = fn(ctx) if callable(fn) else getattr(action, "cost", None)
    if cost is not None and not isinstance(cost, Cost):
        raise CostRefused(f"{action.id}.cost: expected an engine.costs.Cost, got {cost!r}")
    return cost


def charged_cost(ctx: Context, resolution: Resolution | None) -> Cost | None:
    """What applying `resolution` costs: the Cost its outcome priced (`resolution.cost`)
    when it carries one, else the action's declared cost; None when neither declares one."""
    priced = getattr(resolution, "cost", None)
    if priced is not None:
        if not isinstance(priced, Cost):
            raise CostRefused(f"{ctx.action.id}: resolution.cost: expected an "
                              f"engine.costs.Cost, got {priced!r}")
        return priced
    return cost_of(ctx)


def describe_cost(cost: Cost | None) -> str:
    """"1 AP, once per turn" — for panels and refusals."""
    if cost is None:
        return msg("no declared cost")
    parts: list = []
    if cost.ap:
        parts.append(msg("{n} AP", n=cost.ap))
    if cost.whole_activation:
        parts.append(msg("the whole activation"))
    elif cost.actions:
        parts.append(msg("{n} {n|action|actions|actions}", n=cost.actions))
    if cost.once_per:
        parts.append(_times_per(cost.times, cost.once_per))
    if cost.weapon_once_per:
        parts.append(msg("not the same weapon twice per {period}", period=cost.weapon_once_per))
    if cost.outcome:
        parts.append(cost.outcome)
    text = join(", ", parts) if parts else msg("free")
    return msg("{cost} (PROPOSED)", cost=text) if cost.proposed else text


def _either(names: list[str]) -> Any:
    """"move or shoot" — a message, so "or" is translated."""
    if len(names) <= 1:
        return names[0] if names else ""
    return msg("{first} or {rest}", first=names[0], rest=_either(names[1:]))


def _times_per(times: int, period: str) -> Text:
    if times == 1:
        return msg("once per {period}", period=period)
    return msg("{n} times per {period}", n=times, period=period)


def _what(ctx: Context) -> str:
    return ctx.action.label


def _structure(ctx: Context):
    from engine import turns

    return turns.structure_of(ctx.ruleset)


def _actions_needed(cost: Cost, structure) -> int:
    if cost.whole_activation:
        return structure.actions_per_activation or structure.actions_per_turn or 1
    return cost.actions


def refusal(ctx: Context, cost: Cost | None = None, structure=None) -> str | None:
    """Why the action cannot be paid for now (None when it can, or declares no cost)."""
    from engine import turns

    cost = cost_of(ctx) if cost is None else cost
    game = ctx.game
    if cost is None or game is None:
        return None
    s = structure or _structure(ctx)
    u = ctx.actor
    who, what = u.label, _what(ctx)
    why = turns.why_cannot_act(game, s, u.id)
    if why:
        return msg("{who} cannot act: {why}", who=who, why=why)
    why = turns.why_not_now(game, s, u.id)
    if why:
        return msg("{who} cannot act now: {why}", who=who, why=why)
    if cost.phases and game.phase not in cost.phases:
        return msg("{action} belongs to the {phases} phase; it is the {phase} phase",
                   action=what, phases=_either(list(cost.phases)),
                   phase=game.phase or msg("no"))
    if cost.ap:
        left = turns.ap_left(game, u.id, s)
        if left is None:
            return msg("{action} costs {ap} AP, but this ruleset's turn counts no AP",
                       action=what, ap=cost.ap)
        if left < cost.ap:
            return msg("{who} has {left} AP left: {action} costs {ap} AP", who=who,
                       left=left, action=what, ap=cost.ap)
    need = _actions_needed(cost, s)
    if need:
        left = turns.actions_left(game, u.id, s)
        if left is None:
            if s.kind == "alternating":
                return msg("{who} is not activating: activate it first ({action} costs "
                           "{cost})", who=who, action=what, cost=describe_cost(cost))
            return msg("{action} costs {n} action(s), but this ruleset's turn counts none",
                       action=what, n=need)
        if cost.whole_activation and left < need:
            return msg("{who} has {left} of {n} actions left: {action} takes the whole "
                       "activation", who=who, left=left, n=need, action=what)
        if left < need:
            return msg("{who} has {left} {left|action|actions|actions} left: {action} "
                       "costs {n}", who=who, left=left, action=what, n=need)
    if cost.once_per:
        key = cost.once_key or ctx.action.id
        used = ledger.uses(game, u.id, key, cost.once_per)
        if used >= cost.times:
            return msg("{who} already used {key} this {period} ({action}: {times})",
                       who=who, key=key.replace("_", " "), period=cost.once_per,
                       action=what, times=_times_per(cost.times, cost.once_per))
    if cost.weapon_once_per and ctx.weapon_id:
        if ctx.weapon_id in ledger.weapons_used(game, u.id, cost.weapon_once_per):
            name = (ctx.weapon or {}).get("name", ctx.weapon_id)
            return msg("{who} already fired {weapon} this {period} (not the same weapon "
                       "twice per {period})", who=who, weapon=name,
                       period=cost.weapon_once_per)
    return None


def cost_effects(ctx: Context, cost: Cost, structure=None) -> list[Effect]:
    """The AP / actions the cost takes, clamped at 0 (an overridden cost spends what is
    there)."""
    from engine import turns

    s = structure or _structure(ctx)
    u = ctx.actor
    out: list[Effect] = []
    if cost.ap and s.ap_per_unit is not None:
        out.append(AdjustState(u.id, "ap_left", -cost.ap, minimum=0, default=s.ap_per_unit))
    need = _actions_needed(cost, s)
    if need and ctx.game is not None:
        left = turns.actions_left(ctx.game, u.id, s)
        if left is not None:
            take = left if cost.whole_activation else need
            out.append(AdjustState(u.id, "actions_left", -take, minimum=0, default=left))
    return out


def _spent_by(change: Change, unit: str, key: str) -> int:
    """AP (`ap_left`) or actions (`actions_left`) the change's own effects take from the
    unit, by the conventional state keys."""
    return max(0, -sum(int(e.delta) for e in change.effects
                       if isinstance(e, AdjustState) and e.unit == unit and e.key == key))


def _own_turn_ends(ctx: Context, cost: Cost | None, structure) -> list[Effect]:
    """In a combat round a unit's own turn is its action: when this one spends its last,
    what was deferred to the end of its turn applies now (04 §4.A-5: a character killed
    earlier in the round dies at the end of his own turn)."""
    from engine import deferred, turns
    from engine.triggers import Crossing

    game = ctx.game
    if game is None or structure.kind != "rounds" or cost is None or not deferred.pending(game):
        return []
    left = turns.actions_left(game, ctx.actor.id, structure) or 0
    if left - _actions_needed(cost, structure) > 0:
        return []
    late, _waiting, _notes = deferred.due_now(
        game, [Crossing("activation_end", side=ctx.actor.side, unit=ctx.actor.id)])
    return late


def charge(ctx: Context, resolution: Resolution, *, override: bool = False,
           structure=None) -> Resolution:
    """`resolution` with its Change extended by the cost, the ledger entry and the due test
    it answers — one Change, so undo refunds it. The cost is the one the resolution priced
    (`charged_cost`), else the declared one. CostRefused when it is not available and
    `override` is off; with `override` it is charged as far as it goes and marked."""
    from engine import triggers

    cost = charged_cost(ctx, resolution)
    s = structure or _structure(ctx)
    why = refusal(ctx, cost, s)
    if why and not override:
        raise CostRefused(why)
    u = ctx.actor
    effects: list[Effect] = list(resolution.change.effects)
    if cost is not None:
        effects += cost_effects(ctx, cost, s)
    if not ledger.records(resolution.change, u.id, ctx.action.id):
        keys = [cost.once_key or ctx.action.id] if cost is not None and cost.once_per else []
        battle = keys if cost is not None and cost.once_per == "battle" else []
        weapon = ctx.weapon_id if cost is None or cost.uses_weapon else None
        if cost is not None:
            ap, need = cost.ap, _actions_needed(cost, s)
        else:     # an action that spends its own AP: record what its effects spend
            ap, need = (_spent_by(resolution.change, u.id, k) for k in ("ap_left",
                                                                        "actions_left"))
        effects.append(ledger.RecordAction(ledger.entry(
            u.id, ctx.action.id, side=u.side, weapon=weapon, ap=ap, actions=need,
            ap_on=(cost.ap_on or None) if cost is not None else None,
            keys=[] if battle else keys, battle_keys=battle,
            marks=dict(cost.marks) if cost is not None else None, override=bool(why))))
    effects += triggers.taken_effects(ctx.game, u.id, ctx.action.id)
    effects += _own_turn_ends(ctx, cost, s)
    label = msg("{label} (cost overridden: {why})", label=resolution.change.label,
                why=why) if why else resolution.change.label
    return dataclasses.replace(resolution, change=Change(effects, label))
