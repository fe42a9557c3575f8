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


@pytest.fixture
def russian_cli(qm_folder, monkeypatch):
    """The command line's Russian findable (no language forced by the environment); the
    command line's language English again afterwards."""
    from app import cli, i18n

    monkeypatch.setenv(i18n.QM_DIR_ENV, str(qm_folder))
    for key in i18n.ENV_KEYS:
        monkeypatch.delenv(key, raising=False)
    yield
    cli.set_language("en")
