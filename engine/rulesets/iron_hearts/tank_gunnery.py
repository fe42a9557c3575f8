"""Iron Hearts tank gunnery (01 §4.12, §4.15): commander's search, aim, and fire with its
chain hit location → penetration → damage.

Each action builds a plan once (the tests, the location reading, the penetration values,
the damage bands) and both `resolve` and `odds` read the same plan, so the exact odds are
the odds of the very rolls the resolution makes.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction

from engine.dice import D10, Bands, Comparison, Test
from engine.i18n import join, msg
from engine.model import Effect, SetMarker, SetState
from engine.odds import OutcomeDistribution, band_die, p_test
from engine.options import Modifier, Option
from engine.protocol import (
    Action,
    Context,
    Resolution,
    Role,
    Step,
    info_step,
    make_test,
    roll_bands,
    roll_test,
)
from engine.scenario import Unit
from engine.wording import distance

from .armour import (
    DAMAGE_ORDER,
    ArmourHit,
    armour_hit_odds,
    location_for,
    plan_armour_hit,
    roll_armour_hit,
)
from .audience import ForVehicles
from .common import own_weapon, suppression_effects, wound_effects
from .tank_common import (
    TankView,
    fact_or,
    metres_per_inch,
    modifier,
    need_target,
    refuse,
    side_struck,
    tank_band,
    vehicle_card,
)
from .tank_data import MODIFIERS
from .tank_rules import AIM_BREAK_M, aim_holds, failed_aim_bonus, speed_category
from .volley import suppression_sources

__all__ = ["TankSearch", "TankAim", "TankFire", "aim_check", "location_for",
           "personnel_effects"]

LE = Comparison.LE
SIZE = Option("target_size", "Target size", "choice", "auto",
              choices=("auto", "small", "normal", "large"), reason="§5.4, §5.6",
              help="auto: the target card's size (infantry: normal)")
COAX = Option("coax_ranging", "Coax MG ranging (+1)", "bool", False, reason="§4.12-3")
VISIBILITY = Option("visibility", "Weather / time of day", "choice", "clear",
                    choices=("clear", "poor", "night"), reason="§3.3, §5.6 (values PROPOSED)",
                    help="poor −1, night −2 to Aim and Fire; a card with advanced_optics "
                         "takes 1 off the penalty")


def _visibility_mods(ctx: Context, view: TankView) -> list[Modifier]:
    """The weather / time-of-day penalty, eased by advanced optics (§3.3 features)."""
    seen = ctx.option("visibility")
    if seen == "clear":
        return []
    mods = [modifier("poor_visibility" if seen == "poor" else "night", seen)]
    if "advanced_optics" in view.card.get("features", ()):
        penalty = -mods[0].value
        mods.append(modifier("advanced_optics", "advanced optics",
                             min(penalty, MODIFIERS["advanced_optics"]["value"])))
    return mods


def _run(view: TankView) -> int:
    """Move AP that set the tank's speed now (01 §4.A-29, option speed_categories)."""
    if view.ctx.rule("speed_categories") == "turn_total":
        return view.log["ap"].count("move")
    return view.run


def _size_mods(ctx: Context, target: Unit) -> list[Modifier]:
    size = ctx.option("target_size")
    if size == "auto":
        card = vehicle_card(ctx, target)
        size = card["size"] if card else "normal"
    if size == "small":
        return [modifier("small_target", "small target")]
    if size == "large":
        return [modifier("large_target", "large target")]
    return []


