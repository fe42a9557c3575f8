"""The board inside a resolution: what an action may ask of the table while it resolves.

`BoardOps(game)` is a read-only service (the resolution context carries one as
`ctx.board`): it lays templates and scatters them with the resolution's OWN dice, so the
scatter is a Step of the action (in its undo and its log); it works out straight moves of a
unit or a whole group — directly away from a point, toward a point or toward a table edge —
that stop where terrain or another base is in the way, and says what stopped them; LOS
between the members of two groups; distance to a table edge; and the exact odds of a
scattered template's landings, so a rule can chain its own odds over where it lands.

Nothing here changes the game: moves come back as MoveUnit effects for the action's
Change. Geometry is geometry/movement.py's `straight_move`, geometry/los.py's
`visibility_block` (through the game's measurement service) and geometry/template_odds.py's
`landing_hits`.
"""

from __future__ import annotations

import functools
import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import compress

import icepool
import numpy as np

from engine import board_rules
from engine.dice import D6, DiceSource, Die, RollRecord, draw
from engine.i18n import msg
from engine.measure import (
    MeasureError,
    TemplateResult,
    service_for,
    template_query,
    terrain_index,
)
from engine.model import Game, ModelError, MoveUnit
from engine.protocol.steps import Step
from engine.scenario import EDGES, Unit
from geometry.movement import StraightMove, straight_move
from geometry.scatter import DIE_ZERO_BEARING
from geometry.template_odds import (
    N_BEARINGS,
    DistanceScheme,
    LandingGrid,
    LandingHits,
    d6_minus_accuracy,
    d20_steps,
    landing_hits,
)

__all__ = ["BoardOps", "ScatterRule", "Scattered", "Landing", "GroupMove", "EDGE_VECTORS",
           "APP_DIRECTION_DIE", "scatter_d6", "scatter_d20", "group_landings",
           "mix_landings", "LandingOdds", "clear_landings"]

#: The app's direction die: one face per bearing of the odds' grid (2° apart, face 1 = +x).
APP_DIRECTION_DIE = Die(N_BEARINGS)
#: Which way each table edge lies (y grows down the table as drawn: north is the top).
EDGE_VECTORS: dict[str, tuple[float, float]] = {
    "north": (0.0, -1.0), "south": (0.0, 1.0), "east": (1.0, 0.0), "west": (-1.0, 0.0)}


# --------------------------------------------------------------------------- scatter


@dataclass(frozen=True, slots=True)
class ScatterRule:
    """How a template scatters: a distance die read through `scheme` (each face a distance
    in inches) and a direction die whose faces point evenly round the clock, face 1 along
    `zero_bearing`, the next ones clockwise. The app's own direction die has one face per
    2° (`APP_DIRECTION_DIE`); a physical d6 scatter die is `D6` with face 1 up the table."""

    scheme: DistanceScheme
    direction: Die = APP_DIRECTION_DIE
    zero_bearing: float = 0.0

    @property
    def distance_die(self) -> Die:
        return Die(self.scheme.die_sides)

    def bearing(self, face: int) -> float:
        return (self.zero_bearing + (face - 1) * 360.0 / self.direction.sides) % 360.0

    @property
    def label(self) -> str:
        return f"{self.scheme.label}, direction {self.direction.name}"


def scatter_d6(accuracy: int, direction: Die = APP_DIRECTION_DIE) -> ScatterRule:
    """d6 − accuracy inches (0 or less: no scatter) with a direction die (02 §4.7)."""
    zero = DIE_ZERO_BEARING if direction == D6 else 0.0
    return ScatterRule(d6_minus_accuracy(accuracy), direction, zero)


def scatter_d20(inches_per_step: float = 1.0, direction: Die = APP_DIRECTION_DIE
                ) -> ScatterRule:
    """The d20 face is the distance in steps (03 §4.9)."""
    zero = DIE_ZERO_BEARING if direction == D6 else 0.0
    return ScatterRule(d20_steps(inches_per_step), direction, zero)


@dataclass(frozen=True, slots=True)
class Scattered:
    """A scatter rolled inside an action: its Step (dice and outcome, for the log and the
    steps panel), how far and which way, where the template landed and who is under it."""

    step: Step
    distance: float
    bearing: float
    landing: tuple[float, float]
    template: TemplateResult

    @property
    def rolls(self) -> tuple[RollRecord, ...]:
        return self.step.rolls


