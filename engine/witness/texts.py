"""Every string engine.witness writes for players — the post's witness lines and the
findings of checking a game against its thread — in English and Russian, and the Russian
of its refusals (made messages, engine.i18n)."""

from __future__ import annotations

from engine.i18n import register_glossary

__all__ = ["TEXTS", "text"]

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "nonces": "Players' nonces: {nonces}; rolls from #{first} on derive with them. "
                  "Declared before them (commitment {decl}): {declared}.",
        "rolled_count": "Resolutions declared: {n}; log lines rolled with the nonces: {m} "
                        "(more than declared: a re-roll or an undeclared roll, listed "
                        "below).",
        "no_nonces": "No players' nonces this turn: the game master could know these "
                     "rolls in advance.",
        "chain": "Place in the chain (for verify):",
        # findings of engine.witness.posts
        "no_posts": "the saved thread holds no chain line",
        "damaged": "chain line {n} of the saved thread cannot be read (a field is missing "
                   "or malformed: the copy was damaged, or the line edited)",
        "game_id": "post {post}: game {got}, but the file is game {want}",
        "seal": "post {post}: sealed-dice commitment {got}, but the file's is {want}",
        "commitment": "the commitment given ({got}) is not the file's ({want})",
        "head": "post {post} (turn {turn}): head {head} is in no line of the file's chain "
                "— the log was changed after it was posted",
        "turn": "post {post} (turn {turn}): log lines {first}–{last} it covers are of "
                "another turn — the post was changed",
        "head_at": "post {post} (turn {turn}): head {head} is not the file's head after "
                   "log line {seq} — the log was changed",
        "prev": "post {post} (turn {turn}): its previous head is not post {before}'s head "
                "— a post is missing between them",
        "first_prev": "post {post} (turn {turn}): its previous head {prev} is not the "
                      "start of the chain — the post before it is missing",
        "rolls_gap": "post {post} (turn {turn}): rolls start at #{first}, after #{last} "
                     "in post {before} — rolls posted in between are missing",
        "tail": "the file ends at log line {seq} and roll #{roll}, but the thread was "
                "posted up to log line {posted_seq} and roll #{posted_roll} — its tail "
                "was cut",
        "unposted": "log lines {first}-{last} (rolls {rolls}) are in no saved post",
        "decl": "post {post} (turn {turn}): declaration commitment {got}, the file's is "
                "{want}",
        "nonce_digest": "post {post} (turn {turn}): nonces digest {got}, the file's is "
                        "{want}",
        "first_roll": "post {post} (turn {turn}): rolls derive with the nonces from #{got} "
                      "on, the file says from #{want}",
        "before_first": "log line {seq} (turn {turn}): roll #{roll} was derived without the "
                        "players' nonces in a turn that has them (they count from #{first}; "
                        "a witnessed turn is declared before its first roll)",
        "witness_dropped": "post {post} (turn {turn}): posted with players' nonces, the "
                           "file has none for that turn",
        "witness_added": "post {post} (turn {turn}): posted without players' nonces, the "
                         "file has them",
        "undeclared": "log line {seq} (turn {turn}): {what} was not declared, or not in "
                      "the declared order",
        "posts_ok": "{n} posts checked against the file: every head, roll number and "
                    "commitment matches",
        "posts_bad": "{bad} problem(s) in {n} posts checked against the file",
    },
    "ru": {
        "nonces": "Числа игроков: {nonces}; броски начиная с №{first} выводятся с ними. "
                  "Объявлено до них (обязательство {decl}): {declared}.",
        "rolled_count": "Объявлено действий: {n}; строк журнала с бросками на числах "
                        "игроков: {m} (если больше объявленного — это переброс или "
                        "необъявленный бросок, они перечислены ниже).",
        "no_nonces": "В этом ходу игроки не давали своих чисел: ведущий мог знать эти "
                     "броски заранее.",
        "chain": "Место в цепочке (для проверки):",
        "no_posts": "в сохранённой теме нет ни одной строки цепочки",
        "damaged": "строка цепочки {n} сохранённой темы не читается (поле пропущено или "
                   "искажено: копия повреждена или строка исправлена)",
        "game_id": "сообщение {post}: игра {got}, а файл — игра {want}",
        "seal": "сообщение {post}: обязательство запечатанных кубов {got}, а в файле "
                "{want}",
        "commitment": "данное обязательство ({got}) не совпадает с обязательством файла "
                      "({want})",
        "head": "сообщение {post} (ход {turn}): вершины {head} нет в цепочке файла — "
                "журнал изменён после публикации",
        "turn": "сообщение {post} (ход {turn}): строки журнала {first}–{last} относятся к "
                "другому ходу — сообщение изменено",
        "head_at": "сообщение {post} (ход {turn}): вершина {head} не совпадает с вершиной "
                   "файла после строки журнала {seq} — журнал изменён",
        "prev": "сообщение {post} (ход {turn}): его предыдущая вершина — не вершина "
                "сообщения {before}: между ними пропущено сообщение",
        "first_prev": "сообщение {post} (ход {turn}): его предыдущая вершина {prev} — не "
                      "начало цепочки: пропущено сообщение перед ним",
        "rolls_gap": "сообщение {post} (ход {turn}): броски начинаются с №{first}, а "
                     "сообщение {before} кончилось №{last} — броски между ними пропущены",
        "tail": "файл кончается строкой журнала {seq} и броском №{roll}, а в теме "
                "опубликовано до строки {posted_seq} и броска №{posted_roll} — хвост "
                "отрезан",
        "unposted": "строки журнала {first}-{last} (броски {rolls}) не вошли ни в одно "
                    "сохранённое сообщение",
        "decl": "сообщение {post} (ход {turn}): обязательство объявлений {got}, а в файле "
                "{want}",
        "nonce_digest": "сообщение {post} (ход {turn}): свёртка чисел игроков {got}, а в "
                        "файле {want}",
        "first_roll": "сообщение {post} (ход {turn}): броски выводятся с числами игроков "
                      "начиная с №{got}, а в файле — с №{want}",
        "before_first": "строка журнала {seq} (ход {turn}): бросок №{roll} выведен без чисел "
                        "игроков в ходу, где они есть (они действуют с №{first}; ход с числами "
                        "игроков объявляют до первого броска)",
        "witness_dropped": "сообщение {post} (ход {turn}): опубликовано с числами игроков, "
                           "а в файле их для этого хода нет",
        "witness_added": "сообщение {post} (ход {turn}): опубликовано без чисел игроков, а "
                         "в файле они есть",
        "undeclared": "строка журнала {seq} (ход {turn}): {what} не объявлено или не в "
                      "объявленном порядке",
        "posts_ok": "сообщений сверено с файлом: {n}; все вершины, номера бросков и "
                    "обязательства совпадают",
        "posts_bad": "проблем: {bad} в {n} сообщениях, сверенных с файлом",
    },
}

