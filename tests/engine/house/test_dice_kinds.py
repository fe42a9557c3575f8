"""Every kind of dice a data ruleset can say — a test, a sum rolled under, a pool, a pool
needing at least N successes, an opposed roll, re-rolls, exploding dice — priced exactly,
and each price equal to the roll itself enumerated: every sequence of faces the roll can
ask for, fed to it through scripted dice, weighted by its chance.

The volley is a pool of three exploding dice: three is the fewest that still tells a
per-die explosion budget from a pool-wide one and "at least two successes" from any other
count, and its roll has 16³ = 4,096 sequences of faces to walk (a pool of four, 65,536)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest

from engine.dice import DiceError, ScriptedDice, die
from engine.house.folder import load_folder
from engine.model import Game
from engine.protocol import Facts
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape

RULES = '''
[ruleset]
id = "dice-kinds"
name = "Dice kinds"

[stats.skill]
type = "int"
default = 4

[stats.grit]
type = "int"
default = 7

[formulas]
margin = "mine + actor.skill - theirs - target.skill"

[actions.lucky]
label = "Lucky shot"
[[actions.lucky.steps]]
id = "shot"
kind = "test"
die = "'d6'"
target = "5"
vs = ">="
reroll = [1]

[actions.volley]
label = "Volley"
outcome = "hits >= 2"
result = { yes = "pinned down", no = "shrugged off" }
[[actions.volley.steps]]
id = "hits"
kind = "pool"
die = "'d6'"
n = 3
target = "8"
explode = 2

[actions.nerve]
label = "Nerve"
kind = "test"
[[actions.nerve.steps]]
id = "nerve"
kind = "test"
die = "'d6'"
dice = 2
vs = "<="
target = "actor.grit"
modifiers = [{ label = "shaken", value = -1, when = "actor.markers.shaken > 0" }]

[actions.duel]
label = "Duel"
roles = ["actor", "target"]
outcome = "'win' if margin > 0 else ('tie' if margin == 0 else 'loss')"
[[actions.duel.steps]]
id = "mine"
kind = "roll"
die = "'d8'"
[[actions.duel.steps]]
id = "theirs"
kind = "roll"
die = "'d6'"
n = 2

[actions.burst]
label = "Burst"
outcome = "hits"
[[actions.burst.steps]]
id = "hits"
kind = "pool"
die = "'d6'"
n = 3
target = "4"
reroll = [1, 2]
[[actions.burst.steps]]
id = "extra"
kind = "test"
when = "hits == 3"
die = "'d6'"
target = "6"
vs = ">="
'''


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dice-kinds")
    (folder / "rules.toml").write_text(RULES, "utf-8")
    return load_folder(folder)


def _game(rules) -> Game:
    units = [Unit("a", "x", "p", 0, 0, BaseShape.round(25), name="Ada"),
             Unit("b", "y", "p", 5, 0, BaseShape.round(25), name="Bo", state={"skill": 3})]
    return Game(Scenario("t", rules.id, Table(24, 24), [], units))


def enumerate_rolls(resolve, prefix=(), weight=Fraction(1)) -> Iterator[tuple]:
    """Every way the roll can go: on running out of faces, each face of the die asked
    for, with its chance."""
    try:
        res = resolve(ScriptedDice(list(prefix)))
    except DiceError as e:
        if e.reason != "missing":
            raise
        sides = die(e.die).sides
        for face in range(1, sides + 1):
            yield from enumerate_rolls(resolve, (*prefix, face), weight / sides)
        return
    yield res, weight


@pytest.mark.parametrize("action,outcome_of", [
    ("lucky", lambda r: r.steps[0].results[0] == "success"),
    ("volley", lambda r: r.steps[0].count("success") >= 2),
    ("nerve", lambda r: r.steps[0].results[0] == "success"),
    ("duel", lambda r: str(r.summary).rsplit(": ", 1)[1]),
    ("burst", lambda r: r.steps[0].count("success")),
])
def test_the_exact_odds_are_the_roll_enumerated(rules, action, outcome_of):
    game = _game(rules)
    ctx = rules.context(action, actor=game.unit("a"), target=game.unit("b"), game=game,
                        facts=Facts(distance_in=5.0, los=True))
    seen: dict = {}
    for res, w in enumerate_rolls(ctx.resolve):
        key = outcome_of(res)
        seen[key] = seen.get(key, 0) + w
    odds = dict(ctx.odds().outcomes)
    spec = ctx.action.spec
    if isinstance(next(iter(seen)), bool):
        seen = {spec.yes if k else spec.no: v for k, v in seen.items()}
    assert {k: v for k, v in odds.items() if v} == seen


def test_hand_worked_chances(rules):
    game = _game(rules)
    ctx = lambda a: rules.context(a, actor=game.unit("a"), target=game.unit("b"),  # noqa: E731
                                  game=game)
    # 5+ on a d6 re-rolling 1s: 2/6 + 1/6 × 2/6
    assert dict(ctx("lucky").odds().outcomes)["success"] == Fraction(7, 18)
    # 8+ on an exploding d6: a 6, then 2 or more on the die it explodes into (a 6 there
    # explodes again, already past 8)
    per_die = Fraction(1, 6) * Fraction(5, 6)
    p_two = 1 - (1 - per_die) ** 3 - 3 * per_die * (1 - per_die) ** 2
    assert dict(ctx("volley").odds().outcomes)["pinned down"] == p_two
    # 2d6 ≤ 7: 21/36
    assert dict(ctx("nerve").odds().outcomes)["success"] == Fraction(21, 36)


def test_a_reroll_is_shown_as_its_own_roll(rules):
    game = _game(rules)
    ctx = rules.context("lucky", actor=game.unit("a"), game=game)
    step = ctx.resolve(ScriptedDice([1, 5])).steps[0]
    assert [r.faces for r in step.rolls] == [(1,), (5,)]
    assert str(step.rolls[1].label) == "Lucky shot: re-roll"
    assert step.results == ("success",)
