"""The user's settings that outlive a session, in QSettings (an INI file in Warboard's
config folder, app.recent.config_dir, so tests and portable installs keep theirs apart).

There is no Settings dialog yet; the keys are read here with their defaults:
- `files/backups`: how many rolling backups a game keeps beside it (engine.backups;
  default engine.backups.DEFAULT_KEEP, 0 turns them off).
- `ui/language`: the interface's language, "en" or "ru" (absent: follow the system);
  read by app.i18n.choose_language at start, written by app.i18n.set_language.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings

from app.recent import config_dir
from engine.backups import DEFAULT_KEEP

BACKUPS_KEY = "files/backups"


def settings() -> QSettings:
    return QSettings(str(config_dir() / "settings.ini"), QSettings.Format.IniFormat)


def backup_count() -> int:
    """How many backups to keep (a value that is not a whole number ≥ 0: the default)."""
    value = settings().value(BACKUPS_KEY, DEFAULT_KEEP)
    try:
        n = int(value)
    except (TypeError, ValueError):
        return DEFAULT_KEEP
    return n if 0 <= n <= 1000 else DEFAULT_KEEP


def set_backup_count(n: int) -> None:
    s = settings()
    s.setValue(BACKUPS_KEY, int(n))
    s.sync()
