"""Fire (03 §4.8) by the PROPOSED house rules of §8 (the seed's basic rules are missing):
every fighter of the squad or platoon within Дальн fires Скр shots at one target, each a
d20 ≥ 11 (+2 against a panicking formation); each hit a Penetration test d20 + М ≥ 10 + Бр;
a fighter is removed after Стк wounds. Templates (§4.9): no Accuracy test; the flamer is
laid from the shooter's base edge toward the enemy, grenade / shell / artillery are placed
within Дальн and scattered by d20 inside the action; everyone under them, friends
included, takes a Penetration test with the weapon's М."""

from __future__ import annotations

import math
from collections.abc import Sequence

import icepool

from engine.board_ops import mix_landings, scatter_d20
from engine.costs import Cost
from engine.dice import D20, Comparison, DiceSource, Test
from engine.i18n import msg
from engine.model import AdjustState, Effect
from engine.odds import (
    OutcomeDistribution,
    chain,
    distribution,
    success_weights,
    successes,
)
from engine.options import Modifier, Option
from engine.protocol import Context, Resolution, Role, info_step, make_test, roll_test
from engine.scenario import Unit

from .common import BoetsAction, in_steps, kill, steps_in
from .data import rule_number, weapons
from .formations import formation_of, profile_of, squad_of
from .targets import fire_refusal, fired_effects

__all__ = ["Fire", "TemplateFire", "penetration_test", "hit_test", "ACTIONS"]

HOUSE = "PROPOSED house rule (§8), not from the source"


def hit_test(panicking: bool) -> tuple[Test, list[Modifier]]:
    """§8-2 (PROPOSED): d20 ≥ 11 to hit; +2 to the roll against a panicking unit
    (§4.6-5)."""
    mods = [Modifier("target in Panic", int(rule_number("leadership.panic_bonus")),
                     "§4.6-5: +2 to shoot at a panicking unit", to="roll")] if panicking else []
    return make_test(D20, int(rule_number("house.hit_on")), mods, Comparison.GE), mods


def penetration_test(power: int, armour: int) -> tuple[Test, list[Modifier]]:
    """§8-3 (PROPOSED): d20 + М ≥ 10 + Бр."""
    mods = [Modifier("М", power, "weapon power (§8-3)", to="roll", proposed=True)]
    return make_test(D20, int(rule_number("house.penetration_base")) + armour, mods,
                     Comparison.GE), mods


def _dist_steps(a: Unit, b: Unit) -> float:
    return math.hypot(a.x - b.x, a.y - b.y) / steps_in()


def _wound_effects(ctx: Context, order: Sequence[Unit],
                   wounds: int) -> tuple[list[Effect], list[str]]:
    """Wounds land on the fighters in `order`, each removed after Стк wounds (§8-4)."""
    effects: list[Effect] = []
    dead: list[str] = []
    for u in order:
        if wounds <= 0:
            break
        left = int(profile_of(ctx.game, u)["toughness"]) - int(u.state.get("wounds", 0))
        take = min(left, wounds)
        wounds -= take
        if take >= left:
            dead.append(u.id)
        else:
            effects.append(AdjustState(u.id, "wounds", take, minimum=0, default=0))
    return effects, dead


