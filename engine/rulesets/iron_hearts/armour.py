"""A hit on an armoured vehicle (01 §4.15-3..5): hit location → penetration → damage.

Shared by everything that can hurt a vehicle — the main gun (tank_gunnery.TankFire), the
infantry's anti-tank weapons and rifle grenades (shooting.Shoot) and a grenade thrown at a
vehicle (infantry.Grenade): each hit is planned once (`plan_armour_hit`: the struck face,
the location reading, the penetration value, the damage bands), then rolled
(`roll_armour_hit`) or priced (`armour_hit_odds`) from that plan.

A natural 10 on a penetration roll that penetrates is maximum damage at that location
(seed L191), whatever the damage modifiers: the location's `max_damage` result of
hit_location.toml, else the damage table's worst (reading `penetration_ten` = maximum,
the default; `read_as_10` reads the damage d10 as 10 plus the modifiers instead).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from engine.dice import D3, D10, Bands, Comparison, DiceSource, Die, draw
from engine.i18n import join, msg, prefixed
from engine.model import AdjustState, Effect, SetMarker, SetState
from engine.odds import band_die
from engine.options import Modifier, Option
from engine.protocol import Context, Step, make_bands, roll_bands
from engine.scenario import Unit

from .tank_common import TankView
from .tank_data import HIT_LOCATION, VEHICLE_DAMAGE, armour_face

__all__ = ["ArmourHit", "location_for", "plan_armour_hit", "roll_armour_hit", "state_after",
           "armour_hit_odds", "damage_label", "DAMAGE_ORDER", "PENETRATION_TEN"]

LE, GT, GE = Comparison.LE, Comparison.GT, Comparison.GE

#: Worst first, as the odds list them after "miss" and "no penetration".
DAMAGE_ORDER: tuple[str, ...] = tuple(r["id"] for r in reversed(VEHICLE_DAMAGE["results"]))

PENETRATION_TEN = Option(
    "penetration_ten", "Natural 10 on a penetrating roll", "choice", "maximum",
    choices=("maximum", "read_as_10"), reason="§4.15-4, §5.7 (seed L191)",
    help="maximum: the location's maximum damage whatever the modifiers (the seed: «always "
         "means maximum damage»); read_as_10: the damage d10 is read as 10, modifiers added")


def location_for(face: int) -> dict:
    """The hit-location entry for an (adjusted) d10 face, kept within 1..10."""
    f = min(10, max(1, face))
    return next(e for e in HIT_LOCATION if e["low"] <= f <= e["high"])


def damage_label(result_id: str) -> str:
    return next(r["label"] for r in VEHICLE_DAMAGE["results"] if r["id"] == result_id)


def _record(result_id: str) -> dict:
    return next(r for r in VEHICLE_DAMAGE["results"] if r["id"] == result_id)


@dataclass
class ArmourHit:
    """One hit on a vehicle, planned: the face struck, the location reading (± crew T&E),
    the penetration value of a d10 face and its comparison, the damage bands."""

    target: Unit
    card: dict
    side: str
    te: int = 0
    adjust: str = "none"                    # none | up | down | best
    pen_mods: list[Modifier] = field(default_factory=list)
    pen_value: Callable[[int], int] = lambda f: f
    pen_cmp: Comparison = GT
    damage: Bands | None = None
    damage_mods: list[Modifier] = field(default_factory=list)
    ten: str = "maximum"

    def av(self, entry: dict) -> int:
        armour = self.card["armour"][armour_face(self.side)]
        return min(armour.values()) if entry["armour"] == "lowest" else armour[entry["armour"]]

    def choices(self, face: int) -> list[int]:
        if self.adjust == "none":
            return [face]
        if self.adjust == "up":
            return [face + self.te]
        if self.adjust == "down":
            return [face - self.te]
        return [face - self.te, face + self.te]

    def read_location(self, face: int) -> tuple[int, dict]:
        """(face used, entry): "best" takes the reading with the lowest AV (then the
        unadjusted direction order: down first)."""
        options = [(min(10, max(1, f)), location_for(f)) for f in self.choices(face)]
        return min(options, key=lambda fe: self.av(fe[1]))

    def penetrates(self, face: int, av: int) -> bool:
        return self.pen_cmp.holds(self.pen_value(face), av)

    def maximum(self, entry: dict) -> str:
        """The result of a penetrating natural 10 at `entry` under the reading in force."""
        assert self.damage is not None
        if self.ten == "read_as_10":
            return self.damage.classify((10,))
        return entry.get("max_damage") or VEHICLE_DAMAGE["results"][0]["id"]


def plan_armour_hit(ctx: Context, target: Unit, card: dict, side: str, *, penetration: int,
                    band: int = 1, damage_modifier: int = 0, table: Sequence[Sequence[int]] = (),
                    what: str = "gun penetration") -> ArmourHit:
    """The plan of one hit on `target` (its `card`) struck on `side`, by a weapon of
    armour piercing `penetration` (a tank gun's, or an infantry weapon's
    `armour_piercing`) at range band `band` (1 = no band penalty)."""
    hit = ArmourHit(target, card, side, ten=ctx.rule("penetration_ten"))
    if ctx.rule("penetration_model") == "card" and table:
        row = table[band - 1]
        hit.pen_value = lambda f: row[f - 1]
        hit.pen_mods = [Modifier(msg("card row band {n}", n=band), 0,
                                 "§4.A-18: penetration_table[band][d10]")]
    else:
        hit.pen_mods = [Modifier(what, penetration, "§8-8", True, "roll")]
        if band > 1:
            hit.pen_mods.append(Modifier(msg("range band {n}", n=band), -(band - 1),
                                         "§4.15: lowers armour piercing", False, "roll"))
        total = penetration - (band - 1)
        hit.pen_value = lambda f: f + total
    hit.pen_cmp = GE if ctx.rule("penetration_equal") == "penetrates" else GT
    prev = int(target.state.get("penetrations", 0))
    dm: list[Modifier] = []
    if prev:
        dm.append(Modifier(msg("{n} previous {n|penetration|penetrations|penetrations}", n=prev),
                           prev,
                           "§4.15-5: +1 each", False, "roll"))
    if damage_modifier:
        dm.append(Modifier("weapon DM", damage_modifier, "§3.2", False, "roll"))
    if card["damage_modifier_received"]:
        dm.append(Modifier("target DM", card["damage_modifier_received"], "§3.3", False,
                           "roll"))
    if card["screens"]:
        dm.append(Modifier("screens", -card["screens"], "§4.15-5", False, "roll"))
    dm += ctx.modifiers("damage")
    results = VEHICLE_DAMAGE["results"]
    hit.damage_mods = dm
    hit.damage = make_bands(D10, GE, [(r["min_total"], r["id"]) for r in results[:-1]],
                            results[-1]["id"], dm)
    return hit


def state_after(unit: Unit, effects: Sequence[Effect]) -> Unit:
    """`unit` as the effects of one hit leave it, so a second hit of the same volley reads
    the penetrations, crew and systems the first one left (+1 per earlier penetration)."""
    state = dict(unit.state)
    markers = dict(unit.markers)
    for e in effects:
        if isinstance(e, SetState) and e.unit == unit.id:
            state[e.key] = e.value
        elif isinstance(e, AdjustState) and e.unit == unit.id:
            state[e.key] = state.get(e.key, e.default) + e.delta
        elif isinstance(e, SetMarker) and e.unit == unit.id:
            markers[e.marker] = e.value
    return replace(unit, state=state, markers=markers)


def roll_armour_hit(ctx: Context, dice: DiceSource, hit: ArmourHit, steps: list[Step], *,
                    prefix: str = "", label: str = "") -> tuple[list[Effect], str]:
    """Roll location, penetration and (if through) damage, appending the steps; returns
    the effects on the target and a summary ("hit hull, penetrated: knocked out")."""
    loc_roll = draw(dice, D10, 1, label=prefixed(label, "Hit location"))
    face = loc_roll.faces[0]
    used, entry = hit.read_location(face)
    av = hit.av(entry)
    adj = "" if hit.adjust == "none" else \
        msg("crew T&E {te} applied ({how}): {face} → {used}", te=f"{hit.te:+d}",
            how=hit.adjust, face=face, used=used)
    steps.append(Step(f"{prefix}location", prefixed(label, "Hit location"), (loc_roll,),
                      results=(entry["location"],), totals=(used,) if used != face else (),
                      outcome=msg("{location} ({side}, AV {av})", location=entry,
                                  side=hit.side, av=av),
                      note=join("; ", filter(None, [adj, "PROPOSED table (§8-6)"]))))
    pen_roll = draw(dice, D10, 1, label=prefixed(label, "Penetration"))
    g = pen_roll.faces[0]
    value = hit.pen_value(g)
    through = hit.penetrates(g, av)
    ten = through and g == 10
    steps.append(Step(f"{prefix}penetration", prefixed(label, "Penetration"), (pen_roll,),
                      hit.pen_cmp, av, av,
                      msg("AV {location} ({face})", location=entry["location"],
                          face=armour_face(hit.side)),
                      tuple(hit.pen_mods), value - g,
                      ("penetrated" if through else "no penetration",), (value,),
                      outcome="penetrated" if through else "no penetration",
                      note=msg("natural 10 that penetrates: maximum damage (§4.15-4)")
                      if ten else "", highlight=("penetrated",)))
    if not through:
        return [], msg("hit {location}, no penetration", location=entry)
    assert hit.damage is not None
    if ten:
        result = hit.maximum(entry)
        if hit.ten == "read_as_10":
            total, mods, bonus = (10 + hit.damage.roll_bonus,), tuple(hit.damage_mods), \
                hit.damage.roll_bonus
            note = msg("maximum damage: the d10 counts as 10, not rolled (penetration_ten = "
                       "read_as_10)")
        else:
            total, mods, bonus = (), (), 0
            note = msg("maximum damage at the {location}, whatever the modifiers (seed L191; "
                       "PROPOSED: the location's max_damage, else the table's worst)",
                       location=entry)
        steps.append(Step(f"{prefix}damage", prefixed(label, "Damage"), (), GE, None, None, "",
                          mods,
                          bonus, (result,), total, hit.damage.thresholds,
                          hit.damage.otherwise, outcome=damage_label(result), note=note,
                          highlight=()))
    else:
        dmg = roll_bands(dice, hit.damage, id=f"{prefix}damage", label=prefixed(label, "Damage"),
                         modifiers=hit.damage_mods, note=msg("PROPOSED table (§8-7)"),
                         outcome=lambda c: damage_label(next(iter(c))))
        steps.append(dmg)
        result = dmg.results[0]
    effects = damage_effects(ctx, dice, hit.target, result, steps, prefix=prefix)
    return effects, msg("hit {location}, penetrated: {damage}", location=entry,
                        damage=damage_label(result))


def damage_effects(ctx: Context, dice: DiceSource, t: Unit, result: str, steps: list[Step],
                   *, prefix: str = "") -> list[Effect]:
    """The damage result on the vehicle: a penetration counted, crew hit at random among
    the able, a system (d3), knocked out or destroyed, shaken."""
    rec = _record(result)
    view = TankView.of(ctx, t)
    crew = {p: dict(e) for p, e in view.crew.items()}
    out: list[Effect] = [AdjustState(t.id, "penetrations", 1, default=0)]
    for kind, n in (("killed", rec["crew_killed"]), ("wounded", rec["crew_wounded"])):
        for _ in range(n):
            able = [p for p, e in crew.items() if e["status"] == "ok"]
            if not able:
                break
            r = draw(dice, Die(len(able)), 1, label=msg("Crew member {what}", what=kind))
            post = able[r.faces[0] - 1]
            crew[post]["status"] = kind
            steps.append(Step(f"{prefix}crew_{kind}", msg("Crew member {what}", what=kind), (r,),
                              results=(post,), outcome=msg("{post} {what}", post=post, what=kind),
                              note=msg("d{n} over the able crew: {crew}", n=len(able),
                                       crew=join(", ", able))))
    if rec["all_crew_killed"]:
        for e in crew.values():
            e["status"] = "killed"
    if crew != view.crew:
        out.append(SetState(t.id, "crew", crew))
    if rec["system"]:
        r = draw(dice, D3, 1, label="System damaged")
        system = VEHICLE_DAMAGE["systems"][r.faces[0] - 1]
        steps.append(Step(f"{prefix}system", "System damaged", (r,), results=(system["id"],),
                          outcome=system, note="PROPOSED d3 table (§8-7)"))
        systems = sorted({*t.state.get("systems", []), system["id"]})
        out.append(SetState(t.id, "systems", systems))
    if rec["knocked_out"]:
        out.append(SetState(t.id, "status",
                            "destroyed" if rec["all_crew_killed"] else "knocked_out"))
    if rec["shaken"]:
        out.append(SetMarker(t.id, "shaken", 1))
    return out


def armour_hit_odds(hit: ArmourHit) -> Counter:
    """Exact {"no penetration" | damage result id: probability} of one hit."""
    assert hit.damage is not None
    dmg = {lab: Fraction(q, 10) for lab, q in band_die(hit.damage).items()}
    tenth = Fraction(1, 10)
    probs: Counter = Counter()
    for face in range(1, 11):
        entry = hit.read_location(face)[1]
        av = hit.av(entry)
        for g in range(1, 11):
            w = tenth * tenth
            if not hit.penetrates(g, av):
                probs["no penetration"] += w
            elif g == 10:
                probs[hit.maximum(entry)] += w
            else:
                for lab, q in dmg.items():
                    probs[lab] += w * q
    return probs
