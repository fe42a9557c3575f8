"""Butterfly Effect characters' state on the board (04 §4.4-6, §4.4-7, §4.A-17): HP and
armour left of the sheet's, the WOUND status, DYING for a character killed this round (not
the board's generic "HP 0"), cover taken and stealth — as badges and in the tooltip, and
in the picture export."""

from __future__ import annotations

from app.board import BoardScene
from app.picture_cli import Overlays, board_window, make_picture
from engine.dice import ScriptedDice
from engine.model import Game, apply_change
from engine.rulesets.butterfly_effect.board import state_badges
from engine.scenario_io import load_demo
from tests.engine.butterfly_effect.conftest import context, sample_game


def texts(scene, uid):
    return scene.unit_item(uid).badge_texts()


def test_badges_of_each_state():
    game = sample_game()
    jiy = game.unit("jiy")
    assert [b.text for b in state_badges(jiy)] == ["STL"]
    jiy.state.update({"hp": 2, "wound": "heavy", "armour": 0, "in_cover": "partial"})
    assert [(b.text, b.tone) for b in state_badges(jiy)] == [
        ("HP 2/4", "damage"), ("HEAVY", "loss"), ("PC", "info"), ("STL", "info")]
    jiy.state.update({"hp": 0, "dead_pending": True})
    assert [b.text for b in state_badges(jiy)][:1] == ["DYING"]
    assert "HEAVY" not in [b.text for b in state_badges(jiy)]
    jiy.state.clear()
    jiy.state.update({"armour": 1, "neutralised": True})
    assert [b.text for b in state_badges(jiy)] == ["AR 1", "NEUT"]


def test_a_fired_upon_character_shows_hp_wound_and_dying_not_hp_0(qapp):
    game = sample_game()
    game.unit("jiy").state.pop("stealth")
    scene = BoardScene(game.scenario)
    # Jiy's burst at Manny in his trench (BE-2: 6+, one hit) → 4/5, light wound
    ctx = context(game, "fire", "jiy", "manny", weapon="assault_rifle")
    apply_change(game, ctx.resolve(ScriptedDice([5, 5, 5, 6, 5])).change)
    scene.refresh_unit("manny")
    assert texts(scene, "manny") == ["HP 4/5", "LIGHT"]
    tip = scene.unit_item("manny").toolTip()
    assert "HP: 4/5" in tip and "light WOUND" in tip
    # four more hits in the open: killed, still acting until the end of his turn
    ctx = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                  overrides={"cover": 0})
    apply_change(game, ctx.resolve(ScriptedDice([6, 6, 6, 6, 1])).change)
    scene.refresh_unit("manny")
    assert texts(scene, "manny") == ["DYING"]
    assert "dies at the end of his own turn" in scene.unit_item("manny").toolTip()


def test_picture_export_shows_no_hp_0(qapp, tmp_path):
    sc = load_demo("butterfly-night-approach.json")
    sc.unit("manny").state.update({"hp": 0, "dead_pending": True})
    sc.unit("jiy").state.update({"hp": 3, "wound": "light"})
    game = Game.from_meta(sc, {})
    window = board_window(game)
    try:
        assert texts(window.scene, "manny") == ["DYING"]
        assert texts(window.scene, "jiy") == ["HP 3/4", "LIGHT", "STL"]
    finally:
        window.deleteLater()
    out = tmp_path / "p.png"
    make_picture(game, str(out), width_px=400, labels="all", grid=False, overlays=Overlays())
    assert out.stat().st_size > 0
