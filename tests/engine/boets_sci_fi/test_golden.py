"""The worked examples of 03 §7 (BF-1 … BF-8) as golden tests with scripted dice, each
step asserted. The seed gives no numbers for the armlists: their values are PROPOSED."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine import ledger, triggers
from engine.costs import charge, refusal
from engine.dice import ScriptedDice
from engine.model import Change, RemoveUnit, apply_change, revert_change
from engine.rulesets.boets_sci_fi import RULESET as BF
from engine.rulesets.boets_sci_fi.formations import successor
from engine.rulesets.boets_sci_fi.leadership import commander_ldr, panic_due
from engine.rulesets.boets_sci_fi.morale import takeover_group
from engine.rulesets.boets_sci_fi.organisation import check_organisation
from engine.turns import next_phase, roll_initiative

from ..refusals import refused
from .helpers import game_of, group, squad

S = BF.turn_structure


def ctx(game, action, actor, **kw):
    return BF.context(action, actor=actor, game=game, **kw)


def act(game, action, actor, faces, **kw):
    c = ctx(game, action, actor, **kw)
    res = charge(c, c.resolve(ScriptedDice(list(faces))))
    apply_change(game, res.change)
    return res


def errors(game):
    return [f.message for f in check_organisation(game.scenario, BF.profiles)
            if f.level == "error"]


# --------------------------------------------------------------------------- BF-1


def test_bf1_two_allied_players_interleave_in_one_sides_turn():
    """P1 moves unit 1, P2 moves unit 2, P1 fires unit 1, P2 skips fire and assaults the
    unit P1 fired at: legal."""
    u1 = squad("u1", "cyber_infantry", 3, 10, 30, player="P1")
    u2 = squad("u2", "clone_infantry", 3, 20, 30, player="P2")
    en = squad("en", "velian_militia", 3, 15, 20, side="raiders")
    game = game_of(u1, u2, en)
    roll = roll_initiative(game, S, ScriptedDice([17, 4]))     # polaris 17, raiders 4
    assert roll.order == ["polaris", "raiders"]
    apply_change(game, roll.change)
    assert (game.active_side, game.phase) == ("polaris", "manoeuvre")
    act(game, "move", "u1", [], point=(10, 26))                 # P1 moves unit 1
    act(game, "move", "u2", [], point=(17, 22.5))               # P2 moves unit 2
    assert game.unit("u1-1").y == pytest.approx(26.0)          # 4 steps of Ск 5: reached
    fire_now = ctx(game, "fire", "u1", target=game.unit("en-1"))
    assert refusal(fire_now) == "Fire (house rules) belongs to the fire phase; it is the " \
                                "manoeuvre phase"
    apply_change(game, next_phase(game, S))
    # P1 fires unit 1: 3 fighters × Скр 2 = 6 shots, d20 ≥ 11; 2 hits; d20 + М 4 ≥ 10 + Бр 3
    res = act(game, "fire", "u1", [11, 3, 15, 2, 1, 10, 9, 8], target=game.unit("en-1"))
    assert res.step("hit").results == ("hit", "miss", "hit", "miss", "miss", "miss")
    assert res.step("penetration").results == ("wound", "no effect")
    assert not game.on_table("en-1")                           # Стк 1: killed
    # P2 skips fire and assaults the unit P1 fired at: d20 + ББ 3 against d20 + ББ 2
    res = act(game, "assault", "u2", [15, 4], target=game.unit("en-2"))
    assert res.step("melee").outcome == "18 against 6: 2 wounds to the defender"
    assert [e["unit"] for e in ledger.entries(game, scope="phase")] == ["u1-1", "u2-1"]
    again = ctx(game, "assault", "u1", target=game.unit("en-3"))
    assert refusal(again) == "u1-1 already used fire or assault this phase " \
                             "(Assault (house rule): once per phase)"


# --------------------------------------------------------------------------- BF-2, BF-3


def test_bf2_squads_of_one_armlist_combine_and_mixed_ones_do_not():
    a, b = squad("a", "cyber_infantry", 4, 0, 0), squad("b", "cyber_infantry", 4, 0, 2)
    ok = game_of(a, b, group("pl", "platoon", [a[1], b[1]], commander="a-1"))
    assert errors(ok) == []
    c = squad("c", "velian_militia", 4, 0, 4)
    bad = game_of(a, c, group("pl", "platoon", [a[1], c[1]], commander="a-1"))
    assert errors(bad) == ["pl: mixes armlists (cyber_infantry, velian_militia): one "
                           "armlist per formation (§4.1-1)"]


def test_bf3_four_militia_and_eight_cyber_infantry():
    v = squad("v", "velian_militia", 4, 0, 0)
    c1, c2 = squad("c1", "cyber_infantry", 3, 0, 2), squad("c2", "cyber_infantry", 5, 0, 4)
    assert errors(game_of(v, c1, c2)) == []                     # three independent squads
    pl = group("pl", "platoon", [c1[1], c2[1]], commander="c1-1")
    assert errors(game_of(v, c1, c2, pl)) == []                 # militia squad + platoon
    mixed = group("pl", "platoon", [v[1], c1[1]], commander="v-1")
    assert errors(game_of(v, c1, mixed))[0].endswith("one armlist per formation (§4.1-1)")
    two = squad("t", "cyber_infantry", 2, 0, 8)
    assert errors(game_of(two)) == ["t: a squad has 3–9 figures, not 2 (§4.1-2)"]


# --------------------------------------------------------------------------- BF-4


def platoon_game():
    s1 = squad("s1", "cyber_infantry", 4, 10, 30)
    s2 = squad("s2", "cyber_infantry", 4, 10, 32, ranks={0: "sergeant"})
    pl = group("pl", "platoon", [s1[1], s2[1]], commander="s1-2", deputy="s2-1")
    en = squad("en", "velian_militia", 3, 10, 10, side="raiders")
    return game_of(s1, s2, pl, en)


def test_bf4_the_deputy_takes_the_takeover_test_when_the_commander_dies():
    game = platoon_game()
    # the one refusal style (#9): it raises ActionRefused naming the actor (it was a
    # "refused" step before)
    assert refused(ctx(game, "takeover_test", game.unit("s2-1")), "actor").startswith(
        "s2-1 has no command to take over")
    apply_change(game, Change([RemoveUnit("s1-2", "killed")], "killed"))
    # the platoon commander is gone: the deputy (squad 2's sergeant) tests, own ЛДР 9
    c = ctx(game, "takeover_test", game.unit("s2-1"))
    assert c.odds().probability("pass") == Fraction(12, 20)
    res = c.resolve(ScriptedDice([9]))
    step = res.step("takeover")
    assert (step.target, step.results, step.base_label) == (9, ("pass",),
                                                             "his own ЛДР (§4.A-6)")
    apply_change(game, res.change)
    assert game.group("pl").commander == "s2-1" and game.group("pl").deputy is None
    revert_change(game, res.change)                              # undo restores
    assert game.group("pl").commander == "s1-2" and game.group("pl").deputy == "s2-1"


def test_bf4_a_failed_takeover_goes_prone_then_the_retest_fails_into_panic():
    game = platoon_game()
    apply_change(game, Change([RemoveUnit("s1-2", "killed")], "killed"))
    res = ctx(game, "takeover_test", game.unit("s2-1")).resolve(ScriptedDice([3]))
    assert res.summary == "pl goes to ground: prone, ББ −2; re-test next turn (§4.5-3)"
    apply_change(game, res.change)
    g = game.group("pl")
    assert (g.state["prone"], g.state["melee_modifier"], g.state["takeover"]) == \
        (True, -2, "failed")
    # due at the start of the side's next turn
    game.active_side = "polaris"
    due = triggers.fire(game, S.hooks.triggers, triggers.Crossing("side_start", "polaris"))
    assert {"test": "takeover_test", "unit": "s2-1"}.items() <= due[0].items()
    res = ctx(game, "takeover_test", game.unit("s2-1")).resolve(ScriptedDice([2]))
    assert res.step("takeover").label == "Takeover re-test"
    assert res.step("retreat").outcome.startswith("pl moves")
    apply_change(game, res.change)
    assert game.group("pl").state["panicking"] is True
    assert game.unit("s2-1").y > 32                              # toward the south edge


def kill(game, *ids):
    apply_change(game, Change([RemoveUnit(i, "killed") for i in ids], "killed"))


# --------------------------------------------------------------------------- BF-5


def company_game():
    ranks = {0: "lieutenant"}
    p1a = squad("p1a", "cyber_infantry", 4, 10, 30, ranks=ranks)
    p1b = squad("p1b", "cyber_infantry", 4, 10, 31, ranks={0: "sergeant"})
    p2a = squad("p2a", "cyber_infantry", 4, 20, 30, ranks={0: "senior_sergeant"})
    p2b = squad("p2b", "cyber_infantry", 4, 20, 31, ranks={0: "sergeant"})
    pl1 = group("pl1", "platoon", [p1a[1], p1b[1]], commander="p1a-1")
    pl2 = group("pl2", "platoon", [p2a[1], p2b[1]], commander="p2a-1")
    coy = group("coy", "company", [pl1, pl2], commander="p1a-1")
    en = squad("en", "velian_militia", 3, 10, 10, side="raiders")
    return game_of(p1a, p1b, p2a, p2b, pl1, pl2, coy, en)


def test_bf5_company_command_passes_by_seniority():
    game = company_game()
    assert errors(game) == []
    kill(game, "p1a-1")                                         # the lieutenant dies
    coy = game.group("coy")
    assert successor(game, coy) == "p2a-1"                      # the senior sergeant
    # sergeants cannot command while the senior sergeant lives: squad p1b's sergeant
    # succeeds to his platoon (pl1), not to the company
    assert takeover_group(game, game.unit("p1b-1")).id == "pl1"
    assert takeover_group(game, game.unit("p2a-1")).id == "coy"
    res = ctx(game, "takeover_test", game.unit("p2a-1")).resolve(ScriptedDice([15]))
    assert res.step("takeover").results == ("pass",)
    assert res.summary == "p2a-1 takes command of coy"
    apply_change(game, res.change)
    kill(game, "p2a-1")                                         # the senior sergeant dies
    assert successor(game, coy) == "p1b-1"                      # a sergeant takes over
    act(game, "takeover_test", game.unit("p1b-1"), [9])          # first his platoon …
    assert game.group("pl1").commander == "p1b-1"
    res = act(game, "takeover_test", game.unit("p1b-1"), [11])   # … then the company
    assert res.summary == "p1b-1 takes command of coy"
    assert game.group("coy").commander == "p1b-1"


# --------------------------------------------------------------------------- BF-6


def test_bf6_commander_ldr_is_highest_minus_two_not_below_eight():
    assert commander_ldr([10, 7, 9]) == 8
    assert (commander_ldr([9]), commander_ldr([12]), commander_ldr([8])) == (8, 10, 8)
    assert commander_ldr([13, 4], "best") == 8                    # §4.A-5 other reading
    sq = squad("cl", "clone_infantry", 5, 10, 30)                # clone ЛДР 10
    game = game_of(sq)
    c = ctx(game, "leadership_test", game.unit("cl-3"))
    assert c.odds().probability("pass") == Fraction(13, 20)
    for face, result in ((8, "pass"), (7, "fail"), (20, "pass")):
        step = c.resolve(ScriptedDice([face])).step("leadership")
        assert (step.target, step.results) == (8, (result,))
        assert step.base_label == "commander's ЛДР of cl (§4.4; his own 10)"
    kill(game, "cl-1")                                          # commander dead: own ЛДР
    assert c.resolve(ScriptedDice([9])).step("leadership").results == ("fail",)


# --------------------------------------------------------------------------- BF-7


def test_bf7_split_fire_by_platoon_twos_leadership_test():
    game = company_game()
    a, b = game.unit("en-1"), game.unit("en-3")
    c = ctx(game, "split_fire_test", game.unit("p2b-2"), target=b, roles={"first_target": a})
    step = c.resolve(ScriptedDice([12])).step("split")
    assert (step.target, step.results) == (8, ("pass",))        # pl2's commander ЛДР 8
    res = c.resolve(ScriptedDice([12]))
    assert res.summary == "pl2 may fire at en-3"
    res = c.resolve(ScriptedDice([5]))
    assert res.summary == "pl2 must fire at en-1, platoon 1's target"
    apply_change(game, res.change)
    assert game.group("pl2").state["fire_target"]["target"] == "en-1"


# --------------------------------------------------------------------------- BF-8


def panic_game():
    sq = squad("sq", "velian_militia", 10, 10, 40, gap=1.0)
    sh = squad("sh", "cyber_infantry", 9, 10, 20, side="raiders")
    game = game_of(sq, sh)
    game.active_side = "raiders"
    return game


def test_bf8_panic_trigger_reading_a_losses_this_turn():
    assert panic_due(5, 10) and not panic_due(4, 10) and panic_due(5, 9)
    game = panic_game()
    # 4 losses to the raiders' fire: no test
    from engine.rulesets.boets_sci_fi.common import kill as kill_counted
    apply_change(game, Change(kill_counted(game, ["sq-7", "sq-8", "sq-9", "sq-10"], "killed"),
                              "fire"))
    assert game.group("sq").state["tally"] == {"turn": 1, "side": "raiders", "start": 10,
                                               "losses": 4}
    # refused (ActionRefused naming the actor; a "refused" step before #9)
    assert refused(ctx(game, "panic_test", game.unit("sq-1")), "actor") == \
        "no Panic test: 4 lost this turn of 10 at its start (Reading A)"
    apply_change(game, Change(kill_counted(game, ["sq-6"], "killed"), "fire"))  # 5th loss
    res = ctx(game, "panic_test", game.unit("sq-1")).resolve(ScriptedDice([3]))
    assert res.step("trigger").outcome == "5 lost this turn of 10 at its start (Reading A)"
    assert res.step("panic").results == ("fail",)               # commander ЛДР 9: 3 fails
    assert res.step("retreat").note == "Ск 6 steps toward the south edge (§4.6-3)"
    apply_change(game, res.change)
    assert game.unit("sq-1").y == pytest.approx(46.0)            # 6" toward the south
    assert game.group("sq").state["panicking"] is True
    # next turn: the recovery test
    game.turn, game.active_side = 2, "polaris"
    fail = ctx(game, "panic_test", game.unit("sq-1")).resolve(ScriptedDice([2]))
    assert fail.step("panic").label == "Panic recovery test"
    assert fail.step("retreat").outcome.endswith("off the table (removed, PROPOSED): "
                                                 "sq-1, sq-2, sq-3, sq-4, sq-5")
    ok = ctx(game, "panic_test", game.unit("sq-1")).resolve(ScriptedDice([15]))
    assert ok.summary == "sq rallies: this turn it may only shoot (§4.6-4)"
    apply_change(game, ok.change)
    assert "panicking" not in game.group("sq").state
    assert "may only shoot" in refused(ctx(game, "move", "sq", point=(10, 30)), "actor")


def test_bf8_reading_b_counts_from_the_games_start():
    game = panic_game()
    kill(game, "sq-6", "sq-7", "sq-8", "sq-9", "sq-10")          # not tallied this turn
    assert refused(ctx(game, "panic_test", game.unit("sq-1")), "actor").startswith(
        "no Panic test")                                # ActionRefused (#9), not a step
    b = BF.context("panic_test", actor=game.unit("sq-1"), game=game,
                   rules={"panic_trigger": "cumulative"}).resolve(ScriptedDice([12]))
    assert b.step("trigger").outcome == "5 lost of 10 at the game's start (Reading B)"
    assert b.summary == "sq holds"


def test_panic_gives_plus_two_to_shoot_and_to_melee():
    game = panic_game()
    game.group("sq").state["panicking"] = True
    game.active_side, game.phase = "raiders", "fire"
    c = ctx(game, "fire", "sh", target=game.unit("sq-1"))
    step = c.resolve(ScriptedDice([9] * 18 + [1] * 18)).step("hit")
    assert step.results[0] == "hit" and step.totals[0] == 11    # 9 + 2 ≥ 11
    m = ctx(game, "assault", "sh", target=game.unit("sq-1")).resolve(ScriptedDice([10, 10]))
    assert m.step("melee").outcome.startswith("15 against 12")  # 10+3+2 vs 10+2


def test_bf7_one_target_per_platoon_and_the_company_split_by_the_test():
    """§4.8-1: a platoon's squads fire at one target; §4.8-2: platoon 2 of a company fires
    at platoon 1's target unless its split-fire test passes (then at the one it chose)."""
    game = company_game()
    game.active_side, game.phase = "polaris", "fire"
    a, b = game.unit("en-1"), game.unit("en-3")
    act(game, "fire", "p1a", [1] * 8, target=a)                  # platoon 1: at A (misses)
    assert refusal(ctx(game, "fire", "p1b", target=b)) is None   # the cost allows it …
    # … the platoon's rule not: ActionRefused naming the target (#9; a step before)
    assert refused(ctx(game, "fire", "p1b", target=b), "target") == \
        "pl1 already fires at en-1: all its fighters shoot at one target (§4.8-1)"
    assert refused(ctx(game, "fire", "p2a", target=b), "target") == \
        "coy's first platoon fires at en-1: pl2 must fire at it unless its split-fire " \
        "test passes (§4.8-2)"
    assert ctx(game, "fire", "p2a", target=a).resolve(ScriptedDice([1] * 8)).step("hit")
    act(game, "split_fire_test", game.unit("p2b-2"), [12], target=b,
        roles={"first_target": a})                               # pass: B
    assert ctx(game, "fire", "p2a", target=b).resolve(ScriptedDice([1] * 8)).step("hit")
    assert refused(ctx(game, "fire", "p2a", target=a), "target") == \
        "pl2 fires at en-3 after its split-fire test (§4.8-2)"


def test_an_independent_squad_shoots_and_assaults_one_target():
    sq = squad("sq", "cyber_infantry", 3, 10, 30)
    en = squad("en", "velian_militia", 3, 10, 28, side="raiders")
    game = game_of(sq, en)
    game.active_side, game.phase = "polaris", "fire"
    rules = {"assault_phase": "after_fire"}
    c = BF.context("fire", actor="sq", game=game, target=game.unit("en-1"), rules=rules)
    apply_change(game, charge(c, c.resolve(ScriptedDice([1] * 6))).change)
    other = BF.context("assault", actor="sq", game=game, target=game.unit("en-2"),
                       rules=rules)
    # ActionRefused naming the target (#9; it was a "refused" step)
    assert refused(other, "target") == "sq fired at en-1: an independent squad shoots " \
        "and assaults one target (§4.8-1)"
    same = BF.context("assault", actor="sq", game=game, target=game.unit("en-1"),
                      rules=rules).resolve(ScriptedDice([10, 10]))
    assert same.step("melee")
