"""Civil War, Boets, Butterfly Effect and Keno played in Russian (issue #16): every action
of every unit (or formation) of each sample scenario at every other unit, resolved with
scripted dice; the results applied, the turn ended; the refusals read as well. Any English
word left in what the ruleset writes — step labels, results, outcomes and notes, summaries,
the reasons of its effects, refusals, trigger reasons, flags and why a unit may not act —
fails the test, listed whole (proper names of the table allowed: see russian_walk)."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.registry import get_ruleset
from tests.russian_words import table_words

from .russian_walk import SCENARIOS, allowed_words, english, play


@pytest.fixture(scope="module", params=sorted(SCENARIOS))
def walk(request):
    return play(request.param)


def test_every_action_is_resolved_or_refused(walk):
    rs = get_ruleset(walk.rid)
    seen = set(walk.resolved) | set(walk.refused_actions)
    assert {a.id for a in rs.actions} - seen == set()
    assert walk.refusals, "the walk met a refusal"
    assert walk.applied, "the walk applied results to the game"
    assert "end_turn" in walk.crossed


def test_nothing_the_ruleset_writes_is_left_in_english(walk):
    allowed = allowed_words(walk.game.scenario, walk.rid) | table_words(
        walk.game.scenario, walk.rid, also=[u.label for u in walk.game.all_units()])
    left = english(walk.texts, allowed)
    assert left == [], f"{len(left)} texts still in English:\n" + "\n".join(left)


def test_no_refusal_is_left_in_english(walk):
    allowed = allowed_words(walk.game.scenario, walk.rid) | table_words(
        walk.game.scenario, walk.rid, also=[u.label for u in walk.game.all_units()])
    left = english(walk.refusals, allowed)
    assert left == [], f"{len(left)} refusals still in English:\n" + "\n".join(left)


def test_the_rendered_resolutions_are_titled_in_russian(walk):
    """The text a player reads (engine.render in Russian): the action's title in Russian,
    no English "Result" line."""
    assert walk.rendered
    for text in walk.rendered:
        assert re.search(r"[А-Яа-яЁё]", text.splitlines()[0]), text
        assert "Result:" not in text, text


@pytest.mark.parametrize("rid", sorted(SCENARIOS))
def test_the_organisation_check_reads_in_russian(rid):
    """The organisation dock's remarks and lock of each sample (made wrong on purpose):
    no English word."""
    from engine.organisation import organisation_of

    from .russian_walk import open_game, organisation_texts

    said = organisation_texts(rid)
    if organisation_of(rid).check is None:
        pytest.skip("the ruleset has no organisation check")
    assert said, "the broken organisation gave remarks"
    left = english(said, allowed_words(open_game(rid).scenario, rid))
    assert left == [], f"{len(left)} remarks still in English:\n" + "\n".join(left)


def test_the_board_reads_in_russian(walk):
    """Badge and shape tips, the drag's allowance, the board's warnings, the selection
    zones and the weapon's distance bands of the table the walk left: no English word."""
    from .russian_walk import board_texts

    said = board_texts(walk)
    assert said, "the board showed something"
    left = english(said, allowed_words(walk.game.scenario, walk.rid))
    assert left == [], f"{len(left)} board texts still in English:\n" + "\n".join(left)
