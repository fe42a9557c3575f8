"""The set-ups of the Iron Hearts worked examples (rules/01-iron-hearts.md §7): the units,
profiles and contexts the golden tests resolve with scripted dice and bench P4 times the
exact odds of. Both import them from here, so the bench does not depend on the test package.

Infantry (IH-1 … IH-5, IH-7, IH-8, IH-11): `game`, `ctx`, `DAMAGE8`. Tanks (IH-6, IH-9,
IH-10, IH-12): a Sherman and a Panzer IV on a 10 m/inch table — `make_game`, `ctx_of`,
`play`, `DUEL`, `gunner5`, in the tanks-only ruleset `TANKS`.
"""

from __future__ import annotations

import copy

from engine.costs import charge
from engine.dice import D10, ScriptedDice
from engine.model import Game, apply_change
from engine.protocol import CoverTerm, Facts, Resolution, Ruleset
from engine.rulesets.iron_hearts import RULESET as IH
from engine.rulesets.iron_hearts import readings, tanks
from engine.rulesets.iron_hearts.ruleset import turn_structure
from engine.rulesets.iron_hearts.tank_data import VEHICLES
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape

# --------------------------------------------------------------------------- infantry

#: Test profiles with the seed's own numbers where it gives them.
PROFILES = {
    "ninja": {"accuracy": 5, "melee": 6, "guts": 7, "hp": 1},                 # IH-1
    "sergeant": {"accuracy": 6, "melee": 6, "guts": 7, "hp": 1,              # IH-2
                 "training_experience": 2, "rank": "nco"},
    "gunner": {"accuracy": 5, "melee": 5, "guts": 7, "hp": 1, "weapons": ["mg42"]},
    "soldier": {"accuracy": 5, "melee": 6, "guts": 7, "hp": 1,               # IH-8 Guts 7
                "weapons": ["kar98k"], "has_grenades": True},
    "commander": {"accuracy": 6, "melee": 6, "guts": 9, "hp": 2,             # IH-8 Guts 9
                  "is_pc": True, "rank": "officer", "weapons": ["thompson"],
                  "has_grenades": True},
}


def game(*extra: tuple[str, str, str]) -> Game:
    """A game with an MG gunner, the three soldiers of IH-8 and their commander."""
    b = BaseShape.round(25)
    spec = [("mg", "axis", "gunner"), ("ninja", "axis", "ninja"),
            ("sarge", "allies", "sergeant"), ("cmd", "allies", "commander"),
            ("vova", "allies", "soldier"), ("tolik", "allies", "soldier"),
            ("zhora", "allies", "soldier"), *extra]
    units = [Unit(uid, side, prof, float(i), 0.0, b,
                  parent="cmd" if prof == "soldier" else None)
             for i, (uid, side, prof) in enumerate(spec)]
    return Game(Scenario("golden", "iron-hearts", Table(metres_per_inch=2.5), units=units,
                         profiles=PROFILES))


def ctx(g: Game, action: str, actor: str, target: str | None = None,
        targets: tuple[str, ...] = (), **kw):
    return IH.context(action, actor=g.unit(actor),
                      target=g.unit(target) if target else None,
                      targets=[g.unit(t) for t in targets], game=g, **kw)


DAMAGE8 = {"name": "Damage 8 illustration", "kind": "small_arm", "range_m": 100,
           "rate_of_fire": 10, "damage": 8, "morale_modifier": 0}


# --------------------------------------------------------------------------- tanks

# The tank actions in a ruleset of their own, so these tests do not depend on the infantry
# actions; the infantry readings are in it because tank fire at men applies the infantry
# side's suppression and wound effects (suppression_source, suppression_excess, mm_stacking)
# and reads `natural_1_10` (§4.A-23).
TANKS = Ruleset(
    id="iron-hearts-tanks-test", name="Iron Hearts (tanks only)", dice=(D10,),
    metres_per_inch=10, distance_unit="m",
    cover={i: CoverTerm(f"cover {i}", i, proposed=i == 4) for i in range(5)},
    actions=tuple(tanks.ACTIONS), options=(*tanks.OPTIONS, *readings.OPTIONS),
    profile_fields={"character": {}, **tanks.PROFILE_FIELDS},
    profiles={"rifleman": {"hp": 1}}, weapons=tanks.WEAPONS,
    turn_structure=turn_structure(),     # Iron Hearts' own: its costs are charged the same
)


def vets(te: int) -> dict:
    """A Sherman card whose crew all have T&E `te` (crew T&E = te)."""
    card = copy.deepcopy(VEHICLES["m4a1-sherman"])
    for m in card["crew"].values():
        m["training_experience"] = te
    return card


def make_game(sherman_state: dict | None = None, profile: str = "m4a1-sherman") -> Game:
    rect = BaseShape.rect(50, 100)
    units = [Unit("sherman", "allies", profile, 10, 10, rect, facing=90.0, turret=0.0,
                  state=sherman_state or {}),
             Unit("pz4", "axis", "pz4-h", 45, 10, rect, facing=0.0, turret=0.0),
             Unit("gren", "axis", "rifleman", 30, 20, BaseShape.round(25))]
    return Game(Scenario("duel", "iron-hearts", Table(metres_per_inch=10), units=units,
                         profiles={"vets_plus1": vets(1), "vets_minus1": vets(-1)}))


def ctx_of(game: Game, action: str, actor: str = "sherman", target: str | None = "pz4",
           facts: Facts | None = None, **kw):
    return TANKS.context(action, actor=game.unit(actor),
                         target=game.unit(target) if target else None,
                         facts=facts or Facts(), game=game, **kw)


def play(game: Game, action: str, dice, **kw) -> Resolution:
    """Resolve with scripted faces in the actor's side's turn, charge its cost (the turn
    contract, engine.costs.charge: AP and the ledger entry) and apply the change, as the
    app does. Returns the charged resolution (its change reverts the cost too)."""
    ctx = ctx_of(game, action, **kw)
    res = ctx.resolve(ScriptedDice(dice))
    game.active_side = ctx.actor.side
    res = charge(ctx, res)
    apply_change(game, res.change)
    return res


DUEL = Facts(distance_m=350.0, side_struck="left", in_arc=True, cover=0, los=True)


def gunner5(game: Game) -> None:
    """IH-10's Sherman: the vets_plus1 card with a gunner of Accuracy 5, all crew T&E 0."""
    card = copy.deepcopy(game.scenario.profiles["vets_plus1"])
    card["crew"]["gunner"]["accuracy"] = 5
    for m in card["crew"].values():
        m["training_experience"] = 0
    game.scenario.profiles["gunner5"] = card
    game.unit("sherman").profile = "gunner5"
