"""Melee (§4.6) and the assault that leads into it (§4.7).

Initiative is d10 ± T&E each (a suppressed fighter loses it outright); the faster rolls
3d10 ≤ Melee to hit, then a d10 per hit ≤ Melee (or the weapon's Damage, §4.A-13) to
wound; the other strikes back if still standing; a tie strikes simultaneously. Under
melee_exchanges = until_decided the exchanges repeat (initiative kept, PROPOSED) until one
side is down, capped at melee.max_exchanges. Odds are an exact dynamic programme over the
two fighters' hit points.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import icepool

from engine.costs import Cost
from engine.dice import D10, DiceSource, Test
from engine.i18n import Text, join, msg
from engine.model import Effect
from engine.odds import OutcomeDistribution, chain, successes
from engine.options import Modifier, Option
from engine.protocol import (
    Context,
    Resolution,
    Role,
    Step,
    info_step,
    roll_step,
    roll_test,
)
from engine.scenario import Unit
from engine.wording import distance

from .common import (
    IHAction,
    Refused,
    hp_of,
    penalty_modifier,
    rn,
    stat_test,
    suppression_effects,
    te_modifiers,
    weapon_of,
    wound_effects,
)
from .volley import plan_volley, range_zone, roll_volley, suppression_sources, volley_odds

__all__ = ["Fighter", "fighter", "MELEE_OUTCOMES", "melee_probabilities", "fight",
           "Melee", "Assault", "run_allowance"]

MELEE_OUTCOMES = ("defender down", "attacker down", "both down", "undecided")
ASSAULT_OUTCOMES = ("check failed", "stopped by snap fire") + MELEE_OUTCOMES


@dataclass(frozen=True, slots=True)
class Fighter:
    unit: Unit
    melee: int
    wound_value: int
    wound_label: str
    te: int
    suppressed: bool
    hp: int
    hit_mods: tuple[Modifier, ...] = ()
    wound_mods: tuple[Modifier, ...] = ()

    @property
    def label(self) -> str:
        return self.unit.label

    def hit_test(self, ctx: Context) -> Test:
        return stat_test(ctx, self.melee, self.hit_mods)

    def wound_test(self, ctx: Context) -> Test:
        return stat_test(ctx, self.wound_value, self.wound_mods)


def fighter(ctx: Context, unit: Unit, weapon: Mapping[str, Any] | None, *,
            attacker: bool) -> Fighter:
    """A fighter from a unit: Melee, the wound value per §4.A-13, T&E, suppression, HP."""
    p = ctx.profile(unit)
    if ctx.rule("melee_wound_vs") == "weapon_damage":
        _, w = weapon_of(ctx, unit, given=weapon)
        wound, wl = w["damage"], msg("Damage ({weapon})", weapon=w["name"])
    else:
        wound, wl = p["melee"], "Melee"
    return Fighter(unit, p["melee"], wound, wl, p.get("training_experience", 0),
                   bool(unit.markers.get("suppression", 0)), hp_of(ctx, unit),
                   tuple(ctx.modifiers("hit")) if attacker else (),
                   tuple(ctx.modifiers("wound")) if attacker else ())


# --------------------------------------------------------------------------- odds


def _strike_weights(ctx: Context, f: Fighter) -> tuple[dict[int, int], int]:
    """Wounds one strike deals: integer weights over a denominator (3d10 to hit, a d10
    per hit to wound)."""
    n = rn("melee.attack_dice")
    wounds = chain(successes(n, f.hit_test(ctx)),
                   lambda k: successes(k, f.wound_test(ctx)))
    return {int(w): q for w, q in wounds.items()}, wounds.denominator()


def _initiative_probs(ctx: Context, a: Fighter, d: Fighter) -> dict[str, Fraction]:
    if a.suppressed != d.suppressed:
        return {"defender": Fraction(1)} if a.suppressed else {"attacker": Fraction(1)}
    diff = (icepool.d10 + a.te) - (icepool.d10 + d.te)
    den = diff.denominator()
    pa = Fraction(sum(q for o, q in diff.items() if o > 0), den)
    pd = Fraction(sum(q for o, q in diff.items() if o < 0), den)
    pt = 1 - pa - pd
    if ctx.rule("melee_tie") == "reroll":
        return {"attacker": pa / (pa + pd), "defender": pd / (pa + pd)}
    return {k: v for k, v in (("attacker", pa), ("defender", pd), ("simultaneous", pt)) if v}


def _max_exchanges(ctx: Context) -> int:
    return 1 if ctx.rule("melee_exchanges") == "one" else rn("melee.max_exchanges")


def _classify(ha: int, hd: int) -> str:
    if ha <= 0 and hd <= 0:
        return "both down"
    if hd <= 0:
        return "defender down"
    if ha <= 0:
        return "attacker down"
    return "undecided"


def melee_probabilities(ctx: Context, a: Fighter, d: Fighter) -> dict[str, Fraction]:
    """Exact probabilities of MELEE_OUTCOMES: a dynamic programme over both fighters' HP.

    Weights stay integers: every exchange's outcomes are over the same denominator (the
    two strikes' denominators multiplied), so the programme multiplies and adds ints and
    makes one Fraction per outcome at the end."""
    hpw = rn("wounds.hp_per_wound")
    (wa, da), (wd, dd) = _strike_weights(ctx, a), _strike_weights(ctx, d)
    den = da * dd
    out: dict[str, Fraction] = defaultdict(Fraction)
    for order, p_order in _initiative_probs(ctx, a, d).items():
        states: dict[tuple[int, int], int] = {(a.hp, d.hp): 1}
        scale = 1
        steps: dict[tuple[int, int], dict[tuple[int, int], int]] = {}
        for _ in range(_max_exchanges(ctx)):
            nxt: dict[tuple[int, int], int] = defaultdict(int)
            for (ha, hd), w in states.items():
                if ha <= 0 or hd <= 0:
                    nxt[(ha, hd)] += w * den
                    continue
                step = steps.get((ha, hd))
                if step is None:
                    step = steps[(ha, hd)] = _exchange(order, ha, hd, (wa, da), (wd, dd), hpw)
                for key, q in step.items():
                    nxt[key] += w * q
            states, scale = nxt, scale * den
        for (ha, hd), w in states.items():
            out[_classify(ha, hd)] += p_order * Fraction(w, scale)
    return {k: out.get(k, Fraction(0)) for k in MELEE_OUTCOMES}


def _exchange(order: str, ha: int, hd: int, a: tuple[dict[int, int], int],
              d: tuple[dict[int, int], int], hpw: int) -> dict[tuple[int, int], int]:
    """HP after one exchange from (ha, hd), as integer weights over the product of the
    two strikes' denominators (a strike not made — its striker is down — counts whole)."""
    res: dict[tuple[int, int], int] = defaultdict(int)
    (wa, _), (wd, _) = a, d
    if order == "simultaneous":
        for x, p in wa.items():
            for y, q in wd.items():
                res[(max(0, ha - y * hpw), max(0, hd - x * hpw))] += p * q
        return res
    (first, _), (second, d_second) = (a, d) if order == "attacker" else (d, a)
    hf, hs = (ha, hd) if order == "attacker" else (hd, ha)
    for x, p in first.items():
        hs2 = max(0, hs - x * hpw)
        pairs = [((hf, 0), p * d_second)] if hs2 == 0 else \
            [((max(0, hf - y * hpw), hs2), p * q) for y, q in second.items()]
        for (f2, s2), r in pairs:
            res[(f2, s2) if order == "attacker" else (s2, f2)] += r
    return res


