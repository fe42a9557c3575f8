"""The ruleset protocol end to end, through a toy ruleset defined here.

The toy is a cut-down Iron Hearts (tests/engine/test_protocol_open.py has the second toy,
for groups, per-member facts, pool and die-step modifiers and joint resolution):
RoF × d10 ≤ Accuracy (a natural 1 only beyond Range, no fire beyond 2 × Range), each hit
re-rolled as a wound roll read against bands (≤ Damage − cover wound, ≤ Damage
suppression, else miss), and a 2d6 ≤ Guts morale test.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction as F

import pytest

from engine.dice import D6, D10, Bands, Comparison, DiceError, ScriptedDice, TypedDice
from engine.model import (
    AddMarker,
    AdjustState,
    Game,
    RemoveUnit,
    SetState,
    apply_change,
    revert_change,
)
from engine.odds import OutcomeDistribution, band_die, chain, simulate, successes
from engine.odds import distribution as dist_of
from engine.options import Field, Modifier, Option, SchemaError
from engine.protocol import (
    Action,
    Context,
    CoverTerm,
    FactMissing,
    Facts,
    Resolution,
    Role,
    Ruleset,
    info_step,
    make_test,
    roll_bands,
    roll_test,
)
from engine.render import render
from engine.rulesets.registry import (
    RulesetNotFound,
    get_ruleset,
    list_rulesets,
    load_data,
    parse_data,
    register,
    unregister,
)
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape

LE = Comparison.LE


# --------------------------------------------------------------------------- the toy


class Shoot(Action):
    id = "shoot"
    label = "Shoot"
    # each role declares its kind (the five first names would imply these kinds)
    roles = (Role("actor", kind="unit"), Role("target", kind="unit", label="target"),
             Role("weapon", kind="weapon"))
    facts = ("distance_m", "cover")
    steps = ("hit", "wound")
    ap_cost = 1
    options = (
        Option("aimed", "Aimed shot", "bool", False, modifier=1, steps=("hit",),
               reason="took a moment to aim", proposed=True),
        Option("volleys", "AP spent shooting", "int", 1, minimum=1, maximum=3),
    )

    def _plan(self, ctx: Context):
        w, me = ctx.weapon, ctx.profile()
        d = ctx.fact("distance_m")
        n = w["rate_of_fire"] * ctx.option("volleys")
        if d > 2 * w["range_m"]:
            return None
        mods = ctx.modifiers("hit")
        if d > w["range_m"]:
            mods.append(Modifier("beyond Range", 1, "only a natural 1 hits", sets=True))
        hit = make_test(D10, me["accuracy"], mods)
        cover = ctx.ruleset.cover_term(ctx.fact("cover"))
        wound = Bands(D10, LE, ((w["damage"] - cover.value, "wound"),
                                (w["damage"], "suppression")), "miss")
        cover_mod = Modifier(f"cover ({cover.term})", -cover.value, "lowers Damage")
        return n, me["accuracy"], mods, hit, wound, cover_mod

    def resolve(self, ctx: Context, dice) -> Resolution:
        plan = self._plan(ctx)
        if plan is None:
            step = info_step("range", "Range", "out of range: no shot")
            return ctx.resolution([step], [], "out of range")
        n, acc, mods, hit_test, wound_bands, cover_mod = plan
        hit = roll_test(dice, hit_test, id="hit", label="Hit roll", n=n, base=acc,
                        base_label="Accuracy", modifiers=mods, success="hit", failure="miss")
        wound = roll_bands(dice, wound_bands, id="wound", label="Wound roll",
                           n=hit.count("hit"), modifiers=[cover_mod], highlight=("wound",),
                           note=f"re-rolls the {hit.count('hit')} hits")
        t = ctx.target
        wounds = wound.count("wound")
        source = ctx.rule("suppression_source")
        supp = (hit.count("hit") if source in ("hits", "both") else 0) + \
            (wound.count("suppression") if source in ("cover_band", "both") else 0)
        effects = []
        if supp:
            effects.append(AddMarker(t.id, "suppression", supp, maximum=3))
        if wounds:
            hp = t.state.get("hp", ctx.profile(t)["hp"])
            effects.append(AdjustState(t.id, "hp", -wounds, minimum=0, default=hp))
            if hp - wounds <= 0:
                effects.append(RemoveUnit(t.id, "casualty"))
        return ctx.resolution([hit, wound], effects,
                              f"{hit.count('hit')} hits, {wounds} wounds, {supp} suppression")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        plan = self._plan(ctx)
        if plan is None:
            return OutcomeDistribution("wounds", ((0, F(1)),))
        n, _, _, hit_test, wound_bands, _ = plan
        wound_one = band_die(wound_bands).map(lambda lab: int(lab == "wound"))
        wounds = chain(successes(n, hit_test), lambda k: k @ wound_one)
        return dist_of("wounds", wounds, order=range(n + 1),
                       parts={"hits": dist_of("hits", successes(n, hit_test))})


class Morale(Action):
    id = "morale"
    label = "Morale test"
    steps = ("morale",)

    def _test(self, ctx: Context):
        return make_test(D6, ctx.profile()["guts"], ctx.modifiers("morale"), dice=2)

    def resolve(self, ctx: Context, dice) -> Resolution:
        step = roll_test(dice, self._test(ctx), id="morale", label="Morale", base_label="Guts",
                         base=ctx.profile()["guts"], modifiers=ctx.modifiers("morale"),
                         success="steady", failure="shaken")
        effects = [SetState(ctx.actor.id, "morale", "shaken")] if step.count("shaken") else []
        return ctx.resolution([step], effects, step.outcome)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        ok = successes(1, self._test(ctx))
        return dist_of("morale", ok.map(lambda k: "steady" if k else "shaken"),
                       order=["steady", "shaken"])


CHARACTER = {"accuracy": Field("int", minimum=1, maximum=10),
             "guts": Field("int", minimum=2, maximum=12),
             "hp": Field("int", minimum=1)}
WEAPON = {"range_m": Field("float", minimum=0), "rate_of_fire": Field("int", minimum=1),
          "damage": Field("int", minimum=1, maximum=10)}

TOY = Ruleset(
    id="toy-skirmish", name="Toy skirmish", dice=(D10, D6), metres_per_inch=10,
    distance_unit="m",
    cover={0: CoverTerm("none", 0), 1: CoverTerm("light", 1), 2: CoverTerm("medium", 2),
           3: CoverTerm("heavy", 3), 4: CoverTerm("fortification", 4, proposed=True)},
    actions=(Shoot(), Morale()),
    options=(Option("suppression_source", "Suppression comes from", "choice", "hits",
                    choices=("hits", "cover_band", "both"), reason="§4.A-2"),),
    profile_fields={"character": CHARACTER, "weapon": WEAPON},
    profiles={"rifleman": {"accuracy": 6, "guts": 7, "hp": 1}},
    weapons={"smg": {"range_m": 50.0, "rate_of_fire": 3, "damage": 8}},
)


def make_game() -> Game:
    units = [Unit("gren-1", "axis", "rifleman", 10, 10, BaseShape.round(25)),
             Unit("tommy-1", "allies", "rifleman", 14, 10, BaseShape.round(25))]
    return Game(Scenario("t", "toy-skirmish", Table(metres_per_inch=10), units=units,
                         profiles={"veteran": {"accuracy": 8, "guts": 9, "hp": 2}}))


def shoot_ctx(game: Game, **kw) -> Context:
    kw.setdefault("facts", Facts(distance_in=4.0, distance_m=40.0, cover=2))
    kw.setdefault("weapon", "smg")
    return TOY.context("shoot", actor=game.unit("gren-1"), target=game.unit("tommy-1"),
                       game=game, **kw)


# --------------------------------------------------------------------------- resolve


def test_resolve_with_scripted_dice_end_to_end():
    game = make_game()
    ctx = shoot_ctx(game)
    res = TOY.action("shoot").resolve(ctx, ScriptedDice([3, 7, 1, 2, 8]))
    hit, wound = res.step("hit"), res.step("wound")
    assert hit.faces == (3, 7, 1) and hit.results == ("hit", "miss", "hit")
    assert (hit.target, hit.comparison, hit.base) == (6, LE, 6)
    assert hit.outcome == "2 × hit, 1 × miss"
    assert wound.faces == (2, 8) and wound.results == ("wound", "suppression")
    assert wound.bands == ((6, "wound"), (8, "suppression")) and wound.otherwise == "miss"
    assert [r.source for r in res.rolls] == ["script", "script"]
    assert res.summary == "2 hits, 1 wounds, 2 suppression"
    assert res.change.effects == [AddMarker("tommy-1", "suppression", 2, maximum=3),
                                  AdjustState("tommy-1", "hp", -1, minimum=0, default=1),
                                  RemoveUnit("tommy-1", "casualty")]
    before = json.dumps(game.snapshot())
    apply_change(game, res.change)
    assert not game.on_table("tommy-1")
    assert game.unit("tommy-1").markers == {"suppression": 2}
    revert_change(game, res.change)
    assert json.dumps(game.snapshot()) == before


def test_ruleset_option_changes_the_reading():
    game = make_game()
    ctx = shoot_ctx(game, rules={"suppression_source": "cover_band"})
    res = TOY.action("shoot").resolve(ctx, ScriptedDice([3, 7, 1, 2, 8]))
    assert res.change.effects[0] == AddMarker("tommy-1", "suppression", 1, maximum=3)


def test_player_option_and_typed_modifier_move_the_target():
    game = make_game()
    ctx = shoot_ctx(game, options={"aimed": True},
                    extra_modifiers=[("hit", Modifier("smoke", -2, "GM ruling"))])
    res = TOY.action("shoot").resolve(ctx, ScriptedDice([5, 6, 9, 4]))
    hit = res.step("hit")
    assert hit.target == 6 + 1 - 2
    assert [m.label for m in hit.modifiers] == ["Aimed shot", "smoke"]
    assert hit.modifiers[0].proposed and hit.modifiers[0].reason == "took a moment to aim"
    assert hit.results == ("hit", "miss", "miss")


def test_beyond_range_only_a_natural_one_hits():
    game = make_game()
    ctx = shoot_ctx(game, facts=Facts(distance_m=80.0, cover=0))
    res = TOY.action("shoot").resolve(ctx, ScriptedDice([1, 2, 6, 9]))
    hit = res.step("hit")
    assert hit.target == 1 and hit.results == ("hit", "miss", "miss")
    assert hit.modifiers[-1].sets
    assert TOY.action("shoot").odds(ctx).parts["hits"].at_least()[1] == 1 - F(9, 10) ** 3


def test_out_of_range_rolls_nothing():
    game = make_game()
    ctx = shoot_ctx(game, facts=Facts(distance_m=101.0, cover=0))
    res = TOY.action("shoot").resolve(ctx, ScriptedDice([]))
    assert res.rolls == [] and res.change.effects == []
    assert res.steps[0].outcome == "out of range: no shot"
    assert TOY.action("shoot").odds(ctx).outcomes == ((0, F(1)),)


def test_typed_dice_errors_name_the_step():
    game = make_game()
    with pytest.raises(DiceError) as e:
        TOY.action("shoot").resolve(shoot_ctx(game), TypedDice("3 7 11"))
    assert str(e.value) == "step 'Hit roll' needs a d10: 11 is not a face of a d10 (1–10)"
    with pytest.raises(DiceError) as e:
        TOY.action("shoot").resolve(shoot_ctx(game), TypedDice("3 7 1 4"))
    assert str(e.value) == "step 'Wound roll' needs 2 × d10, only 1 value left"


def test_summed_morale_test():
    game = make_game()
    ctx = TOY.context("morale", actor=game.unit("gren-1"), game=game)
    res = TOY.action("morale").resolve(ctx, ScriptedDice([6, 3]))
    step = res.step("morale")
    assert step.totals == (9,) and step.results == ("shaken",)
    assert res.change.effects == [SetState("gren-1", "morale", "shaken")]
    odds = ctx.odds()
    assert odds.outcomes == (("steady", F(21, 36)), ("shaken", F(15, 36)))
    assert ctx.resolve(ScriptedDice([1, 2])).summary == "steady"


# --------------------------------------------------------------------------- odds


def test_odds_are_exact_and_match_sampling():
    game = make_game()
    ctx = shoot_ctx(game)
    odds = TOY.action("shoot").odds(ctx)
    # p(wound per shot) = 0.6 · 0.6 = 0.36, 3 shots: P(≥ 1) = 1 − 0.64³
    assert odds.at_least()[1] == 1 - F(16, 25) ** 3
    assert odds.probability(3) == F(9, 25) ** 3
    assert odds.parts["hits"].at_least()[2] == F(81, 125)
    shoot = TOY.action("shoot")
    sampled = simulate(lambda dice: shoot.resolve(ctx, dice).step("wound").count("wound"),
                       4000, seed=7)
    for k, p in odds.outcomes:
        assert sampled.get(k, 0.0) == pytest.approx(float(p), abs=0.04)


# --------------------------------------------------------------------------- render


def test_render_three_formats():
    game = make_game()
    ctx = shoot_ctx(game, options={"aimed": True},
                    facts=Facts(distance_m=40.0, cover=2).override(cover=3))
    res = TOY.action("shoot").resolve(ctx, TypedDice("3 9 1 2 8"))
    text, md, bb = (render(res, f) for f in ("text", "markdown", "bbcode"))
    for out in (text, md, bb):
        assert "Hit roll" in out and "Wound roll" in out
        assert "typed" in out and "Accuracy 6" in out
        assert "+1 Aimed shot — took a moment to aim" in out and "PROPOSED" in out
        assert "cover 3" in out and "entered by hand" in out
        assert "−3 cover (heavy) — lowers Damage" in out
    assert "≤ 7" in text and "hit: 3, 1 · miss: 9" in text
    assert "**Hit roll**" in md and "**≤ 7**" in md
    assert "[b]Hit roll[/b]" in bb and "[list=1]" in bb and "[*]" in bb
    assert "[color=green][b]3, 1[/b][/color]" in bb


# --------------------------------------------------------------------------- contexts


def test_context_validation_names_the_field():
    game = make_game()
    with pytest.raises(SchemaError, match=r"shoot.volleys: expected a whole number 1–3, got 5"):
        shoot_ctx(game, options={"volleys": 5})
    with pytest.raises(SchemaError, match=r"shoot.sniper: unknown option"):
        shoot_ctx(game, options={"sniper": True})
    with pytest.raises(SchemaError, match="shoot.target: required"):
        TOY.context("shoot", actor=game.unit("gren-1"), weapon="smg")
    with pytest.raises(SchemaError, match=r"toy-skirmish.options.suppression_source: "
                                          r"expected one of hits \| cover_band \| both"):
        shoot_ctx(game, rules={"suppression_source": "never"})
    with pytest.raises(SchemaError, match="shoot.modifiers: no step 'aim'"):
        shoot_ctx(game, extra_modifiers=[("aim", Modifier("x", 1))])
    with pytest.raises(SchemaError, match="weapon: no weapon 'bazooka'"):
        shoot_ctx(game, weapon="bazooka")
    with pytest.raises(KeyError, match="no action 'dance'"):
        TOY.action("dance")
    assert shoot_ctx(game, options={"volleys": "2", "aimed": "yes"}).options == \
        {"aimed": True, "volleys": 2}


def test_missing_fact_asks_the_player():
    game = make_game()
    ctx = shoot_ctx(game, facts=Facts(cover=1))
    with pytest.raises(FactMissing, match=r"distance \(m\): not measured"):
        TOY.action("shoot").resolve(ctx, ScriptedDice([1, 1, 1]))


def test_facts_validation_and_override():
    with pytest.raises(SchemaError, match=r"facts.distance_m: expected a number ≥ 0, got -3"):
        Facts(distance_m=-3)
    with pytest.raises(SchemaError, match="facts.cover: expected a whole number 0–4, got 5"):
        Facts(cover=5)
    with pytest.raises(SchemaError, match="facts.side_struck: expected one of"):
        Facts(side_struck="top")
    f = Facts(distance_m=12.0, los=True).override(los=False, smoke=True)
    assert f.los is False and f.get("smoke") is True
    assert f.overridden == {"los", "smoke"}
    assert f.to_dict() == {"distance_m": 12.0, "los": False, "smoke": True,
                           "overridden": ["los", "smoke"]}


def test_profiles_scenario_first_then_library():
    game = make_game()
    ctx = shoot_ctx(game)
    assert ctx.profile()["accuracy"] == 6
    vet = Unit("vet", "axis", "veteran", 0, 0, BaseShape.round(25))
    assert ctx.profile(vet)["hp"] == 2
    ghost = Unit("g", "axis", "nobody", 0, 0, BaseShape.round(25))
    with pytest.raises(SchemaError, match=r"units\[g\].profile: no profile 'nobody'"):
        ctx.profile(ghost)
    with pytest.raises(SchemaError, match=r"profiles.x.accuracy: expected a whole number "
                                          r"1–10, got 11"):
        TOY.validate_profile("character", {"accuracy": 11, "guts": 7, "hp": 1}, "profiles.x")
    with pytest.raises(SchemaError, match="profiles.x.hp: required"):
        TOY.validate_profile("character", {"accuracy": 5, "guts": 7}, "profiles.x")


class Drive(Action):
    """A toy action for vehicles only: its profile has a `speed`."""

    id = "drive"
    label = "Drive"
    audience = "vehicles"

    def applies_to(self, ruleset, unit, profile) -> bool:
        return "speed" in profile

    def resolve(self, ctx: Context, dice) -> Resolution:
        return ctx.resolution([info_step("drive", "Drive", "drove")], [], "drove")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("drive", (("drove", F(1)),))


def test_actions_for_asks_each_action_with_the_profile():
    toy = Ruleset("toy-vehicles", "Toy", (D10,), 10, "m", TOY.cover,
                  (Shoot(), Drive(), Morale()),
                  profiles={"rifleman": {"accuracy": 6, "guts": 7, "hp": 1},
                            "jeep": {"speed": 30}})
    b = BaseShape.round(25)
    man = Unit("m", "a", "rifleman", 0, 0, b)
    jeep = Unit("j", "a", "jeep", 0, 0, b)
    truck = Unit("t", "a", "truck", 0, 0, b)     # in the scenario's profiles only
    ghost = Unit("g", "a", "nobody", 0, 0, b)
    ids = lambda actions: [a.id for a in actions]  # noqa: E731
    # every action's default applies_to is True: Drive alone filters
    assert ids(toy.actions_for(man)) == ["shoot", "morale"]
    assert ids(toy.actions_for(jeep)) == ["shoot", "drive", "morale"]
    # the scenario's profiles come first, as Context.profile reads them
    assert ids(toy.actions_for(truck, profiles={"truck": {"speed": 60}})) == \
        ["shoot", "drive", "morale"]
    assert ids(toy.actions_for(jeep, profiles={"jeep": {"guts": 5}})) == ["shoot", "morale"]
    # a profile given explicitly wins over the lookup
    assert ids(toy.actions_for(man, {"speed": 1})) == ["shoot", "drive", "morale"]
    # an unknown profile: nothing to judge by, every action
    assert toy.actions_for(ghost) == toy.actions
    assert toy.profile_of(ghost) is None and toy.profile_of(jeep) == {"speed": 30}
    assert toy.why_not("drive", jeep) is None
    assert toy.why_not("drive", man) == "Drive applies to vehicles only"
    with pytest.raises(KeyError, match="no action 'fly'"):
        toy.why_not("fly", man)
    assert toy.describe()["actions"][1]["audience"] == "vehicles"
    assert toy.describe()["actions"][0]["audience"] == ""


def test_log_entry_from_resolution():
    game = make_game()
    res = TOY.action("shoot").resolve(shoot_ctx(game), ScriptedDice([3, 7, 1, 2, 8]))
    entry = res.log_entry(turn=2)
    game.append_log(entry)
    assert (entry.turn, entry.actor, entry.action, entry.target) == \
        (2, "gren-1", "shoot", "tommy-1")
    assert [r.label for r in entry.dice] == ["Hit roll", "Wound roll"]
    assert entry.details["steps"][0]["comparison"] == "≤"
    assert entry.details["rules"] == {"suppression_source": "hits"}
    json.dumps(entry.to_dict())          # JSON-able, for the game file


def test_ruleset_declaration_checks():
    with pytest.raises(SchemaError, match="cover: expected terms for levels 0–4"):
        Ruleset("x", "X", (D6,), 1, "in", {0: CoverTerm("none", 0)}, ())
    with pytest.raises(SchemaError, match="actions: duplicate id 'shoot'"):
        Ruleset("x", "X", (D6,), 1, "in", TOY.cover, (Shoot(), Shoot()))
    d = TOY.describe()
    assert d["actions"][0]["options"][0]["proposed"] is True
    assert d["cover"][4]["proposed"] is True
    json.dumps(d)


# --------------------------------------------------------------------------- registry


def test_registry():
    register(TOY)
    try:
        assert get_ruleset("toy-skirmish") is TOY
        assert TOY in list_rulesets()
    finally:
        unregister("toy-skirmish")
    with pytest.raises(RulesetNotFound, match="no ruleset 'toy-skirmish'"):
        get_ruleset("toy-skirmish")


def test_load_data_validates_with_file_and_field(tmp_path, monkeypatch):
    pkg = tmp_path / "toydata"
    (pkg / "toy-skirmish").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "toy-skirmish" / "weapons.toml").write_text(
        '[weapons.smg]\nrange_m = 50\nrate_of_fire = 3\ndamage = 8\n'
        '[weapons.mg]\nrange_m = 100\nrate_of_fire = 0\ndamage = 8\n')
    (pkg / "toy-skirmish" / "ok.json").write_text('{"weapons": {"smg": {"range_m": 50, '
                                                  '"rate_of_fire": 3, "damage": 8}}}')
    (pkg / "toy-skirmish" / "broken.toml").write_text("[weapons\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("toydata", None)
    got = load_data("toy-skirmish", "ok.json", schema=WEAPON, table="weapons",
                    package="toydata")
    assert got == {"smg": {"range_m": 50.0, "rate_of_fire": 3, "damage": 8}}
    with pytest.raises(SchemaError) as e:
        load_data("toy-skirmish", "weapons.toml", schema=WEAPON, table="weapons",
                  package="toydata")
    assert str(e.value) == ("toy-skirmish/weapons.toml: weapons.mg.rate_of_fire: "
                            "expected a whole number ≥ 1, got 0")
    with pytest.raises(SchemaError, match="toy-skirmish/broken.toml: bad TOML"):
        load_data("toy-skirmish", "broken.toml", package="toydata")
    with pytest.raises(SchemaError, match="no such ruleset data file"):
        load_data("toy-skirmish", "nope.toml", package="toydata")
    with pytest.raises(SchemaError, match="a plain file name is expected"):
        load_data("toy-skirmish", "../x.toml", package="toydata")
    assert parse_data('a = 1', "x.toml") == {"a": 1}
    with pytest.raises(SchemaError, match="x.json: bad JSON at line 1"):
        parse_data("{", "x.json")
