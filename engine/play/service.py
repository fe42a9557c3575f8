"""The referee: one door from a player's choice to a logged, applied result.

plan → odds → roll → cost → apply, each step returning what it produced:

- `plan(request)`: the facts measured once, the validated Context (engine.play.plan);
- `odds(plan)`: the exact distribution and the action's notes;
- `roll(plan, dice)`: the resolution, from the app's seeded or sealed dice, typed faces
  or a script. A roll of the app's dice is logged at once as *rolled, not applied*
  (engine.roll_log), whichever door made it, with the re-roll of an unapplied roll of the
  same action by the same unit named as one. Typed faces are not logged until applied;
  `preview(plan, faces)` shows what they decide so far and is never a roll;
- `cost(plan, rolled)`: what Apply would charge, and why it is not available;
- `apply(plan, rolled)`: the cost charged into the resolution's Change (engine.costs,
  engine.joint for return fire), that ONE Change pushed on the table (undoable in the
  app), then the log lines, naming the rolled entry they apply.

Rolls that are not actions — initiative, a communication test, a template's scatter —
go through `roll_turn` and `scatter` (engine.play.turn_rolls), logged the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.roll_log import RerollTracker

from .plan import measure as measure_facts
from .plan import plan as plan_request
from .request import AppDice, DiceSpec, PlayRequest, Scripted, TypedFaces
from .typed import TypedRun, resolve_typed

if TYPE_CHECKING:
    from engine.costs import Cost
    from engine.dice import DiceError, DiceSource
    from engine.model import Change, LogEntry
    from engine.odds import OutcomeDistribution
    from engine.protocol import Facts

    from .plan import Plan
    from .tables import Table

__all__ = ["Referee", "Odds", "Rolled", "Priced", "Applied", "dice_source", "log_lines"]


@dataclass(frozen=True, slots=True)
class Odds:
    """The exact outcome distribution of a plan, and the action's notes at it."""

    distribution: OutcomeDistribution
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Rolled:
    """A resolution and where its dice came from: `kind` "app", "sealed", "typed" or
    "script"; `seed` of the app's generator; `chosen` when the player picked it;
    `positions` of its rolled entries in the log (none when it was not logged);
    `leftover` the DiceError of typed faces the resolution did not read."""

    resolution: Any
    kind: str
    seed: int | None = None
    chosen: bool = False
    positions: tuple[int, ...] = ()
    leftover: DiceError | None = None


@dataclass(frozen=True, slots=True)
class Priced:
    """The cost Apply would charge (None: the action declares none) and why it cannot be
    paid now (None: it can)."""

    cost: Cost | None
    refusal: str | None = None


@dataclass(frozen=True, slots=True)
class Applied:
    """The charged resolution, the one Change pushed and the log lines written."""

    resolution: Any
    change: Change
    entries: tuple[LogEntry, ...] = field(default_factory=tuple)


def dice_source(spec: DiceSpec, game: Any) -> DiceSource:
    """The DiceSource a spec names: the game's sealed dice or the seeded generator for
    the app's dice (DiceError while a sealed game's seed is locked), the typed faces, or
    the script as given."""
    from engine.dice import TypedDice

    if isinstance(spec, AppDice):  # the sealed dice and their witness, for the app's only
        from engine.sealed import app_dice

        return app_dice(game, spec.seed)
    if isinstance(spec, TypedFaces):
        faces = spec.faces
        return TypedDice(faces if isinstance(faces, str) else list(faces))
    if isinstance(spec, Scripted):
        return spec.source
    raise TypeError(f"dice: expected AppDice, TypedFaces or Scripted, got {spec!r}")


def _kind(spec: DiceSpec, source: DiceSource) -> str:
    if isinstance(spec, AppDice):
        return "app" if source.seed is not None else "sealed"
    return "typed" if isinstance(spec, TypedFaces) else "script"


def log_lines(resolution: Any, turn: int) -> list[LogEntry]:
    """The roll-log lines of a resolution: one, or one per action of a joint one."""
    if hasattr(resolution, "log_entries"):
        return list(resolution.log_entries(turn))
    return [resolution.log_entry(turn)]


