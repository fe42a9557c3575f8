"""Iron Hearts tank rules (01 §3.3, §3.4, §4.12–4.16): the tank actions and options.

ruleset.py assembles `infantry.ACTIONS + tanks.ACTIONS` and `infantry.OPTIONS +
tanks.OPTIONS`. A tank is one unit with 3 AP per turn; its card (resources/rulesets/
iron-hearts/vehicles.toml, or a card in the scenario's profiles) gives speeds, crew,
armour and weapons. Every action prices its resolution with the AP it spends, each named
for what it went on (TankView.cost); the turn contract charges it and writes the
activation ledger (engine.ledger, one entry per action), so
the sequence rules (Move–Fire–Move, fire after full-speed movement, reload without a
loader) read what was declared earlier in the turn. Gunnery lives in tank_gunnery.py.

Exports for ruleset.py: ACTIONS, OPTIONS, and VEHICLES / WEAPONS / PROFILE_FIELDS so the
vehicle cards and their weapons ("m4a1-sherman.main_gun") can join the ruleset's library.
"""

from __future__ import annotations

from fractions import Fraction

from engine.dice import D10, Bands, Comparison
from engine.i18n import msg
from engine.model import Effect, MoveUnit, SetMarker, SetState
from engine.odds import OutcomeDistribution, band_die, chain, distribution, successes
from engine.options import Modifier, Option
from engine.protocol import (
    Action,
    Context,
    Resolution,
    Role,
    info_step,
    make_test,
    roll_bands,
    roll_test,
)
from engine.wording import distance

from .audience import ForVehicles
from .common import own_weapon
from .tank_common import TankView, fact_or, need_target, refuse, vehicle_card
from .tank_data import VEHICLE, VEHICLES, WEAPONS
from .tank_gunnery import TankAim, TankFire, TankSearch, personnel_effects
from .tank_options import OPTIONS
from .tank_rules import move_allowance, speed_category

__all__ = ["ACTIONS", "OPTIONS", "VEHICLES", "WEAPONS", "PROFILE_FIELDS", "TankMove",
           "TankReload", "TankChangeTarget", "TankRotateHull", "TankRotateTurret", "TankMG",
           "TankSearch", "TankAim", "TankFire"]

LE = Comparison.LE


def _certain(label: str, outcome: str) -> OutcomeDistribution:
    return OutcomeDistribution(label, ((outcome, Fraction(1)),))


# --------------------------------------------------------------------------- move


class TankMove(ForVehicles, Action):
    id = "tank_move"
    label = "Tank movement"
    roles = (Role("actor", kind="unit"),
             Role("point", kind="point", required=False, label="destination"))
    facts = ()
    ap_cost = 1
    doc = ("1–3 AP; consecutive Move AP reach the card's 1/2/3-AP speed (Sherman 10/30 m); "
           "a Move after another action starts a new run (§4.12-1, IH-6)")
    options = (
        Option("ap", "Consecutive AP spent now", "int", 1, minimum=1, maximum=3),
        Option("metres", "Metres driven (0 = up to the allowance)", "float", 0.0, minimum=0),
    )

    def _plan(self, ctx: Context):
        view = TankView.of(ctx)
        if "driver" in view.missing:
            raise refuse(ctx, "the driver's post is empty: the tank cannot move (§4.14-3)")
        if "engine" in view.state("systems", []):
            raise refuse(ctx, "the engine is damaged: the tank is immobilised")
        ap = ctx.option("ap")
        run = view.run
        before, allowed = move_allowance(view.card["speed_m_by_ap"], run, ap)
        metres = ctx.option("metres") or allowed
        if metres > allowed + 1e-9:
            raise refuse(ctx, msg("{metres} m is more than the {allowed} m these {ap} AP allow "
                                  "(run of {run} Move AP so far)", metres=f"{metres:g}",
                                  allowed=f"{allowed:g}", ap=ap, run=run))
        return view, ap, run, before, allowed, metres

    def resolve(self, ctx: Context, dice) -> Resolution:
        view, ap, run, before, allowed, metres = self._plan(ctx)
        log = view.spend("move", ap)
        speeds = view.card["speed_m_by_ap"]
        k = run + ap
        proposed = " (PROPOSED)" if view.card["speed_proposed"][k - 1] else ""
        text = msg("run of {k} consecutive Move AP: {speed} m{proposed} in all, {before} m "
                   "already driven → up to {allowed} m now", k=k, speed=f"{speeds[k - 1]:g}",
                   proposed=proposed, before=f"{before:g}", allowed=f"{allowed:g}")
        steps = [info_step("speed", "Speed", msg("up to {m} m", m=f"{allowed:g}"), note=text),
                 info_step("move", "Move", msg("{m} m", m=f"{metres:g}"),
                           note=msg("speed now {category} (§4.A-29)",
                                    category=speed_category(k)))]
        effects: list[Effect] = []
        if ctx.point is not None:
            effects.append(MoveUnit(view.unit.id, float(ctx.point[0]), float(ctx.point[1])))
        return view.resolution(log, steps, effects, msg("moves {m} m ({k} consecutive AP)",
                                                  m=f"{metres:g}", k=k))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        _, _, _, _, _, metres = self._plan(ctx)
        return _certain("move", f"{metres:g} m")


