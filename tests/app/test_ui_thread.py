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
