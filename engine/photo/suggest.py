"""What a straightened photo of the table suggests: terrain outlines and base positions, each
matched to the scenario — suggestions for the player to accept, move or dismiss, never
changes made on their own.

The bare table's colour is the photo's median (the mat covers most of a table); whatever
differs from it (in chroma, or strongly in lightness, so uneven light is not taken for
terrain) is something on the table. Each separate patch is then:

- a **base** when its area and shape match one of the bases the scenario's units stand on
  (round: area and roundness; rectangular: its tightest rectangle's sides) — its centre is
  the patch's centroid, a rectangle's facing its long side's direction;
- several **round bases in contact** when its area is a whole number of one base size: their
  centres are the peaks of the patch's distance to its edge;
- **terrain** when it is larger than any base: its outline simplified to a polygon, of the
  scenario's kind whose pieces look most alike in the photo (else the scenario's commonest);
- nothing (a shadow, a die, a marker) otherwise.

Bases are matched to units by side colour, then nearest position: their colours are grouped
into as many clusters as the table has sides, each cluster given the side whose units lie
nearest, and each base the nearest unit of its side on the same kind of base. The markers'
sheet pieces are left out.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from engine.photo.markers import MARGIN_IN, MarkerLayout
from engine.scenario import Scenario, Unit

__all__ = ["BaseSuggestion", "TerrainSuggestion", "Suggestions", "suggest", "moved_units",
           "CHROMA_DIFF", "LIGHT_DIFF"]

#: How far from the bare table's colour a pixel must be to be something on it (CIELAB units:
#: chroma a*, b*; lightness L*, looser so light falling off across the table is not a patch).
CHROMA_DIFF = 14.0
LIGHT_DIFF = 40.0
#: Size tolerance of a base match (area ratio).
AREA_TOLERANCE = 0.3
#: The farthest a unit is matched to a base, inches (beyond: a base of no unit here).
MAX_MATCH_IN = 12.0
#: Smallest terrain patch suggested, square inches.
MIN_TERRAIN_IN2 = 6.0


@dataclass(frozen=True, slots=True)
class BaseSuggestion:
    """A base found on the table: its centre and facing (inches, degrees), the base kind it
    matched ((shape, width_mm, depth_mm)), its colour (BGR) and the unit it was matched to
    (None: no unit of its side and kind left) with how far that unit is from it now."""

    x: float
    y: float
    facing: float | None
    base: tuple[str, float, float]
    colour: tuple[int, int, int]
    side: str | None = None
    unit: str | None = None
    distance_in: float | None = None


@dataclass(frozen=True, slots=True)
class TerrainSuggestion:
    """A terrain outline found on the table (inches) and the kind suggested for it."""

    polygon: list[tuple[float, float]]
    kind: str
    area_in2: float


@dataclass(frozen=True, slots=True)
class Suggestions:
    bases: list[BaseSuggestion] = field(default_factory=list)
    terrain: list[TerrainSuggestion] = field(default_factory=list)


def _foreground(image: np.ndarray, ppi: float, layout: MarkerLayout | None
                ) -> tuple[np.ndarray, np.ndarray]:
    """The bare table's colour (BGR) and the mask of what differs from it (uint8 0 / 255)."""
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB).astype(np.float32)
    keep = np.ones(image.shape[:2], bool)
    if layout is not None:
        for x, y in layout.markers.values():
            m, s = MARGIN_IN + 0.15, layout.marker_in
            keep[max(0, round((y - m) * ppi)):round((y + s + m) * ppi),
                 max(0, round((x - m) * ppi)):round((x + s + m) * ppi)] = False
    bare = np.median(lab[keep].reshape(-1, 3)[::7], axis=0)
    bare_bgr = np.median(image[keep].reshape(-1, 3)[::7], axis=0).astype(np.float32)
    d = lab - bare
    far = np.maximum(np.hypot(d[..., 1], d[..., 2]) / CHROMA_DIFF,
                     np.abs(d[..., 0]) / LIGHT_DIFF)
    far[~keep] = 0
    mask = (far > 1).astype(np.uint8) * 255
    k = max(1, round(ppi * 0.06))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    return bare_bgr, cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel)


