"""The Russian walks' English filter (tests/russian_words.py) still catches English: each
walk's own `english`, with the allowlist it builds for a sample table, fails a Russian line
with one English word in it, and passes the same line with a proper name of the table,
markup or a code name instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario_io import load_scenario
from resources.loader import resource
from tests import russian_words as words
from tests.app import test_russian_walk as window_walk
from tests.engine import russian_walk as engine_walk

WALKS = {"window": window_walk, "engine": engine_walk}


def sample(walk, rid: str):
    return load_scenario(Path(str(resource("scenarios", walk.SCENARIOS[rid]))))


@pytest.mark.parametrize("name", sorted(WALKS))
def test_one_english_word_fails_the_walk(name):
    walk = WALKS[name]
    scenario = sample(walk, "civil-war-company")
    allowed = walk.allowed_words(scenario, "civil-war-company")
    unit = scenario.units[0]
    line = "Огонь по цели: попадание"
    assert walk.english([line, line.replace("цели", "target")], allowed) == [
        "Огонь по target: попадание"]
    assert walk.english([line.replace("цели", unit.label)], allowed) == []
    assert walk.english(["Огонь (crew_quality, §4.15)"], allowed) == []


def test_each_walk_strips_its_own_kind_of_text():
    """Markup and file names are not text in a window; the engine's texts have neither,
    so there they count (and a section mark is not a word)."""
    marked = ["<b>Огонь</b> &nbsp;", "Открыть /tmp/games/night.json"]
    scenario = sample(engine_walk, "boets-sci-fi")
    assert window_walk.english(marked, window_walk.allowed_words(scenario, "boets-sci-fi")) \
        == []
    assert engine_walk.english(marked, engine_walk.allowed_words(scenario, "boets-sci-fi")) \
        == sorted(marked)
    assert engine_walk.english(["правило §5.5-2"], set()) == []


def test_a_name_cut_short_counts_as_the_name_and_nothing_else():
    allowed = {"Steel", "tank", "company"}
    assert words.english(['"Steel" tank compa…'], allowed, ()) == []
    assert words.english(["Steel tank attac…"], allowed, ()) == ["Steel tank attac…"]
    assert words.english(["compa"], allowed, ()) == ["compa"]     # no ellipsis: a word


def test_the_played_walk_counts_ids_code_names_and_dice():
    """The walk of the played window (tests/app/play_walk.py) allows the table's names
    only: a side's id, a code name and a die written "d10" are English; a unit's name,
    the side's Russian name and "к10" are not."""
    from tests.app import play_walk

    scenario = sample(window_walk, "iron-hearts")
    allowed = play_walk.strict_words(scenario, "iron-hearts", window_walk.ALLOW)
    assert set(play_walk.english_words(["Порядок: allies → axis"], allowed)) == \
        {"allies", "axis"}
    assert set(play_walk.english_words(["Кубы: d10", "(commander_guts)"], allowed)) == \
        {"d10", "commander", "guts"}
    unit = scenario.units[0]
    assert play_walk.english_words([f"{unit.label} — Т-IV (Союзники)", "к10 ≤ 5",
                                    "<b>Шансы</b>"], allowed) == {}
