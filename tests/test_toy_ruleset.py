"""The toy ruleset of tests/toy/ (docs/ruleset-protocol.md's worked example) played through
every door a new ruleset must work with: the engine (scripted dice, exact odds), the
Actions dock (pytest-qt, offscreen: actor, action, target, a seeded roll, apply, the log,
undo), the command line (`resolve`, `odds`, in-process), the action walk of
tests/engine/action_walk.py, and the isolation scans of tests/test_ruleset_isolation.py.

Importing tests.toy registers nothing: the `toy` fixture registers it and takes it away."""

from __future__ import annotations

import contextlib
import io
import json
from fractions import Fraction

import pytest

import tests.toy as toy_module
from app import cli
from engine.dice import ScriptedDice
from engine.library_schema import generic_spec
from engine.model import Game, apply_change
from engine.rulesets.registry import get_ruleset, list_rulesets, register, unregister
from engine.scenario import Scenario, Table, Unit
from engine.scenario_io import save_scenario
from geometry.bases import BaseShape
from tests.engine.action_walk import walk
from tests.test_ruleset_isolation import (
    ALLOWED,
    declared,
    generic_files,
    hits,
    literal_hits,
    vocabulary,
)

TOY = toy_module.RULESET


@pytest.fixture
def toy():
    """The toy made known to the registry for one test, and forgotten after it."""
    register(TOY)
    yield TOY
    unregister(TOY.id)


def scenario() -> Scenario:
    units = [Unit("red-1", "red", "brawler", 10, 10, BaseShape.round(25), name="Red Bob"),
             Unit("blue-1", "blue", "brawler", 11.5, 10, BaseShape.round(25),
                  name="Blue Ann")]
    return Scenario("toy brawl", TOY.id, Table(24, 24, 1), [], units)


def strike(game: Game, faces: list[int]):
    ctx = TOY.context("strike", actor=game.unit("red-1"), target=game.unit("blue-1"),
                      game=game)
    return TOY.action("strike").resolve(ctx, ScriptedDice(faces))


# --------------------------------------------------------------------------- the engine


def test_importing_the_toy_registers_nothing():
    assert TOY.id not in {rs.id for rs in list_rulesets()}     # imported above, not known
    register(TOY)
    try:
        assert get_ruleset("toy-brawl") is TOY
    finally:
        unregister(TOY.id)
    assert TOY.id not in {rs.id for rs in list_rulesets()}


def test_a_strike_dazes_and_grit_decides_when_he_falls():
    game = Game(scenario())
    res = strike(game, [4])
    assert res.step("strike").results == ("hit",) and res.summary == "hit"
    apply_change(game, res.change)
    assert game.unit("blue-1").markers == {"dazed": 1}
    assert strike(game, [5]).change.effects == []
    apply_change(game, strike(game, [1]).change)
    res = strike(game, [2])                       # a third blow: past a grit of 2
    assert [e.kind for e in res.change.effects] == ["add_marker", "remove"]


def test_the_odds_are_exact():
    game = Game(scenario())
    ctx = TOY.context("strike", actor=game.unit("red-1"), target=game.unit("blue-1"),
                      game=game)
    dist = TOY.action("strike").odds(ctx)
    assert dict(dist.outcomes) == {"hit": Fraction(2, 3), "miss": Fraction(1, 3)}


# --------------------------------------------------------------------------- the doors


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.run(argv)
    return status, out.getvalue(), err.getvalue()


def test_the_command_line_resolves_and_prices_it(toy, tmp_path):
    path = tmp_path / "brawl.json"
    save_scenario(scenario(), path)
    status, out, err = run(["resolve", str(path), "strike", "--by", "red-1",
                            "--target", "blue-1", "--dice", "3", "--json"])
    assert status == 0, err
    data = json.loads(out)
    assert data["actor"] == "red-1" and data["target"] == "blue-1"
    assert data["summary"] == "hit" and "Strike" in data["text"]
    status, out, err = run(["odds", str(path), "strike", "--by", "red-1",
                            "--target", "blue-1", "--json"])
    assert status == 0, err
    outcomes = {o["outcome"]: o for o in json.loads(out)["outcomes"]}
    assert set(outcomes) == {"hit", "miss"}
    status, _, err = run(["resolve", str(path), "strike", "--by", "red-1"])
    assert status == 2 and "target" in err


def test_the_actions_dock_plays_it(qtbot, toy):
    from tests.app.test_panels_support import open_window

    win = open_window(qtbot, scenario(), centre=(11, 10))
    panel = win.services.action_panel
    panel.set_actor("red-1")
    panel.set_action("strike")
    panel.set_target("blue-1")
    assert dict(panel.odds_chart.distribution.outcomes)["hit"] == Fraction(2, 3)
    logged = len(win.game.log)
    res = panel.roll(seed=1)
    assert res.step("strike").results == ("hit",)     # seed 1 rolls a hit
    assert len(win.game.log) == logged + 1            # every roll is logged when rolled
    assert win.game.log[-1].details["roll"]["applied"] is False
    assert panel.apply()
    entry = win.game.log[-1]
    assert (entry.actor, entry.action, entry.target) == ("red-1", "strike", "blue-1")
    assert entry.prev                                  # chained to the entry before it
    assert win.game.unit("blue-1").markers == {"dazed": 1}
    assert win.editor.undo_stack.count() == 1
    win.editor.undo_stack.undo()                       # one step takes it back; the log stays
    assert win.game.unit("blue-1").markers == {} and win.game.log[-1] == entry


# --------------------------------------------------------------------------- generic tests


def test_the_action_walk_finds_only_refusals(toy):
    calls, found = walk(scenario())
    assert calls > 0 and found == []


def test_the_library_takes_its_profile_from_the_declaration():
    spec = generic_spec(TOY)          # Ruleset.library is None: the generic spec
    assert [k.id for k in spec.kinds] == ["brawler"]
    assert [(e.kind, e.id) for e in spec.seed().entries] == [("brawler", "brawler")]


def test_every_profile_has_its_base(qtbot, toy):
    from app.tools.units import profile_catalogue

    choices = profile_catalogue(Scenario("blank", TOY.id, Table(24, 24, 1)))
    assert [(c.id, c.base_from) for c in choices] == [("brawler", "profile")]


def test_no_toy_word_is_spelt_in_generic_code():
    """The isolation scans, over the toy's own words: its id, name and distinctive keys by
    name, and its declared vocabulary as literals."""
    shared = vocabulary() | set(ALLOWED)
    own = {TOY.id, TOY.name} | {k for k in TOY.profiles if "-" in k or "_" in k}
    words = {t for t in declared(TOY) if t not in shared}
    assert words == {"dazed", "DZ"}
    files = [(p.as_posix(), p.read_text(encoding="utf-8")) for p in generic_files()]
    assert not hits(files, {TOY.id: own})
    assert not literal_hits(files, {TOY.id: words})
    planted = [("app/board/x.py", 'BADGES = {"dazed": 1}\n')]
    assert literal_hits(planted, {TOY.id: words})
