"""Effects in words for players (issue 16): names instead of ids, keys as words, no Python
data in the Effects line, distances rounded; the log keeps the exact describe()."""

from __future__ import annotations

import re

import pytest

from engine.i18n import localized
from engine.model import (
    AddGroupMarker,
    AddMarker,
    AdjustState,
    Change,
    MoveUnit,
    RemoveUnit,
    SetGameState,
    SetGroupState,
    SetState,
)
from engine.wording import change_words, distance, effect_words, side_name, table_names, words

NAMES = {"us-1-1": "Pfc. Dawson", "gren-1": "Gefr. Vogel", "coy-1": "1st company"}


@pytest.mark.parametrize(("key", "text"), [("ap_left", "AP left"), ("hp", "HP"),
                                            ("turn_log", "turn log"), ("suppression",
                                                                       "suppression")])
def test_keys_as_words(key, text):
    assert words(key) == text


@pytest.mark.parametrize(("effect", "text"), [
    (AddMarker("us-1-1", "suppression", 1, maximum=3), "Pfc. Dawson: suppressed (+1)"),
    (AdjustState("us-1-1", "hp", -1), "Pfc. Dawson: 1 wound"),
    (AdjustState("us-1-1", "hp", -2), "Pfc. Dawson: 2 wounds"),
    (AdjustState("gren-1", "ap_left", -1), "Gefr. Vogel: 1 AP spent"),
    (SetState("us-1-1", "casualty", "npc-pending"),
     "Pfc. Dawson: at 0 HP, the death roll is due"),
    (SetState("gren-1", "turn_log", {"turn": 1, "ap": []}), "Gefr. Vogel: turn log updated"),
    (SetState("gren-1", "aimed", True), "Gefr. Vogel: aimed"),
    (SetState("gren-1", "aim", None), "Gefr. Vogel: aim lost"),
    (SetState("gren-1", "target", "us-1-1"), "Gefr. Vogel: targets Pfc. Dawson"),
    (SetState("gren-1", "mm_penalties", [2]), ""),            # bookkeeping: the log's
    (MoveUnit("gren-1", 10.123456, 4.5), "Gefr. Vogel: moves to (10.1, 4.5)"),
    (RemoveUnit("us-1-1", "casualty"), "Pfc. Dawson: removed (casualty)"),
    (SetGameState("initiative", ["axis", "allies"]), ""),
    (SetGroupState("coy-1", "terror", 2), "1st company: terror 2"),
])
def test_effects_in_words(effect, text):
    """Iron Hearts' words for its keys (its vocabulary's Said), the engine's for the
    turn's own; bookkeeping is left to the log."""
    assert effect_words(effect, NAMES, "iron-hearts") == text
    assert "{" not in effect_words(effect, NAMES, "iron-hearts")


def test_each_unit_is_named_once_with_what_happened_to_it_in_either_language():
    change = Change([AdjustState("us-1-1", "hp", -1),
                     AddMarker("us-1-1", "suppression", 1, maximum=3),
                     AdjustState("gren-1", "ap_left", -1),
                     SetState("us-1-1", "casualty", "npc-pending")])
    said = change_words(change, NAMES, "iron-hearts")
    assert said == ["Pfc. Dawson: 1 wound, suppressed (+1), at 0 HP, the death roll is due",
                    "Gefr. Vogel: 1 AP spent"]
    assert [localized(s, "ru", "iron-hearts") for s in said] == [
        "Pfc. Dawson: 1 рана, подавлен (+1), 0 ХП, нужен бросок смерти",
        "Gefr. Vogel: потрачено ОД: 1"]


def test_a_group_and_a_side_by_their_names_in_russian():
    from engine.model import Game, SetGame
    from engine.scenario_io import load_demo

    game = Game(load_demo())
    names = table_names(game)
    group = next(g for g in game.scenario.groups if g.name_ru)
    change = Change([AddGroupMarker(group.id, "suppression", 2), SetGame("active_side", "axis")])
    said = change_words(change, names, "iron-hearts")
    assert said == [f"{group.name}: suppressed (+2)", "Axis to act"]
    assert [localized(s, "ru", "iron-hearts") for s in said] == [
        f"{group.name_ru}: подавлен (+2)", "ходит: Ось"]


def test_a_scenario_names_its_own_sides():
    from engine.model import Game
    from engine.scenario_io import load_demo

    sc = load_demo()
    sc.extra["sides"] = {"allies": {"name": "US Army", "name_ru": "Армия США"},
                         "axis": "Wehrmacht"}
    assert side_name(sc, "allies") == {"name": "US Army", "name_ru": "Армия США"}
    assert side_name(sc, "axis") == {"name": "Wehrmacht"}
    assert localized(table_names(Game(sc))["allies"], "ru") == "Армия США"
    assert side_name(sc, "partisans") == {"name": "Partisans"}     # named nowhere


def test_a_worded_key_must_be_declared_and_have_its_russian():
    from engine.protocol import Said, Vocabulary, terms

    with pytest.raises(ValueError, match="up_ru"):
        Said(up="suppressed (+{n})")
    with pytest.raises(ValueError, match="'pinned' is not declared"):
        Vocabulary(markers=terms("suppression")).worded({"pinned": Said(hidden=True)})


def test_an_unknown_id_stays_and_the_log_keeps_describe():
    change = Change([AdjustState("x-9", "hp", -1), SetState("us-1-1", "turn_log", {"a": 1})])
    assert change_words(change, NAMES, "iron-hearts") == [
        "x-9: 1 wound", "Pfc. Dawson: turn log updated"]
    assert change.describe() == ["x-9: hp -1", "us-1-1: turn_log = {'a': 1}"]


@pytest.mark.parametrize(("value", "text"), [(51.8365, "51.8"), (12.0, "12"), (0.04, "0")])
def test_distances_rounded(value, text):
    assert distance(value) == text


def test_a_resolution_is_rendered_with_names(tmp_path):
    from engine.dice import TypedDice
    from engine.facts import facts_for
    from engine.model import Game
    from engine.render import render
    from engine.rulesets.registry import get_ruleset
    from engine.scenario_io import load_demo

    sc = load_demo()
    rs = get_ruleset(sc.ruleset)
    game = Game(sc)
    action = rs.action("shoot")
    facts = facts_for(sc, action, "gren-1", "us-1-1", ruleset=rs)
    ctx = rs.context("shoot", actor=game.unit("gren-1"), target=game.unit("us-1-1"),
                     facts=facts, game=game)
    text = render(ctx.resolve(TypedDice("4,6")))
    head = text.splitlines()[0]
    assert head == f"Shoot — {game.unit('gren-1').label} → {game.unit('us-1-1').label}"
    effects = next(line for line in text.splitlines() if line.startswith("Effects"))
    assert "us-1-1" not in effects and "gren-1" not in effects and "ap_left" not in effects
    assert "{" not in effects
    facts = next(line for line in text.splitlines() if line.startswith("Facts"))
    assert "member cover Pfc. Dawson 1" in facts     # measured per member: by name
    assert not re.search(r"us-\d", text)
