"""Cover (0-4) from the sight lines' crossings: the area pieces a line crosses or the target
stands in, walls and hedges crossed near the target (rules in geometry.los)."""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import Polygon

from ..terrain import EdgeTable, TerrainIndex
from .checks import _EPS
from .crossings import _cross, _crossings, _Spans, _sums, _wrap
from .scene import _Sight

#: A wall or hedge gives cover when the sight line crosses it this close to the target.
WALL_COVER_REACH_IN = 1.0



def _cover(
    index: TerrainIndex, ignored: np.ndarray, target_on: np.ndarray,
    centre: np.ndarray, pts: np.ndarray, target: Polygon, spans: _Spans,
) -> tuple[list[str], int, list[str]]:
    """Pieces crossed, cover level and the pieces giving it (rules in the module docstring).
    `ignored`: the pieces the shooter's base overlaps or touches."""
    if len(index) == 0:
        return [], 0, []
    hits = _line_hits(index.edges, centre, pts, spans, index.is_line, ignored) & ~ignored
    crossed = hits.any(axis=0)
    gives = (crossed | target_on) & ~index.is_line & ~ignored
    li, pj = (hits & index.is_line).nonzero()
    if len(li):
        gives[_walls_near(index, li, pj, centre, pts, target)] = True
    level = int(index.cover[gives].max()) if gives.any() else 0
    giving = gives & (index.cover == level) if level > 0 else np.zeros_like(gives)
    ids = index.ids
    return ([ids[j] for j in crossed.nonzero()[0]], level,
            [ids[j] for j in giving.nonzero()[0]])



def _walls_near(
    index: TerrainIndex, li: np.ndarray, pj: np.ndarray, centre: np.ndarray, pts: np.ndarray,
    target: Polygon,
) -> np.ndarray:
    """The walls (piece indices) that sight line li[h] crosses within reach of the target.

    "Where the line crosses the wall" is where it crosses the wall's centre line; a line that
    only clips a wall's thickness near an end is placed at the nearest point of the part of
    the wall it passes through.
    """
    h, g = (pj[:, None] == index.wall_piece[None, :]).nonzero()
    ax, ay, bx, by = index.wall_segments[g].T
    qx, qy = pts[li[h], 0], pts[li[h], 1]
    dx, dy = qx - centre[0], qy - centre[1]
    ex, ey = bx - ax, by - ay
    den = dx * ey - dy * ex
    ok = np.abs(den) > 1e-15
    den = np.where(ok, den, 1.0)
    t = ((ax - centre[0]) * ey - (ay - centre[1]) * ex) / den
    u = ((ax - centre[0]) * dy - (ay - centre[1]) * dx) / den
    ok &= (t >= 0) & (t <= 1) & (u >= 0) & (u <= 1)
    xy = np.stack([centre[0] + t * dx, centre[1] + t * dy], axis=1)[ok]
    near = shapely.dwithin(shapely.points(xy), target, WALL_COVER_REACH_IN + _EPS)
    found = set(pj[h[ok][near]].tolist())
    has = np.zeros(len(li), dtype=bool)
    has[h[ok]] = True
    missed = (~has).nonzero()[0]  # clipped a wall's thickness only
    if len(missed):
        m = len(missed)
        near = _part_inside_near(index, pj[missed], np.full(m, centre[0]), np.full(m, centre[1]),
                                 pts[li[missed]], np.full(m, target, dtype=object))
        found |= set(pj[missed][near].tolist())
    return np.array(sorted(found), dtype=np.int64)



