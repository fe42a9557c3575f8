"""A wheel notch and the repaints after it cost what changed, not the whole board: the
picture scaled while the wheel turns is the one on screen (not painted again), the sharp
repaint after it is cut into bands of about as many units each, and the text following the
pointer has the board repainted only where it uncovers it."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QObject, QPoint

from app.board.wheel_picture import SHARP_BANDS, UNITS_PER_BAND, shown_picture, strip_edges
from bench.board_driver import big_table


class _Paints(QObject):
    """The paint events a widget gets, with their regions."""

    def __init__(self, widget) -> None:
        super().__init__()
        self.regions: list = []
        widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint:
            self.regions.append(event.region())
        return False


def _rgb(pixmap) -> np.ndarray:
    from PySide6.QtGui import QImage

    img = pixmap.toImage().convertToFormat(QImage.Format.Format_RGB32)
    a = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(),
                                                        img.bytesPerLine() // 4, 4)
    return a[:, :img.width(), :3].astype(int)


@pytest.mark.parametrize("n", [0, 40, 1000, 7000])
def test_bands_cover_the_viewport_and_hold_about_as_many_units_each(n) -> None:
    rng = np.random.default_rng(n)
    top, height = 5, 748
    ys = rng.uniform(top, top + height, n)
    edges = strip_edges(top, height, ys)
    assert edges == sorted(set(edges)) and edges[-1] == top + height
    assert len(edges) >= SHARP_BANDS
    tops = [top, *edges[:-1]]
    assert all(b - t <= height // SHARP_BANDS + 1 for t, b in zip(tops, edges, strict=True))
    counts = [int(((ys >= t) & (ys < b)).sum()) for t, b in zip(tops, edges, strict=True)]
    assert sum(counts) == n
    # bands are cut between pixel rows: one may take a whole row more
    row = int(np.bincount(ys.astype(int)).max()) if n else 0
    assert max(counts) <= UNITS_PER_BAND + row


def test_the_wheels_picture_is_the_screen_as_shown_and_no_repaint(qtbot) -> None:
    """The first notch of a burst takes the viewport as it is on screen: the same pixels
    a grab paints, without painting the board again."""
    from tests.app.helpers import show_window
    from tests.app.test_board_same_work import _wheel

    win = show_window(qtbot, big_table(300, 30, seed=9), (1280, 820), fit=True)
    view = win.view
    qtbot.wait(50)
    shown = shown_picture(view.viewport())
    assert np.abs(_rgb(shown) - _rgb(view.viewport().grab())).max() <= 2
    paints = _Paints(view.viewport())
    _wheel(view, 1, QPoint(500, 380))  # sent at once: only the notch's own work counted
    assert view.wheel_picture_shown()
    assert paints.regions == []


def test_a_crowded_board_is_drawn_sharp_in_more_bands(qtbot) -> None:
    from tests.app.helpers import show_window
    from tests.app.test_board_same_work import _wheel

    win = show_window(qtbot, big_table(2000, 10, seed=2), (1280, 820), fit=True)
    view = win.view
    qtbot.wait(50)
    _wheel(view, 1, QPoint(600, 380))
    view.flush_labels()
    view.sharpen_step()
    assert view._wheel is not None and view._wheel.bands() >= 2000 * 0.8 // UNITS_PER_BAND
    while view.sharpen_step():
        pass
    assert not view.wheel_picture_shown()


def test_the_pointers_text_has_only_the_board_it_uncovers_repainted(qtbot) -> None:
    """The text beside the pointer paints all of itself: as it follows the pointer the
    board is repainted in the strips it leaves, not under the whole of it."""
    from tests.app.helpers import show_window

    win = show_window(qtbot, big_table(300, 30, seed=9), (1280, 820), fit=True)
    hint = win.pointer_hint
    hint.show_text("nearest enemies:\n  Sherman 1  3.2\"\n  Sherman 2  4.0\"", QPoint(400, 300))
    qtbot.wait(30)
    paints = _Paints(win.view.viewport())
    hint.follow(QPoint(404, 303))
    qtbot.wait(30)
    repainted = sum(r.width() * r.height() for region in paints.regions for r in region)
    assert 0 < repainted < hint.width() * hint.height() / 3
