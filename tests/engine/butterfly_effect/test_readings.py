"""Every §4.A reading of rules file 04 that has an alternative, played both ways: the
default (PROPOSED) and the other choice, each on the sample table with scripted dice.
§4.A-14 (stealth speed: no movement rates exist) and §4.A-15 (ambush length: the turn
structure's one round) have no second reading the engine can play."""

from __future__ import annotations

from engine.dice import ScriptedDice
from engine.model import AdjustState, RemoveUnit, SetState, apply_change
from engine.rulesets.butterfly_effect import RULESET as BE
from engine.rulesets.butterfly_effect.bands import band_of
from engine.scenario import Unit
from engine.turns import end_turn

from ..refusals import refused  # #9: refusals raise ActionRefused (no "refused" step)
from .conftest import context, sample_game
from .test_golden_stealth import BE3


def with_guard(game, x=60.0, y=40.0, **state):
    game.scenario.units.append(Unit("guard-2", "guards", "manny", x, y,
                                    game.unit("manny").base, state=state))
    return game


def test_every_option_with_a_second_reading_lists_it():
    single = {o.id for o in BE.options if o.kind == "choice" and len(o.choices) < 2}
    assert single == {"stealth_speed"}                    # §4.A-14: nothing to choose


# §4.A-1 ------------------------------------------------------------------------------
def test_point_blank_shooter():
    game = sample_game((63, 24))                          # in contact with Manny
    below = context(game, "melee", "jiy", "manny", options={"actor_shoots": True})
    res = below.resolve(ScriptedDice([]))
    assert "Manny (Мэнни) wins outright" in res.step("levels").outcome
    as_melee = context(game, "melee", "jiy", "manny", options={"actor_shoots": True},
                       rules={"point_blank_shooter": "as_melee"})
    res = as_melee.resolve(ScriptedDice([6, 6, 1, 1]))   # knife 1 vs butt 1: a roll
    assert "equal levels (1)" in res.step("levels").outcome


# §4.A-2 ------------------------------------------------------------------------------
def test_butt_dice():
    game = sample_game((63, 24))
    two = context(game, "melee", "manny", "jiy", options={"target_weapon": "assault_rifle"})
    assert "2d6 vs 2d6" in two.resolve(ScriptedDice([6, 1, 1, 1])).step("levels").outcome
    one = context(game, "melee", "manny", "jiy", options={"target_weapon": "assault_rifle"},
                  rules={"butt_dice": 1})
    assert "1d6 vs 1d6" in one.resolve(ScriptedDice([6, 1])).step("levels").outcome


# §4.A-3 ------------------------------------------------------------------------------
def test_melee_round_wound():
    game = sample_game((63, 24))
    kw = {"weapon": "operative_knife", "options": {"serious": True,
                                                   "target_weapon": "assault_rifle"}}
    hp = context(game, "melee", "jiy", "manny", **kw).resolve(ScriptedDice([6, 6, 1, 1] * 2))
    assert AdjustState("manny", "hp", -1, minimum=0, default=5) in hp.change.effects
    status = context(game, "melee", "jiy", "manny", rules={"melee_round_wound":
                                                            "status_only"}, **kw)
    res = status.resolve(ScriptedDice([6, 6, 1, 1] * 2))
    assert not any(isinstance(e, AdjustState) for e in res.change.effects)
    assert res.summary == "Jiy (Жий) wins 2–0"


# §4.A-4 ------------------------------------------------------------------------------
def test_dash_stopped_by():
    game = sample_game(jiy={"wound": "light", "hp": 3})
    death = context(game, "dash", "jiy", "manny")
    assert death.resolve(ScriptedDice([])).summary == "DASH (simultaneous)"
    wound = context(game, "dash", "jiy", "manny", rules={"dash_stopped_by": "wound"})
    assert "stopped" in refused(wound)


# §4.A-5 ------------------------------------------------------------------------------
def test_death_timing():
    game = sample_game()
    kw = {"weapon": "assault_rifle", "overrides": {"cover": 0}}
    later = context(game, "fire", "jiy", "manny", **kw).resolve(ScriptedDice([6] * 5))
    assert SetState("manny", "dead_pending", True) in later.change.effects
    now = context(game, "fire", "jiy", "manny", rules={"death_timing": "immediately"}, **kw)
    assert RemoveUnit("manny", "killed") in now.resolve(ScriptedDice([6] * 5)).change.effects


