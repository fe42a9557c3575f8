"""Civil War cards (engine/rulesets/civil_war_company/cards.py): the company card — FIRE /
SERIOUS / FEAR / RALLY, traits, stands, tally boxes for lost platoons and Terror markers —
and the MG / battery card — crew quality, ammunition boxes — printed from the sample
scenario and filled from the game's state (CW-1's exchange played on it, a battery's shot).
Read back with pdftotext (poppler-utils), as tests/app/test_cards.py does."""

from __future__ import annotations

import shutil

import pytest

from app import cli
from app.cards import cards_for_scenario
from app.cards.layout import CardOptions, layout_for
from app.cards.printing import SheetOptions, write_pdf
from engine.dice import ScriptedDice
from engine.library import Library
from engine.model import Game, apply_change
from engine.rulesets.civil_war_company import RULESET as CW
from engine.rulesets.civil_war_company.cards import (
    CompanyCard,
    SupportCard,
    ammo_tally,
    company_tally,
)
from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.app.test_cards import has, pdf_text
from tests.app.test_panels_civil_war import CW1

BLANK = CardOptions(state=False)


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    with Library(tmp_path_factory.mktemp("lib") / "library.sqlite") as lib:
        yield lib


def sample() -> Game:
    return Game(load_scenario(resource("scenarios", "civil-war-vasylivka.json")))


def played() -> Game:
    """CW-1 on the sample (UNR fires at the Plastuns, who return fire), then the White
    battery's 3" shot at the 1st Red company (no scatter: 1 − 2; the stand under the hole
    destroyed on a cover roll of 1; the others' results and tests fail on 6s)."""
    game = sample()
    ctx = CW.context("fire", actor=game.unit("unr-3"), target=game.unit("pl-2"), game=game)
    back = CW.context("fire", actor=game.unit("pl-2"), target=game.unit("unr-3"), game=game)
    from engine.joint import resolve_joint

    apply_change(game, resolve_joint([ctx, back], ScriptedDice(CW1)).change)
    gun = CW.context("artillery_fire", actor=game.unit("white-gun"), point=(46.0, 9.0),
                     game=game)
    apply_change(game, gun.resolve(ScriptedDice([1, 1] + [6] * 10)).change)
    return game


def test_the_layouts_are_registered():
    rid = CW.id
    assert isinstance(layout_for(rid, "company"), CompanyCard)
    assert isinstance(layout_for(rid, "group:company"), CompanyCard)
    assert isinstance(layout_for(rid, "machine_gun"), SupportCard)
    assert isinstance(layout_for(rid, "battery"), SupportCard)


def test_cards_of_the_sample(qapp, capsys, tmp_path):
    """One card per profile on the table (7), then one per company group (4)."""
    copy = tmp_path / "vasylivka.json"
    shutil.copy(resource("scenarios", "civil-war-vasylivka.json"), copy)
    out_pdf = tmp_path / "cards.pdf"
    code = cli.run(["cards", str(copy), "-o", str(out_pdf)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.startswith(f"{out_pdf}: 11 cards")
    text = pdf_text(out_pdf)
    for p in ("UNR infantry company", "Рота пехоты УНР", "FIRE", "SERIOUS", "FEAR", "RALLY",
              "MOB (вахлаки): +1 result", "SKIRMISHER (застрельщики): −1 result in open order",
              "Platoons lost", "Terror", "officer death + suppression test",
              "Red Army machine gun (Maxim)", "FIRE: poor 3 · normal 4 · good 5",
              "cannot fire (§4.8-3)", "White light battery", "ACCURACY",
              "accuracy: poor 1 · normal 2 · good 3", 'light gun (37 mm) — range 48"',
              "poor supply: d6+d3 before the battle", "normal supply: 8 shots a battle",
              "1st UNR company", "2nd Red company", "unr-1 ★ command stand"):
        assert has(text, p), p


def test_the_company_card_is_filled_from_the_game(qapp, library, tmp_path):
    game = played()
    unr, pl, red1 = cards_for_scenario(game.scenario, library, ["unr", "pl", "red1"])
    t = company_tally(unr, unr.members[0].record)
    assert (t.stands, t.lost, t.terror) == (5, 4, 0)          # UNR lost four of five
    assert t.checks["routing"] and not t.checks["moved"]
    t = company_tally(pl, pl.members[0].record)
    assert (t.stands, t.lost) == (4, 1)
    assert t.checks["moved"] and t.checks["prone"]          # crawled back, still prone
    t = company_tally(red1, red1.members[0].record)
    assert t.lost == 1                                        # the stand under the hole
    # the same card blank: nothing ticked
    t = company_tally(unr, unr.members[0].record, BLANK)
    assert (t.lost, t.terror) == (0, 0) and not any(t.checks.values())
    pdf = tmp_path / "unr.pdf"
    write_pdf(pdf, [unr, pl], SheetOptions("sleeve"))
    text = pdf_text(pdf, 1, 1)
    assert has(text, "unr-1 ★ command stand") and has(text, "unr-2 lost")


def test_terror_markers_fill_their_boxes(qapp, library):
    game = sample()
    game.unit("red1-1").markers["terror"] = 3
    game.group("red1").state["officer"] = False
    (card,) = cards_for_scenario(game.scenario, library, ["red1"])
    t = company_tally(card, card.members[0].record)
    assert t.terror == 3 and t.checks["officer_lost"]


def test_the_ammunition_boxes_tick_from_state(qapp, library):
    game = played()
    gun, tachanka, red_gun, mg = cards_for_scenario(
        game.scenario, library, ["white-gun", "tachanka", "red-gun", "red-mg"])
    assert ammo_tally(gun) == (8, 1, True)                    # one shot of 8 spent
    assert ammo_tally(tachanka) == (7, 0, True)               # rolled 7 (d6 + d3)
    assert ammo_tally(red_gun) == (4, 0, True)                # rolled 4 (d6)
    assert ammo_tally(mg) == (8, 0, True)
    game.unit("tachanka").state.update(ammo=2)
    (tachanka,) = cards_for_scenario(game.scenario, library, ["tachanka"])
    assert ammo_tally(tachanka) == (7, 5, True)
    # a profile card, or poor supply not rolled: the most the roll can give, none ticked
    (profile_card, *_) = [c for c in cards_for_scenario(game.scenario, library)
                          if c.id == "makhno-tachanka"]
    assert ammo_tally(profile_card) == (9, 0, False)
    del game.unit("red-gun").state["ammo"], game.unit("red-gun").state["ammo_rolled"]
    (red_gun,) = cards_for_scenario(game.scenario, library, ["red-gun"])
    assert ammo_tally(red_gun) == (6, 0, False)


def test_the_support_cards_print_crew_and_vehicles(qapp, library, tmp_path):
    game = sample()
    from engine.scenario import Unit
    from geometry.bases import BaseShape

    game.scenario.units.append(Unit("car", "reds", "red-armoured-car", 60, 20,
                                    BaseShape("rect", 40, 60)))
    cards = cards_for_scenario(game.scenario, library, ["white-gun", "car"])
    pdf = tmp_path / "support.pdf"
    write_pdf(pdf, cards, SheetOptions("sleeve"))
    gun, car = pdf_text(pdf, 1, 1), pdf_text(pdf, 2, 2)
    assert has(gun, "good — accuracy") and has(gun, "class: result −1, cover −1")
    assert has(gun, '3" aimed (hole: direct hit) · 5" area (result −1)')
    assert has(car, "Бронеавтомобиль") and has(car, "only MGs at short range and artillery")
