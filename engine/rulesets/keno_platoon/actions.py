"""The actions of §4.3, each declaring its cost (engine.costs.Cost) so the engine charges
and refuses them: 1 action each; fire not with the same weapon twice per activation
(§4.A-4); melee takes both actions; reorganise and improve-morale once per activation.
Tests the seed names but does not give are the rules file's PROPOSED readings
(proposed_tests.py), labelled PROPOSED in their steps."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NoReturn

from engine.costs import Cost
from engine.dice import D6, DiceSource, Die, draw
from engine.edits import AddMember, AddUnit
from engine.i18n import join, msg
from engine.model import (
    AddMarker,
    AdjustState,
    Effect,
    MoveUnit,
    RemoveUnit,
    SetMarker,
    SetState,
)
from engine.odds import OutcomeDistribution, distribution, p_test
from engine.options import Option
from engine.protocol import (
    Action,
    ActionRefused,
    Context,
    Resolution,
    Role,
    Step,
    info_step,
    roll_step,
    roll_test,
)
from engine.scenario import Unit

from . import common, data, movement, organisation, proposed_tests
from .command import comm_facts, comm_odds, plan_comm, roll_comm

__all__ = ["ACTIONS"]

ONE = Cost(actions=1)


def _sc(ctx: Context):
    return ctx.game.scenario if ctx.game is not None else None


def _refuse(text: str, argument: str | None = None) -> NoReturn:
    """The protocol's one refusal (ActionRefused), naming the argument at fault."""
    raise ActionRefused(text, argument=argument)


def _need_game(ctx: Context, what: str):
    if ctx.game is None:
        _refuse(msg("{what} needs the board (a game)", what=what))
    return ctx.game


def _binary(label: str, p: Fraction, yes: str, no: str) -> OutcomeDistribution:
    return OutcomeDistribution(label, ((yes, p), (no, 1 - p)))


# --------------------------------------------------------------------------- movement


def _rows(ctx: Context, u: Unit) -> tuple[str, str]:
    sc = _sc(ctx)
    base = common.move_class_of(sc, u)
    row = movement.state_class(base, movement.is_encumbered(u.state), u.state.get("tow_state"))
    return base, row


def _destination(ctx: Context) -> tuple[float, float]:
    p = ctx.role("point")
    if p is None:
        _refuse("the destination is required (§4.A-14)", "point")
    return p


def _gap(u: Unit, p: tuple[float, float]) -> float:
    return math.hypot(p[0] - u.x, p[1] - u.y)


