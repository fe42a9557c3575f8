"""The actions that change a squad's make-up: reorganise (§4.6), merge (§4.7), detach
(§4.8)."""

from __future__ import annotations

from fractions import Fraction

from engine.costs import Cost
from engine.dice import D6, DiceSource, draw
from engine.edits import AddMember, AddUnit
from engine.i18n import join, msg
from engine.model import (
    AdjustState,
    Effect,
    RemoveUnit,
    SetState,
)
from engine.odds import OutcomeDistribution, distribution
from engine.options import Option
from engine.protocol import (
    Action,
    Context,
    Resolution,
    Role,
    Step,
    info_step,
)

from . import common, data, organisation
from .action_kit import ONE, refuse, scenario_of


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
            refuse(msg("{unit} is suppressed and not in cover (§4.6-2)", unit=u.label),
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
                                    default=common.figures(scenario_of(ctx), u)),
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
    roles = (Role("actor", kind="unit"), Role("other", kind="unit", label="squad merged in"))
    cost = ONE

    def plan(self, ctx: Context) -> organisation.Merged:
        sc = scenario_of(ctx)
        a, b = ctx.actor, ctx.role("other")
        if a.id == b.id or a.side != b.side:
            refuse("another squad of the same side", "other")
        part = lambda u: organisation.Part(common.figures(sc, u), common.quality_die(sc, u),  # noqa: E731
                                           common.level(sc, u), common.morale(sc, u))
        return organisation.merge(part(a), part(b), morale_rounding=ctx.rule("morale_rounding"),
                                  equal_die=ctx.rule("merge_equal_die"))

    def _check(self, ctx: Context) -> bool:
        """Refuses a merge the rules do not allow; whether it spends an action of both."""
        a, b = ctx.actor, ctx.role("other")
        if a.id == b.id or a.side != b.side:
            refuse("another squad of the same side", "other")
        if ctx.game is not None:
            from engine.measure import measure_pair

            gap = measure_pair(ctx.game.scenario, a.id, b.id).edge_in
            reach = float(ctx.rule("cohesion_in"))
            if gap > reach + 1e-9:
                refuse(msg('{unit} is {distance:.1f}" away; the squads must be next to each '
                            'other (≤ {reach:g}", §4.7-1, §4.A-20)', unit=b.label,
                            distance=gap, reach=reach), "other")
        both = ctx.rule("merge_action") == "both"
        if both and ctx.game is not None:
            from engine.turns import actions_left, structure_of

            if (actions_left(ctx.game, b.id, structure_of(ctx.ruleset)) or 0) < 1:
                refuse(msg("{unit} has no action left to spend on the merge (§4.A-7 both)",
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
        effects.append(RemoveUnit(b.id, msg("merged into {unit}", unit=a.label)))
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
    roles = (Role("actor", kind="unit"),
             Role("point", kind="point", required=False, label="where the group stands"))
    options = (Option("figures", "Figures detached", "int", 1, minimum=1, maximum=50),
               Option("android", "The group's leader is an android", "choice", "parent",
                      choices=("parent", "yes", "no"), reason="§4.A-10",
                      help="parent: the parent squad's commander type"),
               Option("group_id", "Id of the new group", "str", ""))
    cost = ONE

    def _android(self, ctx: Context) -> bool:
        a = ctx.option("android")
        return common.is_android(scenario_of(ctx), ctx.actor) if a == "parent" else a == "yes"

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        u, sc = ctx.actor, scenario_of(ctx)
        n, have = int(ctx.option("figures")), common.figures(sc, u)
        if n >= have:
            refuse(msg("{unit} has {n}; detach fewer", unit=u.label, n=have),
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
        lv = common.level(scenario_of(ctx), ctx.actor)
        import icepool

        levels = icepool.d6.map(lambda f: organisation.detach_level(lv, f, self._android(ctx)))
        return distribution("level", levels, order=(1, 2, 3))
