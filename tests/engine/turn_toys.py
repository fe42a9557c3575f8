"""Toy rulesets for the turn contract (no tests here): each turn structure declared as data
(a TOML [turn] table, as a ruleset's resources would hold it), its hooks, and a few
actions that declare their costs. The engine tests (test_turns_contract.py) and the app
test of the Tests dock (test_turn_dock.py) use them.

- "toy-sides": side turns with 2 AP; Shoot costs 1 AP and records the weapon, a kill is a
  death deferred to the end of the turn; Grenade once per turn; Medal once per battle; a
  "stunned" soldier cannot act; a "shaken" one is due a Rally test when his side's turn
  starts.
- "toy-alternating": alternating activations of 2 actions, passed actions with a d8
  communication test (> the worse commander level, none needed "in sight"); Fire costs 1
  action and not the same weapon twice per activation, Melee takes the whole activation.
- "toy-phases": manoeuvre then fire, allies of one side interleaving; Move belongs to the
  manoeuvre phase, Shoot and Assault to the fire phase, once per phase each unit.
- "toy-rounds": combat rounds of one active action, an ambushing side first; a character
  hit dies at the end of his own turn (deferred to the end of his action, else the round).
- "toy-priced": side turns with 3 AP and costs the resolution prices: Charge spends its
  2 AP only when its nerve check passes (as Iron Hearts' Assault); a jeep's Drive records
  what each AP went on and the once-per-turn use it marks (as Iron Hearts' tanks).
"""

from __future__ import annotations

import tomllib
from fractions import Fraction

from engine import ledger
from engine.costs import Cost
from engine.deferred import defer
from engine.dice import D6, D8, Comparison, DiceSource
from engine.model import AddMarker, Game, RemoveUnit, SetMarker, SetState
from engine.odds import OutcomeDistribution
from engine.options import Option
from engine.protocol import (
    Action,
    ActionRefused,
    Context,
    CoverTerm,
    Resolution,
    Role,
    Ruleset,
    info_step,
    make_test,
    roll_test,
)
from engine.scenario import Scenario, Table, Unit
from engine.triggers import Trigger
from engine.turns import CommTest, TurnHooks, from_table
from geometry.bases import BaseShape

COVER = {lvl: CoverTerm(f"cover {lvl}", lvl) for lvl in range(5)}

TURN_TABLES = tomllib.loads("""
[sides]
kind = "sides"
ap_per_unit = 2
clear_each_turn = ["stunned"]

[alternating]
kind = "alternating"
actions_per_activation = 2
initiative_die = "d8"
passes_allowed = true

[phases]
kind = "sides"
phases = ["manoeuvre", "fire"]
allies = true
initiative_die = "d20"
initiative_when = "once"

[rounds]
kind = "rounds"
actions_per_turn = 1
ambush = true
""")


def _one(label: str, p: Fraction = Fraction(1)) -> OutcomeDistribution:
    return OutcomeDistribution(label, (("done", p),) if p == 1 else
                               (("hit", p), ("miss", 1 - p)))


class _Shot(Action):
    """d6 ≥ 4 hits; a hit kills the target, deferred to `dies_at` (None = at once)."""

    id = "shoot"
    label = "Shoot"
    roles = (Role("actor", kind="unit"),
             Role("target", kind="unit"),
             Role("weapon", kind="weapon", required=False))
    dies_at: str | None = "turn_end"

    def _test(self):
        return make_test(D6, 4, comparison=Comparison.GE)

    def death(self, ctx: Context):
        t = ctx.target
        if self.dies_at is None:
            return RemoveUnit(t.id, "killed")
        return defer([RemoveUnit(t.id, "killed")], self.dies_at,
                     label=f"{t.label} dies at the end of the turn")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        step = roll_test(dice, self._test(), id="hit", label="To hit", success="hit",
                         failure="miss")
        hit = step.results[0] == "hit"
        return ctx.resolution([step], [self.death(ctx)] if hit else [],
                              f"{ctx.target.label} {'hit' if hit else 'missed'}")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return _one("shot", Fraction(1, 2))


