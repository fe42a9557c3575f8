"""Switching the language with a game open (app.relocalize): the new window shows the same
units and labels as the old one, its words in the new language; the board's unit items
move over rather than being built again, so the two windows never hold a board each; and
no label is laid out for a board that has not been given its size yet."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app import i18n
from app.board.items import LabelItem, UnitItem
from app.board.scene import BoardScene
from app.window import MainWindow, relocalize
from engine.scenario_io import load_demo

from .russian import Russian

#: Inside the offscreen screen (800 x 600): the new window restores the old one's geometry
#: exactly, so both boards lay their labels out at the same size.
SIZE = (760, 540)


def _board(window: MainWindow) -> dict[str, tuple]:
    """What the board shows of each unit: where it is, its label's text, place and
    visibility."""
    return {uid: (item.pos().toTuple(), item.label.text, item.label.shown,
                  item.label.isVisible(), item.label.placed_at, item.colour.name())
            for uid, item in window.scene.unit_items.items()}


def _shown_window(qtbot) -> MainWindow:
    w = MainWindow(load_demo())   # not qtbot's: relocalize deletes it
    w.resize(*SIZE)
    w.show()
    qtbot.waitExposed(w)
    QApplication.processEvents()
    return w


def test_the_switched_window_shows_the_same_units_and_labels_in_russian(qtbot, qm_folder,
                                                                       monkeypatch):
    w = _shown_window(qtbot)
    before = _board(w)
    assert sum(shown for *_, shown, _at, _c in before.values()) > 0   # labels to compare
    unit = w.editor.game.scenario.units[0]
    english_tip = w.scene.unit_item(unit.id).toolTip()
    english_profile = i18n.profile_name(unit.profile)
    scales: list[tuple[BoardScene, float]] = []
    real = BoardScene.begin_layout
    monkeypatch.setattr(BoardScene, "begin_layout", lambda self, px, *a, **k:
                        scales.append((self, px)) or real(self, px, *a, **k))
    with Russian(qm_folder):
        new = relocalize(w)
        qtbot.addWidget(new)
        QApplication.processEvents()
        assert new.size().toTuple() == SIZE and new.isVisible() and not w.isVisible()
        assert _board(new) == before          # the same units, names, places and colours
        russian_profile = i18n.profile_name(unit.profile)
        tip = new.scene.unit_item(unit.id).toolTip()
        assert russian_profile != english_profile and russian_profile in tip
        assert tip != english_tip and english_profile not in tip
        # every layout of the new board was for the zoom it shows (none for the 100 x 30 px
        # of a widget never laid out), and the old board holds no unit any more
        assert new.scene.label_scale() == new.view.px_per_inch()
        assert {px for board, px in scales if board is new.scene} == {new.view.px_per_inch()}
        old_items = w.scene.items()
        assert not any(isinstance(i, (UnitItem, LabelItem)) for i in old_items)
        assert len([i for i in new.scene.items() if isinstance(i, UnitItem)]) == len(before)
    QApplication.processEvents()


def test_a_zoomed_view_keeps_its_zoom_and_its_labels_are_laid_out_for_it(qtbot, qm_folder):
    w = _shown_window(qtbot)
    w.view.show_area(20.0, 15.0, 30.0)
    centre = w.view.view_centre()
    before = _board(w)
    with Russian(qm_folder):
        new = relocalize(w)
        qtbot.addWidget(new)
        QApplication.processEvents()
        assert not new.view.fitted and new.view.px_per_inch() == 30.0
        assert (new.view.view_centre() - centre).manhattanLength() < 0.1
        assert new.scene.label_scale() == 30.0
        assert _board(new) == before
    QApplication.processEvents()
