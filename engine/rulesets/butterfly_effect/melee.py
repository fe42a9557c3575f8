"""Melee (04 §4.3, §5.4): weapon levels compared, the higher wins outright; at equal levels
each side rolls its weapon's dice (bare hands 1 base die, the knife 2, a rifle butt 2
PROPOSED §4.A-2), successes on 5–6, more wins, a tie is rolled again. Against serious
opponents (a GM toggle per fight, §4.A-3) the contest is best of three, each lost round a
WOUND (−1 HP, PROPOSED); a fighter brought to 0 HP by those wounds loses there and then.

`fighter` reads a side's level and dice, `round_odds` one decided round, `contest_odds`
the whole contest exactly (ties replayed: only decided rounds count)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from engine.costs import Cost
from engine.dice import D6, Comparison, DiceSource
from engine.i18n import msg
from engine.model import AdjustState, Effect, RemoveUnit, SetState
from engine.odds import OutcomeDistribution
from engine.options import Option
from engine.protocol import Context, Pool, Resolution, Role, info_step, make_pool, roll_pool
from engine.scenario import Unit

from . import bands
from .common import BEAction, hp_of, rn, wound_severity

__all__ = ["Fighter", "fighter", "pools", "round_odds", "contest_odds", "Melee", "MAX_TIES"]

#: Tied rounds replayed before the GM is asked to rule (the odds leave out a chance below
#: (P tie)^MAX_TIES, under 10^-20 for every pool of the text).
MAX_TIES = 100


@dataclass(frozen=True, slots=True)
class Fighter:
    unit: Unit
    level: int
    dice: int
    weapon: Any
    nonlethal: bool = True


def _from_weapon(ctx: Context, w: dict) -> tuple[int, int, str, bool] | None:
    if w["kind"] == "melee":
        return w["melee_level"], w["melee_dice"], w["name"], w["nonlethal"]
    if w["butt_strike"]:
        return 1, int(ctx.rule("butt_dice")), msg("{weapon} (butt strike)", weapon=w), True
    return None


def fighter(ctx: Context, unit: Unit, weapon_id: str | None = None, *,
            shooting: bool = False) -> Fighter:
    """A side of the fight: the chosen weapon, else the best the unit carries. A firearm
    without a butt strike (pistol, SMG, minigun, rocket launcher) counts as bare hands
    (L26); one who tries to *shoot* at point blank loses to any melee weapon, bare hands
    included (§4.A-1: level −1), or fights with what he holds (as_melee)."""
    unarmed = Fighter(unit, 0, rn("melee.unarmed_dice"), "bare hands")
    if shooting and ctx.rule("point_blank_shooter") == "below_unarmed":
        return Fighter(unit, -1, 0, "shooting at point blank")
    names = [weapon_id] if weapon_id else list(ctx.profile(unit).get("weapons") or ())
    best = unarmed
    for n in names:
        got = _from_weapon(ctx, dict(ctx.ruleset.weapon(n)))
        if got is not None and (got[0], got[1]) > (best.level, best.dice):
            best = Fighter(unit, *got)
    return best


def pools(ctx: Context, a: Fighter, b: Fighter) -> tuple[Pool, Pool]:
    """Both sides' pools at equal levels; the players' "melee" modifiers go to the actor."""
    return (make_pool(D6, a.dice, rn("melee.success"), ctx.modifiers("melee"), Comparison.GE),
            make_pool(D6, b.dice, rn("melee.success"), (), Comparison.GE))


def round_odds(a: Pool, b: Pool) -> tuple[Fraction, Fraction, Fraction]:
    """P(a wins a round), P(b wins), P(tie) at equal levels."""
    diff = a.successes() - b.successes()
    return (Fraction(diff.probability('>', 0)), Fraction(diff.probability('<', 0)),
            Fraction(diff.probability('==', 0)))


@lru_cache(maxsize=256)
def contest_odds(pa: Fraction, pb: Fraction, best_of: int, hp_a: int, hp_b: int,
                 wounds: bool) -> tuple[tuple[str, Fraction], ...]:
    """Exact outcomes of the contest: ("actor", a, b) / ("target", a, b) labels as
    "actor 2–1", with ties replayed (only decided rounds count). With `wounds`, each lost
    round costs the loser 1 HP and 0 HP ends the contest. `pa`, `pb`: one round's odds."""
    if pa + pb == 0:
        return (("undecided", Fraction(1)),)
    q = pa / (pa + pb)
    need = best_of // 2 + 1
    out: dict[str, Fraction] = {}

    def go(wa: int, wb: int, ha: int, hb: int, p: Fraction) -> None:
        if wa == need or hb <= 0:
            k = f"actor {wa}–{wb}"
            out[k] = out.get(k, Fraction(0)) + p
            return
        if wb == need or ha <= 0:
            k = f"target {wb}–{wa}"
            out[k] = out.get(k, Fraction(0)) + p
            return
        go(wa + 1, wb, ha, hb - wounds, p * q)
        go(wa, wb + 1, ha - wounds, hb, p * (1 - q))

    go(0, 0, hp_a, hp_b, Fraction(1))
    return tuple(sorted(out.items()))


