"""Fixtures the app tests share."""

from __future__ import annotations

import pytest

from .russian import compile_russian


@pytest.fixture(scope="session")
def qm_folder(tmp_path_factory):
    """A scratch folder holding warboard_ru.qm compiled from the repo's .ts, once a run (the
    Russian tests only read it)."""
    folder = tmp_path_factory.mktemp("qm")
    compile_russian(folder)
    return folder
