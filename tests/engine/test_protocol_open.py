"""The open protocol through a second toy ruleset: role kinds, declared facts measured per
member of a group actor, pool-size and die-step modifiers, and joint resolution of two
volleys from one prior state (engine.joint).

The toy "volley" ruleset: a group (a fire team) fires one d6 per member that sees the
target (a declared fact, "LOS from each stand"); each die hits on 4+; each hit puts a
suppression marker on the target, and 2 hits or more remove it. A "veterans" option adds
two dice to the pool; "wounded" steps the die down (d6 → d4). A single unit answers with
its own volley (one member: itself).
"""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

from engine.dice import D4, D6, Comparison, ScriptedDice
from engine.joint import answer_context, joint_odds, merge_changes, resolve_joint
from engine.model import (
    AddMarker,
    Change,
    Game,
    RemoveUnit,
    SetState,
    apply_change,
    revert_change,
)
from engine.odds import OutcomeDistribution, simulate
from engine.odds import distribution as dist_of
from engine.options import Modifier, Option, SchemaError
from engine.protocol import (
    Action,
    Context,
    CoverTerm,
    Facts,
    FactSpec,
    GroupRef,
    Resolution,
    Role,
    Ruleset,
    info_step,
    make_pool,
    make_test,
    pool_size,
    roll_pool,
    stepped_die,
)
from engine.render import render_joint
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape
from geometry.terrain import TerrainPiece

GE = Comparison.GE


def _sees(p) -> bool | None:
    return p.pair().los != "blocked" if p.target is not None else None


LOS_EACH = FactSpec("los_each", "LOS from each stand", "bool", "member", _sees,
                    "whether each member of the firing group sees the target")


class Volley(Action):
    id = "volley"
    label = "Volley"
    roles = (Role("actor", kind="group", label="fire team"), Role("target", kind="unit"))
    facts = ("los_each",)
    steps = ("fire",)
    options = (Option("veterans", "Veterans", "bool", False, modifier=2, steps=("fire",),
                      to="pool", reason="toy: +2 dice", proposed=True),
               Option("wounded", "Wounded", "bool", False, modifier=-1, steps=("fire",),
                      to="die_step", reason="toy: die one step down"))

    def _pool(self, ctx: Context):
        seen = ctx.fact("los_each")
        n = sum(1 for v in seen.values() if v)
        return make_pool(D6, n, 4, ctx.modifiers("fire"), GE), n, len(seen)

    def resolve(self, ctx: Context, dice) -> Resolution:
        pool, n, of = self._pool(ctx)
        if pool.n == 0:
            return ctx.resolution([info_step("fire", "Fire", "no die: nobody sees")], [],
                                  "no fire")
        step = roll_pool(dice, pool, id="fire", label="Fire", base=4, base_label="4+",
                         success="hit", failure="miss", note=f"{n} of {of} stands see")
        hits = step.count("hit")
        t = ctx.target.id
        effects = [AddMarker(t, "suppression", hits)] if hits else []
        if hits >= 2:
            effects.append(RemoveUnit(t, "shot down"))
        return ctx.resolution([step], effects, f"{hits} hits")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        pool, _, _ = self._pool(ctx)
        return dist_of("hits", pool.successes(), order=range(pool.n + 1))


class Stance(Action):
    id = "stance"
    label = "Take a stance"
    roles = (Role("actor", kind="unit"), Role("where", kind="point", required=False),
             Role("answering", kind="responder", required=False))

    def resolve(self, ctx: Context, dice) -> Resolution:
        who = ctx.role("answering")
        return ctx.resolution([], [SetState(ctx.actor.id, "stance", "ready")],
                              f"ready{' against ' + who.id if who else ''}")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("stance", (("ready", F(1)),))


VOLLEY = Ruleset(
    id="toy-volley", name="Toy volley", dice=(D6, D4), metres_per_inch=1,
    distance_unit="in",
    cover={i: CoverTerm(f"cover {i}", i) for i in range(5)},
    actions=(Volley(), Stance()), facts=(LOS_EACH,),
    profiles={"trooper": {}},
)

GROUPS = [{"id": "team-a", "name": "Team A", "members": ["a1", "a2", "a3"]}]


