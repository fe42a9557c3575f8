"""Effects in words for players (issue 16): names instead of ids, keys as words, no Python
data in the Effects line, distances rounded; the log keeps the exact describe()."""

from __future__ import annotations

import pytest

from engine.model import (
    AddMarker,
    AdjustState,
    Change,
    MoveUnit,
    RemoveUnit,
    SetGameState,
    SetGroupState,
    SetState,
)
from engine.wording import change_words, distance, effect_words, words

NAMES = {"us-1-1": "Pfc. Dawson", "gren-1": "Gefr. Vogel", "coy-1": "1st company"}


@pytest.mark.parametrize(("key", "text"), [("ap_left", "AP left"), ("hp", "HP"),
                                            ("turn_log", "turn log"), ("suppression",
                                                                       "suppression")])
def test_keys_as_words(key, text):
    assert words(key) == text


@pytest.mark.parametrize(("effect", "text"), [
    (AddMarker("us-1-1", "suppression", 1, maximum=3), "Pfc. Dawson: suppression +1 (max 3)"),
    (AdjustState("us-1-1", "hp", -1), "Pfc. Dawson: HP -1"),
    (AdjustState("gren-1", "ap_left", -1), "Gefr. Vogel: AP left -1"),
    (SetState("us-1-1", "casualty", "npc-pending"), "Pfc. Dawson: casualty = npc pending"),
    (SetState("gren-1", "turn_log", {"turn": 1, "ap": []}), "Gefr. Vogel: turn log updated"),
    (SetState("gren-1", "aimed", True), "Gefr. Vogel: aimed"),
    (SetState("gren-1", "aim", None), "Gefr. Vogel: aim cleared"),
    (MoveUnit("gren-1", 10.123456, 4.5), "Gefr. Vogel: moves to (10.1, 4.5)"),
    (RemoveUnit("us-1-1", "casualty"), "Pfc. Dawson: removed (casualty)"),
    (SetGameState("initiative", ["axis", "allies"]), "game: initiative updated"),
    (SetGroupState("coy-1", "terror", 2), "1st company: terror = 2"),
])
def test_effects_in_words(effect, text):
    assert effect_words(effect, NAMES) == text
    assert "{" not in effect_words(effect, NAMES)


def test_an_unknown_id_stays_and_the_log_keeps_describe():
    change = Change([AdjustState("x-9", "hp", -1), SetState("us-1-1", "turn_log", {"a": 1})])
    assert change_words(change, NAMES) == ["x-9: HP -1", "Pfc. Dawson: turn log updated"]
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
