"""Group names in the player's language (issue #16): the shipped tables' groups carry a
`name_ru` beside their English `name`; a Russian window shows it in the Organisation dock,
and renaming a group there writes the Russian name (undoable), the English one kept."""

from __future__ import annotations

from engine.scenario_io import load_demo
from tests.app.helpers import show_window
from tests.app.test_organisation_dock import texts

from .russian import Russian


def names(dock) -> list[str]:
    return [name for _depth, name, _kind, _post in texts(dock)]


def test_the_demo_groups_read_russian_and_rename_in_russian(qtbot, qm_folder):
    with Russian(qm_folder):
        win = show_window(qtbot, load_demo(), (1280, 800))
        dock, game = win.services.organisation_dock, win.editor.game
        dock.show()
        shown = names(dock)
        for ru in ("Стрелковый взвод", "1-е отделение", "Танковый взвод",
                   "Отделение гренадеров", "Расчёт «Панцершрека»"):
            assert ru in shown, shown
        assert not {"Rifle platoon", "1st squad", "Tank platoon"} & set(shown), shown

        dock.tree.setCurrentItem(next(i for i in dock._items()
                                      if i.text(0) == "Стрелковый взвод"))
        assert dock.name.text() == "Стрелковый взвод"
        assert dock.rename("1-й стрелковый взвод")
        g = game.group("us-pl")
        assert (g.name, g.name_ru) == ("Rifle platoon", "1-й стрелковый взвод")
        assert "1-й стрелковый взвод" in names(dock)
        win.editor.undo_stack.undo()
        assert game.group("us-pl").name_ru == "Стрелковый взвод"
    win = show_window(qtbot, load_demo(), (1280, 800))        # and in English, the English
    win.services.organisation_dock.show()
    assert "Rifle platoon" in names(win.services.organisation_dock)
