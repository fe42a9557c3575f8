"""The shooting actions: shoot (§4.4, snap fire §4.7-5) and detect a hidden shooter (§4.3).

Shoot plans each volley once (volley.py) and both rolls and prices it from that plan, so
the exact odds and the roll agree.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from engine.costs import Cost
from engine.dice import DiceSource, Die, Test, draw
from engine.i18n import join, msg
from engine.model import Effect, SetState
from engine.odds import (
    OutcomeDistribution,
    distribution,
    p_test,
    successes,
)
from engine.options import Modifier, Option, SchemaError
from engine.protocol import Context, Resolution, Role, Step, roll_test
from engine.scenario import Unit

from .armour import (
    DAMAGE_ORDER,
    ArmourHit,
    armour_hit_odds,
    plan_armour_hit,
    roll_armour_hit,
    state_after,
)
from .common import (
    IHAction,
    Refused,
    current_turn,
    rn,
    stat_test,
    suppression_effects,
    te_modifiers,
    weapon_of,
    wound_effects,
)
from .squad_cover import MEMBER_COVER, member_covers, open_first_order
from .tank_common import side_struck, vehicle_card
from .volley import (
    Volley,
    ordered_volley_die,
    plan_volley,
    range_zone,
    roll_hits,
    roll_wounds,
    suppression_sources,
    volley_marginals,
)

__all__ = ["Shoot", "Detect"]

#: the refusal of a second detection roll in a turn
DETECTED_ALREADY = "one detection roll per turn (§4.3-4): already rolled"


class Shoot(IHAction):
    """§4.4: RoF d10 per AP ≤ Accuracy; each hit a wound die against Damage − cover."""

    id = "shoot"
    label = "Shoot"
    doc = ("RoF × d10 per AP spent (1–3), hit on d10 ≤ Accuracy (beyond Range to 2R only "
           "a natural 1, further no shot); each hit a wound die: ≤ Damage − cover wounds, "
           "up to Damage suppresses. A squad target takes its hits at random (a die), "
           "each read against the cover of the man it falls on.")
    ap_cost = 1
    roles = (Role("actor", kind="unit"),
             Role("target", kind="unit", required=False, label="target (one man)"),
             Role("targets", kind="units", required=False, label="squad members"),
             Role("weapon", kind="weapon", required=False,
                  label="weapon (default: the first carried)"))
    facts = ("distance_m", "cover", MEMBER_COVER, "range_band", "los", "side_struck")
    steps = ("hit", "wound", "damage")
    options = (
        Option(
            "volleys", "AP spent shooting", "int", 1, minimum=1, maximum=3,
            reason="§4.4-2: 1 AP = one volley of the full RoF"),
        Option(
            "sniper", "Sniper rifle", "bool", False, modifier=2, steps=("hit",),
            reason="§4.17 bonus, value not given (§8-9)", proposed=True),
        Option(
            "squad", "Fire at the target's squad", "bool", False,
            reason="§4.4-7: hits fall at random among the squad (units sharing the "
                   "target's parent)"),
        Option(
            "moved", "Moved this turn", "bool", False,
            reason="weapons 'usable only by a stationary character' (§4.2-2)"),
    )

    def range_band(self, ctx: Context) -> str:
        """The range zone of the weapon used at the context's distance."""
        return range_zone(ctx, weapon_of(ctx, given=ctx.weapon)[1])

    def _members(self, ctx: Context) -> list[Unit]:
        members = list(ctx.targets)
        t = ctx.target
        if t is not None and ctx.option("squad") and not members and ctx.game is not None:
            members = [u for u in ctx.game.units
                       if u.side == t.side and (u.id == t.id or
                                                (t.parent is not None and u.parent == t.parent))]
        if t is not None and all(u.id != t.id for u in members):
            members.insert(0, t)
        if not members:
            raise SchemaError(msg("Choose a target (or the squad members fired at)"))
        return members

    def _card(self, ctx: Context, members: list[Unit], w: Mapping[str, Any]) -> dict | None:
        """The target's vehicle card when the shot is at a vehicle (§4.16): only a weapon
        with armour piercing (anti-tank weapons, rifle grenades) can hurt it."""
        cards = [vehicle_card(ctx, u) for u in members]
        if not any(c is not None for c in cards):
            return None
        if len(members) > 1:
            raise Refused(msg("targets: a vehicle is shot at on its own, not among squad "
                              "members"))
        if w.get("armour_piercing") is None:
            raise Refused(msg("target: {target} is an armoured vehicle and the {weapon} has "
                              "no armour piercing (§3.2): only anti-tank weapons and rifle "
                              "grenades can hurt it (§4.16)", target=members[0].label,
                              weapon=w["name"]))
        return cards[0]

    def _plan(self, ctx: Context
              ) -> tuple[Volley, list[Unit], Mapping[str, Any], int, dict | None]:
        members = self._members(ctx)
        _, w = weapon_of(ctx, given=ctx.weapon)
        card = self._card(ctx, members, w)
        if ctx.facts.los is False:
            raise Refused(msg("no line of sight: the target is hidden — roll Detect first "
                              "(§4.3)"), argument="facts.los")
        if w.get("stationary_only") and ctx.option("moved"):
            raise Refused(msg("{weapon} can be used only by a stationary character",
                              weapon=w["name"]))
        volleys = ctx.option("volleys")
        if w.get("single_shot"):
            if volleys > 1:
                raise Refused(msg("{weapon} can be fired only once", weapon=w["name"]))
            fired = (ctx.actor.state.get("single_shot_fired") or {}).get(
                ctx.weapon_id or w["name"])
            if fired is not None and fired == current_turn(ctx):
                raise Refused(msg("{weapon} was already fired this turn (§3.2: once a "
                                  "turn, PROPOSED)", weapon=w["name"]))
        zone = range_zone(ctx, w)
        if zone == "out":
            limit = "Range" if ctx.rule("range_zones") == "range_only" else "2 × Range"
            raise Refused(msg("target beyond {limit} of the {weapon} (Range {range} m): no "
                              "shot", limit=limit, weapon=w["name"],
                              range=f"{w['range_m']:g}"))
        rof = w["rate_of_fire"]
        n = rof if ctx.rule("rof_unit") == "per_turn" else rof * volleys
        note = (msg("RoF {rof} per turn", rof=rof) if ctx.rule("rof_unit") == "per_turn"
                else msg("{ap} AP × RoF {rof} = {n} dice", ap=volleys, rof=rof, n=n))
        covers = member_covers(ctx, members) if card is None else ()
        v = plan_volley(ctx, ctx.profile(), w, n=n, cover_level=ctx.fact("cover"),
                        zone=zone, hit_mods=ctx.modifiers("hit"),
                        wound_mods=ctx.modifiers("wound"), note=note, member_covers=covers)
        return v, members, w, volleys, card

    def _armour_hit(self, ctx: Context, target: Unit, card: dict, w: Mapping[str, Any]
                    ) -> ArmourHit:
        """One hit of the weapon on the vehicle: its armour piercing against the AV of the
        location struck (no tank-gun range bands: the weapon's own zones decided the hit)."""
        return plan_armour_hit(ctx, target, card, side_struck(ctx, card),
                               penetration=int(w["armour_piercing"]),
                               damage_modifier=int(w.get("damage_modifier", 0)),
                               what=msg("{weapon} armour piercing", weapon=w))

    def _resolve_vehicle(self, ctx: Context, dice: DiceSource, v: Volley, target: Unit,
                         card: dict, w: Mapping[str, Any], volleys: int) -> Resolution:
        hit = roll_hits(dice, v)
        steps: list[Step] = [hit]
        effects: list[Effect] = []
        notes = []
        k = hit.count("hit")
        for i in range(k):
            prefix, label = (f"hit{i + 1}-", msg("Hit {i}: ", i=i + 1)) if k > 1 else ("", "")
            more, note = roll_armour_hit(ctx, dice, self._armour_hit(ctx, target, card, w),
                                         steps, prefix=prefix, label=label)
            effects += more
            notes.append(note)
            target = state_after(target, more)
        effects += self._spent(ctx, w, volleys)
        summary = join("; ", notes) if notes else "miss"
        return ctx.resolution(steps, effects, summary)

    def cost_of(self, ctx: Context) -> Cost:
        """1 AP per volley (§4.4-2), or 1 AP whatever the volleys under rof_unit = per_turn
        (§4.A-9); the weapon is recorded in the ledger. Charged by the turn contract."""
        ap = 1 if ctx.rule("rof_unit") == "per_turn" else int(ctx.option("volleys"))
        return Cost(ap=ap, uses_weapon=True, reason="§4.4-2: 1 AP = one volley")

    def _spent(self, ctx: Context, w: Mapping[str, Any], volleys: int) -> list[Effect]:
        """A single-shot weapon marked fired this turn (its AP are the declared Cost)."""
        out: list[Effect] = []
        turn = current_turn(ctx)
        if w.get("single_shot") and turn is not None:
            fired = dict(ctx.actor.state.get("single_shot_fired") or {})
            fired[ctx.weapon_id or w["name"]] = turn
            out.append(SetState(ctx.actor.id, "single_shot_fired", fired))
        return out

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        v, members, w, volleys, card = self._plan(ctx)
        if card is not None:
            return self._resolve_vehicle(ctx, dice, v, members[0], card, w, volleys)
        hit = roll_hits(dice, v)
        steps = [hit]
        k = hit.count("hit")
        alloc = self._allocate(ctx, dice, v, members, k, steps)
        results = self._roll_wounds(dice, v, members, alloc, steps)
        effects, summary = self._effects(ctx, v, members, w, alloc, results)
        effects += self._spent(ctx, w, volleys)
        return ctx.resolution(steps, effects, summary)

    def _allocate(self, ctx: Context, dice: DiceSource, v: Volley, members: list[Unit],
                  k: int, steps: list[Step]) -> list[int]:
        """The member index each of the `k` hits falls on (§4.4-7): one d(men) per hit,
        or under hit_allocation = open_first the least covered men first, in turn."""
        if len(members) < 2 or not k:
            return [0] * k
        if ctx.rule("hit_allocation") == "open_first":
            order = open_first_order(v.covers)
            alloc = [order[j % len(order)] for j in range(k)]
            steps.append(Step("allocate", "Hit allocation", (),
                              results=tuple(members[i].id for i in alloc),
                              outcome=", ".join(f"{members[i].label}" for i in alloc),
                              note=msg("the shooter's choice: least cover first, one hit "
                                       "each in turn (hit_allocation = open_first, "
                                       "PROPOSED): {members}",
                                       members=", ".join(f"{members[i].label} (cover "
                                                         f"{v.covers[i]})" for i in order))))
            return alloc
        rec = draw(dice, Die(len(members)), k, label="Hit allocation")
        alloc = [f - 1 for f in rec.faces]
        steps.append(Step("allocate", "Hit allocation", (rec,),
                          results=tuple(members[i].id for i in alloc),
                          outcome=", ".join(f"{members[i].label}" for i in alloc),
                          note=msg("one d{sides} per hit: {members}", sides=len(members),
                                   members=", ".join(f"{j + 1} = {u.label}"
                                                     for j, u in enumerate(members)))))
        return alloc

    def _roll_wounds(self, dice: DiceSource, v: Volley, members: list[Unit],
                     alloc: list[int], steps: list[Step]) -> list[str]:
        """One wound die per hit against the cover of the man it fell on (§4.4-4): one
        step when those men share one cover (as for a single target), else one step per
        cover level, in the order the hits fell. Returns each hit's band, in hit order."""
        levels = [v.covers[a] for a in alloc] if v.covers else []
        kinds = list(dict.fromkeys(levels))
        if len(kinds) <= 1:
            wound = roll_wounds(dice, v.at_cover(kinds[0]) if kinds else v, len(alloc))
            steps.append(wound)
            return list(wound.results)
        results: list[str] = [""] * len(alloc)
        for lv in kinds:
            idx = [j for j, level in enumerate(levels) if level == lv]
            who = ", ".join(dict.fromkeys(members[alloc[j]].label for j in idx))
            step = roll_wounds(dice, v.at_cover(lv), len(idx), prefix=f"cover{lv}-",
                               label=msg("Cover {n} ({who}): ", n=lv, who=who))
            steps.append(step)
            for j, r in zip(idx, step.results, strict=True):
                results[j] = r
        return results

    def _effects(self, ctx: Context, v: Volley, members: list[Unit], w: Mapping[str, Any],
                 alloc: list[int], results: Sequence[str]) -> tuple[list[Effect], str]:
        from_hit, from_band = suppression_sources(ctx)
        effects: list[Effect] = []
        notes = []
        tot_w = tot_s = 0
        for i, u in enumerate(members):
            mine = [r for a, r in zip(alloc, results, strict=True) if a == i]
            if not mine:
                continue
            wounds = mine.count("wound")
            supp = len(mine) * from_hit + mine.count("suppression") * from_band
            e, _ = suppression_effects(ctx, u, supp, w.get("morale_modifier", 0))
            we, note = wound_effects(ctx, u, wounds)
            effects += e + we
            tot_w += wounds
            tot_s += supp
            if note:
                notes.append(note)
        summary = msg("{n} hits, {w} wounds, {s} suppression", n=len(alloc), w=tot_w, s=tot_s)
        if notes:
            summary = msg("{summary} — {notes}", summary=summary, notes=join("; ", notes))
        return effects, summary

    def _vehicle_odds(self, ctx: Context, v: Volley, target: Unit, card: dict,
                      w: Mapping[str, Any]) -> OutcomeDistribution:
        """Exact odds of the worst result over the volley's hits: each hit's damage reads
        +1 per earlier penetration, so the programme runs over (penetrations, worst)."""
        order = ["miss", "no penetration", *DAMAGE_ORDER]
        rank = {o: i for i, o in enumerate(order)}
        p = p_test(v.hit)
        prev = int(target.state.get("penetrations", 0))
        per_hit: dict[int, Counter] = {}
        states: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
        for _ in range(v.n):
            nxt: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
            for (pens, worst), q in states.items():
                nxt[(pens, worst)] += q * (1 - p)
                if pens not in per_hit:
                    now = replace(target, state={**target.state, "penetrations": prev + pens})
                    per_hit[pens] = armour_hit_odds(self._armour_hit(ctx, now, card, w))
                for lab, r in per_hit[pens].items():
                    key = (pens + (lab != "no penetration"), max(worst, rank[lab]))
                    nxt[key] += q * p * r
            states = nxt
        out: dict[str, Fraction] = defaultdict(Fraction)
        for (_, worst), q in states.items():
            out[order[worst]] += q
        return OutcomeDistribution("worst result", tuple((o, out[o]) for o in order), {
            "hits": distribution("hits", successes(v.n, v.hit), order=range(v.n + 1))})

    def odds(self, ctx: Context) -> OutcomeDistribution:
        v, members, w, _, card = self._plan(ctx)
        if card is not None:
            return self._vehicle_odds(ctx, v, members[0], card, w)
        if len(members) > 1 and ctx.rule("hit_allocation") == "open_first":
            order = [v.covers[i] for i in open_first_order(v.covers)]
            packed = ordered_volley_die(ctx, v, order)
            base = 2 * v.n + 1
            wounds, supp = packed.map(lambda o: o // base), packed.map(lambda o: o % base)
        else:
            wounds, supp = volley_marginals(ctx, v, v.covers)
        hits = successes(v.n, v.hit)
        return distribution("wounds", wounds, order=range(v.n + 1), parts={
            "hits": distribution("hits", hits, order=range(v.n + 1)),
            "suppression": distribution("suppression inflicted", supp,
                                        order=range(2 * v.n + 1))})


class Detect(IHAction):
    """§4.3: a free d10 ≤ 3 ± T&E, at most once per turn per character."""

    id = "detect"
    label = "Detect hidden shooter"
    kind = "test"
    doc = ("Free, once per turn: d10 ≤ 3 ± T&E spots a shooter whose direction is not "
           "obvious; against camouflage −1 per level, one roll for the whole squad (§4.17).")
    ap_cost = 0
    roles = (Role("actor", kind="unit"),
             Role("target", kind="unit", required=False, label="the hidden shooter"),
             Role("targets", kind="units", required=False, label="his squad"))
    steps = ("detect",)
    options = (
        Option("camouflage", "Camouflage level of the hidden unit", "int", 0, minimum=0,
               maximum=4, proposed=True,
               reason="§4.17, §8-18: woods and bushes camouflage; −1 per level (PROPOSED)"),
        Option("squad", "One roll for the target's whole squad", "bool", True,
               reason="§4.17: detection is rolled for the whole squad, not per man"),
    )

    def _test(self, ctx: Context) -> tuple[Test, list[Modifier], int]:
        base = rn("detection.base")
        mods = te_modifiers(ctx, ctx.profile().get("training_experience", 0))
        camo = ctx.option("camouflage")
        if camo:
            mods.append(Modifier(f"camouflage {camo}", -camo, "−1 per level (§8-18)",
                                 proposed=True))
        mods += ctx.modifiers("detect")
        return stat_test(ctx, base, mods), mods, base

    def _spotted(self, ctx: Context) -> list[Unit]:
        """Who the roll uncovers: the target, with his squad (units sharing his parent, or
        the targets given) when the squad is rolled for as one (§4.17)."""
        t = ctx.target
        members = list(ctx.targets)
        if t is not None and all(u.id != t.id for u in members):
            members.insert(0, t)
        if t is not None and ctx.option("squad") and not ctx.targets and ctx.game is not None \
                and t.parent is not None:
            members += [u for u in ctx.game.units if u.side == t.side and u.id != t.id
                        and u.parent == t.parent]
        return members

    def _used(self, ctx: Context) -> bool:
        turn = current_turn(ctx)
        return turn is not None and ctx.actor.state.get("detect_turn") == turn

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        if self._used(ctx):
            raise Refused(DETECTED_ALREADY)
        test, mods, base = self._test(ctx)
        step = roll_test(dice, test, id="detect", label="Detection roll", base=base,
                         base_label="Detection difficulty", modifiers=mods,
                         success="detected", failure="not detected")
        turn = current_turn(ctx)
        effects: list[Effect] = [SetState(ctx.actor.id, "detect_turn", turn)] \
            if turn is not None else []
        who = ctx.target.label if ctx.target else "the shooter"
        spotted = self._spotted(ctx)
        if step.count("detected"):
            effects += [SetState(u.id, "detected", {"by": ctx.actor.side, "turn": turn})
                        for u in spotted]
            if len(spotted) > 1:
                who = msg("{who} and {n} of his squad", who=who, n=len(spotted) - 1)
        text = msg("{who} detected: may be fired on", who=who) if step.count("detected") \
            else msg("{who} not detected", who=who)
        return ctx.resolution([step], effects, text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        if self._used(ctx):
            raise Refused(DETECTED_ALREADY)
        test, _, _ = self._test(ctx)
        return distribution("detection", successes(1, test).map(
            lambda k: "detected" if k else "not detected"), order=["detected", "not detected"])