class Advance(Action):
    """Advance by a normal move (inches per action by class, §4.10-1) or a combat move of
    2dN (§4.10-5), toward the declared destination (§4.A-14), stopping when blocked."""

    id = "advance"
    label = "Advance"
    label_ru = "Продвинуться"
    roles = (Role("actor"), Role("point", label="destination"))
    options = (Option("mode", "Move", "choice", "normal", choices=("normal", "combat"),
                      help="normal: the class's inches per action; combat: 2dN, N = the "
                           "normal move (§4.10-5)"),)
    cost = ONE
    doc = "§4.10: normal move or 2dN combat move toward a declared destination"

    def _die(self, ctx: Context) -> Die:
        base, row = _rows(ctx, ctx.actor)
        d = movement.combat_die(row, base, ctx.rule("combat_faces"))
        if d is None:
            _refuse(msg("{unit}: a {move_class} has no combat move (§4.A-15)",
                        unit=ctx.actor.label, move_class=data.move_class(row)),
                    "options.mode")
        return d

    def why_not_move(self, ctx: Context, u: Unit, row: str, gap: float) -> str | None:
        """Why the unit cannot make this move (None: it can)."""
        able = u.state.get("able_carriers")
        if able is not None and not movement.can_carry(int(able), int(u.state.get("carried", 0))):
            return msg("{items} items carried by {able} able fighters: no movement at all "
                       "(§4.10-3)", items=u.state.get("carried"), able=able)
        if u.state.get("march_order") and row == "manhandled":
            return "crews cannot manhandle guns in march order (§4.10-6)"
        rec = data.move_class(row)
        if row == "rail_vehicle" and ctx.game is not None:
            path = movement.path_along((u.x, u.y), _destination(ctx), rec["inches"])
            off = movement.off_way(path, movement.ways(ctx.game.scenario.terrain, "railway"))
            if off is not None:
                return msg("a railway vehicle moves only along intact rails; this move leaves "
                           "them at ({x:.1f}, {y:.1f}) (§4.10-1, §6-5)", x=off[0], y=off[1])
        if rec["limit"] == "at_least" and ctx.rule("aircraft_minimum") \
                and gap < rec["inches"] - 1e-9:
            return msg('an aircraft moves at least {inches:g}" per action; the destination is '
                       '{distance:.1f}" away (§4.10-1, §4.A-16)', inches=rec["inches"],
                       distance=gap)
        return None

    @staticmethod
    def normal_distance(ctx: Context, u: Unit, row: str, dest: tuple[float, float]
                        ) -> tuple[float, str]:
        """The normal move and how it was found: the class's inches per action, times the
        march road factor when in march order the whole move keeps to a road (PROPOSED
        §8-9; the seed gives no march speed, §4.10-6)."""
        inches = movement.normal_move(row)
        text = msg('{inches:g}" ({move_class})', inches=inches, move_class=data.move_class(row))
        factor = float(data.rule_number("march.road_factor"))
        if not u.state.get("march_order") or factor == 1 or ctx.game is None:
            return inches, text
        fast = inches * factor
        path = movement.path_along((u.x, u.y), dest, fast)
        if movement.off_way(path, movement.ways(ctx.game.scenario.terrain, "road")) is None:
            return fast, msg('{fast:g}" in march order on the road ({factor:g} × {inches:g}", '
                             "PROPOSED §8-9)", fast=fast, factor=factor, inches=inches)
        return inches, msg("{move} — march order off the road: no road speed (PROPOSED §8-9)",
                           move=text)

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        u, dest = ctx.actor, _destination(ctx)
        base, row = _rows(ctx, u)
        gap = _gap(u, dest)
        why = self.why_not_move(ctx, u, row, gap)
        if why:
            _refuse(msg("{unit}: {why}", unit=u.label, why=why), "point")
        _need_game(ctx, "a move")
        steps = []
        if ctx.option("mode") == "combat":
            d = self._die(ctx)
            roll = roll_step(dice, d, id="combat_move",
                             label=msg("Combat move (2{die})", die=d.name), n=2)
            total = float(roll.totals[0])
            reached = total >= gap - 1e-9
            steps.append(roll.with_outcome(
                msg('{total:g}" — destination reached', total=total) if reached else
                msg('{total:g}" — {short:.1f}" short', total=total, short=gap - total)))
            distance = total
        else:
            distance, text = self.normal_distance(ctx, u, row, dest)
            steps.append(info_step("normal_move", "Normal move", text))
        target = dest
        if ctx.option("mode") == "combat" and ctx.rule("combat_move") == "full" and gap > 0:
            k = distance / gap
            target = (u.x + (dest[0] - u.x) * max(k, 1.0), u.y + (dest[1] - u.y) * max(k, 1.0))
        mv = ctx.board.move_toward(u.id, target, distance)
        steps.append(info_step("move", "Move", msg(
            '{moved:.2f}" of {distance:.2f}" (blocked by {what})', moved=mv.distance,
            distance=gap, what=mv.blocked_by) if mv.blocked else msg(
            '{moved:.2f}" of {distance:.2f}"', moved=mv.distance, distance=gap),
            note=mv.note))
        arrived = abs(mv.distance - gap) < 1e-6
        return ctx.resolution(steps, list(mv.effects), msg(
            '{unit} moves {moved:.1f}" and reaches the destination' if arrived else
            '{unit} moves {moved:.1f}"', unit=u.label, moved=mv.distance))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        u, dest = ctx.actor, _destination(ctx)
        gap = _gap(u, dest)
        if ctx.option("mode") == "combat":
            d = self._die(ctx)
            reach = movement.combat_reach(d)
            return distribution("destination", reach.map(lambda v: "reached" if v >= gap - 1e-9
                                                          else "short"),
                                order=("reached", "short"),
                                parts={"inches": distribution("inches", reach)})
        _base, row = _rows(ctx, u)
        ok = self.normal_distance(ctx, u, row, dest)[0] >= gap - 1e-9
        return OutcomeDistribution("destination", (("reached", Fraction(int(ok))),
                                                   ("short", Fraction(int(not ok)))))


