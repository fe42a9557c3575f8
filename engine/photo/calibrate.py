"""A photo of the real table measured from the printed markers in it: where each photo pixel
lies on the table, in inches, and how well that fits.

The markers' corners (engine.photo.markers) are found with OpenCV's ArucoDetector on a
copy of the photo at most DETECT_SIDE pixels long (a 12-megapixel photo is searched in a
fraction of the time), then refined to a tenth of a pixel on the full photo. The table is a
plane, so photo → table is a homography; a phone's lens bends straight lines (barrel
distortion), which a homography cannot follow, so when six or more markers spread over the
photo are found, a pinhole camera with one radial term (k1, with its focal length) is
fitted to the same points as well (cv2.calibrateCamera on the one view, the principal point
at the centre, no tangential terms) and kept when it fits the markers clearly better. The
fit is then told in inches at the markers; a photo the markers cannot measure is refused
naming why. Nothing here knows Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from engine.i18n import join, msg
from engine.photo.header import ImageRefused, image_info
from engine.photo.markers import DICTIONARY, DictionarySpec, MarkerLayout, aruco_dictionary

__all__ = ["Calibration", "CalibrationRefused", "decode_image", "detect_markers",
           "calibrate", "fit", "rectify", "DETECT_SIDE", "MIN_MARKERS", "MAX_RMS_IN"]

#: The longest side of the copy the markers are searched in.
DETECT_SIDE = 2000
#: Markers of the layout a photo must show (12 corners: a plane's 8 unknowns, checked).
MIN_MARKERS = 3
#: Markers needed before the lens's bending is fitted as well.
LENS_MARKERS = 6
#: The worst fit at the markers still taken, inches RMS: beyond it the markers do not lie
#: where the layout says (one moved, a wrong sheet, a warped mat).
MAX_RMS_IN = 0.35
#: … and no more than this share of the marker's side (small boards: a wrong one is told).
MAX_RMS_MARKER = 0.12
#: Dictionaries looked for when a photo shows too few of the layout's markers, to say
#: which it has (OpenCV's common ones; each the first part of its larger namesakes).
OTHER_DICTIONARIES = ("DICT_4X4_50", "DICT_5X5_100", "DICT_6X6_250", "DICT_7X7_250",
                      "DICT_ARUCO_ORIGINAL", "DICT_APRILTAG_36h11")

Progress = Callable[[int, str], None]


class CalibrationRefused(ValueError):
    """A photo that cannot be measured; the message (a `Text`) says why."""


@dataclass(frozen=True, slots=True)
class Calibration:
    """Photo pixels ↔ table inches. `plane` maps table inches to undistorted photo pixels
    (3 × 3); `camera` and `dist` are the lens (None: a homography alone)."""

    plane: np.ndarray
    camera: np.ndarray | None
    dist: np.ndarray | None
    markers: tuple[int, ...]
    residual_in: dict[int, float]
    rms_in: float
    max_in: float
    photo_size: tuple[int, int]

    @property
    def model(self) -> str:
        return "homography" if self.camera is None else "homography+k1"

    def to_table(self, px: np.ndarray) -> np.ndarray:
        """Photo pixels (N × 2) → table inches (N × 2)."""
        pts = np.asarray(px, np.float64).reshape(-1, 1, 2)
        if self.camera is not None:
            pts = cv2.undistortPoints(pts, self.camera, self.dist, P=self.camera)
        return cv2.perspectiveTransform(pts, np.linalg.inv(self.plane)).reshape(-1, 2)

    def to_photo(self, table: np.ndarray) -> np.ndarray:
        """Table inches (N × 2) → photo pixels (N × 2), the lens's bending included."""
        pts = np.asarray(table, np.float64).reshape(-1, 1, 2)
        und = cv2.perspectiveTransform(pts, self.plane).reshape(-1, 2)
        if self.camera is None:
            return und
        k = self.camera
        x = (und[:, 0] - k[0, 2]) / k[0, 0]
        y = (und[:, 1] - k[1, 2]) / k[1, 1]
        k1, k2 = float(self.dist[0]), float(self.dist[1])
        r2 = x * x + y * y
        f = 1 + k1 * r2 + k2 * r2 * r2
        return np.stack([x * f * k[0, 0] + k[0, 2], y * f * k[1, 1] + k[1, 2]], axis=1)

    def summary(self) -> dict:
        """What the game file keeps of the fit (plain JSON)."""
        return {"markers": list(self.markers), "rms_in": round(self.rms_in, 4),
                "max_in": round(self.max_in, 4), "model": self.model,
                "photo": list(self.photo_size)}


def decode_image(data: bytes) -> np.ndarray:
    """A PNG or JPEG decoded as BGR, its size checked from its header first (ImageRefused
    naming why: never a decoder's allocation of a bomb)."""
    image_info(data)
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if img is None:
        raise ImageRefused(msg("the image cannot be decoded"))
    return img


