"""File ▸ Table picture… (issue 40): an image under the board, drawn over the cloth and under
the terrain and units, placed to scale by two clicked points, undone like any edit, and kept
through save, reopen and the exported picture; a bad image is refused with nothing changed."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QInputDialog

from app.picture import PictureOptions, render_image
from tests.app.helpers import click_board, demo_window
from tests.engine.test_backdrop import png_claiming

RED = (0, 0, 255)  # BGR


@pytest.fixture
def win(qtbot):
    return demo_window(qtbot)


def red_png(tmp_path, w=72, h=48):
    path = tmp_path / "map.png"
    cv2.imwrite(str(path), np.full((h, w, 3), RED, np.uint8))
    return path


def bare_spot_colour(win, x=70.5, y=45.5) -> tuple[int, int, int]:
    """The exported picture's colour at a table point with nothing on it."""
    img, r = render_image(win.scene, win.editor.game,
                          PictureOptions(area=(0, 0, 72, 48), width_px=360,
                                                      decorations=False))
    s = r.px_per_inch
    px = img.pixelColor(int((x - r.area.left()) * s), int((y - r.area.top()) * s))
    return px.red(), px.green(), px.blue()


def controller(win):
    return win.modules["app.backdrop"]


def test_a_map_goes_under_the_board_and_undo_takes_it_away(win, tmp_path):
    c = controller(win)
    before = bare_spot_colour(win)
    assert c.load_image(red_png(tmp_path)) is None
    b = win.editor.game.backdrop
    assert b is not None and (b.width, b.height) == (72, 48)
    assert b.to_table(72, 48) == pytest.approx((72, 48))     # fitted: 1 px = 1 inch
    shown = bare_spot_colour(win)
    assert shown[1] < before[1] - 60 and shown[2] < before[2] - 60  # red shows through
    c.set_look(visible=False)
    assert bare_spot_colour(win) == before
    win.editor.undo_stack.undo()
    assert win.editor.game.backdrop.visible
    win.editor.undo_stack.undo()
    assert win.editor.game.backdrop is None
    assert bare_spot_colour(win) == before
    win.editor.undo_stack.redo()
    assert win.editor.game.backdrop is b


def test_two_clicked_points_and_their_distance_set_the_scale(win, tmp_path, qtbot,
                                                             monkeypatch):
    c = controller(win)
    c.load_image(red_png(tmp_path))
    monkeypatch.setattr(QInputDialog, "getDouble", lambda *a, **k: (20.0, True))
    picked = []
    c.points_picked.connect(lambda p1, p2: picked.append(c.ask_distance(p1, p2)))
    c.pick_two_points()
    click_board(qtbot, win, 14, 12)
    click_board(qtbot, win, 24, 12)
    assert picked == [None]
    b = win.editor.game.backdrop
    assert b.transform[0] == pytest.approx(2.0, rel=0.02)       # 10" on the board → 20"
    u0 = (14 - b.transform[2]) / b.transform[0]
    assert b.to_table(u0, 0)[0] == pytest.approx(14, abs=0.1)   # the first point stays
    win.editor.undo_stack.undo()
    assert win.editor.game.backdrop.transform[0] == pytest.approx(1.0)


def test_the_picture_survives_save_reopen_and_export(win, tmp_path):
    c = controller(win)
    c.load_image(red_png(tmp_path))
    c.set_look(opacity=0.8)
    files = win.services.files
    path = tmp_path / "game.warboard"
    assert files.save_as(path)
    files.open_path(path)
    b = win.editor.game.backdrop
    assert b is not None and b.opacity == pytest.approx(0.8)
    shown = bare_spot_colour(win)
    assert shown[0] > 180 and shown[1] < 100
    out = tmp_path / "post.png"
    win.services.picture_export.export(out, PictureOptions(area=(0, 0, 72, 48),
                                                           width_px=360,
                                                      decorations=False))
    img = QImage(str(out))
    assert img.pixelColor(352, 227).green() < 100


@pytest.mark.parametrize("data,words", [
    (b"just text", "not a PNG or JPEG"),
    (png_claiming(20_000, 20_000), "20000 × 20000"),
])
def test_a_bad_image_is_refused_and_nothing_changes(win, tmp_path, data, words):
    path = tmp_path / "bad.png"
    path.write_bytes(data)
    steps = win.editor.undo_stack.count()
    said = controller(win).load_image(path)
    assert said is not None and words in said and "bad.png" in said
    assert win.editor.game.backdrop is None and win.editor.undo_stack.count() == steps


