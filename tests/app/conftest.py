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


@pytest.fixture(autouse=True)
def english_after(request):
    """Every test leaves the interface in English: one that turned it Russian and did not
    turn it back would have the tests after it on the same worker read Russian texts
    (which ones depends on how pytest-xdist shares the tests out). The test that did it
    fails here, by name, and English is put back for the rest."""
    yield
    import sys

    i18n = sys.modules.get("app.i18n")
    if i18n is None or i18n.current_language() == i18n.DEFAULT:
        return
    left = i18n.current_language()
    from PySide6.QtCore import QCoreApplication

    if QCoreApplication.instance() is not None:
        i18n.install(i18n.DEFAULT)
    pytest.fail(f"{request.node.nodeid} left the interface in {left!r}")


@pytest.fixture(autouse=True)
def least_key_cost(monkeypatch):
    """A passphrase's key derived by Argon2id at the least settings engine.seal_keys takes
    (19 MiB, 1 pass) where a new sealing names its own (64 MiB, 3 passes), both when
    sealing and unlocking in this process: the app tests drive the program's doors (menus,
    dialogs, the command line), not the key's strength (tests/engine/test_seal_keys.py),
    and each derivation costs 0.05 s of CPU, not 0.34 s. Only once engine.sealed is loaded
    (the app tests' collection loads it): a fixture loading it would defeat the tests of
    what the program loads late; a test loading it itself seals and unlocks alike."""
    import sys

    sealed = sys.modules.get("engine.sealed")
    if sealed is None:
        return
    from engine import seal_keys

    real = sealed.derive_key
    least = seal_keys.Kdf("argon2id", (("m", 19456), ("t", 1), ("p", 1)))
    monkeypatch.setattr(sealed, "derive_key", lambda kdf, passphrase, salt: real(
        least if kdf == seal_keys.NEW_KDF else kdf, passphrase, salt))