class Pivot(Action):
    """A vehicle turning on the spot: movement, 1 action (§4.10-2); the turret is free."""

    id = "pivot"
    label = "Turn on the spot"
    label_ru = "Поворот на месте"
    roles = (Role("actor"),)
    options = (Option("facing", "New facing (degrees)", "float", 0.0, minimum=0,
                      maximum=360),)
    cost = ONE
    audience = "vehicles"

    def applies_to(self, ruleset, unit, profile) -> bool:
        return bool(profile.get("vehicle"))

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        u, f = ctx.actor, float(ctx.option("facing")) % 360
        return ctx.resolution([info_step("pivot", "Pivot", msg("{old:g}° → {new:g}°",
                                                               old=u.facing, new=f))],
                              [MoveUnit(u.id, u.x, u.y, f)],
                              msg("{unit} turns to {new:g}°", unit=u.label, new=f))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("pivot", (("done", Fraction(1)),))


class MarchOrder(Action):
    """Enter or leave march order (§4.10-6): weapons slung, no cover taken, in column; no
    firing, no manhandled guns, the road speed of §8-9 (PROPOSED: 1 action either way)."""

    id = "march_order"
    label = "Enter / leave march order"
    label_ru = "Построиться в походный порядок / выйти из него"
    cost = Cost(actions=int(data.rule_number("march.action")))
    doc = "§4.10-6 march order; its cost and speed PROPOSED (§8-9)"

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        u = ctx.actor
        now = not u.state.get("march_order")
        effects: list[Effect] = [SetState(u.id, "march_order", True if now else None)]
        if now:
            effects.append(SetState(u.id, "in_cover", None))  # "no cover is taken"
            text = ("forms march order: in column, weapons slung, no firing (§4.10-6); "
                    "on a road it moves at the march speed (PROPOSED §8-9)")
        else:
            text = "leaves march order: ready for combat"
        return ctx.resolution([info_step("march_order", "March order (PROPOSED cost §8-9)",
                                         text)], effects,
                              msg("{unit} forms march order" if now else
                                  "{unit} leaves march order", unit=u.label))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("march order", (("done", Fraction(1)),))


class Prone(Action):
    id = "go_prone"
    label = "Go prone / stand up"
    label_ru = "Залечь / встать из залегания"
    cost = ONE

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        u = ctx.actor
        now = not u.state.get("prone")
        text = "goes prone" if now else "stands up"
        return ctx.resolution([info_step("prone", "Prone", text)],
                              [SetState(u.id, "prone", now or None)],
                              msg("{unit} goes prone" if now else "{unit} stands up",
                                  unit=u.label))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("prone", (("done", Fraction(1)),))


# --------------------------------------------------------------------------- tests


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
            _refuse(why, "actor")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._check(ctx)
        test, *_ = self._test(ctx)
        return _binary(self.label, p_test(test), self.yes, self.no)


def _q(ctx: Context, u: Unit | None = None):
    sc, u = _sc(ctx), u or ctx.actor
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
            return _binary(self.label, Fraction(1), self.yes, self.no)
        return super().odds(ctx)

    def _effects(self, ctx: Context, ok: bool) -> list[Effect]:
        return [SetState(ctx.actor.id, "in_cover", None)] if ok else []


class EnterMelee(_QualityTest):
    """Enter melee: a reaction test (PROPOSED §8-2), taking both actions (§4.3-2). The
    melee itself is not in this seed (§8-10)."""

    id = "enter_melee"
    label = "Enter melee"
    label_ru = "Вступить в рукопашный бой"
    roles = (Role("actor"), Role("target"))
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
    roles = (Role("actor"), Role("target", required=False))
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


# --------------------------------------------------------------------------- fire, comms


