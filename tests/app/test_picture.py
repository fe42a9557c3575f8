"""Pictures of the board (app/picture.py): the exported picture is the board's own render
(pixel for pixel outside the marks it adds), its SVG keeps the readout as text, File ▸ Export
picture… writes and logs one, and `warboard picture` runs without a display."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QDialog

from app import cli
from app.picture import (
    MAX_PNG_BYTES,
    PictureError,
    PictureOptions,
    around,
    render_image,
    render_svg,
    save_picture,
)
from app.picture_dialog import PictureDialog
from tests.app.helpers import click_board, demo_window

ROOT = Path(__file__).resolve().parents[2]
DEMO_FILE = ROOT / "resources" / "scenarios" / "crossroads.json"
SVG = "{http://www.w3.org/2000/svg}"
#: A pixel "differs" when a channel is off by more than this (antialiasing noise is less).
CHANNEL_TOLERANCE = 48
#: At most this share of the compared pixels may differ.
DIFF_SHARE = 0.005


def pixels(img: QImage) -> np.ndarray:
    img = img.convertToFormat(QImage.Format.Format_RGB32)
    arr = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine())
    bgra = arr[:, :img.width() * 4].reshape(img.height(), img.width(), 4)
    return bgra[..., 2::-1].astype(int)  # B, G, R, A in memory


def mask_of(shape: tuple[int, int], marks: list[QRectF]) -> np.ndarray:
    """True where a pixel is the board's (outside every mark the picture adds)."""
    keep = np.ones(shape, dtype=bool)
    for r in marks:
        keep[max(0, int(r.top()) - 2):int(r.bottom()) + 3,
             max(0, int(r.left()) - 2):int(r.right()) + 3] = False
    return keep


def svg_texts(data: bytes) -> list[str]:
    root = ET.fromstring(data)
    return ["".join(t.itertext()).strip() for t in root.iter(f"{SVG}text")]


@pytest.fixture
def measured(qtbot):
    """The demo table with Sherman 3 measured to Gren. Schulz by real clicks."""
    win = demo_window(qtbot)
    qtbot.keyClick(win.view, "m")
    click_board(qtbot, win, 12, 18.5)
    click_board(qtbot, win, 41.4, 18.8)
    tool = win.tools.active
    assert tool.result is not None and tool.result.to_id == "gren-5"
    return win


def view_area(win) -> tuple[float, float, float, float]:
    vp = win.view.viewport()
    tl = win.view.mapToScene(QPoint(0, 0))
    s = win.view.px_per_inch()
    return (tl.x(), tl.y(), vp.width() / s, vp.height() / s)


def names_moved_off_the_lines(win, opts: PictureOptions) -> list[QRectF]:
    """Where the picture's names differ from the board's (picture pixels, before and
    after): the picture lays them off the tools' lines (app.picture_clear)."""
    from app.picture import _prepared

    scene, s = win.scene, win.view.px_per_inch()
    origin = QPointF(opts.area[0], opts.area[1])

    def rects() -> dict[str, QRectF]:
        return {k: i.label.boundingRect().translated((i.label.scenePos() - origin) * s)
                for k, i in scene.unit_items.items() if i.label.isVisible()}

    board = rects()
    with _prepared(scene, s, "all", vector=False, restore_px_per_inch=s):
        picture = rects()
    return [r for k in board.keys() | picture.keys() if board.get(k) != picture.get(k)
            for r in (board.get(k), picture.get(k)) if r is not None]


