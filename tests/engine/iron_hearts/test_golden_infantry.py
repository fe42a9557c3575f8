"""The worked examples IH-1 … IH-5, IH-7, IH-8, IH-11 of rules/01-iron-hearts.md §7 as
golden tests: scripted dice, each step asserted (faces, target, comparison, modifiers,
outcome) and the effects.

The set-ups (`game`, `ctx`, `DAMAGE8`) are in bench/ih_examples.py, shared with bench P4.
"""

from __future__ import annotations

from copy import deepcopy

from bench.ih_examples import DAMAGE8, ctx, game
from engine.costs import Cost, charge, cost_of
from engine.dice import Comparison, ScriptedDice
from engine.model import AddMarker, AdjustState, SetState, apply_change
from engine.protocol import Facts
from engine.rulesets.iron_hearts import RULESET as IH
from tests.engine.refusals import refused

LE = Comparison.LE


def paid_ap(g, action, actor, target, res, **kw) -> int:
    """The AP the turn contract charges when `res` is applied in `actor`'s side's turn
    (engine.costs.charge): the action no longer spends them in its own effects."""
    g.active_side = g.unit(actor).side
    before = g.unit(actor).state.get("ap_left", 3)
    paid = charge(ctx(g, action, actor, target, **kw), res)
    after = deepcopy(g)
    apply_change(after, paid.change)
    return before - after.unit(actor).state["ap_left"]


# --------------------------------------------------------------------------- IH-1


def test_ih1_ninja_shuriken_is_a_melee_stat_test():
    g = game()
    res = ctx(g, "stat_test", "ninja", options={"stat": "melee"}).resolve(ScriptedDice([2]))
    step = res.step("test")
    assert step.faces == (2,)
    assert (step.base, step.base_label, step.target, step.comparison) == (6, "Melee", 6, LE)
    assert step.results == ("success",) and res.summary == "success"
    # The seed says "the shogun dies" with no wound roll: only the test is asserted.
    assert res.change.effects == []


# --------------------------------------------------------------------------- IH-2


def test_ih2_sergeant_detects_the_sniper():
    g = game()
    res = ctx(g, "detect", "sarge").resolve(ScriptedDice([4]))
    step = res.step("detect")
    assert step.base == 3 and [m.value for m in step.modifiers] == [2]
    assert step.modifiers[0].label == "T&E"
    assert (step.target, step.comparison, step.faces) == (5, LE, (4,))
    assert step.results == ("detected",)
    assert IH.action("detect").ap_cost == 0
    assert res.change.effects == [SetState("sarge", "detect_turn", 1)]
    apply_change(g, res.change)
    again = ctx(g, "detect", "sarge")     # max 1 per turn: refused, rolling nothing
    assert refused(again) == "one detection roll per turn (§4.3-4): already rolled"


# --------------------------------------------------------------------------- IH-3 / IH-7


def test_ih3_mg_three_volleys_is_fifteen_dice():
    g = game()
    faces = [1, 6, 6, 6, 6] * 3                   # one hit per volley
    res = ctx(g, "shoot", "mg", "vova", weapon="mg42", options={"volleys": 3},
              facts=Facts(distance_m=60.0, cover=0)).resolve(ScriptedDice(faces + [9, 9, 9]))
    hit = res.step("hit")
    assert len(hit.faces) == 15 and hit.count("hit") == 3
    assert (hit.target, hit.comparison) == (5, LE)
    assert hit.note == "3 AP × RoF 5 = 15 dice"
    assert res.step("wound").faces == (9, 9, 9)
    # AP is now charged by the turn contract (issue 9 point 4): 3 volleys, 3 AP, on apply.
    assert not any(isinstance(e, AdjustState) and e.key == "ap_left" for e in res.change.effects)
    assert paid_ap(g, "shoot", "mg", "vova", res, weapon="mg42", options={"volleys": 3},
                   facts=Facts(distance_m=60.0, cover=0)) == 3


def test_ih7_mp40_full_turn_is_nine_dice():
    g = game(("smg", "axis", "soldier"))
    res = ctx(g, "shoot", "smg", "vova", weapon=IH.weapon("mp40"), options={"volleys": 3},
              facts=Facts(distance_m=20.0, cover=0)).resolve(ScriptedDice([10] * 9))
    assert len(res.step("hit").faces) == 9 and res.step("hit").note == "3 AP × RoF 3 = 9 dice"
    assert res.step("wound").faces == ()


# --------------------------------------------------------------------------- IH-4


def test_ih4_damage_8_against_cover_2():
    g = game()
    wound_faces = list(range(1, 11))
    res = ctx(g, "shoot", "mg", "cmd", weapon=DAMAGE8,
              facts=Facts(distance_m=50.0, cover=2)).resolve(
        ScriptedDice([1] * 10 + wound_faces))
    w = res.step("wound")
    assert w.bands == ((6, "wound"), (8, "suppression")) and w.otherwise == "miss"
    assert w.results == ("wound",) * 6 + ("suppression",) * 2 + ("miss",) * 2
    assert [(m.label, m.value) for m in w.modifiers] == [("cover 2", -2)]
    # suppression_source = hits: every hit suppresses (10), the 7–8 band adds nothing.
    assert res.summary.startswith("10 hits, 6 wounds, 10 suppression")
    assert AddMarker("cmd", "suppression", 3, maximum=3) in res.change.effects   # cap 3