class Fire(Action):
    """Fire a weapon: 1 action, not the same weapon twice per activation (§4.3-2,
    §4.A-4). The seed has no fire tables (§8-10): this records the shot for the
    activation's restrictions; the fire itself is resolved at the table."""

    id = "fire_weapon"
    label = "Fire a weapon"
    label_ru = "Стрелять из оружия"
    roles = (Role("actor"), Role("weapon"), Role("target", required=False))
    support = False

    def cost_of(self, ctx: Context) -> Cost:
        if ctx.rule("fire_limit") == "once":
            return Cost(actions=1, uses_weapon=True, once_per="activation", once_key="fire",
                        proposed=True, reason="§4.A-4 once")
        return Cost(actions=1, uses_weapon=True, weapon_once_per="activation")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        if ctx.actor.state.get("march_order"):
            _refuse(msg("{unit}: no firing in march order (§4.10-6)", unit=ctx.actor.label),
                    "actor")
        w = ctx.weapon or ctx.weapon_id
        note = "fire tables are not in this seed (§8-10)"
        if ctx.target is not None and ctx.game is not None:
            from .officers import attached_squad

            squad = attached_squad(ctx.game, ctx.target.id, float(ctx.rule("cohesion_in")))
            if squad and not common.value(_sc(ctx), ctx.actor, "sniper", False):
                note = msg("fire tables are not in this seed (§8-10); {target} counts as part "
                           "of {squad} when shot at (§4.9-1: only a sniper may pick him out)",
                           target=ctx.target.label, squad=squad)
        if ctx.target is not None:
            what = msg("{weapon} at {target}", weapon=w, target=ctx.target.label)
            said = msg("{unit} fires {weapon} at {target}", unit=ctx.actor.label, weapon=w,
                       target=ctx.target.label)
        else:
            what = msg("{weapon}", weapon=w)
            said = msg("{unit} fires {weapon}", unit=ctx.actor.label, weapon=w)
        return ctx.resolution([info_step("fire", "Fire", what, note=note)], [], said)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("fire", (("fired", Fraction(1)),))


class FireSupport(Fire):
    id = "fire_support_weapon"
    label = "Fire a support weapon"
    label_ru = "Стрелять из оружия поддержки"
    support = True


class MakeContact(Action):
    """Make contact: a comm test (§4.5) with another unit; none needed in sight within 6".
    Its effect (§4.A-18 report): the unit is 'in contact' with the other this turn."""

    id = "make_contact"
    label = "Make contact"
    label_ru = "Выйти на связь"
    roles = (Role("actor"), Role("target", label="unit contacted"))
    cost = ONE

    def _plan(self, ctx: Context):
        game = _need_game(ctx, "a comm test")
        plan = plan_comm(comm_facts(game, ctx.actor, ctx.target, 0), dict(ctx.rules))
        if plan.kind == "impossible":        # refused before any die, odds alike
            _refuse(msg("communication: {why}", why=plan.why), "target")
        return plan

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        plan = self._plan(ctx)
        step = roll_comm(plan, dice)
        ok = step.results[0] == "through" if step.results else True
        eff = [SetState(ctx.actor.id, "in_contact", ctx.target.id)] if ok else []
        return ctx.resolution([step], eff, msg("{unit} → {target}: contact" if ok else
                                               "{unit} → {target}: no contact",
                                               unit=ctx.actor.label, target=ctx.target.label))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return comm_odds(self._plan(ctx))


# --------------------------------------------------------------------------- reorganise