def _coverage(crop: np.ndarray, bare: np.ndarray, comp: np.ndarray) -> np.ndarray:
    """How much of each pixel the object covers (0 … 1): its colour's share of the way from
    the table's to the object's own, as blur and the lens mix them — so the area and the
    centre do not grow or shift with blur (the patch's box, float32)."""
    grown = cv2.dilate(comp, np.ones((7, 7), np.uint8)) > 0
    inner = cv2.erode(comp, np.ones((3, 3), np.uint8)) > 0
    pix = crop.astype(np.float32)
    core = np.median(pix[inner if inner.any() else comp > 0], axis=0)
    v = core - bare
    n2 = float(v @ v)
    if n2 < 1.0:
        return (comp > 0).astype(np.float32)
    alpha = np.clip(((pix - bare) @ v) / n2, 0.0, 1.0)
    alpha[~grown] = 0
    return alpha.astype(np.float32)


def _kinds_of_bases(units: list[Unit]) -> list[tuple[str, float, float]]:
    kinds = {(u.base.shape, u.base.width_mm, u.base.depth_mm) for u in units}
    return sorted(kinds, key=lambda k: k[1] * k[2])


def _base_area_in2(kind: tuple[str, float, float]) -> float:
    shape, w, d = kind
    w, d = w / 25.4, d / 25.4
    return math.pi * w * d / 4 if shape in ("round", "oval") else w * d


def _as_base(comp: np.ndarray, alpha: np.ndarray, ppi: float,
             kinds: list[tuple[str, float, float]], origin: tuple[int, int]
             ) -> list[tuple[float, float, float | None, tuple]]:
    """The bases a patch is ((x, y, facing, kind) in inches), or [] if none: `comp` its
    mask, `alpha` its coverage."""
    ox, oy = origin
    area_in2 = float(alpha.sum()) / (ppi * ppi)
    contours, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return []
    c = max(contours, key=cv2.contourArea)
    m = cv2.moments(alpha)
    if m["m00"] == 0:
        return []
    cx, cy = (m["m10"] / m["m00"] + ox + 0.5) / ppi, (m["m01"] / m["m00"] + oy + 0.5) / ppi
    perimeter = cv2.arcLength(c, True) / ppi
    roundness = 4 * math.pi * area_in2 / (perimeter * perimeter) if perimeter else 0
    (_rx, _ry), (rw, rh), angle = cv2.minAreaRect(c)
    fits = []
    for kind in kinds:
        want = _base_area_in2(kind)
        if abs(area_in2 / want - 1) > AREA_TOLERANCE:
            continue
        shape, w, d = kind
        sides = sorted((rw / ppi, rh / ppi))
        if shape == "round" and roundness > 0.8:
            fits.append((abs(math.log(area_in2 / want)), (cx, cy, None, kind)))
        elif shape == "rect" and roundness < 0.85 and \
                abs(sides[0] / (min(w, d) / 25.4) - 1) < 0.15 and \
                abs(sides[1] / (max(w, d) / 25.4) - 1) < 0.15:
            fits.append((abs(math.log(area_in2 / want)),
                         (cx, cy, _facing(rw, rh, angle, w, d), kind)))
    if fits:
        return [min(fits, key=lambda f: f[0])[1]]
    return _touching_rounds(comp, area_in2, ppi, kinds, origin)


def _facing(rw: float, rh: float, angle: float, w_mm: float, d_mm: float) -> float:
    """A rectangle's facing (degrees, the depth's direction; 180° either way)."""
    along_w = angle if rw >= rh else angle + 90.0  # direction of the rectangle's long side
    long_is_depth = d_mm >= w_mm
    return (along_w if long_is_depth else along_w + 90.0) % 180.0


def _touching_rounds(comp, area_in2, ppi, kinds, origin):
    """Round bases of one size in contact, from the peaks of the distance to the edge (the
    size whose whole multiple the patch's area is nearest)."""
    counts = []
    for kind in kinds:
        if kind[0] == "round":
            n = area_in2 / _base_area_in2(kind)
            k = round(n)
            if 2 <= k <= 12 and abs(n - k) <= 0.35:
                counts.append((abs(n - k) / k, k, kind))
    for _score, k, kind in sorted(counts, key=lambda c: c[0]):
        peaks = _peaks(comp, k, kind[1] / 25.4 / 2 * ppi, ppi, origin)
        if len(peaks) == k:
            return [(x, y, None, kind) for x, y in peaks]
    return []


