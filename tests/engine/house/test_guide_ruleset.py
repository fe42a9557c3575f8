"""A ruleset written only from docs/house-rules.md (its code blocks, in a temporary
folder) appears in the program: `warboard ruleset check` passes it, the registry lists
it, its actions resolve and give exact odds through the command line, in English and in
Russian (its cards print: tests/app/test_own_rules_window.py, which has the Qt
application the printer needs)."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from app import cli
from engine.dice import ScriptedDice
from engine.model import Game
from engine.rulesets.registry import get_ruleset, house_errors, list_rulesets
from engine.scenario_io import load_scenario


def run(capsys, *argv):
    code = cli.run([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def table(house_folder):
    return house_folder.parent / "frontier-skirmish.json"


def test_ruleset_check_passes_the_guide_s_ruleset(capsys, house_folder):
    code, out, err = run(capsys, "ruleset", "check", house_folder)
    assert (code, err) == (0, "")
    assert "Frontier Skirmish: 2 actions, 2 profiles, 2 weapons" in out


def test_the_program_finds_it_beside_its_own_rulesets(capsys, house_folder):
    assert "frontier-skirmish" in [rs.id for rs in list_rulesets()]
    assert len(list_rulesets()) == 6 and house_errors() == []
    code, out, _ = run(capsys, "ruleset", "list")
    assert code == 0 and "Frontier Skirmish" in out and "Keno platoon" in out


def test_odds_through_the_command_line_are_exact(capsys, table):
    code, out, err = run(capsys, "odds", table, "shoot", "--by", "red-1", "--target",
                         "blue-1", "--weapon", "carbine", "--json")
    assert code == 0, err
    got = {row["outcome"]: Fraction(row["exact"]) for row in json.loads(out)["outcomes"]}
    # by hand: 2 shots, 5+ to hit (4+, +1 beyond half range), 4+ to wound: each shot
    # wounds with 1/3 × 1/2 = 1/6
    assert got == {0: Fraction(25, 36), 1: Fraction(10, 36), 2: Fraction(1, 36)}


def test_the_odds_equal_every_face_enumerated(house_folder):
    """The chain's odds against every combination of faces rolled through resolve."""
    rs = get_ruleset("frontier-skirmish")
    game = Game(load_scenario(house_folder.parent / "frontier-skirmish.json"))
    ctx = rs.context("shoot", actor=game.unit("red-1"), target=game.unit("blue-1"),
                     weapon="carbine", game=game)
    ctx = rs.context("shoot", actor=game.unit("red-1"), target=game.unit("blue-1"),
                     weapon="carbine", game=game,
                     facts=ctx.facts.override(distance_in=13.4, los=True, cover=0))
    counts: dict[int, int] = {}
    for hits in itertools.product(range(1, 7), repeat=2):
        n = sum(f >= 5 for f in hits)
        for wounds in itertools.product(range(1, 7), repeat=n):
            res = ctx.resolve(ScriptedDice([*hits, *wounds]))
            w = res.steps[-1].count("wound") if n else 0
            counts[w] = counts.get(w, 0) + 6 ** (2 - n)
    exact = {int(o): p for o, p in ctx.odds().outcomes}
    assert exact == {k: Fraction(v, 36 * 36) for k, v in counts.items()}


def test_resolve_in_russian_names_things_by_their_russian_names(capsys, table):
    code, out, err = run(capsys, "--lang", "ru", "resolve", table, "shoot", "--by", "red-1",
                         "--target", "blue-1", "--weapon", "carbine", "--dice", "6,5,4,1")
    assert code == 0, err
    for word in ("Попадание", "Ранение", "дальний выстрел", "попаданий 2, ранений 1",
                 "к6", "убит"):
        assert word in out
    for english in ("To hit", "To wound", "long shot", "hits", "killed", "beyond"):
        assert english not in out


def test_a_test_is_refused_with_its_reason_and_rolls_when_it_may(capsys, table):
    code, out, err = run(capsys, "odds", table, "rally", "--by", "red-1")
    assert code == 2 and "Trooper Voss is not pinned" in err
    rs = get_ruleset("frontier-skirmish")
    assert rs.action("rally").kind == "test"


def test_a_turn_of_a_house_game_is_one_forum_post_naming_things_by_name(capsys,
                                                                         house_folder,
                                                                         tmp_path):
    """Through the referee (the one door): planned, rolled, applied and logged, saved,
    then posted in English and Russian — names, never ids or keys."""
    from engine.gamefile import save_game
    from engine.play import GameTable, PlayRequest, Referee, Scripted

    game = Game(load_scenario(house_folder.parent / "frontier-skirmish.json"))
    referee = Referee(GameTable(game))
    plan = referee.plan(PlayRequest(game, "shoot", "red-1", target="blue-1",
                                    weapon="carbine"))
    rolled = referee.roll(plan, Scripted(ScriptedDice([6, 5, 4, 1])))
    referee.apply(plan, rolled, override=True)
    assert not game.on_table("blue-1") and len(game.log) == 1
    path = tmp_path / "ambush.warboard"
    save_game(path, game)
    code, out, err = run(capsys, "post", path, "--format", "text")
    assert code == 0, err
    assert "Trooper Voss" in out and "Trooper Ilves" in out and "To hit" in out
    for key in ("red-1", "blue-1", "frontier-skirmish", "carbine"):
        assert key not in out, key
    code, out, err = run(capsys, "--lang", "ru", "post", path, "--format", "text")
    assert code == 0, err
    for russian in ("== Красные ==", "Стрелять", "Попадание", "2 × попадание",
                    "1 × ранение, 1 × нет ранения", "прижат +1", "убит",
                    "попаданий 2, ранений 1"):
        assert russian in out, russian
    for english in ("To hit", "To wound", "hits", "killed", "Red", "hit", "wound"):
        assert english not in out, english


def test_the_russian_guide_builds_the_same_ruleset():
    """docs/house-rules.ru.md (shown in a Russian interface) carries the very same files."""
    from . import guide

    russian = guide.GUIDE.with_name("house-rules.ru.md").read_text("utf-8")
    assert [(m.group(1), m.group(2)) for m in guide._BLOCK.finditer(russian)] == \
        guide.blocks()
