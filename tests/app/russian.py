"""The Russian interface for tests (no tests here): the .ts compiled with PySide6's lrelease
into a scratch folder, so a test reads the translation in the repo whatever the install
step left in app/i18n/, and English restored after."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from app import i18n

TS = Path(i18n.__file__).resolve().parent / "warboard_ru.ts"


def compile_russian(folder: Path) -> Path:
    """warboard_ru.qm built from the repo's .ts into `folder`."""
    lrelease = Path(sys.executable).parent / "pyside6-lrelease"
    qm = folder / "warboard_ru.qm"
    subprocess.run([str(lrelease), "-silent", str(TS), "-qm", str(qm)], check=True,
                   capture_output=True, timeout=120)
    return qm


class Russian:
    """Context: the interface in Russian while inside (translators installed)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def __enter__(self):
        os.environ[i18n.QM_DIR_ENV] = str(self.folder)
        assert i18n.install("ru"), "the Russian translation did not load"
        return self

    def __exit__(self, *exc) -> None:
        i18n.install("en")
        os.environ.pop(i18n.QM_DIR_ENV, None)