# --------------------------------------------------------------------------- rolling


def _initiative(ctx: Context, dice: DiceSource, a: Fighter, d: Fighter
                ) -> tuple[list[Step], str]:
    if a.suppressed != d.suppressed:
        loser, order = (a, "defender") if a.suppressed else (d, "attacker")
        return [info_step("initiative", "Initiative", msg(
            "{unit} is suppressed: loses the initiative (§4.6-1)", unit=loser.label))], order
    steps: list[Step] = []
    while True:
        rolls = []
        for f, tag in ((a, "a"), (d, "d")):
            mods = [Modifier("T&E", f.te, "added to the initiative roll (§4.6-1)",
                             to="roll")] if f.te else []
            rolls.append(roll_step(dice, D10, id=f"initiative-{tag}",
                                   label=msg("Initiative ({unit})", unit=f.label),
                                   modifiers=mods))
        ta, td = rolls[0].totals[0], rolls[1].totals[0]
        if ta == td and ctx.rule("melee_tie") == "reroll":
            steps += [r.with_outcome(msg("{total}: tie, roll again", total=r.totals[0]))
                      for r in rolls]
            continue
        order = "attacker" if ta > td else "defender" if td > ta else "simultaneous"
        text = {"attacker": msg("{unit} strikes first", unit=a.label),
                "defender": msg("{unit} strikes first", unit=d.label),
                "simultaneous": "tie: both strike at once (§4.6-1)"}[order]
        steps += [rolls[0].with_outcome(msg("{a} vs {d}", a=ta, d=td)),
                  rolls[1].with_outcome(text)]
        return steps, order


