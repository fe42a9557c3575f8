"""Renderings of a hand-built resolution: exact text, and the markup of the other two."""

from __future__ import annotations

import pytest

from engine.dice import D6, D10, Comparison, RollRecord, ScriptedDice
from engine.model import AddMarker, Change
from engine.options import Modifier
from engine.protocol import Facts, Resolution, Step, info_step, make_test, roll_test
from engine.render import render, render_bbcode, render_markdown, render_text

OFFICER = Modifier("officer", 1, "officer present")
GUN = Modifier("gun", 2, "75 mm gun", to="roll")
BAND = Modifier("band 2", -1, "range band 2", proposed=True, to="roll")


def sample() -> Resolution:
    serious = Step("serious", "SERIOUS test", (RollRecord("SERIOUS test", "d6",
                                                          (1, 5, 4, 6), "app", 42),),
                   Comparison.LE, 8, 7, "SERIOUS", (OFFICER,), 0, ("pass", "fail"),
                   (6, 10), outcome="1 × pass, 1 × fail", highlight=("pass",))
    pen = roll_test(ScriptedDice([6]), make_test(D10, 7, [GUN, BAND], Comparison.GT),
                    id="pen", label="Penetration", base=7, base_label="AV",
                    modifiers=[GUN, BAND], success="penetrates", failure="bounces")
    rng = info_step("range", "Range", "band 2 of 5", note="d = 130 m, Range 100 m")
    return Resolution("toy", "fire", "Fire", "sherman-1", "pz-4", [serious, pen, rng],
                      Change([AddMarker("pz-4", "penetrations", 1)]), "bounced",
                      Facts(distance_m=130.0, side_struck="front").override(in_arc=True))


EXPECTED_TEXT = """\
Fire — sherman-1 → pz-4
1. SERIOUS test — 2 × 2d6 (app, seed 42): pass: 1 + 5 = 6 · fail: 4 + 6 = 10
   needs 2d6 ≤ 8 (SERIOUS 7; +1 officer — officer present)
   → 1 × pass, 1 × fail
2. Penetration — 1 × d10 (script): 6 + 1 = 7 (bounces)
   needs d10 + 1 > 7 (AV 7; +2 gun (to the roll) — 75 mm gun; −1 band 2 (to the roll) \
— range band 2 (PROPOSED))
   → bounces
3. Range
   → band 2 of 5
   d = 130 m, Range 100 m
Effects: pz-4: penetrations +1
Facts: distance 130 m · side struck front · in arc yes (entered by hand)
Result: bounced
"""


def test_text_exact():
    assert render_text(sample()) == EXPECTED_TEXT
    assert render(sample()) == EXPECTED_TEXT


def test_markdown_markup():
    md = render_markdown(sample())
    lines = md.splitlines()
    assert lines[0] == "**Fire** — sherman-1 → pz-4"
    assert lines[2] == ("1. **SERIOUS test** — 2 × 2d6 *(app, seed 42)*: "
                        "pass: **1 + 5 = 6** · fail: 4 + 6 = 10  ")
    assert lines[3] == "   needs 2d6 **≤ 8** (SERIOUS 7; +1 officer — officer present)  "
    assert "range band 2 *(PROPOSED)*" in md
    assert "   *d = 130 m, Range 100 m*" in lines
    assert "in arc yes *(entered by hand)*" in md


def test_bbcode_markup():
    bb = render_bbcode(sample())
    lines = bb.splitlines()
    assert lines[:2] == ["[b]Fire[/b] — sherman-1 → pz-4", "[list=1]"]
    assert lines[2].startswith("[*][b]SERIOUS test[/b] — 2 × 2d6 [i](app, seed 42)[/i]: "
                               "pass: [color=green][b]1 + 5 = 6[/b][/color]")
    assert "[/list]" in lines
    assert lines.count("[/list]") == 1 and sum(li.startswith("[*]") for li in lines) == 3
    assert "[b]Result[/b]: bounced" in lines


def test_labels_are_escaped():
    step = roll_test(ScriptedDice([2]), make_test(D6, 4), id="x", label="[b]*odd*_label",
                     base=4)
    res = Resolution("toy", "x", "X", "a", None, [step], Change(), "")
    assert "\\*odd\\*\\_label" in render_markdown(res)
    bb = render_bbcode(res)
    assert "[b]［b］*odd*_label[/b]" in bb and "[b][b]" not in bb


def test_natural_rule_shown_in_note():
    t = make_test(D10, 0, natural_success=1, natural_failure=10)
    step = roll_test(ScriptedDice([1]), t, id="aim", label="Aim", base=0,
                     base_label="Accuracy")
    res = Resolution("toy", "aim", "Aim", "a", None, [step], Change(), "aimed")
    assert "1: natural success" in render_text(res)


def test_unknown_format_refused():
    with pytest.raises(ValueError, match="format: expected one of text, markdown, bbcode"):
        render(sample(), "html")


def test_plain_roll_step_shows_its_total():
    from engine.protocol import roll_step

    move = roll_step(ScriptedDice([3, 4]), D6, id="move", label="Combat move", n=2)
    init = roll_step(ScriptedDice([7]), D10, id="init", label="Initiative",
                     modifiers=[Modifier("T&E", 2, "training", to="roll")])
    assert move.totals == (7,) and init.totals == (9,)
    res = Resolution("toy", "x", "X", "a", None,
                     [move.with_outcome("moves 7 in"), init], Change(), "")
    text = render_text(res)
    assert "1. Combat move — 1 × 2d6 (script): 3 + 4 = 7\n   → moves 7 in\n" in text
    assert "2. Initiative — 1 × d10 (script): 7 + 2 = 9\n   +2 T&E (to the roll) — training\n" \
        in text
