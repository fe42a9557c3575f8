"""The cases on which Keno's communication test and combat move were recorded from their
Python version (fixtures/keno_comm.json.gz, fixtures/keno_combat.json.gz) and are checked
in their data version (resources/rulesets/keno-platoon/comm.toml, move.toml).

The comm test: every quality die d4–d12 × pairs of commander levels × 0–3 bypassed links
× in and out of contact (distance, line of sight) × radio or phone at either end × the
readings that change it (phones, die_floor): the plan's kind, die and level, its exact
odds, the Turn dock's outlook, and the roll on every face of the die (or the refusal);
the card's comm-test rows; and on the sample table the Make contact action and the turn's
comm_test hook between units. The combat move: every movement row × the combat_faces
reading × distances: the Advance action's exact odds and its roll on chosen faces."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine.dice import D4, D6, D8, D10, D12, DiceError, ScriptedDice, die
from engine.i18n import localized
from engine.model import Game
from engine.protocol import ActionRefused
from engine.rulesets.keno_platoon import RULESET as KP
from engine.rulesets.keno_platoon import command, data, sheet
from engine.scenario import Scenario, Table, Unit
from engine.scenario_io import load_scenario
from engine.turns import TurnError
from geometry.bases import BaseShape
from resources.loader import resource
from tests.engine.house import fixture_io

HERE = Path(__file__).parent / "fixtures"
COMM_FIXTURE = HERE / "keno_comm.json.gz"
COMBAT_FIXTURE = HERE / "keno_combat.json.gz"

QUALITIES = (D4, D6, D8, D10, D12)
LEVELS = ((1, 1), (1, 3), (2, 2), (3, 1))
PLACES = ((6.0, True), (2.0, False), (12.0, True), (12.0, False))
MEANS = ((False, False), (True, False), (False, True), (True, True))
READINGS = ({}, {"phones": "either_end"}, {"die_floor": "d6"},
            {"phones": "either_end", "die_floor": "d6"})


def _ru(text: Any) -> str:
    return localized(text, "ru", KP.id)


def _plain(x: Any) -> Any:
    return json.loads(json.dumps(x, default=str))


def _step(step: Any) -> dict:
    return {"step": _plain(step.to_dict()),
            "russian": [_ru(t) for t in (step.label, step.outcome,
                                         *(m.label for m in step.modifiers))]}


def _odds(d: Any) -> dict:
    return {"label": str(d.label), "outcomes": [[str(o), str(p)] for o, p in d.outcomes]}


def comm_cases() -> Iterator[tuple]:
    for q in QUALITIES:
        for lf, lt in LEVELS:
            for bypassed in range(4):
                for dist, los in PLACES:
                    for mf, mt in MEANS:
                        for r in range(len(READINGS)):
                            yield q.name, lf, lt, bypassed, dist, los, mf, mt, r


def comm_case(case: tuple) -> dict:
    q, lf, lt, bypassed, dist, los, mf, mt, r = case
    f = command.CommFacts(die(q), lf, lt, bypassed, dist, los, mf, mt)
    plan = command.plan_comm(f, dict(READINGS[r]) or None)
    out: dict[str, Any] = {"case": list(case), "kind": plan.kind, "why": str(plan.why),
                           "why_ru": _ru(plan.why) if plan.why else ""}
    if plan.kind == "test":
        out["test"] = [plan.test.die.name, plan.test.target, plan.level,
                       [str(m.label) for m in plan.modifiers]]
    out["odds"] = _odds(command.comm_odds(plan))
    look = command.outlook_of(plan, f)
    out["outlook"] = [look.kind, str(look.text), _ru(look.text), str(look.p_through)]
    rolls = []
    for face in range(1, 13):
        try:
            step = command.roll_comm(plan, ScriptedDice([face]))
        except DiceError:
            break
        except TurnError as e:
            rolls.append({"refused": str(e), "russian": _ru(e.args[0])})
            break
        rolls.append(_step(step))
        if plan.kind != "test":
            break
    out["rolls"] = rolls
    return out


def card_rows() -> list:
    return [[q.name, b, floor, *map(str, sheet.comm_row(q.name, b, floor)[1]),
             sheet.comm_row(q, b, floor)[0]]
            for q in QUALITIES for b in range(4) for floor in ("d4", "d6")]


def _sample() -> Game:
    return Game(load_scenario(resource("scenarios", "keno-orchard.json")))


def board_cases() -> list:
    """Make contact and the turn's comm_test hook between units of the sample table."""
    game = _sample()
    units = [u.id for u in game.scenario.units][:10]
    out = []
    for a in units:
        for b in units:
            if a == b:
                continue
            g = _sample()
            rec: dict[str, Any] = {"pair": [a, b]}
            try:
                ctx = KP.context("make_contact", actor=g.unit(a), game=g,
                                 target=g.unit(b))
                rec["odds"] = _odds(ctx.odds())
            except (ActionRefused, ValueError) as e:
                rec["odds"] = {"refused": str(e), "russian": _ru(e.args[0])}
            rec["rolls"] = []
            for face in (1, 3, 5, 8):
                try:
                    res = ctx.resolve(ScriptedDice([face]))
                    rec["rolls"].append({"steps": [_step(s) for s in res.steps],
                                         "effects": [e.to_dict() for e in res.change.effects],
                                         "summary": str(res.summary)})
                except DiceError:
                    rec["rolls"].append("no such face")
                except (ActionRefused, ValueError) as e:
                    rec["rolls"].append({"refused": str(e)})
            rec["hook"] = []
            for bypassed in range(3):
                try:
                    t = command.comm_test(g, g.unit(a), g.unit(b), bypassed, ScriptedDice([4]))
                    rec["hook"].append(None if t is None else
                                       [[_step(s) for s in t.steps], t.passed, str(t.summary)])
                except (TurnError, DiceError, ValueError) as e:
                    rec["hook"].append({"refused": str(e)})
                look = command.pass_outlook(g, g.unit(a), g.unit(b), bypassed)
                rec["hook"].append([look.kind, str(look.text), str(look.p_through)])
            out.append(rec)
        report = command.contact_report(game, a)
        out.append({"report": a, "contacts": [[c.unit, c.links, c.kind, str(c.p_through),
                                              c.distance_in, c.los, str(c.why)]
                                             for c in report]})
    return out


