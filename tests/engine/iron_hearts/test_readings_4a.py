"""§4.A points that were not options before issue 9: what the start-of-turn tests need and
remove (§4.A-4), the MM penalty on the commander's rally (§4.A-6), grenade suppression and
its MM (§4.A-12); and a grenade thrown at a vehicle."""

from fractions import Fraction as F

from bench.ih_examples import ctx, game
from engine.dice import ScriptedDice
from engine.model import AddMarker, SetState
from engine.protocol import Facts
from engine.rulesets.iron_hearts import RULESET

OPTIONS = {o.id: o for o in RULESET.options}


def _suppressed(g, uid, n=2, mm=2):
    g.unit(uid).markers["suppression"] = n
    g.unit(uid).state["mm_penalties"] = [mm] * n


def test_every_new_reading_is_an_option_with_its_default():
    assert OPTIONS["start_test_acts"].default == "all_pass"
    assert OPTIONS["start_test_pass_removes"].default == "one"
    assert OPTIONS["rally_mm"].default == "own"
    assert OPTIONS["rally_clears"].default == "action_only"
    assert OPTIONS["grenade_suppression"].default == "none"
    assert OPTIONS["grenade_suppression"].proposed
    assert OPTIONS["penetration_ten"].default == "maximum"
    for o in ("start_test_acts", "start_test_pass_removes", "rally_mm", "grenade_suppression"):
        assert OPTIONS[o].reason.startswith("§4.A-")


def test_start_of_turn_one_pass_is_enough_under_one_pass():
    g = game()
    _suppressed(g, "vova")
    dice = [2, 9]                                   # one pass (≤ 3), one fail
    strict = ctx(g, "suppression_test", "vova").resolve(ScriptedDice(dice))
    assert SetState("vova", "cannot_act", True) in strict.change.effects
    lax = ctx(g, "suppression_test", "vova", rules={"start_test_acts": "one_pass"}
              ).resolve(ScriptedDice(dice))
    assert SetState("vova", "cannot_act", None) in lax.change.effects
    p = F(3, 10)                                    # Guts 7 − 4
    odds = ctx(g, "suppression_test", "vova", rules={"start_test_acts": "one_pass"}).odds()
    assert odds.parts["acts"].probability("acts") == 1 - (1 - p) ** 2


def test_a_pass_removes_nothing_under_none():
    g = game()
    _suppressed(g, "vova", n=1)
    res = ctx(g, "suppression_test", "vova", rules={"start_test_pass_removes": "none"}
              ).resolve(ScriptedDice([1]))
    assert not any(isinstance(e, AddMarker) for e in res.change.effects)
    assert SetState("vova", "cannot_act", None) in res.change.effects


def test_rally_mm_soldier_carries_each_soldiers_penalty():
    g = game()
    _suppressed(g, "vova", n=1, mm=2)
    g.unit("vova").state["cannot_act"] = True
    g.unit("tolik").state["cannot_act"] = True      # refusing, no suppression
    res = ctx(g, "rally", "cmd", targets=("vova", "tolik"), rules={"rally_mm": "soldier"}
              ).resolve(ScriptedDice([8, 8]))
    v, t = res.step("guts-vova"), res.step("guts-tolik")
    assert (v.target, t.target) == (7, 9)          # 9 − Vova's MM 2; Tolik has none
    assert v.results == ("fail",) and t.results == ("pass",)
    own = ctx(g, "rally", "cmd", targets=("vova", "tolik")).resolve(ScriptedDice([8, 8]))
    assert own.step("guts").target == 9            # the example: his plain Guts 9
    none = ctx(g, "rally", "cmd", targets=("vova",), rules={"rally_mm": "none"})
    g.unit("cmd").state["mm_penalties"] = [2]
    assert none.resolve(ScriptedDice([9])).step("guts").target == 9
    assert ctx(g, "rally", "cmd", targets=("vova",)).resolve(
        ScriptedDice([9])).step("guts").target == 7


def test_grenade_suppression_per_die_with_its_mm():
    g = game()
    facts = Facts(distance_m=20.0, under_template=("tolik", "vova"))
    # on target; 5 dice round-robin vova, tolik, vova, tolik, vova: 1 wounds, others not
    dice = [3, 1, 5, 9, 1, 10]
    plain = ctx(g, "grenade", "zhora", "vova", weapon="hand-grenade", facts=facts
                ).resolve(ScriptedDice(dice))
    assert not any(isinstance(e, AddMarker) for e in plain.change.effects)
    res = ctx(g, "grenade", "zhora", "vova", weapon="hand-grenade", facts=facts,
              rules={"grenade_suppression": "per_die"}).resolve(ScriptedDice(dice))
    eff = res.change.effects
    assert AddMarker("vova", "suppression", 2, maximum=3) in eff       # 3 dice, 1 wound
    assert AddMarker("tolik", "suppression", 1, maximum=3) in eff      # 2 dice, 1 wound
    assert SetState("vova", "guts_penalty", 2) in eff                   # 2 × MM 1
    assert "3 suppression" in res.summary


def test_every_numbered_point_of_section_4a_is_an_option():
    """#9 point 7: every §4.A point of the rules file is a ruleset option with its default
    (its reason, help or label cites the point), so a game can choose its reading."""
    import re
    from pathlib import Path

    text = Path("/work/shared/rules/01-iron-hearts.md").read_text(encoding="utf-8")
    section = text[text.index("### 4.A"):]
    section = section[:section.index("\n#", 1)]
    points = {int(n) for n in re.findall(r"^(\d+)\. ", section, re.MULTILINE)}
    assert points == set(range(1, 31))
    cited = {int(n) for o in RULESET.options
             for n in re.findall(r"4\.A-(\d+)", f"{o.reason} {o.help} {o.label}")}
    assert points - cited == set()
    assert all(o.default is not None for o in RULESET.options)
