"""Iron Hearts actions for characters (everything but tanks), and their assembly.

Shooting, detection (shooting.py, its volleys in volley.py), morale (morale.py) and
melee/assault (melee.py) are in their own modules; this one holds the smaller actions —
skill check (§4.8), grenade (§4.9), the death roll and medkits (§4.10), movement (§4.2)
and the command range (§4.11) — and exports `ACTIONS` and `OPTIONS` for ruleset.py.
"""

from __future__ import annotations

from fractions import Fraction

from engine.costs import Cost
from engine.dice import D10, Comparison, DiceSource
from engine.i18n import join, msg, side_record
from engine.model import Effect, RemoveUnit, SetGameState, SetState
from engine.odds import OutcomeDistribution, band_die, distribution, p_test, successes
from engine.options import Modifier, Option, SchemaError
from engine.protocol import (
    Context,
    Resolution,
    Role,
    info_step,
    make_bands,
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
    plan_armour_hit,
    roll_armour_hit,
)
from .audience import ForAnyUnit, ForGrenadiers
from .common import (
    CASUALTY,
    IHAction,
    Refused,
    current_turn,
    hp_of,
    proposed,
    rn,
    stat_test,
    suppression_effects,
    te_modifiers,
    unit_by_id,
    weapon_of,
    wound_effects,
)
from .data import RULESET_ID
from .melee import Assault, Melee, run_allowance
from .morale import Overcome, Rally, StatTest, SuppressionTest
from .orders import Order
from .readings import OPTIONS
from .shooting import Detect, Shoot
from .tank_common import side_struck, vehicle_card

__all__ = ["ACTIONS", "OPTIONS", "SkillCheck", "Grenade", "DeathRoll", "Medkit", "Move",
           "CommandRange", "command_band", "grenade_allocation"]


class SkillCheck(IHAction):
    """§4.8: d10 ≤ 5 ± T&E; three outcomes, a natural 10 a fumble."""

    id = "skill"
    label = "Skill check"
    kind = "test"
    doc = "d10 ≤ 5 ± T&E: success, non-success, or fumble on a natural 10."
    ap_cost = 1
    steps = ("skill",)
    options = (Option("ap", "AP the action costs", "int", 1, minimum=0, maximum=3,
                      reason="'other actions' cost AP, amount not given (§8-14)",
                      proposed=True),)

    def _bands(self, ctx: Context):
        base = rn("skill.base")
        mods = te_modifiers(ctx, ctx.profile().get("training_experience", 0)) + \
            ctx.modifiers("skill")
        from engine.options import apply_modifiers
        target = apply_modifiers(base, mods)
        bands = make_bands(D10, Comparison.LE, [(target, "success")], "non-success", mods,
                           naturals=[(rn("skill.fumble_face"), "fumble")])
        return bands, base, mods

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        bands, base, mods = self._bands(ctx)
        shown = [Modifier("base", base, "skill difficulty (§4.8-2)"), *mods]
        step = roll_bands(dice, bands, id="skill", label="Skill check", modifiers=shown,
                          highlight=("success",),
                          note=msg("a natural {face} is a fumble", face=rn("skill.fumble_face")))
        return ctx.resolution([step], [], step.outcome)

    def cost_of(self, ctx: Context) -> Cost:
        """The `ap` option's AP (PROPOSED, §8-14), charged by the turn contract."""
        return Cost(ap=int(ctx.option("ap")), proposed=True,
                    reason="'other actions' cost AP, amount not given (§8-14)")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        bands, *_ = self._bands(ctx)
        return distribution("skill", band_die(bands),
                            order=["success", "non-success", "fumble"])


def grenade_allocation(people: list[str], n_dice: int, mode: str) -> list[str | None]:
    """Who each damage die falls on (§4.A-12): dealt in turn from the aimed man, or one
    die per person with the rest hitting nobody (None)."""
    if not people:
        return [None] * n_dice
    if mode == "wasted":
        return [people[i] if i < len(people) else None for i in range(n_dice)]
    return [people[i % len(people)] for i in range(n_dice)]


