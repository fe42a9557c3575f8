"""A turn post people read (issue 37): the demo's played turn and a turn of every sample
table, posted in Russian, hold no English word but the table's names (the Russian walks'
checker, tests/russian_words.py) and no die written "d6"; posted in English, they hold no
unit, group or side id and no key of the ruleset or the turn."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine import turns
from engine.costs import charge
from engine.model import Game, ModelError, apply_change
from engine.play import AppDice, GameTable, PlayRequest, Referee, Scripted, TypedFaces
from engine.protocol import ActionRefused
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_demo
from engine.turn_post import FORMATS, turn_post
from engine.wording import side_names
from tests import russian_words as words
from tests.engine import russian_walk as walk

#: BBCode tags and the rules' section marks are no words
STRIP = (r"\[/?[a-z*]+(=[^\]]*)?\]", words.SECTIONS)


def demo_turn() -> Game:
    """The demo's turn 1 as the Actions and Turn docks play it: initiative typed, a tank
    aims and fires, a grenadier shoots (typed dice), a rifleman shoots with the app's
    dice."""
    game = Game(load_demo())
    referee = Referee(GameTable(game))
    structure = turns.structure_of(get_ruleset(game.scenario.ruleset))
    referee.roll_turn(lambda d: turns.roll_initiative(game, structure, d), TypedFaces("5 3"))
    for actor, action, target, faces in (("sherman-1", "tank_aim", "gren-3", "1"),
                                         ("gren-1", "shoot", "us-1-1", "3 2"),
                                         ("sherman-1", "tank_fire", "gren-3", "2 3")):
        game.active_side = game.unit(actor).side
        plan = referee.plan(PlayRequest(game, action, actor, target=target))
        referee.apply(plan, referee.typed(referee.preview(plan, faces.split())),
                      override=True)
    game.active_side = "allies"
    plan = referee.plan(PlayRequest(game, "shoot", "us-1-1", target="gren-1"))
    referee.apply(plan, referee.roll(plan, AppDice(seed=11)), override=True)
    return game


def table_turn(rid: str, most: int = 6) -> Game:
    """A turn of a ruleset's sample table: initiative when it rolls one, then up to `most`
    different actions with effects, each resolved with the walk's scripted dice, charged
    and logged as the referee logs them."""
    game = walk.open_game(rid)
    structure = turns.structure_of(get_ruleset(rid))
    if structure.initiative is not None and len(game.sides) > 1:
        Referee(GameTable(game)).roll_turn(
            lambda d: turns.roll_initiative(game, structure, d), Scripted(walk.CycleDice()))
    done: set[str] = set()
    for action, _by, _target, ctx in walk.contexts(game, rid):
        if action.id in done or ctx is None or isinstance(ctx, ActionRefused) \
                or walk._gone(game, ctx):
            continue
        try:
            res = charge(ctx, ctx.resolve(walk.CycleDice()), override=True)
            if res.change.effects:
                apply_change(game, res.change)
        except (ActionRefused, ValueError, KeyError, ModelError):
            continue
        if res.change.effects:
            game.append_log(res.log_entry(game.turn))
            done.add(action.id)
        if len(done) >= most:
            break
    return game


@cache
def played(rid: str) -> Game:
    return demo_turn() if rid == "demo" else table_turn(rid)


TABLES = ("demo", *sorted(walk.SCENARIOS))


def names_of(game: Game) -> set[str]:
    """The Latin words a Russian post may keep: the table's names (scenario, units,
    groups, the records the ruleset keeps in Latin) and the walks' own list (units of
    measure, AP, HP) — no id, no side's id."""
    rs = get_ruleset(game.scenario.ruleset)
    texts = [game.scenario.name, *(u.name or "" for u in game.all_units()),
             *(g.name or "" for g in game.scenario.groups)]
    texts += words.record_names(dict(rs.profiles)) + words.record_names(dict(rs.weapons))
    return set(walk.ALLOW) | {w for t in texts for w in words.LATIN.findall(t)}


@pytest.mark.parametrize("rid", TABLES)
def test_a_russian_post_has_no_english_but_the_tables_names(rid):
    game = played(rid)
    assert len(game.log) >= 3, "the turn played too little to say anything"
    for fmt in FORMATS:
        post = turn_post(game, 1, fmt, "ru")
        lines = [line for line in post.splitlines() if line.strip()]
        assert words.english(lines, names_of(game), STRIP) == []
        assert not re.search(r"(?<![\w-])\d*d\d+\b", post), "a die not written к6"


def ids_and_keys(game: Game) -> tuple[set[str], set[str]]:
    """Every unit, group and side id of the table (but one that is a word of a name:
    "raiders" of "Velian raiders"),
    and every key its ruleset declares, with the turn's own."""
    rs = get_ruleset(game.scenario.ruleset)
    names = " ".join([*(u.name or "" for u in game.all_units()),
                      *(g.name or "" for g in game.scenario.groups), game.scenario.name,
                      *(s["name"] for s in side_names(game).values())])
    ids = {u.id for u in game.all_units()} | {g.id for g in game.scenario.groups} \
        | set(game.sides)
    ids = {i for i in ids if not re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", names)}
    keys = rs.vocabulary.keys() | {"ap_left", "actions_left", *turns.TURN_KEYS}
    return ids, keys


@pytest.mark.parametrize("rid", TABLES)
def test_an_english_post_has_no_id_and_no_key(rid):
    game = played(rid)
    ids, keys = ids_and_keys(game)
    for fmt in FORMATS:
        post = turn_post(game, 1, fmt, "en").replace("\\_", "_")   # Markdown's escapes
        found = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", post)]
        assert found == []
        # a key as code (with "_") anywhere, or any key written as data ("hp -1",
        # "loaded = False", "casualty: npc-pending")
        leaked = [k for k in keys if ("_" in k and k in post) or re.search(
            rf"(?<![\w-]){re.escape(k)} ?(=|[+-]\d|: ?[\w-]+-[\w-]+)", post)]
        assert leaked == []
        assert "{" not in post and "[[" not in post


def test_the_demo_post_says_what_happened_in_words():
    """The issue's post, fixed: names, effects worded, the initiative once per side."""
    post = turn_post(played("demo"), 1, "text", "en")
    assert "Effects: Pfc. Dawson: suppressed (+1), 1 wound, at 0 HP, the death roll is due; " \
           "Gefr. Vogel: 1 AP spent" in post
    assert "== Allies ==" in post and "== Axis ==" in post
    assert "- 1. Initiative\n    Allies: d10 = 5 (typed)\n    Axis: d10 = 3 (typed)\n" \
           "    Order: Allies, Axis\n" in post
    ru = turn_post(played("demo"), 1, "text", "ru")
    assert "Последствия: Pfc. Dawson: подавлен (+1), 1 рана, 0 ХП, нужен бросок смерти; " \
           "Gefr. Vogel: потрачено ОД: 1" in ru
    assert "    Союзники: к10 = 5 (введены вручную)\n    Ось: к10 = 3 (введены вручную)\n" \
           "    Порядок хода: Союзники, Ось\n" in ru