class Referee:
    """The play service of one game (see the module doc). `table` is where the game is
    changed and logged; `rerolls` which unapplied roll a new roll re-rolls (read from the
    game's log when not given, so a game reopened forgets none)."""

    def __init__(self, table: Table, rerolls: RerollTracker | None = None) -> None:
        self.table = table
        self.rerolls = rerolls if rerolls is not None else RerollTracker.from_log(
            table.game.log)

    @property
    def game(self) -> Any:
        return self.table.game

    @property
    def keeps_log(self) -> bool:
        return getattr(self.table, "keeps_log", True)

    # --- plan and odds --------------------------------------------------------------------

    def plan(self, request: PlayRequest) -> Plan:
        """The validated plan (engine.play.plan.plan)."""
        return plan_request(request)

    def measure(self, request: PlayRequest, overrides: Any = None) -> Facts:
        """The request's facts as the board gives them (for a door to show beside the
        ones typed by hand)."""
        return measure_facts(request, overrides)

    def odds(self, plan: Plan) -> Odds:
        """The exact odds (ValueError when the rules refuse the set-up)."""
        dist = plan.context.odds()
        try:
            notes = tuple(plan.lead.action.notes(plan.lead))
        except (ValueError, KeyError):
            notes = ()
        return Odds(dist, notes)

    # --- dice -----------------------------------------------------------------------------

    def roll(self, plan: Plan, dice: DiceSpec) -> Rolled:
        """Resolve the plan with `dice`; the app's dice are logged at once as rolled."""
        from engine.dice import TypedDice

        source = dice_source(dice, self.game)
        res = plan.context.resolve(source)
        kind = _kind(dice, source)
        leftover = None
        if isinstance(source, TypedDice) and kind == "typed":
            try:
                source.check_exhausted()
            except Exception as err:  # DiceError: a miscount at the table
                leftover = err
        seed = source.seed if kind == "app" else None
        chosen = bool(getattr(dice, "chosen", False)) and kind == "app"
        rolled = Rolled(res, kind, seed, chosen, leftover=leftover)
        if kind in ("app", "sealed") and self.keeps_log:
            rolled = self._log_rolled(rolled)
        return rolled

    def _log_rolled(self, rolled: Rolled) -> Rolled:
        from dataclasses import replace

        from engine.roll_log import rolled_entry

        entries = log_lines(rolled.resolution, self.game.turn)
        first = entries[0]
        again = self.rerolls.pending(first.actor, first.action)
        seqs = []
        for e in entries:
            self.table.log(rolled_entry(e, seed=rolled.seed, chosen=rolled.chosen,
                                        reroll_of=again))
            seqs.append(len(self.game.log))
        self.rerolls.rolled(first.actor, first.action, seqs[0], rolled.seed)
        return replace(rolled, positions=tuple(seqs))

    def preview(self, plan: Plan, faces: Sequence[int | str]) -> TypedRun:
        """What the typed faces decide so far (not a roll: nothing is logged)."""
        return resolve_typed(plan.context, list(faces))

    @staticmethod
    def typed(run: TypedRun) -> Rolled | None:
        """A complete preview as the roll Apply takes (None while dice are missing)."""
        return None if run.resolution is None else Rolled(run.resolution, "typed")

    # --- cost and apply -------------------------------------------------------------------

    def cost(self, plan: Plan, rolled: Rolled | None = None) -> Priced:
        """The cost the rolled resolution priced, else the declared one, and its refusal."""
        from engine.costs import charged_cost, refusal

        res = rolled.resolution if rolled is not None else None
        lead = res.resolutions[0] if res is not None and hasattr(res, "resolutions") else res
        cost = charged_cost(plan.lead, lead)
        return Priced(cost, refusal(plan.lead, cost))

    def apply(self, plan: Plan, rolled: Rolled, *, override: bool = False) -> Applied:
        """Charge the cost (CostRefused unless `override`), push the one Change (ModelError
        when it cannot apply) and log the lines, naming the rolled entries they apply."""
        from engine.costs import charge
        from engine.joint import charge_joint
        from engine.roll_log import applied_entry

        res = rolled.resolution
        if plan.joint:
            res = charge_joint(plan.context.contexts, res, override=override)
        else:
            res = charge(plan.context, res, override=override)
        self.table.push(res.change)
        entries = log_lines(res, self.game.turn)
        if rolled.kind in ("app", "sealed"):
            ofs = rolled.positions or (None,) * len(entries)
            entries = [applied_entry(e, seed=rolled.seed, chosen=rolled.chosen, of=seq)
                       for e, seq in zip(entries, ofs, strict=True)]
            self.rerolls.applied(entries[0].actor, entries[0].action)
        if self.keeps_log:
            for entry in entries:
                self.table.log(entry)
        return Applied(res, res.change, tuple(entries))

    # --- rolls that are not actions -------------------------------------------------------

    def roll_turn(self, make: Callable[[DiceSource], Any], dice: DiceSpec) -> Any:
        """A turn roll (initiative, a communication test): `make(dice)` returns what
        engine.turns rolled (its `change` and `log_entry()`); typed faces must all be
        read; the change is pushed and its line logged. Returns what `make` returned."""
        from engine.dice import TypedDice

        source = dice_source(dice, self.game)
        roll = make(source)
        if isinstance(source, TypedDice) and isinstance(dice, TypedFaces):
            source.check_exhausted()
        self.table.push(roll.change)
        if self.keeps_log:
            self.table.log(roll.log_entry())
        return roll

    def step_turn(self, action: str, make: Callable[[], Change],
                  actor: str | None = None) -> Change:
        """A turn step without dice (start, end, activate, ambush …): pushed and logged."""
        from engine import turns

        change = make()
        turn = self.game.turn
        self.table.push(change)
        if self.keeps_log:
            self.table.log(turns.turn_entry(turn, action, change, actor))
        return change
