"""The user's settings that outlive a session, in QSettings (an INI file in Warboard's
config folder, app.recent.config_dir, so tests and portable installs keep theirs apart).

Edit ▸ Settings… (app/settings_dialog.py) edits them; each key is read here with its
default, and a value that is not one of the choices reads as the default:
- `files/backups`: how many rolling backups a game keeps beside it (engine.backups;
  default engine.backups.DEFAULT_KEEP, 0 turns them off);
- `ui/language`: "system" (the default: follow the system), "en" or "ru"; read by
  app.i18n.choose_language at start, written by app.i18n.set_language;
- `ui/units`: the distances shown — "both" (inches and metres, the default), "inches" or
  "metres";
- `ui/theme`: "light" (the default) or "dark";
- `dice/source`: the dice a new resolution starts with — "app" (the default) or "typed";
- `table/metres_per_inch`: the ground scale File ▸ New offers; 0 (the default) means the
  ruleset's own;
- `files/last_folder`: the folder of the last file chosen in a file dialog (where the next
  dialog starts; the user's documents folder before the first).

Reading a key on every pointer move would cost a file read, so the units shown are cached
(`units_shown()`), and `notifier().changed(key)` tells open windows when a key is set.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal

from app.recent import CONFIG_ENV, config_dir

BACKUPS_KEY = "files/backups"
LANGUAGE_KEY = "ui/language"
UNITS_KEY = "ui/units"
THEME_KEY = "ui/theme"
DICE_KEY = "dice/source"
SCALE_KEY = "table/metres_per_inch"
FOLDER_KEY = "files/last_folder"

LANGUAGES = ("system", "en", "ru")
UNITS = ("both", "inches", "metres")
THEMES = ("light", "dark")
DICE_SOURCES = ("app", "typed")


def settings() -> QSettings:
    return QSettings(str(config_dir() / "settings.ini"), QSettings.Format.IniFormat)


class _Notifier(QObject):
    """One per process: `changed(key)` after a key is set through this module."""

    changed = Signal(str)


_notifier: _Notifier | None = None
_units_cache: dict[str, str] = {}
#: Keys set since `take_not_kept` last ran that the settings file did not take (a
#: read-only or missing config folder): the value holds for this session only.
_not_kept: list[str] = []


def notifier() -> _Notifier:
    global _notifier
    if _notifier is None:
        _notifier = _Notifier()
    return _notifier


def _set(key: str, value: object) -> None:
    s = settings()
    s.setValue(key, value)
    s.sync()
    if s.status() != QSettings.Status.NoError and key not in _not_kept:
        _not_kept.append(key)
    _units_cache.clear()
    notifier().changed.emit(key)


def take_not_kept() -> list[str]:
    """The keys set since the last call that could not be written to the settings file
    (the caller tells the user), and forget them."""
    keys = list(_not_kept)
    _not_kept.clear()
    return keys



def _choice(key: str, choices: tuple[str, ...]) -> str:
    value = settings().value(key, choices[0])
    return value if value in choices else choices[0]


def _set_choice(key: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ValueError(f"{key}: expected one of {', '.join(choices)}, got {value!r}")
    _set(key, value)


# --- backups --------------------------------------------------------------------------------


def backup_count() -> int:
    """How many backups to keep (a value that is not a whole number ≥ 0: the default)."""
    from engine.backups import DEFAULT_KEEP  # with the game's files, not at start (P6)

    value = settings().value(BACKUPS_KEY, DEFAULT_KEEP)
    try:
        n = int(value)
    except (TypeError, ValueError):
        return DEFAULT_KEEP
    return n if 0 <= n <= 1000 else DEFAULT_KEEP


def set_backup_count(n: int) -> None:
    if not 0 <= int(n) <= 1000:
        raise ValueError(f"{BACKUPS_KEY}: expected a whole number 0–1000, got {n}")
    _set(BACKUPS_KEY, int(n))


# --- the choices ----------------------------------------------------------------------------


def language() -> str:
    return _choice(LANGUAGE_KEY, LANGUAGES)


def set_language(lang: str) -> None:
    _set_choice(LANGUAGE_KEY, lang, LANGUAGES)


def units_shown() -> str:
    """"both", "inches" or "metres" (cached: the board asks on every pointer move)."""
    where = os.environ.get(CONFIG_ENV, "")  # a test or a portable install points elsewhere
    if where not in _units_cache:
        _units_cache[where] = _choice(UNITS_KEY, UNITS)
    return _units_cache[where]


def set_units_shown(units: str) -> None:
    _set_choice(UNITS_KEY, units, UNITS)


def theme() -> str:
    return _choice(THEME_KEY, THEMES)


def set_theme(name: str) -> None:
    _set_choice(THEME_KEY, name, THEMES)


def dice_source() -> str:
    return _choice(DICE_KEY, DICE_SOURCES)


def set_dice_source(source: str) -> None:
    _set_choice(DICE_KEY, source, DICE_SOURCES)


def default_scale() -> float:
    """The ground scale File ▸ New offers, metres per inch; 0: the ruleset's own."""
    try:
        v = float(settings().value(SCALE_KEY, 0.0))
    except (TypeError, ValueError):
        return 0.0
    return v if 0 < v <= 1000 else 0.0


def set_default_scale(metres_per_inch: float) -> None:
    v = float(metres_per_inch)
    if not 0 <= v <= 1000:
        raise ValueError(f"{SCALE_KEY}: expected 0 (the ruleset's) to 1000, got {v:g}")
    _set(SCALE_KEY, v)


# --- where file dialogs start -------------------------------------------------------------


def documents_dir() -> Path:
    """The user's documents folder (platformdirs), else the home folder."""
    import platformdirs

    try:
        docs = Path(platformdirs.user_documents_dir())
    except Exception:  # noqa: BLE001 - an odd platform: the home folder will do
        docs = Path.home()
    return docs if docs.is_dir() else Path.home()


def start_folder() -> Path:
    """Where a file dialog starts: the last folder a file was chosen in, if it is still
    there, else the user's documents — never the program's own folder."""
    last = settings().value(FOLDER_KEY, "")
    if isinstance(last, str) and last and Path(last).is_dir():
        return Path(last)
    return documents_dir()


def start_path(name: str = "") -> str:
    """`name` in the start folder, for a save dialog's suggestion (the folder alone when
    no name)."""
    folder = start_folder()
    return str(folder / name) if name else str(folder)


def program_folders() -> tuple[Path, ...]:
    """The program's own folders (its packages and shipped data: the sample tables live
    there, in site-packages once installed): no place to propose for the user's files."""
    import app
    import engine
    import resources

    return tuple(Path(next(iter(m.__path__))).resolve() for m in (app, engine, resources))


def proposed_folder(shown: Path | None) -> Path:
    """The folder a save dialog proposes for the game shown from file `shown`: that
    file's own folder, unless it is one of the program's (a sample table) or there is
    none — then `start_folder()` (the last folder chosen, else the documents)."""
    if shown is not None and not str(shown).startswith("demo:"):
        folder = Path(shown).expanduser().resolve().parent
        if not any(folder == own or own in folder.parents for own in program_folders()):
            return folder
    return start_folder()


def remember_folder(chosen: str | Path) -> None:
    """Note the folder of a file the user chose (nothing for an empty choice)."""
    if not chosen:
        return
    folder = Path(chosen).expanduser().resolve().parent
    s = settings()
    s.setValue(FOLDER_KEY, str(folder))
    s.sync()
