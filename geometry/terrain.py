"""Terrain pieces: a polygon (area) or a line with a thickness (wall, hedge) with a kind.

The kind gives the defaults of design.md; a piece may override any property.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

# the kinds live in terrain_kinds and a piece in terrain_piece (no numpy there, for the
# window and for a scenario that is only read); re-exported here
from geometry.terrain_kinds import KINDS, KindDefaults, Movement  # noqa: F401
from geometry.terrain_piece import TerrainPiece

# --------------------------------------------------------------------------------------------
# The index: every piece's shape prepared once, grouped the way LOS, cover and movement ask.

#: How a piece acts on a sight line. SOLID blocks unless the shooter's or the target's base
#: overlaps it (buildings, hills and any piece overridden to block); DEPTH blocks only past its
#: los_depth_in of the line (woods); NONE never blocks.
LOS_NONE, LOS_SOLID, LOS_DEPTH = 0, 1, 2


def los_effect(piece: TerrainPiece) -> int:
    """LOS_NONE / LOS_SOLID / LOS_DEPTH for a piece, after its overrides.

    A hill blocks between two units both off it, which is the building rule again (blocks
    unless a unit stands on it), so both are SOLID. `blocks_los=False` silences a hill too.
    """
    if piece.defaults.hill and piece.blocks_los is not False:
        return LOS_SOLID
    if not piece.eff_blocks_los():
        return LOS_NONE
    return LOS_SOLID if piece.eff_los_depth_in() is None else LOS_DEPTH


@dataclass(frozen=True, slots=True)
class EdgeTable:
    """Polygons as flat numpy edge arrays, so sight lines can be crossed with all of them at once.

    Rings are oriented (exteriors counter-clockwise by the shoelace sign, holes clockwise), so
    the side a line crosses an edge from tells entering from leaving. Edges of polygon j are
    `ax[start[j]:start[j] + count[j]]` etc.; vertices likewise with `vstart`/`vcount`.
    The strip `sx, sy[sstart[j]:sstart[j] + scount[j]]` is polygon j's closed rings one after
    the other, so edge i runs from strip point i to i + 1 where `sring[i]` (False where one
    ring ends and the next begins): a sight line is then sided once per point, not twice.
    """

    ax: np.ndarray
    ay: np.ndarray
    bx: np.ndarray
    by: np.ndarray
    start: np.ndarray
    count: np.ndarray
    vx: np.ndarray
    vy: np.ndarray
    vstart: np.ndarray
    vcount: np.ndarray
    geoms: np.ndarray  # the oriented polygons, prepared
    hulls: np.ndarray  # their convex hulls, prepared
    connected: np.ndarray  # one polygon (not a MultiPolygon): its angular span is gap-free
    rep: np.ndarray  # (n, 2) a point inside each hull: the reference for angular spans
    sx: np.ndarray
    sy: np.ndarray
    sstart: np.ndarray
    scount: np.ndarray
    sring: np.ndarray  # strip point i and i + 1 are the two ends of one edge

    @classmethod
    def build(cls, geoms: Sequence[BaseGeometry] | np.ndarray) -> EdgeTable:
        geoms = shapely.orient_polygons(np.asarray(geoms, dtype=object))
        ax, ay, bx, by, vx, vy, strip, sring = [], [], [], [], [], [], [], []
        count = np.zeros(len(geoms), dtype=np.int64)
        vcount = np.zeros(len(geoms), dtype=np.int64)
        scount = np.zeros(len(geoms), dtype=np.int64)
        for j, g in enumerate(geoms):
            parts = shapely.get_parts(g)  # a MultiPolygon's polygons; a Polygon itself
            for ring in shapely.get_rings(parts[shapely.get_type_id(parts) == 3]):
                xy = shapely.get_coordinates(ring)  # closed: first == last
                ax.append(xy[:-1, 0])
                ay.append(xy[:-1, 1])
                bx.append(xy[1:, 0])
                by.append(xy[1:, 1])
                vx.append(xy[:-1, 0])
                vy.append(xy[:-1, 1])
                count[j] += len(xy) - 1
                vcount[j] += len(xy) - 1
                strip.append(xy)
                sring.append(np.arange(len(xy)) < len(xy) - 1)
                scount[j] += len(xy)
        cat = (lambda parts: np.concatenate(parts) if parts else np.zeros(0))  # noqa: E731
        sxy = np.concatenate(strip) if strip else np.zeros((0, 2))
        hulls = shapely.convex_hull(geoms)
        shapely.prepare(geoms)
        shapely.prepare(hulls)
        return cls(
            cat(ax), cat(ay), cat(bx), cat(by),
            np.cumsum(count) - count, count, cat(vx), cat(vy),
            np.cumsum(vcount) - vcount, vcount, geoms, hulls,
            shapely.get_type_id(geoms) == shapely.GeometryType.POLYGON,
            shapely.get_coordinates(shapely.centroid(hulls)).reshape(-1, 2),
            sxy[:, 0].copy(), sxy[:, 1].copy(), np.cumsum(scount) - scount, scount,
            np.concatenate(sring) if sring else np.zeros(0, dtype=bool),
        )

    def __len__(self) -> int:
        return len(self.geoms)

    def concat(self, other: EdgeTable) -> EdgeTable:
        """This table followed by another (e.g. terrain then units that block)."""
        cat = np.concatenate
        return EdgeTable(
            cat((self.ax, other.ax)), cat((self.ay, other.ay)),
            cat((self.bx, other.bx)), cat((self.by, other.by)),
            cat((self.start, other.start + len(self.ax))), cat((self.count, other.count)),
            cat((self.vx, other.vx)), cat((self.vy, other.vy)),
            cat((self.vstart, other.vstart + len(self.vx))), cat((self.vcount, other.vcount)),
            cat((self.geoms, other.geoms)), cat((self.hulls, other.hulls)),
            cat((self.connected, other.connected)), cat((self.rep, other.rep)),
            cat((self.sx, other.sx)), cat((self.sy, other.sy)),
            cat((self.sstart, other.sstart + len(self.sx))), cat((self.scount, other.scount)),
            cat((self.sring, other.sring)),
        )


class TerrainIndex:
    """The table's terrain, prepared once for the many questions LOS, cover and movement ask.

    Holds every piece's shape (prepared), an STRtree over them (used where a query touches a
    few pieces out of many: which pieces a base stands on, which a handful of sight lines
    cross), the LOS pieces as an EdgeTable for the vectorised sight-line tests, and merged
    shapes per movement class, built on first use.
    """

    def __init__(self, pieces: Sequence[TerrainPiece]) -> None:
        self.pieces: tuple[TerrainPiece, ...] = tuple(pieces)
        seen: set[str] = set()
        shapes = []
        for i, p in enumerate(self.pieces):
            if not isinstance(p, TerrainPiece):
                raise ValueError(f"terrain[{i}]: expected a TerrainPiece, got {type(p).__name__}")
            if p.id in seen:
                raise ValueError(f"terrain[{i}].id: duplicate id {p.id!r}")
            seen.add(p.id)
            shapes.append(_valid_shape(p, i))
        self.ids: tuple[str, ...] = tuple(p.id for p in self.pieces)
        self.shapes = np.asarray(shapes, dtype=object).reshape(len(shapes))
        shapely.prepare(self.shapes)
        self.cover = np.array([p.eff_cover() for p in self.pieces], dtype=np.int64)
        self.is_line = np.array([p.is_line for p in self.pieces], dtype=bool)
        self.effect = np.array([los_effect(p) for p in self.pieces], dtype=np.int64)
        self.tree = shapely.STRtree(self.shapes)
        # the LOS pieces (solid or depth), in table order, with their own edge table
        self.los_pieces = np.flatnonzero(self.effect != LOS_NONE)
        self.los_solid = self.effect[self.los_pieces] == LOS_SOLID
        self.los_depth = np.array(
            [self.pieces[j].eff_los_depth_in() or np.inf for j in self.los_pieces], dtype=float
        )
        self.los_edges = EdgeTable.build(self.shapes[self.los_pieces])
        self.edges = EdgeTable.build(self.shapes)  # every piece: what sight lines cross
        # the centre lines of walls and hedges as segments (where a sight line crosses them)
        segs = [(j, a, b) for j, p in enumerate(self.pieces) if p.line is not None
                for a, b in zip(p.line[:-1], p.line[1:], strict=True)]
        self.wall_piece = np.array([j for j, _, _ in segs], dtype=np.int64)
        self.wall_segments = np.array([(*a, *b) for _, a, b in segs], dtype=float).reshape(-1, 4)
        self._unions: dict[tuple, BaseGeometry] = {}

    def __len__(self) -> int:
        return len(self.pieces)

    def index_of(self, piece_id: str) -> int:
        try:
            return self.ids.index(piece_id)
        except ValueError:
            raise KeyError(f"no terrain piece with id {piece_id!r}") from None

    def touching(self, poly: BaseGeometry) -> np.ndarray:
        """Indices of the pieces a shape overlaps or touches (sorted)."""
        return np.sort(self.tree.query(poly, predicate="intersects"))

    def overlaps(self, polys: Sequence[BaseGeometry] | np.ndarray) -> np.ndarray:
        """Boolean matrix len(polys) × len(pieces): the base's interior meets the piece's.

        This is what "the unit is inside it / on the hill / in the woods" means; a base that
        only touches a piece's outline from outside is not in it.
        """
        polys = np.asarray(polys, dtype=object).reshape(-1)
        out = np.zeros((len(polys), len(self.pieces)), dtype=bool)
        if len(self.pieces) == 0 or len(polys) == 0:
            return out
        a, b = self.tree.query(polys, predicate="intersects")
        keep = ~shapely.touches(polys[a], self.shapes[b])
        out[a[keep], b[keep]] = True
        return out

    def union_where(self, mask: np.ndarray) -> BaseGeometry:
        """The merged, prepared shape of the pieces selected by a boolean mask (cached)."""
        key = tuple(np.flatnonzero(mask).tolist())
        if key not in self._unions:
            u = shapely.union_all(self.shapes[list(key)]) if key else shapely.Polygon()
            shapely.prepare(u)
            self._unions[key] = u
        return self._unions[key]

    @cached_property
    def woods_discs(self) -> tuple[np.ndarray, np.ndarray]:
        """A disc inside each woods (LOS_DEPTH) piece: centres (n, 2), radii (n,), radius 0
        for the other pieces. A sight line that runs through the disc for more than the
        woods' depth surely goes that far through the woods (built on first use)."""
        centre = np.zeros((len(self.pieces), 2))
        radius = np.zeros(len(self.pieces))
        woods = np.flatnonzero(self.effect == LOS_DEPTH)
        if len(woods):
            ends = shapely.get_coordinates(
                shapely.maximum_inscribed_circle(self.shapes[woods])).reshape(-1, 2, 2)
            centre[woods] = ends[:, 0]
            # the radius reaches the outline: a hair less keeps the disc strictly inside
            radius[woods] = np.hypot(*(ends[:, 1] - ends[:, 0]).T) * (1 - 1e-9) - 1e-9
        return centre, np.maximum(radius, 0.0)

    def movement_mask(self, movement: str, vehicle: bool = False) -> np.ndarray:
        """Which pieces have this movement class for infantry (or vehicles)."""
        return np.array([p.eff_movement(vehicle) == movement for p in self.pieces], dtype=bool)


def _valid_shape(piece: TerrainPiece, i: int) -> BaseGeometry:
    """The piece's shape, repaired if self-intersecting; a clear error if it has no area."""
    if (piece.polygon is None) == (piece.line is None):
        raise ValueError(f"terrain[{i}]: expected exactly one of polygon or line")
    where = "line" if piece.is_line else "polygon"
    try:
        piece.defaults  # noqa: B018 - raises for an unknown kind
    except ValueError as e:
        raise ValueError(f"terrain[{i}] ({piece.id!r}): {e}") from None
    try:
        g = piece.shape()
    except Exception as e:  # shapely: too few points, bad coordinates
        raise ValueError(f"terrain[{i}].{where}: {e}") from None
    if not g.is_valid:
        g = shapely.make_valid(g)
        g = shapely.union_all(shapely.get_parts(g)[shapely.area(shapely.get_parts(g)) > 0])
    if g.is_empty or g.area <= 0:
        raise ValueError(f"terrain[{i}].{where}: the piece has no area")
    return g
