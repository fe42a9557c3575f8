"""Real camera photos of printed markers (OpenCV's tutorial photos in tests/data/photos),
each measured with its layout through engine.photo as a player's photo is, and checked
three ways: the fit at the markers (what the import reports), each marker's corners
predicted from the other markers alone (leave one out), and — on the ChArUco boards — the
chessboard's inner corners, which the fit never sees, against where the board puts them.

`python -m bench.photo_real --table` prints the table in docs/photo.md.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import cv2
import numpy as np

from engine.photo.calibrate import calibrate, decode_image, detect_markers, fit
from engine.photo.header import read_image_file
from engine.photo.layouts import UNITS, load_layout
from engine.photo.markers import MarkerLayout, aruco_dictionary

PHOTOS = Path(__file__).resolve().parent.parent / "tests" / "data" / "photos"
#: (photo, layout: a known board's name or a file beside the photos, what it shows)
CASES = (
    ("choriginal.jpg", "opencv-charuco-5x7", "ChArUco 5×7 on A4, tilted"),
    ("chocclusion_original.jpg", "opencv-charuco-5x7", "the same, part covered by a hand"),
    ("gboriginal.jpg", "opencv-grid-5x7", "grid board 5×7 on A4, webcam, oblique"),
    ("singlemarkersoriginal.jpg", "singlemarkers.json", "six markers on a Letter sheet"),
)


@dataclass(frozen=True)
class Row:
    """One photo's figures, inches."""

    photo: str
    layout: str
    shows: str
    size: tuple[int, int]
    markers: int
    model: str
    rms_in: float
    max_in: float
    held_out_in: float
    chess_in: float | None
    chess_n: int


def layout_of(spec: str) -> MarkerLayout:
    """The layout a case names (a table's size matters only for the sheet)."""
    return load_layout(str(PHOTOS / spec) if spec.endswith(".json") else spec, 72.0, 48.0)


def held_out(found: dict[int, np.ndarray], layout: MarkerLayout, size) -> float:
    """RMS (inches) of each marker's corners as the fit to all the other markers puts
    them on the table."""
    errs = []
    for i in found:
        others = {k: v for k, v in found.items() if k != i}
        cal = fit(others, layout, size)
        errs.append(np.linalg.norm(cal.to_table(found[i]) - np.array(layout.corners(i)), axis=1))
    return float(np.sqrt(np.mean(np.concatenate(errs) ** 2)))


def chessboard(image: np.ndarray, spec: str, cal) -> tuple[float | None, int]:
    """RMS (inches) of a ChArUco board's inner chessboard corners, found by OpenCV's
    ChArUco detector and put on the table by the fit, from where the board has them."""
    if spec.endswith(".json"):
        return None, 0
    d = json.loads(resources.files("resources").joinpath("photo", "boards", f"{spec}.json")
                   .read_text("utf-8"))
    if "charuco" not in d:
        return None, 0
    c, scale = d["charuco"], UNITS[d.get("unit", "in")]
    board = cv2.aruco.CharucoBoard((c["columns"], c["rows"]), c["square"] * scale,
                                   c["marker"] * scale, aruco_dictionary(d["dictionary"]))
    corners, ids, _mc, _mi = cv2.aruco.CharucoDetector(board).detectBoard(
        cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    if ids is None:
        return None, 0
    truth = board.getChessboardCorners()[ids.ravel()][:, :2]
    err = np.linalg.norm(cal.to_table(corners.reshape(-1, 2)) - truth, axis=1)
    return float(np.sqrt(np.mean(err ** 2))), len(err)


def measure(photo: str, spec: str, shows: str = "") -> Row:
    """One case measured as the import measures it, and checked."""
    image = decode_image(read_image_file(PHOTOS / photo))
    layout = layout_of(spec)
    cal = calibrate(image, layout)
    found, _twice = detect_markers(image, layout.dictionary)
    found = {i: found[i] for i in cal.markers}
    h, w = image.shape[:2]
    chess, n = chessboard(image, spec, cal)
    return Row(photo, spec, shows, (w, h), len(cal.markers), cal.model, cal.rms_in,
               cal.max_in, held_out(found, layout, (w, h)), chess, n)


def table(rows: list[Row]) -> str:
    out = ["| photo | shows | size | layout | markers | model | fit at markers (RMS) | "
           "worst corner | held-out markers (RMS) | chessboard corners (RMS) |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        chess = "—" if r.chess_in is None else f"{r.chess_in:.3f}\" ({r.chess_n})"
        out.append(f"| {r.photo} | {r.shows} | {r.size[0]}×{r.size[1]} | {r.layout} | "
                   f"{r.markers} | {r.model} | {r.rms_in:.3f}\" | {r.max_in:.3f}\" | "
                   f"{r.held_out_in:.3f}\" | {chess} |")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    rows = [measure(*case) for case in CASES]
    if "--table" in argv:
        print(table(rows))
    else:
        for r in rows:
            print(r)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