# --------------------------------------------------------------------------- reload, target


class TankReload(ForVehicles, Action):
    id = "tank_reload"
    label = "Reload main gun"
    ap_cost = 1
    doc = "1 AP; with the loader's post empty, not in a turn with Fire (§4.12-5, §4.14-3)"
    options = (Option("will_fire", "Fire is declared later this turn", "bool", False,
                      reason="§4.14-3"),)

    def _plan(self, ctx: Context):
        view = TankView.of(ctx)
        no_loader = "loader" in view.missing
        if no_loader and ("fire" in view.log["ap"] or ctx.option("will_fire")):
            raise refuse(ctx, "the loader's post is empty: no Reload in a turn in which Fire "
                              "was or will be declared (§4.14-3)")
        return view, no_loader

    def resolve(self, ctx: Context, dice) -> Resolution:
        view, no_loader = self._plan(ctx)
        log = view.spend("reload", 1)
        if no_loader:
            log = {**log, "reload_no_loader": True}
        step = info_step("reload", "Reload", "loaded",
                         note="loader missing: no Fire this turn" if no_loader else "")
        return view.resolution(log, [step], [SetState(view.unit.id, "loaded", True)],
                               "main gun loaded")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._plan(ctx)
        return _certain("reload", "loaded")


class TankChangeTarget(ForVehicles, Action):
    id = "tank_change_target"
    label = "Change target"
    roles = (Role("actor", kind="unit"), Role("target", kind="unit"))
    ap_cost = 1
    doc = "1 AP; the aim and the failed-aim bonus are lost; aim at the new target (§4.12-6)"

    def resolve(self, ctx: Context, dice) -> Resolution:
        view = TankView.of(ctx)
        target = need_target(ctx)
        log = view.spend("change_target", 1)
        u = view.unit.id
        step = info_step("target", "Change target", msg("target: {unit}", unit=target.label),
                         note="aim lost: aim again before firing")
        return view.resolution(log, [step], [SetState(u, "target", target.id),
                                             SetState(u, "aim", None),
                                             SetState(u, "failed_aims", None)],
                               msg("new target {unit}", unit=target.label))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        TankView.of(ctx)
        return _certain("change target", "changed")


# --------------------------------------------------------------------------- rotation


class _Rotate(ForVehicles, Action):
    ap_cost = None
    options = (Option("direction", "Direction", "choice", "right",
                      choices=("right", "left")),)
    what = ""

    def _plan(self, ctx: Context):
        view = TankView.of(ctx)
        if view.log[self.what]:
            raise refuse(ctx, msg("the {part} already turned one side this turn (§4.13-2: one "
                                  "90° step per turn)", part=self.what))
        return view, ctx.rule(f"{self.what}_rotation_ap")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._plan(ctx)
        return _certain(self.id, f"turned {ctx.option('direction')}")


