"""Real camera photos of printed markers (issue 40): OpenCV's own tutorial photos
(tests/data/photos, see its README) calibrate through the same import as the sheet's
synthetic photos, each with its layout — a ChArUco board, a grid board of its own
dictionary, a sheet of single markers — and the residual is reported in inches; a wrong
layout is refused naming why, in the player's language.

Bounds, against the figures measured (docs/photo.md, "Real photographs"): the fit at the
markers ≤ 0.05" RMS (measured 0.013–0.026") and ≤ 0.12" at the worst corner (0.080");
each marker predicted from the others ≤ 0.05" RMS (0.018–0.028"); the ChArUco boards'
chessboard corners, which the fit does not use, ≤ 0.03" RMS (0.010–0.012")."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from bench.photo_real import CASES, PHOTOS, layout_of, measure
from engine.i18n import glossary, localized, said
from engine.photo.calibrate import CalibrationRefused, calibrate, decode_image
from engine.photo.header import read_image_file
from engine.photo.layouts import known_boards, layout_from_json, load_layout
from engine.photo.markers import LayoutError
from engine.photo.photo_import import import_photo

from .msg_scan import ROOT, scan

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def photo(name: str) -> np.ndarray:
    return decode_image(read_image_file(PHOTOS / name))


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_each_real_photo_calibrates_with_its_residual_within_the_measured_bound(case):
    row = measure(*case)
    assert row.markers >= 6
    assert row.rms_in <= 0.05 and row.max_in <= 0.12, row
    assert row.held_out_in <= 0.05, row
    if row.chess_in is not None:
        assert row.chess_n >= 12 and row.chess_in <= 0.03, row


def test_the_import_lays_a_real_photo_and_keeps_its_residual():
    data = read_image_file(PHOTOS / "choriginal.jpg")
    result = import_photo(data, 12.0, 12.0, load_layout("opencv-charuco-5x7", 12, 12))
    kept = result.backdrop.calibration
    assert kept["markers"] == list(range(17)) and 0 < kept["rms_in"] <= 0.05
    # the board's squares, 33.9 mm, come out at true scale on the straightened photo: the
    # top-left one is black, the next white (its marker in the middle: its rim is read)
    flat, ppi = result.rectified, result.ppi
    sq = 33.9 / 25.4

    def rim(col: int, row: int) -> float:
        x0, y0 = col * sq, row * sq
        a, b = round((x0 + 0.06 * sq) * ppi), round((x0 + 0.2 * sq) * ppi)
        c, d = round((y0 + 0.06 * sq) * ppi), round((y0 + 0.94 * sq) * ppi)
        return float(flat[c:d, a:b].mean())

    assert rim(0, 0) < 100 < 160 < rim(1, 0) and rim(1, 1) < 100 < 160 < rim(0, 1)
    assert rim(4, 6) < 100 < 160 < rim(3, 6)         # the far corner too


def _transposed() -> dict:
    board = json.loads((ROOT / "resources" / "photo" / "boards" / "opencv-charuco-5x7.json")
                       .read_text("utf-8"))
    board["charuco"] |= {"columns": 7, "rows": 5}
    return board


@pytest.mark.parametrize("name,layout,words", [
    ("choriginal.jpg", lambda: load_layout(None, 72, 48),
     r"another dictionary \(17 of DICT_6X6_250\) than the layout's \(DICT_4X4_50\)"),
    ("singlemarkersoriginal.jpg", lambda: load_layout("opencv-charuco-5x7", 72, 48),
     r"found 0 of the layout's.*other markers \(23, 40, 62, 98, 124, 203\) are not in"),
    ("choriginal.jpg", lambda: layout_from_json(_transposed()),
     r"do not fit one flat table .* marker \d+ is"),
    ("diamondmarkers.jpg", lambda: load_layout("opencv-grid-5x7", 72, 48),
     r"marker \d+ is in the photo twice"),
    ("gboriginal.jpg", lambda: load_layout(None, 72, 48), r"no markers found"),
])
def test_a_wrong_layout_is_refused_naming_why_in_both_languages(name, layout, words):
    with pytest.raises(CalibrationRefused, match=words) as refused:
        calibrate(photo(name), layout())
    ru = localized(said(refused.value), "ru")
    assert CYRILLIC.search(ru) and ru != str(refused.value)


def test_the_single_markers_layout_is_the_printed_source():
    """singlemarkers.json is read off OpenCV's source image of the sheet (US Letter at
    200 dpi): each marker's corners, found there, are where the layout says."""
    from engine.photo.calibrate import detect_markers

    layout = layout_of("singlemarkers.json")
    found, _ = detect_markers(photo("singlemarkerssource.jpg"), layout.dictionary)
    assert sorted(found) == sorted(layout.markers)
    for i, px in found.items():
        inches = (px + 0.5) / 200            # a pixel's centre is at its index + ½
        assert np.abs(inches - np.array(layout.corners(i))).max() < 0.005, i


def test_layouts_are_checked_by_field():
    for bad, words in (
            ({"dictionary": "DICT_9X9_1", "markers": {"1": [0, 0]}}, "dictionary"),
            ({"dictionary": {"bits": 4, "markers": ["0101"]}, "markers": {"0": [0, 0]}},
             r"dictionary\.markers\.0"),
            ({"unit": "ft", "markers": {"1": [0, 0]}}, "unit"),
            ({"charuco": {"columns": 5, "rows": 7, "square": 30, "marker": 40},
              "unit": "mm"}, r"charuco\.marker"),
            ({"grid": {"columns": 50, "rows": 50, "marker": 1, "separation": 0.2}},
             "more than the dictionary's 50"),
            ({"markers": {"1": [0, 0]}, "grid": {}}, "one of markers, grid or charuco"),
            ({"markers": {"1": [[0, 0], [1, 0], [1, 1]]}}, r"markers\.1")):
        with pytest.raises(LayoutError, match=words):
            layout_from_json(bad)
    with pytest.raises(LayoutError, match="neither a layout file nor a known board"):
        load_layout("charuco-of-my-own", 72, 48)
    assert {"sheet", "opencv-charuco-5x7", "opencv-grid-5x7"} <= set(known_boards())


def test_a_layout_in_millimetres_at_a_place_on_the_table():
    lay = layout_from_json({"unit": "mm", "at": [254, 127], "marker": 25.4,
                            "markers": {"7": [0, 0]}})
    assert np.allclose(lay.corners(7), [(10, 5), (11, 5), (11, 6), (10, 6)])
    assert lay.marker_in == pytest.approx(1) and lay.markers[7] == pytest.approx((10, 5))


def test_every_photo_message_has_russian():
    ru = glossary("ru", "")
    missing = [f"{f.file}:{f.line}: {f.template!r}" for f in scan(ROOT / "engine" / "photo")
               if f.template not in ru or not CYRILLIC.search(ru[f.template])]
    assert not missing, missing
