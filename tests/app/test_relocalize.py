"""Switching the language with a game open (app.relocalize): the new window shows the same
units and labels as the old one, its words in the new language; the board (its scene and
view, every item on them) moves over rather than being built again, with nothing of the
old window's modules left on it, and no label is laid out again."""

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
    board, view = w.scene, w.view
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
        # the board itself moved over: the same scene and view, its labels not laid
        # out again, every unit item there once
        assert new.scene is board and new.view is view
        assert new.scene.label_scale() == new.view.px_per_inch()
        assert not scales
        assert len([i for i in new.scene.items() if isinstance(i, UnitItem)]) == len(before)
        assert len([i for i in new.scene.items() if isinstance(i, LabelItem)]) == len(before)
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


def _module_marks(window: MainWindow) -> tuple:
    """What the window's modules put on its board: the top-level items that are not the
    board's own (the groups' outlines, …), the text layers, the actions on the view and
    the widgets over it."""
    scene, view = window.scene, window.view
    own = {id(i) for i in (*scene.terrain_items.values(), *scene.unit_items.values(),
                           *(u.label for u in scene.unit_items.values()))}
    others = sorted(type(i).__name__ for i in scene.items()
                    if i.parentItem() is None and id(i) not in own)
    widgets = sorted(type(c).__name__ for c in (*view.children(), *view.viewport().children())
                     if c.isWidgetType() and not c.objectName().startswith("qt_"))
    return others, len(scene._text_layers), len(view.actions()), widgets


def test_the_old_windows_modules_leave_nothing_on_the_kept_board(qtbot, qm_folder):
    w = _shown_window(qtbot)
    marks = _module_marks(w)
    assert marks[0] and marks[1] and marks[2]    # something to compare
    piece = next(iter(w.scene.terrain_items.values()))
    english_piece_tip = piece.toolTip()
    with Russian(qm_folder):
        new = relocalize(w)
        qtbot.addWidget(new)
        QApplication.processEvents()
        assert _module_marks(new) == marks           # each once: the new modules' own
        assert piece.toolTip() != english_piece_tip  # the terrain's kind in Russian
        new.set_scenario(load_demo())                # before the old window is deleted
        QApplication.processEvents()
        assert _module_marks(new) == marks           # its modules no longer answer
    QApplication.processEvents()


def test_a_units_tooltip_shown_by_qt_is_in_the_new_language(qtbot, qm_folder):
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QToolTip

    w = _shown_window(qtbot)
    unit = w.editor.game.scenario.units[0]
    english_profile = i18n.profile_name(unit.profile)
    with Russian(qm_folder):
        new = relocalize(w)
        qtbot.addWidget(new)
        QApplication.processEvents()
        item = new.scene.unit_item(unit.id)
        port = new.view.viewport()
        at = new.view.mapFromScene(item.scenePos())     # the pointer rests on the unit
        QApplication.sendEvent(port, QHelpEvent(QEvent.Type.ToolTip, at, port.mapToGlobal(at)))
        shown = QToolTip.text()
        QToolTip.hideText()
        assert i18n.profile_name(unit.profile) in shown and english_profile not in shown
    QApplication.processEvents()


def test_a_window_larger_than_the_screen_keeps_its_size_and_its_fit(qtbot, qm_folder):
    w = MainWindow(load_demo())   # not qtbot's: relocalize deletes it
    w.resize(1000, 700)           # more than the offscreen screen's 800 x 600
    w.show()
    qtbot.waitExposed(w)
    QApplication.processEvents()
    size, scale = w.size().toTuple(), w.view.px_per_inch()
    with Russian(qm_folder):
        new = relocalize(w)
        qtbot.addWidget(new)
        QApplication.processEvents()
        assert new.size().toTuple() == size and new.view.px_per_inch() == scale
    QApplication.processEvents()


def test_a_state_shapes_tooltip_is_worded_in_the_new_language(qtbot, qm_folder):
    import re

    from engine.dice import ScriptedDice
    from engine.rulesets.registry import get_ruleset
    from engine.scenario_io import load_scenario
    from resources.loader import resource

    w = MainWindow(load_scenario(resource("scenarios", "civil-war-vasylivka.json")))
    w.resize(*SIZE)
    w.show()
    game = w.editor.game
    ctx = get_ruleset(game.scenario.ruleset).context(
        "artillery_fire", actor=game.unit("white-gun"), point=(62.0, 10.0), game=game)
    w.editor.push(ctx.resolve(ScriptedDice([6, 1] + [6] * 12)).change)
    shapes = w.scene.shape_items["white-gun"]
    assert 'scattered 4"' in shapes.toolTip()
    with Russian(qm_folder):
        new = relocalize(w)
        qtbot.addWidget(new)
        QApplication.processEvents()
        tip = new.scene.shape_items["white-gun"].toolTip()
        assert "scattered" not in tip and re.search("[а-я]", tip)
        label = new.scene.shape_items["white-gun"].label.text()      # the shape's label
        assert label == "последний выстрел", label
    QApplication.processEvents()