class TankRotateHull(_Rotate):
    id = "tank_rotate_hull"
    label = "Turn the hull"
    doc = "one 90° step per turn at slow speed; 1 AP PROPOSED (§4.12-1, §4.A-25)"
    what = "hull"

    def resolve(self, ctx: Context, dice) -> Resolution:
        view, cost = self._plan(ctx)
        if "driver" in view.missing:
            raise refuse(ctx, "the driver's post is empty: the hull cannot turn")
        log = {**view.spend("rotate_hull", cost), "hull": 1}
        turn = 90 if ctx.option("direction") == "right" else -90
        u = view.unit
        step = info_step("rotate", "Hull", msg("turned 90° {direction}",
                                               direction=ctx.option("direction")),
                         modifiers=[Modifier("AP", cost, "§4.A-25", proposed=True)])
        return view.resolution(log, [step], [MoveUnit(u.id, u.x, u.y, facing=u.facing + turn)],
                               msg("hull turned {direction}",
                                   direction=ctx.option("direction")))


class TankRotateTurret(_Rotate):
    id = "tank_rotate_turret"
    label = "Turn the turret"
    doc = "one 90° step per turn, no speed limit; free PROPOSED (§4.12-7, §4.A-25)"
    what = "turret"

    def resolve(self, ctx: Context, dice) -> Resolution:
        view, cost = self._plan(ctx)
        if not view.card["turret"]:
            raise refuse(ctx, f"{view.unit.profile} has no turret")
        log = {**view.spend("rotate_turret", cost), "turret": 1}
        turn = 90 if ctx.option("direction") == "right" else -90
        u = view.unit
        step = info_step("rotate", "Turret", msg("turned 90° {direction}",
                                                 direction=ctx.option("direction")),
                         modifiers=[Modifier("AP", cost, "§4.A-25", proposed=True)])
        return view.resolution(log, [step], [MoveUnit(u.id, u.x, u.y,
                                                      turret=(u.turret or 0.0) + turn)],
                               msg("turret turned {direction}",
                                   direction=ctx.option("direction")))


# --------------------------------------------------------------------------- machine guns


