"""The data language's named checks, added to move Keno's comm test and combat move:
a [checks.<id>] chain called with its declared inputs and readings, its `let` formulas, a
refusal with its argument, plan / roll / exact odds from the same steps, `parts`, a step
outcome chosen by condition, the die functions; and bad checks refused naming the file,
line and field."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.dice import D4, D6, ScriptedDice
from engine.house.check import load_checks
from engine.house.expr import ExprError
from engine.protocol import ActionRefused

SIGNAL = '''
format = "warboard-rules-1"

[checks.signal]
label = "Signal test"
inputs = ["courage", "distance", "seen", "hurt"]
result = { yes = "heard", no = "missed" }
parts = { faces = "sides(die_now) if signal else 0" }

[checks.signal.let]
near = "seen and distance <= 12"
die_now = "step_die(courage, -hurt)"

[[checks.signal.refuse]]
when = "not near and die_now == none"
say = { say = "{die} cannot step down {n} time(s)", die = "die_name(courage)", n = "hurt" }
argument = "hurt"

[[checks.signal.steps]]
id = "signal"
kind = "info"
when = "near"
label = "Signal"
outcome = "heard at once"

[[checks.signal.steps]]
id = "signal"
kind = "test"
when = "not near"
label = { say = "Signal ({die} > {n})", die = "die_name(die_now)", n = "rule.noise" }
die = "courage"
vs = ">"
target = "rule.noise"
success = "heard"
failure = "missed"
outcome = [
  { when = "signal", say = "heard over {d} faces", d = "sides(die_now)" },
  { say = "missed" },
]
modifiers = [{ label = "hurt", value = "-hurt", to = "die_step", when = "hurt > 0" }]
'''


def _check(tmp_path, text: str = SIGNAL, name: str = "signal"):
    path = tmp_path / "rules.toml"
    path.write_text(text, encoding="utf-8")
    return load_checks(path, rule_ids={"noise"})[1][name]


def _inputs(**kw):
    return {"courage": "d6", "distance": 20.0, "seen": True, "hurt": 0} | kw


NOISE = {"noise": 2}


def test_a_check_plans_rolls_and_prices_from_the_same_steps(tmp_path):
    check = _check(tmp_path)
    plan = check.plan(_inputs(hurt=1), NOISE)
    assert not plan.free and plan.rolled.test.die == D4 and plan.rolled.base == 2
    odds = check.odds(_inputs(hurt=1), NOISE)
    assert odds.probability("heard") == Fraction(2, 4)
    assert odds.parts["faces"].outcomes == ((0, Fraction(1, 2)), (4, Fraction(1, 2)))
    roll = check.resolve(_inputs(hurt=1), NOISE, ScriptedDice([3]))
    assert roll.outcome is True and roll.steps[0].results == ("heard",)
    assert str(roll.steps[0].label) == "Signal (d4 > 2)"
    assert str(roll.steps[0].outcome) == "heard over 4 faces"
    assert str(check.resolve(_inputs(), NOISE, ScriptedDice([2])).steps[0].outcome) == \
        "missed"
    assert check.plan(_inputs(), NOISE).rolled.test.die == D6


def test_a_check_that_rolls_no_die_is_free(tmp_path):
    check = _check(tmp_path)
    near = _inputs(distance=3.0)
    assert check.plan(near, NOISE).free
    assert check.odds(near, NOISE).probability("heard") == 1
    roll = check.resolve(near, NOISE, ScriptedDice([]))
    assert roll.steps[0].outcome == "heard at once" and roll.outcome is True


def test_a_refusal_names_its_argument_and_rolls_nothing(tmp_path):
    check = _check(tmp_path)
    far_hurt = _inputs(courage="d4", hurt=1)
    assert str(check.plan(far_hurt, NOISE).refused) == "d4 cannot step down 1 time(s)"
    with pytest.raises(ActionRefused) as e:
        check.odds(far_hurt, NOISE)
    assert e.value.argument == "hurt"
    with pytest.raises(ActionRefused):
        check.resolve(far_hurt, NOISE, ScriptedDice([]))


def test_inputs_missing_or_unknown_are_named(tmp_path):
    check = _check(tmp_path)
    with pytest.raises(ExprError, match="missing \\['hurt'\\], unknown \\['wounds'\\]"):
        check.plan({"courage": "d6", "distance": 1.0, "seen": True, "wounds": 1}, NOISE)


@pytest.mark.parametrize("change,field,words", [
    ('near = "seen and distance <= 12"', "let.near", "unknown name"),
    ('inputs = ["courage", "distance", "seen", "hurt"]', "roles", "a check has no roles"),
    ('die_now = "step_die(courage, -hurt)"', "recursive", "a recursive definition"),
])
def test_bad_checks_are_refused_naming_the_field(tmp_path, change, field, words):
    bad = {"let.near": 'near = "seen and range <= 12"',
           "roles": 'inputs = ["courage", "distance", "seen", "hurt"]\nroles = ["actor"]',
           "recursive": 'die_now = "step_die(courage, -hurt) if near else again"\n'
                        'again = "die_now"'}[field]
    with pytest.raises(ExprError, match=words) as e:
        _check(tmp_path, SIGNAL.replace(change, bad))
    assert "rules.toml:" in str(e.value)
