"""The panels' pick of several units rings each chosen unit on the board: a click adds or
takes off one ring and leaves the others as they are; a chosen unit that moves is ringed
where it stands now."""

from __future__ import annotations

import pytest

from app.board.style import Z_OVERLAY
from engine.model import Change, MoveUnit
from tests.app.helpers import click_board, demo_window


def rings(win) -> dict:
    return {uid: item for uid, (_pose, item) in win.tools.tools["pick"]._rings.items()
            if item.scene() is win.scene}


def test_each_click_adds_or_takes_off_one_ring(qtbot):
    win = demo_window(qtbot)
    chosen: list = []
    pick = win.tools.tools["pick"]
    pick.request("units", "Pick targets", chosen.append)
    ids = ["us-1-nco", "us-1-1", "us-1-2"]
    units = [win.game.unit(i) for i in ids]
    click_board(qtbot, win, units[0].x, units[0].y)
    first = rings(win)["us-1-nco"]
    for u in units[1:]:
        click_board(qtbot, win, u.x, u.y)
    assert chosen[-1] == ids
    now = rings(win)
    assert set(now) == set(ids) and now["us-1-nco"] is first  # not drawn again
    overlays = [i for i in win.scene.items() if i.zValue() >= Z_OVERLAY
                and i.parentItem() is None]
    assert sorted(map(id, overlays)) == sorted(map(id, now.values()))
    click_board(qtbot, win, units[1].x, units[1].y)  # chosen again: taken off
    assert chosen[-1] == ["us-1-nco", "us-1-2"]
    assert set(rings(win)) == {"us-1-nco", "us-1-2"}
    was = units[2].x
    win.editor.push(Change([MoveUnit("us-1-2", was + 3, units[2].y)], label="Move"))
    click_board(qtbot, win, units[0].x, units[0].y)  # unchosen; the moved one re-ringed
    ring = rings(win)
    assert set(ring) == {"us-1-2"}
    assert ring["us-1-2"].sceneBoundingRect().center().x() == pytest.approx(was + 3)