class Fire(BoetsAction):
    """A squad or platoon fires at one target (§4.8-1) by the house rules (§8-2–8-4)."""

    id = "fire"
    label = "Fire (house rules)"
    doc = "Скр × d20 ≥ 11 within Дальн, then d20 + М ≥ 10 + Бр; Стк wounds (PROPOSED, §8)."
    roles = (Role("actor", kind="group", label="firing squad or platoon"),
             Role("target", kind="unit", label="target fighter"))
    steps = ("hit", "penetration")
    cost = Cost(phases=("fire",), once_per="phase", once_key="fire_or_assault",
                reason="§4.2-4, §4.8-1: one target per Fire phase; an assault instead "
                       "(§4.A-3 a)")

    def _plan(self, ctx: Context):
        if not ctx.rule("house_rules"):
            self.refuse("the basic fire rules are missing from the seed (§4.A-2); house rules "
                        "are off: resolve at the table", "rules.house_rules")
        shooters = [u for u in ctx.units("actor") if not u.state.get("holds")]
        if any(u.side == ctx.target.side for u in shooters):
            self.refuse("the target is a friend", "target")
        if ctx.game is not None:
            why = fire_refusal(ctx.game, ctx.actor, ctx.target,
                               ctx.rule("single_fighter_target"))
            if why:
                self.refuse(why, "target")
        in_range = [u for u in shooters
                    if _dist_steps(u, ctx.target) <= int(profile_of(ctx.game, u)["range"])]
        if not in_range:
            self.refuse(msg("nobody is within Дальн of {target}", target=ctx.target.label),
                        "target")
        n = sum(int(profile_of(ctx.game, u)["shots"]) for u in in_range)
        tg = formation_of(ctx.game, ctx.target)
        hit, hmods = hit_test(bool(tg and tg.state.get("panicking")))
        hmods += ctx.modifiers("hit")
        hit = make_test(D20, int(rule_number("house.hit_on")), hmods, Comparison.GE)
        power = max(int(profile_of(ctx.game, u)["power"]) for u in in_range)
        pen, pmods = penetration_test(power, int(profile_of(ctx.game, ctx.target)["armour"]))
        pmods += ctx.modifiers("penetration")
        pen = make_test(D20, int(rule_number("house.penetration_base"))
                        + int(profile_of(ctx.game, ctx.target)["armour"]), pmods,
                        Comparison.GE)
        return in_range, n, hit, hmods, pen, pmods

    def _order(self, ctx: Context, shooters: Sequence[Unit]) -> list[Unit]:
        if ctx.rule("single_fighter_target") or ctx.game is None:
            return [ctx.target]
        sq = squad_of(ctx.game, ctx.target)
        rest = [u for u in (ctx.game.group_units(sq.id) if sq else []) if u.id != ctx.target.id]
        cx = sum(u.x for u in shooters) / len(shooters)
        cy = sum(u.y for u in shooters) / len(shooters)
        return [ctx.target] + sorted(rest, key=lambda u: math.hypot(u.x - cx, u.y - cy))

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        shooters, n, hit, hmods, pen, pmods = self._plan(ctx)
        near = [_dist_steps(u, ctx.target) for u in shooters]
        rng = info_step("range", "Range (Дальн)", msg(
            "{fighters} fighters in range, {shots} shots (Скр); {nearest} to {farthest}",
            fighters=len(shooters), shots=n, nearest=in_steps(min(near)),
            farthest=in_steps(max(near))), note=HOUSE)
        h = roll_test(dice, hit, id="hit", label="Accuracy (house rule)", n=n,
                      base=int(rule_number("house.hit_on")), base_label="hit on (PROPOSED)",
                      modifiers=hmods, success="hit", failure="miss", note=HOUSE)
        p = roll_test(dice, pen, id="penetration", label="Penetration (house rule)",
                      n=h.count("hit"), base=pen.target, base_label="10 + Бр (PROPOSED)",
                      modifiers=pmods, success="wound", failure="no effect", note=HOUSE)
        wounds = p.count("wound")
        effects, dead = _wound_effects(ctx, self._order(ctx, shooters), wounds)
        effects += kill(ctx.game, dead, "killed")
        if ctx.game is not None:
            effects = fired_effects(ctx.game, ctx.actor, ctx.target,
                                    ctx.rule("single_fighter_target")) + effects
        return ctx.resolution([rng, h, p], effects,
                              msg("{wounds} wounds, {dead} killed (house rules, PROPOSED)",
                                  wounds=wounds, dead=len(dead)))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        _, n, hit, _, pen, _ = self._plan(ctx)
        return distribution("wounds", chain(successes(n, hit), lambda k: successes(k, pen)),
                            order=range(n + 1),
                            parts={"hits": distribution("hits", successes(n, hit))})