def _detector(dictionary: DictionarySpec) -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(aruco_dictionary(dictionary), params)


def detect_markers(image: np.ndarray, dictionary: DictionarySpec = DICTIONARY
                   ) -> tuple[dict[int, np.ndarray], list[int]]:
    """The markers of `dictionary` in a photo: id → its 4 corners (photo pixels, ArUco's
    order), and the ids seen more than once (which cannot be told apart)."""
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    scale = min(1.0, DETECT_SIDE / max(gray.shape))
    small = gray if scale == 1.0 else cv2.resize(gray, None, fx=scale, fy=scale,
                                                 interpolation=cv2.INTER_AREA)
    corners, ids, _rejected = _detector(dictionary).detectMarkers(small)
    found: dict[int, np.ndarray] = {}
    twice: list[int] = []
    if ids is None:
        return found, twice
    for c, i in zip(corners, np.asarray(ids).ravel(), strict=True):
        pts = c.reshape(4, 2).astype(np.float32) / scale
        if scale != 1.0:
            side = float(np.linalg.norm(pts[0] - pts[1]))
            win = int(max(2, min(12, side / 16)))
            pts = cv2.cornerSubPix(gray, pts.reshape(-1, 1, 2), (win, win), (-1, -1),
                                   (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 30,
                                    0.01)).reshape(4, 2)
        if int(i) in found:
            twice.append(int(i))
        found[int(i)] = pts.astype(np.float64)
    return found, twice


def calibrate(image: np.ndarray, layout: MarkerLayout,
              progress: Progress | None = None) -> Calibration:
    """Measure a photo from the layout's markers in it (CalibrationRefused naming why
    not: no markers, too few, of another dictionary, seen twice, or not where the layout
    puts them)."""
    tell = progress or (lambda _p, _s: None)
    tell(10, msg("finding the markers"))
    found, twice = detect_markers(image, layout.dictionary)
    used = _markers_used(image, layout, found, twice)
    tell(40, msg("fitting the table"))
    h, w = image.shape[:2]
    return fit({i: found[i] for i in used}, layout, (w, h))


def fit(found: dict[int, np.ndarray], layout: MarkerLayout, size: tuple[int, int]
        ) -> Calibration:
    """The table fitted to markers found in a photo of `size` (width, height) pixels —
    each id → its 4 corners, all of them the layout's (CalibrationRefused when they do
    not lie where the layout puts them)."""
    used = sorted(found)
    px = np.concatenate([found[i] for i in used])
    table = np.array([c for i in used for c in layout.corners(i)], np.float64)
    w, h = size
    cal = _fit_plane(px, table, used, (w, h))
    if len(used) >= LENS_MARKERS:
        lens = _fit_lens(px, table, used, (w, h))
        if lens is not None and lens.rms_in < 0.8 * cal.rms_in:
            cal = lens
    bound = min(MAX_RMS_IN, MAX_RMS_MARKER * layout.marker_in)
    if cal.rms_in > bound:
        worst = max(cal.residual_in, key=cal.residual_in.get)
        raise CalibrationRefused(msg(
            "the markers do not fit one flat table ({rms}\" RMS, more than {bound}\"): "
            "marker {id} is {off}\" from where the layout puts it", rms=f"{cal.rms_in:.2f}",
            bound=f"{bound:.2f}", id=worst, off=f"{cal.residual_in[worst]:.2f}"))
    return cal


def _markers_used(image: np.ndarray, layout: MarkerLayout, found: dict[int, np.ndarray],
                  twice: list[int]) -> list[int]:
    """The layout's markers found in the photo, enough to fit (CalibrationRefused naming
    why not, and the photo's other dictionary when it shows one: a wrong layout)."""
    if twice:
        raise CalibrationRefused(msg("marker {id} is in the photo twice: each marker must be "
                                     "printed and laid once", id=twice[0]))
    used = sorted(i for i in found if i in layout.markers)
    if len(used) >= MIN_MARKERS:
        return used
    other = _other_dictionary(image, layout)
    if other is not None:
        raise CalibrationRefused(msg(
            "the photo's markers are of another dictionary ({n} of {other}) than the "
            "layout's ({own}): is it the right layout?", n=other[1], other=other[0],
            own=layout.dictionary_name))
    if not found:
        raise CalibrationRefused(msg("no markers found in the photo (are the printed "
                                     "markers in it, sharp and not covered?)"))
    seen = join(", ", [str(i) for i in used]) if used else msg("none")
    refusal = msg("too few markers: found {n} of the layout's ({ids}); at least {need} are "
                  "needed", n=len(used), ids=seen, need=MIN_MARKERS)
    strangers = sorted(set(found) - set(used))
    if len(strangers) >= MIN_MARKERS:
        refusal = msg("{refusal}; the photo's other markers ({ids}) are not in the layout: "
                      "is it the right layout?", refusal=refusal,
                      ids=join(", ", [str(i) for i in strangers]))
    raise CalibrationRefused(refusal)