class TankMG(ForVehicles, Action):
    id = "tank_mg"
    label = "Tank machine gun"
    roles = (Role("actor", kind="unit"),
             Role("target", kind="unit"),
             Role("weapon", kind="weapon", required=False))
    facts = ("distance_m", "cover", "los")
    steps = ("hit",)
    ap_cost = 1
    doc = ("RoF × d10 ≤ the crewman's Accuracy (≤ Range; ≤ 2 × Range natural 1 only), each "
           "hit a d10 ≤ Damage to personnel − cover (§4.4, §4.12-4)")
    options = (
        Option("mount", "Machine gun (card weapon id)", "str", "coax_mg"),
        Option("with_fire", "Fired in this turn's Fire AP (no extra AP)", "bool", False,
               reason="§4.12-4: Fire = main gun plus any other weapons"),
    )

    def _plan(self, ctx: Context):
        view = TankView.of(ctx)
        need_target(ctx)
        if ctx.weapon_id is not None:
            own_weapon(ctx, ctx.actor, ctx.weapon_id, ctx.weapon or {})
        key = (ctx.weapon_id or "").split(".")[-1] or ctx.option("mount")
        w = view.weapon(key)
        if w["kind"] == "main_gun":
            raise refuse(ctx, "the main gun fires with tank_fire")
        if w["kind"] == "coax_mg" and view.log.get("coax") == "ranging":
            raise refuse(ctx, "the coax MG ranged the main gun this turn: it cannot engage "
                              "targets (§4.12-3)")
        post = w["crewed_by"]
        if post in view.missing:
            raise refuse(ctx, msg("the {post}'s post is empty: no {weapon} fire (§4.14-3)",
                                  post=post, weapon=w["name"]))
        if ctx.facts.los is False:
            raise refuse(ctx, "no line of sight to the target")
        if vehicle_card(ctx, ctx.target) is not None:
            raise refuse(ctx, msg("target: {target} is an armoured vehicle; the {weapon} has "
                                  "no armour piercing (§3.2) — fire the main gun (tank_fire)",
                                  target=ctx.target.label, weapon=w["name"]))
        shooter = view.at(post)
        d = ctx.fact("distance_m")
        if d > 2 * w["range_m"]:
            raise refuse(ctx, msg("{distance} m is beyond 2 × Range ({range} m)",
                                  distance=distance(d), range=f"{2 * w['range_m']:g}"))
        mods = ctx.modifiers("hit")
        if d > w["range_m"]:
            mods.append(Modifier("beyond Range", 1, "only a natural 1 hits (§4.4-3)",
                                 sets=True))
        hit = make_test(D10, shooter["accuracy"], mods)
        cover = int(fact_or(ctx, "cover", 0))
        value = ctx.ruleset.cover_term(cover).value if cover else 0
        dp = w["damage_personnel"]
        wound = Bands(D10, LE, ((dp - value, "wound"), (dp, "suppression")), "miss")
        cover_mods = [Modifier(msg("cover {n}", n=cover), -value, "lowers Damage (§4.4-4)")] \
            if value else []
        cost = 0 if ctx.option("with_fire") else 1
        if cost == 0 and "fire" not in view.log["ap"]:
            raise refuse(ctx, "with_fire: no Fire was declared this turn")
        return view, key, w, shooter, mods, hit, wound, cover_mods, cost

    def resolve(self, ctx: Context, dice) -> Resolution:
        view, key, w, shooter, mods, hit_t, wound_b, cover_mods, cost = self._plan(ctx)
        log = view.spend("mg", cost)
        if w["kind"] == "coax_mg":
            log = {**log, "coax": "engaged"}
        hit = roll_test(dice, hit_t, id="hit", label=msg("{weapon} hit roll", weapon=w),
                        n=w["rate_of_fire"], base=shooter["accuracy"],
                        base_label=msg("Accuracy ({post} {name})", post=shooter["post"],
                                       name=shooter["name"]),
                        modifiers=mods, success="hit", failure="miss")
        wound = roll_bands(dice, wound_b, id="wound", label=msg("{weapon} wound roll", weapon=w),
                           n=hit.count("hit"), modifiers=cover_mods, highlight=("wound",))
        t = ctx.target
        assert t is not None
        effects: list[Effect] = []
        exposed = w["kind"] == "turret_hmg" and shooter["post"] == "commander" and \
            ctx.rule("roof_hmg_exposes_commander")
        if exposed:
            effects.append(SetMarker(view.unit.id, "commander_exposed", 1))
        hits, wounds = hit.count("hit"), wound.count("wound")
        more, note = personnel_effects(ctx, t, hits, wound.results, w.get("morale_modifier", 0))
        effects += more
        summary = msg("{n} hits, {w} wounds", n=hits, w=wounds)
        return view.resolution(log, [hit, wound], effects,
                               msg("{summary} — {notes}", summary=summary, notes=note)
                               if note else summary, uses_weapon=True)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        _, _, w, _, _, hit_t, wound_b, _, _ = self._plan(ctx)
        n = w["rate_of_fire"]
        one = band_die(wound_b).map(lambda lab: int(lab == "wound"))
        wounds = chain(successes(n, hit_t), lambda k: k @ one if k else one.map(lambda _: 0))
        return distribution("wounds", wounds, order=range(n + 1),
                            parts={"hits": distribution("hits", successes(n, hit_t),
                                                        order=range(n + 1))})


# --------------------------------------------------------------------------- exports

ACTIONS: list[Action] = [TankMove(), TankSearch(), TankAim(), TankFire(), TankMG(),
                         TankReload(), TankChangeTarget(), TankRotateHull(), TankRotateTurret()]
PROFILE_FIELDS = {"vehicle": VEHICLE}