def test_ih4_cover_band_and_both_readings():
    g = game()
    dice = [1] * 10 + list(range(1, 11))
    band = ctx(g, "shoot", "mg", "cmd", weapon=DAMAGE8, facts=Facts(distance_m=50.0, cover=2),
               rules={"suppression_source": "cover_band"}).resolve(ScriptedDice(dice))
    assert band.summary.startswith("10 hits, 6 wounds, 2 suppression")
    both = ctx(g, "shoot", "mg", "cmd", weapon=DAMAGE8, facts=Facts(distance_m=50.0, cover=2),
               rules={"suppression_source": "both"}).resolve(ScriptedDice(dice))
    assert both.summary.startswith("10 hits, 6 wounds, 12 suppression")


# --------------------------------------------------------------------------- IH-5


def test_ih5_two_suppressions_from_mm2_cost_four_guts_and_two_tests():
    g = game()
    shot = ctx(g, "shoot", "mg", "vova", weapon="mg42",
               facts=Facts(distance_m=60.0, cover=0)).resolve(ScriptedDice([1, 2, 9, 9, 9, 8, 10]))
    assert shot.step("wound").results == ("miss", "miss")
    assert SetState("vova", "guts_penalty", 4) in shot.change.effects
    assert SetState("vova", "mm_penalties", [2, 2]) in shot.change.effects
    apply_change(g, shot.change)
    assert g.unit("vova").markers["suppression"] == 2
    test = ctx(g, "suppression_test", "vova").resolve(ScriptedDice([3, 4]))
    step = test.step("guts")
    assert len(step.faces) == 2                                  # two Overcome rolls
    assert (step.base, step.target) == (7, 3)                    # Guts 7 − 4
    assert [(m.label, m.value) for m in step.modifiers] == [("MM penalty", -4)]
    assert step.results == ("pass", "fail")


# --------------------------------------------------------------------------- IH-8


def test_ih8_mg_suppresses_three_and_the_commander_rallies():
    g = game()
    squad = ("vova", "tolik", "zhora")
    # Step 1: 3 hits, 0 wounds, hits dealt at random (d3: Vova, Tolik, Zhora).
    shot = ctx(g, "shoot", "mg", targets=squad, weapon="mg42",
               facts=Facts(distance_m=60.0, cover=0)).resolve(
        ScriptedDice([1, 2, 3, 9, 9, 1, 2, 3, 8, 9, 10]))
    assert shot.step("hit").results == ("hit", "hit", "hit", "miss", "miss")
    assert shot.step("allocate").results == squad
    assert shot.step("wound").count("wound") == 0
    for u in squad:
        assert AddMarker(u, "suppression", 1, maximum=3) in shot.change.effects
        assert SetState(u, "guts_penalty", 2) in shot.change.effects
    apply_change(g, shot.change)

    # Step 2: start-of-turn Guts tests at 7 − 2 = 5: 7 fail, 6 fail, 2 pass. The text's
    # "3D10: 7 + 6 + 2 = 15" is a meaningless sum: each die is its own test.
    outcome = {}
    for uid, face in zip(squad, (7, 6, 2), strict=True):
        res = ctx(g, "suppression_test", uid).resolve(ScriptedDice([face]))
        step = res.step("guts")
        assert (step.base, step.target, step.comparison) == (7, 5, LE)
        assert step.totals == ()                                   # never summed
        outcome[uid] = step.results[0]
        apply_change(g, res.change)
    assert outcome == {"vova": "fail", "tolik": "fail", "zhora": "pass"}
    assert g.unit("vova").state["cannot_act"] and g.unit("tolik").state["cannot_act"]
    assert "cannot_act" not in g.unit("zhora").state
    assert "suppression" not in g.unit("zhora").markers
    # The MM penalty is gone once the tests are rolled ("next turn it is removed").
    assert "guts_penalty" not in g.unit("vova").state

    # Step 3: the commander's own Guts 9, no MM penalty, 1 AP per test (§4.A-7):
    # 2 tests, 1 and 6 ("2D10: 1 + 6 = 7" is again a meaningless sum).
    rally = ctx(g, "rally", "cmd", targets=squad).resolve(ScriptedDice([1, 6]))
    step = rally.step("guts")
    assert (step.base, step.target, step.modifiers) == (9, 9, ())
    assert step.results == ("pass", "pass") and step.totals == ()
    # Corrected in issue 9: this test used to expect each pass to remove a suppression.
    # The seed (L281) says the rally puts them back in action this turn, and only «в
    # следующем ходу штраф к Яйцам снимается, и Подавленные бойцы могут опять пройти тест
    # Яиц» — next turn the Guts penalty is lifted and the suppressed test again. So the
    # rally clears "cannot act" and leaves the markers (the old reading: rally_clears =
    # suppression, test_ih8_old_reading_rally_clears_suppression).
    # AP is now charged by the turn contract (issue 9 point 4): 2 tests, 2 AP, on apply.
    assert rally.change.effects == [
        SetState("vova", "cannot_act", None), SetState("tolik", "cannot_act", None)]
    assert cost_of(ctx(g, "rally", "cmd", targets=squad)) == Cost(
        ap=2, reason="§4.5-5, §4.A-7 (rally_ap)")
    apply_change(g, rally.change)
    assert [g.unit(u).markers.get("suppression") for u in squad] == [1, 1, None]
    assert not any(g.unit(u).state.get("cannot_act") for u in squad)

    # Step 4: next turn the MM penalty is gone and Vova and Tolik test again with their
    # plain Guts 7 (not shot again): 4 passes, 8 fails.
    g.turn += 1
    for uid, face, result in (("vova", 4, "pass"), ("tolik", 8, "fail")):
        res = ctx(g, "suppression_test", uid).resolve(ScriptedDice([face]))
        step = res.step("guts")
        assert (step.base, step.target, step.modifiers) == (7, 7, ())
        assert step.results == (result,)
        apply_change(g, res.change)
    assert "suppression" not in g.unit("vova").markers and \
        not g.unit("vova").state.get("cannot_act")
    assert g.unit("tolik").markers["suppression"] == 1 and g.unit("tolik").state["cannot_act"]
    nxt = ctx(g, "suppression_test", "zhora").resolve(ScriptedDice([]))
    assert nxt.rolls == [] and nxt.summary == "acts normally"