# §4.A-6 ------------------------------------------------------------------------------
def _shot_then_cover(rules):
    """Manny's shotgun at Jiy in the open at short distance (4+): 3 hits, then Jiy takes
    partial cover in the same round."""
    game = sample_game((56, 34))
    game.unit("jiy").state.pop("stealth")
    shot = context(game, "fire", "manny", "jiy", weapon="combat_shotgun",
                   overrides={"cover": 0}, rules=rules)
    res = shot.resolve(ScriptedDice([4, 4, 6] + [1] * 9))
    apply_change(game, res.change)
    assert game.unit("jiy").state["hp"] == 1
    cover = context(game, "take_cover", "jiy", "manny", options={"cover": "partial"},
                    rules=rules)
    return game, cover.resolve(ScriptedDice([]))


def test_cover_timing_whole_round_gives_back_the_earlier_hits():
    game, res = _shot_then_cover({})
    # 4+ becomes 5+: the two 4s now miss, only the 6 hits
    assert "4+ → 5+, 3 → 1 damage" in res.step("earlier_fire").outcome
    # the shooter by his name, never his id
    assert res.step("earlier_fire").outcome.startswith(f"{game.unit('manny').label}'s fire")
    apply_change(game, res.change)
    assert game.unit("jiy").state["hp"] == 3
    assert game.unit("jiy").state["wound"] == "light"


def test_cover_timing_whole_round_saves_a_dying_man():
    game = sample_game((56, 34))
    game.unit("jiy").state.pop("stealth")
    shot = context(game, "fire", "manny", "jiy", weapon="combat_shotgun",
                   overrides={"cover": 0}).resolve(ScriptedDice([4, 4, 4, 6] + [1] * 8))
    apply_change(game, shot.change)
    assert game.unit("jiy").state["dead_pending"]
    cover = context(game, "take_cover", "jiy", "manny", options={"cover": "full"})
    res = cover.resolve(ScriptedDice([]))                 # 4+ → 6+: only the 6 hits
    apply_change(game, res.change)
    assert "no longer killed" in res.step("earlier_fire").outcome
    assert game.unit("jiy").state["hp"] == 3 and "dead_pending" not in game.unit("jiy").state
    apply_change(game, end_turn(game, BE.turn_structure))
    assert game.on_table("jiy")                           # the deferred death was dropped


def test_cover_timing_after_only_later_shots():
    game, res = _shot_then_cover({"cover_timing": "after"})
    assert "earlier_fire" not in [s.id for s in res.steps]
    apply_change(game, res.change)
    assert game.unit("jiy").state["hp"] == 1


# §4.A-7 ------------------------------------------------------------------------------
def test_full_cover_save_readings():
    game = sample_game()
    faces = [6, 6, 1, 1, 1, 1, 1, 1]
    full = context(game, "fire", "jiy", "manny", weapon="heavy_weapon").resolve(
        ScriptedDice(faces))
    assert "absorbs" in full.step("damage").outcome
    only_def = context(game, "fire", "jiy", "manny", weapon="heavy_weapon",
                       rules={"full_cover_save": "full_defence_only"})
    assert AdjustState("manny", "hp", -2, minimum=0, default=5) in only_def.resolve(
        ScriptedDice(faces)).change.effects
    game.unit("manny").state["full_defence"] = True
    assert "absorbs" in only_def.resolve(ScriptedDice(faces)).step("damage").outcome
    none = context(game, "fire", "jiy", "manny", weapon="heavy_weapon",
                   rules={"full_cover_save": "none"})
    assert AdjustState("manny", "hp", -2, minimum=0, default=5) in none.resolve(
        ScriptedDice(faces)).change.effects
    first_hit = context(game, "fire", "jiy", "manny", weapon="heavy_weapon",
                        rules={"heavy_save_scope": "first_hit"})
    res = first_hit.resolve(ScriptedDice(faces))
    assert "absorbs the first hit" in res.step("damage").outcome
    assert AdjustState("manny", "hp", -1, minimum=0, default=5) in res.change.effects
    assert dict(first_hit.odds().outcomes)[7] > 0          # 8 hits, one absorbed


# §4.A-9 ------------------------------------------------------------------------------
def test_burst_successes_after():
    game = with_guard(sample_game((56, 34)), 56, 38)      # both at short range
    game.unit("jiy").state.pop("stealth")
    ctx = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                  roles={"target2": "guard-2"}, overrides={"cover": 0},
                  options={"hits_on_second": 2}, rules={"burst_allocation":
                                                        "successes_after"})
    res = ctx.resolve(ScriptedDice([6, 6, 6, 1, 1]))
    assert len(res.step("fire").faces) == 5               # one roll for both
    assert res.step("share").outcome.startswith("1 to Manny (Мэнни), 2 to guard-2")
    assert AdjustState("guard-2", "hp", -2, minimum=0, default=5) in res.change.effects
    odds = dict(ctx.odds().outcomes)
    assert sum(odds.values()) == 1 and (1, 2) in odds and (3, 0) not in odds
    far = with_guard(sample_game((56, 34)), 64, 28)       # in the trench: another threshold
    bad = context(far, "fire", "jiy", "manny", weapon="assault_rifle",
                  roles={"target2": "guard-2"}, overrides={"cover": 0},
                  rules={"burst_allocation": "successes_after"})
    assert "one threshold" in refused(bad)


