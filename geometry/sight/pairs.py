"""Line of sight from one shooter: one pair (`line_of_sight`), one shooter against many
(`visible_fractions`), every pair of a table (`visibility_matrix`) and every shooter of
one list against every target of another (`visibility_block`), over one scene."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import shapely
from shapely.geometry import Polygon

from ..outline_rows import slots_of
from ..terrain import TerrainIndex
from .checks import _EPS, _NO_POLYS, _as_polygon, _as_polygons
from .cover import _cover
from .crossings import (
    _clip01,
    _cross,
    _crossings,
    _outline_strips,
    _ragged,
    _sight_lines,
    _Spans,
    _spans,
    _sums,
    _wrap,
)
from .sampling import DEFAULT_SAMPLES
from .scene import _kept_spans, _Scene, _touch_on

#: visibility_matrix works through this many (pair, piece) cells at a time at most.
CHUNK_CELLS = 400_000



Status = Literal["clear", "partial", "blocked"]



@dataclass
class LosResult:
    """What the shooter sees of the target, and the cover the target has against it."""

    status: Status
    visible_fraction: float
    crossed: list[str]  # pieces any sight line crosses (not those the shooter stands on)
    cover: int  # 0-4
    cover_terrain: list[str]  # the pieces that give `cover`
    blocked_by: list[str] = field(default_factory=list)  # pieces that block some sight line



def line_of_sight(
    index: TerrainIndex,
    shooter: Polygon,
    target: Polygon,
    *,
    blockers: Sequence[Polygon] = (),
    samples: int = DEFAULT_SAMPLES,
) -> LosResult:
    """LOS from the shooter's base to the target's: status, visible fraction, cover."""
    shooter = _as_polygon(shooter, "shooter")
    target = _as_polygon(target, "target")
    blockers = _as_polygons(blockers, "blockers") if len(blockers) else _NO_POLYS
    polys = np.array([shooter, target], dtype=object)
    # what each base alone decides, kept per outline (outline_rows): pointer after pointer
    # measures the same bases again
    slots = slots_of(polys)
    touch, overlaps = _touch_on(index, polys, slots)
    scene = _Scene.build(index, polys, samples, blockers, overlaps, slots)
    p = scene.centres[0]
    sp_all = _kept_spans(index, slots[0], p)
    sp = sp_all.take(index.los_pieces)
    if len(blockers):
        sp = sp.join(_spans(scene.table, p[:1], p[1:]).take(np.arange(len(sp.lo[0]),
                                                                     len(scene.table))))
    frac, blocking = _fractions(scene, np.array([0]), np.array([1]), True, sp)
    fraction = float(frac[0])
    n_terrain = len(index.los_pieces)
    blocked_by = [
        index.ids[index.los_pieces[j]] if j < n_terrain else f"blockers[{j - n_terrain}]"
        for j in sorted(blocking)
    ]
    crossed, cover, cover_terrain = _cover(index, touch[0], overlaps[1],
                                           p, scene.points[1], target, sp_all)
    status: Status = "clear" if fraction >= 1.0 else "blocked" if fraction <= 0.0 else "partial"
    return LosResult(status, fraction, crossed, cover, cover_terrain, blocked_by)



def visible_fractions(
    index: TerrainIndex,
    shooter: Polygon,
    targets: Sequence[Polygon] | np.ndarray,
    *,
    blockers: Sequence[Polygon] = (),
    samples: int = DEFAULT_SAMPLES,
) -> np.ndarray:
    """Visible fraction of each target from one shooter (the threat view), in one pass."""
    shooter = _as_polygon(shooter, "shooter")
    targets = _as_polygons(targets, "targets")
    blockers = _as_polygons(blockers, "blockers") if len(blockers) else _NO_POLYS
    polys = np.concatenate(([shooter], targets)).astype(object)
    scene = _Scene.build(index, polys, samples, blockers)
    t = np.arange(1, len(polys))
    frac, _ = _fractions(scene, np.zeros(len(t), dtype=np.int64), t)
    return frac



def visibility_matrix(
    index: TerrainIndex, polys: Sequence[Polygon] | np.ndarray, *, samples: int = DEFAULT_SAMPLES
) -> np.ndarray:
    """n x n visible fractions: [i, j] is how much of unit j unit i sees (diagonal 1).

    Worked through a block of shooters at a time, each block's pairs x pieces arrays held
    to about CHUNK_CELLS elements: memory stays bounded (≈ 100 MB of work arrays besides the
    n x n answer) however many units and pieces; every pair's figure is the one a single
    call for it gives (each pair is worked out on its own)."""
    polys = _as_polygons(polys, "polys")
    n = len(polys)
    if n < 2:
        return np.ones((n, n))
    scene = _Scene.build(index, polys, samples, _NO_POLYS)
    return _block(scene, np.arange(n), np.arange(n))


def visibility_block(
    index: TerrainIndex, shooters: Sequence[Polygon] | np.ndarray,
    targets: Sequence[Polygon] | np.ndarray, *, samples: int = DEFAULT_SAMPLES,
) -> np.ndarray:
    """len(shooters) x len(targets) visible fractions: [i, j] is how much of targets[j]
    shooters[i] sees — the (shooters, targets) block of `visibility_matrix` over both
    lists, without the pairs inside either list (one company firing at another needs
    only these). A base given in both lists (the same object) sees itself whole (1)."""
    shooters = _as_polygons(shooters, "shooters")
    targets = _as_polygons(targets, "targets")
    out = np.ones((len(shooters), len(targets)))
    if len(shooters) == 0 or len(targets) == 0:
        return out
    slot: dict[int, int] = {}
    polys: list[Polygon] = []
    for p in (*shooters, *targets):
        if id(p) not in slot:
            slot[id(p)] = len(polys)
            polys.append(p)
    if len(polys) < 2:
        return out
    scene = _Scene.build(index, np.array(polys, dtype=object), samples, _NO_POLYS)
    rows = np.array([slot[id(p)] for p in shooters])
    cols = np.array([slot[id(p)] for p in targets])
    return _block(scene, rows, cols)


def _block(scene: _Scene, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """Visible fractions of scene.polys[rows] seeing scene.polys[cols] (1 where a row and a
    column are the same base), a block of shooters at a time of at most CHUNK_CELLS
    (pair, piece) cells."""
    out = np.ones((len(rows), len(cols)))
    pieces = max(len(scene.table), 1)
    step = max(1, CHUNK_CELLS // (pieces * max(len(cols) - 1, 1)))
    for first in range(0, len(rows), step):
        i, j = np.nonzero(rows[first:first + step, None] != cols[None, :])
        i += first
        frac, _ = _fractions(scene, rows[i], cols[j])
        out[i, j] = frac
    return out



def _fractions(
    scene: _Scene, s: np.ndarray, t: np.ndarray, want_blocking: bool = False,
    spans: _Spans | None = None,
) -> tuple[np.ndarray, set[int]]:
    """Visible fraction for each pair (s[k] shoots at t[k]); optionally the blocking pieces.

    `spans`, if given, are the pieces' spans seen from the one shooter of all pairs.
    """
    n_pairs, n_samples = len(s), scene.points.shape[1]
    blocked = np.zeros((n_pairs, n_samples), dtype=bool)
    blocking: set[int] = set()
    if len(scene.table) == 0 or n_pairs == 0:
        return np.ones(n_pairs), blocking
    if spans is None:
        shooters, row = np.unique(s, return_inverse=True)
        sp = _spans(scene.table, scene.centres[shooters, 0], scene.centres[shooters, 1])
    else:
        sp, row = spans, np.zeros(n_pairs, dtype=np.int64)

    p = scene.centres[s]
    kk, jj = _fan_pieces(scene, s, t, p, sp, row)
    if len(kk) == 0:
        return np.ones(n_pairs), blocking

    # candidate (pair, piece) x sample lines: cull by angle and distance
    rk = row[kk]
    q = scene.points[t]  # (pairs, N, 2)
    length, angle = _sight_lines(kk, p, q)
    rel = _wrap(angle - sp.mid[rk, jj][:, None])
    lo_c, hi_c = sp.lo[rk, jj][:, None], sp.hi[rk, jj][:, None]
    wrap_c = sp.wrap[rk, jj][:, None]
    maybe = (wrap_c | ((rel >= lo_c - 1e-9) & (rel <= hi_c + 1e-9)))
    maybe &= length > sp.dmin[rk, jj][:, None] - 1e-9
    solid_c = scene.solid[jj][:, None]
    sure = (maybe & solid_c & ~wrap_c & scene.table.connected[jj][:, None]
            & (rel > lo_c) & (rel < hi_c) & (length >= sp.dmax[rk, jj][:, None]))
    ci, li = sure.nonzero()
    blocked[kk[ci], li] = True
    if want_blocking:
        blocking.update(jj[ci].tolist())
    maybe &= ~sure & ~blocked[kk]

    # the rest: cross the lines with the pieces' edges
    ci, li = maybe.nonzero()
    if len(ci):
        k, j = kk[ci], jj[ci]
        inside0 = sp.inside[rk[ci], j]
        n_cross, frac = _cross(scene.table, j, p[k, 0], p[k, 1], q[k, li, 0], q[k, li, 1],
                               inside0)
        is_solid = scene.solid[j]
        hit = is_solid & ((n_cross > 0) | inside0)
        blocked[k[hit], li[hit]] = True
        if want_blocking:
            blocking.update(j[hit].tolist())
        d = ~is_solid
        if d.any():
            kd, ld = k[d], li[d]
            share, inside = _woods_shares(
                scene, s, t, kd, ld, j[d], p[kd, 0], p[kd, 1], q[kd, ld, 0], q[kd, ld, 1],
                frac[d] * length[ci[d], ld], inside0[d], (n_pairs, n_samples), want_blocking)
            deep = share > 1 + _EPS
            blocked |= deep
            if want_blocking:
                contributes = deep[k[d], li[d]] & (inside > _EPS)
                blocking.update(j[d][contributes].tolist())
    return 1.0 - blocked.sum(axis=1) / n_samples, blocking



def _fan_pieces(scene: _Scene, s: np.ndarray, t: np.ndarray, p: np.ndarray, sp: _Spans,
                row: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The (pair, piece) candidates of `_fractions`: the piece meets the pair's sight fan
    (p: the shooters' centres; `sp` row[k]: the spans seen from pair k's shooter) and may
    act on its lines (a solid piece either base stands in does not)."""
    tc = scene.centres[t]
    dist = np.hypot(*(tc - p).T)
    r_t = scene.reach[t]
    sine = _clip01(r_t / np.maximum(dist, 1e-300))
    half = np.where(dist > r_t, np.arcsin(sine), np.pi)
    phi = np.arctan2(tc[:, 1] - p[:, 1], tc[:, 0] - p[:, 0])
    c = _wrap(phi[:, None] - sp.mid[row])
    lo, hi = sp.lo[row], sp.hi[row]
    off = np.where((c >= lo) & (c <= hi), 0.0,
                   np.minimum(np.abs(_wrap(c - lo)), np.abs(_wrap(c - hi))))
    cand = sp.wrap[row] | (off <= half[:, None] + 1e-9)
    cand &= (dist + r_t)[:, None] > sp.dmin[row] - 1e-9
    cand &= ~(scene.solid[None, :] & (scene.on[s] | scene.on[t]))
    return cand.nonzero()


