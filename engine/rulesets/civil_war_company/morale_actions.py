"""The company-wide tests and bookkeeping actions: RALLY (§4.6, §8-4), a suppression test
(§4.6), rolling a poor supply's ammunition before the battle (§4.10), and the start of a
company's activation (turn-start positions for the retreat, "moved" and "under fire"
cleared)."""

from __future__ import annotations

from fractions import Fraction

from shapely.geometry import box

from engine.dice import D3, D6, DiceSource
from engine.i18n import msg
from engine.model import Effect, RemoveUnit
from engine.odds import OutcomeDistribution, distribution, p_test
from engine.protocol import Context, Resolution, Role, info_step, roll_step
from geometry.bases import base_polygon

from .aftermath import morale_test, officer_modifier, roll_morale
from .common import CWAction, Kind, company, full_ammo
from .companies import clear_terror, set_flag
from .data import rule_number

__all__ = ["Rally", "SuppressionTest", "RollAmmunition", "StartActivation", "RoutMove"]


def _pass_fail(label: str, p: Fraction) -> OutcomeDistribution:
    return OutcomeDistribution(label, (("pass", p), ("fail", 1 - p)))


class Rally(Kind, CWAction):
    """§4.6 / §8-4 (PROPOSED): 2d6 ≤ RALLY (+1 officer); a pass ends suppression, stands
    the company up, stops a rout and clears its Terror markers (§8-6)."""

    kinds = ("company", "machine_gun", "battery")
    audience = "companies, MGs and batteries"
    id = "rally"
    label = "RALLY test"
    kind = "test"
    doc = "2d6 ≤ RALLY (+1 officer): recovers from suppression or rout (PROPOSED, §8-4)."
    roles = (Role("actor", kind="unit", label="a stand of the company"),)

    def _value(self, ctx: Context) -> tuple[int, bool]:
        c = company(ctx, ctx.actor)
        return int(c.profile.get("rally") or rule_number("tests.rally_default")), c.officer

    def _check(self, ctx: Context) -> None:
        c = company(ctx, ctx.actor)
        if not (c.flag("suppressed") or c.flag("routing")):
            self.refuse(msg("{company} is neither suppressed nor fleeing", company=c.name),
                        "actor")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        self._check(ctx)
        c = company(ctx, ctx.actor)
        value, alive = self._value(ctx)
        step = roll_morale(dice, "RALLY", value, alive, ctx.rules, id="rally",
                           label="RALLY test", note="PROPOSED: 2d6 ≤ RALLY (§8-4)",
                           proposed="rally" in (c.profile.get("proposed") or ())
                           or not c.profile.get("rally"))
        effects: list[Effect] = []
        if step.count("pass"):
            effects = [set_flag(c, "suppressed", False), set_flag(c, "prone", False),
                       set_flag(c, "routing", False)]
            if c.terror:
                effects.append(clear_terror(c))
        return ctx.resolution([step], effects, msg("{company}: RALLY {result}",
                                                   company=c.name, result=step.outcome))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._check(ctx)
        value, alive = self._value(ctx)
        return _pass_fail("RALLY", p_test(morale_test(value, officer_modifier(
            alive, ctx.rules, False), ctx.rules)))


class SuppressionTest(Kind, CWAction):
    """§4.6: a SERIOUS test (+1 officer); failure: prone and suppressed."""

    kinds = ("company", "machine_gun", "battery")
    audience = "companies, MGs and batteries"
    id = "suppression_test"
    label = "Suppression test"
    kind = "test"
    doc = "SERIOUS 2d6 (+1 officer): failure = prone and suppressed (§4.6)."
    roles = (Role("actor", kind="unit", label="a stand of the company"),)

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        c = company(ctx, ctx.actor)
        step = roll_morale(dice, "SERIOUS", int(c.profile["serious"]), c.officer, ctx.rules,
                           id="suppression", label="Suppression test", failure="suppressed",
                           proposed="serious" in (c.profile.get("proposed") or ()))
        effects = [set_flag(c, "suppressed", True), set_flag(c, "prone", True)] \
            if step.count("suppressed") else []
        return ctx.resolution([step], effects, msg("{company}: {result}", company=c.name,
                                                   result=step.outcome))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        c = company(ctx, ctx.actor)
        p = p_test(morale_test(int(c.profile["serious"]),
                               officer_modifier(c.officer, ctx.rules, False), ctx.rules))
        return _pass_fail("suppression test", p)


