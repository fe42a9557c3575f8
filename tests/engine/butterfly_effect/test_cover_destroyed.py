"""Cover destroyed by heavy fire (04 §4.5-4, §8-9 PROPOSED): each heavy shot that hits a
character behind cover counts against the board piece giving it; partial cover falls to
one, full cover to three (or the piece's own `heavy_shots`). The piece then gives no cover
(an EditTerrain on the board's terrain, undone with the shot); rifle fire never wears it."""

from __future__ import annotations

import json

import pytest

from engine.dice import ScriptedDice
from engine.measure import measure_pair
from engine.model import apply_change, revert_change
from engine.options import SchemaError
from engine.rulesets.butterfly_effect.cover_wear import SHOTS_KEY, shots_to_destroy

from .conftest import context, sample_game


def board(game) -> str:
    return json.dumps({"terrain": [(p.id, p.cover) for p in game.scenario.terrain],
                       "state": game.state,
                       "units": [(u.id, sorted(u.state.items()))
                                 for u in game.scenario.units]}, default=str, sort_keys=True)


def shoot(game, actor, target, weapon, faces):
    ctx = context(game, "fire", actor, target, weapon=weapon)
    res = ctx.resolve(ScriptedDice(faces))
    apply_change(game, res.change)
    return res


def test_partial_cover_falls_to_one_heavy_shot_and_undo_restores_it():
    game = sample_game()
    assert measure_pair(game.scenario, "manny", "jiy").cover == 1          # the barrels
    before = board(game)
    res = shoot(game, "manny", "jiy", "heavy_weapon", [6, 1, 1, 1, 1, 1, 1, 1])
    assert res.step("fire").target == 4                 # heavy ignores partial cover
    assert "Barrels destroyed by heavy fire (1/1" in res.step("cover").outcome
    assert game.scenario.piece("barrels").cover == 0
    assert measure_pair(game.scenario, "manny", "jiy").cover == 0          # in the open
    again = context(game, "fire", "manny", "jiy", weapon="assault_rifle")
    assert again.resolve(ScriptedDice([1] * 5)).step("fire").target == 4    # no +1 now
    revert_change(game, res.change)
    assert board(game) == before
    assert measure_pair(game.scenario, "manny", "jiy").cover == 1


def test_full_cover_stands_three_heavy_shots_the_first_absorbed():
    game = sample_game()
    shots = []
    for k in (1, 2):
        res = shoot(game, "jiy", "manny", "heavy_weapon", [6, 1, 1, 1, 1, 1, 1, 1])
        shots.append(res)
        assert f"Trench: {k}/3 heavy shots taken" in res.step("cover").outcome
        assert game.state[SHOTS_KEY] == {"trench": k}
    assert "absorbs" in shots[0].step("damage").outcome       # the first heavy attack saved
    res = shoot(game, "jiy", "manny", "heavy_weapon", [6, 1, 1, 1, 1, 1, 1, 1])
    assert "Trench destroyed by heavy fire (3/3" in res.step("cover").outcome
    assert game.scenario.piece("trench").cover == 0 and SHOTS_KEY not in game.state
    for r in reversed(shots + [res]):
        revert_change(game, r.change)
    assert game.scenario.piece("trench").cover is None and SHOTS_KEY not in game.state


def test_misses_and_rifles_do_not_wear_cover():
    game = sample_game()
    miss = shoot(game, "jiy", "manny", "heavy_weapon", [1] * 8)
    rifle = shoot(game, "jiy", "manny", "assault_rifle", [6] * 5)
    assert "cover" not in [s.id for s in miss.steps + rifle.steps]
    assert SHOTS_KEY not in game.state


def test_grenade_counts_and_a_piece_may_say_how_many_shots_it_stands():
    game = sample_game((60, 24))                 # 4" from the trench: short distance
    game.scenario.piece("trench").extra["heavy_shots"] = 1
    res = shoot(game, "jiy", "manny", "grenade", [6, 1, 1])
    assert "Trench destroyed by heavy fire (1/1" in res.step("cover").outcome
    game.scenario.piece("trench").extra["heavy_shots"] = 0
    with pytest.raises(SchemaError, match="'trench'.heavy_shots"):
        shots_to_destroy(game.scenario.piece("trench"), "full")


def test_cover_without_a_board_piece_wears_on_the_character():
    game = sample_game((40, 40), jiy={"in_cover": "partial"})       # taken, not measured
    assert measure_pair(game.scenario, "manny", "jiy").cover == 0
    res = shoot(game, "manny", "jiy", "heavy_weapon", [6] + [1] * 7)
    assert "Jiy (Жий)'s partial cover destroyed" in res.step("cover").outcome
    assert "in_cover" not in game.unit("jiy").state