def _other_dictionary(image: np.ndarray, layout: MarkerLayout) -> tuple[str, int] | None:
    """The predefined dictionary of which the photo shows the most markers (at least
    MIN_MARKERS), when it is not the layout's."""
    best: tuple[str, int] | None = None
    for name in OTHER_DICTIONARIES:
        if name == layout.dictionary:
            continue
        n = len(detect_markers(image, name)[0])
        if n >= MIN_MARKERS and (best is None or n > best[1]):
            best = (name, n)
    return best


def _residuals(cal_to_table: Callable[[np.ndarray], np.ndarray], px: np.ndarray,
               table: np.ndarray, used: list[int]) -> tuple[dict[int, float], float, float]:
    err = np.linalg.norm(cal_to_table(px) - table, axis=1)
    per = {i: float(np.sqrt(np.mean(err[4 * k:4 * k + 4] ** 2))) for k, i in enumerate(used)}
    return per, float(np.sqrt(np.mean(err ** 2))), float(err.max())


def _fit_plane(px, table, used, size) -> Calibration:
    plane, _ = cv2.findHomography(table, px, 0)
    if plane is None:
        raise CalibrationRefused(msg("the markers lie on a line: the table cannot be fitted"))
    probe = Calibration(plane, None, None, tuple(used), {}, 0.0, 0.0, size)
    per, rms, worst = _residuals(probe.to_table, px, table, used)
    return Calibration(plane, None, None, tuple(used), per, rms, worst, size)


def _fit_lens(px, table, used, size) -> Calibration | None:
    """The pinhole camera with k1 fitted to the markers' corners (None if it fails)."""
    w, h = size
    k = np.array([[w, 0, w / 2], [0, w, h / 2], [0, 0, 1]], np.float64)
    flags = (cv2.CALIB_USE_INTRINSIC_GUESS | cv2.CALIB_FIX_PRINCIPAL_POINT
             | cv2.CALIB_FIX_ASPECT_RATIO | cv2.CALIB_ZERO_TANGENT_DIST | cv2.CALIB_FIX_K2
             | cv2.CALIB_FIX_K3)
    obj = np.hstack([table, np.zeros((len(table), 1))]).astype(np.float32)
    try:
        _err, k, dist, rvecs, tvecs = cv2.calibrateCamera(
            [obj], [px.astype(np.float32)], (w, h), k, np.zeros(5), flags=flags)
    except cv2.error:
        return None
    r, _ = cv2.Rodrigues(rvecs[0])
    plane = k @ np.column_stack([r[:, 0], r[:, 1], tvecs[0].ravel()])
    plane = plane / plane[2, 2]
    dist = dist.ravel()
    if not np.all(np.isfinite(dist)) or abs(dist[0]) > 2:
        return None
    probe = Calibration(plane, k, dist, tuple(used), {}, 0.0, 0.0, size)
    per, rms, worst = _residuals(probe.to_table, px, table, used)
    return Calibration(plane, k, dist, tuple(used), per, rms, worst, size)


def rectify(image: np.ndarray, cal: Calibration, table_w: float, table_h: float,
            ppi: float) -> np.ndarray:
    """The photo as seen from straight above: the table at `ppi` pixels per inch, its
    top-left corner at pixel (0, 0)."""
    out_w, out_h = max(1, round(table_w * ppi)), max(1, round(table_h * ppi))
    if cal.camera is None:
        # pixel u's centre is table inch (u + 0.5) / ppi, as the picture is drawn
        to_out = np.array([[ppi, 0, -0.5], [0, ppi, -0.5], [0, 0, 1]]) @ \
            np.linalg.inv(cal.plane)
        return cv2.warpPerspective(image, to_out, (out_w, out_h), flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_CONSTANT)
    # the lens map is smooth: worked out every STEP pixels, at the centres cv2.resize's
    # linear filling assumes (grid k at pixel (k + ½)·STEP − ½), and filled in between
    step = 8
    gw, gh = -(-out_w // step), -(-out_h // step)
    ys, xs = np.mgrid[0:gh, 0:gw].astype(np.float64) * step + (step - 1) / 2
    photo = cal.to_photo(np.stack([(xs.ravel() + 0.5) / ppi, (ys.ravel() + 0.5) / ppi], 1))
    coarse = photo.reshape(gh, gw, 2).astype(np.float32)
    maps = cv2.resize(coarse, (gw * step, gh * step),
                      interpolation=cv2.INTER_LINEAR)[:out_h, :out_w]
    return cv2.remap(image, maps[..., 0], maps[..., 1], cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_CONSTANT)