@dataclass(frozen=True, slots=True)
class Landing:
    """One distinct result of a scatter for the odds: who is under the template (ids, in
    the order of the units given) and under its hole, with its exact probability."""

    under: tuple[str, ...]
    hole: str | None
    probability: Fraction


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True, slots=True)
class GroupMove:
    """A straight move worked out for some units: the MoveUnit effects (none when nobody
    moves), how far they went of the distance asked, what stopped them and a note for the
    steps panel ('stopped 1.2" short: house-1')."""

    effects: tuple[MoveUnit, ...]
    units: tuple[str, ...]
    requested: float
    distance: float
    direction: tuple[float, float]
    blocked_by: str | None = None
    blocked_unit: str | None = None
    note: str = ""
    ignored: tuple[str, ...] = field(default=())
    #: Units whose base ends wholly or partly off the table (moves with leave_table).
    off_table: tuple[str, ...] = ()

    @property
    def blocked(self) -> bool:
        return self.blocked_by is not None


#: What stops a straight move, by the terrain's movement class for the moving unit.
DEFAULT_STOP_AT = ("impassable",)
TABLE_EDGE = "the table edge"


class BoardOps:
    """The table of a game, for rules to ask while they resolve. Read-only: every answer
    is data, steps or effects; nothing is applied here."""

    def __init__(self, game: Game) -> None:
        self.game = game

    @property
    def scenario(self):
        return self.game.scenario

    # --- who ------------------------------------------------------------------------------

    def _name(self, ident: str) -> str:
        """A unit's or group's name for a note (the group's Russian one too), not its id."""
        from engine.protocol.context import group_name

        group = next((g for g in self.scenario.groups if g.id == ident), None)
        if group is not None:
            return group_name(group)
        unit = next((u for u in self.scenario.units if u.id == ident), None)
        return unit.label if unit is not None else ident

    def units_of(self, ident: str) -> list[Unit]:
        """A unit on the table, or a group's units on the table (its leaders included)."""
        if any(g.id == ident for g in self.scenario.groups):
            units = self.game.group_units(ident, leaders=True)
            if not units:
                raise ModelError(f"group {ident!r}: none of its units is on the table")
            return units
        if not self.game.on_table(ident):
            raise ModelError(f"{ident!r}: no unit on the table or group with this id")
        return [self.game.unit(ident)]

    # --- templates ------------------------------------------------------------------------

    def lay_template(self, shape: str, x: float, y: float, *,
                     toward: tuple[float, float] | None = None,
                     shooter: str | None = None) -> TemplateResult:
        """Who is under a template laid at (x, y) (a flamer from `shooter` toward a point)."""
        return template_query(self.scenario, shape, x, y, toward=toward, shooter=shooter)

    def scatter(self, shape: str, aim: tuple[float, float], rule: ScatterRule,
                dice: DiceSource, *, bearing: float | None = None,
                step_id: str = "scatter", label: str = "Scatter") -> Scattered:
        """Scatter a blast template aimed at `aim` with the action's dice: the distance die,
        then the direction die (unless `bearing` was measured at the table and typed in,
        in degrees). A zero distance rolls no direction: the template stays where it is."""
        if shape == "flamer":
            raise MeasureError(msg("shape: a flamer does not scatter"))
        dist = draw(dice, rule.distance_die, 1, label=f"{label.lower()} distance")
        distance = float(rule.scheme.distances[dist.faces[0] - 1])
        rolls: tuple[RollRecord, ...] = (dist,)
        if bearing is not None:
            if isinstance(bearing, bool) or not isinstance(bearing, int | float) \
                    or not math.isfinite(bearing):
                raise MeasureError(msg("bearing: expected degrees, got {got}",
                                       got=repr(bearing)))
            heading = float(bearing) % 360.0
        elif distance == 0:
            heading = 0.0
        else:
            way = draw(dice, rule.direction, 1, label=f"{label.lower()} direction")
            rolls += (way,)
            heading = rule.bearing(way.faces[0])
        x, y = aim
        landed = template_query(self.scenario, shape, x, y, scatter=(distance, heading))
        if distance:
            outcome = msg('{distance}" at {heading}° to ({x}, {y})', distance=f"{distance:g}",
                          heading=f"{heading:g}", x=f"{landed.centre[0]:.2f}",
                          y=f"{landed.centre[1]:.2f}")
        else:
            outcome = msg("no scatter")
        names = {u.id: u.label for u in self.scenario.units}   # names, not ids
        under = ", ".join(names.get(i, i) for i, _ in landed.under) or msg("nobody")
        note = msg("{scheme}; under it: {under}; hole: {hole}", scheme=rule.scheme.label,
                   under=under, hole=names.get(landed.hole, landed.hole)) if landed.hole else \
            msg("{scheme}; under it: {under}", scheme=rule.scheme.label, under=under)
        step = Step(step_id, label, rolls, outcome=outcome, note=note)
        return Scattered(step, distance, heading, landed.centre, landed)

    def landing_hits(self, shape: str, aim: tuple[float, float], rule: ScatterRule,
                     units: Sequence[Unit] | None = None) -> LandingHits:
        """Who is under the template at every landing the rule's dice can give."""
        us = list(self.scenario.units if units is None else units)
        return landing_hits(shape, aim, rule.scheme, [u.polygon() for u in us],
                            [u.id for u in us], rule.direction.sides, rule.zero_bearing)

    def landings(self, shape: str, aim: tuple[float, float], rule: ScatterRule,
                 units: Sequence[Unit] | None = None) -> list[Landing]:
        """The distinct results of the scatter (who is under it, who under the hole) with
        exact probabilities: each distance face weighs 1/sides, spread evenly over the
        direction die's faces (a zero distance is one landing). Kept for the same set-up
        (`_LANDINGS`): the odds panel prices it again whenever an option changes."""
        us = list(self.scenario.units if units is None else units)
        ids = tuple(u.id for u in us)
        key = (shape, float(aim[0]), float(aim[1]), rule, ids,
               tuple(u.placement() for u in us))
        with _LANDINGS_LOCK:
            kept = _LANDINGS.get(key)
            if kept is not None:
                _LANDINGS.move_to_end(key)
                return list(kept)
        polys = [u.polygon() for u in us]
        got = group_landings(landing_hits(shape, aim, rule.scheme, polys, ids,
                                          rule.direction.sides, rule.zero_bearing), rule)
        with _LANDINGS_LOCK:
            _LANDINGS[key] = tuple(got)
            while len(_LANDINGS) > LANDINGS_KEPT:
                _LANDINGS.popitem(last=False)
        return got

    def chain_landings(self, shape: str, aim: tuple[float, float], rule: ScatterRule,
                       then: Callable[[Landing], LandingOdds],
                       units: Sequence[Unit] | None = None) -> icepool.Die:
        """The exact mixture over where the template lands: `then(landing)` is the rule's
        distribution once it has landed there (e.g. its casualties: a die or whole-number
        weights), weighted by the landing's probability. `then` is asked once per distinct
        landing."""
        return mix_landings(self.landings(shape, aim, rule, units), then)

    # --- moves ----------------------------------------------------------------------------

    def move_away(self, ident: str, point: tuple[float, float], distance: float, *,
                  stop_at: Iterable[str] = DEFAULT_STOP_AT,
                  leave_table: bool = False) -> GroupMove:
        """Move a unit or a whole group (in formation) DIRECTLY AWAY from `point`: along
        the line from the point through the unit's centre (a group's: its centroid)."""
        units = self.units_of(ident)
        cx, cy = _centroid(units)
        dx, dy = cx - point[0], cy - point[1]
        if math.hypot(dx, dy) < 1e-9:
            raise ModelError(f"point: {ident!r} stands on it; away from it has no direction")
        return self._move(ident, units, (dx, dy), distance, stop_at, leave_table,
                          msg("away from ({x}, {y})", x=f"{point[0]:g}", y=f"{point[1]:g}"))

    def move_toward(self, ident: str, point: tuple[float, float], distance: float, *,
                    stop_at: Iterable[str] = DEFAULT_STOP_AT) -> GroupMove:
        """Move a unit or group straight TOWARD `point`, at most until its centre (a
        group's centroid) reaches it."""
        units = self.units_of(ident)
        cx, cy = _centroid(units)
        dx, dy = point[0] - cx, point[1] - cy
        gap = math.hypot(dx, dy)
        if gap < 1e-9:
            return self._still(ident, units, distance, msg("{who}: already there", who=ident))
        return self._move(ident, units, (dx, dy), min(_distance(distance), gap), stop_at,
                          False, msg("toward ({x}, {y})", x=f"{point[0]:g}", y=f"{point[1]:g}"),
                          requested=distance)

    def move_toward_edge(self, ident: str, edge: str, distance: float, *,
                         stop_at: Iterable[str] = DEFAULT_STOP_AT,
                         leave_table: bool = False) -> GroupMove:
        """Move a unit or group straight toward a table edge (north / south / east / west;
        `side_edge` gives a side's own). Without `leave_table` the edge stops it."""
        if edge not in EDGE_VECTORS:
            raise ModelError(f"edge: expected one of {', '.join(EDGES)}, got {edge!r}")
        units = self.units_of(ident)
        return self._move(ident, units, EDGE_VECTORS[edge], distance, stop_at, leave_table,
                          msg("toward the {edge} edge", edge=edge))

    def side_edge(self, side: str) -> str:
        """The table edge a side deploys from (the table's `edges`)."""
        try:
            return self.scenario.table.edges[side]
        except KeyError:
            raise ModelError(f"table.edges: no deployment edge for side {side!r}") from None

    def distance_to_edge(self, ident: str, edge: str) -> float:
        """Inches from a unit's base (a group's nearest base) to a table edge."""
        if edge not in EDGE_VECTORS:
            raise ModelError(f"edge: expected one of {', '.join(EDGES)}, got {edge!r}")
        t = self.scenario.table
        gaps = []
        for u in self.units_of(ident):
            minx, miny, maxx, maxy = u.polygon().bounds
            gaps.append({"north": miny, "south": t.height_in - maxy, "west": minx,
                         "east": t.width_in - maxx}[edge])
        return max(0.0, float(min(gaps)))

    def _still(self, ident, units, distance, note: str) -> GroupMove:
        return GroupMove((), tuple(u.id for u in units), _distance(distance), 0.0, (0.0, 0.0),
                         note=note)

    def _move(self, ident: str, units: list[Unit], direction: tuple[float, float],
              distance: float, stop_at: Iterable[str], leave_table: bool, how: str,
              requested: float | None = None) -> GroupMove:
        d = _distance(distance)
        asked = d if requested is None else _distance(requested)
        stop = tuple(stop_at)
        index = terrain_index(self.scenario)
        moving = {u.id for u in units}
        others = [u for u in self.scenario.units if u.id not in moving]
        other_polys = [u.polygon() for u in others]
        table = None if leave_table else (self.scenario.table.width_in,
                                          self.scenario.table.height_in)
        best: StraightMove | None = None
        best_names: list[str] = []
        best_group: list[Unit] = []
        for vehicle in sorted({board_rules.is_vehicle(self.scenario, u) for u in units}):
            mask = np.zeros(len(index), dtype=bool)
            for cls in stop:
                mask |= index.movement_mask(cls, vehicle)
            pieces = [index.ids[j] for j in np.flatnonzero(mask)]
            shapes = [self.scenario.piece(p).shape() for p in pieces]
            group = [u for u in units if board_rules.is_vehicle(self.scenario, u) == vehicle]
            res = straight_move([u.polygon() for u in group], direction, d,
                                [*shapes, *other_polys], table=table)
            names = [*pieces, *(u.id for u in others)]
            if best is None or res.distance < best.distance:
                best, best_names = res, names
                best_group = group
        assert best is not None
        ux, uy = best.direction
        moved = best.distance
        effects = tuple(MoveUnit(u.id, u.x + moved * ux, u.y + moved * uy) for u in units) \
            if moved > 0 else ()
        blocked_by = blocked_unit = None
        ignored = tuple(best_names[j] for j in best.ignored)
        if best.blocker is not None:
            blocked_by = TABLE_EDGE if best.blocker == -1 else best_names[best.blocker]
            blocked_unit = best_group[best.mover].id if best.mover is not None else None
        short = asked - moved
        if blocked_by is not None:
            what = msg(TABLE_EDGE) if blocked_by == TABLE_EDGE else blocked_by \
                if blocked_by in self._piece_ids() else msg("{unit}'s base", unit=blocked_by)
            fields = dict(who=self._name(ident), moved=f"{moved:.2f}", how=how,
                          short=f"{short:.1f}",
                          what=what)
            note = msg('{who} moves {moved}" {how}: stopped {short}" short: {what} ({unit})',
                       unit=blocked_unit, **fields) if len(units) > 1 and blocked_unit else \
                msg('{who} moves {moved}" {how}: stopped {short}" short: {what}', **fields)
        else:
            note = msg('{who} moves {moved}" {how}', who=self._name(ident), moved=f"{moved:.2f}",
                       how=how)
        w, h = self.scenario.table.width_in, self.scenario.table.height_in
        off = []
        for u in units:
            minx, miny, maxx, maxy = u.polygon().bounds
            minx, maxx = minx + moved * ux, maxx + moved * ux
            miny, maxy = miny + moved * uy, maxy + moved * uy
            if minx < -1e-9 or miny < -1e-9 or maxx > w + 1e-9 or maxy > h + 1e-9:
                off.append(u.id)
        if off:
            note = msg("{move}; off the table: {units}", move=note, units=", ".join(off))
        return GroupMove(effects, tuple(u.id for u in units), asked, moved, best.direction,
                         blocked_by, blocked_unit, note, ignored, tuple(off))

    def _piece_ids(self) -> set[str]:
        return {p.id for p in self.scenario.terrain}

    # --- sight ----------------------------------------------------------------------------

    def los_between(self, a: str, b: str) -> tuple[tuple[str, ...], tuple[str, ...],
                                                    np.ndarray]:
        """Visible fractions from each unit of `a` (a unit or group) to each of `b`, in one
        vectorised pass over a x b only, kept by the game's measurement service while
        neither moves: (ids of a, ids of b, read-only matrix [i, j] = how much of b[j] a[i]
        sees)."""
        ua, ub = self.units_of(a), self.units_of(b)
        return (tuple(u.id for u in ua), tuple(u.id for u in ub),
                service_for(self.scenario).visibility(ua, ub))


