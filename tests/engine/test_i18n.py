"""engine.i18n: names, fixed texts and messages in the player's language."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from engine.i18n import Text, glossary, localized, msg, normalize, register_glossary, ru_plural


def test_a_message_is_its_english_string_everywhere():
    m = msg("{n} hits on {target}", n=2, target="Tiger")
    assert m == "2 hits on Tiger" and isinstance(m, str)
    assert json.dumps({"summary": m}) == '{"summary": "2 hits on Tiger"}'
    assert localized(m, "en") == "2 hits on Tiger"
    for again in (pickle.loads(pickle.dumps(m)), copy.deepcopy(m)):
        assert isinstance(again, Text) and again.template == m.template


def test_a_message_is_translated_whole_and_its_fields_localized():
    register_glossary("ru", {"{n} hits on {target}": "{n} {n|попадание|попадания|попаданий} "
                                                    "по {target}",
                             "Tiger": "Тигр"}, scope="toy-i18n")
    for n, word in ((1, "попадание"), (3, "попадания"), (5, "попаданий"), (11, "попаданий"),
                    (21, "попадание"), (0, "попаданий")):
        text = localized(msg("{n} hits on {target}", n=n, target="Tiger"), "ru", "toy-i18n")
        assert text == f"{n} {word} по Тигр"
    # another ruleset's glossary is not read; the message stays English
    assert localized(msg("{n} hits on {target}", n=1, target="Tiger"), "ru") == "1 hits on Tiger"


def test_english_plural_forms_in_a_template():
    assert msg("{n} {n|hit|hits|hits}", n=1) == "1 hit"
    assert msg("{n} {n|hit|hits|hits}", n=4) == "4 hits"


def test_records_give_their_own_russian_name_or_the_glossary():
    rec = {"name": "Panzer IV", "name_ru": "Т-4"}
    assert localized(rec, "ru") == "Т-4" and localized(rec, "en") == "Panzer IV"
    assert localized({"name": "yes"}, "ru") == "да"          # the generic glossary
    assert localized({"name": "Unknown thing"}, "ru") == "Unknown thing"

    class Option:
        label = "Volleys"
        label_ru = "Залпы"

    assert localized(Option(), "ru") == "Залпы" and localized(Option(), "en") == "Volleys"
    assert localized(None, "ru") == "" and localized(7, "ru") == "7"


def test_languages_are_normalised():
    assert normalize("ru_RU.UTF-8") == "ru" and normalize("RU") == "ru"
    assert normalize("de_DE") == "en" and normalize(None) == "en" and normalize("C") == "en"


def test_russian_plural_rule():
    assert [ru_plural(n) for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)] == \
        [0, 1, 1, 2, 2, 2, 2, 0, 1, 2, 0, 2]
    assert ru_plural(1.5) == 1


def _glossaries() -> list[str]:
    from importlib import resources

    root = resources.files("resources.rulesets")
    return ["", *sorted(d.name for d in root.iterdir()
                        if d.is_dir() and d.joinpath("glossary_ru.toml").is_file())]


@pytest.mark.parametrize("scope", _glossaries())
def test_every_glossary_entry_is_text_and_keeps_the_fields(scope):
    """A translated message uses exactly the fields of its English template (a field
    missing or misspelled would raise while a player reads it)."""
    import string

    def fields(t: str) -> set[str]:
        import re

        t = re.sub(r"\{(\w+)\|[^{}]*\}", r"{\1}", t)
        return {f for _, f, _, _ in string.Formatter().parse(t) if f}

    table = glossary("ru", scope)
    assert table, f"no Russian glossary for {scope or 'the engine'}"
    for english, russian in table.items():
        assert russian.strip(), english
        assert fields(russian) == fields(english), english


def test_a_context_table_says_a_word_otherwise_only_in_its_context():
    """[cards] words (a narrow column head) come first for a card and nowhere else."""
    from engine.i18n import in_context, register_glossary

    register_glossary("ru", {"squint level": "уровень прищура",
                             in_context("squint level", "cards"): "ур. прищ."}, "toy-ctx")
    assert localized("squint level", "ru", "toy-ctx") == "уровень прищура"
    assert localized("squint level", "ru", "toy-ctx", context="cards") == "ур. прищ."
    assert localized(msg("squint level"), "ru", "toy-ctx", context="cards") == "ур. прищ."
    assert localized("squint level", "en", "toy-ctx", context="cards") == "squint level"
    # without a word of its own, the context reads the terms
    register_glossary("ru", {"glare": "блик"}, "toy-ctx")
    assert localized("glare", "ru", "toy-ctx", context="cards") == "блик"


def test_a_side_reads_by_its_name_in_each_language():
    """A ruleset names its scenarios' sides (glossary [sides]); a side it does not name
    (one a player typed) is its own name; a message field keeps every language."""
    from engine.i18n import localized, msg, side_name, side_record

    assert side_name("allies", "en", "iron-hearts") == "Allies"
    assert side_name("allies", "ru", "iron-hearts") == "Союзники"
    assert side_name("unr", "ru_RU.UTF-8", "civil-war-company") == "УНР"
    assert side_name("pirates", "ru", "iron-hearts") == "pirates"
    assert side_name("axis", "en", None) == "axis"
    said = msg("{side} to act", side=side_record("steel", "keno-platoon"))
    assert str(said) == '"Steel" to act'
    russian = localized(said, "ru", "keno-platoon")
    assert "«Стальные»" in russian and "Steel" not in russian


def test_dice_and_source_lines_are_written_the_russian_way():
    from engine.i18n import dice_written, localized

    assert dice_written("2d6 ≤ 7, d20 + ББ, d%", "ru") == "2к6 ≤ 7, к20 + ББ, к%"
    assert dice_written("stat_d6, x.d6, d6s", "ru") == "stat_d6, x.d6, d6s"   # code names
    assert dice_written("2d6 (seed L12)", "en") == "2d6 (seed L12)"
    assert localized("(seed L281)", "ru") == "(источник, строка 281)"
