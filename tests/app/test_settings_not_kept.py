"""A setting changed while its file cannot be written (a read-only or missing config
folder) is told to the user — it was silently not kept."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from app import settings as st
from app.settings_dialog import apply_theme
from tests.app.helpers import show_window
from tests.app.test_board import make_scenario
from tests.app.test_settings import _fill_and_ok


@pytest.fixture
def unwritable(tmp_path, monkeypatch):
    """A config folder that cannot be made (its parent is a file: as root, chmod would not
    stop a write)."""
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(blocker / "config"))
    yield
    apply_theme("light")


def test_a_setting_not_kept_is_told(qtbot, monkeypatch, unwritable):
    win = show_window(qtbot, make_scenario())
    warned: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text, *a, **k: warned.append((title, text)))
    _fill_and_ok(qtbot, backups=7)
    assert win.services.settings.open() is True
    assert len(warned) == 1 and warned[0][0] == "Settings not saved"
    assert "Backups kept beside a game" in warned[0][1] and "settings.ini" in warned[0][1]


def test_a_setting_kept_says_nothing(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))
    st.set_backup_count(3)
    assert st.take_not_kept() == [] and st.backup_count() == 3
