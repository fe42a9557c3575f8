"""Every string the engine writes for players of a forum game — the words of a turn's
post (engine.turn_post) and the sealed-dice messages (engine.sealed) — in English and
Russian: the one place their translation is kept. Placeholders are str.format fields.
"""

from __future__ import annotations

import unicodedata
from urllib.parse import quote

__all__ = ["LANGS", "TEXTS", "text", "link_target", "one_line"]

LANGS = ("en", "ru")

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{game} — turn {turn}",
        "pictures": "Pictures",
        "picture": "{file}: put the link of the uploaded picture here",
        "side": "{side}",
        "table": "Table",
        "dice": "dice",
        "typed": "typed",
        "app": "app, seed {seed}",
        "sealed": "sealed, roll #{roll}",
        "script": "script",
        "effects": "Effects",
        "result": "Result",
        "measure": "measurement",
        "template": "template",
        "roll": "roll",
        "ruler": "ruler",
        "nothing": "Nothing was logged in turn {turn}.",
        "sealed_note": "Sealed dice: commitment {commitment}. Every app roll has its number; "
                       "check them with the seed once it is revealed.",
        "entries": "{n} log lines",
        "unapplied": "rolled, not applied",
        "initiative": "Initiative",
        "initiative_tie": "tie: the tied sides roll again",
        "initiative_reroll": "{side}, re-roll {n}: {dice}",
        "initiative_order": "Order: {order}",
        # sealed dice (engine.sealed)
        "passphrase_short": "passphrase: at least {n} characters",
        "passphrase_wrong": "passphrase: not the one this game was sealed with",
        "not_sealed": "this game is not played with sealed dice",
        "already_sealed": "this game is already sealed (commitment {commitment})",
        "locked": "sealed dice: the game master must unlock the seed first, or type the "
                  "faces of physical dice",
        "seed_format": "seed: expected {n} hexadecimal digits, got {got!r}",
        "bad_state": "sealed dice: the game's sealing is damaged ({field})",
        "commit_ok": "commitment matches: the seed is the one committed to ({commitment})",
        "commit_bad": "commitment does NOT match: this seed and game id give {got}, "
                      "the game committed to {want}",
        "mismatch": "roll #{roll} (log line {seq}, {label} {die}): logged {logged}, "
                    "the seed gives {expected}",
        "missing": "roll #{roll} missing: made and not in the log",
        "missing_run": "rolls #{roll}–#{last} missing ({count}): made and not in the log",
        "bad_number": "log line {seq}: a sealed roll ({label}) numbered {roll}; numbers "
                      "start at 1",
        "duplicate": "roll #{roll} logged twice with different faces (log lines {first} and "
                     "{seq})",
        "unnumbered": "log line {seq}: a sealed roll ({label}) without its number",
        "summary_ok": "{n} sealed rolls verified, none missing; {typed} typed",
        "summary_bad": "{bad} problem(s) in {n} sealed rolls; {typed} typed",
    },
    "ru": {
        "title": "{game} — ход {turn}",
        "pictures": "Картинки",
        "picture": "{file}: вставьте сюда ссылку на загруженную картинку",
        "side": "{side}",
        "table": "Стол",
        "dice": "кубы",
        "typed": "введены вручную",
        "app": "программа, зерно {seed}",
        "sealed": "запечатанные, бросок №{roll}",
        "script": "сценарий",
        "effects": "Последствия",
        "result": "Итог",
        "measure": "замер",
        "template": "шаблон",
        "roll": "бросок",
        "ruler": "линейка",
        "nothing": "В ходе {turn} ничего не записано.",
        "sealed_note": "Запечатанные кубы: обязательство {commitment}. У каждого броска "
                       "программы свой номер; проверьте их, когда зерно будет раскрыто.",
        "entries": "строк журнала: {n}",
        "unapplied": "брошено, не применено",
        "initiative": "Инициатива",
        "initiative_tie": "ничья: стороны с равным результатом бросают снова",
        "initiative_reroll": "{side}, переброс {n}: {dice}",
        "initiative_order": "Порядок хода: {order}",
        # sealed dice (engine.sealed)
        "passphrase_short": "парольная фраза: не короче {n} знаков",
        "passphrase_wrong": "парольная фраза: не та, которой запечатана эта игра",
        "not_sealed": "эта игра идёт без запечатанных кубов",
        "already_sealed": "эта игра уже запечатана (обязательство {commitment})",
        "locked": "запечатанные кубы: ведущий должен сначала открыть зерно, или введите "
                  "грани настоящих кубов",
        "seed_format": "зерно: нужно {n} шестнадцатеричных цифр, получено {got!r}",
        "bad_state": "запечатанные кубы: запись в игре повреждена ({field})",
        "commit_ok": "обязательство сходится: это то самое зерно ({commitment})",
        "commit_bad": "обязательство НЕ сходится: это зерно и id игры дают {got}, "
                      "а игра обязалась {want}",
        "mismatch": "бросок №{roll} (строка журнала {seq}, {label} {die}): записано {logged}, "
                    "зерно даёт {expected}",
        "missing": "бросок №{roll} пропущен: сделан, но его нет в журнале",
        "missing_run": "броски №{roll}–№{last} пропущены ({count}): сделаны, но их нет в "
                       "журнале",
        "bad_number": "строка журнала {seq}: запечатанный бросок ({label}) под номером "
                      "{roll}; номера начинаются с 1",
        "duplicate": "бросок №{roll} записан дважды с разными гранями (строки журнала {first} "
                     "и {seq})",
        "unnumbered": "строка журнала {seq}: запечатанный бросок ({label}) без номера",
        "summary_ok": "проверено запечатанных бросков: {n}, пропусков нет; введены вручную: "
                      "{typed}",
        "summary_bad": "проблем: {bad} на {n} запечатанных бросков; введены вручную: {typed}",
    },
}




def text(lang: str, key: str, **values: object) -> str:
    """The string `key` in `lang` (English when the language lacks it), filled in."""
    table = TEXTS.get(lang, TEXTS["en"])
    return table.get(key, TEXTS["en"][key]).format(**values)


def link_target(name: str) -> str:
    """A file name as the target of a post's link ([img]…[/img], ![…](…)): percent-encoded
    as a relative URL, so brackets, parentheses, spaces and line breaks in a name stay in
    the link instead of closing it and opening markup of their own."""
    return quote(name, safe="/")


def one_line(name: str) -> str:
    """A name written into a post's text on one line: control and format characters (line
    breaks, bidi overrides) shown as \\uXXXX, since the post's markup escaping keeps
    them."""
    return "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")
                   else c for c in name)

