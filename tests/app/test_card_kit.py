"""The cards' shared drawing kit (app.cards.layout.Ink) as painted: the value tiles every
ruleset's stat row is laid out with, and the tick box with its label (wounds, shaken,
morale states). The PDF-text card tests cannot see a box moved or a cross lost; these
look at the pixels."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from app.cards.layout import BAND, FACE_H, FACE_W, HIT, SHADE, TILE, Ink

SCALE = 4


@pytest.fixture
def face(qapp):
    """A blank face painted at 4 px a point: (image, painter, Ink); ended after the test."""
    img = QImage(int(FACE_W * SCALE), int(FACE_H * SCALE), QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    p.scale(SCALE, SCALE)
    ink = Ink(p, QRectF(0, 0, FACE_W, FACE_H))
    yield img, p, ink
    if p.isActive():
        p.end()


def colour(img: QImage, x: float, y: float) -> str:
    return img.pixelColor(int(x * SCALE), int(y * SCALE)).name()


def test_tiles_fill_the_width_in_rows_and_move_the_line_below(face):
    img, p, ink = face
    top = ink.y
    rects = ink.tiles(8, 27.0, per_row=4)
    p.end()
    assert len(rects) == 8
    assert {round(r.width(), 6) for r in rects} == {round((ink.width - 9) / 4, 6)}
    assert rects[0].left() == ink.x0 and rects[3].right() == pytest.approx(ink.x1)
    assert rects[1].left() - rects[0].right() == pytest.approx(3.0)
    assert rects[4].top() - rects[0].bottom() == pytest.approx(3.0)
    assert ink.y == pytest.approx(top + 1 + 2 * 27 + 3 + 1)
    inside = rects[5].center()
    assert colour(img, inside.x(), inside.y()) == TILE.name()
    edge = rects[5]
    assert colour(img, edge.center().x(), edge.top()) == BAND.name()


def test_one_row_of_tiles_by_default(face):
    _img, p, ink = face
    top = ink.y
    rects = ink.tiles(5, 31.0)
    p.end()
    assert {r.top() for r in rects} == {top + 1}
    assert ink.y == pytest.approx(top + 1 + 31 + 1)


@pytest.mark.parametrize("on, fill, centre", [
    (True, None, HIT.name()),           # crossed: the cross's middle
    (False, None, "#ffffff"),           # an empty box shows the paper
    (False, SHADE, SHADE.name()),       # a shaded box
])
def test_a_tick_box_is_crossed_only_when_on(face, on, fill, centre):
    img, p, ink = face
    ink.y = 40.0
    end = ink.check(20.0, "shaken", on, size=8.0, fill=fill)
    p.end()
    assert colour(img, 24.0, 36.0) == centre       # the box spans x 20–28, y 32–40
    assert colour(img, 20.0, 36.0) != "#ffffff"    # its left side is drawn
    assert end > 20.0 + 8.0 + 2 + 10                # the label follows the box
    label = [colour(img, x / SCALE, 37.0) for x in range(int(30 * SCALE), int(end * SCALE))]
    assert any(c != "#ffffff" for c in label)
