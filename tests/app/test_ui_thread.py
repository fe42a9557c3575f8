"""A worker's result reaches the interface thread through app.ui_thread, and only while
the object it is for still exists (a window closed while its worker ran)."""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject

from app import ui_thread


def test_a_delivered_call_runs_on_the_interface_thread(qtbot):
    ui_thread.prepare()
    owner, ran = QObject(), []
    worker = threading.Thread(target=lambda: ui_thread.deliver(
        owner, lambda x: ran.append((x, threading.current_thread().name)), 7))
    worker.start()
    worker.join()
    assert ran == []  # not on the worker: queued for the interface's event loop
    qtbot.waitUntil(lambda: bool(ran), timeout=2000)
    assert ran == [(7, threading.main_thread().name)]


def test_a_call_for_a_deleted_owner_is_dropped(qtbot):
    import shiboken6

    ui_thread.prepare()
    owner, ran, late = QObject(), [], []
    worker = threading.Thread(target=lambda: ui_thread.deliver(owner, ran.append, 1))
    worker.start()
    worker.join()
    shiboken6.delete(owner)  # the window closed before the result came
    ui_thread.post(lambda: late.append("done"))
    qtbot.waitUntil(lambda: "done" in late, timeout=2000)
    assert ran == []


def test_with_workers_about_the_interface_takes_the_lock_within_a_millisecond():
    """A worker drawing lines holds the interpreter lock call by call; the interface asks
    for it on every call from Qt into Python, and waited Python's default 5 ms each time."""
    import sys

    ui_thread.prepare()
    assert sys.getswitchinterval() <= ui_thread.SWITCH_INTERVAL_S <= 0.001


def test_a_worker_picture_is_transparent_but_for_its_lines(qtbot):
    """Lines.render draws into zeroed memory (no fill): every pixel off the lines is
    transparent, and a second pass onto the same picture keeps the first one's lines."""
    from PySide6.QtCore import QPointF, QRectF
    from PySide6.QtGui import QColor, QPainter, QTransform

    from app.tools.base import Lines, ViewPose

    pose = ViewPose(QTransform(), 40, 30, 1.0, QPainter.RenderHint.Antialiasing)
    lines = Lines()
    lines.add(QPointF(0, 5), QPointF(40, 5), QColor("red"))
    first = lines.render(pose)
    lines.add(QPointF(0, 20), QPointF(40, 20), QColor("blue"))
    both = lines.render(pose, onto=first, since=1)
    image = both.image
    assert image is first.image and (image.width(), image.height()) == (40, 30)
    assert QColor(image.pixel(20, 5)).red() > 200 and QColor(image.pixel(20, 20)).blue() > 200
    off = [(x, y) for x in range(40) for y in range(30)
           if not QRectF(0, 2, 40, 6).contains(x, y) and not QRectF(0, 17, 40, 6).contains(x, y)]
    assert all(image.pixel(x, y) == 0 for x, y in off)