def _strike(ctx: Context, dice: DiceSource, s: Fighter, e: int, tag: str
            ) -> tuple[list[Step], int]:
    n = rn("melee.attack_dice")
    hit = roll_test(dice, s.hit_test(ctx), id=f"hit-{e}-{tag}",
                    label=msg("Exchange {e}: {unit} strikes", e=e, unit=s.label), n=n,
                    base=s.melee,
                    base_label="Melee", modifiers=s.hit_mods, success="hit", failure="miss")
    k = hit.count("hit")
    if not k:
        return [hit], 0
    wound = roll_test(dice, s.wound_test(ctx), id=f"wound-{e}-{tag}",
                      label=msg("Exchange {e}: {unit} wounds", e=e, unit=s.label), n=k,
                      base=s.wound_value,
                      base_label=s.wound_label, modifiers=s.wound_mods, success="wound",
                      failure="no wound")
    return [hit, wound], wound.count("wound")


def fight(ctx: Context, dice: DiceSource, a: Fighter, d: Fighter
          ) -> tuple[list[Step], int, int, str]:
    """Roll a melee: steps, wounds dealt to the attacker and to the defender, outcome."""
    hpw = rn("wounds.hp_per_wound")
    steps, order = _initiative(ctx, dice, a, d)
    ha, hd, to_a, to_d = a.hp, d.hp, 0, 0
    e = 0
    while ha > 0 and hd > 0 and e < _max_exchanges(ctx):
        e += 1
        if order == "simultaneous":
            s1, w1 = _strike(ctx, dice, a, e, "a")
            s2, w2 = _strike(ctx, dice, d, e, "d")
            steps += s1 + s2
            to_d, to_a = to_d + w1, to_a + w2
            hd, ha = max(0, hd - w1 * hpw), max(0, ha - w2 * hpw)
            continue
        first, second = (a, d) if order == "attacker" else (d, a)
        s1, w1 = _strike(ctx, dice, first, e, "a" if first is a else "d")
        steps += s1
        if first is a:
            to_d, hd = to_d + w1, max(0, hd - w1 * hpw)
        else:
            to_a, ha = to_a + w1, max(0, ha - w1 * hpw)
        if ha > 0 and hd > 0:
            s2, w2 = _strike(ctx, dice, second, e, "d" if first is a else "a")
            steps += s2
            if second is a:
                to_d, hd = to_d + w2, max(0, hd - w2 * hpw)
            else:
                to_a, ha = to_a + w2, max(0, ha - w2 * hpw)
    outcome = _classify(ha, hd)
    steps.append(info_step("melee", "Melee result", outcome,
                           note=msg("{n} {n|exchange|exchanges|exchanges}", n=e)))
    return steps, to_a, to_d, outcome


def _wounds(ctx: Context, a: Fighter, d: Fighter, to_a: int, to_d: int
            ) -> tuple[list[Effect], list[str]]:
    effects: list[Effect] = []
    notes = []
    for f, w in ((a, to_a), (d, to_d)):
        e, note = wound_effects(ctx, f.unit, w, hp_before=hp_of(ctx, f.unit))
        effects += e
        if note:
            notes.append(note)
    return effects, notes


