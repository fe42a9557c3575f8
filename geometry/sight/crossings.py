"""Sight lines against terrain outlines in numpy: each piece's angular span seen from a
shooter's centre, and where a segment crosses a polygon's outline (geometry.los, Speed)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import shapely

from ..terrain import EdgeTable

#: Most (line, edge) rows handled in one numpy pass, to bound memory on big matrices.
_CHUNK = 1 << 21



def _clip01(a: np.ndarray) -> np.ndarray:
    """`np.clip(a, 0, 1)` by two ufuncs (np.clip's Python wrapper cost more than the work
    on the few values of one measure)."""
    return np.minimum(np.maximum(a, 0.0), 1.0)



def _wrap(a: np.ndarray) -> np.ndarray:
    """Angles folded into [-pi, pi)."""
    return (a + np.pi) % (2 * np.pi) - np.pi



@dataclass
class _Spans:
    """Per (shooter, piece): angular span around `mid`, near and far distance, flags."""

    mid: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    dmin: np.ndarray
    dmax: np.ndarray
    wrap: np.ndarray  # the shooter's centre is in or on the piece's hull: no usable span
    inside: np.ndarray  # the shooter's centre is inside the piece


    def cells(self) -> tuple[np.ndarray, ...]:
        """The fields in order, as a table of kept cells holds them (outline_rows.Cells)."""
        return tuple(getattr(self, f) for f in _SPAN_FIELDS)

    def take(self, cols: np.ndarray) -> _Spans:
        return _Spans(*(getattr(self, f)[:, cols] for f in _SPAN_FIELDS))

    def join(self, other: _Spans) -> _Spans:
        return _Spans(*(np.concatenate((getattr(self, f), getattr(other, f)), axis=1)
                        for f in _SPAN_FIELDS))



_SPAN_FIELDS = ("mid", "lo", "hi", "dmin", "dmax", "wrap", "inside")



def _spans(tab: EdgeTable, px: np.ndarray, py: np.ndarray) -> _Spans:
    """Angular spans of every piece seen from every shooter centre (S x J arrays)."""
    px, py = px[:, None], py[:, None]
    mid = np.arctan2(tab.rep[None, :, 1] - py, tab.rep[None, :, 0] - px)
    vpiece = np.repeat(np.arange(len(tab)), tab.vcount)
    dx, dy = tab.vx[None, :] - px, tab.vy[None, :] - py
    rel = _wrap(np.arctan2(dy, dx) - mid[:, vpiece])
    lo = np.minimum.reduceat(rel, tab.vstart, axis=1)
    hi = np.maximum.reduceat(rel, tab.vstart, axis=1)
    dmax = np.maximum.reduceat(np.hypot(dx, dy), tab.vstart, axis=1)
    # nearest point of each edge
    ex, ey = tab.bx - tab.ax, tab.by - tab.ay
    ll = np.maximum(ex * ex + ey * ey, 1e-300)
    u = _clip01(((px - tab.ax) * ex + (py - tab.ay) * ey) / ll)
    dist = np.hypot(tab.ax + u * ex - px, tab.ay + u * ey - py)
    dmin = np.minimum.reduceat(dist, tab.start, axis=1)
    inside = shapely.contains_xy(tab.geoms[None, :], px, py)
    dmin[inside] = 0.0
    wrap = shapely.intersects_xy(tab.hulls[None, :], px, py) | (hi - lo >= np.pi - 1e-6)
    return _Spans(mid, lo, hi, dmin, dmax, wrap, inside)



def _sight_lines(
    kk: np.ndarray, p: np.ndarray, q: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Length and direction of the sight lines p[k] -> q[k, i], one row per entry k of kk.

    Worked out once per pair among kk (a pair has a row for each piece near it).
    """
    if (kk == kk[0]).all():  # one pair: a single pair's measure, most often
        k = kk[0]
        dx, dy = q[k, :, 0] - p[k, 0], q[k, :, 1] - p[k, 1]
        n = len(kk)
        return np.repeat(np.hypot(dx, dy)[None], n, 0), np.repeat(np.arctan2(dy, dx)[None], n, 0)
    first = np.concatenate(([True], kk[1:] != kk[:-1]))
    used, row = kk[first], first.cumsum() - 1
    dx, dy = q[used, :, 0] - p[used, 0:1], q[used, :, 1] - p[used, 1:2]
    return np.hypot(dx, dy)[row], np.arctan2(dy, dx)[row]