def _centroid(units: Sequence[Unit]) -> tuple[float, float]:
    return (float(np.mean([u.x for u in units])), float(np.mean([u.y for u in units])))


def _distance(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not math.isfinite(value) or value < 0:
        raise ModelError(f"distance: expected inches, 0 or more, got {value!r}")
    return float(value)


#: The landings of the last few scatters worked out (`BoardOps.landings`), keyed by all
#: they are worked out from: the template, the aim, the scatter rule and every unit's id
#: and placement (base, x, y, facing: what its outline is made from, `Unit.placement`),
#: so any move, turn or change of base, and any unit put on or taken off the table, is a
#: new key. What rules do with the landings (who is a friend,
#: a unit's state, the dice) is not kept here.
_LANDINGS: OrderedDict[tuple, tuple[Landing, ...]] = OrderedDict()
_LANDINGS_LOCK = threading.Lock()
LANDINGS_KEPT = 8


def clear_landings() -> None:
    """Forget the kept landings (for timing the first odds of a scatter)."""
    with _LANDINGS_LOCK:
        _LANDINGS.clear()


def group_landings(hits: LandingHits, rule: ScatterRule) -> list[Landing]:
    """The landings of `hits` merged by who is under the template and under the hole, in
    the order each result first occurs. Each landing weighs a whole number of shares of
    sides × direction faces (a scattering face's landing one share per face giving that
    distance, the one landing of no scatter a share per direction face), summed as
    integers and divided once: the same exact Fractions as adding a Fraction per landing."""
    # whole shares below 2**53 add up exactly as floats (the scheme's faces × the
    # direction's, a few thousand at most)
    whole = rule.scheme.die_sides * rule.direction.sides
    if whole >= 2 ** 53:
        raise ValueError("scatter: too many faces to weigh exactly")
    share = _landing_shares(hits.landings.grid, rule)
    touched = np.flatnonzero(hits.under.any(axis=1))  # the units ever under it
    under = hits.under[touched]
    keys = _landing_keys(under, hits.hole)
    _, first, inverse = np.unique(keys, axis=0 if keys.ndim > 1 else None,
                                  return_index=True, return_inverse=True)
    total = np.bincount(inverse.reshape(-1), weights=share, minlength=first.size)
    order = np.argsort(first, kind="stable")
    cols = first[order]
    ids = hits.ids
    names = [ids[i] for i in touched.tolist()]
    rows = under[:, cols].T.tolist()
    holes = hits.hole[cols].tolist()
    return [Landing(tuple(compress(names, row)), ids[h] if h >= 0 else None,
                    Fraction(int(t), whole))
            for row, h, t in zip(rows, holes, total[order].tolist(), strict=True)]


@functools.lru_cache(maxsize=64)
def _landing_shares(grid: LandingGrid, rule: ScatterRule) -> np.ndarray:
    """Each landing's whole number of shares (`group_landings`): the faces of the distance
    die giving its distance, times the direction die's faces for the one landing of no
    scatter. The same for every aim of a scheme (kept, read-only)."""
    dist = grid.distance
    values, faces = np.unique(np.asarray(rule.scheme.distances, dtype=float),
                              return_counts=True)
    at = np.searchsorted(values, dist)
    if dist.size and not np.array_equal(values[np.minimum(at, values.size - 1)], dist):
        raise ValueError("landings.distance: a landing at a distance the scheme has no face for")
    share = faces[at].astype(np.int64) * np.where(dist == 0, rule.direction.sides, 1)
    share.flags.writeable = False
    return share


#: Bits of a landing's key for the units ever under the template (the rest for the hole).
_KEY_BITS = 40


def _landing_keys(under: np.ndarray, hole: np.ndarray) -> np.ndarray:
    """One row per landing that tells its result (which of the units ever under the
    template, `under`'s rows, are under it; who is under the hole) apart from every other:
    a single int64 when there are at most `_KEY_BITS` such units (one bit each — their
    powers of two summed as floats, exact below 2**53 — the hole's index + 1 above them),
    else the under-columns and the hole as a row of ints."""
    top = hole.astype(np.int64) + 1
    if under.shape[0] <= _KEY_BITS and int(top.max(initial=0)) < 2 ** (63 - _KEY_BITS):
        bits = np.ldexp(1.0, np.arange(under.shape[0])) @ under.astype(np.float64)
        return bits.astype(np.int64) | (top << _KEY_BITS)
    return np.column_stack([under.T.astype(np.int64), top])


#: What a rule gives for one landing: an icepool die, or its outcomes' whole-number
#: weights (the die's denominator is their sum), which skip building a die per landing.
LandingOdds = icepool.Die | Mapping[Hashable, int]


def mix_landings(parts: Sequence[Landing], then: Callable[[Landing], LandingOdds]
                 ) -> icepool.Die:
    """The exact mixture of `then(landing)` over `parts`, weighted by their probabilities
    (one call of `then` per landing): each landing's weights brought to one common
    denominator and added as integers, one die built at the end (an icepool mixture of
    dice merges them the same way, slower). `then` may give a die or a mapping of
    outcome to whole-number weight."""
    rows = [_weights(then(x)) for x in parts]
    dens = [x.probability.denominator * sum(w.values()) for x, w in zip(parts, rows,
                                                                     strict=True)]
    den = math.lcm(*dens)
    weights: dict = {}
    for x, w, d in zip(parts, rows, dens, strict=True):
        scale = x.probability.numerator * (den // d)
        for o, q in w.items():
            weights[o] = weights.get(o, 0) + q * scale
    return icepool.Die(weights)


def _weights(odds: LandingOdds) -> Mapping[Hashable, int]:
    """A landing's odds as whole-number weights (a plain outcome weighs 1)."""
    if type(odds) is dict and odds and all(type(q) is int and q > 0 for q in odds.values()):
        return odds
    if isinstance(odds, icepool.Die):
        return dict(odds.items())
    if isinstance(odds, Mapping):
        if not odds or any(type(q) is not int or q < 0 for q in odds.values()) \
                or not sum(odds.values()):
            raise ValueError(f"landing odds: expected whole-number weights, got {odds!r}")
        return odds
    return {odds: 1}