class Grenade(ForGrenadiers, IHAction):
    """§4.9: 1 AP, once per turn; d10 ≤ Accuracy lands it; max(5, n) d10 ≤ 1 wound."""

    id = "grenade"
    label = "Grenade"
    doc = ("1 AP, once per turn: d10 ≤ Accuracy (or Melee, §4.A-11) lands it; then one "
           "damage die per person in the blast, at least 5, each d10 ≤ Damage 1 wounds.")
    ap_cost = 1
    cost = Cost(ap=1, once_per="turn", once_key="grenade", uses_weapon=True,
                reason="§4.9-1: 1 AP, a grenade once per turn")
    roles = (Role("actor", kind="unit"),
             Role("target", kind="unit", required=False, label="the man aimed at"),
             Role("weapon", kind="weapon", required=False, label="hand or rifle grenade"))
    facts = ("distance_m", "under_template", "under_template_centre", "side_struck")
    steps = ("throw", "damage")

    def _plan(self, ctx: Context):
        p = ctx.profile()
        wid, w = weapon_of(ctx, given=ctx.weapon or ctx.ruleset.weapon("hand-grenade"))
        if w["kind"] not in ("grenade", "rifle_grenade"):
            raise SchemaError(f"grenade.weapon: {wid!r} is not a grenade")
        if not p.get("has_grenades"):
            raise Refused(msg("{unit} has no grenades: order a squad-mate who has one (a "
                              "personal order, §4.9-6)", unit=ctx.actor.label))
        turn = current_turn(ctx)
        if turn is not None and ctx.actor.state.get("grenade_turn") == turn:
            raise Refused(msg("a grenade only once per turn (§4.9-1)"))
        d = ctx.fact("distance_m")
        if d > w["range_m"]:
            raise Refused(msg("{distance} m is beyond the {weapon}'s {range} m",
                              distance=distance(d), weapon=w["name"],
                              range=f"{w['range_m']:g}"))
        stat = ctx.rule("grenade_stat")
        mods = ctx.modifiers("throw")
        test = stat_test(ctx, p[stat], mods)
        card = vehicle_card(ctx, ctx.target) if ctx.target is not None else None
        if card is not None:
            ap = w.get("armour_piercing")   # a hand grenade's: grenade.armour_piercing
            hit = plan_armour_hit(ctx, ctx.target, card, side_struck(ctx, card),
                                  penetration=int(rn("grenade.armour_piercing")
                                                  if ap is None else ap),
                                  damage_modifier=int(w.get("damage_modifier", 0)),
                                  what=f"{w['name']} armour piercing")
            return w, stat, test, mods, hit, 0, None
        people = list(ctx.fact("under_template"))
        aimed = ctx.target.id if ctx.target is not None else ctx.facts.under_template_centre
        if aimed in people:
            people.remove(aimed)
            people.insert(0, aimed)
        n_dice = max(rn("grenade.min_damage_dice"), len(people))
        dmg = make_test(D10, w["damage"])
        return w, stat, test, mods, people, n_dice, dmg

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        w, stat, test, mods, people, n_dice, dmg = self._plan(ctx)
        throw = roll_test(dice, test, id="throw", label="Grenade throw", base=ctx.profile()[stat],
                          base_label=stat.capitalize(), modifiers=mods, success="on target",
                          failure="off target")
        turn = current_turn(ctx)
        effects: list[Effect] = []
        if turn is not None:
            effects.append(SetState(ctx.actor.id, "grenade_turn", turn))
        if not throw.count("on target"):
            return ctx.resolution([throw], effects,
                                  "off target: lands harmlessly (PROPOSED: no scatter)")
        if isinstance(people, ArmourHit):        # thrown at a vehicle (§4.16)
            steps = [throw]
            more, text = roll_armour_hit(ctx, dice, people, steps)
            return ctx.resolution(steps, effects + more, text)
        alloc = grenade_allocation(people, n_dice, ctx.rule("grenade_dice"))
        shown = ", ".join(a or "nobody" for a in alloc)
        dstep = roll_test(dice, dmg, id="damage", label="Grenade damage", n=n_dice,
                          base=w["damage"], base_label="Damage", success="wound",
                          failure="no wound",
                          note=msg("{n} in the blast, {dice} dice (at least {least}); dice "
                                   "fall on: {on}", n=len(people), dice=n_dice,
                                   least=rn("grenade.min_damage_dice"), on=shown))
        notes = []
        landed = sum(1 for a, r in zip(alloc, dstep.results, strict=True)
                     if a and r == "wound")
        suppress = ctx.rule("grenade_suppression") == "per_die"
        suppressed = 0
        for uid in dict.fromkeys(a for a in alloc if a):
            mine = [r for a, r in zip(alloc, dstep.results, strict=True) if a == uid]
            k = mine.count("wound")
            unit = unit_by_id(ctx, uid)
            if suppress and len(mine) > k:       # §4.A-12: the dice that did not wound
                e, added = suppression_effects(ctx, unit, len(mine) - k,
                                               rn("grenade.morale_modifier"))
                effects += e
                suppressed += len(mine) - k
            e, note = wound_effects(ctx, unit, k)
            effects += e
            if note:
                notes.append(note)
        text = (msg("{n} wounds, {k} suppression", n=landed, k=suppressed) if suppress
                else msg("{n} wounds", n=landed))
        if notes:
            text = msg("{text}: {notes}", text=text, notes=join("; ", notes))
        return ctx.resolution([throw, dstep], effects, text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        _, _, test, _, people, n_dice, dmg = self._plan(ctx)
        if isinstance(people, ArmourHit):
            p = p_test(test)
            probs = armour_hit_odds(people)
            order = ["off target", "no penetration", *DAMAGE_ORDER]
            return OutcomeDistribution("grenade", tuple(
                (o, 1 - p if o == "off target" else p * probs.get(o, 0)) for o in order))
        counted = sum(1 for a in grenade_allocation(people, n_dice, ctx.rule("grenade_dice"))
                      if a)
        hit = successes(1, test)
        wounds = hit.map(lambda k: successes(counted, dmg) if k else 0)
        return distribution("wounds", wounds, order=range(n_dice + 1))


class DeathRoll(IHAction):
    """§4.10: an NPC at 0 HP rolls (PROPOSED d10 1–5 dead); a PC is wounded, no roll."""

    id = "death_roll"
    label = "Death roll (0 HP)"
    kind = "test"
    doc = "NPC at 0 HP: d10 ≤ 5 dead (PROPOSED), else wounded; a PC is wounded, no roll."
    ap_cost = 0
    roles = (Role("actor", kind="unit", label="the casualty"),)

    def _test(self, ctx: Context):
        return make_test(D10, rn("wounds.npc_dead_max"))

    @staticmethod
    def _check(ctx: Context) -> None:
        """Refused for a unit that is not an NPC casualty waiting for the roll."""
        u = ctx.actor
        if u.state.get("casualty") not in (None, "npc-pending"):
            raise Refused(msg("{unit}: {casualty}", unit=u.label,
                              casualty=CASUALTY.get(u.state["casualty"])))
        if hp_of(ctx, u) > 0 and u.state.get("casualty") is None:
            raise Refused(msg("{unit} is not at 0 HP", unit=u.label))

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        u = ctx.actor
        if ctx.profile().get("is_pc"):
            step = info_step("death", "Death roll", "PC: always wounded, never a roll (§4.10-3)")
            return ctx.resolution([step], [SetState(u.id, "casualty", "pc-wounded")],
                                  "wounded (PC)")
        self._check(ctx)
        dead_max = rn("wounds.npc_dead_max")
        step = roll_test(dice, self._test(ctx), id="death", label="Death roll",
                         base=dead_max, base_label="dead on", success="dead",
                         failure="wounded", modifiers=[Modifier(
                             "NPC death roll", dead_max, "roll not given (§8-3)",
                             proposed=proposed("wounds.npc_dead_max"), sets=True)])
        if step.count("dead"):
            effects: list[Effect] = [SetState(u.id, "casualty", "dead"),
                                     RemoveUnit(u.id, "killed")]
            return ctx.resolution([step], effects, "dead")
        return ctx.resolution([step], [SetState(u.id, "casualty", "wounded")],
                              "alive but wounded: a medkit brings him back")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        if ctx.profile().get("is_pc"):
            return OutcomeDistribution("death roll", (("wounded", Fraction(1)),))
        self._check(ctx)
        return distribution("death roll", successes(1, self._test(ctx)).map(
            lambda k: "dead" if k else "wounded"), order=["dead", "wounded"])


class Medkit(IHAction):
    """§4.10-2: spend one of the side's medkits (game.state["medkits"][side]) to return a
    wounded soldier to the fight."""

    id = "medkit"
    label = "Use a medkit"
    doc = "One medkit of the side brings a wounded soldier back with 1 HP (PROPOSED)."
    ap_cost = 0
    roles = (Role("actor", kind="unit", label="who applies it"),
             Role("target", kind="unit", label="the wounded"))

    def _check(self, ctx: Context) -> tuple[dict, int]:
        t = ctx.target
        if ctx.game is None:
            raise SchemaError("medkit: needs the game (medkits are counted in "
                              "game.state['medkits'])")
        if t.state.get("casualty") not in ("wounded", "pc-wounded"):
            raise Refused(msg("{unit} is not a wounded casualty ({casualty})", unit=t.label,
                              casualty=CASUALTY.get(t.state.get("casualty"), "not at 0 HP")))
        kits = dict(ctx.game.state.get("medkits", {}))
        left = int(kits.get(t.side, 0))
        if left <= 0:
            raise Refused(msg("side {side} has no medkits left", side=t.side))
        return kits, left

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        kits, left = self._check(ctx)
        t = ctx.target
        kits[t.side] = left - 1
        hp = rn("wounds.revive_hp")
        step = info_step("medkit", "Medkit", msg("{unit} back in the fight with {hp} HP",
                                                 unit=t.label, hp=hp),
                         note=msg("{n} medkits left for {side}", n=left - 1, side=t.side))
        effects = [SetGameState("medkits", kits), SetState(t.id, "casualty", None),
                   SetState(t.id, "hp", hp)]
        return ctx.resolution([step], effects, step.outcome)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._check(ctx)
        return OutcomeDistribution("medkit", (("revived", Fraction(1)),))


class Move(IHAction):
    """§4.2-2: 15 m per AP, 30 m for 2, Sprint 50 m for 3; difficult terrain halves."""

    id = "move"
    label = "Move"
    doc = "Reports the movement allowance: 15 m / 30 m / 50 m (Sprint); no dice."
    ap_cost = 1
    options = (Option("ap", "AP spent moving", "int", 1, minimum=1, maximum=3,
                      reason="§4.2-2"),
               Option("difficult", "Difficult terrain", "bool", False,
                      reason="reduces the distance (factor not given, §8-13)",
                      proposed=True))

    def allowance(self, ctx: Context) -> tuple[float, list[Modifier]]:
        ap = ctx.option("ap")
        metres = run_allowance(ctx, ap)
        notes = []
        if ctx.option("difficult"):
            f = rn("movement.difficult_terrain_factor")
            metres *= f
            notes.append(Modifier("difficult terrain", 0, f"× {f:g}",  # a number
                                  proposed=proposed("movement.difficult_terrain_factor")))
        return metres, notes

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        metres, notes = self.allowance(ctx)
        mpi = (ctx.game.scenario.table.metres_per_inch if ctx.game is not None
               else ctx.ruleset.metres_per_inch)
        text = msg("up to {metres} m ({inches} in at {scale} m per inch)",
                   metres=f"{metres:g}", inches=f"{metres / mpi:.1f}", scale=f"{mpi:g}")
        step = info_step("move", "Movement allowance", text, modifiers=notes,
                         note="Sprint" if ctx.option("ap") == 3 else "")
        return ctx.resolution([step], [], text)

    def cost_of(self, ctx: Context) -> Cost:
        """The AP spent moving (§4.2-2), charged by the turn contract."""
        return Cost(ap=int(ctx.option("ap")), reason="§4.2-2: 15 m per AP")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        metres, _ = self.allowance(ctx)
        return OutcomeDistribution("allowance_m", ((metres, Fraction(1)),))


def command_band(distance_m: float) -> str:
    """"voice" (≤ 50 m), "whistle" (≤ 100 m) or "radio_or_nco" beyond (§4.11)."""
    if distance_m <= rn("command.voice_m"):
        return "voice"
    if distance_m <= rn("command.whistle_m"):
        return "whistle"
    return "radio_or_nco"


COMMAND_TEXT = {"voice": "in cohesion: verbal orders, the commander's Guts acts",
                "whistle": "whistle: generic orders only",
                "radio_or_nco": "out of reach: radio or an NCO only"}


def radio_out(ctx: Context, unit: Unit) -> str:
    """Why a vehicle cannot talk by radio (its card has no radio, the radio is damaged,
    or the radio operator's post is empty), or "" — a character is not judged here."""
    card = vehicle_card(ctx, unit)
    if card is None:
        return ""
    if "radio" not in card.get("features", ()):
        return msg("{unit} has no radio", unit=unit.label)
    if "radio" in (unit.state.get("systems") or ()):
        return msg("{unit}'s radio is damaged", unit=unit.label)
    from .tank_common import TankView

    view = TankView.of(ctx, unit)
    operators = [p for p, m in card["crew"].items() if m.get("radio_operator")]
    if operators and all(p in view.missing for p in operators):
        return msg("{unit}'s radio operator is out (§4.14-3)", unit=unit.label)
    return ""


class CommandRange(ForAnyUnit, IHAction):
    """§4.11: which orders reach a soldier at this distance from his commander."""

    id = "command_range"
    label = "Command range"
    doc = "≤ 50 m voice (cohesion), ≤ 100 m whistle, beyond radio or an NCO only."
    ap_cost = 0
    roles = (Role("actor", kind="unit", label="commander"),
             Role("target", kind="unit", label="soldier"))
    facts = ("distance_m",)

    def _refusal(self, ctx: Context) -> str | None:
        """Command runs between a commander and the men of his own side (§4.11)."""
        t = ctx.target
        if t is None:
            raise SchemaError("command_range.target: required (a soldier)")
        if t.side != ctx.actor.side:
            return msg("target: {unit} is on the other side ({side}): no orders reach him",
                       unit=t.label, side=side_record(t.side, RULESET_ID))
        if t.id == ctx.actor.id:
            return "target: the commander himself"
        return None

    def _band(self, ctx: Context) -> tuple[str, str]:
        """The band, and what it means — beyond whistle range a vehicle talks only by a
        working radio (§4.11-3, §4.14-3: no radio operator, no contact)."""
        band = command_band(ctx.fact("distance_m"))
        text = COMMAND_TEXT[band]
        if band == "radio_or_nco":
            dead = [why for u in (ctx.actor, ctx.target) if (why := radio_out(ctx, u))]
            if dead:
                text = "out of reach: " + "; ".join(dead)
                band = "out_of_reach"
        return band, text

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        why = self._refusal(ctx)
        if why:
            raise Refused(why)
        band, text = self._band(ctx)
        step = info_step("command", "Command range", text,
                         note=msg("{distance} m", distance=distance(ctx.fact("distance_m"))))
        return ctx.resolution([step], [], band)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        why = self._refusal(ctx)
        if why:
            raise Refused(why)
        return OutcomeDistribution("command", ((self._band(ctx)[0], Fraction(1)),))


ACTIONS: list[IHAction] = [Shoot(), Detect(), SuppressionTest(), Overcome(), Rally(),
                           StatTest(), Melee(), Assault(), SkillCheck(), Grenade(),
                           DeathRoll(), Medkit(), Move(), CommandRange(), Order()]

__all__ += ["Unit"]  # re-exported for callers building contexts
