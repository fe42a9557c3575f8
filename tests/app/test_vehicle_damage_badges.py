"""Vehicle damage on the board (issue 9): the ruleset declares badges for a unit's state
(BoardHints.state_badges); the board draws them beside the base and lists them in the
unit's tooltip, as it does suppression. Played for real: a Panzerschreck hit on the demo
table's Sherman, applied through the editor, then undone."""

from __future__ import annotations

from engine.dice import ScriptedDice
from engine.facts import facts_for
from engine.model import Change, SetState
from engine.rulesets.registry import get_ruleset
from tests.app.helpers import demo_window


def test_a_penetrating_hit_shows_on_the_sherman_and_goes_with_undo(qtbot):
    win = demo_window(qtbot)
    game = win.editor.game
    rs = get_ruleset(game.scenario.ruleset)
    facts = facts_for(game.scenario, "shoot", "schreck-gunner", "sherman-1", ruleset=rs,
                      overrides={"side_struck": "left"})
    ctx = rs.context("shoot", actor=game.unit("schreck-gunner"),
                     target=game.unit("sherman-1"), facts=facts, game=game)
    # hit, hull, penetrates, damage 8 → crew member killed + system (d5 picks the
    # gunner, the d3 the engine)
    res = ctx.resolve(ScriptedDice([2, 4, 4, 8, 2, 2]))
    assert res.step("damage").results == ("crew_killed_system",)
    item = win.scene.unit_item("sherman-1")
    assert item.badges is None or item.badges.texts == []
    win.editor.push(res.change)
    texts = item.badges.texts
    assert texts == ["PEN1", "SYSE", "KIA1"]
    tip = item.toolTip()
    assert "penetrations: 1" in tip and "engine damaged" in tip and "crew killed: gunner" in tip
    assert item.badges.isVisible()
    win.undo_action.trigger()
    assert not item.badges.isVisible() and "penetrations" not in item.toolTip()


def test_knocked_out_reads_ko():
    from engine.rulesets.iron_hearts import board
    from engine.scenario_io import load_demo

    u = load_demo().unit("sherman-2")
    u.state.update(status="knocked_out", penetrations=2)
    assert [b.text for b in board.state_badges(u)] == ["KO", "PEN2"]
    assert board.state_badges(load_demo().unit("us-1-1")) == []


def test_the_badges_tooltips_read_in_russian(qtbot, monkeypatch):
    """The badges' tooltip lines are messages: the board shows them through app.i18n.loc,
    in the interface's language — the systems and crew posts by their Russian names."""
    from app import i18n
    from engine.i18n import localized
    from engine.rulesets.iron_hearts import board
    from engine.scenario_io import load_demo

    u = load_demo().unit("sherman-2")
    u.state.update(status="knocked_out", penetrations=2, systems=["engine"],
                   crew={"gunner": {"status": "killed"}})
    tips = [b.tip for b in board.state_badges(u)]
    assert tips[:3] == ["knocked out", "penetrations: 2 (+2 to damage, §4.15-5)",
                        "damaged: engine damaged (immobilised)"]
    ru = [localized(t, "ru", "iron-hearts") for t in tips]
    assert ru == ["подбит", "пробития: 2 (+2 к повреждению, §4.15-5)",
                  "повреждено: двигатель повреждён (обездвижен)", "экипаж погиб: наводчик"]
    win = demo_window(qtbot)
    monkeypatch.setattr(i18n, "_current", "ru")
    win.editor.push(Change([SetState("sherman-1", "penetrations", 1)], "hit"))
    assert "пробития: 1 (+1 к повреждению" in win.scene.unit_item("sherman-1").toolTip()
