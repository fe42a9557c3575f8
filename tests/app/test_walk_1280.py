"""Issue 16, a last walk as a new user at 1280×800: the Actions dock at its first width
shows a role's choice whole (a long role title goes above its field instead of squeezing
the unit's name to "1st cybe")."""

from __future__ import annotations

from engine.scenario_io import load_demo
from tests.app.helpers import show_window


def test_a_role_with_a_long_title_shows_its_unit_whole(qtbot):
    win = show_window(qtbot, load_demo("boets-velian-ridge.json"), (1280, 800), fit=True)
    panel = win.services.action_panel
    panel.show()
    win.select_unit("cy-a-1")
    panel.set_action("move")
    qtbot.wait(50)
    editor = next(ed for ed in panel.roles_view.editors.values()
                  if getattr(ed, "combo", None) is not None and ed.combo.count())
    combo = editor.combo
    qtbot.waitUntil(lambda: combo.isVisible())
    assert combo.currentText().startswith("1st cyber squad")
    assert combo.width() >= combo.sizeHint().width(), (combo.width(), combo.sizeHint())
