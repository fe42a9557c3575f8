"""Butterfly Effect data: Russian names beside English, PROPOSED marks, every §4.A point an
option with its default, the distance bands (§4.1, §4.A-18) from ruleset.toml, and bad
data refused naming the file and the field."""

from __future__ import annotations

import re
import shutil
from importlib.resources import files

import pytest

from engine.options import SchemaError
from engine.rulesets.butterfly_effect import RULESET as BE
from engine.rulesets.butterfly_effect import data
from engine.rulesets.butterfly_effect.bands import band_of, scheme


def test_every_record_has_a_russian_name():
    for table in (data.weapons(), data.gear(), data.profiles()):
        for rid, rec in table.items():
            assert re.search("[а-яё]", rec["name_ru"], re.I), rid
    assert data.profiles()["jiy"]["name_ru"] == "Жий"
    assert data.profiles()["manny"]["name_ru"] == "Мэнни"


def test_the_text_names_are_all_there():
    assert {"assault_rifle", "combat_shotgun", "grenade", "heavy_weapon", "operative_knife",
            "power_blade"} <= set(data.weapons())
    assert {e["effect"] for e in data.gear().values()} == {
        "negates_night", "flash_suppressor", "scanner", "invisible_mode"}


def test_seed_numbers_and_proposed_marks():
    rifle = data.weapons()["assault_rifle"]
    assert (rifle["lethality"], rifle["accuracy"]["medium"], rifle["accuracy"]["extreme"]) \
        == (5, 4, 6)
    assert {"accuracy.short", "accuracy.long"} <= set(rifle["proposed"])
    shotgun = data.weapons()["combat_shotgun"]
    assert (shotgun["lethality"], shotgun["accuracy"]["medium"]) == (12, 6)
    assert data.weapons()["operative_knife"]["melee_dice"] == 2
    assert "melee_dice" in data.weapons()["power_blade"]["proposed"]
    for w in data.weapons().values():       # every number either from the seed or PROPOSED
        numbers = [k for k in ("lethality", "melee_level", "melee_dice")
                   if w.get(k)] + [f"accuracy.{b}" for b, v in w["accuracy"].items()
                                   if v is not None]
        for n in numbers:
            assert n in w["proposed"] or n in w["from_seed"], (w["name"], n)
    assert "range.close_m" in data.rules()["proposed"]


def test_every_ambiguity_is_an_option():
    reasons = {o.reason for o in BE.options}
    for n in range(1, 20):
        assert f"§4.A-{n}" in reasons, n
    for o in BE.options:
        assert o.proposed and o.help


@pytest.mark.parametrize("metres,band", [
    (0, "close"), (2, "close"), (2.01, "short"), (30, "short"), (30.01, "medium"),
    (100, "medium"), (100.5, "long"), (500, "long"), (501, "extreme"), (3000, "extreme"),
    (3000.1, "out_of_range"), (None, None)])
def test_bands(metres, band):
    assert band_of(metres) == band


def test_bands_are_the_rulesets_data():
    assert [b.name for b in scheme().bands] == ["close", "short", "medium", "long", "extreme"]
    assert scheme().unit == "m" and scheme().max_range == 3000


def test_the_board_shows_the_bands(game):
    name, bands = BE.board.weapon_scheme(game.unit("jiy"))
    assert name == "distance band" and bands is scheme()    # the same for every weapon
    assert bands.band_for_table(37, BE.metres_per_inch).name == "medium"     # 74 m


def test_the_measured_band(game):
    from engine.facts import facts_for
    f = facts_for(game.scenario, "fire", "jiy", "manny", ruleset=BE)
    assert f.range_band == "medium"
    f = facts_for(game.scenario, "fire", "jiy", "manny", ruleset=BE,
                  overrides={"distance_m": 250})
    assert f.range_band == "long"


@pytest.fixture
def broken(tmp_path, monkeypatch):
    """A copy of the data package to break."""
    pkg = tmp_path / "be_data"
    shutil.copytree(files("resources.rulesets"), pkg / "rulesets")
    (pkg / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    return pkg / "rulesets" / "butterfly-effect"


def test_bad_data_names_the_field(broken):
    w = broken / "weapons.toml"
    w.write_text(w.read_text(encoding="utf-8").replace("lethality = 5", "lethality = -1"),
                 encoding="utf-8")
    with pytest.raises(SchemaError, match=r"weapons.assault_rifle.lethality"):
        data.load_weapons("be_data.rulesets")
    r = broken / "ruleset.toml"
    r.write_text(r.read_text(encoding="utf-8").replace("medium_m = 100.0", "medium_m = 20.0"),
                 encoding="utf-8")
    with pytest.raises(SchemaError, match="range: the band limits must rise"):
        data.load_rules("be_data.rulesets")


def test_every_action_option_and_choice_has_a_russian_name():
    """glossary_ru.toml (engine.i18n's per-ruleset glossary) names every action label,
    every option label (readings and the actions' own) and every choice value in Russian,
    in the glossary's terms."""
    from engine.rulesets.butterfly_effect.data import glossary_ru

    terms = glossary_ru()["terms"]
    options = [*BE.options, *(o for a in BE.actions for o in a.options)]
    wanted = {a.label for a in BE.actions} | {o.label for o in options} | {
        c for o in options for c in o.choices} | {
        r.label for a in BE.actions for r in a.roles if r.label}
    assert sorted(wanted - set(terms)) == []
    latin = [k for k, v in terms.items()
             if not any("а" <= ch.lower() <= "я" or ch == "ё" for ch in v)]
    assert latin == []
    assert terms["DASH"] == "РЫВОК" and terms["Full defence"] == "Глухая оборона"


def test_every_data_record_has_a_russian_name():
    from engine.rulesets.butterfly_effect import data

    for records in (data.profiles(), data.weapons(), data.gear()):
        for rid, rec in records.items():
            assert rec["name_ru"].strip() and rec["name_ru"] != rec["name"], rid