def record_comm() -> dict:
    return {"cases": [comm_case(c) for c in comm_cases()], "card": card_rows(),
            "board": board_cases()}


# --------------------------------------------------------------------------- combat move

ROWS = tuple(data.rules()["movement"])
REDUCED = ("towing", "overloaded_light", "overloaded_heavy", "manhandled", "encumbered",
           "encumbered_light")


def _mover(row: str) -> tuple[str, dict]:
    """A unit in the movement row: its class, or a reduced state of a class."""
    if row in REDUCED and row.startswith("encumbered"):
        base = "infantry" if row == "encumbered" else "light_infantry"
        return "keno-squad", {"move_class": base, "encumbered": True}
    if row in REDUCED:
        return "steel-tank", {"move_class": "ground_vehicle", "tow_state": row}
    return ("steel-tank" if row in ("ground_vehicle", "rail_vehicle", "aircraft")
            else "keno-squad"), {"move_class": row}


def combat_cases() -> Iterator[tuple[str, str, float]]:
    for row in ROWS:
        for faces_rule in ("current_move", "class"):
            for gap in (3.0, 7.0, 13.0, 30.0):
                yield row, faces_rule, gap


def combat_case(case: tuple[str, str, float]) -> dict:
    row, faces_rule, gap = case
    profile, state = _mover(row)
    g = Game(Scenario("keno test", KP.id, Table(72, 48), [],
                      [Unit("u", "keno", profile, 10.0, 10.0, BaseShape.round(25),
                            state=dict(state))]))
    ctx = KP.context("advance", actor=g.unit("u"), game=g, options={"mode": "combat"},
                     rules={"combat_faces": faces_rule}, roles={"point": (10.0 + gap, 10.0)})
    out: dict[str, Any] = {"case": list(case)}
    try:
        d = ctx.odds()
        out["odds"] = _odds(d) | {"parts": {k: _odds(v) for k, v in d.parts.items()}}
    except (ActionRefused, ValueError) as e:
        out["odds"] = {"refused": str(e), "russian": _ru(e.args[0])}
    rolls = []
    for faces in ((1, 1), (2, 1), (3, 4), (6, 6), (8, 7), (12, 12)):
        try:
            res = ctx.resolve(ScriptedDice(list(faces)))
        except DiceError:
            rolls.append("no such face")
            continue
        except (ActionRefused, ValueError) as e:
            rolls.append({"refused": str(e), "russian": _ru(e.args[0])})
            continue
        rolls.append({"steps": [_step(s) for s in res.steps],
                      "effects": [e.to_dict() for e in res.change.effects],
                      "summary": str(res.summary)})
    out["rolls"] = rolls
    return out


def card_moves() -> list:
    """The card's combat move ("2d6", "" for none) for every movement row."""
    return [[row, sheet.unit_sheet({"move_class": row}).combat] for row in ROWS]


def record_combat() -> dict:
    return {"cases": [combat_case(c) for c in combat_cases()], "card": card_moves()}


def recorded(path: Path) -> Any:
    return fixture_io.read(path)


if __name__ == "__main__":
    fixture_io.write(COMM_FIXTURE, _plain(record_comm()))
    fixture_io.write(COMBAT_FIXTURE, _plain(record_combat()))
    print(len(recorded(COMM_FIXTURE)["cases"]), len(recorded(COMBAT_FIXTURE)["cases"]))
