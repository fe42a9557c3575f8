"""The actions decided by one PROPOSED quality-die test (proposed_tests.py): leave cover,
enter melee, observe, remove suppression, improve morale."""

from __future__ import annotations

from fractions import Fraction

from engine.costs import Cost
from engine.dice import DiceSource
from engine.i18n import msg
from engine.model import (
    AddMarker,
    Effect,
    SetMarker,
    SetState,
)
from engine.odds import OutcomeDistribution, p_test
from engine.options import Option
from engine.protocol import (
    Action,
    Context,
    Resolution,
    Role,
    info_step,
    roll_test,
)
from engine.scenario import Unit

from . import common, data, proposed_tests
from .action_kit import ONE, binary, refuse, scenario_of


class _QualityTest(Action):
    """An action whose outcome is one PROPOSED quality-die test."""

    yes, no = "success", "failure"

    def _test(self, ctx: Context):
        raise NotImplementedError

    def _effects(self, ctx: Context, ok: bool) -> list[Effect]:
        return []

    def _summary(self, ctx: Context, ok: bool) -> str:
        return msg("{unit}: {result}", unit=ctx.actor.label, result=self.yes if ok else self.no)

    def _refuse(self, ctx: Context) -> str | None:
        return None

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        self._check(ctx)
        test, mods, base, label = self._test(ctx)
        step = roll_test(dice, test, id=self.id, label=msg("{test} (PROPOSED)", test=label),
                         base=base,
                         base_label="target", modifiers=mods, success=self.yes,
                         failure=self.no)
        ok = step.results[0] == self.yes
        return ctx.resolution([step], self._effects(ctx, ok), self._summary(ctx, ok))

    def _check(self, ctx: Context) -> None:
        why = self._refuse(ctx)
        if why:
            refuse(why, "actor")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._check(ctx)
        test, *_ = self._test(ctx)
        return binary(self.label, p_test(test), self.yes, self.no)


def _q(ctx: Context, u: Unit | None = None):
    sc, u = scenario_of(ctx), u or ctx.actor
    return common.quality_die(sc, u), common.level(sc, u), common.morale(sc, u)


class LeaveCover(_QualityTest):
    """Leave cover: a Shaken unit needs a reaction test (§4.3-2; PROPOSED §8-2); Broken
    by §4.A-11."""

    id = "leave_cover"
    label = "Leave cover"
    label_ru = "Выйти из укрытия"
    cost = ONE
    yes, no = "leaves cover", "stays in cover"

    def _refuse(self, ctx: Context) -> str | None:
        if _q(ctx)[2] == "broken" and ctx.rule("broken_leave_cover") == "forbidden":
            return "a Broken unit may not leave cover (§4.A-11)"
        return None

    def _test(self, ctx: Context):
        q, lv, m = _q(ctx)
        test, mods = proposed_tests.reaction_test(q, lv, m)
        return test, mods, lv, "Reaction test"

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        if _q(ctx)[2] == "steady":
            return ctx.resolution([info_step("leave_cover", "Leave cover",
                                             "no test (not Shaken)")],
                                  [SetState(ctx.actor.id, "in_cover", None)],
                                  msg("{unit} leaves cover", unit=ctx.actor.label))
        return super().resolve(ctx, dice)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._check(ctx)
        if _q(ctx)[2] == "steady":
            return binary(self.label, Fraction(1), self.yes, self.no)
        return super().odds(ctx)

    def _effects(self, ctx: Context, ok: bool) -> list[Effect]:
        return [SetState(ctx.actor.id, "in_cover", None)] if ok else []


class EnterMelee(_QualityTest):
    """Enter melee: a reaction test (PROPOSED §8-2), taking both actions (§4.3-2). The
    melee itself is not in this seed (§8-10)."""

    id = "enter_melee"
    label = "Enter melee"
    label_ru = "Вступить в рукопашный бой"
    roles = (Role("actor", kind="unit"), Role("target", kind="unit"))
    cost = Cost(whole_activation=True)
    yes, no = "charges", "holds back"

    def _test(self, ctx: Context):
        q, lv, m = _q(ctx)
        test, mods = proposed_tests.reaction_test(q, lv, m)
        return test, mods, lv, "Reaction test"

    def _summary(self, ctx: Context, ok: bool) -> str:
        return msg("{unit} enters melee with {target} (melee rules are not in this seed)"
                   if ok else "{unit} does not charge {target}", unit=ctx.actor.label,
                   target=ctx.target.label)


class Observe(_QualityTest):
    """Observe: a detection test to spot a hidden enemy (PROPOSED §8-3)."""

    id = "observe"
    label = "Observe"
    label_ru = "Наблюдать"
    roles = (Role("actor", kind="unit"), Role("target", kind="unit", required=False))
    options = (Option("concealment", "Target's concealment", "int", 0, minimum=0, maximum=2,
                      proposed=True, help="+1 or +2 to the number (§8-3)"),)
    cost = ONE
    yes, no = "spotted", "not spotted"

    def _test(self, ctx: Context):
        q = _q(ctx)[0]
        test, mods = proposed_tests.detection_test(q, int(ctx.option("concealment")))
        return test, mods, int(data.rule_number("tests.detection_target")), "Detection test"

    def _effects(self, ctx: Context, ok: bool) -> list[Effect]:
        t = ctx.target
        return [SetMarker(t.id, "spotted", True)] if ok and t is not None else []


class RemoveSuppression(_QualityTest):
    """Remove a suppression marker: an unsuppression test (PROPOSED §8-4)."""

    id = "remove_suppression"
    label = "Remove a suppression marker"
    label_ru = "Удалить маркер подавления"
    cost = ONE
    yes, no = "marker removed", "still suppressed"

    def _refuse(self, ctx: Context) -> str | None:
        return None if ctx.actor.markers.get("suppression") else \
            msg("{unit} has no suppression marker", unit=ctx.actor.label)

    def _test(self, ctx: Context):
        q, lv, _m = _q(ctx)
        test, mods = proposed_tests.unsuppression_test(
            q, lv, int(ctx.actor.markers.get("suppression", 0)))
        return test, mods, lv, "Unsuppression test"

    def _effects(self, ctx: Context, ok: bool) -> list[Effect]:
        return [AddMarker(ctx.actor.id, "suppression", -1)] if ok else []


class ImproveMorale(_QualityTest):
    """Try to improve morale: once per activation, a morale test (PROPOSED §8-5)."""

    id = "rally_morale"
    label = "Try to improve morale"
    label_ru = "Попытаться улучшить боевой дух"
    cost = Cost(actions=1, once_per="activation")
    yes, no = "one step better", "no change"

    def _refuse(self, ctx: Context) -> str | None:
        return msg("{unit} is already Steady", unit=ctx.actor.label) \
            if _q(ctx)[2] == "steady" else None

    def _test(self, ctx: Context):
        q, lv, m = _q(ctx)
        test, mods = proposed_tests.morale_test(q, lv, m)
        return test, mods, lv, "Morale test"

    def _effects(self, ctx: Context, ok: bool) -> list[Effect]:
        if not ok:
            return []
        ladder = data.morale_ladder()
        m = _q(ctx)[2]
        return [SetState(ctx.actor.id, "morale", ladder[ladder.index(m) - 1])]
