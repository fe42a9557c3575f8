"""PySide6 6.12.0 on Python 3.11 aborts ("deallocating None") after a few thousand void calls.

The pin in pyproject.toml keeps us off that release; this test makes sure it stays off.
"""

from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene


def test_hundred_thousand_setpos_calls_survive(qapp):
    scene = QGraphicsScene()
    item = QGraphicsRectItem(0, 0, 1, 1)
    scene.addItem(item)
    for i in range(100_000):
        item.setPos(i % 72, i % 48)
    assert item.pos().x() == (99_999 % 72)
    assert item.pos().y() == (99_999 % 48)