def make_game(*, wall: bool = True) -> Game:
    units = [Unit(f"a{i}", "red", "trooper", 10, 10 + 4 * i, BaseShape.round(25))
             for i in (1, 2, 3)] + \
        [Unit("b1", "blue", "trooper", 30, 14, BaseShape.round(25))]
    terrain = [TerrainPiece("house", "building", polygon=[(16, 16.5), (22, 16.5), (22, 30),
                                                         (16, 30)])] if wall else []
    return Game(Scenario("v", "toy-volley", Table(), terrain=terrain, units=units))


def lookup(game: Game) -> dict[str, GroupRef]:
    from engine.protocol import group_lookup

    return group_lookup(GROUPS, game.units)


def measured(game: Game):
    from engine.facts import facts_for

    return facts_for(game.scenario, "volley", "team-a", "b1", ruleset=VOLLEY,
                     groups=lookup(game))


def volley_ctx(game: Game, **kw) -> Context:
    kw.setdefault("facts", measured(game))
    return VOLLEY.context("volley", actor="team-a", target=game.unit("b1"), game=game,
                          groups=lookup(game), **kw)


# --------------------------------------------------------------------------- roles


def test_role_kinds_and_refusals():
    assert [r.kind for r in Volley.roles] == ["group", "unit"]
    # no name implies a kind any more, not even the first protocol's (actor, target …)
    for name in ("squad", "actor", "target", "targets", "weapon", "point"):
        with pytest.raises(SchemaError, match=f"role {name}.kind: required"):
            Role(name)
    with pytest.raises(SchemaError, match="role squad.kind: expected one of"):
        Role("squad", kind="crowd")  # type: ignore[arg-type]
    game = make_game()
    with pytest.raises(SchemaError, match=r"volley.actor: no group 'team-z' \(groups: team-a\)"):
        VOLLEY.context("volley", actor="team-z", target=game.unit("b1"), game=game,
                       groups=lookup(game))
    with pytest.raises(SchemaError, match="stance.dance: no such role"):
        VOLLEY.context("stance", actor=game.unit("a1"), game=game, roles={"dance": 1})
    d = VOLLEY.action("volley").describe()
    assert d["roles"][0] == {"name": "actor", "kind": "group", "required": True,
                             "label": "fire team", "doc": ""}


def test_group_actor_fills_the_context():
    game = make_game()
    ctx = volley_ctx(game)
    team = ctx.group("actor")
    assert team is not None and team.member_ids == ("a1", "a2", "a3")
    assert ctx.actor.id == "a1" and ctx.actor_id == "team-a" and ctx.actor_label == "Team A"
    assert [u.id for u in ctx.units("actor")] == ["a1", "a2", "a3"]
    res = ctx.resolve(ScriptedDice([4, 1]))
    assert res.actor == "team-a"


def test_named_roles_of_point_and_responder_kinds():
    game = make_game()
    ctx = VOLLEY.context("stance", actor=game.unit("a1"), game=game,
                         roles={"where": (3, 4), "answering": "b1"})
    assert ctx.role("where") == (3.0, 4.0) and ctx.role("answering").id == "b1"
    assert ctx.resolve(ScriptedDice([])).summary == "ready against b1"
    with pytest.raises(SchemaError, match=r"stance.where: expected a point"):
        VOLLEY.context("stance", actor=game.unit("a1"), game=game, roles={"where": "x"})


def test_nested_groups_flatten_and_off_table_members_drop():
    from engine.protocol import group_lookup

    game = make_game()
    groups = group_lookup([{"id": "pl", "members": ["team-a", "b1", "ghost"]},
                           {"id": "team-a", "members": ["a1", "a2", "pl"]}], game.units)
    assert groups["pl"].member_ids == ("a1", "a2", "b1")
    assert groups["team-a"].member_ids == ("a1", "a2", "b1")   # the cycle is cut


# --------------------------------------------------------------------------- facts


def test_los_is_measured_from_each_member_of_the_group():
    game = make_game()
    facts = measured(game)
    # a1 (y 14) and a2 (y 18) … the house (y 16.5–30, x 16–22) hides b1 (y 14)? a1 sees
    assert facts.get("los_each") == {"a1": True, "a2": False, "a3": False}
    open_field = measured(make_game(wall=False))
    assert open_field.get("los_each") == {"a1": True, "a2": True, "a3": True}
    spec = VOLLEY.fact_spec("los_each", VOLLEY.action("volley"))
    assert spec.scope == "member" and spec.type == "bool" and spec.each