class SidesShoot(_Shot):
    cost = Cost(ap=1, uses_weapon=True)


class Grenade(Action):
    id = "grenade"
    label = "Grenade"
    cost = Cost(ap=1, once_per="turn")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        return ctx.resolution([info_step("throw", "Grenade", "thrown")], [], "thrown")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return _one("grenade")


class Medal(Action):
    id = "medal"
    label = "Heroic deed"
    cost = Cost(once_per="battle")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        return ctx.resolution([info_step("deed", "Deed", "done")],
                              [AddMarker(ctx.actor.id, "medals", 1)], "a heroic deed")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return _one("deed")


class Rally(Action):
    """A test: d6 ≥ 3 clears "shaken" (the start-of-turn trigger makes it due)."""

    id = "rally_test"
    label = "Rally test"
    kind = "test"

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        step = roll_test(dice, make_test(D6, 3, comparison=Comparison.GE), id="rally",
                         label="Rally", success="rallied", failure="still shaken")
        ok = step.results[0] == "rallied"
        return ctx.resolution([step], [SetMarker(ctx.actor.id, "shaken", None)] if ok else [],
                              step.results[0])

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return _one("rally", Fraction(2, 3))


def _stunned(game: Game, unit: Unit) -> str | None:
    return "stunned this turn" if unit.state.get("stunned") else None


def _shaken(game: Game, unit: Unit) -> bool:
    return bool(unit.markers.get("shaken"))


SIDES_HOOKS = TurnHooks(
    can_act=_stunned,
    flags=lambda g, u: ("shaken",) if u.markers.get("shaken") else (),
    triggers=(Trigger("side_start", "rally_test", _shaken, "shaken: rally at the start of "
                      "the side's turn"),))


WEAPONS = {"rifles": {"name": "Rifles"}, "launcher": {"name": "Grenade launcher"}}


def ruleset(rid: str, structure, actions) -> Ruleset:
    return Ruleset(id=rid, name=rid, dice=(D6, D8), metres_per_inch=1.0, distance_unit="in",
                   cover=COVER, actions=tuple(actions), weapons=WEAPONS,
                   turn_structure=structure)


SIDES = ruleset("toy-sides", from_table(TURN_TABLES["sides"], "toy-sides: turn")
                .with_hooks(SIDES_HOOKS), [SidesShoot(), Grenade(), Medal(), Rally()])


# --------------------------------------------------------------------------- alternating


class Fire(_Shot):
    id = "fire"
    label = "Fire"
    dies_at = None
    cost = Cost(actions=1, uses_weapon=True, weapon_once_per="activation")


class Melee(Action):
    id = "melee"
    label = "Enter melee"
    cost = Cost(whole_activation=True)

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        return ctx.resolution([info_step("melee", "Melee", "engaged")], [], "engaged")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return _one("melee")


def comm_test(game: Game, commander: Unit, unit: Unit, bypassed: int,
              dice: DiceSource) -> CommTest | None:
    """Toy Keno §4.5: the commander's quality die (d8, one step down per bypassed link)
    must beat the worse commander level; in sight within 6" needs no test."""
    if unit.state.get("in_sight"):
        return None
    level = max(int(commander.state.get("level", 1)), int(unit.state.get("level", 1)))
    die = D6 if bypassed else D8
    step = roll_test(dice, make_test(die, level, comparison=Comparison.GT), id="comm",
                     label=f"Communication test ({die.name} > {level})", success="through",
                     failure="lost")
    return CommTest((step,), step.results[0] == "through", step.results[0])


ALTERNATING = ruleset("toy-alternating",
                      from_table(TURN_TABLES["alternating"], "toy-alternating: turn")
                      .with_hooks(TurnHooks(comm_test=comm_test)), [Fire(), Melee()])


# --------------------------------------------------------------------------- phases


