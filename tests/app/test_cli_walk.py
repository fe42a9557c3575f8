"""No command prints a traceback (issue 9): every (actor, action, target, weapon) of the demo
table goes through `warboard resolve` and `warboard odds` in this process, through
app.cli.run as the console script calls it; every other sample table in resources/ (one
per ruleset) is walked the same way against each kind of target. The scenario is opened
once and shared (the walk applies nothing), so the walk takes a few tens of seconds, not
40 000 processes."""

import contextlib
import io
import traceback
from collections import Counter

import pytest

import app.cli as cli
from engine.model import Game
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_scenario
from resources import __file__ as _res

DEMO = str(__import__("pathlib").Path(_res).parent / "scenarios" / "crossroads.json")


def _weapons(unit, profile) -> list[str | None]:
    """No --weapon, then every weapon the unit carries (a card's as "<card>.<key>")."""
    carried = profile.get("weapons") or []
    if isinstance(carried, dict):
        return [None, *(f"{unit.profile}.{k}" for k in carried)]
    return [None, *carried]


@pytest.fixture
def demo_game(monkeypatch):
    scenario = load_scenario(DEMO)
    game = Game.from_meta(scenario, {})
    monkeypatch.setattr(cli.action_args, "_open_game", lambda path: (game, False))
    return game


#: The demo's walk in this many parts, every CHUNKS-th actor each: the parts run side by
#: side on the test workers, each about as long as the others.
CHUNKS = 4


@pytest.mark.parametrize("part", range(CHUNKS))
def test_every_action_unit_and_weapon_of_the_demo_table_gives_a_result_or_a_refusal(
        demo_game, part):
    game = demo_game
    rs = get_ruleset(game.scenario.ruleset)
    before = game.snapshot()
    crashes: Counter = Counter()
    first: dict = {}
    exit_codes: Counter = Counter()
    calls = 0
    for actor in game.units[part::CHUNKS]:
        profile = rs.profile_of(actor, game.scenario.profiles)
        weapons = _weapons(actor, profile)
        for action in rs.actions_for(actor, profile, profiles=game.scenario.profiles):
            for target in (None, *game.units):
                for weapon in weapons:
                    for cmd in ("resolve", "odds"):
                        argv = [cmd, DEMO, action.id, "--by", actor.id]
                        argv += ["--target", target.id] if target else []
                        argv += ["--weapon", weapon] if weapon else []
                        argv += ["--seed", "7"] if cmd == "resolve" else []
                        calls += 1
                        err = io.StringIO()
                        try:
                            with contextlib.redirect_stdout(io.StringIO()), \
                                    contextlib.redirect_stderr(err):
                                code = cli.run(argv)
                        except Exception as e:  # a traceback the user would see
                            key = (action.id, type(e).__name__)
                            crashes[key] += 1
                            first.setdefault(key, " ".join(argv[2:]) + "\n" +
                                             traceback.format_exc(limit=-3))
                            continue
                        exit_codes[code] += 1
                        if code:
                            # a refusal names the argument or the rule, never a bare key
                            text = err.getvalue()
                            assert "Traceback" not in text and "KeyError" not in text, text
    assert not crashes, "\n".join(first.values())
    assert calls > 10_000 // CHUNKS and exit_codes[0] > calls // 2, (calls, exit_codes)
    assert game.snapshot() == before           # nothing was applied


SCENARIOS = sorted(p.name for p in (__import__("pathlib").Path(_res).parent / "scenarios")
                   .glob("*.json") if p.name != "crossroads.json")


def _kinds(game: Game, actor) -> list:
    """No target, the actor itself, and one unit of each (side, profile): the targets that
    differ for the rules, so the walk of a sample table stays a few seconds."""
    seen: dict = {}
    for u in game.units:
        seen.setdefault((u.side, u.profile), u)
    return [None, actor, *(u for u in seen.values() if u.id != actor.id)]


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_sample_table_of_every_ruleset_gives_a_result_or_a_refusal(monkeypatch, name):
    """The same walk over every other sample scenario in resources/ (one per ruleset):
    every actor, action and weapon against each kind of target, resolve and odds."""
    path = str(__import__("pathlib").Path(DEMO).parent / name)
    game = Game.from_meta(load_scenario(path), {})
    monkeypatch.setattr(cli.action_args, "_open_game", lambda p: (game, False))
    rs = get_ruleset(game.scenario.ruleset)
    before = game.snapshot()
    crashes: dict = {}
    codes: Counter = Counter()
    for actor in game.units:
        profile = rs.profile_of(actor, game.scenario.profiles)
        for action in rs.actions_for(actor, profile, profiles=game.scenario.profiles):
            for target in _kinds(game, actor):
                for weapon in _weapons(actor, profile):
                    for cmd in ("resolve", "odds"):
                        argv = [cmd, path, action.id, "--by", actor.id]
                        argv += ["--target", target.id] if target else []
                        argv += ["--weapon", weapon] if weapon else []
                        argv += ["--seed", "7"] if cmd == "resolve" else []
                        err = io.StringIO()
                        try:
                            with contextlib.redirect_stdout(io.StringIO()), \
                                    contextlib.redirect_stderr(err):
                                codes[cli.run(argv)] += 1
                        except Exception:  # a traceback the user would see
                            crashes.setdefault(action.id, " ".join(argv[2:]) + "\n" +
                                               traceback.format_exc(limit=-3))
                            continue
                        assert "Traceback" not in err.getvalue(), err.getvalue()
    assert not crashes, "\n".join(crashes.values())
    assert codes[0] > 0 and sum(codes.values()) > 50, codes
    assert game.snapshot() == before           # nothing was applied


def test_the_schreck_at_a_sherman_resolves_through_penetration(demo_game, capsys):
    code = cli.run(["resolve", DEMO, "shoot", "--by", "schreck-gunner", "--target",
                    "sherman-1", "--dice", "2,4,9,2"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "Penetration" in out.out and "Hit location" in out.out and "Damage" in out.out
    assert "Not possible" not in out.out