class RollAmmunition(Kind, CWAction):
    """§4.10: poor supply — d6 shots per battery, d6 + d3 per MG or tachanka, rolled before
    the battle; normal supply has 8."""

    kinds = ("machine_gun", "battery")
    audience = "MGs and batteries"
    id = "roll_ammunition"
    label = "Roll ammunition (poor supply)"
    kind = "test"
    doc = "Before the battle: d6 shots per battery, d6 + d3 per MG or tachanka (§4.10)."
    roles = (Role("actor", kind="unit", label="the MG or battery"),)

    def _dice(self, ctx: Context) -> list:
        c = company(ctx, ctx.actor)
        key = "poor_machine_gun" if c.kind == "machine_gun" else "poor_battery"
        return [D6, D3] if rule_number(f"ammunition.{key}") == "d6+d3" else [D6]

    def _check(self, ctx: Context) -> None:
        c = company(ctx, ctx.actor)
        full = full_ammo(c.profile)
        if full is not None:
            self.refuse(msg("{company} has normal supply: {n} shots", company=c.name, n=full),
                        "actor")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        self._check(ctx)
        c = company(ctx, ctx.actor)
        steps = [roll_step(dice, d, id=f"ammo.{d.name}",
                           label=msg("Ammunition {die}", die=d.name))
                 for d in self._dice(ctx)]
        shots = sum(s.totals[0] for s in steps)
        return ctx.resolution(steps, [set_flag(c, "ammo", shots),
                                      set_flag(c, "ammo_rolled", shots)],
                              msg("{company}: {n} shots for the battle", company=c.name,
                                  n=shots))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        import icepool

        self._check(ctx)

        total = icepool.Die([0])
        for d in self._dice(ctx):
            total = total + icepool.Die(list(d.faces))
        return distribution("shots", total)


class StartActivation(Kind, CWAction):
    """The start of a company's activation (PROPOSED, §8-1): its stands' positions are
    kept as the turn's start (a company that moved retreats toward them, §4.2-3), and
    'moved' and 'under fire' are cleared."""

    kinds = ("company", "machine_gun", "battery")
    audience = "companies, MGs and batteries"
    id = "start_activation"
    label = "Start of the company's turn"
    kind = "test"
    doc = "Keep the stands' positions for the retreat; clear 'moved' and 'under fire'."
    roles = (Role("actor", kind="unit", label="a stand of the company"),)

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        c = company(ctx, ctx.actor)
        start = {u.id: [u.x, u.y] for u in c.stands}
        effects = [set_flag(c, "turn_start", start), set_flag(c, "moved", False),
                   set_flag(c, "under_fire", False)]
        return ctx.resolution([], effects, msg("{company}: start positions kept",
                                               company=c.name))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("start", (("done", Fraction(1)),))


class RoutMove(Kind, CWAction):
    """A fleeing company runs (PROPOSED, §4.A-17, §8-5): its full move directly away from
    the nearest enemy stand, the whole company together, stopped by what it cannot cross;
    stands that run off the table are gone."""

    kinds = ("company",)
    audience = "companies"
    id = "rout_move"
    label = "Rout move"
    doc = ("A fleeing company moves its full move away from the nearest enemy (PROPOSED, "
           "§8-5); stands leaving the table are removed.")
    roles = (Role("actor", kind="unit", label="a stand of the fleeing company"),)

    def _enemies(self, ctx: Context) -> list:
        c = company(ctx, ctx.actor)
        if not c.flag("routing"):
            self.refuse(msg("{company} is not fleeing", company=c.name), "actor")
        if ctx.game is None:
            self.refuse("a rout move needs the board")
        enemies = [u for u in ctx.game.units if u.side != ctx.actor.side]
        if not enemies:
            self.refuse("no enemy on the table to flee from")
        return enemies

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        enemies = self._enemies(ctx)
        c = company(ctx, ctx.actor)
        cx, cy = c.centre
        near = min(enemies, key=lambda u: (u.x - cx) ** 2 + (u.y - cy) ** 2)
        move = ctx.board.move_away(c.id, (near.x, near.y), float(c.profile["move_in"]),
                                   leave_table=True)
        t = ctx.game.scenario.table
        effects: list[Effect] = []
        gone = []
        for e in move.effects:
            u = ctx.game.unit(e.unit)
            moved = base_polygon(u.base, e.x, e.y, u.facing)
            if not moved.intersects(box(0, 0, t.width_in, t.height_in)):
                gone.append(e.unit)
                effects.append(RemoveUnit(e.unit, "routed off the table"))
            else:
                effects.append(e)
        text = msg("{moved}; off the table: {units}", moved=move.note,
                   units=", ".join(gone)) if gone else move.note
        step = info_step("rout", "Rout move", text,
                         note=msg("away from {enemy}, the nearest enemy (PROPOSED, §8-5)",
                                  enemy=near.label))
        return ctx.resolution([step], effects, msg('{company} flees {distance:.1f}"',
                                                   company=c.name, distance=move.distance))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._enemies(ctx)
        return OutcomeDistribution("rout move", (("moved", Fraction(1)),))