def _coax_mods(ctx: Context, view: TankView, distance_m: float) -> list[Modifier]:
    """+1 coax ranging, or a refusal naming the unmet condition (01 §4.12-3)."""
    if not ctx.option("coax_ranging"):
        return []
    coax = view.coax()
    if coax is None:
        raise refuse(ctx, msg("{vehicle} has no coaxial MG to range with",
                              vehicle=view.unit.profile))
    if view.log.get("coax") == "engaged":
        raise refuse(ctx, msg("the coax MG engaged targets this turn: no ranging"))
    if "gunner" in view.missing:
        raise refuse(ctx, msg("coax ranging needs someone at the gunner's post"))
    run = _run(view)
    if run > 1:
        raise refuse(ctx, msg("coax ranging needs the tank stationary or slow; it is at "
                              "{speed} speed ({ap} Move AP)", speed=speed_category(run),
                              ap=run))
    if distance_m > coax["range_m"]:
        raise refuse(ctx, msg("coax ranging needs the target within the coax MG's range "
                              "({distance} m > {range:g} m)", distance=distance(distance_m),
                              range=coax["range_m"]))
    return [modifier("coax_ranging", "coax MG ranging")]


def _gunner(ctx: Context, view: TankView) -> tuple[dict, bool]:
    """(who aims and fires, whether Fire bonuses are lost) — 01 §4.14-3."""
    member = view.at("gunner")
    if member is not None:
        substitute = member["post"] != "gunner"
        return member, substitute and ctx.rule("gunner_substitute_penalty")
    for post in ("commander", "loader", "co_driver", "driver"):
        m = view.at(post)
        if m is not None:
            return m, True
    raise refuse(ctx, "nobody able is aboard to fire")


def _gun_band(ctx: Context) -> int | None:
    """Main-gun range band 1–5 at the context's distance (None beyond 5 × Range)."""
    return tank_band(ctx, TankView.of(ctx).main_gun[1]["range_m"])


def personnel_effects(ctx: Context, target: Unit, hits: int, results: tuple[str, ...],
                      mm: int) -> tuple[list[Effect], str]:
    """What a tank weapon's hits do to a man: the infantry side's own effects (§4.4-4,
    §4.5, §4.10) — suppression per the suppression_source reading, capped at 3 with the
    weapon's MM penalty recorded, and wounds that take HP and set the casualty state (an
    NPC at 0 HP awaits the death roll). `results` are the wound dice's bands."""
    from_hit, from_band = suppression_sources(ctx)
    supp = hits * from_hit + sum(r == "suppression" for r in results) * from_band
    effects, _ = suppression_effects(ctx, target, supp, mm)
    hurt, note = wound_effects(ctx, target, sum(r == "wound" for r in results))
    return effects + hurt, note


# --------------------------------------------------------------------------- aim check


def aim_check(ctx: Context, view: TankView, target: Unit) -> tuple[bool, str]:
    """Whether the tank's kept aim at `target` still holds, from the board's facts."""
    aim = view.state("aim")
    if not aim or aim.get("target") != target.id:
        return False, "no aim at this target"
    if ctx.rule("aim_break_measure") == "path":
        moved = ctx.fact("target_path_m")
    else:
        moved = ctx.facts.get("target_moved_m")
        if moved is None:
            moved = math.hypot(target.x - aim["x"], target.y - aim["y"]) * metres_per_inch(ctx)
    return aim_holds(float(moved), int(aim.get("cover", 0)), int(fact_or(ctx, "cover", 0)),
                     bool(fact_or(ctx, "in_arc", True)), AIM_BREAK_M)


def crew_te_notes(ctx: Context) -> tuple[str, ...]:
    """Crew T&E is applied to exactly one roll a turn, and must be (§4.14-2, §4.12-8): say
    whether this turn's is still to use, or where it went."""
    try:
        view = TankView.of(ctx)
    except (ValueError, KeyError):
        return ()
    used = view.log.get("te")
    te = view.te
    if used:
        return (msg("Crew T&E {te} already applied to {roll} this turn (§4.14-2).",
                    te=f"{te:+d}", roll=used.replace("_", " ")),)
    where = "aim, fire or hit location" if te >= 0 else "aim or fire (negative: not hit " \
        "location)"
    return (msg("Crew T&E {te} not used yet this turn: apply it to one roll — {where} "
                "(§4.14-2, it must be applied).", te=f"{te:+d}", where=where),)


