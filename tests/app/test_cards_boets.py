"""Boets cards (03 §3, §4.4): an armlist card per troop type with the eight columns under
their Russian abbreviations and PROPOSED marks, and a formation card per squad / platoon
with its commander, deputy, the ЛДР used beside his own, and the losses tally."""

from __future__ import annotations

import shutil

from app import cli
from app.cards import cards_for_scenario
from app.cards.printing import SheetOptions, write_pdf
from app.cli import open_scenario
from engine.library import Library
from resources.loader import resource

from .test_cards import has, pdf_text


def _sample(tmp_path):
    path = tmp_path / "boets.json"
    shutil.copy(resource("scenarios", "boets-velian-ridge.json"), path)
    return path


def test_cards_of_the_sample_one_per_armlist_then_one_per_formation(qapp, capsys, tmp_path):
    out_pdf = tmp_path / "cards.pdf"
    assert cli.run(["cards", str(_sample(tmp_path)), "-o", str(out_pdf)]) == 0
    assert capsys.readouterr().out.startswith(f"{out_pdf}: 10 cards")   # 5 armlists, 5 groups
    with Library(":memory:") as lib:
        cards = cards_for_scenario(open_scenario(str(_sample(tmp_path))), lib,
                                   ["cy-a-1", "cl-2", "vm-1", "cy-pl", "cl"])
    pdf = tmp_path / "one.pdf"
    write_pdf(pdf, cards, SheetOptions("sleeve"))
    text = pdf_text(pdf)
    for p in ("Cyber infantry", "Кибер-пехота", "ЛДР Ск Дальн Скр", "М ББ Стк Бр",
              'Ск 5 (5") · Дальн 24 (24") steps P', 'Grenade blast 3" P 6P 3P', "Граната",
              "Flamethrower teardrop P base 4P", "FIRE, HOUSE RULES P",
              "d20 + М ≥ 10 + Бр", "jump pack: no effect until defined (§8-11)",
              "Cyber platoon", "Platoon · взвод · Cyber infantry",
              "Commander Lt. Vance 9", "Deputy Sgt. Maro (sergeant) 9",
              "highest ЛДР 9 − 2, not below 8", "commander's own ЛДР 9",
              "1st cyber squad (squad) Sgt. Korr 4/4",
              "Clone squad", "highest ЛДР 10 − 2, not below 8", "Clone-31 10 0/1",
              "P PROPOSED default, not from the rules"):
        assert has(text, p), p


def test_a_formation_card_shows_the_dead_commander_and_the_losses_of_the_turn(qapp, tmp_path):
    scenario = open_scenario(str(_sample(tmp_path)))
    # the clone squad lost its commander and one more this turn (§4.A-9 A tally), prone
    scenario.units = [u for u in scenario.units if u.id not in ("cl-1", "cl-2")]
    g = scenario.group("cl")
    g.state.update({"tally": {"turn": 2, "side": "polaris", "start": 5, "losses": 2},
                    "prone": True, "takeover": "failed"})
    with Library(":memory:") as lib:
        cards = cards_for_scenario(scenario, lib, ["cl"],
                                   readings={"commander_ldr_highest": "best"})
    card = cards[0]
    assert [u.unit_id for u in card.units] == ["cl-3", "cl-4", "cl-5"]
    pdf = tmp_path / "cl.pdf"
    write_pdf(pdf, cards, SheetOptions("sleeve"))
    text = pdf_text(pdf)
    for p in ("Commander cl-1 KIA", "cl-2 KIA", "Clone-19 10 0/1",
              "best (lowest) ЛДР 10 − 2, not below 8", "commander's own ЛДР — (KIA)"):
        assert has(text, p), p
