"""The cases on which Keno's quality-die tests were recorded from their Python version
(fixtures/keno_tests.json) and are now checked in their data version: every unit of the
sample table as the actor, in every morale state and with 0, 1 or 3 suppression markers;
every other unit as the target (and none where the target is optional); every option
value and reading that changes the test; and the roll with every face of the die."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine.dice import DiceError, ScriptedDice
from engine.i18n import localized
from engine.model import Game
from engine.protocol import ActionRefused
from engine.rulesets.keno_platoon import RULESET as KP
from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.engine.house import fixture_io

FIXTURE = Path(__file__).parent / "fixtures" / "keno_tests.json.gz"
ACTIONS = ("leave_cover", "enter_melee", "observe", "remove_suppression", "rally_morale")


def _game() -> Game:
    return Game(load_scenario(resource("scenarios", "keno-orchard.json")))


def _cases(only: str | None = None
           ) -> Iterator[tuple[str, str, str | None, dict, dict, str, int]]:
    game = _game()
    units = list(game.scenario.units)
    actors = list({u.profile: u for u in reversed(units)}.values())    # one per profile
    for action in ACTIONS if only is None else (only,):
        for actor in actors:
            targets: list[str | None] = [u.id for u in units if u.id != actor.id][:2]
            if action == "observe":
                targets = [targets[0], None]
            elif action != "enter_melee":
                targets = [None]
            options = [{"concealment": c} for c in (0, 1, 2)] if action == "observe" \
                else [{}]
            rules = [{"broken_leave_cover": v} for v in ("forbidden", "test")] \
                if action == "leave_cover" else [{}]
            for target in targets:
                for opt in options:
                    for rule in rules:
                        for morale in ("steady", "shaken", "broken"):
                            for sup in (0, 1, 3):
                                yield action, actor.id, target, opt, rule, morale, sup


def _context(game: Game, case: tuple) -> Any:
    action, actor, target, opt, rule, morale, sup = case
    u = game.unit(actor)
    u.state["morale"] = morale
    u.markers["suppression"] = sup
    return KP.context(action, actor=u, game=game, options=opt, rules=rule or None,
                      target=game.unit(target) if target else None)


def _odds(ctx: Any) -> Any:
    try:
        d = ctx.odds()
    except (ActionRefused, ValueError) as e:
        return {"refused": str(e)}
    return {"label": str(d.label), "outcomes": [[str(o), str(p)] for o, p in d.outcomes]}


def _rolls(ctx: Any) -> list[Any]:
    out = []
    for face in range(1, 13):
        try:
            res = ctx.resolve(ScriptedDice([face]))
        except DiceError:
            break                    # past the die's last face
        except (ActionRefused, ValueError) as e:
            out.append({"refused": str(e)})
            break                    # refused before any die: the same for every face
        out.append({"steps": json.loads(json.dumps([s.to_dict() for s in res.steps],
                                                   default=str)),
                    "effects": [e.to_dict() for e in res.change.effects],
                    "summary": str(res.summary),
                    "russian": [localized(t, "ru", KP.id) for t in
                                (res.summary, *(x for st in res.steps
                                                for x in (st.label, st.outcome)))]})
    return out


def record(only: str | None = None) -> list[dict]:
    """Every case's odds and rolls with the actions as they are now (`only`: of one)."""
    out = []
    for case in _cases(only):
        ctx_or_error: Any
        game = _game()
        try:
            ctx_or_error = _context(game, case)
        except (ActionRefused, ValueError) as e:
            out.append({"case": list(case), "context": str(e)})
            continue
        out.append({"case": list(case), "odds": _odds(ctx_or_error),
                    "rolls": _rolls(ctx_or_error)})
    return out


def recorded() -> list[dict]:
    return fixture_io.read(FIXTURE)


if __name__ == "__main__":
    fixture_io.write(FIXTURE, record())
    print(f"{FIXTURE}: {len(recorded())} cases")