class Reorganise(Action):
    """Reorganise: 1 action, once per activation (§4.6). Restoring cohesion is refused if
    the unit is suppressed and not in cover; bandaging sorts its casualties, each on a d6
    (PROPOSED §8-7: 1–2 killed, 3–4 heavily wounded, 5–6 lightly wounded, back in the
    squad)."""

    id = "reorganise"
    label = "Reorganise"
    label_ru = "Реорганизоваться"
    cost = Cost(actions=1, once_per="activation")

    def _blocked(self, ctx: Context) -> bool:
        u = ctx.actor
        return bool(u.markers.get("suppression")) and not u.state.get("in_cover")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        u = ctx.actor
        n = int(u.state.get("casualties", 0))
        if self._blocked(ctx) and not (ctx.rule("bandage_suppressed") and n):
            _refuse(msg("{unit} is suppressed and not in cover (§4.6-2)", unit=u.label),
                    "actor")
        steps = [info_step("cohesion", "Cohesion", "not restored: suppressed, not in cover"
                           if self._blocked(ctx) else "restored")]
        effects: list[Effect] = []
        if n:
            roll = draw(dice, D6, n, label="casualty sorting")
            km, hm = data.rule_number("casualties.killed_max"), \
                data.rule_number("casualties.heavy_max")
            k = sum(1 for f in roll.faces if f <= km)
            h = sum(1 for f in roll.faces if km < f <= hm)
            light = n - k - h
            steps.append(Step("casualties", "Casualty sorting (PROPOSED)", (roll,),
                              outcome=msg("{killed} killed, {heavy} heavily wounded, "
                                          "{light} lightly wounded", killed=k, heavy=h,
                                          light=light)))
            effects += [SetState(u.id, "casualties", None),
                        AdjustState(u.id, "figures", -(k + h), minimum=0,
                                    default=common.figures(_sc(ctx), u)),
                        AdjustState(u.id, "heavy_wounded", h, minimum=0, default=0)]
        return ctx.resolution(steps, effects, msg("{unit} reorganises", unit=u.label))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("reorganise", (("done", Fraction(1)),))


class Merge(Action):
    """Merge two groups into one (§4.7): adjacent, the larger squad's die, the better
    level, the mean morale (§4.A-8). One action of either squad (§4.A-7); the merged squad
    counts as activated if either part was. The other squad leaves the table, merged."""

    id = "merge_groups"
    label = "Merge two groups"
    label_ru = "Объединить две группы в одну"
    roles = (Role("actor"), Role("other", kind="unit", label="squad merged in"))
    cost = ONE

    def plan(self, ctx: Context) -> organisation.Merged:
        sc = _sc(ctx)
        a, b = ctx.actor, ctx.role("other")
        if a.id == b.id or a.side != b.side:
            _refuse("another squad of the same side", "other")
        part = lambda u: organisation.Part(common.figures(sc, u), common.quality_die(sc, u),  # noqa: E731
                                           common.level(sc, u), common.morale(sc, u))
        return organisation.merge(part(a), part(b), morale_rounding=ctx.rule("morale_rounding"),
                                  equal_die=ctx.rule("merge_equal_die"))

    def _check(self, ctx: Context) -> bool:
        """Refuses a merge the rules do not allow; whether it spends an action of both."""
        a, b = ctx.actor, ctx.role("other")
        if a.id == b.id or a.side != b.side:
            _refuse("another squad of the same side", "other")
        if ctx.game is not None:
            from engine.measure import measure_pair

            gap = measure_pair(ctx.game.scenario, a.id, b.id).edge_in
            reach = float(ctx.rule("cohesion_in"))
            if gap > reach + 1e-9:
                _refuse(msg('{unit} is {distance:.1f}" away; the squads must be next to each '
                            'other (≤ {reach:g}", §4.7-1, §4.A-20)', unit=b.label,
                            distance=gap, reach=reach), "other")
        both = ctx.rule("merge_action") == "both"
        if both and ctx.game is not None:
            from engine.turns import actions_left, structure_of

            if (actions_left(ctx.game, b.id, structure_of(ctx.ruleset)) or 0) < 1:
                _refuse(msg("{unit} has no action left to spend on the merge (§4.A-7 both)",
                            unit=b.label), "other")
        return both

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        both = self._check(ctx)
        a, b = ctx.actor, ctx.role("other")
        m = self.plan(ctx)
        steps = [info_step("merge", "Merge", msg(
            "{figures} figures, {die}, level {level}, {morale}", figures=m.figures,
            die=m.quality.name, level=m.level, morale=common.label_morale(m.morale)),
            note=join("; ", (*m.notes, "better level", "mean morale (§4.A-8)")))]
        effects: list[Effect] = [SetState(a.id, "figures", m.figures),
                                 SetState(a.id, "quality", m.quality.name),
                                 SetState(a.id, "level", m.level),
                                 SetState(a.id, "morale", m.morale)]
        if b.state.get("activated") and not a.state.get("activated"):
            effects.append(SetState(a.id, "activated", True))
        if both:
            effects.append(AdjustState(b.id, "actions_left", -1, minimum=0))
        effects.append(RemoveUnit(b.id, msg("merged into {unit}", unit=a.id)))
        return ctx.resolution(steps, effects, msg("{unit} merges into {other}", unit=b.label,
                                                  other=a.label))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._check(ctx)
        return OutcomeDistribution("merge", (("merged", Fraction(1)),))


