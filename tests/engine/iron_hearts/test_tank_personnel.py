"""Tank fire at men applies the infantry side's own effects: suppression per the
suppression_source reading, capped at 3 with the weapon's MM penalty recorded, and wounds
that take HP and set the casualty state (an NPC at 0 HP awaits the death roll)."""

from __future__ import annotations

from bench.ih_examples import ctx_of, make_game, play
from engine.dice import ScriptedDice
from engine.model import AddMarker, AdjustState, SetState, apply_change
from engine.protocol import Facts

NEAR = Facts(distance_m=150.0, cover=2, in_arc=True, los=True)
MG = Facts(distance_m=120.0, cover=1, los=True)


def aimed_at_gren():
    game = make_game()
    play(game, "tank_aim", [1], facts=NEAR, target="gren")
    return game


def test_main_gun_wound_uses_the_infantry_effects():
    game = aimed_at_gren()
    # hit on 2 (Accuracy 6); 75 mm Damage to personnel 6 − cover 2: 3 ≤ 4 wounds
    res = ctx_of(game, "tank_fire", target="gren", facts=NEAR).resolve(ScriptedDice([2, 3]))
    eff = res.change.effects
    assert res.step("personnel").results == ("wound",)
    assert AddMarker("gren", "suppression", 1, maximum=3) in eff
    assert SetState("gren", "mm_penalties", [2]) in eff            # the gun's MM 2
    assert SetState("gren", "guts_penalty", 2) in eff
    assert AdjustState("gren", "hp", -1, minimum=0, default=1) in eff
    assert SetState("gren", "casualty", "npc-pending") in eff
    assert res.summary == "hit, wound — gren: −1 HP (1 → 0); NPC at 0 HP: roll the death roll"
    apply_change(game, res.change)
    assert game.unit("gren").state["casualty"] == "npc-pending"


def test_main_gun_suppression_band_under_cover_band_reading():
    game = aimed_at_gren()
    c = ctx_of(game, "tank_fire", target="gren", facts=NEAR,
               rules={"suppression_source": "cover_band"})
    band = c.resolve(ScriptedDice([2, 5]))                    # 5: between 4 and 6
    assert band.step("personnel").results == ("suppression",)
    assert AddMarker("gren", "suppression", 1, maximum=3) in band.change.effects
    miss = c.resolve(ScriptedDice([2, 9]))                    # a hit, the die misses
    assert not any(getattr(e, "name", None) == "suppression" for e in miss.change.effects)


def test_mg_hits_suppress_to_the_cap_and_record_the_mm():
    game = make_game()
    game.unit("gren").markers["suppression"] = 1
    # coax MG: 5 dice ≤ 6 → 3 hits; wound dice vs Damage 7 − cover 1: 3 wound, 7 band, 10 miss
    res = ctx_of(game, "tank_mg", target="gren", facts=MG).resolve(
        ScriptedDice([1, 2, 3, 9, 9, 3, 7, 10]))
    eff = res.change.effects
    assert res.step("wound").results == ("wound", "suppression", "miss")
    assert AddMarker("gren", "suppression", 2, maximum=3) in eff     # 1 + 3, capped at 3
    # suppression_excess = discard: the excess carries no MM penalty either
    assert SetState("gren", "mm_penalties", [2, 2]) in eff
    assert SetState("gren", "casualty", "npc-pending") in eff
    assert res.summary.startswith("3 hits, 1 wounds — gren: −1 HP (1 → 0)")
    both = ctx_of(game, "tank_mg", target="gren", facts=MG,
                  rules={"suppression_source": "both", "suppression_excess": "penalty_only",
                         "mm_stacking": "highest"}).resolve(
        ScriptedDice([1, 2, 3, 9, 9, 3, 7, 10]))
    # 3 hits + 1 in the band = 4, only 2 fit under the cap; all 4 count for the MM
    assert AddMarker("gren", "suppression", 2, maximum=3) in both.change.effects
    assert SetState("gren", "mm_penalties", [2] * 4) in both.change.effects
    assert SetState("gren", "guts_penalty", 8) in both.change.effects


def test_pc_hit_by_a_tank_is_wounded_not_dying():
    game = aimed_at_gren()
    game.scenario.profiles["hero"] = {"hp": 1, "is_pc": True}
    game.unit("gren").profile = "hero"
    res = ctx_of(game, "tank_fire", target="gren", facts=NEAR).resolve(ScriptedDice([2, 1]))
    assert SetState("gren", "casualty", "pc-wounded") in res.change.effects