def _peaks(comp, k: int, r_px: float, ppi: float, origin) -> list[tuple[float, float]]:
    """Up to `k` centres of round bases of radius `r_px` in a patch (inches)."""
    ox, oy = origin
    dist = cv2.distanceTransform(comp, cv2.DIST_L2, 5)
    work = dist.copy()
    peaks = []
    for _ in range(k):
        _mn, mx, _mnl, (px, py) = cv2.minMaxLoc(work)
        if not 0.85 * r_px <= mx <= 1.15 * r_px:   # a base of this size, not another
            break
        y0, y1 = max(0, py - 2), py + 3
        x0, x1 = max(0, px - 2), px + 3
        win = dist[y0:y1, x0:x1]
        wy, wx = np.mgrid[y0:y1, x0:x1]
        wsum = float(win.sum())
        peaks.append(((float((wx * win).sum()) / wsum + ox + 0.5) / ppi,
                      (float((wy * win).sum()) / wsum + oy + 0.5) / ppi))
        cv2.circle(work, (px, py), round(1.6 * r_px), 0, -1)
    return peaks


def _terrain(comp: np.ndarray, ppi: float, origin: tuple[int, int]
             ) -> list[tuple[float, float]] | None:
    ox, oy = origin
    contours, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    c = max(contours, key=cv2.contourArea)
    poly = cv2.approxPolyDP(c, 0.25 * ppi, True).reshape(-1, 2)
    if len(poly) < 3:
        return None
    return [(round((x + ox + 0.5) / ppi, 2), round((y + oy + 0.5) / ppi, 2)) for x, y in poly]


def suggest(image: np.ndarray, ppi: float, scenario: Scenario,
            layout: MarkerLayout | None = None) -> Suggestions:
    """Terrain outlines and bases seen on a straightened photo (`ppi` pixels per inch, the
    table's top-left at pixel 0), matched to the scenario (see the module's doc)."""
    bare, mask = _foreground(image, ppi, layout)
    kinds = _kinds_of_bases(scenario.units)
    largest = max((_base_area_in2(k) for k in kinds), default=1.0)
    n, labels, stats, _centroids = cv2.connectedComponentsWithStats(mask, connectivity=8)
    found: list[tuple] = []
    outlines: list[list[tuple[float, float]]] = []
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        area_in2 = area / (ppi * ppi)
        if area_in2 < 0.3 * min((_base_area_in2(k) for k in kinds), default=0.2):
            continue
        pad = 3
        y0, x0 = max(0, y - pad), max(0, x - pad)
        y1, x1 = min(mask.shape[0], y + h + pad), min(mask.shape[1], x + w + pad)
        comp = (labels[y0:y1, x0:x1] == i).astype(np.uint8) * 255
        alpha = _coverage(image[y0:y1, x0:x1], bare, comp)
        comp = cv2.copyMakeBorder((alpha > 0.5).astype(np.uint8) * 255, 1, 1, 1, 1,
                                  cv2.BORDER_CONSTANT, value=0)
        alpha = cv2.copyMakeBorder(alpha, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
        origin = (x0 - 1, y0 - 1)
        bases = _as_base(comp, alpha, ppi, kinds, origin) if kinds else []
        if bases:
            for bx, by, facing, kind in bases:
                colour = _colour(image, bx, by, kind, ppi)
                found.append((bx, by, facing, kind, colour))
        elif area_in2 > max(MIN_TERRAIN_IN2, 2.5 * largest):
            poly = _terrain(comp, ppi, origin)
            if poly is not None:
                outlines.append(poly)
    terrain = [TerrainSuggestion(p, _kind_for(p, image, ppi, scenario), _area(p))
               for p in outlines if not _on_the_board(p, scenario)]
    return Suggestions(_match(found, scenario), terrain)


def _on_the_board(poly, scenario: Scenario) -> bool:
    """The outline's centre lies in a terrain piece the scenario already has."""
    m = cv2.moments(np.asarray(poly, np.float32))
    if m["m00"] == 0:
        return False
    c = (m["m10"] / m["m00"], m["m01"] / m["m00"])
    return any(cv2.pointPolygonTest(np.asarray(p.polygon, np.float32), c, False) >= 0
               for p in scenario.terrain if p.polygon)


def _colour(image, x, y, kind, ppi) -> tuple[int, int, int]:
    r = max(1, round(min(kind[1], kind[2]) / 25.4 / 2 * ppi * 0.6))
    cx, cy = round(x * ppi - 0.5), round(y * ppi - 0.5)
    patch = image[max(0, cy - r):cy + r + 1, max(0, cx - r):cx + r + 1].reshape(-1, 3)
    b, g, rr = np.median(patch, axis=0)
    return int(b), int(g), int(rr)


def _area(poly) -> float:
    pts = np.asarray(poly, np.float64)
    return float(abs(cv2.contourArea(pts.astype(np.float32))))


def _kind_for(poly, image, ppi, scenario: Scenario) -> str:
    """The scenario's kind whose pieces' colour in the photo is nearest this patch's (the
    piece it lies on, if any, first); the scenario's commonest area kind otherwise."""
    areas = [p for p in scenario.terrain if p.polygon]
    if not areas:
        return "rough"
    mine = _mean_lab(image, [poly], ppi)
    best, best_d = None, math.inf
    for piece in areas:
        d = float(np.linalg.norm(_mean_lab(image, [piece.polygon], ppi) - mine))
        if d < best_d:
            best, best_d = piece.kind, d
    return best or max({p.kind for p in areas}, key=[p.kind for p in areas].count)


def _mean_lab(image, polys, ppi) -> np.ndarray:
    mask = np.zeros(image.shape[:2], np.uint8)
    for poly in polys:
        pts = np.round(np.asarray(poly) * ppi - 0.5).astype(np.int32)
        cv2.fillPoly(mask, [pts], 255)
    if not mask.any():
        return np.zeros(3)
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)
    return np.array(cv2.mean(lab, mask)[:3])