def _part_inside_near(
    index: TerrainIndex, j: np.ndarray, px: np.ndarray, py: np.ndarray, q: np.ndarray,
    targets: np.ndarray,
) -> np.ndarray:
    """Whether the part of segment P->q[h] inside piece j[h] comes within reach of a wall
    of targets[h] (the place a line that only clips a wall's thickness crosses it).

    The part inside is cut from the segment at its crossings with the piece's outline
    (`_crossings`), not by a shapely overlay per line.
    """
    n = len(j)
    qx, qy = q[:, 0], q[:, 1]
    row, tt, enter = _crossings(index.edges, j, px, py, qx, qy)
    start_in = shapely.contains_xy(index.shapes[j], px, py)
    end_in = start_in + _sums(row, np.where(enter, 1.0, -1.0), n) > 0
    # the ends of the inside parts, in order along each segment: pair them up
    r = np.concatenate((row, start_in.nonzero()[0], end_in.nonzero()[0]))
    at = np.concatenate((tt, np.zeros(start_in.sum()), np.ones(end_in.sum())))
    order = np.lexsort((at, r))
    r, at = r[order], at[order]
    rank = np.arange(len(r)) - np.searchsorted(r, r)
    a = ((rank % 2 == 0)[:-1] & (r[1:] == r[:-1])).nonzero()[0]
    near = np.zeros(n, dtype=bool)
    if len(a) == 0:
        return near
    dx, dy = qx - px, qy - py
    ends = np.stack([np.stack([px[r[a]] + at[i] * dx[r[a]], py[r[a]] + at[i] * dy[r[a]]], axis=1)
                     for i in (a, a + 1)], axis=1)
    close = shapely.dwithin(shapely.linestrings(ends), targets[r[a]], WALL_COVER_REACH_IN + _EPS)
    near[r[a][close]] = True
    return near



def _line_hits(tab: EdgeTable, p: np.ndarray, q: np.ndarray, sp: _Spans,
               every_line: np.ndarray, skip: np.ndarray) -> np.ndarray:
    """(len(q), len(tab)) booleans: segment p -> q[i] meets polygon j (touching counts).

    The angular cull of `_fractions` first (`sp`: the spans seen from p), then edge
    crossings for the undecided: every line of a piece in `every_line` (a wall: where
    each crosses it matters), of any other piece only until one line is known to meet it
    (then whether some line does is decided), and none of a piece in `skip`.
    """
    length = np.hypot(q[:, 0] - p[0], q[:, 1] - p[1])[:, None]
    rel = _wrap(np.arctan2(q[:, 1] - p[1], q[:, 0] - p[0])[:, None] - sp.mid)
    in_span = (rel >= sp.lo - 1e-9) & (rel <= sp.hi + 1e-9)
    maybe = (sp.wrap | in_span) & (length > sp.dmin - 1e-9)
    sure = maybe & ~sp.wrap & tab.connected & (rel > sp.lo) & (rel < sp.hi) & (length >= sp.dmax)
    hits = sure | (sp.inside & (length > 0))
    open_ = (every_line | ~hits.any(axis=0)) & ~skip
    li, pj = (maybe & ~hits & open_).nonzero()
    if len(li):
        n_cross, _ = _cross(tab, pj, np.full(len(li), p[0]), np.full(len(li), p[1]),
                            q[li, 0], q[li, 1], sp.inside[0, pj])
        hits[li, pj] = n_cross > 0
    return hits



def _trace_cover(
    index: TerrainIndex, sc: _Sight, s: np.ndarray, t: np.ndarray, kk: np.ndarray,
    jj: np.ndarray, line_hit: np.ndarray,
) -> np.ndarray:
    """Cover level of each pair, by the rules of `_cover`, from the candidates' line hits."""
    n_pairs, n_p = len(s), len(index)
    if n_p == 0:
        return np.zeros(n_pairs, dtype=np.int64)
    terrain = jj < n_p
    kk, jj, line_hit = kk[terrain], jj[terrain], line_hit[terrain]
    counts = ~sc.touch[s[kk], jj]  # pieces the shooter's base meets are ignored
    wall = index.is_line[jj]
    crossed = counts & ~wall & line_hit.any(axis=1)
    level = _known_cover(index, sc, s, t, kk[crossed], jj[crossed])
    # a wall counts only if it would raise the level, and only near the target
    wall &= counts & (index.cover[jj] > level[kk])
    wall[wall] = _near_target(sc, t[kk[wall]], jj[wall])
    ci, li = (line_hit & wall[:, None]).nonzero()
    if len(ci):
        k, pj = _walls_near_pairs(index, sc, s, t, kk[ci], jj[ci], li)
        np.maximum.at(level, k, index.cover[pj])
    return level



