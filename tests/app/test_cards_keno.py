"""Keno cards on the sample scenario (`warboard cards`, Qt paints them): a unit card with
its quality die, commander level, comms, morale track, figures, movement with the 2dN
combat move, the activation's two action boxes and its die's comm-test odds; a commander's
card (the platoon's) with his die and the units under him; PROPOSED marks. The PDF's text
is read with pdftotext (tests/app/test_cards.py)."""

from __future__ import annotations

from app import cli
from app.cards import cards_for_scenario
from app.cards.layout import layout_for
from engine.library import Library
from engine.rulesets.keno_platoon.cards import CommanderCard, UnitCard
from engine.scenario_io import load_scenario
from tests.app.test_cards import has, pdf_text
from tests.engine.keno_platoon.helpers import SAMPLE


def test_the_sample_gets_a_card_per_profile_and_a_commanders_card_per_group(qapp, tmp_path):
    sc = load_scenario(SAMPLE)
    with Library(":memory:") as lib:
        cards = cards_for_scenario(sc, lib)
        plt = cards_for_scenario(sc, lib, ["at1"])[0]
    kinds = [c.kind for c in cards]
    assert kinds.count("profile") == 8
    assert {"group:platoon", "group:at_group", "group:company"} <= set(kinds)
    assert all(isinstance(layout_for("keno-platoon", c.kind), UnitCard | CommanderCard)
               for c in cards)
    # the AT group's commander is the platoon commander, who is not one of its members
    assert plt.leader is not None and plt.leader.unit_id == "p1"
    assert [m.unit_id for m in plt.members] == ["k1", "k2"]


def _card_text(unit: str, tmp_path, capsys) -> str:
    pdf = tmp_path / f"{unit}.pdf"
    code = cli.run(["cards", str(SAMPLE), "--units", unit, "-o", str(pdf)])
    assert code == 0, capsys.readouterr().err
    return pdf_text(pdf)


def test_unit_and_commander_cards_print_what_the_game_holds(qapp, tmp_path, capsys):
    text = _card_text("s1", tmp_path, capsys)
    # 1st squad: its state (2 veterans, a bad commander, broken), unmarked; its die's odds
    for p in ("1st squad", "Rifle squad · отделение", "Quality d10 veterans",
              "Level 3 bad commander", "Comms voice, flags", "Steady (Ст)", "Shaken (По)",
              "Broken (Ра)", "Figures", "Suppression", "normal infantry 6\" 2d6",
              "action 1", "action 2", "activated", "passed",
              "Fire: not the same weapon twice", "Melee: takes both actions",
              "0 · d10 9/10 4/5 7/10", "1 · d8 7/8 3/4 5/8", "2 · d6 5/6 2/3 1/2"):
        assert has(text, p), p
    assert not has(text, "Quality d10 P")
    text = _card_text("t1", tmp_path, capsys)
    # the tank: a vehicle's pivot, 2d12, radio; its die and level PROPOSED
    for p in ("Tank 1", "Quality d8 P", "Level 2 P", "Comms radio", "ground vehicle 12\" 2d12",
              "Turning on the spot is a move: 1 action"):
        assert has(text, p), p
    # the platoon's commander card: his die, the units under him, two passes
    text = _card_text("plt1", tmp_path, capsys)
    # (small caps: pdftotext reads the headings in capitals, "U NDER HIS COMMAND")
    for p in ("COMMANDER Lt. Aren", "Quality d8 P", "NDER HIS COMMAND",
              "1st squad d10 3 Broken 2", "2nd squad d6 2 Steady 3",
              "MG team d8 P 2 P Steady 3", "pass 1", "pass 2",
              "A failed comm test loses the action", "P PROPOSED default"):
        assert has(text, p), p
