"""Iron Hearts data files: the shipped ones load and carry their marks; a bad value in a
copy (a temporary package via the `package` parameter) is refused naming file and field."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

import pytest

from engine.options import SchemaError
from engine.rulesets.iron_hearts import data
from engine.rulesets.iron_hearts.ruleset import PROPOSED_NUMBERS

FILES = ("ruleset.toml", "profiles.toml", "weapons.toml")


def test_shipped_data_loads_with_seed_numbers_and_marks():
    r = data.rules()
    assert r["turn"]["ap_per_turn"] == 3 and r["movement"]["metres_per_ap"] == 15
    assert r["movement"]["sprint_m"] == 50 and r["suppression"]["cap"] == 3
    assert (r["command"]["voice_m"], r["command"]["whistle_m"]) == (50, 100)
    assert (r["grenade"]["hand_range_m"], r["grenade"]["rifle_range_m"]) == (50, 150)
    assert r["grenade"]["min_damage_dice"] == 5 and r["snap_fire"]["accuracy"] == 2
    assert (r["detection"]["base"], r["skill"]["base"]) == (3, 5)
    assert {"grenade.blast_radius_m", "wounds.npc_dead_max", "wounds.hp_per_wound"} <= \
        set(PROPOSED_NUMBERS)
    assert "grenade.min_damage_dice" not in PROPOSED_NUMBERS
    w = data.weapons()
    assert (w["mp40"]["rate_of_fire"], w["mg42"]["rate_of_fire"],
            w["mg42"]["morale_modifier"]) == (3, 5, 2)
    assert w["hand-grenade"]["damage"] == 1 and not w["hand-grenade"]["demo"]
    assert w["mp40"]["demo"] and w["mp40"]["from_seed"] == ["rate_of_fire"]
    # Faust 60 and 100 differ only in range (§4.16)
    f60, f100 = dict(w["panzerfaust-60"]), dict(w["panzerfaust-100"])
    assert f60.pop("range_m") < f100.pop("range_m")
    assert {k: v for k, v in f60.items() if k not in ("name", "name_ru", "note")} == \
        {k: v for k, v in f100.items() if k not in ("name", "name_ru", "note")}
    assert all(p["demo"] for p in data.profiles().values())


@pytest.fixture
def pkg(tmp_path, monkeypatch):
    """A copy of the shipped data in a temporary package; returns its folder."""
    name = f"ihdata_{tmp_path.name.replace('-', '_')}"
    root = tmp_path / name
    folder = root / data.RULESET_ID
    folder.mkdir(parents=True)
    (root / "__init__.py").write_text("")
    src = resources.files(data.PACKAGE).joinpath(data.RULESET_ID)
    for f in FILES:
        (folder / f).write_text(src.joinpath(f).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop(name, None)
    return name, folder


def _edit(folder: Path, file: str, old: str, new: str) -> None:
    p = folder / file
    text = p.read_text(encoding="utf-8")
    assert old in text, old
    p.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_copy_loads_like_the_original(pkg):
    name, _ = pkg
    assert data.load_rules(name) == data.rules()
    assert data.load_weapons(name) == data.weapons()


@pytest.mark.parametrize("file,old,new,message", [
    ("weapons.toml", "rate_of_fire = 5", "rate_of_fire = 0",
     "iron-hearts/weapons.toml: weapons.mg42.rate_of_fire: expected a whole number 1–100, "
     "got 0"),
    ("weapons.toml", 'kind = "machine_gun"', 'kind = "laser"',
     "iron-hearts/weapons.toml: weapons.mg42.kind: expected one of small_arm | machine_gun"),
    ("weapons.toml", "damage = 5\ndemo", "damge = 5\ndemo",
     "iron-hearts/weapons.toml: weapons.mp40.damage: required"),
    ("weapons.toml", 'from_seed = ["rate_of_fire"]', 'from_seed = ["rof"]',
     "iron-hearts/weapons.toml: weapons.mp40.from_seed[0]: 'rof' is not a field"),
    ("profiles.toml", "guts = 9", "guts = 11",
     "iron-hearts/profiles.toml: profiles.us-lieutenant.guts: expected a whole number 0–10, "
     "got 11"),
    ("profiles.toml", 'weapons = ["mp40"]', 'weapons = ["mp41"]',
     "iron-hearts/profiles.toml: profiles.grenadier-nco.weapons[0]: no weapon 'mp41'"),
    ("profiles.toml", 'rank = "nco"', 'rank = "general"',
     "iron-hearts/profiles.toml: profiles.us-nco.rank: expected one of private | nco | officer"),
    ("ruleset.toml", "cap = 3", "cap = 0",
     "iron-hearts/ruleset.toml: suppression.cap: expected a whole number 1–20, got 0"),
    ("ruleset.toml", "sprint_m = 50", "sprint_m = \"fifty\"",
     "iron-hearts/ruleset.toml: movement.sprint_m: expected a number ≥ 0, got 'fifty'"),
    ("ruleset.toml", '"grenade.blast_radius_m",', '"grenade.blast_radius",',
     "iron-hearts/ruleset.toml: proposed[1]: 'grenade.blast_radius' names no number"),
    ("ruleset.toml", "[sniper]", "[snipers]",
     "iron-hearts/ruleset.toml: sniper: required"),
])
def test_bad_value_names_file_and_field(pkg, file, old, new, message):
    name, folder = pkg
    _edit(folder, file, old, new)
    load = {"weapons.toml": lambda: data.load_weapons(name),
            "profiles.toml": lambda: data.load_profiles(name, data.load_weapons(name)),
            "ruleset.toml": lambda: data.load_rules(name)}[file]
    with pytest.raises(SchemaError) as e:
        load()
    assert str(e.value).startswith(message), str(e.value)