class Melee(IHAction):
    """§4.6: initiative, 3d10 ≤ Melee to hit, d10 ≤ Melee per hit to wound."""

    id = "melee"
    label = "Melee"
    doc = ("Initiative d10 ± T&E (suppressed loses); the faster strikes 3d10 ≤ Melee, each "
           "hit d10 ≤ Melee wounds; the other strikes back if standing; ties simultaneous.")
    ap_cost = 0
    roles = (Role("actor", kind="unit", label="attacker"),
             Role("target", kind="unit", label="defender"),
             Role("weapon", kind="weapon", required=False,
                  label="attacker's weapon (weapon_damage)"))
    facts = ("distance_m",)
    steps = ("hit", "wound")
    options = (Option("closing_ap", "AP spent closing in", "int", 0, minimum=0, maximum=3,
                      reason="§4.2-2: melee is free unless the attacker closes in"),)

    def _fighters(self, ctx: Context) -> tuple[Fighter, Fighter]:
        melee_target_check(ctx)
        d = ctx.facts.distance_m     # None: no board to measure on, contact as declared
        ap = ctx.option("closing_ap")
        if d is not None and d > rn("melee.contact_m") and run_allowance(ctx, ap) < d:
            need = next((k for k in range(ap + 1, 4) if run_allowance(ctx, k) >= d), None)
            how = (msg("close in first: closing_ap = {ap} ({metres} m)", ap=need,
                       metres=f"{run_allowance(ctx, need):g}") if need else
                   msg("out of reach: 3 AP run {metres} m",
                       metres=f"{run_allowance(ctx, 3):g}"))
            raise Refused(msg("target: {unit} is {distance} m away, not in base contact (≤ "
                              "{contact} m, PROPOSED); {how} (§4.2-2)",
                              unit=ctx.target.label, distance=distance(d),
                              contact=f"{rn('melee.contact_m'):g}", how=how))
        return (fighter(ctx, ctx.actor, ctx.weapon, attacker=True),
                fighter(ctx, ctx.target, None, attacker=False))

    def cost_of(self, ctx: Context) -> Cost:
        """Free, but for the AP spent closing in (§4.2-2): charged by the turn contract."""
        return Cost(ap=int(ctx.option("closing_ap")),
                    reason="§4.2-2: melee is free unless the attacker closes in")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        a, d = self._fighters(ctx)
        steps, to_a, to_d, outcome = fight(ctx, dice, a, d)
        effects, notes = _wounds(ctx, a, d, to_a, to_d)
        return ctx.resolution(steps, effects, _summary(outcome, to_d, to_a, notes))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        a, d = self._fighters(ctx)
        probs = melee_probabilities(ctx, a, d)
        return OutcomeDistribution("melee", tuple(probs.items()))


def _summary(outcome: str, dealt: int, taken: int, notes: list) -> Text:
    """"won: 2 wounds dealt, 1 taken; …" — the line a melee or an assault ends with."""
    said = msg("{outcome}: {dealt} wounds dealt, {taken} taken", outcome=outcome,
               dealt=dealt, taken=taken)
    return msg("{said}; {notes}", said=said, notes=join("; ", notes)) if notes else said


def melee_target_check(ctx: Context) -> None:
    """Melee and assault are between characters (§4.6, §4.7): a vehicle is fought with
    anti-tank weapons or grenades."""
    from .tank_common import vehicle_card

    t = ctx.target
    if t is None:
        from engine.options import SchemaError
        raise SchemaError(f"{ctx.action.id}.target: required")
    if vehicle_card(ctx, t) is not None:
        raise Refused(msg("target: {unit} is a vehicle — melee and assault are between "
                          "characters (§4.6, §4.7); use an anti-tank weapon or a grenade",
                          unit=t.label))
    if t.id == ctx.actor.id:
        raise Refused(msg("target: the attacker himself"))


def run_allowance(ctx: Context, ap: int) -> float:
    """Metres a character may run with `ap` AP of movement (§4.2-2, §4.A-8)."""
    if ap <= 0:
        return 0.0
    if ap == 1:
        return float(rn("movement.metres_per_ap"))
    if ap == 2:
        return float(rn("movement.two_ap_m"))
    if ctx.rule("sprint") == "45m":
        return 3 * float(rn("movement.metres_per_ap"))
    return float(rn("movement.sprint_m"))


