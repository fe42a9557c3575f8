"""The Leadership tests (03 §4.1-7, §4.3–4.6, §4.8-2): a plain Leadership test, the command
takeover and its re-test, Panic and its recovery with the retreat toward the own edge, the
test of a unit under 3 at each turn start, and the split-fire test of a company's platoon."""

from __future__ import annotations

from engine.dice import DiceSource
from engine.i18n import msg
from engine.model import Effect, SetState
from engine.odds import OutcomeDistribution
from engine.protocol import Context, Resolution, Role, info_step
from engine.scenario import Group

from .common import BoetsAction, ldr_step, pass_fail, retreat, set_state
from .data import rule_number
from .formations import (
    FORMATION_KINDS,
    commander_lost,
    formation_of,
    panic_tally,
    profile_of,
    rank_of,
    successor,
    test_ldr,
    unit_ldr,
)
from .leadership import panic_due, senior_first
from .targets import split_record

__all__ = ["LeadershipTest", "TakeoverTest", "PanicTest", "SmallUnitTest", "SplitFireTest",
           "takeover_group", "panic_reason", "panic_key", "ACTIONS"]


def _ldr(ctx: Context, unit) -> tuple[int, str]:
    return test_ldr(ctx.game, unit, ctx.rule("commander_ldr_highest"),
                    ctx.rule("commander_ldr_when"))


class LeadershipTest(BoetsAction):
    """§4.3: d20 ≥ LDR; while the commander lives, his (derived) LDR is used."""

    id = "leadership_test"
    label = "Leadership test"
    kind = "test"
    doc = "d20 ≥ ЛДР (the commander's derived ЛДР while he lives, §4.3-3)."
    roles = (Role("actor", kind="unit", label="a fighter"),)

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        ldr, src = _ldr(ctx, ctx.actor)
        step = ldr_step(dice, ldr, id="leadership", label="Leadership test", base_label=src)
        return ctx.resolution([step], [], msg("{unit}: Leadership {result}",
                                              unit=ctx.actor.label, result=step.outcome))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return pass_fail("Leadership", _ldr(ctx, ctx.actor)[0])


def takeover_group(ctx_game, unit, rule: str = "deputy_then_senior") -> Group | None:
    """The formation whose command the fighter must take over: its commander is dead and
    he is next in seniority (§4.5-1, §4.A-8)."""
    game = ctx_game
    if game is None:
        return None
    for g in game.scenario.top_groups_of(unit.id):
        if g.kind not in FORMATION_KINDS or not commander_lost(game, g):
            continue
        if rule == "senior":
            alive = [u for u in game.group_units(g.id) if u.id != g.commander]
            order = senior_first([(u.id, rank_of(game, u)) for u in alive])
            nxt = order[0] if order else None
        else:
            nxt = successor(game, g)
        if nxt == unit.id and g.state.get("takeover") != "done":
            return g
    return None


