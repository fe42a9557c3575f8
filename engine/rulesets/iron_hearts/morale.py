"""Suppression, Guts and the commander (§4.5): start-of-turn tests, Overcome, the
commander's rally, and the plain stat test (§4.1) for the Tests panel.

A Guts test is d10 ≤ Guts − the MM penalty the unit carries (state["mm_penalties"]);
each pass removes one suppression, any failure at the start of the turn sets
state["cannot_act"], and the MM penalty is gone once the start-of-turn tests are rolled
("next turn the penalty is removed").
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import icepool

from engine.costs import Cost
from engine.dice import DiceSource, Test
from engine.i18n import msg
from engine.model import AddMarker, Effect, SetState
from engine.odds import OutcomeDistribution, distribution, p_test, successes
from engine.options import Modifier, Option, SchemaError
from engine.protocol import Context, Resolution, Role, info_step, roll_test
from engine.scenario import Unit

from .audience import ForCommanders
from .common import IHAction, Refused, penalty_modifier, rn, stat_test

__all__ = ["guts_test", "SuppressionTest", "Overcome", "Rally", "StatTest"]


#: the rally refusal when no target needs it
NOBODY_TO_RALLY = "targets: no soldier among them is suppressed or refusing"


def _cohesion_commander(ctx: Context) -> Unit | None:
    """Reading B of §4.A-6: a commander within voice range lends his Guts."""
    if ctx.rule("commander_guts") != "cohesion" or ctx.target is None:
        return None
    d = ctx.facts.distance_m
    if d is None:
        ctx.fact("distance_m")  # raises FactMissing: the distance to the commander
    return ctx.target if d <= rn("command.voice_m") else None


def guts_test(ctx: Context, unit: Unit, *, step: str = "guts",
              commander: Unit | None = None, own_penalty: bool = True,
              also: Unit | None = None) -> tuple[Test, int, str, list[Modifier]]:
    """(test, base, base label, modifiers) for `unit`'s Guts less its MM penalty
    (`own_penalty`), and less `also`'s (a rally for a soldier under rally_mm = soldier);
    under commander_guts = cohesion a commander in voice range lends his Guts if higher."""
    guts = ctx.profile(unit)["guts"]
    label = "Guts"
    if commander is not None:
        cg = ctx.profile(commander)["guts"]
        if cg > guts:
            guts, label = cg, msg("Guts of {unit} (cohesion, §4.A-6)", unit=commander.label)
    mods = (penalty_modifier(ctx, unit) if own_penalty else []) + \
        ([replace(m, label=msg("{label} of {unit}", label=m.label, unit=also.label))
          for m in penalty_modifier(ctx, also)]
         if also is not None else []) + \
        ctx.modifiers(step)
    return stat_test(ctx, guts, mods), guts, label, mods


def _clear_penalty(unit: Unit) -> list[Effect]:
    out: list[Effect] = []
    for key in ("mm_penalties", "guts_penalty"):
        if key in unit.state:
            out.append(SetState(unit.id, key, None))
    return out


def _refuses(ctx: Context, passes: int, tests: int) -> bool:
    """Whether the character does nothing this turn after `passes` of `tests` start-of-turn
    tests (§4.A-4): any failure (all_pass), or no pass at all (one_pass)."""
    if ctx.rule("start_test_acts") == "one_pass":
        return passes == 0
    return passes < tests



class SuppressionTest(IHAction):
    """§4.5-3: one Guts test per suppression at the start of the unit's turn."""

    id = "suppression_test"
    label = "Start-of-turn suppression tests"
    kind = "test"
    doc = ("One Guts test per suppression (d10 ≤ Guts − MM penalty): each pass removes "
           "one; any failure and the character does nothing this turn.")
    ap_cost = 0
    roles = (Role("actor", kind="unit"), Role("target", kind="unit", required=False,
                                 label="commander (commander_guts = cohesion)"))
    steps = ("guts",)

    def _plan(self, ctx: Context):
        n = int(ctx.actor.markers.get("suppression", 0))
        return n, guts_test(ctx, ctx.actor, commander=_cohesion_commander(ctx))

    def cost_of(self, ctx: Context) -> Cost | None:
        """Free under start_test_cost = free (automatic, no declared cost); 1 AP per test
        under ap_per_test (§4.A-4), known before any die: charged by the turn contract."""
        if ctx.rule("start_test_cost") != "ap_per_test":
            return None
        n = int(ctx.actor.markers.get("suppression", 0))
        return Cost(ap=n, reason="§4.A-4 (start_test_cost = ap_per_test): 1 AP per test, "
                                 "as Overcome")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        n, (test, base, label, mods) = self._plan(ctx)
        if n == 0:
            step = info_step("guts", "Suppression tests", "no suppression: acts normally")
            effects = _clear_penalty(ctx.actor)
            if ctx.actor.state.get("cannot_act"):
                effects.append(SetState(ctx.actor.id, "cannot_act", None))
            return ctx.resolution([step], effects, "acts normally")
        step = roll_test(dice, test, id="guts", label="Suppression tests (Guts)", n=n,
                         base=base, base_label=label, modifiers=mods, success="pass",
                         failure="fail", note=msg("one test per suppression ({n}); each die "
                                                  "is its own test — never summed", n=n))
        passes = step.count("pass")
        effects: list[Effect] = []
        if passes and ctx.rule("start_test_pass_removes") == "one":
            effects.append(AddMarker(ctx.actor.id, "suppression", -passes))
        failed = _refuses(ctx, passes, n)
        effects.append(SetState(ctx.actor.id, "cannot_act", True if failed else None))
        effects += _clear_penalty(ctx.actor)
        text = msg("{passes} of {n} passed: {then}", passes=passes, n=n,
                   then="cannot act this turn" if failed else "acts normally")
        return ctx.resolution([step], effects, text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        n, (test, *_rest) = self._plan(ctx)
        if n == 0:
            return OutcomeDistribution("suppression removed", ((0, Fraction(1)),),
                                       {"acts": OutcomeDistribution(
                                           "acts", (("acts", Fraction(1)),))})
        k = successes(n, test)
        p = p_test(test)
        p_acts = p ** n if ctx.rule("start_test_acts") == "all_pass" else 1 - (1 - p) ** n
        removed = k if ctx.rule("start_test_pass_removes") == "one" else k.map(lambda _: 0)
        return distribution("suppression removed", removed, order=range(n + 1), parts={
            "acts": OutcomeDistribution("acts", (("acts", p_acts),
                                                 ("cannot act", 1 - p_acts)))})


class Overcome(IHAction):
    """§4.5-4: 1 AP, a Guts test; a pass removes one suppression."""

    id = "overcome"
    label = "Overcome"
    kind = "test"
    doc = "1 AP: d10 ≤ Guts − MM penalty removes one suppression (or other negative effect)."
    ap_cost = 1
    cost = Cost(ap=1, reason="§4.5-4: Overcome costs 1 AP")
    steps = ("guts",)

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        test, base, label, mods = guts_test(ctx, ctx.actor)
        step = roll_test(dice, test, id="guts", label="Overcome (Guts)", base=base,
                         base_label=label, modifiers=mods, success="pass", failure="fail")
        effects: list[Effect] = []
        have = int(ctx.actor.markers.get("suppression", 0))
        if step.count("pass") and have:
            effects.insert(0, AddMarker(ctx.actor.id, "suppression", -1))
        text = ("one suppression removed" if have else "negative effect removed") \
            if step.count("pass") else "still suppressed"
        return ctx.resolution([step], effects, text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        test, *_ = guts_test(ctx, ctx.actor)
        return distribution("overcome", successes(1, test).map(
            lambda k: "pass" if k else "fail"), order=["pass", "fail"])


class Rally(ForCommanders, IHAction):
    """§4.5-5: the commander tests his own Guts for suppressed or refusing soldiers."""

    id = "rally"
    label = "Commander's rally"
    kind = "test"
    doc = ("The commander rolls his own Guts once per suppression of each soldier (1 for "
           "a soldier who refuses without one); a soldier whose tests all pass acts again "
           "this turn, his suppression kept (seed L281; rally_clears).")
    ap_cost = 1
    roles = (Role("actor", kind="unit", label="commander"),
             Role("targets", kind="units", label="soldiers"))
    steps = ("guts",)

    def _plan(self, ctx: Context):
        if not ctx.targets:
            raise SchemaError("rally.targets: required (soldiers)")
        need = []
        for u in ctx.targets:
            s = int(u.markers.get("suppression", 0))
            if u.state.get("cannot_act") or s:
                need.append((u, max(1, s)))
        groups = []
        own = ctx.rule("rally_mm") != "none"
        for u, t in need:
            test, base, label, mods = guts_test(ctx, ctx.actor, own_penalty=own,
                                                also=u if ctx.rule("rally_mm") == "soldier"
                                                else None)
            groups.append((u, t, test, base, label, mods))
        return groups

    def _ap(self, ctx: Context, tests: int) -> int:
        return tests if ctx.rule("rally_ap") == "per_test" else int(tests > 0)

    def cost_of(self, ctx: Context) -> Cost:
        """The commander's AP for the tests he rolls (rally_ap, §4.A-7), known before any
        die: one test per suppression of each soldier, one for a soldier refusing without
        one. Charged by the turn contract."""
        tests = sum(max(1, int(u.markers.get("suppression", 0))) for u in ctx.targets
                    if u.state.get("cannot_act") or u.markers.get("suppression"))
        return Cost(ap=self._ap(ctx, tests), reason="§4.5-5, §4.A-7 (rally_ap)")

    def _rolls(self, ctx: Context, dice: DiceSource, groups) -> list[tuple[Unit, int, list]]:
        """One roll of all the tests when they share a target number, else one step per
        soldier (rally_mm = soldier with different penalties)."""
        if len({(g[2], tuple(g[5])) for g in groups}) <= 1:
            _, _, test, base, label, mods = groups[0]
            total = sum(g[1] for g in groups)
            order = ", ".join(f"{u.label} × {t}" for u, t, *_ in groups)
            step = roll_test(dice, test, id="guts", label="Rally (commander's Guts)",
                             n=total, base=base,
                             base_label=msg("{label} of {unit}", label=label,
                                            unit=ctx.actor.label),
                             modifiers=mods, success="pass", failure="fail",
                             note=msg("tests in order: {order}; each die its own test — never "
                                      "summed", order=order))
            out, i = [], 0
            for u, t, *_ in groups:
                out.append((u, t, list(step.results[i:i + t])))
                i += t
            return [step], out
        steps, out = [], []
        for u, t, test, base, label, mods in groups:
            step = roll_test(dice, test, id=f"guts-{u.id}",
                             label=msg("Rally: {unit}", unit=u.label), n=t, base=base,
                             base_label=msg("{label} of {unit}", label=label,
                                            unit=ctx.actor.label),
                             modifiers=mods, success="pass", failure="fail",
                             note="with the soldier's MM penalty (rally_mm = soldier)")
            steps.append(step)
            out.append((u, t, list(step.results)))
        return steps, out

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        groups = self._plan(ctx)
        if not groups:
            raise Refused(NOBODY_TO_RALLY)
        steps, results = self._rolls(ctx, dice, groups)
        total = sum(t for _, t, _ in results)
        clears = ctx.rule("rally_clears") == "suppression"
        effects: list[Effect] = []
        back = []
        for u, t, res in results:
            passes = res.count("pass")
            if clears and passes and u.markers.get("suppression", 0):
                effects.append(AddMarker(u.id, "suppression", -passes))
            if passes == t:
                back.append(u.label)
                if u.state.get("cannot_act"):
                    effects.append(SetState(u.id, "cannot_act", None))
        ap = self._ap(ctx, total)
        if not back:
            text = msg("nobody rallied ({ap} AP)", ap=ap)
        elif clears:
            text = msg("{units} act again this turn ({ap} AP)", units=", ".join(back), ap=ap)
        else:
            text = msg("{units} act again this turn; suppression kept until their next tests "
                       "(seed L281) ({ap} AP)", units=", ".join(back), ap=ap)
        return ctx.resolution(steps, effects, text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        groups = self._plan(ctx)
        if not groups:
            raise Refused(NOBODY_TO_RALLY)
        back = icepool.Die([0])
        passes = icepool.Die([0])
        for _, t, test, *_ in groups:
            q = p_test(test) ** t
            weights = {1: q.numerator, 0: q.denominator - q.numerator}
            back = back + icepool.Die({k: w for k, w in weights.items() if w})
            passes = passes + successes(t, test)
        total = sum(g[1] for g in groups)
        return distribution("soldiers back", back, order=range(len(groups) + 1), parts={
            "passes": distribution("passes", passes, order=range(total + 1))})


class StatTest(IHAction):
    """§4.1: a plain d10 ≤ stat test (a Guts test carries the MM penalty)."""

    id = "stat_test"
    label = "Stat test"
    kind = "test"
    doc = "d10 ≤ Accuracy, Melee or Guts (+ modifiers); Guts less the MM penalty."
    ap_cost = 0
    steps = ("test",)
    options = (Option("stat", "Stat", "choice", "guts", choices=("accuracy", "melee", "guts"),
                      reason="§4.1: only these three are tested directly"),)

    def _test(self, ctx: Context):
        stat = ctx.option("stat")
        base = ctx.profile()[stat]
        mods = (penalty_modifier(ctx, ctx.actor) if stat == "guts" else []) + \
            ctx.modifiers("test")
        return stat_test(ctx, base, mods), base, stat, mods

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        test, base, stat, mods = self._test(ctx)
        step = roll_test(dice, test, id="test", label=f"{stat.capitalize()} test", base=base,
                         base_label=stat.capitalize(), modifiers=mods)
        return ctx.resolution([step], [], step.outcome)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        test, *_ = self._test(ctx)
        return distribution("test", successes(1, test).map(
            lambda k: "success" if k else "failure"), order=["success", "failure"])
