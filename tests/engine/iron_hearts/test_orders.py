"""Orders on the demo table (01 §4.11): generic orders by voice or whistle, personal orders
by voice and at most 2 a turn, beyond 100 m only radio or an NCO; assault only ≤ 50 m."""

from engine.dice import ScriptedDice
from engine.model import SetState, apply_change
from tests.engine.iron_hearts.test_infantry_vs_vehicles import ctx, game
from tests.engine.refusals import refused


def test_at_most_two_personal_orders_a_turn():
    g = game()
    for k in (1, 2):
        res = ctx(g, "order", "us-1-nco", "us-1-1").resolve(ScriptedDice([]))
        assert SetState("us-1-nco", "personal_orders", {"turn": g.turn, "count": k}) \
            in res.change.effects
        assert SetState("us-1-1", "order", {"kind": "personal", "turn": g.turn,
                                            "by": "us-1-nco"}) in res.change.effects
        apply_change(g, res.change)
    third = ctx(g, "order", "us-1-nco", "us-1-1")
    assert "at most 2" in refused(third, "options.order")
    generic = ctx(g, "order", "us-1-nco", "us-1-1", options={"order": "fire"})
    assert generic.resolve(ScriptedDice([])).summary == "fire order given"
    g.turn += 1
    assert "1 personal left" in ctx(g, "order", "us-1-nco", "us-1-1").resolve(
        ScriptedDice([])).summary


def test_reach_voice_whistle_radio():
    g = game()
    whistle = {"distance_m": 80.0}
    personal = ctx(g, "order", "us-lt", "us-1-1", facts=whistle)
    assert "whistled generic" in refused(personal, "targets")
    rush = ctx(g, "order", "us-lt", "us-1-1", facts=whistle, options={"order": "rush"})
    assert "whistle" in rush.resolve(ScriptedDice([])).steps[0].outcome
    far = {"distance_m": 300.0}
    assert "only radio or an NCO" in refused(ctx(g, "order", "us-lt", "us-1-1", facts=far))
    assert "NCO" in ctx(g, "order", "us-lt", "us-1-nco", facts=far).resolve(
        ScriptedDice([])).steps[0].outcome
    radio = ctx(g, "order", "us-lt", "us-1-1", facts=far, options={"radio": True})
    assert "radio" in radio.resolve(ScriptedDice([])).steps[0].outcome


def test_assault_order_only_near_the_enemy_and_never_to_the_other_side():
    g = game()
    far = ctx(g, "order", "us-1-nco", "us-1-1",
              options={"order": "assault", "enemy_distance_m": 80.0})
    assert "within 50 m" in refused(far, "options.order")
    near = ctx(g, "order", "us-1-nco", "us-1-1",
               options={"order": "assault", "enemy_distance_m": 40.0})
    assert near.odds().outcomes == (("given", 1),)
    enemy = ctx(g, "order", "us-1-nco", "gren-1")
    assert "other side" in refused(enemy, "targets")


def test_camouflaged_squad_is_detected_with_one_roll():
    g = game()
    c = ctx(g, "detect", "us-1-nco", "gren-2", options={"camouflage": 2})
    res = c.resolve(ScriptedDice([1]))
    step = res.step("detect")
    assert [m.label for m in step.modifiers][-1] == "camouflage 2" and len(step.faces) == 1
    spotted = {e.unit for e in res.change.effects
               if isinstance(e, SetState) and e.key == "detected"}
    assert spotted == {"gren-1", "gren-2", "gren-3", "gren-4", "gren-5", "gren-6",
                       "schreck-gunner"}
    assert "6 of his squad" in res.summary
    miss = ctx(g, "detect", "us-1-nco", "gren-2", options={"camouflage": 2}).resolve(
        ScriptedDice([9]))
    assert not any(getattr(e, "key", "") == "detected" for e in miss.change.effects)


def test_a_tank_without_a_working_radio_is_out_of_reach_beyond_the_whistle():
    g = game()
    far = {"distance_m": 300.0}
    ok = ctx(g, "command_range", "sherman-1", "sherman-2", facts=far).resolve(ScriptedDice([]))
    assert ok.summary == "radio_or_nco"
    g.unit("sherman-2").state["systems"] = ["radio"]
    dead = ctx(g, "command_range", "sherman-1", "sherman-2", facts=far)
    assert dead.resolve(ScriptedDice([])).summary == "out_of_reach"
    assert "radio is damaged" in dead.resolve(ScriptedDice([])).steps[0].outcome
    assert dead.odds().outcomes[0][0] == "out_of_reach"
    g.unit("sherman-2").state.pop("systems")
    g.unit("sherman-1").state["crew"] = {"co_driver": {"status": "killed"}}
    gone = ctx(g, "command_range", "sherman-1", "sherman-2", facts=far).resolve(
        ScriptedDice([]))
    assert "radio operator is out" in gone.steps[0].outcome
