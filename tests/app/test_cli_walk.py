"""No command prints a traceback (issue 9): every (actor, action, target, weapon) of the demo
table, and of every other sample table in resources/ (one per ruleset) against each kind
of target, is resolved (seeded dice) and priced through the referee (engine.play) the
commands go through, and its output written by the functions `warboard resolve` and
`warboard odds` print with; an error that is not a refusal (a ValueError the rules
raise) fails the walk. Each distinct way a try ends — per action, with and without
--weapon: the step that refused and the refusal's class and argument, or a result —
then goes through app.cli.run itself, both commands, as the console script calls it:
its exit status must be the one the referee predicted and its error line must not be a
traceback or a bare key. The scenario is opened once and shared (the walk applies
nothing); a try is planned once for both commands, so the walk takes seconds, not the
minutes of 46,000 command lines."""

from __future__ import annotations

import contextlib
import io
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import app.cli as cli
from app.cli.action_args import _refused
from app.cli.odds import odds_dict, odds_text
from engine.model import Game
from engine.play import AppDice, GameTable, PlayRequest, Referee
from engine.protocol import ActionRefused, argument_of
from engine.render import facts_line, render, render_joint
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_scenario
from resources import __file__ as _res

SCENARIO_DIR = Path(_res).parent / "scenarios"
DEMO = str(SCENARIO_DIR / "crossroads.json")
SEED = 7


def _weapons(unit, profile) -> list[str | None]:
    """No --weapon, then every weapon the unit carries (a card's as "<card>.<key>")."""
    carried = profile.get("weapons") or []
    if isinstance(carried, dict):
        return [None, *(f"{unit.profile}.{k}" for k in carried)]
    return [None, *carried]


@dataclass(frozen=True)
class Try:
    """One (actor, action, target, weapon) of a table; `argv` its command line."""

    path: str
    actor: Any
    action: Any
    target: Any
    weapon: str | None

    def argv(self, cmd: str) -> list[str]:
        argv = [cmd, self.path, self.action.id, "--by", self.actor.id]
        argv += ["--target", self.target.id] if self.target else []
        argv += ["--weapon", self.weapon] if self.weapon else []
        return argv + (["--seed", str(SEED)] if cmd == "resolve" else [])


def tries(path: str, game: Game, actors: Iterable, targets: Callable[[Any], list]
          ) -> Iterator[Try]:
    """Every action of each actor with each of its targets and weapons (none first)."""
    rs = get_ruleset(game.scenario.ruleset)
    for actor in actors:
        profile = rs.profile_of(actor, game.scenario.profiles)
        for action in rs.actions_for(actor, profile, profiles=game.scenario.profiles):
            for target in targets(actor):
                for weapon in _weapons(actor, profile):
                    yield Try(path, actor, action, target, weapon)


def _refusal(step: str, err: ValueError, action) -> str:
    """How a step refused, as a kind: the step, the error's class and, for a refusal of
    the rules, the argument it names (the flag the command line says it after)."""
    text = str(err)
    assert text and "KeyError" not in text and "Traceback" not in text, (step, text)
    arg = argument_of(err, action) if isinstance(err, ActionRefused) else None
    return f"{step}: {type(err).__name__}" + (f" ({arg.split('.')[0]})" if arg else "")


def through_referee(game: Game, rs, referee: Referee, t: Try) -> tuple[str, str]:
    """(how `odds` ends, how `resolve` ends): "ok" or the refusal's kind. The plan is made
    once for both, as each command makes it; the printed text is written as each command
    writes it. An error that is not a ValueError propagates: the command would crash."""
    try:
        if t.weapon:
            rs.weapon(t.weapon)
        plan = referee.plan(PlayRequest(game, t.action.id, t.actor.id,
                                        target=t.target.id if t.target else None,
                                        weapon=t.weapon, ruleset=rs))
    except ValueError as e:
        kind = _refusal("plan", e, t.action)
        return kind, kind
    ctx = plan.context
    try:
        dist = referee.odds(plan).distribution
        odds_dict(dist)
        odds_text(dist)
        facts_line(plan.facts, lang="en", ruleset=rs.id)
        odds = "ok"
    except ValueError as e:
        odds = _refusal("odds", e, t.action)
        if isinstance(e, ActionRefused):
            _refused(e, ctx)
    try:
        res = referee.roll(plan, AppDice(SEED, True)).resolution
        (render_joint if plan.joint else render)(res, "text", lang="en")
        resolve = "ok"
    except ValueError as e:
        resolve = _refusal("resolve", e, t.action)
        if isinstance(e, ActionRefused):
            _refused(e, ctx)
    return odds, resolve