class Move(Action):
    id = "move"
    label = "Move"
    cost = Cost(once_per="phase", once_key="act", phases=("manoeuvre",))

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        return ctx.resolution([info_step("move", "Move", "moved")],
                              [SetState(ctx.actor.id, "moved", True)], "moved")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return _one("move")


class PhaseShoot(_Shot):
    dies_at = None
    cost = Cost(once_per="phase", once_key="act", phases=("fire",), uses_weapon=True)


class Assault(Melee):
    id = "assault"
    label = "Assault"
    cost = Cost(once_per="phase", once_key="act", phases=("fire",))


PHASES = ruleset("toy-phases", from_table(TURN_TABLES["phases"], "toy-phases: turn"),
                 [Move(), PhaseShoot(), Assault()])


# --------------------------------------------------------------------------- rounds


class RoundShoot(_Shot):
    """A hit kills at the end of the victim's own turn: his action if he still has it,
    else the end of the round (04 §4.A-5)."""

    cost = Cost(actions=1)

    def death(self, ctx: Context):
        t = ctx.target
        game = ctx.game
        from engine.turns import actions_left, structure_of

        still = game is not None and (actions_left(game, t.id, structure_of(ctx.ruleset))
                                      or 0) > 0
        at = "activation_end" if still else "turn_end"
        return defer([RemoveUnit(t.id, "killed")], at, unit=t.id if still else None,
                     label=f"{t.label} dies at the end of his turn")


ROUNDS = ruleset("toy-rounds", from_table(TURN_TABLES["rounds"], "toy-rounds: turn"),
                 [RoundShoot()])


# --------------------------------------------------------------------------- outcome-priced


class Charge(Action):
    """d6 ≥ 4 nerve check, then the run: 2 AP, spent only when the check passes."""

    id = "charge"
    label = "Charge"
    kind = "action"
    cost = Cost(ap=2, outcome="only if the nerve check passes")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        step = roll_test(dice, make_test(D6, 4, comparison=Comparison.GE), id="nerve",
                         label="Nerve check", success="pass", failure="fail")
        ok = step.count("pass") == 1
        return ctx.resolution([step], [SetMarker(ctx.actor.id, "charged", 1)] if ok else [],
                              "charges" if ok else "stays put",
                              cost=Cost(ap=2 if ok else 0, reason="the run, if it runs"))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return _one("charge", Fraction(1, 2))


class Drive(Action):
    """A vehicle drives `ap` AP (option) and may use its smoke once a turn: the cost is
    the plan's, with what each AP went on and the mark, priced by the resolution."""

    id = "drive"
    label = "Drive"
    options = (Option("ap", "AP driven", "int", 1, minimum=1, maximum=3),
               Option("smoke", "Smoke on", "bool", False))

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        ap = ctx.option("ap")
        smoke = ctx.option("smoke")
        if smoke and ctx.game is not None and ledger.marks(ctx.game, ctx.actor.id).get("smoke"):
            raise ActionRefused("smoke: already used this turn")
        return ctx.resolution([info_step("drive", "Drive", f"{ap} AP")], [], "driven",
                              cost=Cost(ap=ap, ap_on=("drive",) * ap,
                                        marks={"smoke": True} if smoke else {}))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return _one("drive")


PRICED = ruleset("toy-priced", from_table({"kind": "sides", "ap_per_unit": 3},
                                          "toy-priced: turn"), [Charge(), Drive(), Grenade()])


# --------------------------------------------------------------------------- games


def unit(uid: str, side: str, x: float = 5, parent: str | None = None, name: str | None = None,
         player: str | None = None, **state) -> Unit:
    extra = {"player": player} if player else {}
    return Unit(uid, side, "trooper", x, 5, BaseShape.round(25), name=name, parent=parent,
                state=state, extra=extra)


def game(rs: Ruleset, units: list[Unit]) -> Game:
    return Game(Scenario("toy", rs.id, Table(), units=units))