#: The Russian of the refusals made with engine.i18n.msg in engine.witness.
_RU_REFUSALS = {
    "{field}: expected text, got {got}": "{field}: ожидался текст, получено {got}",
    "{field}: empty": "{field}: пусто",
    "{field}: longer than {n} characters": "{field}: длиннее {n} знаков",
    "{field}: holds a control character (one line of plain text)":
        "{field}: содержит управляющий знак (нужна одна строка простого текста)",
    "declaration {n}": "объявление {n}",
    "declarations: at least one": "объявления: нужно хотя бы одно",
    "player {n}": "игрок {n}",
    "nonce {n}": "число {n}",
    "nonces: at least one": "числа игроков: нужно хотя бы одно",
    "witness.turn: expected a whole number ≥ 1, got {got}":
        "witness.turn: ожидалось целое ≥ 1, получено {got}",
    "witness turn {t}: declarations: expected a list":
        "witness, ход {t}: declarations: ожидался список",
    "witness turn {t}: the declarations do not give the stored commitment":
        "witness, ход {t}: объявления не дают сохранённого обязательства",
    "witness turn {t}: nonces: expected a list": "witness, ход {t}: nonces: ожидался список",
    "witness turn {t}: first_roll: expected a whole number ≥ 1, got {got}":
        "witness, ход {t}: first_roll: ожидалось целое ≥ 1, получено {got}",
    "witness.turns: expected a list": "witness.turns: ожидался список",
    "witness.turns: expected objects": "witness.turns: ожидались объекты",
    "witness turn {t}: recorded twice": "witness, ход {t}: записан дважды",
    "turn {t}: the declarations are committed; enter the players' nonces before rolling "
    "(File ▸ Sealed dice ▸ Players' nonces…)":
        "ход {t}: объявления зафиксированы; введите числа игроков до броска "
        "(Файл ▸ Запечатанные кубы ▸ Числа игроков…)",
    "turn {t}: the players' nonces are entered and rolls were made with them; they "
    "cannot change": "ход {t}: числа игроков введены, и ими уже сделаны броски; менять "
                     "их нельзя",
    "turn {t}: the nonces need the declarations committed first":
        "ход {t}: сначала зафиксируйте объявления, потом вводите числа игроков",
    "turn {t} has sealed rolls already: declare a turn before its first roll":
        "в ходу {t} уже есть запечатанные броски: объявления делают до первого броска хода",
    "turn {t}: the declarations cannot change once the players' nonces are in":
        "ход {t}: объявления нельзя менять после ввода чисел игроков",
    "this game is not played with sealed dice": "эта игра идёт не на запечатанных кубах",
    "nonce {n}: expected PLAYER=NONCE, got {got}":
        "число {n}: ожидалось ИГРОК=ЧИСЛО, получено {got}",
}
register_glossary("ru", _RU_REFUSALS)


def text(lang: str, key: str, **values: object) -> str:
    """The string `key` in `lang` (English when the language lacks it), filled in."""
    table = TEXTS.get(lang, TEXTS["en"])
    return table.get(key, TEXTS["en"][key]).format(**values)