class CrewTeNotes:
    """Mixin: the tank's gunnery actions say whether crew T&E is still to use this turn."""

    def notes(self, ctx: Context) -> tuple[str, ...]:
        return crew_te_notes(ctx)


# --------------------------------------------------------------------------- search


class TankSearch(ForVehicles, Action):
    id = "tank_search"
    label = "Commander's search"
    roles = (Role("actor", kind="unit"), Role("target", kind="unit", required=False))
    facts = ("los",)
    steps = ("search",)
    ap_cost = 0
    doc = "d10 ≤ commander's Accuracy − camouflage (+ exposed); free while he is able (§4.15)"
    options = (
        Option("camouflage", "Target camouflage", "choice", "none",
               choices=("none", "light", "heavy"), reason="§5.5"),
        Option("commander_exposed", "Commander out of the hatch", "bool", False,
               reason="§5.5"),
    )

    def _plan(self, ctx: Context):
        view = TankView.of(ctx)
        searcher = view.at("commander")
        cost = 0
        if searcher is None:   # PROPOSED: the gunner's sight searches, and it costs 1 AP
            cost = 1
            searcher = view.at("gunner") or next(
                (view.at(p) for p in ("loader", "co_driver", "driver") if view.at(p)), None)
            if searcher is None:
                raise refuse(ctx, "nobody able is aboard to search")
        mods: list[Modifier] = []
        camo = ctx.option("camouflage")
        if camo != "none":
            mods.append(modifier(f"camouflage_{camo}", msg("camouflage ({level})", level=camo)))
        if ctx.option("commander_exposed"):
            if view.at("commander") is None:
                raise refuse(ctx, msg("the commander is missing: nobody can look out of his "
                                      "hatch"))
            mods.append(modifier("commander_exposed", "commander exposed"))
        mods += ctx.modifiers("search")
        return view, searcher, cost, mods, make_test(D10, searcher["accuracy"], mods)

    def resolve(self, ctx: Context, dice) -> Resolution:
        view, searcher, cost, mods, test = self._plan(ctx)
        log = view.spend("search", cost)
        step = roll_test(dice, test, id="search", label="Commander's search",
                         base=searcher["accuracy"],
                         base_label=msg("Accuracy ({post} {name})", post=searcher["post"],
                                        name=searcher["name"]),
                         modifiers=mods, success="found", failure="not found",
                         note="" if cost == 0 else msg("commander missing: search costs 1 "
                                                       "AP (PROPOSED: the next man "
                                                       "searches)"))
        effects: list[Effect] = []
        if ctx.option("commander_exposed"):
            effects.append(SetMarker(view.unit.id, "commander_exposed", 1))
        if step.count("found") and ctx.target is not None:
            spotted = sorted({*view.state("spotted", []), ctx.target.id})
            effects.append(SetState(view.unit.id, "spotted", spotted))
        return view.resolution(log, [step], effects, step.outcome)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        p = p_test(self._plan(ctx)[4])
        return OutcomeDistribution("search", (("found", p), ("not found", 1 - p)))


# --------------------------------------------------------------------------- aim


