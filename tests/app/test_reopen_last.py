"""`warboard` with no file reopens the last game, the demo on the first run (design.md,
"Command line"; issue 16) — the program's path, build_window(reopen_last=True)."""

from __future__ import annotations

import pytest

from app.recent import RecentFiles
from app.window import USAGE, build_window, last_game
from engine.scenario_io import load_demo, save_scenario
from tests.app.test_board import make_scenario


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))


def test_first_run_opens_the_demo(qtbot):
    assert last_game() is None
    w = build_window([], reopen_last=True)
    qtbot.addWidget(w)
    assert w.scenario.name == load_demo().name


def test_no_file_reopens_the_last_one(qtbot, tmp_path):
    path = tmp_path / "mine.json"
    save_scenario(make_scenario(), path)
    RecentFiles().add(tmp_path / "older.json")  # gone since: skipped
    RecentFiles().add(path)
    assert last_game() == path
    w = build_window([], reopen_last=True)
    qtbot.addWidget(w)
    assert w.scenario.name == make_scenario().name
    assert w.path == path


def test_a_last_file_that_has_gone_falls_back_to_the_demo(qtbot, tmp_path):
    RecentFiles().add(tmp_path / "gone.warboard")
    w = build_window([], reopen_last=True)
    qtbot.addWidget(w)
    assert w.scenario.name == load_demo().name


def test_scripts_and_tests_still_get_the_demo(qtbot, tmp_path):
    path = tmp_path / "mine.json"
    save_scenario(make_scenario(), path)
    RecentFiles().add(path)
    w = build_window([])
    qtbot.addWidget(w)
    assert w.scenario.name == load_demo().name
    assert "last game" in USAGE
