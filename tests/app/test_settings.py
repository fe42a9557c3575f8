"""Edit ▸ Settings… (issue 16): the dialog opened from the menu, fields changed and OK
clicked; each setting then shows where it is used — the distances the board writes, the
dice a resolution starts with, File ▸ New's ground scale, the theme, the backups kept."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from app import settings as st
from app.new_game_dialog import NewGameDialog
from app.panels.dice_entry import DiceEntry
from app.settings_dialog import apply_theme
from app.settings_form import SettingsDialog
from app.window import pointer_text
from tests.app.helpers import show_window
from tests.app.test_board import make_scenario


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    folder = tmp_path / "config"
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(folder))
    yield folder
    apply_theme("light")


def _fill_and_ok(qtbot, **choices):
    """While the modal dialog runs: pick each field's value, then click OK."""

    def fill():
        dialog = next(w for w in QApplication.topLevelWidgets()
                      if isinstance(w, SettingsDialog) and w.isVisible())
        for name, value in choices.items():
            field = getattr(dialog, name)
            if hasattr(field, "findData"):
                field.setCurrentIndex(field.findData(value))
            else:
                field.setValue(value)
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, fill)


def test_defaults_before_anything_is_set():
    assert (st.language(), st.units_shown(), st.theme(), st.dice_source()) == \
        ("system", "both", "light", "app")
    assert st.default_scale() == 0.0


def _stand_in_i18n(monkeypatch) -> list:
    """app.i18n as the dialog imports it, recording set_language (the real one would turn
    the rest of the session Russian and rebuild the test's window)."""
    import sys
    import types

    import app.i18n as real

    calls: list = []
    fake = types.ModuleType("app.i18n")
    fake.__dict__.update({k: v for k, v in vars(real).items() if not k.startswith("__")})
    fake.set_language = lambda lang, save=True: calls.append((lang, save)) or lang
    fake.choose_language = lambda use_setting=True: "en"
    monkeypatch.setitem(sys.modules, "app.i18n", fake)
    return calls


def test_the_menu_entry_opens_the_dialog_and_ok_stores_every_field(qtbot, monkeypatch):
    calls = _stand_in_i18n(monkeypatch)
    win = show_window(qtbot, make_scenario())
    assert win.services.settings.action in win.edit_menu.actions()
    _fill_and_ok(qtbot, language="ru", units="metres", dice="typed", scale=5.0,
                 theme="dark", backups=7)
    assert win.services.settings.open() is True
    assert (st.language(), st.units_shown(), st.dice_source(), st.theme()) == \
        ("ru", "metres", "typed", "dark")
    assert st.default_scale() == 5.0 and st.backup_count() == 7
    assert calls == [("ru", True)]
    window_colour = QApplication.instance().palette().color(QPalette.ColorRole.Window)
    assert window_colour.lightness() < 80


def test_cancel_stores_nothing(qtbot):
    win = show_window(qtbot, make_scenario())

    def cancel():
        dialog = next(w for w in QApplication.topLevelWidgets()
                      if isinstance(w, SettingsDialog) and w.isVisible())
        dialog.units.setCurrentIndex(dialog.units.findData("inches"))
        dialog.reject()

    QTimer.singleShot(0, cancel)
    assert win.services.settings.open() is False
    assert st.units_shown() == "both"


@pytest.mark.parametrize(("units", "expected"), [
    ("both", 'x 10.00"  y 4.00"  (25.0 m, 10.0 m)'),
    ("inches", 'x 10.00"  y 4.00"'),
    ("metres", "x 25.0 m  y 10.0 m"),
])
def test_units_shown_rule_the_status_bar_and_the_tools(units, expected):
    from app.tools.base import inches_and_metres

    st.set_units_shown(units)
    assert pointer_text(10, 4, 2.5) == expected
    written = inches_and_metres(4, 2.5)
    assert ('"' in written) == (units != "metres")
    assert ("m" in written) == (units != "inches")


def test_the_measure_tool_writes_the_units_shown(qtbot):
    from app.tools.measure import pair_text
    from engine.measure import measure_pair

    scenario = make_scenario()
    a, b = scenario.units[0], scenario.units[1]
    m = measure_pair(scenario, a.id, b.id)
    assert '"' in pair_text(m, a, b, None) and " m" in pair_text(m, a, b, None)
    st.set_units_shown("metres")
    text = pair_text(m, a, b, None).splitlines()[1]
    assert '"' not in text and f"{m.edge_m:.1f} m" in text


def test_the_dice_a_resolution_starts_with(qtbot):
    assert DiceEntry().mode == "app"
    st.set_dice_source("typed")
    entry = DiceEntry()
    qtbot.addWidget(entry)
    assert entry.mode == "typed"


def test_new_table_ground_scale_from_settings_else_the_ruleset(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    ruleset_scale = dialog.scale.value()
    st.set_default_scale(7.5)
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert dialog.scale.value() == 7.5 != ruleset_scale


def test_bad_values_are_refused_naming_the_key():
    with pytest.raises(ValueError, match="ui/units"):
        st.set_units_shown("furlongs")
    with pytest.raises(ValueError, match="files/backups"):
        st.set_backup_count(-1)
    st.settings().setValue(st.THEME_KEY, "purple")
    assert st.theme() == "light"


def test_file_dialogs_start_in_documents_then_the_last_folder(qtbot, tmp_path, monkeypatch):
    """Issue 16: Save As started in the program's folder. Now: the user's documents, then
    wherever the last file was chosen."""
    from PySide6.QtWidgets import QFileDialog

    from engine.scenario_io import load_demo
    from tests.app.helpers import show_window as show

    docs = tmp_path / "Documents"
    docs.mkdir()
    monkeypatch.setattr(st, "documents_dir", lambda: docs)
    win = show(qtbot, load_demo())
    starts = []

    def save_dialog(parent, caption, start="", *a, **k):
        starts.append(start)
        return str(tmp_path / "games" / "first.warboard"), ""

    (tmp_path / "games").mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    win.services.files.save_as_dialog()
    assert starts[0].startswith(str(docs))            # the demo has no folder of its own
    assert st.start_folder() == tmp_path / "games"
    win.services.files.path = None
    win.services.files.source = None
    win.services.files.export_dialog()
    assert starts[1].startswith(str(tmp_path / "games"))


def test_a_new_language_is_applied_through_app_i18n(qtbot, monkeypatch):
    """The Settings dialog hands a changed language to app.i18n.set_language (helper i18n's
    module: the translators swapped, the windows rebuilt around their games); "system"
    follows the system without saving a language over the setting."""
    calls = _stand_in_i18n(monkeypatch)
    win = show_window(qtbot, make_scenario())
    _fill_and_ok(qtbot, language="ru")
    assert win.services.settings.open()
    assert calls == [("ru", True)]
    _fill_and_ok(qtbot, language="system")
    assert win.services.settings.open()
    assert calls[-1] == ("en", False) and st.language() == "system"
    _fill_and_ok(qtbot, units="inches")                  # the language unchanged: not called
    assert win.services.settings.open() and len(calls) == 2