def test_a_member_fact_is_overridable_per_member():
    from engine.facts import facts_for

    game = make_game()
    facts = facts_for(game.scenario, "volley", "team-a", "b1", ruleset=VOLLEY,
                      groups=lookup(game), overrides={"los_each": {"a1": True, "a2": True,
                                                                   "a3": False}})
    assert facts.get("los_each") == {"a1": True, "a2": True, "a3": False}
    assert "los_each" in facts.overridden
    with pytest.raises(SchemaError, match="facts.los_each.a2: expected true or false"):
        facts_for(game.scenario, "volley", "team-a", "b1", ruleset=VOLLEY,
                  groups=lookup(game), overrides={"los_each": {"a2": "maybe"}})


def test_builtin_facts_are_declared_like_any_other():
    from engine.protocol import BUILTIN_FACTS, FACTS

    assert set(BUILTIN_FACTS) == set(FACTS)
    assert BUILTIN_FACTS["cover"].type == "cover"
    assert BUILTIN_FACTS["range_band"].scope == "derived"
    assert BUILTIN_FACTS["under_template"].scope == "template"
    assert VOLLEY.fact_spec("morale_state").measure is None   # undeclared: entered by hand


# --------------------------------------------------------------------------- modifiers


def test_pool_and_die_step_modifiers():
    vet = Modifier("veterans", 2, to="pool")
    hurt = Modifier("wounded", -1, to="die_step")
    assert vet.text == "+2 dice veterans" and hurt.text == "−1 die step wounded"
    assert pool_size(3, [vet]) == 5 and pool_size(1, [Modifier("x", -4, to="pool")]) == 0
    assert stepped_die(D6, [hurt]) == D4
    assert make_test(D6, 4, [hurt], GE).die == D4
    with pytest.raises(ValueError, match="falls off the ladder below d4"):
        stepped_die(D4, [hurt])
    with pytest.raises(SchemaError, match="modifier 'x'.to: expected one of"):
        Modifier("x", 1, to="dice")  # type: ignore[arg-type]


def test_a_pool_modifier_changes_the_dice_rolled_and_the_odds():
    game = make_game()
    plain = volley_ctx(game)
    assert plain.odds().outcomes == ((0, F(1, 2)), (1, F(1, 2)))       # one stand sees
    vet = volley_ctx(game, options={"veterans": True})
    odds = vet.odds()
    assert [o for o, _ in odds.outcomes] == [0, 1, 2, 3]
    assert odds.probability(3) == F(1, 8)
    res = vet.resolve(ScriptedDice([4, 6, 1]))
    step = res.step("fire")
    assert step.faces == (4, 6, 1) and step.results == ("hit", "hit", "miss")
    assert "pool 1 → 3 dice" in step.note
    assert res.change.effects == [AddMarker("b1", "suppression", 2),
                                  RemoveUnit("b1", "shot down")]


def test_a_die_step_modifier_changes_the_die_and_the_odds():
    game = make_game(wall=False)
    ctx = volley_ctx(game, options={"wounded": True})
    res = ctx.resolve(ScriptedDice([4, 3, 1]))
    step = res.step("fire")
    assert step.rolls[0].die == "d4" and step.results == ("hit", "miss", "miss")
    assert "die stepped to d4" in step.note
    odds = ctx.odds()
    assert odds.probability(0) == F(3, 4) ** 3
    sampled = simulate(lambda dice: ctx.resolve(dice).step("fire").count("hit"), 3000, seed=3)
    for k, p in odds.outcomes:
        assert sampled.get(k, 0.0) == pytest.approx(float(p), abs=0.04)


# --------------------------------------------------------------------------- joint


def two_volleys(game: Game):
    """Team A fires at b1; b1 answers at team A's first stand (a1)."""
    first = volley_ctx(game)
    groups = {**lookup(game), "b1-alone": GroupRef("b1-alone", "", (game.unit("b1"),))}
    from engine.facts import facts_for

    facts = facts_for(game.scenario, "volley", "b1-alone", "a1", ruleset=VOLLEY, groups=groups)
    second = VOLLEY.context("volley", actor="b1-alone", target=game.unit("a1"), game=game,
                            groups=groups, facts=facts, options={"veterans": True})
    return first, second