class Melee(BEAction):
    id = "melee"
    label = "Melee"
    roles = (Role("actor", kind="unit"), Role("target", kind="unit", label="opponent"),
             Role("weapon", kind="weapon", required=False, label="melee weapon",
                  doc="the weapon fought with (default: the best the fighter carries)"))
    facts = ("distance_m", bands.RANGE_BAND)
    steps = ("melee",)
    cost = Cost(actions=1, reason="close combat takes the active action (§4.2-2)")
    options = (
        Option("target_weapon", "Opponent's weapon", "str", "",
               reason="§4.3-1", help="weapon id the opponent fights with; empty: the best "
               "he carries"),
        Option("serious", "Serious opponent (best of three)", "bool", False,
               reason="§4.3-6, §4.A-3", proposed=True,
               help="PvP or PvE against an opponent comparable to the PCs: the GM's call"),
        Option("outcome", "Winner's choice", "choice", "kill", choices=("kill", "neutralise"),
               reason="§4.3-3", help="the winner kills or neutralises (if his weapon allows)"),
        Option("actor_shoots", "Actor tries to shoot", "bool", False, reason="§4.A-1",
               help="shooting at point blank loses to any melee weapon"),
    )
    doc = "weapon levels compared; equal levels roll d6 pools, 5–6 a success (04 §4.3)"

    def range_band(self, ctx: Context) -> str | None:
        return bands.band_of(ctx.fact("distance_m"), ctx.rule("band_edges"))

    def _sides(self, ctx: Context) -> tuple[Fighter, Fighter]:
        a = fighter(ctx, ctx.actor, ctx.weapon_id, shooting=bool(ctx.option("actor_shoots")))
        b = fighter(ctx, ctx.target, ctx.option("target_weapon") or None)
        return a, b

    def _check(self, ctx: Context) -> None:
        band = bands.band(ctx)
        if band not in (None, "close"):
            self.refuse(msg("{band} distance: melee needs close combat (§4.1); DASH first "
                            "(short or medium)", band=band), "target")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        self._check(ctx)
        a, b = self._sides(ctx)
        compare = info_step("levels", "Weapon levels",
                            msg("{weapon} {level} vs {other} {other_level}", weapon=a.weapon,
                                level=a.level, other=b.weapon, other_level=b.level))
        if a.level != b.level:
            win, lose = (a, b) if a.level > b.level else (b, a)
            steps = [compare.with_outcome(msg(
                "{winner} wins outright: level {level} > {other_level} (§4.3-2)",
                winner=win.unit.label, level=win.level, other_level=lose.level))]
            return ctx.resolution(steps, self._end(ctx, win, lose),
                                  msg("{winner} wins without a roll", winner=win.unit.label))
        serious = bool(ctx.option("serious"))
        need = rn("melee.best_of") // 2 + 1 if serious else 1
        wounds = serious and ctx.rule("melee_round_wound") == "hp_1"
        hp = {a.unit.id: hp_of(ctx, a.unit), b.unit.id: hp_of(ctx, b.unit)}
        score = {a.unit.id: 0, b.unit.id: 0}
        steps = [compare.with_outcome(msg(
            "equal levels ({level}): roll {dice}d6 vs {other_dice}d6, 5–6 a success (§4.3-4)",
            level=a.level, dice=a.dice, other_dice=b.dice))]
        effects: list[Effect] = []
        test_pool = pools(ctx, a, b)
        ties = rnd = 0
        while max(score.values()) < need and min(hp.values()) > 0:
            rnd += 1
            rolls = [roll_pool(dice, pool, id=f"r{rnd}-{f.unit.id}",
                               label=msg("Round {n}: {unit}", n=rnd, unit=f.unit.label),
                               success="success",
                               failure="miss")
                     for f, pool in zip((a, b), test_pool, strict=True)]
            steps += rolls
            ka, kb = rolls[0].count("success"), rolls[1].count("success")
            if ka == kb:
                ties += 1
                steps.append(info_step(f"r{rnd}", msg("Round {n}", n=rnd),
                                       msg("tie {a}–{b}: another round (§4.3-5)", a=ka,
                                           b=kb)))
                if ties >= MAX_TIES:
                    steps.append(info_step("undecided", "Undecided",
                                           msg("{n} tied rounds: the GM rules", n=MAX_TIES)))
                    return ctx.resolution(steps, effects, "undecided")
                continue
            win, lose = (a, b) if ka > kb else (b, a)
            score[win.unit.id] += 1
            text = msg("{winner} wins the round {high}–{low}", winner=win.unit.label,
                       high=max(ka, kb), low=min(ka, kb))
            if wounds:
                hp[lose.unit.id] -= 1
                effects += [AdjustState(lose.unit.id, "hp", -1, minimum=0,
                                        default=hp[lose.unit.id] + 1)]
                if hp[lose.unit.id] > 0:
                    sev = wound_severity(hp[lose.unit.id], int(ctx.profile(lose.unit)
                                                               .get("hp", 1))) \
                        if ctx.rule("wound_severity") == "by_hp" else "unrated"
                    effects.append(SetState(lose.unit.id, "wound", sev))
                text = msg("{won}; {loser} WOUNDED (−1 HP, §4.A-3)", won=text,
                           loser=lose.unit.label)
            steps.append(info_step(f"r{rnd}", msg("Round {n}", n=rnd), text))
        win, lose = (a, b) if (score[a.unit.id] == need or hp[b.unit.id] <= 0) else (b, a)
        if hp[lose.unit.id] <= 0:
            effects.append(RemoveUnit(lose.unit.id, "killed in melee"))
            steps.append(info_step("result", "Result",
                                   msg("{unit} falls at 0 HP", unit=lose.unit.label)))
            return ctx.resolution(steps, effects, msg(
                "{winner} wins {high}–{low}", winner=win.unit.label,
                high=score[win.unit.id], low=score[lose.unit.id]))
        effects += self._end(ctx, win, lose)
        return ctx.resolution(steps, effects, msg(
            "{winner} wins {high}–{low}", winner=win.unit.label, high=score[win.unit.id],
            low=score[lose.unit.id]) if serious else msg("{winner} wins",
                                                          winner=win.unit.label))

    def _end(self, ctx: Context, win: Fighter, lose: Fighter) -> list[Effect]:
        """The winner's choice (§4.3-3): kill, or neutralise if his weapon allows it."""
        if ctx.option("outcome") == "neutralise" and win.nonlethal:
            return [SetState(lose.unit.id, "neutralised", True)]
        return [RemoveUnit(lose.unit.id, "killed in melee")]

    def odds(self, ctx: Context) -> OutcomeDistribution:
        """Who wins and by how much: "actor 2–1" etc. (single fights "actor 1–0")."""
        self._check(ctx)
        a, b = self._sides(ctx)
        if a.level != b.level:
            who = "actor" if a.level > b.level else "target"
            return OutcomeDistribution("melee", ((f"{who} outright", Fraction(1)),))
        serious = bool(ctx.option("serious"))
        best = rn("melee.best_of") if serious else 1
        wounds = serious and ctx.rule("melee_round_wound") == "hp_1"
        pa, pb, pt = round_odds(*pools(ctx, a, b))
        rounds = OutcomeDistribution("one round", (("actor", pa), ("target", pb),
                                                   ("tie", pt)))
        out = contest_odds(pa, pb, best, hp_of(ctx, a.unit), hp_of(ctx, b.unit),
                           wounds)
        return OutcomeDistribution("melee contest", out, {"one round": rounds})
