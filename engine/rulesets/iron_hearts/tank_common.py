"""What every Iron Hearts tank action reads: the card, the crew, the turn log, the facts.

The turn log (this turn's AP sequence and once-per-turn uses) is read from the generic
activation ledger (engine.ledger: `ap_on` per entry, `marks` for T&E, hull and turret
turns, coax use). Each action prices its resolution with the AP it adds and the marks it
sets (`TankView.cost`, an engine.costs.Cost); the turn contract charges it on apply and
writes the ledger entry, refusing (or, overridden, applying) when the AP are not there.

`TankView` gathers them once per resolution, so each action reads "who sits at the
gunner's post", "how many AP are left" or "which face was struck" the same way, and a
refusal always names the rule ("tank_aim: change target first (1 AP), 01 §4.12-6").
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine import ledger
from engine.costs import Cost
from engine.i18n import msg
from engine.options import Modifier, SchemaError
from engine.protocol import Context, FactMissing, Resolution, refusal_argument
from engine.scenario import Unit
from geometry.facing import FRONT180, QUADRANTS, side_of_bearing

from . import ranges
from .common import current_turn, rn
from .tank_data import MODIFIERS, VEHICLES, armour_face, check_vehicle
from .tank_rules import (
    RuleRefused,
    crew_state,
    crew_te,
    empty_turn_log,
    member_at,
    missing_posts,
    run_length,
    turn_log,
)

__all__ = ["vehicle_card", "TankView", "modifier", "tank_band", "side_struck", "refuse",
           "current_turn", "metres_per_inch"]




def refuse(ctx: Context, why: str) -> RuleRefused:
    """The refusal "<action>: why"; the argument at fault is the one `why` names
    ("target: …"), else the action as a whole."""
    head = refusal_argument(why)
    named = head if head is not None and ctx.action.role(head) is not None else None
    return RuleRefused(msg("{action}: {why}", action=ctx.action, why=why), argument=named)


def vehicle_card(ctx: Context, unit: Unit) -> dict | None:
    """The unit's vehicle card: a card defined in the scenario's profiles first (checked),
    then the ruleset's vehicles.toml library; None when the unit is not a vehicle."""
    own = (ctx.profiles or {}).get(unit.profile)
    if isinstance(own, Mapping) and "crew" in own and "armour" in own:
        hit = _CHECKED.get(id(own))
        if hit is None or hit[0] is not own:
            hit = (own, check_vehicle(own, f"profiles.{unit.profile}"))
            _CHECKED[id(own)] = hit
        return hit[1]
    return VEHICLES.get(unit.profile)


#: Scenario cards already checked, by identity (a card is checked once, not per roll).
_CHECKED: dict[int, tuple[Mapping, dict]] = {}


def metres_per_inch(ctx: Context) -> float:
    if ctx.game is not None:
        return float(ctx.game.scenario.table.metres_per_inch)
    return float(ctx.ruleset.metres_per_inch)


def modifier(key: str, label: str | None = None, value: int | None = None,
             to: str = "target") -> Modifier:
    """A tank modifier from vehicles.toml [modifiers], with its reason and PROPOSED mark."""
    m = MODIFIERS[key]
    return Modifier(label or key.replace("_", " "), m["value"] if value is None else value,
                    m["reason"], m["proposed"], to)  # type: ignore[arg-type]


def tank_band(ctx: Context, range_m: float) -> int | None:
    """Range band 1..5 of the main gun (01 §4.15): the player's band if set, else from
    facts.distance_m via ranges.tank_gun; None beyond 5 × Range."""
    band = ctx.facts.range_band
    if band is not None:
        if isinstance(band, bool) or not isinstance(band, int) or not 1 <= band <= 5:
            raise SchemaError(f"facts.range_band: expected a tank-gun band 1–5, got {band!r}")
        return band
    i = ranges.tank_gun(range_m).index_for(ctx.fact("distance_m"))
    return None if i is None else i + 1


def side_struck(ctx: Context, target_card: Mapping[str, Any] | None) -> str:
    """The face of the target struck, per the ruleset option facing_model (01 §4.A-22).

    With facts.extra["shooter_bearing"] (the shooter's bearing off the target's hull axis,
    + = right) the face follows the chosen model; attacker_choice lets the player pick any
    face whose 180° half-plane holds the shooter (the rear only from its 90° zone), via the
    fire option `side_choice` ("auto" = the face with the weakest hull armour). Without a
    bearing, facts.side_struck as the board measured it is used."""
    theta = ctx.facts.get("shooter_bearing")
    model = ctx.rule("facing_model")
    if theta is None:
        return ctx.fact("side_struck")
    if isinstance(theta, bool) or not isinstance(theta, int | float) or not math.isfinite(theta):
        raise SchemaError(f"facts.shooter_bearing: expected a number of degrees, got {theta!r}")
    if model == "front180":
        return side_of_bearing(theta, FRONT180)
    if model == "quadrants":
        return side_of_bearing(theta, QUADRANTS)
    t = ((theta + 180.0) % 360.0) - 180.0
    allowed = [s for s, ok in (("front", abs(t) <= 90), ("right", 0 <= t <= 180),
                               ("left", -180 <= t <= 0), ("rear", abs(t) >= 135)) if ok]
    choice = ctx.options.get("side_choice", "auto")
    if choice == "auto":
        if target_card is None:
            return allowed[0]
        return min(allowed, key=lambda s: target_card["armour"][armour_face(s)]["hull"])
    if choice not in allowed:
        raise RuleRefused(f"{ctx.action.id}.side_choice: {choice!r} is not open from a "
                          f"bearing of {t:g}° (open: {', '.join(allowed)})")
    return choice