class TakeoverTest(BoetsAction):
    """§4.5: when the commander dies the next in seniority tests Leadership. Pass: he
    commands and the formation fights on. Fail: it goes prone with ББ −2; at the start of
    its next turn he tests again — fail: the formation panics and retreats (§4.6); pass:
    prone and −2 end and he commands (PROPOSED)."""

    id = "takeover_test"
    label = "Command takeover test"
    kind = "test"
    doc = "The successor's Leadership test when the commander dies (§4.5)."
    roles = (Role("actor", kind="unit", label="the deputy or most senior survivor"),)

    def _plan(self, ctx: Context) -> tuple[Group, int, str]:
        g = takeover_group(ctx.game, ctx.actor, ctx.rule("takeover_tester"))
        if g is None:
            self.refuse(msg("{unit} has no command to take over (no dead commander whom he "
                            "succeeds)", unit=ctx.actor.label), "actor")
        if ctx.rule("successor_ldr") == "derived":
            return g, unit_ldr(ctx.game, g, ctx.rule("commander_ldr_highest"),
                               ctx.rule("commander_ldr_when")), "the formation's commander ЛДР"
        return g, int(ctx.profile()["ldr"]), "his own ЛДР (§4.A-6)"

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        g, ldr, src = self._plan(ctx)
        retest = g.state.get("takeover") == "failed"
        step = ldr_step(dice, ldr, id="takeover",
                        label="Takeover re-test" if retest else "Takeover test",
                        base_label=src)
        effects: list[Effect] = []
        if step.count("pass"):
            from engine.edits import EditGroup

            effects.append(EditGroup(g.id, {"commander": ctx.actor.id, "deputy": None}))
            effects += set_state(g, takeover=None, prone=None, melee_modifier=None)
            text = msg("{unit} takes command of {group}", unit=ctx.actor.label,
                       group=g.label)
        elif not retest:
            effects += set_state(g, takeover="failed", prone=True,
                                 melee_modifier=int(rule_number("leadership.takeover_melee")))
            text = msg("{group} goes to ground: prone, ББ −2; re-test next turn (§4.5-3)",
                       group=g.label)
        else:
            move, moved = retreat(ctx, g)
            effects += set_state(g, takeover="done", panicking=True, prone=None,
                                 melee_modifier=None) + moved
            return ctx.resolution([step, move], effects,
                                  msg("{group} panics and retreats (§4.5-3)", group=g.label))
        return ctx.resolution([step], effects, text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        _, ldr, _ = self._plan(ctx)
        return pass_fail("takeover", ldr)


def panic_key(game, group: Group, reading: str) -> list:
    """Which losses a Panic test answers: the side-turn of the tally (Reading A) or the
    game turn (Reading B); a formation tests once for them."""
    if reading == "cumulative":
        return ["turn", game.turn]
    t = panic_tally(game, group)
    return [t.get("turn"), t.get("side")]


def panic_reason(game, group: Group, reading: str) -> tuple[bool, str]:
    """Whether the formation's losses call for a Panic test (§4.6-1, §4.A-9), and why."""
    now = len(game.group_units(group.id))
    if reading == "cumulative":
        start = len(game.scenario.members(group.id))
        lost = start - now
        what = msg("{lost} lost of {start} at the game's start (Reading B)", lost=lost,
                   start=start)
    else:
        t = panic_tally(game, group)
        start, lost = int(t.get("start", now)), int(t.get("losses", 0))
        what = msg("{lost} lost this turn of {start} at its start (Reading A)", lost=lost,
                   start=start)
    return panic_due(lost, start), what


class PanicTest(BoetsAction):
    """§4.6: a formation that lost ½ or more tests Leadership; fail: it panics and retreats
    its Ск toward its own table edge. A panicking formation tests again next turn: pass —
    back under command but this turn it may only shoot; fail — it retreats again."""

    id = "panic_test"
    label = "Panic test"
    kind = "test"
    doc = "Losses ≥ ½ (§4.A-9) → d20 ≥ ЛДР or retreat Ск toward the own edge; recovery."
    roles = (Role("actor", kind="unit", label="a fighter of the formation"),)

    def _plan(self, ctx: Context) -> tuple[Group, str, str]:
        g = formation_of(ctx.game, ctx.actor)
        if g is None:
            self.refuse(msg("{unit} is in no squad, platoon or company", unit=ctx.actor.label),
                        "actor")
        if g.state.get("panicking"):
            return g, "recovery", "in Panic: recovery test (§4.6-4)"
        due, why = panic_reason(ctx.game, g, ctx.rule("panic_trigger"))
        if not due:
            self.refuse(msg("no Panic test: {why}", why=why), "actor")
        return g, "panic", why

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        g, mode, why = self._plan(ctx)
        ldr, src = _ldr(ctx, ctx.actor)
        first = info_step("trigger", "Panic trigger", why)
        step = ldr_step(dice, ldr, id="panic", label="Panic test" if mode == "panic"
                        else "Panic recovery test", base_label=src)
        if step.count("pass"):
            if mode == "panic":
                key = panic_key(ctx.game, g, ctx.rule("panic_trigger"))
                return ctx.resolution([first, step], set_state(g, panic_tested=key),
                                      msg("{group} holds", group=g.label))
            effects = set_state(g, panicking=None) + [
                SetState(u.id, "only_shoot", True) for u in ctx.game.group_units(g.id)]
            return ctx.resolution([first, step], effects,
                                  msg("{group} rallies: this turn it may only shoot (§4.6-4)",
                                      group=g.label))
        move, moved = retreat(ctx, g)
        return ctx.resolution([first, step, move],
                              set_state(g, panicking=True, panic_tested=panic_key(
                                  ctx.game, g, ctx.rule("panic_trigger"))) + moved,
                              msg("{group} panics and retreats", group=g.label))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._plan(ctx)
        return pass_fail("panic test", _ldr(ctx, ctx.actor)[0])


class SmallUnitTest(BoetsAction):
    """§4.1-7: fighters set up in a unit of fewer than 3 test Leadership at the start of
    each turn. On failure (§4.A-7): "hold" — they may not move or shoot this turn (§8-7,
    PROPOSED); "panic" — they panic and retreat."""

    id = "small_unit_test"
    label = "Small unit test"
    kind = "test"
    doc = "A unit under 3 fighters: d20 ≥ ЛДР at each turn start (§4.1-7)."
    roles = (Role("actor", kind="unit", label="a fighter of the small unit"),)

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        ldr, src = _ldr(ctx, ctx.actor)
        step = ldr_step(dice, ldr, id="small_unit", label="Small unit test", base_label=src)
        if step.count("pass"):
            return ctx.resolution([step], [], msg("{unit} acts normally", unit=ctx.actor.label))
        g = formation_of(ctx.game, ctx.actor)
        if ctx.rule("small_unit_failure") == "panic" and g is not None:
            move, moved = retreat(ctx, g)
            return ctx.resolution([step, move], set_state(g, panicking=True) + moved,
                                  msg("{group} panics (§4.A-7 panic)", group=g.label))
        units = ctx.game.group_units(g.id) if g is not None else [ctx.actor]
        return ctx.resolution([step], [SetState(u.id, "holds", True) for u in units],
                              msg("{unit} holds: no move or fire this turn (§8-7)",
                                  unit=ctx.actor.label))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return pass_fail("small unit test", _ldr(ctx, ctx.actor)[0])


class SplitFireTest(BoetsAction):
    """§4.8-2: in a company, platoon 1 picks its target; then platoon 2's sergeant tests
    Leadership — pass: platoon 2 may choose another target; fail: it must fire at platoon
    1's. The tester (§4.A-18) and his LDR (§4.A-19) are readings."""

    id = "split_fire_test"
    label = "Split fire test"
    kind = "test"
    doc = "Platoon 2+ of a company: d20 ≥ ЛДР to pick its own target (§4.8-2)."
    roles = (Role("actor", kind="unit", label="a fighter of platoon 2"),
             Role("first_target", kind="unit", label="platoon 1's target"),
             Role("target", kind="unit", label="the target platoon 2 wants"))

    def _plan(self, ctx: Context) -> tuple[Group, int, str]:
        game = ctx.game
        pl = next((g for g in game.scenario.top_groups_of(ctx.actor.id)
                   if g.kind == "platoon"), None) if game else None
        if pl is None:
            self.refuse(msg("{unit}: not in a platoon", unit=ctx.actor.label), "actor")
        tester = ctx.actor
        if ctx.rule("split_fire_tester") == "sergeant":
            sgts = [u for u in game.group_units(pl.id)
                    if rank_of(game, u) in ("senior_sergeant", "sergeant")]
            tester = sgts[0] if sgts else tester
        elif pl.commander and game.on_table(pl.commander):
            tester = game.unit(pl.commander)
        if ctx.rule("split_fire_ldr") == "own":
            own = msg("{unit}'s own ЛДР", unit=tester.label)
            return pl, int(profile_of(game, tester)["ldr"]), own
        if pl.commander and game.on_table(pl.commander):
            return pl, unit_ldr(game, pl, ctx.rule("commander_ldr_highest"),
                                ctx.rule("commander_ldr_when")), \
                msg("{platoon}'s commander ЛДР (§4.3-3)", platoon=pl.label)
        own = msg("{unit}'s own ЛДР", unit=tester.label)
        return pl, int(profile_of(game, tester)["ldr"]), own

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        pl, ldr, src = self._plan(ctx)
        first = ctx.role("first_target")
        step = ldr_step(dice, ldr, id="split", label="Split fire test", base_label=src)
        chosen = ctx.target if step.count("pass") else first
        text = (msg("{platoon} may fire at {target}", platoon=pl.label, target=chosen.label)
                if step.count("pass") else
                msg("{platoon} must fire at {target}, platoon 1's target", platoon=pl.label,
                    target=chosen.label))
        rec = split_record(ctx.game, chosen, ctx.rule("single_fighter_target"))
        return ctx.resolution([step], set_state(pl, fire_target=rec), text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        _, ldr, _ = self._plan(ctx)
        return pass_fail("split fire", ldr)


ACTIONS = (LeadershipTest(), TakeoverTest(), PanicTest(), SmallUnitTest(), SplitFireTest())
