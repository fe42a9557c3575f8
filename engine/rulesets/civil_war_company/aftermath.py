"""What fire does to the company fired on (§4.2–4.6): the tests it takes, rolled in order,
as pure functions of its numbers and the volley's counts.

`roll_aftermath` rolls, for one company: the SERIOUS test of every Retreat result (and
the suppression tests of a retreat the board blocks), or for artillery the suppression
test of every failed result die; the officer death tests and FEAR tests of the platoons
lost (order by §4.A-23); the officer and suppression tests of every second Terror marker.
It returns the steps and an `Aftermath` saying what happened; the action turns that into
effects on the board (moves, removals, markers, state).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.dice import D6, Comparison, DiceSource, Test
from engine.i18n import Text, msg
from engine.options import Modifier
from engine.protocol import Step, info_step, make_test, roll_test

from .data import rule_number

__all__ = ["Morale", "Aftermath", "morale_test", "officer_modifier", "roll_aftermath",
           "roll_morale", "terror_tests"]


@dataclass(frozen=True, slots=True)
class Morale:
    """The tested company's numbers: card values, officer, markers, stands left."""

    id: str                        # short key, used in the step ids ("plastuns.retreat")
    name: str
    serious: int
    fear: int | None
    officer: bool = True           # alive (a support stand has none: has_officer False)
    has_officer: bool = True
    terror: int = 0                # markers before this fire
    stands: int = 1
    support: bool = False          # an MG or a battery: no FEAR test (§4.A-21)
    proposed: frozenset[str] = frozenset()   # card values that are ours ("serious", …)


@dataclass
class Aftermath:
    """What the tests decided for one company."""

    steps: list[Step] = field(default_factory=list)
    retreat_failures: int = 0
    blocked_steps: int = 0
    suppression_failed: int = 0
    officer_killed: bool = False
    routed: bool = False
    lost: int = 0
    terror_added: int = 0
    terror_after: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def suppressed(self) -> bool:
        return self.suppression_failed > 0


def officer_modifier(alive: bool, rules: Mapping[str, Any], artillery: bool) -> list[Modifier]:
    """+1 to SERIOUS and FEAR while the officer lives (§4.A-2)."""
    how = rules.get("officer_bonus", "always")
    if not alive or how == "none" or (how == "artillery_only" and not artillery):
        return []
    return [Modifier("officer", rule_number("tests.officer_bonus"),
                     "+1 while the officer lives (§4.A-2, the artillery example)")]


def morale_test(value: int, mods: list[Modifier], rules: Mapping[str, Any]) -> Test:
    """2d6 against the value: ≤ passes (§4.A-1), or < with test_comparison = lt."""
    cmp = Comparison.LT if rules.get("test_comparison", "le") == "lt" else Comparison.LE
    return make_test(D6, value, mods, cmp, dice=rule_number("tests.dice"))


def roll_morale(dice: DiceSource, what: str, value: int, officer: bool, rules: Mapping[str, Any],
                *, id: str, label: str, n: int = 1, artillery: bool = False,
                failure: str = "fail", note: str = "", proposed: bool = False) -> Step:
    """`n` SERIOUS / FEAR / RALLY tests of one company; `proposed`: the card value is
    ours, not the seed's (shown so)."""
    mods = officer_modifier(officer, rules, artillery)
    return roll_test(dice, morale_test(value, mods, rules), id=id, label=label, n=n,
                     base=value, base_label=msg("{value} (PROPOSED)", value=what) if proposed
                     else what,
                     modifiers=mods, success="pass",
                     failure=failure, note=note)


def _officer_death(dice: DiceSource, rules: Mapping[str, Any], *, id: str, label: str,
                   n: int) -> Step:
    face = rule_number("tests.officer_death_face")
    test = make_test(D6, face, (), Comparison.LE)
    return roll_test(dice, test, id=id, label=label, n=n, base=face, base_label="killed on",
                     success="killed", failure="survives",
                     outcome=lambda k: "officer killed" if k else "officer survives",
                     note="the opponent rolls a d6: 1 = officer killed (§4.5)")


def terror_tests(before: int, added: int, rules: Mapping[str, Any]) -> tuple[int, int]:
    """(tests triggered, markers after) when `added` Terror markers join `before` (§4.3,
    §4.A-4): keep — a test at every new multiple of 2, markers stay; spend — 2 markers
    are removed per test."""
    every = rule_number("fire.terror_every")
    total = before + added
    if rules.get("terror_markers", "keep") == "spend":
        return total // every, total % every
    return total // every - before // every, total