@dataclass
class TankView:
    """The acting tank as the rules see it this turn."""

    ctx: Context
    unit: Unit
    card: dict
    crew: dict
    missing: set
    log: dict
    turn: int

    @classmethod
    def of(cls, ctx: Context, unit: Unit | None = None) -> TankView:
        u = unit or ctx.actor
        card = vehicle_card(ctx, u)
        if card is None:
            raise refuse(ctx, f"units[{u.id}].profile: {u.profile!r} is not a vehicle card")
        status = u.state.get("status")
        if status in ("knocked_out", "destroyed") and u is ctx.actor:
            raise refuse(ctx, msg("{unit} is {status}", unit=u.label,
                                  status=status.replace("_", " ")))
        crew = crew_state(card, u.state, f"units[{u.id}].state.crew")
        turn = current_turn(ctx) or 1      # no game: the first turn
        return cls(ctx, u, card, crew, missing_posts(crew), ledger_log(ctx, u, turn), turn)

    # ---- reading

    def at(self, post: str) -> dict | None:
        return member_at(self.card, self.crew, post)

    @property
    def te(self) -> int:
        return crew_te(self.card, self.crew, self.ctx.rule("crew_te_counts"),
                       self.ctx.rule("crew_te_rounding"))

    @property
    def run(self) -> int:
        return run_length(self.log["ap"])

    def state(self, key: str, default: Any = None) -> Any:
        return self.unit.state.get(key, default)

    def weapon(self, key: str) -> dict:
        try:
            return self.card["weapons"][key]
        except KeyError:
            known = ", ".join(self.card["weapons"])
            raise refuse(self.ctx, f"{self.unit.profile} has no weapon {key!r} "
                                   f"(known: {known})") from None

    @property
    def main_gun(self) -> tuple[str, dict]:
        for k, w in self.card["weapons"].items():
            if w["kind"] == "main_gun":
                return k, w
        raise refuse(self.ctx, f"{self.unit.profile} has no main gun")

    def coax(self) -> dict | None:
        return next((w for w in self.card["weapons"].values() if w["kind"] == "coax_mg"), None)

    # ---- checks

    def spend(self, entry: str, ap: int) -> dict:
        """The turn log after spending `ap` AP on `entry`. Whether the AP are there is the
        turn contract's check when the action is applied (engine.costs.charge: refused
        with "… has 0 AP left", or applied with the override)."""
        return {**self.log, "ap": [*self.log["ap"], *([entry] * ap)]}

    def use_te(self, log: dict, where: str) -> dict:
        """Mark crew T&E as used this turn on `where` (aim, fire or hit_location)."""
        if self.log["te"] is not None:
            raise refuse(self.ctx, msg("crew T&E was already applied to {roll} this turn "
                                       "(01 §4.14-2: exactly one roll per turn)",
                                       roll=self.log["te"]))
        return {**log, "te": where}

    def cost(self, log: dict, *, uses_weapon: bool = False) -> Cost:
        """What the action costs the tank: the AP it adds to the turn's sequence, each
        named for what it went on ("move, fire, move", §4.12-1), and the once-per-turn
        uses it marks (crew T&E, hull and turret turns, coax use) — charged by the turn
        contract to the tank in the generic ledger."""
        new_ap = tuple(log["ap"][len(self.log["ap"]):])
        marks = {k: v for k, v in log.items() if k not in ("turn", "ap")
                 and v != self.log.get(k)}
        return Cost(ap=len(new_ap), ap_on=new_ap, marks=marks, uses_weapon=uses_weapon,
                    reason=f"01 §3.4, §4.12: {rn('turn.ap_per_turn')} AP a turn, spent in "
                           "sequence")

    def resolution(self, log: dict, steps, effects, summary, *,
                   uses_weapon: bool = False) -> Resolution:
        """The action's Resolution, priced by `log` (the cost it charges on apply)."""
        return self.ctx.resolution(steps, effects, summary,
                                   cost=self.cost(log, uses_weapon=uses_weapon))


def ledger_log(ctx: Context, unit: Unit, turn: int) -> dict:
    """This turn's tank log from the activation ledger: the AP sequence and the marks of
    the unit's entries. A game saved before the ledger still has its state["turn_log"]."""
    game = ctx.game
    if game is None or not ledger.has_entries(game, unit.id):
        return turn_log(unit.state, turn)
    return {**empty_turn_log(turn), **ledger.marks(game, unit.id),
            "ap": ledger.ap_sequence(game, unit.id)}


def need_target(ctx: Context) -> Unit:
    if ctx.target is None:
        raise SchemaError(f"{ctx.action.id}.target: required")
    return ctx.target


def fact_or(ctx: Context, name: str, default: Any) -> Any:
    v = ctx.facts.get(name)
    return default if v is None else v


__all__ += ["need_target", "fact_or", "FactMissing"]
