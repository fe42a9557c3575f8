"""Shared builders: the sample scenario as a fresh game, contexts with facts measured on it."""

from __future__ import annotations

import pytest

from engine.facts import facts_for
from engine.model import Game
from engine.rulesets.butterfly_effect import RULESET as BE
from engine.scenario_io import load_demo

SAMPLE = "butterfly-night-approach.json"


def sample_game(jiy_at: tuple[float, float] | None = (26, 24), **state) -> Game:
    """The sample table; Jiy moved to the barrels (74 m from Manny: medium) by default."""
    game = Game.from_meta(load_demo(SAMPLE), {})
    if jiy_at is not None:
        u = game.unit("jiy")
        u.x, u.y = jiy_at
    for uid, st in state.items():
        game.unit(uid).state.update(st)
    return game


def context(game: Game, action: str, actor: str, target: str, *, weapon=None,
            overrides=None, **kw):
    facts = facts_for(game.scenario, action, actor, target, ruleset=BE, weapon=weapon,
                      overrides=overrides, rules=kw.get("rules"))
    return BE.context(action, actor=game.unit(actor), target=game.unit(target),
                      weapon=weapon, facts=facts, game=game, **kw)


@pytest.fixture
def game() -> Game:
    return sample_game()
