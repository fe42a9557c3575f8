"""The chain of command and the communication test (§4.4, §4.5): the facts measured on the
board, given to the comm test written as data (resources/rulesets/keno-platoon/comm.toml:
in contact within 6" in sight, a radio or phone at both ends, the quality die stepped down
per bypassed link above the worse commander level), and the turn structure's hooks that
call it.

The data check says whether a pass is refused (impossible), rolls no die (in contact) or
rolls a test; here those become the turn's words: CommImpossible, no test, a CommTest.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from engine.dice import DiceSource, Die, Test
from engine.house.check import ruleset_checks
from engine.i18n import msg
from engine.measure import measure_pair
from engine.model import Game
from engine.odds import OutcomeDistribution
from engine.options import Modifier
from engine.protocol import Step
from engine.scenario import Unit
from engine.turns import CommTest, PassOutlook, TurnError

from . import common, data
from .options import OPTIONS

__all__ = ["CommFacts", "CommPlan", "COMM", "comm_die", "plan_comm", "comm_odds",
           "roll_comm", "comm_facts", "comm_test", "CommImpossible", "pass_outlook",
           "Contact", "under_command", "contact_report"]

#: The comm test, as data (comm.toml).
COMM = ruleset_checks(data.RULESET_ID, "comm.toml", data=data.rules(),
                      rule_ids={o.id for o in OPTIONS})[1]["comm_test"]


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

    def inputs(self) -> dict[str, Any]:
        """The comm check's inputs (comm.toml)."""
        return {"quality": self.quality, "level_from": self.level_from,
                "level_to": self.level_to, "bypassed": self.bypassed,
                "distance": self.distance_in, "los": self.los,
                "means_from": self.means_from, "means_to": self.means_to}


@dataclass(frozen=True, slots=True)
class CommPlan:
    """`kind`: "contact" (no test: in sight within 6"), "test" (roll `test`), or
    "impossible" (`why`); with the facts and readings it was planned on."""

    kind: str
    test: Test | None = None
    modifiers: tuple[Modifier, ...] = ()
    level: int = 0
    why: Any = ""
    facts: CommFacts | None = None
    rules: Mapping[str, Any] = field(default_factory=dict)


def _readings(rules: Mapping[str, Any] | None) -> dict[str, Any]:
    """The readings given, the options' defaults for the rest."""
    return {o.id: o.default for o in OPTIONS} | dict(rules or {})


def plan_comm(f: CommFacts, rules: Mapping[str, Any] | None = None) -> CommPlan:
    """What the data comm test does with these facts, before any die."""
    return _plan(f, tuple(sorted(_readings(rules).items())))


@lru_cache(maxsize=4096)
def _plan(f: CommFacts, rules: tuple[tuple[str, Any], ...]) -> CommPlan:
    """The plan of these facts and readings (the Turn dock and the board ask the same
    pass again on every redraw; the check is a function of them alone)."""
    readings = MappingProxyType(dict(rules))      # shared by every caller: read-only
    plan = COMM.plan(f.inputs(), readings)
    if plan.refused is not None:
        return CommPlan("impossible", why=plan.refused, facts=f, rules=readings)
    rolled = plan.rolled
    if plan.free or rolled is None:
        return CommPlan("contact", facts=f, rules=readings)
    return CommPlan("test", rolled.test, rolled.modifiers, rolled.base or 0, facts=f,
                    rules=readings)


def comm_die(quality: Die, bypassed: int, floor: str = "d4") -> Die | None:
    """The die the comm test rolls with this quality and bypassed links; None below the
    floor (the pass is impossible)."""
    plan = plan_comm(CommFacts(quality, 1, 1, bypassed, means_from=True, means_to=True),
                     {"die_floor": floor})
    return plan.test.die if plan.test is not None else None


def comm_odds(plan: CommPlan) -> OutcomeDistribution:
    """Exact: P(through) = P(die > L); in contact it is 1; an impossible pass has the
    one outcome "impossible"."""
    if plan.kind == "impossible" or plan.facts is None:
        return OutcomeDistribution(COMM.spec.odds_label, (("impossible", Fraction(1)),))
    return _odds(plan.facts, tuple(sorted(plan.rules.items())))


@lru_cache(maxsize=4096)
def _odds(f: CommFacts, rules: tuple[tuple[str, Any], ...]) -> OutcomeDistribution:
    return COMM.odds(f.inputs(), dict(rules))


def roll_comm(plan: CommPlan, dice: DiceSource) -> Step:
    if plan.kind == "impossible" or plan.facts is None:
        raise CommImpossible(msg("communication: {why}", why=plan.why))
    return COMM.resolve(plan.facts.inputs(), plan.rules, dice).steps[0]


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
    d = plan.test.die if plan.test is not None else f.quality
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
