"""Names, labels and messages in the player's language, with no Qt (the app's own strings go
through Qt's translators; this is for what the engine and the rulesets write).

Three things carry a translation:

- **Records** (units, weapons, options, actions …) carry `name_ru` / `label_ru` beside
  `name` / `label`, as data: `localized(record, "ru")` picks it.
- **Fixed texts** — step labels, results ("hit", "miss"), outcomes, modifier labels and
  reasons, generic words — are looked up whole in a glossary: the generic one
  (resources/translations/engine_<lang>.toml) and each ruleset's own
  (resources/rulesets/<id>/glossary_<lang>.toml), ruleset first.
- **Messages with numbers** are `msg("{n} hits on {target}", n=2, target=name)`: a `Text`,
  which is an ordinary English `str` everywhere (logs, tests, JSON) and also remembers its
  template and fields, so `localized` translates the template whole and fills the fields in
  (each field localized in turn). A Russian template may choose a plural form by a number
  field: `{n|попадание|попадания|попаданий}` (one, few, many).

A glossary file holds `[terms]` and `[messages]` tables, English → translation; a key not
found stays English, so a half-translated ruleset still reads. A table named for a
context — `[cards]`, the printed cards' words — holds what that context says otherwise
(a narrow column head "level" → "ур." where the rules' texts say "уровень"):
`localized(text, lang, ruleset, context="cards")` looks there first. See docs/ruleset-protocol.md,
"Translation".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

__all__ = ["LANGUAGES", "Text", "msg", "join", "prefixed", "localized", "glossary", "normalize",
           "ru_plural",
           "register_glossary", "register_sides", "GlossaryError", "TEXT_KEY", "text_to_json",
           "text_from_json",
           "said", "verbatim", "Verbatim", "side_name", "side_record", "sides_of", "dice_written"]

LANGUAGES: tuple[str, ...] = ("en", "ru")
DEFAULT = "en"

_PLURAL = re.compile(r"\{(\w+)\|([^{}|]*)\|([^{}|]*)\|([^{}|]*)\}")


class GlossaryError(ValueError):
    """A glossary file that cannot be read; the message names the file and the key."""


class Text(str):
    """An English message built from a template with named fields, translatable whole.

    It is the English string (compares, joins, serialises as one); `template` and `params`
    let `localized` rebuild it in another language."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, **params: Any) -> Text:
        self = super().__new__(cls, _fill(template, params, DEFAULT, None))
        self.template = template
        self.params = params
        return self

    def __reduce__(self):  # pickles and copies keep the template
        return (_rebuild, (self.template, self.params))


def _rebuild(template: str, params: dict[str, Any]) -> Text:
    return Text(template, **params)


def msg(template: str, /, **params: Any) -> Text:
    """A message to be shown to players: `template` with `{field}`s, filled by `params`."""
    return Text(template, **params)


def normalize(lang: str | None) -> str:
    """A supported language from "ru", "ru_RU.UTF-8", "RU"…; English for anything else."""
    head = (lang or "").split(".")[0].replace("-", "_").split("_")[0].lower()
    return head if head in LANGUAGES else DEFAULT


def ru_plural(n: int | float) -> int:
    """The Russian plural form of `n`: 0 one (1, 21), 1 few (2–4, 22), 2 many (5–20, 0);
    a fraction takes "few" (1,5 попадания)."""
    if isinstance(n, float) and not n.is_integer():
        return 1
    n = abs(int(n))
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def _fill(template: str, params: Mapping[str, Any], lang: str, ruleset: str | None) -> str:
    def plural(m: re.Match) -> str:
        value = params.get(m.group(1))
        if not isinstance(value, int | float):
            return m.group(2)
        return m.group(2 + ru_plural(value)) if lang == "ru" else (
            m.group(2) if value == 1 else m.group(3))

    if lang == DEFAULT:  # English is built for every message: numbers and words as they are
        shown = {k: v if type(v) in _AS_IS else _param(v, lang, ruleset)
                 for k, v in params.items()}
    else:
        shown = {k: _param(v, lang, ruleset) for k, v in params.items()}
    if "|" in template:
        template = _PLURAL.sub(plural, template)
    return template.format(**shown)


#: Field types English shows unchanged (`_param` would give the same; bool is not here: it
#: says "yes" / "no").
_AS_IS = frozenset({int, float, str, Text})