def test_picture_is_the_boards_own_render(measured):
    win = measured
    readout = win.pointer_hint.text()
    win.pointer_hint.hide()  # a widget over the viewport, not part of the board
    vp = win.view.viewport()
    board = pixels(vp.grab().toImage())
    opts = PictureOptions(area=view_area(win), width_px=vp.width(), readout=readout)
    moved = names_moved_off_the_lines(win, opts)
    assert len(moved) <= 3
    image, r = render_image(win.scene, win.editor.game, opts,
                            restore_px_per_inch=win.view.px_per_inch())
    pic = pixels(image)
    assert pic.shape == board.shape
    keep = mask_of(pic.shape[:2], r.marks + moved)  # the marks, and names moved off lines
    assert keep.mean() > 0.6  # most of the picture is compared
    differs = (np.abs(pic - board).max(axis=2) > CHANNEL_TOLERANCE) & keep
    assert differs.sum() / keep.sum() < DIFF_SHARE
    # the measure line is in both: its LOS colour along the row of the two units
    line_row = win.view.mapFromScene(30.0, 18.65).y()
    assert np.any(np.abs(pic[line_row - 2:line_row + 3] - (224, 138, 0)).sum(axis=2) < 60)
    # and the marks are really there (the picture is not the board alone)
    assert not np.array_equal(pic[~keep], board[~keep])


def test_board_labels_come_back_after_a_picture(measured):
    win = measured
    shown = {k: i.label.isVisible() for k, i in win.scene.unit_items.items()}
    render_image(win.scene, win.editor.game, PictureOptions(labels="none", width_px=400),
                 restore_px_per_inch=win.view.px_per_inch())
    assert {k: i.label.isVisible() for k, i in win.scene.unit_items.items()} == shown


def test_svg_keeps_the_readout_and_names_as_text(measured):
    win = measured
    readout = win.pointer_hint.text()
    data, _ = render_svg(win.scene, win.editor.game, PictureOptions(readout=readout))
    texts = svg_texts(data)
    for line in readout.splitlines():
        assert line.strip() in texts
    assert any(t.startswith("LOS partial") for t in texts)
    assert "Gren. Schulz" in texts and "Sgt. Kowalski (1st Squad)" in texts
    assert "Crossroads at Saint-Aubin" in texts and "Turn 1" in texts
    assert '18" = 45 m' in texts  # the scale bar, at 2.5 m to the inch
    assert "N" in texts
    assert any(t.startswith("allies") for t in texts) and any(t.startswith("axis")
                                                             for t in texts)
    assert b"<image" not in data  # nothing pasted as a bitmap


def test_label_modes(measured):
    win = measured
    game = win.editor.game

    def names(mode: str) -> set[str]:
        data, _ = render_svg(win.scene, game, PictureOptions(labels=mode,
                                                             decorations=False))
        return set(svg_texts(data))

    every = names("all")
    leaders = names("leaders")
    assert "Uffz. Brandt" in leaders and "Sgt. Kowalski (1st Squad)" in leaders
    assert "Gren. Schulz" in every and "Gren. Schulz" not in leaders
    assert not names("none") & {u.label for u in game.scenario.units}


def test_png_size_and_refusals(measured, tmp_path):
    win = measured
    r = save_picture(tmp_path / "t.png", win.scene, win.editor.game)
    out = tmp_path / "t.png"
    assert r.size.width() == 1600 and 0 < out.stat().st_size < MAX_PNG_BYTES
    assert QImage(str(out)).width() == 1600
    with pytest.raises(PictureError, match="expected a .png or .svg"):
        save_picture(tmp_path / "t.jpg", win.scene, win.editor.game)
    with pytest.raises(PictureError, match="labels"):
        PictureOptions(labels="some")
    with pytest.raises(PictureError, match="area"):
        PictureOptions(area=(0, 0, -3, 4))
    with pytest.raises(PictureError, match="width"):
        PictureOptions(width_px=50)
    with pytest.raises(PictureError, match="no unit with id 'nobody'"):
        around(win.editor.game, "nobody", 5)
    assert around(win.editor.game, "gren-5", 4) == pytest.approx((37.4, 14.8, 8, 8))