def _woods_shares(
    scene: _Scene, s: np.ndarray, t: np.ndarray, k: np.ndarray, li: np.ndarray, j: np.ndarray,
    px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray, inside: np.ndarray,
    inside0: np.ndarray, shape: tuple[int, int], lengths: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """Woods depth used by each sight line (the sum of length / depth over its woods) as a
    (pairs, samples) array, and each row's length counted (not inside the two bases) on the
    lines past the threshold if `lengths`, else only where that decides the line.

    Row h is line li[h] of pair k[h] (s[k[h]] shoots at t[k[h]]) through woods column j[h],
    `inside` the length of it inside the woods, `inside0` whether it starts inside them. The
    parts inside the bases are taken off only on the lines that go past the threshold
    without that: taking them off only lowers the sum, so the other lines stay unblocked.
    """
    share = np.zeros(shape)
    np.add.at(share, (k, li), np.maximum(inside, 0.0) / scene.depth[j])
    need = share[k, li] > 1 + _EPS
    on_s, on_t = scene.on[s[k], j], scene.on[t[k], j]
    need &= on_s | on_t
    if not need.any():
        return share, inside
    if not lengths:
        # nor the lines that stay over it whatever the bases take off: from the shooter's
        # centre a line is in its base for at most `bound`, in the target's for 2 `bound`
        most = (on_s * scene.bound[s[k]] + on_t * 2 * scene.bound[t[k]]) * (1 + 1e-9) + 1e-9
        least = np.zeros(shape)
        np.add.at(least, (k, li), np.maximum(inside - most, 0.0) / scene.depth[j])
        need &= least[k, li] <= 1 + _EPS
        if not need.any():
            return share, inside
    inside = inside.copy()
    inside[need] -= _inside_bases(scene, s[k[need]], t[k[need]], j[need], px[need], py[need],
                                  qx[need], qy[need], inside0[need])
    share = np.zeros(shape)
    np.add.at(share, (k, li), np.maximum(inside, 0.0) / scene.depth[j])
    return share, inside



def _inside_bases(
    scene: _Scene, s: np.ndarray, t: np.ndarray, j: np.ndarray, px: np.ndarray,
    py: np.ndarray, qx: np.ndarray, qy: np.ndarray, inside0: np.ndarray,
) -> np.ndarray:
    """Length of each line inside (woods j ∩ shooter's base) plus (woods j ∩ target's base).

    No polygon overlay: along the line, with W(x) and B(x) the woods' and the base's
    indicators, the part inside both is the integral of W·B, which the crossings of the
    line with each outline give directly. With F(x) the integral of W up to x (linear
    between woods crossings) and the base entered (sign +1) or left (-1) at each base
    crossing x_e: integral of W·B = B(0)·F(1) + sum_e sign_e·(F(1) - F(x_e)).
    """
    out = np.zeros(len(j))
    on_s, on_t = scene.on[s, j], scene.on[t, j]
    h = np.concatenate((on_s.nonzero()[0], on_t.nonzero()[0]))
    if len(h) == 0:
        return out
    units = np.concatenate((s[on_s], t[on_t]))
    px, py, qx, qy = px[h], py[h], qx[h], qy[h]
    wr, wt, w_in = _crossings(scene.table, j[h], px, py, qx, qy)
    bases, bu = np.unique(units, return_inverse=True)
    br, bt, b_in = _crossings(_outline_strips(scene.polys[bases]), bu, px, py, qx, qy)
    ws = np.where(w_in, 1.0, -1.0)
    f1 = inside0[h] + _sums(wr, ws * (1.0 - wt), len(h))  # F(1)
    order = np.argsort(wr, kind="stable")
    wr, wt, ws = wr[order], wt[order], ws[order]
    wcount = np.bincount(wr, minlength=len(h))
    fx = inside0[h][br] * bt  # F(x_e), then the woods crossings before x_e
    some = (wcount[br] > 0).nonzero()[0]
    if len(some):
        item, i, _ = _ragged(wcount[br[some]], (np.cumsum(wcount) - wcount)[br[some]])
        fx += _sums(some[item], ws[i] * np.maximum(bt[some[item]] - wt[i], 0.0), len(br))
    both = np.where(shapely.contains_xy(scene.polys[units], px, py), f1, 0.0)
    both += _sums(br, np.where(b_in, 1.0, -1.0) * (f1[br] - fx), len(h))
    np.add.at(out, h, _clip01(both) * np.hypot(qx - px, qy - py))
    return out