class TemplateFire(BoetsAction):
    """§4.9: a template weapon. No Accuracy test. The flamer lies from the shooter's base
    edge toward the aim point; grenade, shell and artillery are placed within Дальн and
    scattered by d20 (face = distance in steps, bearing rolled or typed). Everyone under
    the template, friend or foe, takes a Penetration test with the weapon's М."""

    id = "template_fire"
    label = "Template weapon"
    doc = "Flamer teardrop, or grenade / shell / artillery scattered by d20; friends hit."
    roles = (Role("actor", kind="unit", label="the shooter"),
             Role("weapon", kind="weapon", label="template weapon"),
             Role("point", kind="point", label="aim point (flamer: toward)"))
    steps = ("penetration",)
    cost = Cost(phases=("fire",), reason="§4.2-4: shooting belongs to the Fire phase")
    options = (Option("bearing", "Scatter bearing measured at the table (°, −1: roll)",
                      "int", -1, minimum=-1, maximum=359, reason="§4.A-16",
                      help="A physical d20's apex points the way: type the bearing; −1 "
                           "lets the app roll a uniform direction."),)

    def _weapon(self, ctx: Context):
        w = ctx.weapon or weapons().get(str(ctx.role("weapon")))
        return w

    def _shape(self, w) -> str:
        return str(rule_number(f"templates.{w['template']}"))

    def _rule(self, ctx: Context):
        return scatter_d20(steps_in() if ctx.rule("scatter_unit") == "steps" else 1.0)

    def _check(self, ctx: Context) -> None:
        """Refuses (ActionRefused naming the weapon or the point) what cannot be laid."""
        w = self._weapon(ctx)
        if w is None or "template" not in w:
            self.refuse("choose a template weapon (flamer, grenade, shell, artillery)",
                        "weapon")
        if ctx.game is None:
            self.refuse("a template needs the board")
        if w["template"] != "flamer":
            d = math.hypot(ctx.point[0] - ctx.actor.x, ctx.point[1] - ctx.actor.y) / steps_in()
            if d > w["range"]:
                self.refuse(msg("aim point {distance} away: beyond Дальн {range} (§4.9-5)",
                                distance=in_steps(d), range=w["range"]), "point")

    def _victims(self, ctx: Context, ids: Sequence[str], w) -> list[Unit]:
        out = [ctx.game.unit(i) for i in ids if ctx.game.on_table(i)]
        if w["template"] == "flamer":
            out = [u for u in out if u.id != ctx.actor.id]
            if not ctx.rule("flamer_hits_friends"):
                out = [u for u in out if u.side != ctx.actor.side]
        return out

    def _pen(self, ctx: Context, w, u: Unit):
        t, mods = penetration_test(int(w["power"]), int(profile_of(ctx.game, u)["armour"]))
        mods += ctx.modifiers("penetration")
        return make_test(D20, t.target, mods, Comparison.GE), mods

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        self._check(ctx)
        w = self._weapon(ctx)
        shape = self._shape(w)
        steps = []
        if w["template"] == "flamer":
            laid = ctx.board.lay_template(shape, ctx.actor.x, ctx.actor.y,
                                          toward=ctx.point, shooter=ctx.actor.id)
            names = {u.id: u.label for u in ctx.game.units} if ctx.game is not None else {}
            under = [names.get(i, i) for i, _ in laid.under]
            steps.append(info_step("template", "Flamer template", msg(
                "from {unit}'s base edge toward ({x:g}, {y:g}); under it: {under}",
                unit=ctx.actor.label, x=ctx.point[0], y=ctx.point[1],
                under=", ".join(under) if under else "nobody"),
                note="no Accuracy test (§4.9-2); teardrop size PROPOSED (§8-8)"))
        else:
            b = ctx.option("bearing")
            landed = ctx.board.scatter(shape, ctx.point, self._rule(ctx), dice,
                                       bearing=None if b < 0 else float(b),
                                       label="Scatter")
            steps.append(landed.step)
            under = [i for i, _ in landed.template.under]
        effects: list[Effect] = []
        dead: list[str] = []
        for u in self._victims(ctx, under, w):
            test, mods = self._pen(ctx, w, u)
            friend = u.side == ctx.actor.side
            s = roll_test(dice, test, id=f"penetration.{u.id}",
                          label=msg("Penetration: {unit} (friend)" if friend
                                    else "Penetration: {unit}", unit=u.label), base=test.target,
                          base_label="10 + Бр (PROPOSED)", modifiers=mods, success="wound",
                          failure="no effect", note=HOUSE)
            steps.append(s)
            if s.count("wound"):
                e, d = _wound_effects(ctx, [u], 1)
                effects += e
                dead += d
        effects += kill(ctx.game, dead, "killed")
        return ctx.resolution(steps, effects, msg(
            "{weapon}: {n} under the template, {dead} killed", weapon=w["name"], n=len(under),
            dead=len(dead)))

    def _pens(self, ctx: Context, w, ids: Sequence[str], friends_only: bool) -> icepool.Die:
        """How many of the units under the template are wounded (`_wounded`: everyone's,
        or the friends' alone), as a die."""
        return icepool.Die(self._wounded(ctx, w, ids, {})[1 if friends_only else 0])

    def _wounded(self, ctx: Context, w, ids: Sequence[str],
                 memo: dict[str, tuple[int, int, bool] | None]
                 ) -> tuple[dict[int, int], dict[int, int]]:
        """How many of the units under the template are wounded, and how many of the
        shooter's friends among them, as whole-number weights: the sum of one penetration
        test each multiplied out (one polynomial product per unit; an icepool sum per unit
        costs ten times more for the same exact die). `memo` keeps each unit's test across
        the landings of one shot (`_factors`)."""
        everyone, friends = [1], [1]
        for miss, wound, friend in self._factors(ctx, w, ids, memo):
            everyone = _times(everyone, miss, wound)
            if friend:
                friends = _times(friends, miss, wound)
        return ({k: q for k, q in enumerate(everyone) if q},
                {k: q for k, q in enumerate(friends) if q})

    def _factors(self, ctx: Context, w, ids: Sequence[str],
                 memo: dict[str, tuple[int, int, bool] | None]) -> list[tuple[int, int, bool]]:
        """(miss weight, wound weight, a friend of the shooter) of each victim among `ids`,
        in their order; `memo` keeps them by id (None: not a victim), since the landings
        of one shot ask for the same units again and again."""
        todo = [i for i in ids if i not in memo]
        if todo:
            victims = {u.id: u for u in self._victims(ctx, todo, w)}
            for i in todo:
                u = victims.get(i)
                if u is None:
                    memo[i] = None
                    continue
                memo[i] = (*success_weights(self._pen(ctx, w, u)[0]),
                           u.side == ctx.actor.side)
        return [f for f in map(memo.__getitem__, ids) if f is not None]

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._check(ctx)
        w = self._weapon(ctx)
        shape = self._shape(w)
        if w["template"] == "flamer":
            laid = ctx.board.lay_template(shape, ctx.actor.x, ctx.actor.y,
                                          toward=ctx.point, shooter=ctx.actor.id)
            ids = [i for i, _ in laid.under]
            return distribution("wounds", self._pens(ctx, w, ids, False),
                                parts={"friends": distribution(
                                    "friends wounded", self._pens(ctx, w, ids, True))})
        rule = self._rule(ctx)
        if ctx.option("bearing") >= 0:           # the bearing measured: over the d20 alone
            allw, fr = self._along_bearing(ctx, w, shape, rule, float(ctx.option("bearing")))
        else:
            parts = ctx.board.landings(shape, ctx.point, rule)
            memo: dict[str, tuple[int, int, bool] | None] = {}
            pens = {under: self._wounded(ctx, w, under, memo)
                    for under in dict.fromkeys(la.under for la in parts)}
            allw = mix_landings(parts, lambda la: pens[la.under][0])
            fr = mix_landings(parts, lambda la: pens[la.under][1])
        return distribution("wounds", allw,
                            parts={"friends": distribution("friends wounded", fr)})

    def _along_bearing(self, ctx: Context, w, shape: str, rule, bearing: float
                       ) -> tuple[icepool.Die, icepool.Die]:
        """The exact mixture over the d20 distance faces with the bearing typed in: each
        face lands the template once along it (§4.9-5, §4.A-16)."""
        rad = math.radians(bearing)
        under = []
        for d in rule.scheme.distances:
            x = ctx.point[0] + float(d) * math.cos(rad)
            y = ctx.point[1] + float(d) * math.sin(rad)
            under.append([i for i, _ in ctx.board.lay_template(shape, x, y).under])
        return (icepool.Die([self._pens(ctx, w, ids, False) for ids in under]),
                icepool.Die([self._pens(ctx, w, ids, True) for ids in under]))


def _times(weights: list[int], miss: int, wound: int) -> list[int]:
    """The weights of a count times one more test: (weights) × (miss + wound·x)."""
    return [a * miss + b * wound for a, b in zip([*weights, 0], [0, *weights], strict=True)]


ACTIONS = (Fire(), TemplateFire())
