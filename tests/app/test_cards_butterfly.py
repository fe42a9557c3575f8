"""The Butterfly Effect character sheet card (04 §3.1–§3.3) on the sample scenario, read
back from the PDF: HP, armour, stealth and Perception dice, the weapons by band (accuracy,
"—" where one cannot fire), lethality, melee levels and dice, gear, the tallies filled
from the unit's state, PROPOSED marks; and `warboard cards` on the sample."""

from __future__ import annotations

import shutil

import pytest

from app import cli
from app.cards import cards_for_scenario
from app.cards.layout import layout_for
from app.cards.printing import SheetOptions, write_pdf
from engine.library import Library
from engine.rulesets.butterfly_effect.cards import CharacterSheet
from engine.scenario_io import load_demo
from resources.loader import resource
from tests.app.test_cards import has, pdf_text

SAMPLE = "butterfly-night-approach.json"


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    with Library(tmp_path_factory.mktemp("lib") / "library.sqlite") as lib:
        yield lib


def test_the_layout_is_registered_and_reads_weapons_and_gear(qapp, library):
    cards = cards_for_scenario(load_demo(SAMPLE), library)
    assert [(c.id, c.kind) for c in cards] == [("jiy", "character"), ("manny", "character")]
    assert isinstance(layout_for("butterfly-effect", "character"), CharacterSheet)
    assert set(cards[0].related) == {"assault_rifle", "operative_knife", "operative_suit"}


def test_jiy_sheet_shows_every_field(qapp, tmp_path, library):
    sc = load_demo(SAMPLE)
    sc.unit("jiy").state.update({"hp": 1, "wound": "critical"})
    pdf = tmp_path / "jiy.pdf"
    write_pdf(pdf, cards_for_scenario(sc, library, ["jiy"]), SheetOptions("sleeve"))
    text = pdf_text(pdf)
    for p in ("Jiy", "Жий · Jiy (Жий)", "HP 4",
              "4 0 2d6 0d6", "HP Armour ОП +2 stealth Perception +0",
              "short medium long extreme d6",
              # the rifle's short and long accuracies are PROPOSED (§8-1)
              "Assault rifle (bursts) 3+ P 4+ 5+ P 6+ 5",
              'short ≤ 30 m (15") · medium ≤ 100 m (50")',
              "Operative knife L1 2d6", "Assault rifle, butt strike L1 2d6 P",
              "bare hands L0 1d6", 'Operative suit, "Invisible" mode',
              "HP lost", "no armour points", "critical WOUND, stealth",
              "P PROPOSED default"):
        assert has(text, p), p


def test_manny_sheet_cannot_fire_at_long_range(qapp, tmp_path, library):
    pdf = tmp_path / "manny.pdf"
    write_pdf(pdf, cards_for_scenario(load_demo(SAMPLE), library, ["manny"]),
              SheetOptions("sleeve"))
    text = pdf_text(pdf)
    for p in ("Manny", "5 0 0d6 6d6", "Perception +3", "Combat shotgun 4+ P 6+ — — 12",
              "Portable scanner"):
        assert has(text, p), p


def test_cli_cards_on_the_sample(qapp, capsys, tmp_path):
    sample = tmp_path / "night.json"
    shutil.copy(resource("scenarios", SAMPLE), sample)
    out_pdf = tmp_path / "cards.pdf"
    code = cli.run(["cards", str(sample), "-o", str(out_pdf)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.startswith(f"{out_pdf}: 2 cards")
    assert has(pdf_text(out_pdf), "Combat shotgun")
