"""`warboard photo GAME PHOTO [--markers SHEET] [--suggest units,terrain] [--json]` (issue 40):
the photo laid under the game's board and saved in its file, the fit and the suggestions
printed; bad input refused with a message and the game file left byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app import cli
from bench.photo_table import scenario
from engine.gamefile import load_game, new_game_file
from engine.model import Game
from tests.app.test_backdrop import sample_photo
from tests.engine.test_backdrop import png_claiming


@pytest.fixture(scope="module")
def photo(tmp_path_factory):
    return sample_photo(tmp_path_factory.mktemp("photo"), "table.jpg")


@pytest.fixture
def game_file(tmp_path):
    path = tmp_path / "g.warboard"
    new_game_file(path, Game(scenario()))
    return path


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.run([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_photo_is_laid_and_saved_and_the_suggestions_listed(capsys, game_file, photo):
    code, out, err = run(capsys, "photo", game_file, photo, "--suggest", "units,terrain",
                         "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["calibration"]["markers"] == list(range(8))
    assert data["calibration"]["rms_in"] < 0.1
    units = {u["unit"]: u for u in data["suggestions"]["units"]}
    assert len(units) == 20 and units["red-tank"]["base"] == ["rect", 50, 100]
    assert [t["kind"] for t in data["suggestions"]["terrain"]] == ["building"]
    b = load_game(game_file).backdrop
    assert b is not None and b.calibration["markers"] == list(range(8))
    code, out, _err = run(capsys, "photo", game_file, photo)
    assert code == 0 and "8 markers" in out and "RMS" in out


def _truncated(tmp_path, photo):
    p = tmp_path / "cut.jpg"
    p.write_bytes(photo.read_bytes()[:20_000])
    return p


def _no_markers(tmp_path, photo):
    import cv2
    import numpy as np

    p = tmp_path / "plain.jpg"
    cv2.imwrite(str(p), np.full((600, 800, 3), (70, 112, 86), np.uint8))
    return p


@pytest.mark.parametrize("make,words", [
    (lambda d, p: (d / "notes.jpg").write_text("not an image") and d / "notes.jpg",
     "not a PNG or JPEG"),
    (lambda d, p: (d / "huge.png").write_bytes(png_claiming(20_000, 20_000)) and
     d / "huge.png", "20000 × 20000"),
    (_truncated, "cut short"),
    (_no_markers, "no markers found"),
    (lambda d, p: d / "missing.jpg", "no such file"),
])
def test_bad_photos_are_refused_and_the_game_is_left_alone(capsys, tmp_path, game_file,
                                                           photo, make, words):
    bad = make(tmp_path, photo)
    before = game_file.read_bytes()
    code, out, err = run(capsys, "photo", game_file, bad)
    assert code == 2 and words in err and bad.name in err and out == ""
    assert game_file.read_bytes() == before


def test_bad_arguments_are_refused(capsys, tmp_path, game_file, photo):
    sheet = tmp_path / "sheet.json"
    sheet.write_text('{"markers": {"99": [1, 2]}}')
    code, _out, err = run(capsys, "photo", game_file, photo, "--markers", sheet)
    assert code == 2 and "marker id" in err
    code, _out, err = run(capsys, "photo", game_file, photo, "--suggest", "trees")
    assert code == 2 and "units, terrain" in err
    scen = tmp_path / "s.json"
    scen.write_text("{}")
    code, _out, err = run(capsys, "photo", scen, photo)
    assert code == 2 and "not a game file" in err


REAL = Path(__file__).resolve().parents[1] / "data" / "photos"


def test_a_real_photo_of_a_known_board_is_laid_with_its_residual(capsys, game_file):
    code, out, err = run(capsys, "photo", game_file, REAL / "choriginal.jpg", "--markers",
                         "opencv-charuco-5x7", "--json")
    assert code == 0, err
    said = json.loads(out)
    assert said["layout"] == "opencv-charuco-5x7" and len(said["residual_in"]) == 17
    assert 0 < said["calibration"]["rms_in"] <= 0.05
    assert load_game(game_file).backdrop.calibration["markers"] == list(range(17))
    code, out, _err = run(capsys, "photo", game_file, REAL / "singlemarkersoriginal.jpg",
                          "--markers", REAL / "singlemarkers.json")
    assert code == 0 and "6 markers" in out and "RMS" in out


def test_a_real_photo_with_the_wrong_layout_is_refused(capsys, game_file):
    before = game_file.read_bytes()
    code, out, err = run(capsys, "photo", game_file, REAL / "choriginal.jpg")
    assert code == 2 and out == "" and "another dictionary (17 of DICT_6X6_250)" in err
    code, out, err = run(capsys, "photo", game_file, REAL / "choriginal.jpg", "--markers",
                         "my-board")
    assert code == 2 and "known board (sheet, opencv-charuco-5x7" in err
    assert game_file.read_bytes() == before
