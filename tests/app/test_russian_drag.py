"""The drag readout in Russian (issue #16): a rifleman dragged too far through the demo's
wheat field (difficult terrain) and a Sherman dragged by its card's speed — the readout's
path reasons (geometry's facts worded by engine/path_words.py) and its allowance source (the
ruleset's own message) carry no English word (the Russian walk's allowlist)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.app.helpers import demo_window, drag

from .russian import Russian
from .test_russian_walk import allowed_words, english


def test_a_refused_drag_reads_russian(qtbot, qm_folder):
    with Russian(qm_folder):
        win = demo_window(qtbot)
        allowed = allowed_words(win.game.scenario, win.game.scenario.ruleset)
        drag(qtbot, win, [(21.5, 7.5), (22, 7.5), (30.5, 7.5)], release=False)  # 9" of crops
        text = win.pointer_hint.text()
        qtbot.keyClick(win.view, Qt.Key.Key_Escape)
        assert "✗ слишком далеко" in text and "вдвойне" in text, text   # too far, difficult
        assert "ОД" in text, text                                         # 1 AP, the source
        assert english(text.splitlines(), allowed) == []

        drag(qtbot, win, [(12, 18.5), (12, 19.5), (12, 20.5)], release=False)  # Sherman 3
        tank = win.pointer_hint.text()
        qtbot.keyClick(win.view, Qt.Key.Key_Escape)
        assert "«Шерман»" in tank and "1 ОД" in tank, tank   # the card's Russian name
        assert english(tank.splitlines(), allowed) == []