def test_the_dialog_follows_the_picture(win, tmp_path, qtbot):
    c = controller(win)
    c.dialog()
    dlg = c.last_dialog
    qtbot.addWidget(dlg)
    assert not dlg.fit.isEnabled()
    c.load_image(red_png(tmp_path, 36, 48))
    assert dlg.fit.isEnabled() and "36 × 48" in dlg.info.text()
    dlg.corners.click()
    assert win.editor.game.backdrop.to_table(36, 48) == pytest.approx((72, 48))
    dlg.opacity.setValue(30)
    assert win.editor.game.backdrop.opacity == pytest.approx(0.3)
    dlg.remove.click()
    assert win.editor.game.backdrop is None and "No picture" in dlg.info.text()


# --------------------------------------------------------------------------- photos


def synthetic_photo(tmp_path, win, *, markers: bool = True, name="table.jpg"):
    from bench.photo_synth import Camera, jpeg_bytes, photograph, top_down
    from engine.photo.markers import MarkerLayout, default_layout

    t = win.editor.game.scenario.table
    layout = default_layout(t.width_in, t.height_in) if markers else MarkerLayout(3.0, {})
    top = top_down(t.width_in, t.height_in, 16, layout)
    shot = photograph(top, 16, t.width_in, t.height_in, Camera(tilt=30, roll=10,
                                                                size=(1280, 960)))
    path = tmp_path / name
    path.write_bytes(jpeg_bytes(shot.image))
    return path


def test_a_photo_of_the_table_is_laid_at_true_scale_with_its_fit(win, tmp_path):
    c = controller(win)
    said = c.load_photo(synthetic_photo(tmp_path, win))
    assert "8 markers" in said and "RMS" in said
    b = win.editor.game.backdrop
    t = win.editor.game.scenario.table
    assert b.calibration["rms_in"] < 0.2 and b.calibration["model"] == "homography"
    assert b.to_table(b.width, b.height) == pytest.approx((t.width_in, t.height_in), abs=0.05)
    assert c.progress_dialog is not None and c.progress_dialog.value() == -1  # shown, done
    win.editor.undo_stack.undo()
    assert win.editor.game.backdrop is None


@pytest.mark.parametrize("make,words", [
    (lambda tmp_path, win: synthetic_photo(tmp_path, win, markers=False), "no markers found"),
    (lambda tmp_path, win: _cut(synthetic_photo(tmp_path, win)), "cut short"),
])
def test_a_photo_that_cannot_be_measured_changes_nothing(win, tmp_path, make, words):
    path = make(tmp_path, win)
    steps = win.editor.undo_stack.count()
    said = controller(win).load_photo(path)
    assert words in said and path.name in said
    assert win.editor.game.backdrop is None and win.editor.undo_stack.count() == steps


def _cut(path):
    data = path.read_bytes()
    path.write_bytes(data[: len(data) * 2 // 3])
    return path


def test_the_marker_sheet_prints_at_true_size(win, tmp_path):
    import shutil
    import subprocess

    from engine.photo.calibrate import detect_markers
    from engine.photo.markers import MARKER_IN

    out = tmp_path / "markers.pdf"
    said = controller(win).print_sheet(out)
    assert "2 pages" in said
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is not installed")
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-f", "1", "-l", "1", str(out),
                    str(tmp_path / "page")], check=True)
    page = cv2.imread(str(next(tmp_path.glob("page*.png"))))
    found, _ = detect_markers(page)
    assert sorted(found) == [0, 1, 2, 3]
    for corners in found.values():
        side = np.linalg.norm(corners[1] - corners[0])
        assert side == pytest.approx(MARKER_IN * 50, rel=0.02)


# --------------------------------------------------------------------------- suggestions


def sample_photo(tmp_path, name: str, moved: dict | None = None):
    """A photo of the sample table (bench/photo_table.py), some bases moved."""
    import dataclasses

    from bench.photo_synth import Camera, jpeg_bytes, photograph, top_down
    from bench.photo_table import TERRAIN, H, W, truth
    from engine.photo.markers import default_layout

    bases = [dataclasses.replace(b, x=moved[u][0], y=moved[u][1]) if moved and u in moved
             else b for u, _s, b, _sh in truth()]
    top = top_down(W, H, 20, default_layout(W, H), TERRAIN, bases)
    shot = photograph(top, 20, W, H, Camera(tilt=25, roll=5, size=(1600, 1200)))
    path = tmp_path / name
    path.write_bytes(jpeg_bytes(shot.image, 92))
    return path


