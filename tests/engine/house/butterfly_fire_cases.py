"""The cases on which the Butterfly Effect's Fire was recorded from its Python version
(fixtures/butterfly_fire.json.gz) and is now checked in its data version: the sample
table (resources/scenarios/butterfly-night-approach.json, with a second guard beside
the trench so a burst can be split) with the shooter at several distances; every pair of
actor and target, every weapon, a second target or none; the options (dice and hits on
the second target, a dashing target, surprise) and the readings that change the fire
(burst_allocation, heavy_save_scope, full_cover_save, missing_band, damage_order,
death_timing, wound_severity, band_edges); the states it reads (armour, HP, stealth and
a flash suppressor, full defence, heavy armour, typed cover, a used-up save, heavy shots
taken). Each case keeps its exact odds (parts included) and its roll under a few scripts
of dice."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from engine.dice import DiceError, ScriptedDice
from engine.facts import facts_for
from engine.i18n import localized
from engine.model import Game, apply_change
from engine.options import SchemaError
from engine.protocol import ActionRefused
from engine.rulesets.butterfly_effect import RULESET as BE
from engine.scenario import Unit
from engine.scenario_io import load_demo
from engine.turns import declare_ambush
from tests.engine.house import fixture_io

FIXTURE = Path(__file__).parent / "fixtures" / "butterfly_fire.json.gz"
WEAPONS = ("assault_rifle", "combat_shotgun", "pistol", "grenade", "heavy_weapon",
           "operative_knife")
#: where Jiy stands: at the barrels (medium, Manny in the trench), short in the open,
#: his start (long), and in contact with Manny
SCENES = {"barrels": (26, 24), "short": (56, 34), "long": (6, 24), "contact": (64, 25.2)}
#: the scripts of dice each case is rolled with
DICE = {"sixes": [6] * 30, "ones": [1] * 30, "mixed": [6, 5, 4, 3, 2, 1] * 5,
        "other": [4, 6, 1, 5, 3, 2, 6] * 5}


@cache
def _table() -> Any:
    return load_demo("butterfly-night-approach.json")


def _game(scene: str, ambush: bool = False, **state: dict) -> Game:
    game = Game.from_meta(copy.deepcopy(_table()), {})
    game.scenario.units.append(Unit("guard-2", "guards", "manny", 60, 40,
                                    game.unit("manny").base))
    u = game.unit("jiy")
    u.x, u.y = SCENES[scene]
    for uid, st in state.items():
        if uid == "game":
            game.state.update(st)
        else:
            game.unit(uid).state.update(st)
    if ambush:
        apply_change(game, declare_ambush(game, BE.turn_structure, "operatives"))
    return game


Case = dict[str, Any]


def _base() -> Iterator[Case]:
    """Every scene × actor and target × weapon, alone and with a second target."""
    pairs = [("jiy", "manny", "guard-2"), ("manny", "jiy", "guard-2"),
             ("jiy", "guard-2", "manny")]
    for scene in SCENES:
        for actor, target, other in pairs:
            for weapon in WEAPONS:
                yield {"scene": scene, "actor": actor, "target": target, "weapon": weapon}
                yield {"scene": scene, "actor": actor, "target": target, "weapon": weapon,
                       "target2": other, "options": {"dice_on_second": 2}}


def _bursts() -> Iterator[Case]:
    """A burst split over two targets: dice before the roll, or hits after it."""
    for scene in ("barrels", "short"):
        for weapon in ("assault_rifle", "heavy_weapon"):
            for n in range(0, 6):
                yield {"scene": scene, "actor": "jiy", "target": "manny", "target2": "guard-2",
                       "weapon": weapon, "options": {"dice_on_second": n}}
            for hits in (0, 1, 2, 5):
                for cover in (None, 0):
                    yield {"scene": scene, "actor": "jiy", "target": "manny",
                           "target2": "guard-2", "weapon": weapon,
                           "options": {"hits_on_second": hits},
                           "rules": {"burst_allocation": "successes_after"},
                           "overrides": {"cover": cover} if cover is not None else None}
    yield {"scene": "short", "actor": "jiy", "target": "manny", "weapon": "assault_rifle",
           "options": {"dice_on_second": 2}}
    yield {"scene": "barrels", "actor": "jiy", "target": "manny", "target2": "guard-2",
           "weapon": "assault_rifle", "options": {"dice_on_second": 2},
           "facts": {"distance2_m": 40.0, "cover2": 3}}


def _readings() -> Iterator[Case]:
    """The readings of §4.A that change the fire, on the cases where they matter."""
    for weapon in ("heavy_weapon", "grenade", "assault_rifle"):
        for scene in ("barrels", "short"):
            for save in ("full_cover", "full_defence_only", "none"):
                for scope in ("whole_attack", "first_hit"):
                    for state in ({}, {"manny": {"full_defence": True}},
                                  {"manny": {"in_cover": "full"}}):
                        yield {"scene": scene, "actor": "jiy", "target": "manny",
                               "weapon": weapon, "state": state,
                               "rules": {"full_cover_save": save, "heavy_save_scope": scope}}
    for scene in ("barrels", "long", "short"):
        for weapon in ("combat_shotgun", "pistol", "grenade"):
            yield {"scene": scene, "actor": "jiy", "target": "manny", "weapon": weapon,
                   "rules": {"missing_band": "worst_listed"}}
    for order in ("armour_first", "hp_first"):
        for armour in (0, 1, 3, 9):
            for hp in (None, 1, 3):
                state = {"armour": armour} | ({"hp": hp} if hp is not None else {})
                yield {"scene": "short", "actor": "jiy", "target": "manny",
                       "weapon": "assault_rifle", "overrides": {"cover": 0},
                       "state": {"manny": state}, "rules": {"damage_order": order}}
    for timing in ("end_of_own_turn", "immediately"):
        for sev in ("by_hp", "none"):
            for surprise in (False, True):
                yield {"scene": "short", "actor": "jiy", "target": "manny",
                       "weapon": "assault_rifle", "overrides": {"cover": 0},
                       "options": {"surprise": surprise},
                       "rules": {"death_timing": timing, "wound_severity": sev}}
    for edges in ("inclusive", "exclusive"):
        for d in (30.0, 100.0, 500.0, 3000.0, 3001.0, 1.5):
            yield {"scene": "barrels", "actor": "jiy", "target": "manny",
                   "weapon": "assault_rifle", "overrides": {"distance_m": d, "cover": 0},
                   "rules": {"band_edges": edges}}
    yield {"scene": "barrels", "actor": "jiy", "target": "manny", "weapon": "assault_rifle",
           "overrides": {"range_band": "short", "cover": 0}}


def _states() -> Iterator[Case]:
    """The states the fire reads: stealth, dashing, heavy armour, ambush, used saves,
    heavy shots taken."""
    for weapon in ("assault_rifle", "heavy_weapon"):
        yield {"scene": "barrels", "actor": "jiy", "target": "manny", "weapon": weapon,
               "state": {"jiy": {"stealth": True, "gear": ["flash_suppressor"]}}}
        yield {"scene": "barrels", "actor": "jiy", "target": "manny", "weapon": weapon,
               "state": {"jiy": {"stealth": None}}}
        yield {"scene": "barrels", "actor": "jiy", "target": "manny", "weapon": weapon,
               "state": {"jiy": {"dashing": True}}}
        yield {"scene": "long", "actor": "jiy", "target": "manny", "weapon": weapon,
               "state": {"manny": {"dashing": True}}}
        yield {"scene": "long", "actor": "jiy", "target": "manny", "weapon": weapon,
               "options": {"dashing": True}}
        yield {"scene": "short", "actor": "jiy", "target": "manny", "weapon": weapon,
               "overrides": {"cover": 0}, "ambush": True}
        for cover in ("partial", "full"):
            yield {"scene": "short", "actor": "jiy", "target": "guard-2", "weapon": weapon,
                   "state": {"guard-2": {"in_cover": cover}}}
            yield {"scene": "short", "actor": "jiy", "target": "guard-2", "weapon": weapon,
                   "state": {"guard-2": {"in_cover": cover, "cover_heavy_shots": 2,
                                         "cover_save_used": True}}}
        yield {"scene": "barrels", "actor": "jiy", "target": "manny", "weapon": weapon,
               "state": {"game": {"cover_save_used": ["trench"],
                                  "cover_heavy_shots": {"trench": 2}}}}
        yield {"scene": "barrels", "actor": "jiy", "target": "manny", "weapon": weapon,
               "state": {"game": {"cover_heavy_shots": {"trench": 1}},
                         "manny": {"fired_on": [{"turn": 1}]}}}
    for weapon in ("pistol", "assault_rifle"):
        for heavy in ("state", "none"):
            yield {"scene": "short", "actor": "jiy", "target": "manny", "weapon": weapon,
                   "overrides": {"cover": 0},
                   "state": {"manny": {"heavily_armoured": True}} if heavy == "state" else {}}
        yield {"scene": "short", "actor": "jiy", "target": "manny", "target2": "guard-2",
               "weapon": weapon, "options": {"dice_on_second": 1},
               "state": {"guard-2": {"heavily_armoured": True}}}
    yield {"scene": "short", "actor": "jiy", "target": "manny", "weapon": "assault_rifle",
           "options": {"hits_on_second": 1}}
    yield {"scene": "short", "actor": "jiy", "target": "manny", "weapon": "assault_rifle",
           "target2": "guard-2", "state": {"guard-2": {"full_defence": True}},
           "options": {"dice_on_second": 1}}


def cases() -> list[Case]:
    return [*_base(), *_bursts(), *_readings(), *_states()]


def _context(case: Case) -> tuple[Game, Any]:
    game = _game(case["scene"], case.get("ambush", False), **case.get("state", {}))
    overrides = dict(case.get("overrides") or {})
    overrides.update(case.get("facts") or {})
    roles = {"target2": case["target2"]} if case.get("target2") else None
    facts = facts_for(game.scenario, "fire", case["actor"], case["target"], ruleset=BE,
                      weapon=case["weapon"], overrides=overrides or None,
                      rules=case.get("rules"))
    return game, BE.context("fire", actor=game.unit(case["actor"]),
                            target=game.unit(case["target"]), weapon=case["weapon"],
                            facts=facts, game=game, options=case.get("options"),
                            rules=case.get("rules"), roles=roles)


def _refusal(e: Exception) -> dict:
    return {"refused": str(e), "kind": type(e).__name__,
            "argument": getattr(e, "argument", None)}


def _odds(ctx: Any) -> Any:
    try:
        d = ctx.odds()
    except (ActionRefused, SchemaError, ValueError) as e:
        return _refusal(e)
    return {"label": str(d.label), "outcomes": [[str(o), str(p)] for o, p in d.outcomes],
            "parts": {str(k): {"label": str(v.label),
                               "outcomes": [[str(o), str(p)] for o, p in v.outcomes]}
                      for k, v in (d.parts or {}).items()}}


def _roll(ctx: Any, faces: list[int]) -> Any:
    try:
        res = ctx.resolve(ScriptedDice(faces))
    except (ActionRefused, SchemaError, ValueError, DiceError) as e:
        return _refusal(e)
    texts = [res.summary, *(x for st in res.steps for x in (st.label, st.outcome, st.note,
                                                             st.base_label))]
    return {"steps": json.loads(json.dumps([s.to_dict() for s in res.steps], default=str)),
            "effects": json.loads(json.dumps([e.to_dict() for e in res.change.effects],
                                             default=str)),
            "summary": str(res.summary),
            "russian": [localized(t, "ru", BE.id) for t in texts]}


def record_case(case: Case) -> dict:
    try:
        _, ctx = _context(case)
    except (ActionRefused, SchemaError, ValueError) as e:
        return {"case": case, "context": _refusal(e)}
    out: dict[str, Any] = {"case": case, "odds": _odds(ctx), "rolls": {}}
    for name, faces in DICE.items():
        out["rolls"][name] = _roll(ctx, faces)
        if "refused" in out["rolls"][name]:
            break                  # refused before any die: the same for every script
    return out


def record() -> list[dict]:
    """Every case's odds and rolls with the fire as it is now."""
    return [record_case(c) for c in cases()]


def recorded() -> list[dict]:
    return fixture_io.read(FIXTURE)


if __name__ == "__main__":
    fixture_io.write(FIXTURE, record())
    print(f"{FIXTURE}: {len(recorded())} cases, {FIXTURE.stat().st_size} bytes")