def _known_cover(
    index: TerrainIndex, sc: _Sight, s: np.ndarray, t: np.ndarray, kk: np.ndarray,
    jj: np.ndarray,
) -> np.ndarray:
    """Each pair's cover from the area pieces its target stands in (not met by the
    shooter's base) and the area pieces (pair kk[h], piece jj[h]) some line crosses."""
    n_p = len(index)
    on = sc.on[t, :n_p] & ~index.is_line & ~sc.touch[s, :n_p]
    level = np.where(on, index.cover[None, :], 0).max(axis=1, initial=0).astype(np.int64)
    np.maximum.at(level, kk, index.cover[jj])
    return level



def _near_target(sc: _Sight, tu: np.ndarray, j: np.ndarray) -> np.ndarray:
    """Whether column j[h] may come within a wall's cover reach of base tu[h] (bounding
    circles: a wall farther off can give that base no cover)."""
    gap = np.hypot(sc.table.rep[j, 0] - sc.centres[tu, 0], sc.table.rep[j, 1] - sc.centres[tu, 1])
    return gap <= sc.radius[j] + sc.bound[tu] + WALL_COVER_REACH_IN + 1e-6



def _walls_near_pairs(
    index: TerrainIndex, sc: _Sight, s: np.ndarray, t: np.ndarray, k: np.ndarray,
    pj: np.ndarray, li: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """`_walls_near` for many pairs: the (pair, wall) among sight line li[h] of pair k[h]
    crossing wall pj[h] that cross it within reach of the pair's target."""
    h, g = (pj[:, None] == index.wall_piece[None, :]).nonzero()
    ax, ay, bx, by = index.wall_segments[g].T
    cx, cy = sc.centres[s[k[h]], 0], sc.centres[s[k[h]], 1]
    q = sc.points[t[k[h]], li[h]]
    dx, dy = q[:, 0] - cx, q[:, 1] - cy
    ex, ey = bx - ax, by - ay
    den = dx * ey - dy * ex
    ok = np.abs(den) > 1e-15
    den = np.where(ok, den, 1.0)
    tt = ((ax - cx) * ey - (ay - cy) * ex) / den
    uu = ((ax - cx) * dy - (ay - cy) * dx) / den
    ok &= (tt >= 0) & (tt <= 1) & (uu >= 0) & (uu <= 1)
    has = np.zeros(len(k), dtype=bool)
    has[h[ok]] = True
    xy = np.stack([cx + tt * dx, cy + tt * dy], axis=1)[ok]
    h = h[ok]
    tu = t[k[h]]
    # shapely only for the crossings that may be near: not beyond the base's bounding circle
    maybe = (np.hypot(xy[:, 0] - sc.centres[tu, 0], xy[:, 1] - sc.centres[tu, 1])
             <= sc.bound[tu] + WALL_COVER_REACH_IN + 1e-6)
    h, xy, tu = h[maybe], xy[maybe], tu[maybe]
    near = shapely.dwithin(shapely.points(xy), sc.polys[tu], WALL_COVER_REACH_IN + _EPS)
    found_k, found_j = [k[h][near]], [pj[h][near]]
    missed = (~has).nonzero()[0]  # clipped a wall's thickness only
    if len(missed):
        m = k[missed]
        near = _part_inside_near(index, pj[missed], sc.centres[s[m], 0], sc.centres[s[m], 1],
                                 sc.points[t[m], li[missed]], sc.polys[t[m]])
        found_k.append(m[near])
        found_j.append(pj[missed][near])
    return np.concatenate(found_k), np.concatenate(found_j)