def test_export_picture_from_the_file_menu(measured, tmp_path, qtbot):
    win = measured
    action = win.services.picture_export.action
    assert action in win.file_menu.actions()
    target = tmp_path / "post.svg"

    def fill_and_accept() -> None:
        dlg = QApplication.activeModalWidget()
        assert isinstance(dlg, PictureDialog)
        assert dlg.readout.isChecked()  # the measure readout is on screen
        dlg.path.setText(str(target))
        dlg.area.setCurrentIndex(dlg.area.findData("view"))
        dlg.width_px.setValue(900)
        dlg.accept()

    QTimer.singleShot(0, fill_and_accept)
    action.trigger()
    assert target.exists()
    texts = svg_texts(target.read_bytes())
    assert any(t.startswith("LOS partial") for t in texts)
    entry = win.editor.game.log[-1]
    assert entry.action == "picture" and entry.details["file"] == "post.svg"
    assert entry.details["width_px"] == 900
    from engine.gamefile_schema import log_kind
    assert log_kind(entry) == "picture"


def test_the_readout_survives_the_pointer_leaving_for_the_menu(measured, qtbot, tmp_path):
    win = measured
    text = win.pointer_hint.text()
    win.tools.active.leave()                     # the pointer goes to the menu bar
    assert win.pointer_hint.isHidden()
    dlg = PictureDialog(win, tmp_path / "x.png")
    qtbot.addWidget(dlg)
    assert dlg.readout.isChecked() and dlg.readout_text == text
    qtbot.keyClick(win.view, "v")                # another tool: nothing drawn, no readout
    dlg = PictureDialog(win, tmp_path / "x.png")
    qtbot.addWidget(dlg)
    assert not dlg.readout.isEnabled() and dlg.readout_text == ""


def test_export_dialog_shows_a_refusal_and_stays_open(measured, tmp_path, qtbot):
    win = measured
    dlg = PictureDialog(win, tmp_path / "x.gif")
    qtbot.addWidget(dlg)
    assert not win.services.picture_export.export_from(dlg)
    assert ".png or .svg" in dlg.message.text()
    assert dlg.result() != QDialog.DialogCode.Accepted


def test_cli_picture_with_overlays(tmp_path, capsys):
    out = tmp_path / "m.svg"
    assert cli.run(["picture", str(DEMO_FILE), "-o", str(out), "--measure", "sherman-3",
                    "gren-5", "--grid", "--labels", "leaders"]) == 0
    assert "1600 ×" in capsys.readouterr().out
    texts = svg_texts(out.read_bytes())
    assert "Sherman 3 'Cyclone' → Gren. Schulz" in texts
    assert any(t.startswith("cover 3 (heavy)") for t in texts)
    assert '36"' in texts  # the grid's coordinates
    out = tmp_path / "t.png"
    assert cli.run(["picture", str(DEMO_FILE), "-o", str(out), "--around", "gren-3", "8",
                    "--template", "blast-3", "41.4", "16.2", "--scatter", "2@90",
                    "--threat", "us-1-1", "--arcs", "sherman-1", "--width", "800"]) == 0
    assert QImage(str(out)).width() == 800 and QImage(str(out)).height() == 800


@pytest.mark.parametrize("args, message", [
    (["--measure", "sherman-3", "nobody"], "--measure: no unit with id 'nobody'"),
    (["--scatter", "3@90"], "--scatter: needs --template"),
    (["--template", "blast-9", "1", "1"], "--template: shape"),
    (["--around", "gren-1", "x"], "--around: RADIUS"),
    (["--width", "20"], "width: expected"),
    (["--threat", "ghost"], "--threat: no unit"),
    # numbers no table holds: refused naming the option, not an OverflowError / ValueError
    (["--area", "0", "0", "1e308", "1e308"], "--area: expected X Y W H within ±1e+06"),
    (["--area", "0", "0", "1", "1e6"], "--area: W × H 1 × 1e+06 draws a picture"),
    (["--area", "0", "0", "1e-9", "1e-9"], "--area: expected W and H of at least"),
    (["--measure", "sherman-3", "1e308,5"], "--measure B: expected inches within ±1e+06"),
    (["--measure", "sherman-3", "nan,5"], "--measure B: expected inches within"),
    (["--template", "blast-3", "1e308", "5"], "--template X Y: expected inches within"),
    (["--template", "blast-3", "5", "5", "--scatter", "1e308@0"], "--scatter DIST: expected"),
    (["--template", "blast-3", "5", "5", "--scatter", "2@1e308"], "--scatter BEARING:"),
    (["--around", "gren-1", "1e308"], "radius: expected 0.125 to 1e+06 inches"),
])
def test_cli_picture_refusals(tmp_path, capsys, args, message):
    assert cli.run(["picture", str(DEMO_FILE), "-o", str(tmp_path / "p.png"), *args]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "p.png").exists()