def test_import_accept_undo_and_resync(qtbot, tmp_path, monkeypatch):
    import math

    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDialog

    from app.backdrop_suggest import SuggestionsDialog
    from app.window import MainWindow
    from bench.photo_table import scenario, truth
    from engine.model import Game

    win = MainWindow()
    qtbot.addWidget(win)
    win.set_game(Game(scenario()))
    c = controller(win)
    assert "8 markers" in c.load_photo(sample_photo(tmp_path, "before.jpg"))
    rows = c.suggestions()
    units = [r for r in rows if getattr(r, "unit", None)]
    assert len(units) == 20 and any(not hasattr(r, "unit") for r in rows)  # bases + terrain
    steps = win.editor.undo_stack.count()
    picked = []

    def review_like_a_player(self):
        if len(self.rows) == 1:                                    # the outline alone
            box = self.table.cellWidget(0, 3)
            box.setCurrentIndex(box.findData("woods"))
            return QDialog.DialogCode.Accepted
        terrain_row = next(i for i, r in enumerate(self.rows) if not hasattr(r, "unit"))
        self.table.item(terrain_row, 0).setCheckState(Qt.CheckState.Unchecked)  # dismissed
        self.table.item(0, 1).setText(f"{self.rows[0].x + 1.0:.2f}")                # moved
        picked.append(self.rows[0].unit)
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(SuggestionsDialog, "exec", review_like_a_player)
    assert c.review(rows) == 20
    assert win.editor.undo_stack.count() == steps + 1                  # one step
    assert c.review([r for r in rows if not hasattr(r, "unit")]) == 1  # the outline: woods
    where = {u: (b.x, b.y) for u, _s, b, _sh in truth()}
    game = win.editor.game
    assert game.unit(picked[0]).x == pytest.approx(where[picked[0]][0] + 1.0, abs=0.25)
    assert all(math.dist((game.unit(u).x, game.unit(u).y), where[u]) < 0.25
               for u in where if u != picked[0])
    assert [p.kind for p in game.scenario.terrain] == ["hill", "building", "woods"]
    win.editor.undo_stack.undo()
    assert len(game.scenario.terrain) == 2                             # one step each
    win.editor.undo_stack.undo()
    assert (game.unit("red-3").x, game.unit("red-3").y) == \
        next((u.x, u.y) for u in scenario().units if u.id == "red-3")
    win.editor.undo_stack.redo()
    win.editor.undo_stack.redo()
    # after a turn: red-5 moved 4" — only it is proposed
    moved_to = (where["red-5"][0] + 4.0, where["red-5"][1])
    said, moves = c.resync(sample_photo(tmp_path, "after.jpg", {"red-5": moved_to}))
    assert "markers" in said
    assert sorted(m.unit for m in moves) == sorted({"red-5", picked[0]})
    red5 = next(m for m in moves if m.unit == "red-5")
    assert red5.distance_in == pytest.approx(4.0, abs=0.15)
    from engine.photo.proposals import Accepted

    before = win.editor.undo_stack.count()
    assert c.accept([Accepted(red5)]) == 1
    assert win.editor.undo_stack.count() == before + 1
    assert math.dist((game.unit("red-5").x, game.unit("red-5").y), moved_to) < 0.25


def test_a_real_photo_of_a_known_board_is_measured_with_the_layout_chosen(win, tmp_path,
                                                                          monkeypatch):
    """The dialog's Markers list: a known board (OpenCV's ChArUco board, a real photo of
    it), a layout file, and a bad file refused with the choice before kept."""
    from pathlib import Path

    from PySide6.QtWidgets import QFileDialog

    from app.backdrop_dialog import FILE

    photos = Path(__file__).resolve().parents[1] / "data" / "photos"
    c = controller(win)
    c.dialog()
    dlg = c.last_dialog
    names = [dlg.markers.itemData(i) for i in range(dlg.markers.count())]
    assert names[0] == "sheet" and "opencv-charuco-5x7" in names and names[-1] == FILE
    assert "ChArUco" in dlg.markers.itemText(names.index("opencv-charuco-5x7"))
    dlg.markers.setCurrentIndex(names.index("opencv-charuco-5x7"))
    dlg._markers(names.index("opencv-charuco-5x7"))
    said = c.load_photo(photos / "choriginal.jpg")
    assert "17 markers" in said and "RMS" in said
    assert 0 < win.editor.game.backdrop.calibration["rms_in"] <= 0.05
    assert c.layout().dictionary == "DICT_6X6_250"
    bad = tmp_path / "bad.json"
    bad.write_text('{"unit": "ft", "markers": {"1": [0, 0]}}')
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    dlg.markers.setCurrentIndex(dlg.markers.count() - 1)
    dlg._markers(dlg.markers.count() - 1)
    assert "bad.json" in dlg.message.text() and "unit" in dlg.message.text()
    assert dlg.markers.currentData() == "opencv-charuco-5x7" and c.markers == \
        "opencv-charuco-5x7"
    good = photos / "singlemarkers.json"
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(good), ""))
    dlg._markers(dlg.markers.count() - 1)
    assert dlg.markers.currentText() == "singlemarkers.json" and c.markers == str(good)
    assert "6 markers" in c.load_photo(photos / "singlemarkersoriginal.jpg")
    # the wrong layout for the photo: refused by name, nothing changed
    steps = win.editor.undo_stack.count()
    said = c.load_photo(photos / "choriginal.jpg")
    assert "not in the layout" in said and win.editor.undo_stack.count() == steps