def _param(value: Any, lang: str, ruleset: str | None) -> Any:
    if isinstance(value, bool):
        return localized("yes" if value else "no", lang, ruleset)
    if isinstance(value, int | float):
        return value
    if lang == DEFAULT:
        return localized(value, lang, ruleset) if not isinstance(value, str) else str(value)
    return localized(value, lang, ruleset)


# --------------------------------------------------------------------------- glossaries

_extra: dict[tuple[str, str], dict[str, str]] = {}


def register_glossary(lang: str, entries: Mapping[str, str], scope: str = "") -> None:
    """Add entries to the glossary of `scope` (a ruleset id; "" the generic one) — for
    rulesets built in code (tests) and for terms a module computes."""
    _extra.setdefault((lang, scope), {}).update(entries)
    glossary.cache_clear()


def _read(package: str, *parts: str) -> dict[str, str]:
    # imported here: the program's window imports this module for msg() and said(), and
    # reads no glossary until a Russian text is shown, so the cold start (design.md P6)
    # does not pay for tomllib and importlib.resources
    import tomllib
    from importlib import resources

    node = resources.files(package)
    for part in parts:
        node = node.joinpath(part)
    if not node.is_file():
        return {}
    where = "/".join(parts)
    try:
        data = tomllib.loads(node.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise GlossaryError(f"{where}: {e}") from None
    out: dict[str, str] = {}
    for table in ("terms", "messages", *CONTEXTS):
        for key, value in data.get(table, {}).items():
            if not isinstance(value, str):
                raise GlossaryError(f"{where}: {table}.{key!r}: expected text, got "
                                    f"{type(value).__name__}")
            out[in_context(key, table) if table in CONTEXTS else key] = value
    return out


#: the glossaries' context tables: words a context says otherwise than the rules' texts
CONTEXTS: tuple[str, ...] = ("cards",)


def in_context(text: str, context: str) -> str:
    """The glossary key of `text` said in `context` ("cards|level")."""
    return f"{context}|{text}"


@cache
def glossary(lang: str, scope: str = "") -> dict[str, str]:
    """English → `lang` for `scope`: a ruleset's glossary file, or ("") the generic one."""
    if lang == DEFAULT:
        return {}
    if scope:
        base = {**sides_of(scope, lang), **_record_names(scope, lang),
                **_read("resources.rulesets", scope, f"glossary_{lang}.toml")}
        base = {**_action_ids(scope, base), **base}
    else:
        base = _read("resources.translations", f"engine_{lang}.toml")
    return {**base, **_extra.get((lang, scope), {})}


def _record_names(scope: str, lang: str) -> dict[str, str]:
    """name → name_<lang> (label → label_<lang>) of every record a ruleset carries (its
    profiles and weapons, and the records nested in them: a vehicle's guns), so that a name
    written into a message or a list is translated like the record itself."""
    try:
        from engine.rulesets.registry import get_ruleset

        rs = get_ruleset(scope)
    except (KeyError, ImportError):
        return {}
    out: dict[str, str] = {}

    def walk(node: Any, depth: int = 0) -> None:
        if depth > 6:
            return
        if isinstance(node, Mapping):
            for key in _NAME_KEYS:
                english, own = node.get(key), node.get(f"{key}_{lang}")
                if isinstance(english, str) and isinstance(own, str) and english and own:
                    out.setdefault(english, own)
            for value in node.values():
                walk(value, depth + 1)
        elif isinstance(node, list | tuple):
            for value in node:
                walk(value, depth + 1)

    walk(rs.profiles)
    walk(rs.weapons)
    return out


def _action_ids(scope: str, terms: Mapping[str, str]) -> dict[str, str]:
    """action id → its label's translation ("dig_in" → "Окапывание"), so an id a
    record keeps (the turn's ledger: "dig_in recorded") reads like the action's
    name."""
    try:
        from engine.rulesets.registry import get_ruleset

        actions = get_ruleset(scope).actions
    except (KeyError, ImportError, AttributeError):
        return {}
    return {a.id: terms[a.label] for a in actions
            if isinstance(getattr(a, "label", None), str) and a.label in terms}


def _lookup(text: str, lang: str, ruleset: str | None, context: str = "") -> str | None:
    keys = (in_context(text, context), text) if context else (text,)
    for key in keys:
        for scope in ((ruleset, "") if ruleset else ("",)):
            found = glossary(lang, scope).get(key)
            if found is not None:
                return found
    return None


# --------------------------------------------------------------------------- sides

_extra_sides: dict[tuple[str, str], dict[str, str]] = {}


def register_sides(lang: str, names: Mapping[str, str], scope: str) -> None:
    """Side names of a ruleset read from elsewhere than resources/rulesets (a house
    ruleset's folder): as its glossary's `[sides]` table would give them."""
    _extra_sides.setdefault((lang, scope), {}).update(names)
    sides_of.cache_clear()


@cache
def sides_of(scope: str, lang: str) -> dict[str, str]:
    """side id → its name in `lang`, as a ruleset names the sides of its scenarios (the
    `[sides]` table of resources/rulesets/<scope>/glossary_<lang>.toml; English too)."""
    import tomllib
    from importlib import resources

    if (lang, scope) in _extra_sides:
        return dict(_extra_sides[(lang, scope)])
    try:
        node = resources.files("resources.rulesets").joinpath(scope, f"glossary_{lang}.toml")
    except (ModuleNotFoundError, ValueError):
        return {}
    if not node.is_file():
        return _house_sides(scope, lang)
    try:
        table = tomllib.loads(node.read_text(encoding="utf-8")).get("sides", {})
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise GlossaryError(f"{scope}/glossary_{lang}.toml: {e}") from None
    return {str(k): str(v) for k, v in table.items() if isinstance(v, str)}


def _house_sides(scope: str, lang: str) -> dict[str, str]:
    """A house ruleset's side names: its folder is read when the ruleset is first looked
    up (engine.house.folder registers them), so look it up."""
    try:
        from engine.rulesets.registry import get_ruleset

        get_ruleset(scope)
    except (KeyError, ImportError, ValueError):
        return {}
    return dict(_extra_sides.get((lang, scope), {}))


def side_name(side: str | None, lang: str | None, ruleset: str | None = None) -> str:
    """A side as players read it: the ruleset's name for it in `lang` (English:
    "allies" → "Allies"; Russian: "Союзники"); a side no ruleset names (one a player
    typed) is its own name."""
    if not side:
        return ""
    lang = normalize(lang)
    if ruleset:
        for wanted in (lang, DEFAULT):
            found = sides_of(ruleset, wanted).get(side)
            if found:
                return found
    return side


def side_record(side: str, ruleset: str | None) -> dict[str, str]:
    """A side as a message field: its names in every language (`localized` picks the
    reader's; a log line keeps them all)."""
    out = {"name": side_name(side, DEFAULT, ruleset)}
    for lang in LANGUAGES:
        if lang != DEFAULT:
            out[f"name_{lang}"] = side_name(side, lang, ruleset)
    return out


# --------------------------------------------------------------------------- localized

_NAME_KEYS = ("name", "label", "title", "term")


def localized(obj: Any, lang: str | None, ruleset: str | None = None, *,
              context: str = "") -> str:
    """`obj` as the player reads it in `lang`.

    A `Text` is rebuilt from its translated template; a plain string is looked up whole in
    the glossaries (`ruleset`'s first; with a `context`, its table first) and kept if
    absent; a record (a mapping or an object) gives its `name_<lang>` / `label_<lang>` when
    it has one, else its `name` / `label` through the glossaries. Anything else is
    `str(obj)`."""
    lang = normalize(lang)
    if lang == DEFAULT or obj is None:
        return _localized(obj, lang, ruleset, context)
    return dice_written(_localized(obj, lang, ruleset, context), lang)


#: how a die is written in each language other than English ("d6" is "к6" in Russian)
DIE_LETTER: dict[str, str] = {"ru": "к"}
_DIE = re.compile(r"(?<![\w.])(\d*)d(\d+|%)(?!\w)")


#: how each language cites a line of a rules source ("seed L281": the source's line 281)
SOURCE_LINE: dict[str, str] = {"ru": "источник, строка {0}"}
_SOURCE_LINE = re.compile(r"\bseed L(\d+)")


def dice_written(text: str, lang: str | None) -> str:
    """`text` with each die ("d6", "2d6", "d20") written as `lang` writes it ("к6"), and
    each citation of a rules source's line ("seed L281") in its words."""
    lang = normalize(lang)
    letter = DIE_LETTER.get(lang)
    if letter and "d" in text:
        text = _DIE.sub(lambda m: f"{m.group(1)}{letter}{m.group(2)}", text)
    cite = SOURCE_LINE.get(lang)
    if cite and "seed L" in text:
        text = _SOURCE_LINE.sub(lambda m: cite.format(m.group(1)), text)
    return text


def _localized(obj: Any, lang: str, ruleset: str | None, context: str) -> str:
    if obj is None:
        return ""
    if isinstance(obj, Text):
        # a message declared with its own translation (`own`: a ruleset's vocabulary
        # wording) says it; any other is looked up in the glossaries
        own = getattr(obj, "own", None)
        template = obj.template if lang == DEFAULT else (
            (own.get(lang) if isinstance(own, dict) else None)
            or _lookup(obj.template, lang, ruleset, context) or obj.template)
        return _fill(template, obj.params, lang, ruleset)
    if isinstance(obj, str):
        if lang == DEFAULT:
            return obj
        return _lookup(obj, lang, ruleset, context) or obj
    for key in _NAME_KEYS:
        own = _field(obj, f"{key}_{lang}") if lang != DEFAULT else None
        if own:
            return str(own)
        english = _field(obj, key)
        if english:
            return localized(english, lang, ruleset, context=context)
    return str(obj)


def _field(obj: Any, key: str) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(key)
    return getattr(obj, key, None)


class Verbatim:
    """A field of a message shown as written in every language: a table, key or field
    name read from a file ("turn", "game"), which a glossary lookup would otherwise turn
    into a word of the rules ("ход", "игра") and so no longer name what the file holds."""

    __slots__ = ("text",)

    def __init__(self, text: Any) -> None:
        self.text = str(text)

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)

    def __repr__(self) -> str:
        return f"verbatim({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Verbatim) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __reduce__(self):
        return (Verbatim, (self.text,))