# §4.A-10 -----------------------------------------------------------------------------
def test_duel_distance_class_reduction():
    game = sample_game((20, 24))
    ctx = context(game, "stealth_duel", "jiy", "manny", options=BE3,
                  rules={"duel_distance": "class_reduction"})
    res = ctx.resolve(ScriptedDice([1] * 6 + [1] * 7))
    assert len(res.step("scout").faces) == 6              # no distance die for Manny
    assert len(res.step("hider").faces) == 7              # class 1 − 1: no base die
    assert "class 1 − 1 at medium" in res.step("hider").note


# §4.A-11 -----------------------------------------------------------------------------
def test_static_detection_and_its_pool():
    game = sample_game((20, 24))                          # Jiy at medium, in stealth
    ctx = context(game, "detect", "manny", "jiy", overrides={"cover": 4})
    res = ctx.resolve(ScriptedDice([5, 1, 1, 1, 1, 1]))   # stealth: class 1 − 1 = 0
    assert "seen without a roll" in res.step("detect").outcome
    game.unit("jiy").state.pop("stealth")                 # standing in full cover: class 2
    ctx = context(game, "detect", "manny", "jiy", overrides={"cover": 4})
    res = ctx.resolve(ScriptedDice([5, 1, 1, 1, 1, 1]))
    step = res.step("detect")
    assert len(step.faces) == 6 and "1 success needed" in step.note
    assert res.summary == "Jiy (Жий) detected (1 ≥ 1)"
    assert SetState("jiy", "detected", True) in res.change.effects
    gear = context(game, "detect", "manny", "jiy", overrides={"cover": 4},
                   options={"scout_equipment": 1})              # §4.6-2: class 2 − 1 − 1
    assert "seen without a roll" in gear.resolve(ScriptedDice([])).step("detect").outcome
    duel_pool = context(game, "detect", "manny", "jiy", overrides={"cover": 4},
                        rules={"static_pool": "duel_pool"})
    assert len(duel_pool.resolve(ScriptedDice([1] * 7)).step("detect").faces) == 7


# §4.A-16 -----------------------------------------------------------------------------
def test_weather_scale():
    game = sample_game((20, 24))
    opts = {**BE3, "weather": "heavy"}
    graded = context(game, "stealth_duel", "jiy", "manny", options=opts)
    assert len(graded.resolve(ScriptedDice([1] * 7 + [1] * 7)).step("hider").faces) == 7
    fierce_only = context(game, "stealth_duel", "jiy", "manny", options=opts,
                          rules={"weather_scale": "fierce_only"})
    res = fierce_only.resolve(ScriptedDice([1] * 7 + [1] * 5))
    assert len(res.step("hider").faces) == 5 and "no dice" in res.step("hider").note


# §4.A-18 -----------------------------------------------------------------------------
def test_band_edges():
    assert [band_of(d) for d in (2, 30, 100, 500, 3000)] == [
        "close", "short", "medium", "long", "extreme"]
    assert [band_of(d, "exclusive") for d in (2, 30, 100, 500, 3000)] == [
        "short", "medium", "long", "extreme", "out_of_range"]
    game = sample_game()
    at_30 = {"distance_m": 30.0, "cover": 0}               # the GM's tape says 30 m
    inclusive = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                        overrides=at_30).resolve(ScriptedDice([1] * 5))
    exclusive = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                        overrides=at_30, rules={"band_edges": "exclusive"}).resolve(
        ScriptedDice([1] * 5))
    assert (inclusive.step("fire").base_label, inclusive.step("fire").target) == (
        "accuracy at short", 3)
    assert (exclusive.step("fire").base_label, exclusive.step("fire").target) == (
        "accuracy at medium", 4)


# §4.A-19 -----------------------------------------------------------------------------
def test_missing_band_through_the_action():
    game = sample_game((6, 24))                           # 114 m: long
    kw = {"weapon": "combat_shotgun"}
    assert "cannot fire" in refused(context(game, "fire", "manny", "jiy", **kw))
    worst = context(game, "fire", "manny", "jiy", rules={"missing_band": "worst_listed"},
                    **kw)
    assert worst.resolve(ScriptedDice([1] * 12)).step("fire").base == 6
