"""The interface's language: English (the source strings) or Russian (app/i18n/warboard_ru.ts,
compiled to warboard_ru.qm by the install step with PySide6's lrelease).

Every visible string in app/ goes through Qt translation: `self.tr("…")` in a QObject
subclass, or `tr("…")` from here anywhere else (one shared context, ""; lupdate files a bare
`tr(` call under it). Strings with numbers are translated whole, with named fields filled
after translation: `tr("{n} hits on {unit}").format(n=3, unit=name)`.

The language is chosen once at start (`choose_language`: `--lang`, the `ui/language` setting,
LANG / LC_ALL / LC_MESSAGES, the system locale) and may be changed while the program runs
(`set_language`: the translators are swapped and every window is rebuilt around its game,
see app.window.relocalize). Without a compiled .qm the program stays in English.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QTranslator

    from app.i18n.qm import QmCatalogue

LANGUAGES: tuple[str, ...] = ("en", "ru")
DEFAULT = "en"
#: QSettings key of the chosen language ("en", "ru"; absent or "system": follow the system)
LANGUAGE_KEY = "ui/language"
#: names of the languages in their own tongue (the Settings dialog's choices)
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ru": "Русский"}
#: environment variable naming a folder holding warboard_<lang>.qm (tests, portable builds)
QM_DIR_ENV = "WARBOARD_TRANSLATIONS"
ENV_KEYS: tuple[str, ...] = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")

_current = DEFAULT
_installed: list[QTranslator] = []

def QT_TR_NOOP(text: str) -> str:  # noqa: N802 (the name lupdate looks for)
    """`text` itself, marked for lupdate (Qt's own QT_TR_NOOP, without importing QtCore:
    the command line's modules mark their words with this one)."""
    return text


#: Words the app shows through tr(variable), marked here so lupdate lists them: the
#: terrain kinds of geometry.terrain, the sides of the facts, the compass edges.
MARKED: tuple[str, ...] = (
    QT_TR_NOOP("building"), QT_TR_NOOP("woods"), QT_TR_NOOP("hill"), QT_TR_NOOP("wall"),
    QT_TR_NOOP("hedge"), QT_TR_NOOP("trench"), QT_TR_NOOP("fortification"),
    QT_TR_NOOP("rough"), QT_TR_NOOP("crops"), QT_TR_NOOP("water"), QT_TR_NOOP("road"),
    QT_TR_NOOP("railway"),
    QT_TR_NOOP("rect"), QT_TR_NOOP("round"),
)


#: The catalogue of a process with no Qt application (the command line's text-only
#: commands): `install_standalone` loads it, `tr` reads it while no application exists.
_standalone: QmCatalogue | None = None


def qt_application() -> bool:
    """Whether a Qt application runs in this process (never, while QtCore is not even
    imported: the command line's text-only commands do without Qt)."""
    core = sys.modules.get("PySide6.QtCore")
    return core is not None and core.QCoreApplication.instance() is not None


def tr(text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """`text` in the interface's language (context ""; `n` chooses a plural form, %n).
    Without a Qt application, through the command line's own catalogue, if one is in."""
    if qt_application():
        from PySide6.QtCore import QCoreApplication

        return QCoreApplication.translate("", text, disambiguation, n)
    found = text
    if _standalone is not None:
        found = _standalone.translate("", text, disambiguation, n) or text
    return found.replace("%n", str(n)) if n >= 0 else found


def install_standalone(lang: str) -> bool:
    """Translate `tr` into `lang` in a process that has no Qt application (the command
    line answers without one: starting Qt, even QtCore alone, costs more than most
    commands). The compiled .qm is read without Qt (app.i18n.qm), the same file Qt's
    translators read. English, or a language without a readable .qm, removes it. Returns
    whether `lang`'s translation is in. Once an application exists its translators
    take over."""
    global _standalone
    lang = normalize(lang) or DEFAULT
    path = qm_path(lang) if lang != DEFAULT else None
    _standalone = _catalogue(str(path)) if path is not None else None
    return _standalone is not None or lang == DEFAULT


@functools.cache
def _catalogue(path: str) -> QmCatalogue | None:
    """The .qm at `path`, read once per process; None when it cannot be read."""
    from app.i18n.qm import QmCatalogue, QmError

    try:
        return QmCatalogue.load(path)
    except (OSError, QmError, UnicodeDecodeError):
        return None


def normalize(tag: str | None) -> str | None:
    """A supported language from a tag ("ru_RU.UTF-8", "ru-RU", "RU", "en_GB"), or None
    for anything else ("C", "POSIX", "de_DE", "")."""
    if not tag:
        return None
    head = tag.strip().split(":")[0].split(".")[0].split("@")[0].replace("-", "_")
    lang = head.split("_")[0].lower()
    return lang if lang in LANGUAGES else None


def language_from_env(env: Mapping[str, str] | None = None) -> str | None:
    """The language the environment asks for (LC_ALL, LC_MESSAGES, LANG, LANGUAGE — the
    first that is set decides), or None."""
    env = os.environ if env is None else env
    for key in ENV_KEYS:
        value = env.get(key)
        if value:
            return normalize(value)
    return None


def lang_from_args(args: Sequence[str]) -> tuple[str | None, list[str]]:
    """`--lang ru` / `--lang=ru` taken out of `args`: (the language or None, the rest).
    ValueError naming the option for a language we do not have."""
    rest: list[str] = []
    lang: str | None = None
    it = iter(args)
    for arg in it:
        if arg == "--lang" or arg.startswith("--lang="):
            value = arg.split("=", 1)[1] if "=" in arg else next(it, "")
            lang = normalize(value)
            if lang is None:
                raise ValueError(f"--lang: expected one of {', '.join(LANGUAGES)}, "
                                 f"got {value!r}")
        else:
            rest.append(arg)
    return lang, rest


def settings_store():
    """The program's QSettings (app.settings), where `ui/language` is kept."""
    from app.settings import settings

    return settings()


def saved_language() -> str | None:
    """The language chosen in Settings, or None (follow the system)."""
    return normalize(str(settings_store().value(LANGUAGE_KEY, "") or ""))


def choose_language(option: str | None = None, *, use_setting: bool = True,
                    env: Mapping[str, str] | None = None) -> str:
    """The language to start in: `option` (--lang), then the `ui/language` setting (the
    desktop program only), then the environment, then the system locale, then English."""
    for lang in (normalize(option),
                 saved_language() if use_setting else None,
                 language_from_env(env),
                 _system_language() if env is None else None):
        if lang:
            return lang
    return DEFAULT


def _system_language() -> str | None:
    """The system locale's language, as Qt reads it."""
    from PySide6.QtCore import QLocale

    return normalize(QLocale.system().name())


def qm_dirs() -> list[Path]:
    """Where compiled translations are looked for: $WARBOARD_TRANSLATIONS, then this
    package's folder (the install step and the bundle put them there)."""
    dirs = [Path(os.environ[QM_DIR_ENV])] if os.environ.get(QM_DIR_ENV) else []
    return [*dirs, Path(__file__).resolve().parent]


def qm_path(lang: str) -> Path | None:
    """The compiled translation of the interface into `lang`, or None if none is built."""
    for folder in qm_dirs():
        path = folder / f"warboard_{lang}.qm"
        if path.is_file():
            return path
    return None


def current_language() -> str:
    """The interface's language now ("en" or "ru")."""
    return _current


@functools.cache
def _notifier_class() -> type:
    """The notifier's class, defined on first use (QtCore is imported only then)."""
    from PySide6.QtCore import QObject, Signal

    class _Notifier(QObject):
        #: the new language, after its translators are in
        language_changed = Signal(str)

    return _Notifier


_notifier = None


def notifier():
    """The object whose `language_changed(str)` says the language was switched."""
    global _notifier
    if _notifier is None:
        _notifier = _notifier_class()()
    return _notifier


def install(lang: str) -> bool:
    """Install the translators for `lang` on the running application (ours and Qt's own,
    for the standard buttons and the undo actions), removing the previous ones. Returns
    whether our translation was found (English needs none; a missing .qm leaves English)."""
    global _current
    from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator

    lang = normalize(lang) or DEFAULT
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("i18n.install: no QApplication yet")
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    found = lang == DEFAULT
    path = qm_path(lang) if lang != DEFAULT else None
    ours = QTranslator(app)
    if path is not None and ours.load(str(path)):
        # Qt's own words only with ours: without our translation the program stays all
        # English (a Russian "Отменить" before an English action's name otherwise)
        qt = QTranslator(app)
        if qt.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            app.installTranslator(qt)
            _installed.append(qt)
        app.installTranslator(ours)
        _installed.append(ours)
        found = True
    _current = lang if found else DEFAULT
    return found


def set_language(lang: str, *, save: bool = True) -> str:
    """Switch the interface to `lang` while the program runs: the translators are swapped,
    the choice is saved (`ui/language`, unless `save` is False), and `language_changed` is
    emitted — every main window then rebuilds itself around its game, its undo history
    and its file (app.window.relocalize), so nothing of the game is lost. Returns the
    language now in use (English when `lang` has no compiled translation)."""
    wanted = normalize(lang) or DEFAULT
    if save:
        s = settings_store()
        s.setValue(LANGUAGE_KEY, wanted)
        s.sync()
    previous = _current
    install(wanted)
    if _current != previous:
        notifier().language_changed.emit(_current)
    return _current


_ruleset: str | None = None


def set_game_ruleset(ruleset_id: str | None) -> None:
    """The ruleset of the game on the board: `loc` reads its glossary when a caller names
    none (the window sets it whenever a game is put on the board)."""
    global _ruleset
    _ruleset = ruleset_id


def loc(obj: object, ruleset: str | None = None) -> str:
    """A ruleset's name, label or message (engine.i18n) in the interface's language,
    through `ruleset`'s glossary (default: the game on the board's)."""
    from engine.i18n import localized

    return localized(obj, _current, ruleset or _ruleset)


def side_text(side: str | None, ruleset: str | None = None) -> str:
    """A side by its name in the interface's language ("Allies", "Союзники"), never its
    id; a side the ruleset does not name is shown as written."""
    from engine.i18n import side_name

    return side_name(side, _current, ruleset or _ruleset)


def unit_choice(unit, ruleset: str | None = None) -> str:
    """A unit in a list to choose from: its name and its side's name."""
    return f"{unit.label} ({side_text(unit.side, ruleset)})"


def error_text(err: BaseException) -> str:
    """What an engine error says (engine.i18n.said: its message rebuilt from its key and
    values) in the interface's language: how every refusal is shown."""
    from engine.i18n import said

    return loc(said(err))


def ruleset_name(ruleset_id: str, *, load: bool = True) -> str:
    """A ruleset's name in the interface's language (its id when it is not installed, or
    when `load` is False and the rulesets are not loaded yet: the first paint waits for
    nothing heavy)."""
    import sys

    if not load and "engine.rulesets.registry" not in sys.modules:
        return ruleset_id
    from engine.rulesets.registry import RulesetNotFound, get_ruleset

    try:
        return loc(get_ruleset(ruleset_id), ruleset_id)
    except RulesetNotFound:
        return ruleset_id


def profile_name(profile_id: str, ruleset_id: str | None = None) -> str:
    """A unit's profile by its name in the interface's language ("Grenadier", "гренадер"),
    its id when the ruleset does not know it — or while the rulesets are not loaded yet
    (the board's first paint waits for nothing heavy)."""
    import sys

    rid = ruleset_id or _ruleset
    if not rid or "engine.rulesets.registry" not in sys.modules:
        return profile_id
    from engine.rulesets.registry import RulesetNotFound, get_ruleset

    try:
        record = get_ruleset(rid).profiles.get(profile_id)
    except RulesetNotFound:
        return profile_id
    return loc(record, rid) if record and record.get("name") else profile_id