class TankAim(CrewTeNotes, ForVehicles, Action):
    id = "tank_aim"
    label = "Search & Aim"
    roles = (Role("actor", kind="unit"), Role("target", kind="unit"))
    facts = ("distance_m", "range_band", "cover", "los")
    steps = ("aim",)
    ap_cost = 0
    doc = ("gunner's d10 ≤ Accuracy + mods; natural 1 succeeds, 10 fails (§4.15-1); "
           "free, or 1 AP for +2 vs vehicles/buildings")
    options = (
        Option("paid", "Paid aim (1 AP, +2 vs vehicles/buildings)", "bool", False,
               reason="§4.12-2"),
        COAX,
        Option("crew_te", "Apply crew T&E to this aim", "bool", False, reason="§4.14-2"),
        Option("commander_exposed", "Commander out of the hatch", "bool", False,
               reason="§5.5"),
        SIZE,
        Option("target_is_building", "Target is a building", "bool", False, reason="§4.12-2"),
        VISIBILITY,
    )

    def range_band(self, ctx: Context) -> int | None:
        return _gun_band(ctx)

    def _plan(self, ctx: Context):
        view = TankView.of(ctx)
        target = need_target(ctx)
        if ctx.facts.los is False:
            raise refuse(ctx, "no line of sight to the target (search for it first)")
        _, gun = view.main_gun
        band = tank_band(ctx, gun["range_m"])
        if band is None:
            raise refuse(ctx, msg("no aimed fire beyond 5 × Range = {range} m (01 §4.15)",
                                  range=f"{5 * gun['range_m']:g}"))
        cur = view.state("target")
        if cur is not None and cur != target.id and view.state("aim"):
            raise refuse(ctx, msg("the tank is aimed at {target}: change target first (1 AP, "
                                  "01 §4.12-6)", target=cur))
        gunner, _ = _gunner(ctx, view)
        no_commander = "commander" in view.missing
        mods: list[Modifier] = []
        if band > 1:
            mods.append(Modifier(msg("range band {n}", n=band), -(band - 1),
                                 "§4.15: −1 per band after the first"))
        hard = vehicle_card(ctx, target) is not None or ctx.option("target_is_building")
        paid = ctx.option("paid") or no_commander
        notes = []
        if ctx.option("paid"):
            if not hard:
                notes.append(msg("paid aim: +2 only vs vehicles or buildings (§4.12-2)"))
            elif no_commander and ctx.rule("commander_missing_aim") == "no_bonus":
                notes.append(msg("commander missing: aim costs 1 AP without +2 (§4.14-3)"))
            else:
                mods.append(modifier("paid_aim", "paid aim"))
        elif no_commander:
            notes.append(msg("commander missing: aim costs 1 AP (§4.14-3)"))
        mods += _coax_mods(ctx, view, float(fact_or(ctx, "distance_m", 0.0)))
        fails = int(view.state("failed_aims", 0)) if cur in (None, target.id) else 0
        bonus = failed_aim_bonus(fails, ctx.rule("failed_aim_bonus"))
        if bonus:
            mods.append(Modifier(msg("{n} failed {n|aim|aims|aims}", n=fails), bonus,
                                 msg("§4.15-1c, reading {reading}",
                                     reading=ctx.rule("failed_aim_bonus"))))
        cover = int(fact_or(ctx, "cover", 0))
        if cover and ctx.rule("tank_aim_cover") == "per_level":
            mods.append(modifier("aim_cover", msg("cover {n}", n=cover), -cover))
        mods += _size_mods(ctx, target)
        mods += _visibility_mods(ctx, view)
        if ctx.option("commander_exposed"):
            if no_commander:
                raise refuse(ctx, msg("the commander is missing: nobody can look out of his "
                                      "hatch"))
            mods.append(modifier("commander_exposed", "commander exposed"))
        if ctx.option("crew_te"):
            mods.append(Modifier("crew T&E", view.te, "§4.14-2: this turn's T&E roll"))
        mods += ctx.modifiers("aim")
        test = make_test(D10, gunner["accuracy"], mods, natural_success=1, natural_failure=10)
        return view, target, gunner, int(paid), mods, test, join("; ", notes) if notes else ""

    def resolve(self, ctx: Context, dice) -> Resolution:
        view, target, gunner, cost, mods, test, note = self._plan(ctx)
        log = view.spend("aim", cost)
        if ctx.option("crew_te"):
            log = view.use_te(log, "aim")
        if ctx.option("coax_ranging"):
            log = {**log, "coax": "ranging"}
        step = roll_test(dice, test, id="aim", label="Aim", base=gunner["accuracy"],
                         base_label=msg("Accuracy ({post} {name})", post=gunner["post"],
                                        name=gunner["name"]),
                         modifiers=mods, success="aimed", failure="not aimed", note=note)
        u = view.unit.id
        effects: list[Effect] = [SetState(u, "target", target.id)]
        if ctx.option("commander_exposed"):
            effects.append(SetMarker(u, "commander_exposed", 1))
        if step.count("aimed"):
            effects += [SetState(u, "aim", {"target": target.id, "x": target.x, "y": target.y,
                                            "cover": int(fact_or(ctx, "cover", 0))}),
                        SetState(u, "failed_aims", None)]
        else:
            fails = int(view.state("failed_aims", 0)) \
                if view.state("target") in (None, target.id) else 0
            effects += [SetState(u, "aim", None), SetState(u, "failed_aims", fails + 1)]
        return view.resolution(log, [step], effects, step.outcome)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        p = p_test(self._plan(ctx)[5])
        return OutcomeDistribution("aim", (("aimed", p), ("not aimed", 1 - p)))


