"""Synthetic photos of a table with known truth, for the photo import's accuracy tests and its
bench line (issue 40).

`top_down` draws a table seen from straight above at a known scale: the mat, the printed
marker pieces where the layout puts them, terrain polygons and round or rectangular bases.
`photograph` then takes a phone's picture of it: a pinhole camera tilted from vertical and
turned about its axis, barrel distortion (OpenCV's k1 model), blur, noise, uneven lighting
and JPEG compression. It returns the photo and the camera, so every table point's true
place in the photo is known (`Shot.to_photo`).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from engine.photo.markers import MARGIN_IN, MarkerLayout, marker_image

#: BGR colours of the synthetic table.
MAT = (70, 112, 86)
FLOOR = (95, 105, 120)
PAPER = (245, 245, 245)


@dataclass(frozen=True)
class Piece:
    """A terrain polygon (table inches) and its colour (BGR)."""

    points: list[tuple[float, float]]
    colour: tuple[int, int, int]


@dataclass(frozen=True)
class Base:
    """A base on the table: round (w = h = diameter) or rectangular, its colour (BGR)."""

    x: float
    y: float
    w: float
    h: float
    round: bool
    colour: tuple[int, int, int]
    facing: float = 0.0


def top_down(table_w: float, table_h: float, ppi: float, layout: MarkerLayout,
             terrain: list[Piece] = (), bases: list[Base] = (), seed: int = 1) -> np.ndarray:
    """The table from straight above, `ppi` pixels per inch (pixel u covers inches
    [u, u+1) / ppi)."""
    rng = np.random.default_rng(seed)
    w, h = round(table_w * ppi), round(table_h * ppi)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = MAT
    texture = rng.normal(0, 4, (h // 4 + 1, w // 4 + 1)).astype(np.float32)
    texture = cv2.resize(texture, (w, h), interpolation=cv2.INTER_LINEAR)
    img = np.clip(img + texture[..., None], 0, 255).astype(np.uint8)
    for p in terrain:
        _stamp(img, np.array(p.points) * ppi, p.colour)
    for b in bases:
        if b.round:
            a = np.linspace(0, 2 * np.pi, 96, endpoint=False)
            pts = np.stack([b.x + b.w / 2 * np.cos(a), b.y + b.w / 2 * np.sin(a)], 1) * ppi
        else:
            pts = cv2.boxPoints(((b.x * ppi, b.y * ppi), (b.w * ppi, b.h * ppi), b.facing))
        _stamp(img, pts, b.colour)
    s = layout.marker_in
    for marker_id, (x, y) in layout.markers.items():
        x0, y0 = round((x - MARGIN_IN) * ppi), round((y - MARGIN_IN) * ppi)
        side = round((s + 2 * MARGIN_IN) * ppi)
        img[y0:y0 + side, x0:x0 + side] = PAPER
        px = round(s * ppi)
        mark = cv2.resize(marker_image(marker_id, 6 * 20), (px, px),
                          interpolation=cv2.INTER_AREA)
        xm, ym = round(x * ppi), round(y * ppi)
        img[ym:ym + px, xm:xm + px] = np.where(mark[..., None] > 127, PAPER, 20)
    return img


def _stamp(img: np.ndarray, pts: np.ndarray, colour) -> None:
    """Fill a polygon (pixel coordinates, pixel u covering [u, u+1)) with its exact
    coverage: drawn 8 times finer and averaged down (OpenCV's own filled shapes come out
    about half a pixel too large, which would bias the tests' truth)."""
    k = 8
    x0, y0 = np.floor(pts.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(pts.max(axis=0)).astype(int) + 1
    fine = np.zeros(((y1 - y0) * k, (x1 - x0) * k), np.uint8)
    local = np.round((pts - (x0, y0)) * k - 0.5).astype(np.int32)
    cv2.fillPoly(fine, [local], 255)
    alpha = cv2.resize(fine, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA)
    alpha = alpha.astype(np.float32)[..., None] / 255
    ys, xs = slice(max(0, y0), y1), slice(max(0, x0), x1)
    a = alpha[max(0, y0) - y0:, max(0, x0) - x0:][: img[ys, xs].shape[0], : img[ys, xs].shape[1]]
    img[ys, xs] = (img[ys, xs] * (1 - a) + np.array(colour, np.float32) * a).astype(np.uint8)


@dataclass(frozen=True)
class Camera:
    """How the photo is taken: tilt from vertical and turn about the lens axis (degrees),
    barrel distortion k1 (< 0), blur sigma (pixels), noise (grey levels), lighting falloff
    (0 even … 0.5 half as bright at the far side), JPEG quality, photo size (pixels)."""

    tilt: float = 0.0
    roll: float = 0.0
    k1: float = 0.0
    blur: float = 0.0
    noise: float = 0.0
    light: float = 0.0
    jpeg: int | None = None
    size: tuple[int, int] = (1600, 1200)


@dataclass(frozen=True)
class Shot:
    """A photo and the camera that took it."""

    image: np.ndarray
    k: np.ndarray
    dist: np.ndarray
    rvec: np.ndarray
    tvec: np.ndarray

    def to_photo(self, table: np.ndarray) -> np.ndarray:
        """Table inches (N × 2) → where they truly are in the photo (N × 2)."""
        obj = np.hstack([np.asarray(table, np.float64), np.zeros((len(table), 1))])
        px, _ = cv2.projectPoints(obj, self.rvec, self.tvec, self.k, self.dist)
        return px.reshape(-1, 2)


def _pose(cam: Camera, table_w: float, table_h: float, k: np.ndarray, dist: np.ndarray):
    """rvec, tvec of a camera aimed at the table's centre, far enough for the table to
    fill about nine tenths of the frame."""
    t, r = np.radians(cam.tilt), np.radians(cam.roll)
    rx = np.array([[1, 0, 0], [0, np.cos(t), -np.sin(t)], [0, np.sin(t), np.cos(t)]])
    rz = np.array([[np.cos(r), -np.sin(r), 0], [np.sin(r), np.cos(r), 0], [0, 0, 1]])
    rot = rz @ rx
    centre = np.array([table_w / 2, table_h / 2, 0.0])
    axis = rot.T @ np.array([0, 0, 1.0])
    corners = np.array([[0, 0, 0], [table_w, 0, 0], [table_w, table_h, 0], [0, table_h, 0]],
                       np.float64)
    w, h = cam.size
    dist_to = 100.0
    for _ in range(8):
        tvec = -rot @ (centre - dist_to * axis)
        px, _ = cv2.projectPoints(corners, cv2.Rodrigues(rot)[0], tvec, k, dist)
        px = px.reshape(-1, 2)
        need = max(np.abs(px[:, 0] - w / 2).max() / (0.45 * w),
                   np.abs(px[:, 1] - h / 2).max() / (0.45 * h))
        dist_to *= need
    return cv2.Rodrigues(rot)[0], -rot @ (centre - dist_to * axis)


def photograph(top: np.ndarray, ppi: float, table_w: float, table_h: float, cam: Camera,
               seed: int = 2) -> Shot:
    """A phone's photo of the top-down table `top` (see the module's doc)."""
    w, h = cam.size
    k = np.array([[0.8 * w, 0, w / 2], [0, 0.8 * w, h / 2], [0, 0, 1]], np.float64)
    dist = np.array([cam.k1, 0, 0, 0, 0], np.float64)
    rvec, tvec = _pose(cam, table_w, table_h, k, dist)
    rot = cv2.Rodrigues(rvec)[0]
    # the photo pixel → table map is smooth: worked out every STEP pixels (at the centres
    # cv2.resize's linear filling assumes) and filled in between
    step = 4
    gw, gh = -(-w // step), -(-h // step)
    ys, xs = np.mgrid[0:gh, 0:gw].astype(np.float32) * step + (step - 1) / 2
    pix = np.stack([xs.ravel(), ys.ravel()], 1).reshape(-1, 1, 2)
    norm = cv2.undistortPoints(pix, k, dist).reshape(-1, 2)
    plane = np.column_stack([rot[:, 0], rot[:, 1], tvec.ravel()])
    table = np.linalg.solve(plane, np.vstack([norm.T, np.ones(len(norm))]))
    coarse = np.stack([(table[0] / table[2]).reshape(gh, gw),
                       (table[1] / table[2]).reshape(gh, gw)], -1).astype(np.float32)
    full = cv2.resize(coarse, (gw * step, gh * step), interpolation=cv2.INTER_LINEAR)[:h, :w]
    tx, ty = full[..., 0] * ppi - 0.5, full[..., 1] * ppi - 0.5
    img = cv2.remap(top, tx.astype(np.float32), ty.astype(np.float32), cv2.INTER_LINEAR,
                    borderMode=cv2.BORDER_CONSTANT, borderValue=FLOOR)
    img = _spoil(img, cam, seed)
    return Shot(img, k, dist, rvec, tvec)


def _spoil(img: np.ndarray, cam: Camera, seed: int) -> np.ndarray:
    """Blur, uneven light, noise and JPEG compression, as a phone gives them."""
    h, w = img.shape[:2]
    out = img.astype(np.float32)
    if cam.blur > 0:
        out = cv2.GaussianBlur(out, (0, 0), cam.blur)
    if cam.light > 0:
        ramp = np.linspace(1.0, 1.0 - cam.light, w, dtype=np.float32)[None, :]
        vignette = 1 - 0.5 * cam.light * (
            ((np.arange(h, dtype=np.float32)[:, None] - h / 2) / h) ** 2 * 4)
        out *= (ramp * vignette)[..., None]
    if cam.noise > 0:
        out += np.random.default_rng(seed).normal(0, cam.noise, out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if cam.jpeg is not None:
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, cam.jpeg])
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return out


def jpeg_bytes(img: np.ndarray, quality: int = 90) -> bytes:
    return cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])[1].tobytes()


#: Small photos keep the tests fast; the far markers of a 45° photo need more pixels.
SIZE = (1280, 960)

#: The conditions of issue 40, each alone and all together (docs/photo.md has the figures).
CONDITIONS = {
    "straight down": Camera(size=SIZE),
    "tilt 30°, turned 15°": Camera(tilt=30, roll=15, size=SIZE),
    "tilt 45°, turned -30°": Camera(tilt=45, roll=-30, size=SIZE),
    "barrel k1 -0.2, tilt 30°": Camera(tilt=30, k1=-0.2, size=SIZE),
    "blur σ 1.5 px": Camera(tilt=20, blur=1.5, size=SIZE),
    "noise σ 8": Camera(tilt=20, noise=8, size=SIZE),
    "uneven light (50 % falloff)": Camera(tilt=20, light=0.5, size=SIZE),
    "JPEG quality 60": Camera(tilt=20, jpeg=60, size=SIZE),
    "all at once, 45°, 4.3 MP": Camera(tilt=45, roll=20, k1=-0.15, blur=1.2, noise=5,
                                       light=0.4, jpeg=70, size=(2400, 1800)),
}
