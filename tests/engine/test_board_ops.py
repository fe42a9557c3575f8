"""The board inside a resolution (engine.board_ops), through a toy ruleset defined here.

The toy has a barrage — a blast-3 aimed at a point scatters d6 − accuracy inches with the
app's 180-face direction die; every unit under it then tests a d6 (≤ 3 wounds), the one
under the hole is wounded outright — and a retreat: the actor falls back 6" directly away
from a point, stopped by what its unit type cannot cross and by other bases.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction as F

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from engine.board_ops import BoardOps, scatter_d6, scatter_d20
from engine.dice import D6, Comparison, Die, ScriptedDice, TypedDice
from engine.model import Game, ModelError, MoveUnit, RemoveUnit, apply_change, revert_change
from engine.odds import OutcomeDistribution, simulate, successes
from engine.odds import distribution as dist_of
from engine.options import Field
from engine.protocol import (
    Action,
    Context,
    CoverTerm,
    Resolution,
    Role,
    Ruleset,
    info_step,
    make_test,
    roll_test,
)
from engine.scenario import Group, Scenario, Table, Unit
from geometry.bases import BaseShape
from geometry.movement import straight_move
from geometry.terrain import TerrainPiece

ROUND = BaseShape.round(25)
HOUSE = TerrainPiece("house-1", "building", polygon=[(30, 10), (36, 10), (36, 16), (30, 16)])
POOL = TerrainPiece("pond", "water", polygon=[(2, 30), (8, 30), (8, 36), (2, 36)])


class Barrage(Action):
    id = "barrage"
    label = "Barrage"
    roles = (Role("actor", kind="unit"), Role("point", kind="point"))
    steps = ("scatter", "wound")

    def _rule(self, ctx: Context):
        return scatter_d6(ctx.profile()["accuracy"])

    def _wound(self):
        return make_test(D6, 3, (), Comparison.LE)

    def resolve(self, ctx: Context, dice) -> Resolution:
        landed = ctx.board.scatter("blast-3", ctx.point, self._rule(ctx), dice)
        hole = landed.template.hole
        others = [i for i, _ in landed.template.under if i != hole]
        steps = [landed.step]
        dead = [hole] if hole else []
        if others:
            wound = roll_test(dice, self._wound(), id="wound", label="Wound", n=len(others),
                              success="wound", failure="unhurt")
            steps.append(wound)
            dead += [i for i, r in zip(others, wound.results, strict=True) if r == "wound"]
        if hole:
            steps.append(info_step("hole", "Under the hole", f"{hole} is wounded"))
        return ctx.resolution(steps, [RemoveUnit(i) for i in dead], f"{len(dead)} wounded")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        test = self._wound()

        def wounded(landing):
            others = [i for i in landing.under if i != landing.hole]
            return successes(len(others), test) + (1 if landing.hole else 0)
        d = ctx.board.chain_landings("blast-3", ctx.point, self._rule(ctx), wounded)
        return dist_of("wounded", d)


class Retreat(Action):
    id = "retreat"
    label = "Retreat"
    roles = (Role("actor", kind="unit"), Role("point", kind="point"))
    steps = ("retreat",)

    def resolve(self, ctx: Context, dice) -> Resolution:
        move = ctx.board.move_away(ctx.actor.id, ctx.point, 6.0)
        return ctx.resolution([info_step("retreat", "Retreat", move.note)],
                              list(move.effects), move.note)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("retreat", (("moved", F(1)),))


TOY = Ruleset(
    id="toy-board", name="Toy board", dice=(D6,), metres_per_inch=1, distance_unit="in",
    cover={i: CoverTerm(f"cover {i}", i) for i in range(5)}, actions=(Barrage(), Retreat()),
    profile_fields={"character": {"accuracy": Field("int", minimum=0, maximum=6)}},
    profiles={"gun": {"accuracy": 3}, "man": {"accuracy": 3}, "tank": {"accuracy": 3}},
)


def make_game() -> Game:
    units = [Unit("gun", "red", "gun", 10, 40, ROUND),
             # a cluster round the aim point (20, 20)
             Unit("a", "blue", "man", 20, 20, ROUND), Unit("b", "blue", "man", 21.2, 20, ROUND),
             Unit("c", "blue", "man", 20, 22.5, ROUND), Unit("d", "blue", "man", 17, 20, ROUND),
             # a tank 4" west of the house, and a squad in a line
             Unit("tank", "blue", "tank", 26, 13, BaseShape.rect(50, 100), turret=0),
             Unit("s1", "blue", "man", 50, 30, ROUND), Unit("s2", "blue", "man", 52, 30, ROUND),
             Unit("s3", "blue", "man", 54, 31, ROUND)]
    groups = [Group("sq", "squad", ["s1", "s2", "s3"], name="Able", side="blue"),
              Group("cluster", "squad", ["a", "b"])]
    return Game(Scenario("t", "toy-board", Table(72, 48, 1, edges={"blue": "north"}),
                         [HOUSE, POOL], units, groups=groups))


def barrage_ctx(game: Game, point=(20.0, 20.0)) -> Context:
    return TOY.context("barrage", actor=game.unit("gun"), point=point, game=game)


# --------------------------------------------------------------------------- scatter


def test_scatter_is_a_step_of_the_action_with_its_own_dice():
    game = make_game()
    # d6 = 5 → 5 − 3 = 2"; direction face 46 → bearing 90° (down the table), over c only;
    # then c's wound roll
    res = TOY.action("barrage").resolve(barrage_ctx(game), ScriptedDice([5, 46, 2]))
    scatter = res.step("scatter")
    assert [r.label for r in scatter.rolls] == ["scatter distance", "scatter direction"]
    assert [r.die for r in scatter.rolls] == ["d6", "d180"]
    assert scatter.faces == (5, 46)
    assert scatter.outcome == '2" at 90° to (20.00, 22.00)'
    assert scatter.note == "d6 − 3; under it: c"
    assert res.rolls[:2] == list(scatter.rolls)  # so the log entry carries them
    assert res.log_entry(1).dice[:2] == scatter.rolls
    assert res.step("wound").faces == (2,)
    assert res.change.effects == [RemoveUnit("c")]
    before = json.dumps(game.snapshot())
    apply_change(game, res.change)
    revert_change(game, res.change)
    assert json.dumps(game.snapshot()) == before


def test_a_low_distance_face_does_not_scatter_and_rolls_no_direction():
    game = make_game()
    res = TOY.action("barrage").resolve(barrage_ctx(game), ScriptedDice([3, 1]))
    assert res.step("scatter").outcome == "no scatter"
    assert res.step("scatter").faces == (3,)
    # a stands under the hole (wounded outright); b is under the template and rolls a 1
    assert res.step("scatter").note == "d6 − 3; under it: a, b; hole: a"
    assert res.change.effects == [RemoveUnit("a"), RemoveUnit("b")]


def test_typed_dice_and_a_typed_bearing():
    ops = BoardOps(make_game())
    rule = scatter_d20(0.5, direction=D6)
    out = ops.scatter("blast-5", (20, 20), rule, TypedDice("4 2"))
    # d20 face 4 × 0.5" = 2"; a physical d6 face 2 points 60° clockwise of up the table
    assert (out.distance, out.bearing) == (2.0, 330.0)
    assert [r.source for r in out.rolls] == ["typed", "typed"]
    measured = ops.scatter("blast-3", (20, 20), rule, TypedDice("6"), bearing=180)
    assert measured.landing == pytest.approx((17.0, 20.0)) and len(measured.rolls) == 1


def test_barrage_odds_are_exact_and_agree_with_a_simulation():
    game = make_game()
    ctx = barrage_ctx(game)
    exact = TOY.action("barrage").odds(ctx)
    assert sum(p for _, p in exact.outcomes) == 1
    n = 3000
    sampled = simulate(lambda dice: len(TOY.action("barrage").resolve(ctx, dice)
                                        .change.effects), n, seed=11)
    for k, p in exact.outcomes:
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(sampled.get(k, 0.0) - float(p)) <= 4 * sigma + 1e-9, (k, p, sampled)
    # the landings include the ones that hit nobody: the odds know where it lands
    assert exact.probability(0) > 0


def test_landings_are_exact_fractions_over_the_dice():
    ops = BoardOps(make_game())
    rule = scatter_d6(3)
    lands = ops.landings("blast-3", (20, 20), rule)
    assert sum(x.probability for x in lands) == 1
    # faces 1-3 leave it on the aim point: a, b, d under it, a under the hole
    still = [x for x in lands if x.probability >= F(1, 2)]
    assert still and still[0].hole == "a" and set(still[0].under) >= {"a", "b"}
    # every probability is a multiple of 1 / (6 · 180)
    assert all((x.probability * 6 * 180).denominator == 1 for x in lands)


# --------------------------------------------------------------------------- moves


def test_a_retreat_is_blocked_by_a_building_and_says_so():
    game = make_game()
    ctx = TOY.context("retreat", actor=game.unit("tank"), point=(20.0, 13.0), game=game)
    res = TOY.action("retreat").resolve(ctx, ScriptedDice([]))
    (move,) = res.change.effects
    assert isinstance(move, MoveUnit) and move.y == pytest.approx(13.0)
    # the tank's hull is 100 mm long east-west (facing 0): its front at x + 1.9685"
    front = move.x + 100 / 25.4 / 2
    assert front == pytest.approx(30.0, abs=1e-5)
    assert res.summary.startswith('tank moves 2.03" away from (20, 13): stopped 4.0" short: '
                                  'house-1')
    after = game.unit("tank")
    apply_change(game, res.change)
    assert shapely.area(shapely.intersection(after.polygon(), HOUSE.shape())) < 1e-9


def test_infantry_walks_into_the_house_but_not_into_water():
    game = make_game()
    ops = BoardOps(game)
    # infantry: buildings are difficult, not impassable
    game.unit("d").x, game.unit("d").y = 26, 13
    m = ops.move_away("d", (20, 13), 6)
    assert not m.blocked and m.distance == 6
    # a ruleset may say buildings stop a retreat for everyone
    m = ops.move_away("d", (20, 13), 6, stop_at=("impassable", "difficult"))
    assert m.blocked_by == "house-1" and m.distance == pytest.approx(4 - 12.5 / 25.4, abs=1e-5)
    game.unit("d").x, game.unit("d").y = 5, 26
    m = ops.move_toward("d", (5, 40), 10)
    assert m.blocked_by == "pond" and "stopped" in m.note and "pond" in m.note


def test_a_group_moves_away_in_formation_and_stops_at_a_base():
    game = make_game()
    ops = BoardOps(game)
    before = {u.id: (u.x, u.y) for u in game.group_units("sq")}
    m = ops.move_away("sq", (40, 30.333333333333336), 3)
    assert not m.blocked and len(m.effects) == 3
    dx = {e.unit: (e.x - before[e.unit][0], e.y - before[e.unit][1]) for e in m.effects}
    assert all(v == pytest.approx((3.0, 0.0)) for v in dx.values())  # formation kept
    # a unit in the way of the back rank stops the whole squad
    game.units.append(Unit("block", "red", "man", 58, 31, ROUND))
    m = ops.move_away("sq", (40, 30.333333333333336), 5)
    assert m.blocked_by == "block" and m.blocked_unit == "s3"
    gap = 58 - 54 - 25 / 25.4
    assert m.distance == pytest.approx(gap, abs=1e-5)
    assert m.note.endswith(f'stopped {5 - gap:.1f}" short: block\'s base (s3)')


def test_moves_toward_an_edge_stop_at_it():
    game = make_game()
    ops = BoardOps(game)
    assert ops.side_edge("blue") == "north"
    assert ops.distance_to_edge("s1", "north") == pytest.approx(30 - 12.5 / 25.4)
    assert ops.distance_to_edge("sq", "east") == pytest.approx(72 - 54 - 12.5 / 25.4)
    m = ops.move_toward_edge("sq", "north", 40)
    assert m.blocked_by == "the table edge" and m.blocked_unit == "s1"
    assert m.distance == pytest.approx(30 - 12.5 / 25.4, abs=1e-5)
    off = ops.move_toward_edge("sq", "north", 40, leave_table=True)
    assert off.distance == 40 and not off.blocked
    assert off.off_table == ("s1", "s2", "s3") and off.note.endswith("off the table: s1, s2, s3")
    assert m.off_table == ()
    with pytest.raises(ModelError, match="edge: expected one of north"):
        ops.move_toward_edge("sq", "up", 1)
    with pytest.raises(ModelError, match="no deployment edge for side 'red'"):
        ops.side_edge("red")


def test_move_toward_a_point_stops_on_it():
    ops = BoardOps(make_game())
    m = ops.move_toward("s1", (50, 28), 10)
    assert m.distance == pytest.approx(2.0) and m.effects[0].y == pytest.approx(28.0)
    assert m.requested == 10


def test_bad_move_arguments_are_refused_naming_them():
    ops = BoardOps(make_game())
    with pytest.raises(ModelError, match="distance: expected inches"):
        ops.move_away("s1", (0, 0), -1)
    with pytest.raises(ModelError, match="'ghost': no unit on the table or group"):
        ops.move_away("ghost", (0, 0), 1)
    with pytest.raises(ModelError, match="stands on it"):
        ops.move_away("s1", (50, 30), 1)


# --------------------------------------------------------------------------- sight


def test_los_between_two_groups_matches_pair_by_pair():
    from engine.measure import measure_pair

    game = make_game()
    ops = BoardOps(game)
    game.scenario.groups.append(Group("guns", "battery", ["gun", "tank"]))
    a, b, m = ops.los_between("guns", "sq")
    assert a == ("gun", "tank") and b == ("s1", "s2", "s3") and m.shape == (2, 3)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            assert m[i, j] == pytest.approx(
                measure_pair(game.scenario, x, y).visible_fraction, abs=1e-9)


def test_the_context_carries_the_board():
    game = make_game()
    ctx = barrage_ctx(game)
    assert isinstance(ctx.board, BoardOps) and ctx.board.game is game


# --------------------------------------------------------------------------- properties

COORD = st.floats(2, 46, allow_nan=False)


@settings(max_examples=120, deadline=None)
@given(x=COORD, y=COORD, px=COORD, py=COORD, dist=st.floats(0, 30, allow_nan=False),
       boxes=st.lists(st.tuples(COORD, COORD, st.floats(0.5, 8), st.floats(0.5, 8)),
                      max_size=4),
       others=st.lists(st.tuples(COORD, COORD), max_size=4),
       rect=st.booleans(), facing=st.floats(0, 359))
def test_move_away_never_ends_inside_blocking_terrain_or_a_base(x, y, px, py, dist, boxes,
                                                                others, rect, facing):
    base = BaseShape.rect(30, 60) if rect else ROUND
    me = Unit("me", "a", "man", x, y, base, facing=facing)
    pieces = [TerrainPiece(f"w{i}", "water", polygon=list(box(bx, by, bx + w, by + h)
                                                             .exterior.coords)[:-1])
              for i, (bx, by, w, h) in enumerate(boxes)]
    units = [me] + [Unit(f"o{i}", "b", "man", ox, oy, ROUND) for i, (ox, oy) in enumerate(others)]
    game = Game(Scenario("p", "toy-board", Table(48, 48, 1), pieces, units))
    if math.hypot(x - px, y - py) < 1e-6:
        return
    start = me.polygon()
    obstacles = [p.shape() for p in pieces] + [u.polygon() for u in units[1:]]
    overlapped = {k for k, o in enumerate(obstacles)
                  if shapely.area(shapely.intersection(start, o)) > 1e-9}
    m = BoardOps(game).move_away("me", (px, py), dist, leave_table=True)
    assert 0 <= m.distance <= dist + 1e-12
    if not m.blocked:
        assert m.distance == pytest.approx(dist)
    end = Unit("me", "a", "man", me.x + m.distance * m.direction[0],
               me.y + m.distance * m.direction[1], base, facing=facing).polygon()
    for k, o in enumerate(obstacles):
        if k not in overlapped:
            assert shapely.area(shapely.intersection(end, o)) < 1e-6, (k, m)
    # the direction is straight away from the point
    away = (x - px, y - py)
    assert m.direction[0] * away[1] - m.direction[1] * away[0] == pytest.approx(0, abs=1e-9)
    assert m.direction[0] * away[0] + m.direction[1] * away[1] > 0


@settings(max_examples=80, deadline=None)
@given(ang=st.floats(0, 359.9), dist=st.floats(0, 20), ox=st.floats(-6, 6),
       oy=st.floats(-6, 6), w=st.floats(0.3, 5), h=st.floats(0.3, 5))
def test_straight_move_stops_at_first_contact_exactly(ang, dist, ox, oy, w, h):
    """Moving a little further than the stop would overlap the obstacle (when blocked),
    and never overlaps it up to the stop (checked at the stop and halfway)."""
    mover = shapely.Point(0, 0).buffer(0.5, quad_segs=8)
    ob = box(ox, oy, ox + w, oy + h)
    if shapely.area(shapely.intersection(mover, ob)) > 0:
        return
    d = (math.cos(math.radians(ang)), math.sin(math.radians(ang)))
    m = straight_move([mover], d, dist, [ob])
    for t in (m.distance / 2, m.distance):
        moved = shapely.affinity.translate(mover, t * d[0], t * d[1])
        assert shapely.area(shapely.intersection(moved, ob)) < 1e-9
    if m.blocked:
        past = shapely.affinity.translate(mover, (m.distance + 0.01) * d[0],
                                          (m.distance + 0.01) * d[1])
        assert shapely.area(shapely.intersection(past, ob)) > 0
    else:
        assert m.distance == dist


def test_straight_move_hand_cases():
    disc = shapely.Point(0, 0).buffer(0.5)
    m = straight_move([disc], (1, 0), 10, [box(3, -1, 5, 1)])
    assert m.blocker == 0 and m.distance == pytest.approx(2.5, abs=1e-5)
    # sliding along an edge it touches does not stop it
    assert straight_move([box(0, 0, 1, 1)], (1, 0), 10, [box(1, 1, 3, 3)]).distance == 10
    # corner meeting corner does
    assert straight_move([box(0, 0, 1, 1)], (1, 1), 10, [box(2, 2, 3, 3)]).distance == \
        pytest.approx(math.sqrt(2), abs=1e-5)
    # an obstacle it starts in is ignored and named
    inside = straight_move([disc], (1, 0), 3, [box(-1, -1, 1, 1)])
    assert inside.ignored == (0,) and inside.distance == 3
    with pytest.raises(ValueError, match="direction: expected a non-zero"):
        straight_move([disc], (0, 0), 1)
    with pytest.raises(ValueError, match="movers: expected at least one"):
        straight_move([], (1, 0), 1)
    assert Die(180).sides == 180