def test_cli_picture_runs_offscreen_without_a_display(tmp_path):
    """A fresh process with no display at all, as on a server."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    out = tmp_path / "board.png"
    done = subprocess.run([sys.executable, "-m", "app.main", "picture", str(DEMO_FILE),
                           "-o", str(out), "--measure", "sherman-3", "gren-5"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert QImage(str(out)).width() == 1600
    assert 0 < out.stat().st_size < MAX_PNG_BYTES


def test_cli_picture_of_a_game_file_names_its_turn_and_edges(tmp_path, capsys):
    from engine.gamefile import new_game_file
    from engine.model import Game
    from engine.scenario_io import load_demo

    scenario = load_demo()
    scenario.table.edges = {"allies": "west", "axis": "east"}
    game = Game(scenario, turn=3, active_side="axis")
    path = tmp_path / "g.warboard"
    new_game_file(path, game)
    out = tmp_path / "g.svg"
    assert cli.run(["picture", str(path), "-o", str(out)]) == 0
    texts = svg_texts(out.read_bytes())
    assert "Turn 3 · Axis to act" in texts
    assert "allies — 17 on the table · west edge" in texts
    assert {"west edge · allies", "east edge · axis", "north edge", "south edge"} <= set(texts)
    # a part of the table marks only the edges it shows
    assert cli.run(["picture", str(path), "-o", str(out), "--area", "50", "20", "30", "30"]) \
        == 0
    texts = svg_texts(out.read_bytes())
    assert "east edge · axis" in texts and "south edge" in texts
    assert "north edge" not in texts and "west edge · allies" not in texts


def green_share(img: QImage) -> float:
    px = pixels(img)
    return float(((px[..., 1] - px[..., 2]) > 40).mean())


def test_woods_off_screen_and_on_the_command_line_are_drawn(measured, tmp_path):
    """Items no view has painted (off screen, or no view shown at all) are drawn whole,
    and their cache modes are as they were after a PNG and an SVG picture."""
    from PySide6.QtWidgets import QGraphicsItem

    win = measured
    win.view.show_area(60, 40, 30)               # the north-west woods off screen
    woods = [t for t in win.scene.terrain_items.values() if t.piece.kind == "woods"]
    modes = [t.cacheMode() for t in woods]
    # the board caches them in its background picture (drawn there, not as items: perf)
    assert all(t.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents for t in woods)
    assert win.view.cacheMode() & win.view.CacheModeFlag.CacheBackground
    render_svg(win.scene, win.editor.game)
    assert [t.cacheMode() for t in woods] == modes
    image, _ = render_image(win.scene, win.editor.game,
                            PictureOptions(area=(6, 3, 10, 8), width_px=400,
                                           decorations=False))
    assert green_share(image) > 0.3
    assert [t.cacheMode() for t in woods] == modes
    out = tmp_path / "woods.png"
    assert cli.run(["picture", str(DEMO_FILE), "-o", str(out), "--area", "6", "3", "10", "8",
                    "--width", "400"]) == 0
    assert green_share(QImage(str(out))) > 0.3