def verbatim(text: Any) -> Verbatim:
    """`text` as a message field that is never translated (see Verbatim)."""
    return Verbatim(text)


def join(sep: str, parts: Any) -> Text:
    """`sep.join(parts)` as a message: each part (a `Text`, a name …) is localized in
    turn, the separator kept — for summaries made of several notes."""
    parts = list(parts)
    escaped = sep.replace("{", "{{").replace("}", "}}")
    template = escaped.join(f"{{p{i}}}" for i in range(len(parts)))
    return Text(template, **{f"p{i}": p for i, p in enumerate(parts)})


def prefixed(prefix: Any, text: Any) -> Any:
    """`text` after `prefix` ("Hit 2: " + "Penetration") as a message both parts of which
    are translated; `text` alone when there is no prefix."""
    return Text("{prefix}{text}", prefix=prefix, text=text) if prefix else text


# --------------------------------------------------------------------------- JSON form

#: The key marking a message in its JSON form: {"$text": template, "params": {…}}.
TEXT_KEY = "$text"


def text_to_json(obj: Any) -> Any:
    """`obj` as plain JSON that `text_from_json` turns back into what `localized` shows in
    any language — for saved log lines (no pickle): a `Text` as its template and fields
    (each field in turn), a record as its names in every language, a number or a string
    as itself."""
    if isinstance(obj, Text):
        return {TEXT_KEY: obj.template,
                "params": {k: text_to_json(v) for k, v in obj.params.items()}}
    if obj is None or isinstance(obj, bool | int | float | str):
        return obj
    names = {f"{key}{suffix}": str(value) for key in _NAME_KEYS
             for suffix in ("", *(f"_{lang}" for lang in LANGUAGES if lang != DEFAULT))
             if (value := _field(obj, f"{key}{suffix}"))}
    if names:
        return names
    if isinstance(obj, list | tuple):
        return [text_to_json(v) for v in obj]
    return str(obj)


def text_from_json(data: Any) -> Any:
    """What `text_to_json` wrote, back: a message is a `Text` again (the same English)."""
    if isinstance(data, Mapping) and isinstance(data.get(TEXT_KEY), str):
        params = data.get("params")
        params = params if isinstance(params, Mapping) else {}
        try:
            return Text(data[TEXT_KEY], **{str(k): text_from_json(v) for k, v in params.items()})
        except (KeyError, IndexError, ValueError):
            return None
    if isinstance(data, list):
        return [text_from_json(v) for v in data]
    return data


def said(err: BaseException) -> Any:
    """What an error says, as it was built: its message (a `Text` when made with `msg`, so
    the reader's language can be shown) — `str(err)` for any other error."""
    own = getattr(err, "text", None)
    if isinstance(own, Text):
        return own
    if len(err.args) == 1 and isinstance(err.args[0], Text):
        return err.args[0]
    return str(err)