def roll_aftermath(dice: DiceSource, who: Morale, rules: Mapping[str, Any], *, retreats: int = 0,
                   lost: int = 0, terror: int = 0, artillery_failures: int = 0,
                   artillery: bool = False, prefix: str = "", label: str = "",
                   blocked_steps: Callable[[int], int] = lambda failures: 0) -> Aftermath:
    """Roll every test `who` takes after a volley; `blocked_steps(failures)` says how many
    2" steps of the retreat the board blocks (each gives a suppression test, §4.2-5)."""
    out = Aftermath(lost=min(lost, who.stands))
    p, lab = f"{prefix}{who.id}.", (label, who.name)
    alive = who.officer and who.has_officer
    supp_tests = 0
    left = who.stands - out.lost
    if left <= 0 and (retreats or lost or terror or artillery_failures):
        out.steps.append(info_step(f"{p}destroyed", _label(lab, "destroyed"),
                                   msg("{company}: every stand lost, no tests",
                                       company=who.name)))
        out.routed = False
        return out
    if artillery_failures:
        supp_tests += artillery_failures if rules.get("artillery_suppression",
                                                      "per_failed_die") == "per_failed_die" \
            else 1
    if retreats:
        step = roll_morale(dice, "SERIOUS", who.serious, alive, rules, id=f"{p}retreat",
                           label=_label(lab, "Retreat test"), n=retreats, artillery=artillery,
                           proposed="serious" in who.proposed,
                           note="one SERIOUS test per Retreat result (§4.2-1)")
        out.steps.append(step)
        out.retreat_failures = step.count("fail")
        if out.retreat_failures:
            out.blocked_steps = blocked_steps(out.retreat_failures)
            supp_tests += out.blocked_steps
    if out.lost:
        alive = _losses(dice, who, rules, out, alive, p, lab, artillery)
    if terror:
        tests, after = terror_tests(who.terror, terror, rules)
        out.terror_added, out.terror_after = terror, after
        if tests and who.has_officer and alive:
            step = _officer_death(dice, rules, id=f"{p}terror_officer",
                                  label=_label(lab, "Officer death test (terror)"), n=tests)
            out.steps.append(step)
            if step.count("killed"):
                alive = False
                out.officer_killed = True
                _fear(dice, who, rules, out, False, p, lab, artillery, 1, "officer killed")
        supp_tests += tests
    else:
        out.terror_after = who.terror
    if supp_tests:
        step = roll_morale(dice, "SERIOUS", who.serious, alive, rules, id=f"{p}suppression",
                           label=_label(lab, "Suppression test"), n=supp_tests, artillery=artillery,
                           proposed="serious" in who.proposed,
                           failure="suppressed",
                           note="SERIOUS: failure = prone and suppressed (§4.6)")
        out.steps.append(step)
        out.suppression_failed = step.count("suppressed")
    return out


def _label(lab: tuple[Any, str], test: Any) -> Text:
    """A step label "<prefix><company>: <test>" as one message (the prefix names the
    volley, e.g. return fire)."""
    prefix, company = lab
    return msg("{prefix}{company}: {test}", prefix=prefix, company=company, test=test)


def _losses(dice: DiceSource, who: Morale, rules: Mapping[str, Any], out: Aftermath,
            alive: bool, p: str, lab: tuple[Any, str], artillery: bool) -> bool:
    """Officer death tests and FEAR tests for the platoons lost (§4.4, §4.5), in the order
    the game reads (§4.A-23); returns whether the officer still lives."""
    n = out.lost
    fear_test = not who.support or rules.get("support_stand_loss") == "fear_test"
    order = rules.get("officer_test_order", "officer_first")
    if order == "by_platoon" and n > 1:
        for i in range(1, n + 1):
            alive = _officer_test(dice, who, rules, out, alive, f"{p}officer.{i}",
                                  _label(lab, msg("Officer death test (platoon {n})", n=i)))
            if fear_test:
                _fear(dice, who, rules, out, alive, p, lab, artillery, 1,
                      msg("platoon {n} lost", n=i), sid=f"fear.{i}")
    else:
        if order == "fear_first" and fear_test:
            _fear(dice, who, rules, out, alive, p, lab, artillery, n, "platoon lost")
        alive = _officer_test(dice, who, rules, out, alive, f"{p}officer",
                              _label(lab, "Officer death test"), n)
        if order != "fear_first" and fear_test:
            _fear(dice, who, rules, out, alive, p, lab, artillery, n, "platoon lost")
    if out.officer_killed and fear_test:
        _fear(dice, who, rules, out, False, p, lab, artillery, 1, "officer killed",
              sid="fear_officer")
    return alive


def _officer_test(dice: DiceSource, who: Morale, rules: Mapping[str, Any], out: Aftermath,
                  alive: bool, sid: str, label: Text, n: int = 1) -> bool:
    """`n` officer death tests while he lives (§4.5); returns whether he still does."""
    if not (who.has_officer and alive):
        return alive
    step = _officer_death(dice, rules, id=sid, label=label, n=n)
    out.steps.append(step)
    if step.count("killed"):
        out.officer_killed = True
        return False
    return alive


def _fear(dice: DiceSource, who: Morale, rules: Mapping[str, Any], out: Aftermath, alive: bool,
          p: str, lab: tuple[Any, str], artillery: bool, n: int, why: str,
          sid: str = "fear") -> None:
    if who.fear is None:
        return
    step = roll_morale(dice, "FEAR", who.fear, alive, rules, id=f"{p}{sid}",
                       label=_label(lab, msg("FEAR test ({why})", why=why)), n=n,
                       artillery=artillery,
                       proposed="fear" in who.proposed,
                       failure="flees",
                       note="one failure is enough: the company flees (§4.4-2)")
    out.steps.append(step)
    if step.count("flees"):
        out.routed = True
