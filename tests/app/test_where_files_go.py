"""Where files go (issue 39): Save As and Export picture propose the documents folder (or
the last folder chosen) for a sample table — never the program's own resources/scenarios/ —
and the game's own folder for a game of the user's."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from app import settings as st
from app.window import MainWindow

SAMPLE = Path(str(resources.files("resources.scenarios").joinpath("crossroads.json")))


@pytest.fixture
def win(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    st.settings().remove(st.FOLDER_KEY)
    return w


def proposals(win) -> tuple[Path, Path]:
    files = win.services.files
    return (files._suggested(".warboard").parent,
            win.services.picture_export.suggested().parent)


def test_a_sample_table_proposes_the_documents_folder(win):
    assert win.services.files.open_path(SAMPLE)
    save_as, picture = proposals(win)
    assert save_as == picture == st.documents_dir()
    own = [f for f in st.program_folders() if f in SAMPLE.resolve().parents]
    assert own and all(f not in save_as.parents and f != save_as for f in own)


def test_a_game_of_the_users_proposes_its_own_folder(win, tmp_path):
    copy = tmp_path / "mine" / "crossroads.json"
    copy.parent.mkdir()
    copy.write_bytes(SAMPLE.read_bytes())
    assert win.services.files.open_path(copy)
    assert proposals(win) == (copy.parent, copy.parent)


def test_the_last_folder_chosen_comes_before_the_documents(win, tmp_path):
    st.remember_folder(tmp_path / "picked.warboard")
    assert win.services.files.open_path(SAMPLE)
    assert proposals(win) == (tmp_path.resolve(), tmp_path.resolve())
