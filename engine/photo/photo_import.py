"""A photo of the real table made into the table picture: checked, decoded, measured from its
markers, seen from straight above at a fixed scale, and stored as a JPEG with the fit's
figures. One door for the app's dialog, the command line and the bench."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from engine.backdrop import Backdrop
from engine.i18n import msg
from engine.photo.calibrate import Calibration, Progress, calibrate, decode_image, rectify
from engine.photo.header import ImageRefused
from engine.photo.markers import MarkerLayout, default_layout

__all__ = ["PhotoImport", "import_photo", "RECTIFIED_PPI"]

#: Pixels per inch of the rectified photo: 30 gives 2160 × 1440 for a 6' × 4' table (a 28 mm
#: base is 33 pixels across) and a JPEG of about a megabyte.
RECTIFIED_PPI = 30.0


@dataclass(frozen=True)
class PhotoImport:
    """What a photo gave: the picture to lay under the board, the fit, and the rectified
    image (BGR, `ppi` pixels per inch) the suggestions are read from, with the layout
    whose markers they leave out."""

    backdrop: Backdrop
    calibration: Calibration
    rectified: np.ndarray
    ppi: float
    layout: MarkerLayout


def import_photo(data: bytes, table_w: float, table_h: float,
                 layout: MarkerLayout | None = None, *, ppi: float = RECTIFIED_PPI,
                 progress: Progress | None = None) -> PhotoImport:
    """Measure the photo `data` (PNG / JPEG bytes) of a `table_w` × `table_h` table from its
    markers (the default layout unless given): ImageRefused or CalibrationRefused say
    why not."""
    tell = progress or (lambda _p, _s: None)
    tell(0, msg("reading the photo"))
    image = decode_image(data)
    layout = layout or default_layout(table_w, table_h)
    cal = calibrate(image, layout, tell)
    tell(70, msg("straightening the photo"))
    flat = rectify(image, cal, table_w, table_h, ppi)
    tell(90, msg("storing the picture"))
    ok, jpeg = cv2.imencode(".jpg", flat, [cv2.IMWRITE_JPEG_QUALITY, 88])
    if not ok:
        raise ImageRefused(msg("the straightened photo could not be stored"))
    h, w = flat.shape[:2]
    backdrop = Backdrop(jpeg.tobytes(), "jpeg", w, h, (1 / ppi, 0.0, 0.0, 0.0, 1 / ppi, 0.0),
                        1.0, True, cal.summary())
    tell(100, msg("done"))
    return PhotoImport(backdrop, cal, flat, ppi, layout)
