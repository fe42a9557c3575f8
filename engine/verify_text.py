"""What `warboard verify` and File ▸ Verify dice… say about a game file, in English and
Russian: one sentence per problem, naming the log line, the roll or the place of the game
it found, and what was done to it (engine.verify_game)."""

from __future__ import annotations

__all__ = ["VERIFY_TEXTS", "verify_text"]

VERIFY_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "unreadable": "the game file does not open: {why}",
        "gap": "log line {seq} is missing (the numbers jump from {before} to {seq_after}): "
               "a line was removed",
        "renumbered_rows": "log line {seq} is numbered {got}: lines were renumbered",
        "break": "log line {seq} does not follow line {before}: the hash it carries is not "
                 "that line's — a line was changed, removed, inserted or moved",
        "chain_off": "log line {seq}: the hash chain was switched off (its link to the line "
                     "before it was removed) in a game that had it",
        "chain_off_sealed": "log line {seq} holds sealed roll #{roll} but no link of the hash "
                            "chain, which this sealed game requires: the chain was switched "
                            "off",
        "downgraded": "log line {seq} is written in the chain's first form after lines of "
                      "its second: the chain was rewritten",
        "head_removed": "the saved head and count of the log were removed",
        "count": "the log holds {n} lines but {saved} were saved: lines were {how}",
        "head": "the last log line ({seq}) is not the one saved: it was changed",
        "kind": "log line {seq} is filed as a {got} but is a {want}",
        "sealing_damaged": "the sealing cannot be read: {why}",
        "sealing_changed": "log line {seq} was written under another sealing: the seed, "
                           "commitment or game id was changed",
        "sealed_before_sealing": "log line {seq} holds sealed roll #{roll} but was written "
                                 "before the game was sealed",
        "commitment_posted": "the game's commitment {got} is not the one posted ({want}): "
                             "the seed and commitment were replaced",
        "mark_bad": "log line {seq} does not carry its seal: it was changed after it was "
                    "written",
        "mark_bad_run": "log lines {seq}–{last} do not carry their seals: line {seq} (or a "
                        "line before it) was changed after they were written",
        "chain_off_run": "log lines {seq}–{last}: the hash chain was switched off (their "
                         "links to the lines before them were removed) in a game that had "
                         "it",
        "chain_off_sealed_run": "log lines {seq}–{last} hold sealed rolls (the first #{roll}) "
                                "but no link of the hash chain, which this sealed game "
                                "requires: the chain was switched off",
        "mark_missing": "log line {seq} holds sealed roll #{roll} without a seal: it was "
                        "changed or added outside Warboard",
        "reused": "roll #{roll} is used by log lines {first} and {seq}, which are not one "
                  "roll and its application: a roll was reused",
        "out_of_order": "roll #{roll} (log line {seq}) comes after roll #{later}: rolls were "
                        "renumbered or moved",
        "relabelled": "log line {seq}: {label} is marked {got}, but the line's dice were "
                      "{want}: the roll was relabelled",
        "pair": "log line {seq} applies the roll of line {of} with other dice ({got} "
                "instead of {want}): its result was rewritten",
        "pair_missing": "log line {seq} applies the roll of line {of}, which is not a roll "
                        "of the same action",
        "state_edited": "{place} is {got} in the file, not what the log's last record of it "
                        "(line {seq}) says: the game state was edited outside Warboard",
        "state_gap": "{place} changed between log lines {before} and {seq} without "
                     "Warboard: the game state was edited outside it",
        "posted_head": "the chain head posted last ({head}) is not in this log: posted lines "
                       "were changed or removed",
        "tail_cut": "the posts reach sealed roll #{want}, this log only #{got}: rolls were "
                    "cut off",
        "verdict_ok": "verified: the log's {n} lines and {rolls} sealed rolls hold",
        "verdict_bad": "NOT verified: {bad} problem(s) found",
        "note_unsealed_tail": "log lines {first}–{last} were written while the seed was "
                              "locked: only the posts vouch for them",
        "note_legacy": "log lines 1–{last} were written before the hash chain: only the "
                       "posts vouch for them",
        "note_no_seed": "the seed is not revealed: the rolls and seals are checked once it "
                        "is",
        "note_tail_state": "changed since the last log line (not yet in the chain): {places}",
    },
    "ru": {
        "unreadable": "файл игры не открывается: {why}",
        "gap": "строки журнала {seq} нет (номера прыгают с {before} на {seq_after}): строку "
               "удалили",
        "renumbered_rows": "строка журнала {seq} пронумерована как {got}: строки "
                           "перенумеровали",
        "break": "строка журнала {seq} не продолжает строку {before}: хеш, который она "
                 "несёт, не её — строку изменили, удалили, вставили или переставили",
        "chain_off": "строка журнала {seq}: цепочку хешей отключили (убрали её связь с "
                     "предыдущей строкой) в игре, где она была",
        "chain_off_sealed": "в строке журнала {seq} запечатанный бросок №{roll}, но нет "
                            "связи цепочки хешей, которую требует запечатанная игра: "
                            "цепочку отключили",
        "downgraded": "строка журнала {seq} записана в первом виде цепочки после строк "
                      "второго: цепочку переписали",
        "head_removed": "сохранённые голова и число строк журнала удалены",
        "count": "в журнале {n} строк, а сохранено {saved}: строки {how}",
        "head": "последняя строка журнала ({seq}) не та, что сохранена: её изменили",
        "kind": "строка журнала {seq} записана как «{got}», а это «{want}»",
        "sealing_damaged": "печать не читается: {why}",
        "sealing_changed": "строка журнала {seq} записана под другой печатью: зерно, "
                           "обязательство или номер игры заменили",
        "sealed_before_sealing": "в строке журнала {seq} запечатанный бросок №{roll}, но "
                                 "она записана до того, как игру запечатали",
        "commitment_posted": "обязательство игры {got} не то, что было опубликовано "
                             "({want}): зерно и обязательство заменили",
        "mark_bad": "строка журнала {seq} не несёт своей печати: её изменили после записи",
        "mark_bad_run": "строки журнала {seq}–{last} не несут своих печатей: строку {seq} "
                        "(или строку до неё) изменили после их записи",
        "chain_off_run": "строки журнала {seq}–{last}: цепочку хешей отключили (убрали их "
                         "связи с предыдущими строками) в игре, где она была",
        "chain_off_sealed_run": "в строках журнала {seq}–{last} запечатанные броски (первый "
                                "№{roll}), но нет связи цепочки хешей, которую требует "
                                "запечатанная игра: цепочку отключили",
        "mark_missing": "в строке журнала {seq} запечатанный бросок №{roll} без печати: "
                        "строку изменили или добавили в обход Warboard",
        "reused": "бросок №{roll} использован строками журнала {first} и {seq}, а это не "
                  "бросок и его применение: бросок использовали повторно",
        "out_of_order": "бросок №{roll} (строка журнала {seq}) идёт после броска №{later}: "
                        "броски перенумеровали или переставили",
        "relabelled": "строка журнала {seq}: {label} помечен как «{got}», а кубики строки "
                      "— «{want}»: бросок переименовали",
        "pair": "строка журнала {seq} применяет бросок строки {of} с другими кубиками ({got} "
                "вместо {want}): её результат переписали",
        "pair_missing": "строка журнала {seq} применяет бросок строки {of}, а это не бросок "
                        "того же действия",
        "state_edited": "{place} в файле — {got}, не то, что говорит последняя запись "
                        "журнала о нём (строка {seq}): состояние игры изменили в обход "
                        "Warboard",
        "state_gap": "{place} изменили между строками журнала {before} и {seq} без "
                     "Warboard: состояние игры изменили в обход него",
        "posted_head": "опубликованной последней головы цепочки ({head}) нет в этом "
                       "журнале: опубликованные строки изменили или удалили",
        "tail_cut": "сообщения доходят до запечатанного броска №{want}, а журнал — только "
                    "до №{got}: броски отрезали",
        "verdict_ok": "проверено: {n} строк журнала и {rolls} запечатанных бросков в порядке",
        "verdict_bad": "НЕ проверено: найдено проблем: {bad}",
        "note_unsealed_tail": "строки журнала {first}–{last} записаны, пока зерно было "
                              "заперто: за них ручаются только сообщения",
        "note_legacy": "строки журнала 1–{last} записаны до цепочки хешей: за них ручаются "
                       "только сообщения",
        "note_no_seed": "зерно не раскрыто: броски и печати будут проверены, когда его "
                        "раскроют",
        "note_tail_state": "изменено после последней строки журнала (ещё не в цепочке): "
                           "{places}",
    },
}

#: Words filled into the sentences above, by language.
WORDS: dict[str, dict[str, str]] = {
    "en": {"removed": "removed", "added": "added", "sealed": "the sealed dice",
           "typed": "typed", "app": "the app's seeded dice", "script": "scripted",
           "absent": "absent"},
    "ru": {"removed": "удалены", "added": "добавлены", "sealed": "запечатанные кубы",
           "typed": "введённые вручную", "app": "кубы приложения с зерном",
           "script": "по сценарию", "absent": "нет"},
}


def verify_text(lang: str, key: str, **values: object) -> str:
    """The sentence `key` in `lang` (English when the language has none), filled."""
    table = VERIFY_TEXTS.get(lang, VERIFY_TEXTS["en"])
    words = WORDS.get(lang, WORDS["en"])
    filled = {k: words.get(v, v) if isinstance(v, str) else v for k, v in values.items()}
    return table.get(key, VERIFY_TEXTS["en"][key]).format(**filled)
