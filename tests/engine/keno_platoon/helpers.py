"""Set-ups shared by the Keno tests: units on an open table, the turn's apply/undo check,
an action resolved with scripted dice and charged by the engine."""

from __future__ import annotations

import json

from engine.costs import charge
from engine.dice import ScriptedDice
from engine.model import Game, apply_change, revert_change
from engine.rulesets.keno_platoon import RULESET as KP
from engine.scenario import Group, Scenario, Table, Unit
from engine.scenario_io import load_scenario
from engine.turns import structure_of
from geometry.bases import BaseShape
from resources.loader import resource

SAMPLE = resource("scenarios", "keno-orchard.json")
T = structure_of(KP)
ROUND = BaseShape.round(25)


def unit(uid: str, x: float = 0.0, y: float = 0.0, *, side: str = "keno",
         profile: str = "keno-squad", parent: str | None = None, name: str | None = None,
         markers: dict | None = None, **state) -> Unit:
    return Unit(uid, side, profile, x, y, ROUND, name=name, parent=parent,
                markers=dict(markers or {}), state=state)


def game_of(units: list[Unit], groups: list[Group] = (), terrain=(), sides=None) -> Game:
    g = Game(Scenario("keno test", KP.id, Table(72, 48), list(terrain), list(units),
                      groups=list(groups)))
    if sides:
        g.sides = list(sides)
    return g


def sample_game() -> Game:
    return Game(load_scenario(SAMPLE))


def frozen(game: Game) -> str:
    return json.dumps(game.snapshot(), sort_keys=True)


def push(game: Game, change):
    """Apply, check that undo restores the game exactly, apply again."""
    before = frozen(game)
    apply_change(game, change)
    after = frozen(game)
    revert_change(game, change)
    assert frozen(game) == before
    apply_change(game, change)
    assert frozen(game) == after
    return change


def ctx_of(game: Game, action: str, actor: str, *, options=None, rules=None, **roles):
    legacy = ("target", "targets", "weapon", "point")
    kw = {k: (game.unit(v) if k == "target" else v) for k, v in roles.items() if k in legacy}
    named = {k: v for k, v in roles.items() if k not in legacy}
    return KP.context(action, actor=game.unit(actor), game=game, options=options or {},
                      rules=rules, roles=named, **kw)


def act(game: Game, action: str, actor: str, faces=(), *, override=False, options=None,
        rules=None, **roles):
    """Resolve with scripted dice, charge the cost, apply (checking undo): the Resolution."""
    ctx = ctx_of(game, action, actor, options=options, rules=rules, **roles)
    res = charge(ctx, ctx.resolve(ScriptedDice(list(faces))), override=override)
    push(game, res.change)
    return res