#: Why the assault's AP follow its check (the turn contract charges them).
ASSAULT_AP = "§4.7: the run's AP are spent only if the assault check passes"


class Assault(IHAction):
    """§4.7: assault check, the run, the defender's snap fire, then melee."""

    id = "assault"
    label = "Assault"
    doc = ("Assault check d10 ≤ Guts + T&E + grenade bonus − fortification (PROPOSED "
           "target); then the run, the defender's snap fire (Accuracy 2, ½ Range, one "
           "volley) and melee if the assaulter still stands.")
    roles = (Role("actor", kind="unit", label="assaulter"),
             Role("target", kind="unit", label="defender"),
             Role("weapon", kind="weapon", required=False, label="defender's weapon for snap fire"))
    facts = ("distance_m", "los")
    steps = ("assault", "hit", "wound")
    options = (
        Option("grenade", "Grenade thrown first", "choice", "none",
               choices=("none", "hit", "miss"),
               reason="§4.7-2: throw it with the Grenade action (1 AP); a hit gives the "
                      "assault bonus"),
        Option("fortification", "Fortification level of the defender", "int", 0,
               minimum=0, maximum=4, reason="§4.7-3: values in a missing post",
               proposed=True),
    )

    def _run(self, ctx: Context, d: float) -> tuple[int, int | None]:
        """(AP the assaulter has, AP of the shortest run that reaches `d` or None)."""
        have = ctx.actor.state.get("ap_left")
        ap = int(have) if have is not None else \
            rn("turn.ap_per_turn") - (1 if ctx.option("grenade") != "none" else 0)
        return ap, next((k for k in range(1, ap + 1) if run_allowance(ctx, k) >= d), None)

    def cost_of(self, ctx: Context) -> Cost:
        """The run's AP, spent only if the assault check passes (§4.7): the resolution
        prices it (`Resolution.cost`); this is what the panel shows before the roll."""
        d = ctx.facts.distance_m
        run_ap = self._run(ctx, d)[1] if d is not None else None
        if run_ap is None:
            return Cost(outcome=msg("the run's AP, only if the assault check passes"),
                        reason=ASSAULT_AP)
        return Cost(ap=run_ap, outcome=msg("only if the assault check passes"), reason=ASSAULT_AP)

    def _plan(self, ctx: Context):
        melee_target_check(ctx)
        if ctx.facts.los is False:
            raise Refused(msg("the assaulter must see the target (§4.7-1)"))
        d = ctx.fact("distance_m")
        ap, run_ap = self._run(ctx, d)
        if run_ap is None:
            raise Refused(msg("cannot reach: {distance} m, and {ap} AP run at most {metres} m",
                              distance=distance(d), ap=ap,
                              metres=f"{run_allowance(ctx, ap):g}"))
        p = ctx.profile()
        which = ctx.rule("assault_check")
        base, label = {"guts": (p["guts"], "Guts"), "melee": (p["melee"], "Melee"),
                       "five": (rn("assault.five_base"), "base 5")}[which]
        mods = te_modifiers(ctx, p.get("training_experience", 0))
        if which == "guts":
            mods += penalty_modifier(ctx, ctx.actor)
        if ctx.option("grenade") == "hit":
            mods.append(Modifier("grenade hit", rn("assault.grenade_bonus"),
                                 "a successful grenade helps the assault (§4.7-2)",
                                 proposed=True))
        fort = ctx.option("fortification")
        if fort:
            mods.append(Modifier(msg("fortification {level}", level=fort),
                                 -fort * rn("assault.fortification_per_level"),
                                 "level of fortification (§4.7-3)", proposed=True))
        mods += ctx.modifiers("assault")
        check = stat_test(ctx, base, mods)
        if ctx.weapon is None and not ctx.profile(ctx.target).get("weapons"):
            return d, run_ap, (check, base, label, mods), {"name": "no weapon"}, None
        _, w = weapon_of(ctx, ctx.target, given=ctx.weapon)
        zone = range_zone(ctx, w, snap=True)
        volley = None if zone == "out" else plan_volley(
            ctx, ctx.profile(ctx.target), w, n=w["rate_of_fire"], cover_level=0, zone=zone,
            snap=True, note=msg("one action: RoF {rof}; the running assaulter has no cover "
                                "(PROPOSED)", rof=w["rate_of_fire"]))
        return d, run_ap, (check, base, label, mods), w, volley

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        dist, run_ap, (check, base, label, mods), w, volley = self._plan(ctx)
        c = roll_test(dice, check, id="assault", label="Assault check", base=base,
                      base_label=label, modifiers=mods, success="pass", failure="fail",
                      note="target number not given by the seed: PROPOSED (§4.A-16)")
        if not c.count("pass"):
            return ctx.resolution([c], [], "assault check failed: no charge (PROPOSED)",
                                  cost=Cost(reason=ASSAULT_AP))
        steps = [c, info_step("run", "Charge", msg("runs {distance} m ({ap} AP)",
                                                   distance=distance(dist), ap=run_ap))]
        effects: list[Effect] = []
        paid = Cost(ap=run_ap, reason=ASSAULT_AP)
        a = fighter(ctx, ctx.actor, None, attacker=True)
        d = fighter(ctx, ctx.target, None, attacker=False)
        snap_w, supp_added = 0, 0
        if volley is None:
            why = msg("has no weapon") if w["name"] == "no weapon" else \
                msg("beyond ½ Range of the {weapon}", weapon=w["name"])
            steps.append(info_step("snap-fire", "Snap fire", msg(
                "{unit} cannot snap fire: {why}", unit=d.label, why=why)))
        else:
            hit, wound = roll_volley(dice, volley, prefix="snap-", label="Snap fire: ")
            steps += [hit, wound]
            snap_w = wound.count("wound")
            from_hit, from_band = suppression_sources(ctx)
            supp = hit.count("hit") * from_hit + wound.count("suppression") * from_band
            e, supp_added = suppression_effects(ctx, ctx.actor, supp,
                                                w.get("morale_modifier", 0))
            effects += e
            a = replace(a, suppressed=a.suppressed or supp > 0)
        hpw = rn("wounds.hp_per_wound")
        if a.hp - snap_w * hpw <= 0:
            we, notes = _wounds(ctx, a, d, snap_w, 0)
            return ctx.resolution(steps, effects + we,
                                  msg("stopped by snap fire; {notes}", notes=join("; ", notes)),
                                  cost=paid)
        a = replace(a, hp=a.hp - snap_w * hpw)
        mstep, to_a, to_d, outcome = fight(ctx, dice, a, d)
        steps += mstep
        we, notes = _wounds(ctx, a, d, snap_w + to_a, to_d)
        return ctx.resolution(steps, effects + we,
                              _summary(outcome, to_d, snap_w + to_a, notes), cost=paid)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        _, _, (check, *_r), _, volley = self._plan(ctx)
        from engine.odds import p_test

        p_check = p_test(check)
        out: dict[str, Fraction] = {k: Fraction(0) for k in ASSAULT_OUTCOMES}
        out["check failed"] = 1 - p_check
        a = fighter(ctx, ctx.actor, None, attacker=True)
        d = fighter(ctx, ctx.target, None, attacker=False)
        hpw = rn("wounds.hp_per_wound")
        snap = {(0, 0): Fraction(1)} if volley is None else volley_odds(ctx, volley)
        # the melee that follows depends only on the assaulter's HP left and whether he
        # is suppressed: price each such state once
        after: dict[tuple[int, bool], Fraction] = defaultdict(Fraction)
        for (w, s), q in snap.items():
            if a.hp - w * hpw <= 0:
                out["stopped by snap fire"] += p_check * q
            else:
                after[(a.hp - w * hpw, a.suppressed or s > 0)] += q
        for (hp, suppressed), q in after.items():
            a2 = replace(a, hp=hp, suppressed=suppressed)
            for k, r in melee_probabilities(ctx, a2, d).items():
                out[k] += p_check * q * r
        return OutcomeDistribution("assault", tuple(out.items()))

