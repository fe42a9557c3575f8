"""Board facts in a data ruleset's formulas (issue #42: targets from "distance and range
bands, LOS and visible share, cover level, facing struck, in arc, under a template"): an
action of the guide's ruleset declares the facts, the board measures them through the one
measuring door (engine.facts.facts_for), and its steps read exactly what was measured —
each fact shown in an info step, a modifier applied only from the rear (in the roll and in
the exact odds), a pool of one die per unit under a laid blast."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.dice import ScriptedDice
from engine.facts import facts_for
from engine.model import Game
from engine.rulesets import registry
from engine.scenario_io import load_scenario

from . import guide

PROBE = '''
[actions.probe]
label = "Probe"
roles = ["actor", "target"]
facts = ["distance_in", "los", "visible_fraction", "cover", "side_struck", "in_arc",
         "under_template"]
outcome = "blasted * 10 + (1 if rear else 0)"

[[actions.probe.steps]]
id = "seen"
kind = "info"
label = "Seen"
value = "fact.visible_fraction"
outcome = { value = "round(fact.visible_fraction * 100)" }

[[actions.probe.steps]]
id = "side"
kind = "info"
label = "Side"
value = "fact.side_struck"
outcome = { value = "fact.side_struck" }

[[actions.probe.steps]]
id = "arc"
kind = "info"
label = "Arc"
value = "fact.in_arc"
outcome = { value = "'in arc' if fact.in_arc else 'out of arc'" }

[[actions.probe.steps]]
id = "rear"
kind = "test"
label = "Rear shot"
die = "'d6'"
target = "5"
vs = ">="
modifiers = [ { label = "from behind", value = -2, when = "fact.side_struck == 'rear'" } ]

[[actions.probe.steps]]
id = "blasted"
kind = "pool"
label = "Blast"
die = "'d6'"
n = "len(fact.under_template) if fact.under_template else 0"
target = "4"
vs = ">="
'''


@pytest.fixture
def probe_game(tmp_path, monkeypatch):
    folder = guide.build(tmp_path / "rulesets")
    with (folder / "rules.toml").open("a", encoding="utf-8") as f:
        f.write(PROBE)
    monkeypatch.setenv("WARBOARD_RULESETS", str(tmp_path / "rulesets"))
    registry.reload_house()
    assert not registry.house_errors(), registry.house_errors()
    game = Game(load_scenario(folder.parent / "frontier-skirmish.json"))
    game.unit("red-1").turret = 0.0                # a weapon with an arc: in_arc measured
    yield registry.get_ruleset("frontier-skirmish"), game
    monkeypatch.delenv("WARBOARD_RULESETS")
    registry.reload_house()


def _context(rs, game, **kw):
    facts = facts_for(game.scenario, "probe", "red-1", "blue-1", ruleset=rs, **kw)
    return facts, rs.context("probe", actor=game.unit("red-1"), target=game.unit("blue-1"),
                             game=game, facts=facts)


def test_the_steps_read_the_facts_the_board_measured(probe_game):
    rs, game = probe_game
    red, blue = game.unit("red-1"), game.unit("blue-1")
    sides, arcs = set(), set()
    for turn in (0.0, 90.0, 180.0, 270.0):
        red.facing = blue.facing = turn
        facts, ctx = _context(rs, game, overrides={"under_template": []})  # none laid
        res = ctx.resolve(ScriptedDice([4]))
        said = {s.id: s.outcome for s in res.steps}
        assert 0 < facts.visible_fraction <= 1
        assert said["seen"] == str(round(facts.visible_fraction * 100))
        assert said["side"] == facts.side_struck
        assert said["arc"] == ("in arc" if facts.in_arc else "out of arc")
        # the same 4: a hit at 3+ from behind, a miss at 5+ from any other side
        rear = res.step("rear")
        assert rear.target == (3 if facts.side_struck == "rear" else 5), facts.side_struck
        sides.add(facts.side_struck)
        arcs.add(facts.in_arc)
    assert {"front", "rear"} <= sides and arcs == {True, False}   # every branch was walked


def test_the_rear_modifier_prices_the_odds(probe_game):
    rs, game = probe_game
    blue = game.unit("blue-1")
    odds = {}
    for turn in (0.0, 90.0, 180.0, 270.0):
        blue.facing = turn
        facts, ctx = _context(rs, game, overrides={"under_template": []})
        odds[facts.side_struck] = {int(o): q for o, q in ctx.odds().outcomes if q}
    assert odds["rear"] == {1: Fraction(4, 6), 0: Fraction(2, 6)}     # 3+ from behind
    assert odds["front"] == {1: Fraction(2, 6), 0: Fraction(4, 6)}    # 5+


def test_a_laid_blast_gives_one_die_per_unit_under_it(probe_game):
    rs, game = probe_game
    blue = game.unit("blue-1")
    facts, ctx = _context(rs, game, template="blast-3", point=(blue.x, blue.y))
    assert facts.under_template and "blue-1" in facts.under_template
    n = len(facts.under_template)
    res = ctx.resolve(ScriptedDice([6] + [6] * n))
    assert len(res.step("blasted").rolls[0].faces) == n
    rear = Fraction(4, 6) if facts.side_struck == "rear" else Fraction(2, 6)
    got = {int(o): q for o, q in ctx.odds().outcomes}
    assert got[10 * n + 1] == Fraction(1, 2) ** n * rear             # every die 4+, and 1
    assert sum(got.values()) == 1
