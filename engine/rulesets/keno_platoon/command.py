"""The chain of command and the communication test (§4.4, §4.5), as pure functions of
facts, and the turn structure's comm_test hook that measures those facts on the board.

- A pass within 6" in line of sight needs no test (§4.4-3, §4.5-4).
- Beyond that, a radio (the Steel) or a phone the commander sits at is needed — at both
  ends by default (§4.A-12) — else the pass is impossible.
- The test rolls the initiator's quality die, one step down per bypassed link (§4.4-6;
  d4 the floor, §4.A-6), and succeeds on a roll > the worse commander level (§4.5-3).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.dice import Comparison, DiceSource, Die, Test, step_die
from engine.i18n import msg
from engine.measure import measure_pair
from engine.model import Game
from engine.odds import OutcomeDistribution, p_test
from engine.options import Modifier
from engine.protocol import Step, info_step, make_test, roll_test
from engine.scenario import Unit
from engine.turns import CommTest, PassOutlook, TurnError

from . import common, data

__all__ = ["CommFacts", "CommPlan", "in_contact", "comm_die", "worse_level", "plan_comm",
           "comm_odds", "roll_comm", "comm_facts", "comm_test", "CommImpossible",
           "pass_outlook", "Contact", "under_command", "contact_report"]


class CommImpossible(TurnError):
    """The pass cannot be attempted (no radio or phone beyond contact, die off the ladder)."""


@dataclass(frozen=True, slots=True)
class CommFacts:
    """What the comm test reads: the initiator's quality die, the two commander levels,
    the links bypassed, how far apart and whether in sight, and who has radio or phone."""

    quality: Die
    level_from: int
    level_to: int
    bypassed: int = 0
    distance_in: float = 99.0
    los: bool = False
    means_from: bool = False
    means_to: bool = False


@dataclass(frozen=True, slots=True)
class CommPlan:
    """`kind`: "contact" (no test: in sight within 6"), "test" (roll `test`), or
    "impossible" (`why`)."""

    kind: str
    test: Test | None = None
    modifiers: tuple[Modifier, ...] = ()
    level: int = 0
    why: str = ""


def in_contact(distance_in: float, los: bool, contact_in: float | None = None) -> bool:
    """In direct line of sight at 6" or less (§4.5-4)."""
    reach = data.rule_number("comms.contact_in") if contact_in is None else contact_in
    return bool(los) and distance_in <= reach + 1e-9


def comm_die(quality: Die, bypassed: int, floor: str = "d4") -> Die | None:
    """The quality die stepped down once per bypassed link; None below the floor."""
    d = step_die(quality, -bypassed)
    if d is None or d.sides < int(floor[1:]):
        return None
    return d


def worse_level(a: int, b: int) -> int:
    """The worse (higher) of two commander levels (§4.5-1)."""
    return max(a, b)


def plan_comm(f: CommFacts, rules: dict | None = None) -> CommPlan:
    rules = rules or {}
    if in_contact(f.distance_in, f.los):
        return CommPlan("contact")
    phones = rules.get("phones", "both_ends")
    means = (f.means_from and f.means_to) if phones == "both_ends" \
        else (f.means_from or f.means_to)
    if not means:
        return CommPlan("impossible", why=msg(
            'no radio or phone at both ends and not in sight within {reach}" (§4.4-4)',
            reach=f"{data.rule_number('comms.contact_in'):g}"))
    floor = rules.get("die_floor", "d4")
    if comm_die(f.quality, f.bypassed, floor) is None:
        return CommPlan("impossible", why=msg(
            "{die} stepped down {n} time(s) falls below {floor} (§4.A-6)",
            die=f.quality.name, n=f.bypassed, floor=floor))
    mods = (Modifier(f"{f.bypassed} bypassed link(s)", -f.bypassed,
                     "one die step down per bypassed link (§4.4-6)", to="die_step"),) \
        if f.bypassed else ()
    lv = worse_level(f.level_from, f.level_to)
    return CommPlan("test", make_test(f.quality, lv, mods, Comparison.GT), mods, lv)


def comm_odds(plan: CommPlan) -> OutcomeDistribution:
    """Exact: P(through) = P(die > L); in contact it is 1; an impossible pass has the
    one outcome "impossible"."""
    if plan.kind == "impossible":
        return OutcomeDistribution("communication test", (("impossible", Fraction(1)),))
    p = Fraction(1) if plan.kind == "contact" else p_test(plan.test)
    return OutcomeDistribution("communication test", (("through", p), ("lost", 1 - p)))


def roll_comm(plan: CommPlan, dice: DiceSource) -> Step:
    if plan.kind == "contact":
        return info_step("comm_test", "Communication test",
                         msg('through (in sight within {reach}": no test)',
                             reach=f"{data.rule_number('comms.contact_in'):g}"))
    if plan.kind == "impossible":
        raise CommImpossible(msg("communication: {why}", why=plan.why))
    t = plan.test
    return roll_test(dice, t, id="comm_test",
                     label=msg("Communication test ({die} > {level})", die=t.die.name,
                               level=plan.level),
                     base=plan.level, base_label="worse commander level",
                     modifiers=plan.modifiers, success="through", failure="lost")


def comm_facts(game: Game, sender: Unit, receiver: Unit, bypassed: int) -> CommFacts:
    """The facts measured on the board: edge-to-edge distance and LOS (§6-1)."""
    sc = game.scenario
    m = measure_pair(sc, sender.id, receiver.id)
    dist = m.edge_in if data.rule_number("comms.measure") == "edge" else m.centre_in
    return CommFacts(common.quality_die(sc, sender), common.level(sc, sender),
                     common.level(sc, receiver), bypassed, float(dist), m.los != "blocked",
                     common.has_means(sc, sender), common.has_means(sc, receiver))


def comm_test(game: Game, commander: Unit, unit: Unit, bypassed: int,
              dice: DiceSource) -> CommTest | None:
    """TurnHooks.comm_test: None in contact (no test), else the rolled test; an
    impossible pass is refused (CommImpossible, a TurnError) before any die is rolled."""
    from engine.readings import readings_for

    from .ruleset import RULESET

    rules = readings_for(RULESET, game)
    if common.value(game.scenario, unit, "detached_from") and \
            not rules.get("detached_comm_test", True):
        return None
    plan = plan_comm(comm_facts(game, commander, unit, bypassed), rules)
    if plan.kind == "contact":
        return None
    step = roll_comm(plan, dice)
    passed = step.results[0] == "through"
    return CommTest((step,), passed, msg("{commander} → {unit}: {result}",
                                         commander=commander.label, unit=unit.label,
                                         result=step.results[0]))


def _rules(game: Game) -> dict:
    from engine.readings import readings_for

    from .ruleset import RULESET

    return readings_for(RULESET, game)


def outlook_of(plan: CommPlan, f: CommFacts) -> PassOutlook:
    """A plan in the Turn dock's words, with the exact chance a pass gets through."""
    if plan.kind == "contact":
        return PassOutlook("free", msg('no test: in sight, {distance}" (within {reach}")',
                                       distance=f"{f.distance_in:.1f}",
                                       reach=f'{data.rule_number("comms.contact_in"):g}'),
                           Fraction(1))
    if plan.kind == "impossible":
        return PassOutlook("impossible", msg("impossible: {why}", why=plan.why), Fraction(0))
    p = comm_odds(plan).probability("through")
    d = comm_die(f.quality, f.bypassed) or f.quality
    fields = {"die": d.name, "level": plan.level, "p": str(p), "percent": f"{float(p):.0%}"}
    if f.bypassed:
        return PassOutlook("test", msg("comm test {die} > {level}: {p} ({percent}), {n} "
                                       "link(s) bypassed", n=f.bypassed, **fields), p)
    return PassOutlook("test", msg("comm test {die} > {level}: {p} ({percent})", **fields), p)


def pass_outlook(game: Game, commander: Unit, unit: Unit, bypassed: int) -> PassOutlook:
    """TurnHooks.pass_outlook: what a pass from the commander to the unit would meet,
    measured on the board now (§4.4, §4.5)."""
    rules = _rules(game)
    f = comm_facts(game, commander, unit, bypassed)
    if common.value(game.scenario, unit, "detached_from") and \
            not rules.get("detached_comm_test", True):
        return PassOutlook("free", msg("detached group: no comm test (§4.A-13)"),
                           Fraction(1))
    return outlook_of(plan_comm(f, rules), f)


# --------------------------------------------------------------------------- the chain


@dataclass(frozen=True, slots=True)
class Contact:
    """One unit under a commander, for the Turn dock and the board: how many links down,
    whether it is in contact (no test), the exact chance a pass gets through, or why a
    pass is impossible."""

    unit: str
    links: int
    kind: str
    p_through: Fraction
    distance_in: float
    los: bool
    why: str = ""


def under_command(game: Game, commander_id: str) -> list[tuple[str, int]]:
    """Every unit on the table whose chain of command (Unit.parent) reaches the commander,
    with the links between (1 = direct subordinate), nearest first (§4.1, §4.4-6)."""
    out = []
    for u in game.scenario.units:
        if u.id == commander_id or not game.on_table(u.id):
            continue
        links, cur, seen = 0, u.parent, set()
        while cur is not None and cur not in seen:
            links += 1
            if cur == commander_id:
                out.append((u.id, links))
                break
            seen.add(cur)
            try:
                cur = game.scenario.unit(cur).parent
            except KeyError:
                break
    return sorted(out, key=lambda t: t[1])


def contact_report(game: Game, commander_id: str, rules: dict | None = None
                   ) -> list[Contact]:
    """For each unit under the commander: in contact within 6" in sight, the comm test's
    exact odds (with the bypassed links' step-down), or why no pass is possible."""
    if rules is None:
        from engine.readings import readings_for

        from .ruleset import RULESET

        rules = readings_for(RULESET, game)
    c = game.unit(commander_id)
    out = []
    for uid, links in under_command(game, commander_id):
        f = comm_facts(game, c, game.unit(uid), links - 1)
        plan = plan_comm(f, rules)
        p = comm_odds(plan).probability("through") if plan.kind != "impossible" \
            else Fraction(0)
        out.append(Contact(uid, links, plan.kind, p, f.distance_in, f.los, plan.why))
    return out
