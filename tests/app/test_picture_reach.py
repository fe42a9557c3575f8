"""The reach area in a picture (`warboard picture --reach`, File ▸ Export picture…'s
"Reach area of the selected unit"): the select tool's own drag overlay, drawn where the
board draws it while the unit is dragged."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from app import cli
from app.picture import PictureOptions, render_image
from app.picture_dialog import PictureDialog
from app.tools.select import REACH_EDGE, SelectTool
from tests.app.helpers import at, demo_window, drag
from tests.app.test_picture import CHANNEL_TOLERANCE, DEMO_FILE, pixels, svg_texts

#: The rifleman us-1-1 stands at (21.5, 7.5); one AP (15 m) is 6" at 2.5 m per inch.
UNIT, X0, Y0 = "us-1-1", 21.5, 7.5
AREA = (13.0, 0.0, 17.0, 16.0)
WIDTH = 680  # 40 px per inch
#: The drag goes straight down, out of the area: its path line and the unit's new place
#: are in this column, which is not compared.
COLUMN_IN = (X0 - 1.2, X0 + 1.2)


#: A channel moved by more than this is tinted (the same renderer: no antialiasing noise
#: between the two renders off the reach area's edge).
TINT = 8


def column_mask(shape: tuple[int, int]) -> np.ndarray:
    keep = np.ones(shape, dtype=bool)
    s = WIDTH / AREA[2]
    keep[:, int((COLUMN_IN[0] - AREA[0]) * s):int((COLUMN_IN[1] - AREA[0]) * s) + 1] = False
    return keep


def board_image(win) -> np.ndarray:
    opts = PictureOptions(area=AREA, width_px=WIDTH, labels="none", decorations=False)
    image, _ = render_image(win.scene, win.editor.game, opts,
                            restore_px_per_inch=win.view.px_per_inch())
    return pixels(image)


@pytest.fixture
def dragged(qtbot):
    """The board while us-1-1 is dragged (not dropped): its reach overlay is on; and the
    board before the drag."""
    win = demo_window(qtbot)
    before = board_image(win)
    drag(qtbot, win, [(X0, Y0), (X0, Y0 + 1), (X0, 30.0)], release=False)
    tool = win.tools.active
    assert isinstance(tool, SelectTool) and tool._drag.reach is not None
    during = board_image(win)
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)  # the unit goes back, the overlay goes
    return win, before, during


def test_cli_reach_is_the_drag_overlay(dragged, tmp_path, capsys):
    _, before, during = dragged
    keep = column_mask(during.shape[:2])
    # the fill is translucent (alpha 55): it shifts a channel by 10–40
    overlay = (np.abs(during - before).max(axis=2) > TINT) & keep
    assert overlay.sum() > 20_000  # the reach area really is drawn during the drag
    out = tmp_path / "reach.png"
    assert cli.run(["picture", str(DEMO_FILE), "-o", str(out), "--reach", UNIT,
                    "--area", *map(str, AREA), "--width", str(WIDTH),
                    "--labels", "none"]) == 0
    capsys.readouterr()
    pic = pixels(QImage(str(out)))
    assert pic.shape == during.shape
    # compared where the picture's marks are not: the board's own corners are drawn over
    board = np.zeros(keep.shape, dtype=bool)
    h, w = keep.shape
    board[int(h * 0.2):int(h * 0.8), int(w * 0.3):int(w * 0.7)] = True
    board &= keep
    differs = (np.abs(pic - during).max(axis=2) > CHANNEL_TOLERANCE) & board
    assert differs.sum() / board.sum() < 0.005
    # the overlay's pixels are the picture's as well, against the picture without it
    on = overlay & board
    assert on.sum() > 5_000
    same = (np.abs(pic - during).max(axis=2) <= TINT) & on
    assert same.sum() / on.sum() > 0.99


def test_cli_reach_for_more_ap_is_larger_and_svg_keeps_text(tmp_path, capsys):
    one, two = tmp_path / "one.svg", tmp_path / "two.svg"
    assert cli.run(["picture", str(DEMO_FILE), "-o", str(one), "--reach", UNIT]) == 0
    assert cli.run(["picture", str(DEMO_FILE), "-o", str(two), "--reach", UNIT,
                    "--ap", "2"]) == 0
    capsys.readouterr()
    texts = svg_texts(one.read_bytes())
    assert any(t.endswith('reach 6.00" (15.0 m)') for t in texts)
    assert "allowance: Iron Hearts: 1 AP = 15 m" in texts
    assert "Sherman 3 'Cyclone'" in texts  # the units' names stay text
    texts = svg_texts(two.read_bytes())
    assert any(t.endswith('reach 12.00" (30.0 m)') for t in texts)
    assert REACH_EDGE in one.read_text()  # the area's outline is drawn in the SVG


@pytest.mark.parametrize("args, message", [
    (["--reach", "ghost"], "--reach: no unit with id 'ghost'"),
    (["--reach", UNIT, "--ap", "0"], "--ap: expected 1 or more"),
    (["--ap", "2"], "--ap: needs --reach"),
    (["--reach", "sherman-1", "--ap", "9"], "--ap: "),
])
def test_cli_reach_refusals(tmp_path, capsys, args, message):
    out = tmp_path / "p.png"
    assert cli.run(["picture", str(DEMO_FILE), "-o", str(out), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not out.exists()


def test_vehicle_reach_follows_its_speed_table(qtbot):
    win = demo_window(qtbot)
    select = win.tools.tools["select"]
    unit = win.editor.game.unit("sherman-1")
    one, two = select.allowance(unit), select.allowance(unit, 2)
    assert "1 AP" in one.source and "2 AP" in two.source
    from engine.rulesets.iron_hearts.board import vehicle_card
    speeds = vehicle_card(unit)["speed_m_by_ap"]
    mpi = win.editor.game.scenario.table.metres_per_inch
    assert two.inches == pytest.approx(speeds[1] / mpi)


def test_export_dialog_draws_the_reach_of_the_selected_unit(qtbot, tmp_path):
    win = demo_window(qtbot)
    plain = tmp_path / "plain.png"
    dlg = PictureDialog(win, plain)
    qtbot.addWidget(dlg)
    assert not dlg.reach.isEnabled()  # nothing selected
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=at(win, X0, Y0))
    assert win.selected_unit_id == UNIT
    win.services.picture_export.export(plain, PictureOptions(area=AREA, width_px=WIDTH))
    target = tmp_path / "reach.png"

    def fill_and_accept() -> None:
        d = QApplication.activeModalWidget()
        assert isinstance(d, PictureDialog) and d.reach.isEnabled()
        d.path.setText(str(target))
        d.area.setCurrentIndex(d.area.findData("unit"))
        d.radius.setValue(8.0)
        d.width_px.setValue(640)
        qtbot.mouseClick(d.reach, Qt.MouseButton.LeftButton)
        assert d.reach.isChecked()
        d.accept()

    QTimer.singleShot(0, fill_and_accept)
    win.services.picture_export.action.trigger()
    assert target.exists()
    pic = pixels(QImage(str(target)))
    win.services.picture_export.export(plain, PictureOptions(area=(X0 - 8, Y0 - 8, 16, 16),
                                                    width_px=640))
    bare = pixels(QImage(str(plain)))
    # 40 px per inch around the unit: the tinted pixels are the reach area (6" and the
    # base each way, less what terrain takes), tinted toward its green, and none is
    # farther from the unit than the allowance and the base
    tinted = np.abs(pic - bare).max(axis=2) > TINT
    tinted[:80] = tinted[-80:] = False  # the corner boxes (title, legend, scale bar)
    assert tinted.sum() > 40_000
    ys, xs = np.nonzero(tinted)
    assert np.hypot(xs - 320, ys - 320).max() < 7.5 * 40
    shift = (pic[tinted] - bare[tinted]).mean(axis=0)
    green = np.array([0x2e, 0x8b, 0x57]) - bare[tinted].mean(axis=0)
    assert float(np.dot(shift, green)) > 0
    assert win.tools.tools["select"]._overlay == []  # drawn for the picture only
    assert win.scene.selection_item is not None
    entry = win.editor.game.log[-1]
    assert entry.action == "picture"
    assert Path(entry.details["file"]).name == "plain.png"