class Detach(Action):
    """Detach part of a squad as a separate group (§4.8; the "child group" action is the
    same, §4.A-3): 1 action; same die and morale; the level rolled on a d6 and clamped;
    subordinate to the parent squad, acting only through its passed actions."""

    id = "detach_group"
    label = "Detach a group"
    label_ru = "Выделить часть отделения в отдельную группу"
    roles = (Role("actor"), Role("point", required=False, label="where the group stands"))
    options = (Option("figures", "Figures detached", "int", 1, minimum=1, maximum=50),
               Option("android", "The group's leader is an android", "choice", "parent",
                      choices=("parent", "yes", "no"), reason="§4.A-10",
                      help="parent: the parent squad's commander type"),
               Option("group_id", "Id of the new group", "str", ""))
    cost = ONE

    def _android(self, ctx: Context) -> bool:
        a = ctx.option("android")
        return common.is_android(_sc(ctx), ctx.actor) if a == "parent" else a == "yes"

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        u, sc = ctx.actor, _sc(ctx)
        n, have = int(ctx.option("figures")), common.figures(sc, u)
        if n >= have:
            _refuse(msg("{unit} has {n}; detach fewer", unit=u.label, n=have),
                    "options.figures")
        lv = common.level(sc, u)
        roll = draw(dice, D6, 1, label="detached group's commander")
        new = organisation.detach_level(lv, roll.faces[0], self._android(ctx))
        step = Step("detach", "Detached group's commander (d6)", (roll,),
                    outcome=msg("level {level} (parent {parent})", level=new, parent=lv),
                    note="6: one better, 4–5: same, 1–3: one worse; clamped (§4.8-3, -4)")
        gid = ctx.option("group_id") or f"{u.id}-d{roll.faces[0]}"
        taken = {x.id for x in sc.units} | {g.id for g in sc.groups} if sc else set()
        base_id, i = gid, 2
        while gid in taken:
            gid, i = f"{base_id}-{i}", i + 1
        x, y = ctx.role("point") or (u.x + 1.5, u.y)
        unit = {"id": gid, "side": u.side, "profile": "keno-detached" if u.side == "keno"
                else u.profile, "x": x, "y": y, "base": {"shape": "round", "diameter_mm": 25},
                "name": f"{u.label} (detached)", "parent": u.id,
                "state": {"figures": n, "quality": common.quality_die(sc, u).name,
                          "level": new, "morale": common.morale(sc, u),
                          "detached_from": u.id, "move_class": common.move_class_of(sc, u)}}
        effects: list[Effect] = [AdjustState(u.id, "figures", -n, minimum=1, default=have),
                                 AddUnit(unit)]
        if sc is not None:
            effects += [AddMember(g.id, gid) for g in sc.groups_of(u.id)]
        return ctx.resolution([step], effects,
                              msg("{unit} detaches {n} as {group}: level {level}",
                                  unit=u.label, n=n, group=gid, level=new))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        lv = common.level(_sc(ctx), ctx.actor)
        import icepool

        levels = icepool.d6.map(lambda f: organisation.detach_level(lv, f, self._android(ctx)))
        return distribution("level", levels, order=(1, 2, 3))


ACTIONS: tuple[Action, ...] = (Advance(), Pivot(), MarchOrder(), Prone(), LeaveCover(), Fire(),
                               FireSupport(), EnterMelee(), Reorganise(), MakeContact(),
                               Observe(), RemoveSuppression(), Detach(), ImproveMorale(),
                               Merge())
