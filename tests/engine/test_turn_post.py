"""A turn as one post (engine/turn_post.py): the turn's log lines grouped by side and unit in
log order, every die with its source, pictures as placeholders, in BBCode, Markdown and
text, English and Russian."""

from __future__ import annotations

import pytest

from engine.dice import RollRecord
from engine.model import Game, LogEntry
from engine.scenario_io import load_demo
from engine.turn_post import TEXTS, turn_post, turn_sections


def played() -> Game:
    game = Game(load_demo())
    log = [
        LogEntry(1, "gren-1", "shoot", "us-1-1",
                 (RollRecord("Hit roll", "d10", (3,), "typed"),
                  RollRecord("Wound roll", "d10", (2,), "typed")),
                 "1 hits; Pvt. Dawson wounded",
                 {"ruleset": "iron-hearts", "steps": [
                     {"id": "hit", "label": "Hit roll", "outcome": "1 hit",
                      "rolls": [{"label": "Hit roll", "die": "d10", "faces": [3],
                                 "source": "typed", "seed": None}]},
                     {"id": "wound", "label": "Wound roll", "outcome": "wound",
                      "rolls": [{"label": "Wound roll", "die": "d10", "faces": [2],
                                 "source": "typed", "seed": None}]}],
                  "effects": ["Pvt. Dawson: wounds 0 → 1"]}),
        LogEntry(1, "sherman-3", "measure", "gren-5", summary='edge 26.94", LOS partial'),
        LogEntry(1, None, "picture", None, summary="picture t1.png",
                 details={"kind": "picture", "file": "t1.png"}),
        LogEntry(2, "us-1-1", "measure", "gren-1", summary="next turn"),
        LogEntry(1, None, "template", None,
                 (RollRecord("scatter distance", "d20", (7,), "app", 42),),
                 'blast-3 scattered 3" at 90°', {"template": {"under": []}}),
        LogEntry(1, "gren-1", "measure", "us-1-2", summary="second line of Albers"),
        LogEntry(1, "sherman-3", "ruler", None, summary='ruler 6.00"'),
    ]
    for e in log:
        game.append_log(e)
    return game


def test_sections_group_by_side_and_unit_in_log_order():
    game = played()
    secs = turn_sections(game, 1)
    assert [(s.title, s.side, s.side_title) for s in secs] == [
        ("Pictures", None, ""), ("Sherman 3 'Cyclone'", "allies", "Allies"),
        ("Gefr. Vogel", "axis", "Axis"), ("Table", None, "")]
    assert [[e.seq for e in s.entries] for s in secs] == [[3], [2, 7], [1, 6], [5]]
    # every line of the turn exactly once, none of another turn
    seqs = sorted(e.seq for s in secs for e in s.entries)
    assert seqs == [i for i, e in enumerate(game.log, 1) if e.turn == 1]
    shot = secs[2].entries[0]
    assert shot.head == "Shoot — Gefr. Vogel → Pfc. Dawson"
    assert shot.lines == ("Hit roll: d10 = 3 (typed) → 1 hit",
                          "Wound roll: d10 = 2 (typed) → wound",
                          "Effects: Pvt. Dawson: wounds 0 → 1",
                          "Result: 1 hits; Pvt. Dawson wounded")


def test_bbcode_post():
    post = turn_post(played(), 1, "bbcode")
    assert post.startswith("[b]Crossroads at Saint-Aubin — turn 1[/b]")   # bold: everywhere
    assert "[size" not in post
    assert "[img]t1.png[/img]" in post
    assert post.index("[b][u]Allies[/u][/b]") < post.index("[b][u]Axis[/u][/b]") \
        < post.index("[b]Table[/b]")
    assert "[*][b]1. Shoot — Gefr. Vogel → Pfc. Dawson[/b]\n[list]\n" \
        "[*]Hit roll: d10 = 3 (typed) → 1 hit\n" in post
    assert "dice: scatter distance: d20 = 7 (app, seed 42)" in post
    assert "next turn" not in post
    # one list per unit and the table, one nested list per line with dice or effects
    assert post.count("[list]") == post.count("[/list]") == 3 + 2


def test_markdown_and_text_posts():
    md = turn_post(played(), 1, "markdown", headings="percent")
    assert md.startswith("## Crossroads at Saint-Aubin — turn 1")
    assert "![t1.png: put the link of the uploaded picture here](t1.png)" in md
    assert "### Axis" in md and "#### Gefr. Vogel" in md
    bold = turn_post(played(), 1, "markdown")
    assert bold.startswith("**Crossroads at Saint-Aubin — turn 1**") and "#" not in bold
    assert "- **1. Shoot — Gefr. Vogel → Pfc. Dawson**" in md
    txt = turn_post(played(), 1, "text")
    assert "- 7. ruler: ruler 6.00\"" in txt


def test_russian_post_uses_the_catalogue():
    post = turn_post(played(), 1, "bbcode", "ru")
    assert "ход 1" in post and "[b][u]Ось[/u][/b]" in post and "Стол" in post
    assert "(введены вручную)" in post
    assert set(TEXTS["ru"]) == set(TEXTS["en"])
    # the ruleset's words too: the action, the steps and their rolls (engine.i18n)
    assert "Стрельба — " in post
    # dice are written к10 in Russian (issue #16; the post said "d10" before)
    assert "Бросок на попадание: к10 = 3 (введены вручную)" in post
    assert "Бросок на ранение: к10 = 2 (введены вручную) → ранение" in post


@pytest.mark.parametrize(("headings", "title", "side"), [
    ("bold", "[b]Crossroads at Saint-Aubin — turn 1[/b]", "[b][u]Allies[/u][/b]"),
    ("percent", "[size=150][b]Crossroads at Saint-Aubin — turn 1[/b][/size]",
     "[size=120][b][u]Allies[/u][/b][/size]"),
    ("scale", "[size=5][b]Crossroads at Saint-Aubin — turn 1[/b][/size]",
     "[size=4][b][u]Allies[/u][/b][/size]")])