# --------------------------------------------------------------------------- fire


@dataclass
class FirePlan:
    view: TankView
    target: Unit
    gunner: dict
    band: int
    mods: list[Modifier]
    test: Test
    note: str
    card: dict | None                       # the target's card (None: infantry)
    side: str = ""
    armour: ArmourHit | None = None         # the hit on a vehicle, planned
    personnel: Bands | None = None
    personnel_mods: list[Modifier] = field(default_factory=list)


class TankFire(CrewTeNotes, ForVehicles, Action):
    id = "tank_fire"
    label = "Fire main gun"
    roles = (Role("actor", kind="unit"),
             Role("target", kind="unit"),
             Role("weapon", kind="weapon", required=False))
    facts = ("distance_m", "range_band", "side_struck", "in_arc", "cover", "los")
    steps = ("fire", "penetration", "damage")
    ap_cost = 1
    doc = ("1 AP: gunner's d10 ≤ Accuracy + mods; hit location d10; penetration d10 vs AV; "
           "damage d10 on the damage table (§4.15-2..5)")
    options = (
        COAX,
        Option("crew_te", "Crew T&E on", "choice", "none",
               choices=("none", "fire", "hit_location"), reason="§4.14-2"),
        Option("location_adjust", "Hit-location T&E direction", "choice", "best",
               choices=("best", "up", "down"), reason="§4.14-2, IH-12", proposed=True,
               help="best: the reading with the lowest AV"),
        SIZE,
        Option("side_choice", "Face struck (attacker_choice)", "choice", "auto",
               choices=("auto", "front", "left", "right", "rear"), reason="§4.A-22"),
        Option("medium_speed", "Own tank at medium speed (declared)", "bool", False,
               reason="§5.6"),
        Option("after_full_speed", "Fire after full-speed movement (declared)", "bool",
               False, reason="§4.A-21"),
        VISIBILITY,
    )

    def range_band(self, ctx: Context) -> int | None:
        return _gun_band(ctx)

    # ---- the plan

    def _speed_mods(self, ctx: Context, view: TankView) -> list[Modifier]:
        run, rule = _run(view), ctx.rule("full_speed_fire")
        auto: list[Modifier] = []
        if rule == "run_of_two" and run >= 2:
            auto.append(modifier("full_speed_fire", msg("fire after {n} Move AP", n=run)))
        elif rule == "categories" and run == 2:
            auto.append(modifier("medium_speed", "medium speed (2 Move AP)"))
        elif rule == "categories" and run >= 3:
            auto.append(modifier("full_speed_fire", "fire after full speed"))
        if auto:
            return auto
        if ctx.option("after_full_speed"):
            return [modifier("full_speed_fire", "fire after full speed (declared)")]
        if ctx.option("medium_speed"):
            return [modifier("medium_speed", "medium speed (declared)")]
        return []

    def _plan(self, ctx: Context) -> FirePlan:
        view = TankView.of(ctx)
        target = need_target(ctx)
        if ctx.weapon_id is not None:
            own_weapon(ctx, ctx.actor, ctx.weapon_id, ctx.weapon or {})
        gun_id, gun = view.main_gun
        if "gun" in view.state("systems", []):
            raise refuse(ctx, "the main gun is damaged")
        if not view.state("loaded", True):
            raise refuse(ctx, "the main gun is not loaded (Reload, 1 AP)")
        if view.log.get("reload_no_loader"):
            raise refuse(ctx, "reloaded without a loader this turn: no Fire (§4.14-3)")
        if ctx.facts.los is False:
            raise refuse(ctx, "no line of sight to the target")
        ok, why = aim_check(ctx, view, target)
        if not ok:
            raise refuse(ctx, msg("the main gun is not aimed at {target}: {why}",
                                  target=target.label, why=why))
        band = tank_band(ctx, gun["range_m"])
        if band is None:
            raise refuse(ctx, msg("no aimed fire beyond 5 × Range = {range} m",
                                  range=f"{5 * gun['range_m']:g}"))
        gunner, no_bonus = _gunner(ctx, view)
        te_on = ctx.option("crew_te")
        te = view.te
        if te_on == "hit_location" and te < 0:
            raise refuse(ctx, msg("crew T&E {te} is negative: the hit-location adjustment is "
                                  "unavailable; apply T&E to aim or fire (§4.14-2, IH-12)",
                                  te=f"{te:+d}"))
        card = vehicle_card(ctx, target)
        side = side_struck(ctx, card) if card is not None else ""
        mods: list[Modifier] = []
        mods += _coax_mods(ctx, view, float(fact_or(ctx, "distance_m", 0.0)))
        mods += _size_mods(ctx, target)
        mods += _visibility_mods(ctx, view)
        if side in ("left", "right"):
            mods.append(modifier("side_shot", msg("shot into the {side} side", side=side)))
        mods += self._speed_mods(ctx, view)
        if band > 1 and ctx.rule("band_penalty") == "aim_penetration_and_fire":
            mods.append(Modifier(msg("range band {n}", n=band), -(band - 1), "§4.A-19 option"))
        if view.unit.markers.get("shaken"):
            mods.append(modifier("shaken", "shaken"))
        if te_on == "fire":
            mods.append(Modifier("crew T&E", te, "§4.14-2: this turn's T&E roll"))
        mods += ctx.modifiers("fire")
        note = ""
        if no_bonus:
            lost = [m for m in mods if m.value > 0]
            mods = [m for m in mods if m.value <= 0]
            note = msg("gunner's post empty: all Fire bonuses lost (§4.14-3) ({lost})",
                       lost=join(", ", [m.text for m in lost])) if lost else \
                "gunner's post empty: all Fire bonuses lost (§4.14-3)"
        nat = ctx.rules.get("natural_1_10", "tank_aim") == "all_d10_tests"  # §4.A-23
        test = make_test(D10, gunner["accuracy"], mods, natural_success=1 if nat else None,
                         natural_failure=10 if nat else None)
        plan = FirePlan(view, target, gunner, band, mods, test, note, card, side)
        if card is not None:
            plan.armour = plan_armour_hit(ctx, target, card, side,
                                          penetration=gun["penetration"], band=band,
                                          damage_modifier=gun["damage_modifier"],
                                          table=gun["penetration_table"])
            plan.armour.te = te
            if te_on == "hit_location":
                plan.armour.adjust = ctx.option("location_adjust")
        else:
            self._personnel_plan(ctx, plan, gun)
        return plan

    def _personnel_plan(self, ctx, plan: FirePlan, gun: dict) -> None:
        cover = int(fact_or(ctx, "cover", 0))
        value = ctx.ruleset.cover_term(cover).value if cover else 0
        dp = gun["damage_personnel"]
        plan.personnel_mods = [Modifier(msg("cover {n}", n=cover), -value,
                                        "lowers Damage (§4.4-4)")] \
            if value else []
        plan.personnel = Bands(D10, LE, ((dp - value, "wound"), (dp, "suppression")), "miss")

    # ---- resolve

    def resolve(self, ctx: Context, dice) -> Resolution:
        plan = self._plan(ctx)
        view = plan.view
        te_on = ctx.option("crew_te")
        log = view.spend("fire", 1)
        if te_on != "none":
            log = view.use_te(log, te_on)
        if ctx.option("coax_ranging"):
            log = {**log, "coax": "ranging"}
        steps: list[Step] = []
        fire = roll_test(dice, plan.test, id="fire", label="Fire", base=plan.gunner["accuracy"],
                         base_label=msg("Accuracy ({post} {name})", post=plan.gunner["post"],
                                        name=plan.gunner["name"]),
                         modifiers=plan.mods, success="hit", failure="miss", note=plan.note)
        steps.append(fire)
        u = view.unit.id
        effects: list[Effect] = [SetState(u, "loaded", False)]
        if view.unit.markers.get("shaken"):
            effects.append(SetMarker(u, "shaken", None))
        if not fire.count("hit"):
            steps.append(info_step("aim_kept", "Aim", "kept",
                                   note=msg("on a miss the aim is kept (§4.15-2)")))
            res = ctx.resolution(steps, effects, "miss (aim kept)")
        elif plan.card is None:
            res = self._resolve_personnel(ctx, dice, plan, steps, effects)
        else:
            res = self._resolve_vehicle(ctx, dice, plan, steps, effects)
        return replace(res, cost=view.cost(log, uses_weapon=True))

    def _resolve_personnel(self, ctx, dice, plan, steps, effects) -> Resolution:
        gun = plan.view.main_gun[1]
        wound = roll_bands(dice, plan.personnel, id="personnel",
                           label="Damage to personnel", modifiers=plan.personnel_mods,
                           highlight=("wound",),
                           note=msg("Damage to personnel {n} (§4.15-4)",
                                    n=gun["damage_personnel"]))
        steps.append(wound)
        more, note = personnel_effects(ctx, plan.target, 1, wound.results,
                                       gun.get("morale_modifier", 0))
        effects += more
        summary = msg("hit, {result}", result=wound.results[0])
        return ctx.resolution(steps, effects, msg("{summary} — {notes}", summary=summary,
                                                  notes=note) if note else summary)

    def _resolve_vehicle(self, ctx, dice, plan: FirePlan, steps, effects) -> Resolution:
        assert plan.armour is not None
        more, summary = roll_armour_hit(ctx, dice, plan.armour, steps)
        return ctx.resolution(steps, effects + more, summary)

    # ---- odds

    def odds(self, ctx: Context) -> OutcomeDistribution:
        plan = self._plan(ctx)
        p_hit = p_test(plan.test)
        probs: Counter = Counter()
        probs["miss"] += 1 - p_hit
        if plan.card is None:
            assert plan.personnel is not None
            for lab, q in band_die(plan.personnel).items():
                probs[f"hit, {lab}"] += p_hit * Fraction(q, 10)
            order = ["miss", "hit, wound", "hit, suppression", "hit, miss"]
            return OutcomeDistribution("fire", tuple((o, probs[o]) for o in order))
        assert plan.armour is not None
        for lab, q in armour_hit_odds(plan.armour).items():
            probs[lab] += p_hit * q
        order = ["miss", "no penetration", *DAMAGE_ORDER]
        penetrated = sum((probs[o] for o in order[2:]), Fraction(0))
        parts = {"hit": OutcomeDistribution("hit", (("hit", p_hit), ("miss", 1 - p_hit))),
                 "penetration": OutcomeDistribution(
                     "penetration", (("penetrated", penetrated),
                                     ("not penetrated", 1 - penetrated)))}
        return OutcomeDistribution("fire", tuple((o, probs[o]) for o in order), parts)