def _cli(argv: list[str]) -> tuple[int | None, str]:
    """app.cli.run(argv): (exit status, stderr), or (None, the traceback) when it raised."""
    err = io.StringIO()
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            return cli.run(argv), err.getvalue()
    except Exception:  # a traceback the user would see
        return None, " ".join(argv[2:]) + "\n" + traceback.format_exc(limit=-3)


def walk(game: Game, walked: Iterable[Try]) -> tuple[Counter, list[str]]:
    """Every try through the referee, then each distinct ending through the command line.
    Returns (the endings counted, what went wrong)."""
    referee = Referee(GameTable(game, keeps_log=False))
    rs = get_ruleset(game.scenario.ruleset)
    endings: Counter = Counter()
    first: dict[tuple, Try] = {}
    problems: list[str] = []
    for t in walked:
        try:
            odds, resolve = through_referee(game, rs, referee, t)
        except Exception:
            problems.append(" ".join(t.argv("resolve")[2:]) + "\n" +
                            traceback.format_exc(limit=-3))
            continue
        endings[odds, resolve] += 1
        first.setdefault((t.action.id, t.weapon is None, odds, resolve), t)
    for (_action, _bare, *ends), t in first.items():
        for cmd, end in zip(("odds", "resolve"), ends, strict=True):
            code, err = _cli(t.argv(cmd))
            if code != (0 if end == "ok" else cli.USAGE_ERROR) or \
                    "Traceback" in err or "KeyError" in err:
                problems.append(f"{' '.join(t.argv(cmd)[2:])}: the referee said {end!r}, "
                                f"the command line ended {code} with:\n{err}")
    return endings, problems


def _demo_game(monkeypatch, path: str = DEMO) -> Game:
    game = Game.from_meta(load_scenario(path), {})
    monkeypatch.setattr(cli.action_args, "_open_game", lambda p: (game, False))
    return game


@pytest.fixture
def demo_game(monkeypatch):
    return _demo_game(monkeypatch)


#: The demo's walk in this many parts, every CHUNKS-th actor each: the parts run side by
#: side on the test workers, each about as long as the others.
CHUNKS = 2


@pytest.mark.parametrize("part", range(CHUNKS))
def test_every_action_unit_and_weapon_of_the_demo_table_gives_a_result_or_a_refusal(
        demo_game, part):
    game = demo_game
    before = game.snapshot()
    endings, problems = walk(game, tries(DEMO, game, game.units[part::CHUNKS],
                                         lambda actor: [None, *game.units]))
    assert not problems, "\n".join(problems[:10])
    n = sum(endings.values())
    ok = sum(c * ((odds == "ok") + (resolve == "ok")) for (odds, resolve), c in endings.items())
    assert n > 5_000 // CHUNKS and ok > n, endings  # more than half the commands answer
    assert game.snapshot() == before           # nothing was applied


SCENARIOS = sorted(p.name for p in SCENARIO_DIR.glob("*.json") if p.name != "crossroads.json")


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
    path = str(SCENARIO_DIR / name)
    game = _demo_game(monkeypatch, path)
    before = game.snapshot()
    endings, problems = walk(game, tries(path, game, game.units,
                                         lambda actor: _kinds(game, actor)))
    assert not problems, "\n".join(problems[:10])
    assert endings["ok", "ok"] > 0 and sum(endings.values()) > 25, endings
    assert game.snapshot() == before           # nothing was applied


def test_the_schreck_at_a_sherman_resolves_through_penetration(demo_game, capsys):
    code = cli.run(["resolve", DEMO, "shoot", "--by", "schreck-gunner", "--target",
                    "sherman-1", "--dice", "2,4,9,2"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "Penetration" in out.out and "Hit location" in out.out and "Damage" in out.out
    assert "Not possible" not in out.out