def _sums(row: np.ndarray, weights: np.ndarray, n: int) -> np.ndarray:
    """Sum of the weights per row, as floats (np.bincount gives ints when there are none)."""
    return np.bincount(row, weights, minlength=n).astype(float, copy=False)



class _Strips(NamedTuple):
    """Polygons' rings as point strips, the part of `EdgeTable` that `_crossings` reads."""

    sx: np.ndarray
    sy: np.ndarray
    sstart: np.ndarray
    scount: np.ndarray
    sring: np.ndarray



def _outline_strips(polys: np.ndarray) -> _Strips:
    """Strips of the oriented rings of some polygons (bases), in numpy."""
    rings, owner = shapely.get_rings(shapely.orient_polygons(polys), return_index=True)
    xy, ring = shapely.get_coordinates(rings, return_index=True)
    scount = np.bincount(owner[ring], minlength=len(polys))
    return _Strips(xy[:, 0].copy(), xy[:, 1].copy(), np.cumsum(scount) - scount, scount,
                   np.concatenate((ring[1:] == ring[:-1], [False])))



def _cross(
    tab: EdgeTable, j: np.ndarray, px: np.ndarray, py: np.ndarray, qx: np.ndarray,
    qy: np.ndarray, inside0: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Cross each segment P->Q with every edge of polygon j: (crossings, share inside).

    The crossings are `_crossings`'; the share of the segment inside is the sum of -t over
    entries and +t over exits in (0, 1), plus 1 if Q ends inside.
    """
    row, tpar, enter = _crossings(tab, j, px, py, qx, qy)
    n_cross = _sums(row, np.ones(len(row)), len(j))
    net = _sums(row, np.where(enter, 1.0, -1.0), len(j))
    tsum = _sums(row, np.where(enter, -tpar, tpar), len(j))
    end_inside = _clip01(inside0 + net)
    return n_cross, _clip01(tsum + end_inside)



def _crossings(
    tab: EdgeTable | _Strips, j: np.ndarray, px: np.ndarray, py: np.ndarray, qx: np.ndarray,
    qy: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Where each segment P->Q crosses the outline of polygon j[h] strictly between its
    ends: (h, t along the segment, entering?), each segment's crossings in ring order.

    An edge counts as crossed when its ends lie on different sides of the line, a vertex on
    the line counting as the + side (the half-open rule keeps the parity right when a line
    runs through a vertex). Entering or leaving follows from the side, because the rings are
    oriented.

    Segments are grouped by the length of their polygon's strip (`EdgeTable.sx`, rounded up)
    and each group is done as a dense (segments x points) block, padded by repeating the last
    point (a zero-length edge: never crossed). Each point is sided once and an edge is crossed
    where the sides of its two ends differ; the few crossings found get their parameter t
    afterwards. Faster than one row per (segment, edge) with gathers and bincounts.
    """
    rows_out, t_out, enter_out = [], [], []
    width = _strip_widths(tab.scount[j] - 1)  # edges and ring steps
    for w in np.bincount(width).nonzero()[0]:
        rows = (width == w).nonzero()[0]
        step = max(1, _CHUNK // int(w))
        for r in (rows[i:i + step] for i in range(0, len(rows), step)):
            jr = j[r]
            vx, vy, inv = _padded_strips(tab, jr, int(w))
            x0, y0 = px[r, None], py[r, None]
            dx, dy = qx[r, None] - x0, qy[r, None] - y0
            xr, yr = vx[inv] - x0, vy[inv] - y0
            side = dx * yr - dy * xr
            plus = side >= 0
            ri, ci = (plus[:, :-1] != plus[:, 1:]).nonzero()
            edge = tab.sring[tab.sstart[jr[ri]] + ci]  # not the step from one ring to the next
            ri, ci = ri[edge], ci[edge]
            sa, sb = side[ri, ci], side[ri, ci + 1]
            axr, ayr = xr[ri, ci], yr[ri, ci]
            ex, ey = xr[ri, ci + 1] - axr, yr[ri, ci + 1] - ayr
            tpar = (axr * ey - ayr * ex) / (sb - sa)
            valid = (tpar > 0) & (tpar < 1)
            rows_out.append(r[ri[valid]])
            t_out.append(tpar[valid])
            enter_out.append((sa > sb)[valid])
    if not rows_out:
        return np.zeros(0, dtype=np.int64), np.zeros(0), np.zeros(0, dtype=bool)
    return np.concatenate(rows_out), np.concatenate(t_out), np.concatenate(enter_out)



def _strip_widths(cnt: np.ndarray) -> np.ndarray:
    """The padded block width of strips of `cnt` steps: up to 32 steps by 4s, up to 256 by
    16s, then the next power of two (+1 for the closing point). All short, the common
    case, in one step."""
    short = (cnt + 3) // 4 * 4
    if len(cnt) == 0 or cnt.max() <= 32:
        return 1 + short
    return 1 + np.where(cnt <= 32, short, np.where(
        cnt <= 256, (cnt + 15) // 16 * 16,
        1 << np.ceil(np.log2(np.maximum(cnt, 1))).astype(np.int64)))



def _padded_strips(
    tab: EdgeTable | _Strips, j: np.ndarray, w: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The strips of the distinct polygons among j as (m, w) arrays x, y, padded by repeating
    each strip's last point, and for each j its row."""
    seen = np.zeros(len(tab.scount), dtype=bool)
    seen[j] = True
    uj = seen.nonzero()[0]
    inv = (seen.cumsum() - 1)[j]
    cnt = tab.scount[uj, None]
    v = tab.sstart[uj, None] + np.minimum(np.arange(w)[None, :], cnt - 1)
    return tab.sx[v], tab.sy[v], inv



def _radius(table: EdgeTable) -> np.ndarray:
    """Each column's farthest vertex from its `rep` point."""
    if len(table) == 0:
        return np.zeros(0)
    vpiece = np.repeat(np.arange(len(table)), table.vcount)
    far = np.hypot(table.vx - table.rep[vpiece, 0], table.vy - table.rep[vpiece, 1])
    return np.maximum.reduceat(far, table.vstart)



def _spans_at(
    tab: EdgeTable, j: np.ndarray, px: np.ndarray, py: np.ndarray, radius: np.ndarray,
) -> _Spans:
    """`_spans` for chosen (centre, piece) pairs only: 1-D arrays, one entry per pair.

    The same arithmetic as `_spans`, element by element, so both give the same numbers.
    `radius`: each pair's piece's bounding radius around its `rep` point.
    """
    mid = np.arctan2(tab.rep[j, 1] - py, tab.rep[j, 0] - px)
    item, v, offs = _ragged(tab.vcount[j], tab.vstart[j])
    dx, dy = tab.vx[v] - px[item], tab.vy[v] - py[item]
    rel = _wrap(np.arctan2(dy, dx) - mid[item])
    lo = np.minimum.reduceat(rel, offs)
    hi = np.maximum.reduceat(rel, offs)
    dmax = np.maximum.reduceat(np.hypot(dx, dy), offs)
    item, e, offs = _ragged(tab.count[j], tab.start[j])
    ax, ay = tab.ax[e], tab.ay[e]
    ex, ey = tab.bx[e] - ax, tab.by[e] - ay
    ll = np.maximum(ex * ex + ey * ey, 1e-300)
    x0, y0 = px[item], py[item]
    u = _clip01(((x0 - ax) * ex + (y0 - ay) * ey) / ll)
    dmin = np.minimum.reduceat(np.hypot(ax + u * ex - x0, ay + u * ey - y0), offs)
    # in the piece or its hull: only where the centre is within the piece's bounding circle
    near = (np.hypot(tab.rep[j, 0] - px, tab.rep[j, 1] - py) <= radius + 1e-7).nonzero()[0]
    inside = np.zeros(len(j), dtype=bool)
    inside[near] = shapely.contains_xy(tab.geoms[j[near]], px[near], py[near])
    dmin[inside] = 0.0
    in_hull = np.zeros(len(j), dtype=bool)
    in_hull[near] = shapely.intersects_xy(tab.hulls[j[near]], px[near], py[near])
    wrap = in_hull | (hi - lo >= np.pi - 1e-6)
    return _Spans(mid, lo, hi, dmin, dmax, wrap, inside)



def _ragged(count: np.ndarray, start: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Flatten runs start[i]:start[i] + count[i] (all count > 0): owner, index, run offsets."""
    offs = np.cumsum(count) - count
    item = np.repeat(np.arange(len(count)), count)
    return item, np.arange(count.sum()) - np.repeat(offs - start, count), offs
