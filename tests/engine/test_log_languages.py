"""A saved log line reads in either language (issue #16): the game file keeps the
summary's message form (template + fields, JSON) beside the English, so a game resolved
in Russian and reopened shows the line in English or Russian; an older file without the
form still opens and shows its English."""

from __future__ import annotations

import json
import sqlite3

from engine.dice import TypedDice
from engine.facts import facts_for
from engine.gamefile import load_game, save_game
from engine.gamefile_schema import log_entry as row_entry
from engine.i18n import Text, localized
from engine.log_chain import entry_hash
from engine.model import SUMMARY_TEXT, Game, LogEntry
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_demo
from engine.turns import end_turn, structure_of, turn_entry


def played() -> tuple[Game, str, str]:
    """The demo with one shot resolved (typed dice) and a turn crossed, both logged; the
    shot's summary in English and in Russian as shown when it was resolved."""
    sc = load_demo()
    rs = get_ruleset(sc.ruleset)
    game = Game(sc)
    facts = facts_for(sc, rs.action("shoot"), "gren-1", "us-1-1", ruleset=rs)
    ctx = rs.context("shoot", actor=game.unit("gren-1"), target=game.unit("us-1-1"),
                     facts=facts, game=game)
    res = ctx.resolve(TypedDice("4,6,2"))
    game.append_log(res.log_entry(game.turn))
    change = end_turn(game, structure_of(rs))
    game.append_log(turn_entry(game.turn, "end_turn", change))
    return game, str(res.summary), localized(res.summary, "ru", rs.id)


def test_a_line_resolved_in_russian_reopens_in_both_languages(tmp_path):
    game, english, russian = played()
    assert russian != english and not any(w in russian for w in ("hits", "wound"))
    path = tmp_path / "game.warboard"
    save_game(path, game)
    again = load_game(path)
    shot, crossing = again.log[0], again.log[1]
    assert isinstance(shot.summary, Text)
    assert shot.summary == english                              # the English, byte for byte
    assert localized(shot.summary, "en", game.scenario.ruleset) == english
    assert localized(shot.summary, "ru", game.scenario.ruleset) == russian
    assert crossing.summary == "End of turn 1; turn 2 begins: roll initiative"
    assert localized(crossing.summary, "ru") == \
        "Конец хода 1; начинается ход 2: бросьте инициативу"
    # the hash chain holds across the round trip (the form is part of the entry)
    assert [entry_hash(e) for e in again.log] == [entry_hash(e) for e in game.log]


def test_the_form_is_json_beside_the_english(tmp_path):
    game, english, _ = played()
    path = tmp_path / "game.warboard"
    save_game(path, game)
    with sqlite3.connect(path) as db:
        summary, details = db.execute("SELECT summary, details FROM log ORDER BY seq "
                                      "LIMIT 1").fetchone()
    assert summary == english
    form = json.loads(details)[SUMMARY_TEXT]
    assert isinstance(form["$text"], str) and isinstance(form["params"], dict)


def test_an_older_line_without_the_form_shows_its_english():
    row = {"seq": 1, "kind": "resolution", "turn": 1, "actor": "gren-1", "action": "shoot",
           "target": "us-1-1", "dice": "[]", "summary": "2 hits on Pfc. Dawson",
           "details": "{}", "timestamp": "", "prev": None}
    entry = row_entry(row)
    assert not isinstance(entry.summary, Text)
    assert localized(entry.summary, "ru", "iron-hearts") == "2 hits on Pfc. Dawson"


def test_a_form_that_no_longer_matches_keeps_the_stored_english():
    form = {"$text": "{n} hits", "params": {"n": 3}}
    entry = LogEntry.from_dict({"turn": 1, "actor": None, "action": "x",
                                "summary": "2 hits", "details": {SUMMARY_TEXT: form}})
    assert entry.summary == "2 hits" and not isinstance(entry.summary, Text)
    assert entry.details[SUMMARY_TEXT] == form           # kept, so the hash still holds