def _match(found: list[tuple], scenario: Scenario) -> list[BaseSuggestion]:
    """Bases given sides by colour cluster and units by nearest position (greedy, the
    nearest pairs first)."""
    units = list(scenario.units)
    sides = sorted({u.side for u in units})
    if not found:
        return []
    side_of = _sides_by_colour(found, units, sides)
    pairs = []
    for bi, (bx, by, _f, kind, _c) in enumerate(found):
        for u in units:
            if u.side == side_of[bi] and (u.base.shape, u.base.width_mm, u.base.depth_mm) == kind:
                pairs.append((math.hypot(u.x - bx, u.y - by), bi, u.id))
    pairs = sorted(p for p in pairs if p[0] <= MAX_MATCH_IN)
    taken_b, taken_u, unit_of = set(), set(), {}
    for d, bi, uid in pairs:
        if bi in taken_b or uid in taken_u:
            continue
        taken_b.add(bi)
        taken_u.add(uid)
        unit_of[bi] = (uid, d)
    out = []
    for bi, (bx, by, facing, kind, colour) in enumerate(found):
        uid, d = unit_of.get(bi, (None, None))
        out.append(BaseSuggestion(round(bx, 3), round(by, 3), facing, kind, colour,
                                  side_of[bi], uid, None if d is None else round(d, 3)))
    return out


def _sides_by_colour(found, units, sides) -> list[str | None]:
    if not sides:
        return [None] * len(found)
    if len(sides) == 1 or len(found) < len(sides):
        return [_nearest_side(b, units) for b in found]
    lab = cv2.cvtColor(np.array([[b[4] for b in found]], np.uint8), cv2.COLOR_BGR2LAB)[0]
    data = lab.astype(np.float32)
    k = len(sides)
    _c, labels, _centres = cv2.kmeans(
        data, k, None, (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 50, 0.1), 5,
        cv2.KMEANS_PP_CENTERS)
    labels = labels.ravel()
    best, best_cost = None, math.inf
    for perm in itertools.permutations(sides, k):
        cost = 0.0
        for bi, b in enumerate(found):
            side = perm[labels[bi]]
            cost += min((math.hypot(u.x - b[0], u.y - b[1]) for u in units if u.side == side),
                        default=1e6)
        if cost < best_cost:
            best, best_cost = perm, cost
    return [best[labels[bi]] for bi in range(len(found))]


def _nearest_side(b, units) -> str | None:
    u = min(units, key=lambda u: math.hypot(u.x - b[0], u.y - b[1]), default=None)
    return None if u is None else u.side


def moved_units(s: Suggestions, scenario: Scenario, threshold_in: float = 0.5
                ) -> list[BaseSuggestion]:
    """The matched bases whose unit stands more than `threshold_in` from where the photo
    shows it (re-sync after a turn: these are the moves to propose)."""
    on = {u.id for u in scenario.units}
    return [b for b in s.bases if b.unit in on and b.distance_in is not None
            and b.distance_in > threshold_in]