def test_ih8_old_reading_rally_clears_suppression():
    """The reading before issue 9, kept as rally_clears = suppression."""
    g = game()
    for u in ("vova", "tolik"):
        g.unit(u).markers["suppression"] = 1
        g.unit(u).state["cannot_act"] = True
    rally = ctx(g, "rally", "cmd", targets=("vova", "tolik"),
                rules={"rally_clears": "suppression"}).resolve(ScriptedDice([1, 6]))
    # AP is now charged by the turn contract (issue 9 point 4): 2 AP, on apply.
    assert rally.change.effects == [
        AddMarker("vova", "suppression", -1), SetState("vova", "cannot_act", None),
        AddMarker("tolik", "suppression", -1), SetState("tolik", "cannot_act", None)]
    assert paid_ap(g, "rally", "cmd", None, rally, targets=("vova", "tolik"),
                   rules={"rally_clears": "suppression"}) == 2


def test_ih8_rally_per_rally_reading_costs_one_ap():
    g = game()
    for u in ("vova", "tolik"):
        g.unit(u).markers["suppression"] = 1
    rally = ctx(g, "rally", "cmd", targets=("vova", "tolik"),
                rules={"rally_ap": "per_rally"}).resolve(ScriptedDice([1, 6]))
    # AP is now charged by the turn contract (issue 9 point 4): 1 AP for the rally.
    assert paid_ap(g, "rally", "cmd", None, rally, targets=("vova", "tolik"),
                   rules={"rally_ap": "per_rally"}) == 1


# --------------------------------------------------------------------------- IH-11


def test_ih11_grenade_two_people_get_five_dice():
    g = game()
    res = ctx(g, "grenade", "zhora", "vova", weapon="hand-grenade",
              facts=Facts(distance_m=20.0, under_template=("tolik", "vova"))).resolve(
        ScriptedDice([3, 1, 5, 9, 1, 10]))
    throw = res.step("throw")
    assert (throw.base_label, throw.target, throw.results) == ("Accuracy", 5, ("on target",))
    dmg = res.step("damage")
    assert len(dmg.faces) == 5 and (dmg.target, dmg.comparison) == (1, LE)
    # round-robin from the aimed man: vova, tolik, vova, tolik, vova
    assert "dice fall on: vova, tolik, vova, tolik, vova" in dmg.note
    assert dmg.results == ("wound", "no wound", "no wound", "wound", "no wound")
    assert AdjustState("vova", "hp", -1, minimum=0, default=1) in res.change.effects
    assert AdjustState("tolik", "hp", -1, minimum=0, default=1) in res.change.effects
    assert SetState("zhora", "grenade_turn", 1) in res.change.effects


def test_ih11_grenade_seven_people_get_seven_dice():
    extra = [(f"x{i}", "allies", "soldier") for i in range(4)]
    g = game(*extra)
    people = ("vova", "tolik", "cmd", "x0", "x1", "x2", "x3")
    res = ctx(g, "grenade", "zhora", weapon="hand-grenade",
              facts=Facts(distance_m=20.0, under_template=people)).resolve(
        ScriptedDice([1] + [10] * 7))
    assert len(res.step("damage").faces) == 7 and res.summary == "0 wounds"