def test_two_volleys_from_one_prior_state():
    game = make_game()
    first, second = two_volleys(game)
    before = json.dumps(game.snapshot())
    joint = resolve_joint([first, second], ScriptedDice([6, 5, 5, 2]))
    a, b = joint.resolutions
    assert a.step("fire").faces == (6,) and b.step("fire").faces == (5, 5, 2)
    assert a.summary == "1 hits" and b.summary == "2 hits"
    # b1 is killed by nothing (1 hit) but still fires; a1 takes 2 hits and is removed
    assert joint.change.effects == [AddMarker("b1", "suppression", 1),
                                    AddMarker("a1", "suppression", 2),
                                    RemoveUnit("a1", "shot down")]
    assert json.dumps(game.snapshot()) == before            # nothing applied yet
    apply_change(game, joint.change)
    assert not game.on_table("a1") and game.marker("b1", "suppression") == 1
    revert_change(game, joint.change)
    assert json.dumps(game.snapshot()) == before
    entries = joint.log_entries(1)
    assert [e.action for e in entries] == ["volley", "volley"]
    assert entries[0].details["joint"]["with"] == ["volley:b1-alone"]
    text = render_joint(joint)
    assert "Resolved together" in text and " │ " in text
    assert "Effects (merged): b1: suppression +1; a1: suppression +2, removed (shot down)" in text
    md = render_joint(joint, "markdown")
    assert md.count("|---|---|") == 1 and "<br>" in md
    assert "[b]Volley[/b]" in render_joint(joint, "bbcode")


def test_joint_odds_are_the_product_and_keep_each_action():
    game = make_game()
    first, second = two_volleys(game)
    odds = joint_odds([first, second])
    a, b = first.odds(), second.odds()
    assert odds.label == "hits × hits"
    for (oa, ob), p in odds.outcomes:
        assert p == a.probability(oa) * b.probability(ob)
    assert sum(p for _, p in odds.outcomes) == 1
    assert odds.probability((1, 3)) == F(1, 2) * F(1, 8)
    assert list(odds.parts.values()) == [a, b]


def test_merge_removes_once_and_says_so():
    ch1 = Change([AddMarker("x", "suppression", 1), RemoveUnit("x"), SetState("x", "m", "a")])
    ch2 = Change([RemoveUnit("x"), AddMarker("x", "suppression", 2), SetState("x", "m", "b")])
    merged, notes = merge_changes([ch1, ch2])
    assert merged.effects == [AddMarker("x", "suppression", 1), SetState("x", "m", "b"),
                              AddMarker("x", "suppression", 2), RemoveUnit("x")]
    assert "x: removed by 2 actions, removed once" in notes
    assert any("the later" in n for n in notes)


def test_answer_context_turns_the_target_on_the_actor():
    game = make_game(wall=False)
    first = VOLLEY.context("stance", actor=game.unit("a1"), game=game,
                           roles={"answering": "b1"})
    answer = answer_context(first)
    assert answer.actor.id == "b1" and answer.role("answering").id == "a1"
    with pytest.raises(SchemaError, match="return fire: no unit with id 'zz'"):
        answer_context(first, "zz")
    with pytest.raises(SchemaError, match="cannot answer itself"):
        answer_context(first, "a1")
    with pytest.raises(ValueError, match="needs two actions or more"):
        resolve_joint([first], ScriptedDice([]))


def test_facts_without_groups_landing_use_a_given_lookup():
    game = make_game()
    ctx = volley_ctx(game, facts=Facts(extra={"los_each": {"a1": True}}))
    assert ctx.odds().probability(1) == F(1, 2)


def test_the_scenarios_own_groups_need_no_lookup():
    from engine.facts import facts_for
    from engine.scenario import Group

    game = make_game()
    game.scenario.groups = [Group("team-a", "team", ["a1", "a2", "a3"], "Team A")]
    facts = facts_for(game.scenario, "volley", "team-a", "b1", ruleset=VOLLEY)
    assert facts.get("los_each") == {"a1": True, "a2": False, "a3": False}
    ctx = VOLLEY.context("volley", actor="team-a", target=game.unit("b1"), game=game,
                         facts=facts)
    assert ctx.group("actor").label == "Team A"


def test_charge_joint_charges_each_action_and_merges_again():
    from engine.joint import charge_joint

    game = make_game()
    first, second = two_volleys(game)
    joint = resolve_joint([first, second], ScriptedDice([6, 5, 5, 2]))
    charged = charge_joint([first, second], joint)
    assert [r.summary for r in charged.resolutions] == ["1 hits", "2 hits"]
    assert charged.change.effects[-1] == RemoveUnit("a1", "shot down")
    assert len(charged.change.effects) >= len(joint.change.effects)
