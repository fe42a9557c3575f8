"""The Keno data: Russian names beside English, PROPOSED marks, every §4.A point an option,
bad data refused naming the file and field."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from engine.options import SchemaError
from engine.rulesets.keno_platoon import RULESET as KP
from engine.rulesets.keno_platoon import data
from resources.loader import resource

CYRILLIC = re.compile("[а-яА-ЯёЁ]")


def test_every_named_thing_has_a_russian_name():
    r = data.rules()
    named = [*r["quality"].values(), *r["levels"]["names"].values(),
             *r["morale"]["names"].values(), *r["movement"].values(),
             *data.profiles().values(), *data.forces()["groups"].values(), *KP.weapons.values()]
    for rec in named:
        assert CYRILLIC.search(rec["name_ru"]), rec


def test_the_seeds_numbers_and_the_proposed_ones():
    r = data.rules()
    assert [d.name for d in data.quality_dice()] == ["d4", "d6", "d8", "d10", "d12"]
    assert (r["quality"]["d6"]["name_ru"], r["quality"]["d8"]["name_ru"],
            r["quality"]["d10"]["name_ru"]) == ("новобранцы", "регулярные", "ветераны")
    assert data.is_proposed("quality.d4") and not data.is_proposed("quality.d8")
    assert [r["movement"][c]["inches"] for c in ("infantry", "light_infantry",
                                                  "armoured_suit", "cavalry",
                                                  "ground_vehicle", "rail_vehicle",
                                                  "aircraft")] == [6, 8, 12, 12, 12, 24, 24]
    assert (r["movement"]["rail_vehicle"]["limit"], r["movement"]["aircraft"]["limit"]) == \
        ("at_most", "at_least")
    assert data.morale_ladder() == ("steady", "shaken", "broken")
    assert KP.turn_structure.is_proposed("initiative_die")
    assert KP.turn_structure.actions_per_activation == 2 and KP.turn_structure.passes_allowed
    # KP-1 / KP-5 facts: a spotter team at its phone, Steel tanks with radios
    p = data.profiles()
    assert p["keno-spotter-team"]["at_phone"] and p["keno-spotter-team"]["figures"] == 2
    assert all(rec["comms"] == "radio" for rec in p.values() if rec["side"] == "steel")
    assert "quality" not in p["steel-tank-company-commander"]["proposed"]     # KP-5: d8
    assert "quality" in p["keno-squad"]["proposed"]


def test_every_ambiguity_of_4A_is_an_option_with_its_reason():
    reasons = sorted(int(o.reason.split("-")[1]) for o in KP.options)
    assert reasons == list(range(1, 21))
    assert all(o.proposed and o.help for o in KP.options)
    assert KP.option_values({})["morale_rounding"] == "better"
    assert KP.option_values({})["combat_move"] == "declared"


@pytest.fixture
def broken_copy(tmp_path, monkeypatch, request):
    """A copy of the data in a package of its own name (an imported package is cached)."""
    name = f"kp_bad_{request.node.name.removeprefix('test_')[:20]}"
    pkg = tmp_path / name
    shutil.copytree(Path(resource("rulesets", "keno-platoon")), pkg / "keno-platoon")
    (pkg / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    return pkg / "keno-platoon"


def test_a_bad_profile_is_refused_naming_the_file_and_field(broken_copy):
    f = broken_copy / "profiles.toml"
    f.write_text(f.read_text().replace('quality = "d8"\nlevel = 2\nfigures = 8',
                                       'quality = "d8"\nlevel = 4\nfigures = 8', 1))
    with pytest.raises(SchemaError, match=r"keno-platoon/profiles.toml: "
                                          r"profiles.keno-squad.level"):
        data.load_profiles(broken_copy.parent.name)


def test_a_bad_movement_class_is_refused(broken_copy):
    f = broken_copy / "ruleset.toml"
    f.write_text(f.read_text().replace("inches = 6.0\ncombat = 6", "inches = 0\ncombat = 6", 1))
    with pytest.raises(SchemaError, match=r"ruleset.toml: movement.infantry.inches"):
        data.load_rules(broken_copy.parent.name)