def test_heading_styles(headings, title, side):
    """Bold renders on every forum; [size=150] on phpBB and Discourse; [size=5] where
    sizes run 1–7 (a [size=150] there is refused or huge)."""
    post = turn_post(played(), 1, "bbcode", headings=headings)
    assert post.startswith(title + "\n") and side in post


def test_empty_turn_and_bad_arguments():
    game = Game(load_demo())
    assert "Nothing was logged in turn 1." in turn_post(game, 1, "text")
    with pytest.raises(ValueError, match="format"):
        turn_post(game, 1, "html")
    with pytest.raises(ValueError, match="language"):
        turn_post(game, 1, "text", "de")
    with pytest.raises(ValueError, match="headings"):
        turn_post(game, 1, "bbcode", headings="huge")


def test_a_roll_logged_when_rolled_shows_once_and_an_unapplied_one_is_marked():
    """The honest roll log (details["roll"]): a roll is logged when rolled and again when
    applied (naming the first); the post shows it once, where it was applied, and keeps a
    roll never applied — a re-roll — marked as such."""
    game = Game(load_demo())
    dice = (RollRecord("Hit roll", "d10", (9,), "app", 11),)
    step = {"id": "hit", "label": "Hit roll", "outcome": "miss",
            "rolls": [{"label": "Hit roll", "die": "d10", "faces": [9], "source": "app",
                       "seed": 11}]}
    base = {"ruleset": "iron-hearts", "steps": [step], "effects": []}
    game.append_log(LogEntry(1, "gren-1", "shoot", "us-1-1", dice, "Rolled, seed 11: miss",
                             {**base, "kind": "roll", "roll": {"seed": 11, "applied": False}}))
    again = (RollRecord("Hit roll", "d10", (2,), "app", 12),)
    game.append_log(LogEntry(1, "gren-1", "shoot", "us-1-1", again,
                             "Re-roll of #1 (seed 11 → seed 12): hit",
                             {**base, "kind": "roll", "roll": {"seed": 12, "applied": False,
                                                              "reroll_of": {"seq": 1}}}))
    game.append_log(LogEntry(1, "gren-1", "shoot", "us-1-1", again, "hit",
                             {**base, "roll": {"seed": 12, "applied": True, "of": 2}}))
    (sec,) = turn_sections(game, 1)
    assert [(pe.seq, pe.head) for pe in sec.entries] == [
        (1, "Shoot — Gefr. Vogel → Pfc. Dawson (rolled, not applied)"),
        (3, "Shoot — Gefr. Vogel → Pfc. Dawson")]
    assert "Re-roll of #1" not in turn_post(game, 1, "text")
    assert "(брошено, не применено)" in turn_post(game, 1, "text", "ru")


HOSTILE_NAME = "x[/img][url=http://evil]y) ![z](http://evil\n# head.png"


def _with_picture(name: str) -> Game:
    game = Game(load_demo())
    game.append_log(LogEntry(1, None, "picture", None, summary=f"picture {name}",
                             details={"kind": "picture", "file": name}))
    return game


def test_a_picture_file_name_cannot_write_markup():
    """The file name comes from the game file: in the link it is percent-encoded, in the
    note escaped and kept on one line, so it opens no tag, link or heading of its own."""
    bb = turn_post(_with_picture(HOSTILE_NAME), 1, "bbcode")
    assert "[img]x%5B/img%5D%5Burl%3Dhttp%3A//evil%5Dy%29%20%21%5Bz%5D%28http%3A//evil%0A%23" \
           "%20head.png[/img]" in bb
    assert "[url" not in bb and bb.count("[img]") == bb.count("[/img]") == 1
    md = turn_post(_with_picture(HOSTILE_NAME), 1, "markdown")
    link = md[md.rindex("]("):]
    assert link.startswith("](x%5B/img%5D%5Burl%3Dhttp%3A//evil%5Dy%29%20") and "\n# " not in md
    assert "\\[z\\](http://evil\\\\u000a\\# head.png: put the link" in md
    plain = turn_post(_with_picture("a.png"), 1, "bbcode")
    assert "[img]a.png[/img]" in plain


def test_a_line_logged_before_the_change_was_kept_is_worded_from_its_record():
    """Older games keep only the id-based `effects` record: it is read back into effects
    where it can be, so their posts say names and words too; the ledger's line is
    bookkeeping (its overridden cost said)."""
    game = Game(load_demo())
    game.append_log(LogEntry(1, "gren-1", "shoot", "us-1-1", (), "1 hit",
                             {"ruleset": "iron-hearts", "steps": [], "effects": [
                                 "us-1-1: suppression +1 (max 3)", "us-1-1: hp -1",
                                 "us-1-1: casualty = npc-pending", "us-1-1: mm_penalties = [2]",
                                 "gren-1: ap_left -1",
                                 "gren-1: shoot recorded (1 AP) (cost overridden)",
                                 "somebody: said something"]}))
    (sec,) = turn_sections(game, 1)
    assert sec.entries[0].lines[0] == (
        "Effects: Pfc. Dawson: suppressed (+1), 1 wound, at 0 HP, the death roll is due; "
        "Gefr. Vogel: 1 AP spent, cost overridden; somebody: said something")
    (ru,) = turn_sections(game, 1, "ru")
    assert ru.entries[0].lines[0] == (
        "Последствия: Pfc. Dawson: подавлен (+1), 1 рана, 0 ХП, нужен бросок смерти; "
        "Gefr. Vogel: потрачено ОД: 1, стоимость не взята; somebody: said something")
