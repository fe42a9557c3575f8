"""Tests of the tank data files: the shipped cards load, bad cards fail naming the field.
(The tank tests' shared set-up is bench/ih_examples.py.)"""

from __future__ import annotations

import copy
import json

import pytest

from bench.ih_examples import TANKS
from engine.options import SchemaError
from engine.rulesets.iron_hearts import tanks
from engine.rulesets.iron_hearts.tank_data import (
    HIT_LOCATION,
    MODIFIERS,
    VEHICLE_DAMAGE,
    VEHICLES,
    check_damage,
    check_hit_location,
    check_vehicle,
)

# --------------------------------------------------------------------------- data tests


def test_shipped_cards_and_tables_load():
    sherman = VEHICLES["m4a1-sherman"]
    assert sherman["speed_m_by_ap"] == [10.0, 30.0, 45.0]
    assert sherman["speed_proposed"] == [False, False, True]
    assert set(sherman["crew"]) == {"commander", "gunner", "loader", "driver", "co_driver"}
    assert {w["kind"]: w["crewed_by"] for w in sherman["weapons"].values()} == {
        "main_gun": "gunner", "coax_mg": "gunner", "hull_mg": "co_driver",
        "turret_hmg": "commander"}
    assert sherman["weapons"]["roof_hmg"]["crewed_by_proposed"] is True
    assert sherman["features"] == ["advanced_optics", "radio"] and sherman["demo"]
    assert [e["location"] for e in HIT_LOCATION] == ["tracks", "hull", "turret", "weak_spot"]
    assert all(e["proposed"] for e in HIT_LOCATION)
    assert [r["min_total"] for r in VEHICLE_DAMAGE["results"]] == [12, 10, 8, 6, 4, 3]
    assert all(r["proposed"] for r in VEHICLE_DAMAGE["results"])
    assert MODIFIERS["paid_aim"]["value"] == 2 and not MODIFIERS["paid_aim"]["proposed"]
    assert MODIFIERS["side_shot"] == {"value": 1, "step": "fire", "proposed": True,
                                      "reason": MODIFIERS["side_shot"]["reason"]}
    assert tanks.WEAPONS["pz4-h.main_gun"]["penetration"] == 4
    json.dumps(TANKS.describe())


@pytest.mark.parametrize("path, value, message", [
    (("crew", "gunner", "accuracy"), 11,
     r"vehicles.x.crew.gunner.accuracy: expected a whole number 0–10, got 11"),
    (("speed_m_by_ap",), [10, 30], r"vehicles.x.speed_m_by_ap: expected 3 speeds"),
    (("speed_m_by_ap",), [10, "fast", 40],
     r"vehicles.x.speed_m_by_ap\[1\]: expected a number ≥ 0, got 'fast'"),
    (("weapons", "hull_mg", "crewed_by"), "cook",
     r"vehicles.x.weapons.hull_mg.crewed_by: expected one of commander"),
    (("armour", "front", "hull"), -1,
     r"vehicles.x.armour.front.hull: expected a whole number 0–30, got -1"),
    (("weapons", "main_gun", "penetration_table"), [[1] * 10],
     r"vehicles.x.weapons.main_gun.penetration_table: expected 5 rows"),
    (("weapons", "main_gun", "ammo_types_ru"), ["ББ"],
     r"vehicles.x.weapons.main_gun.ammo_types_ru: expected 2 names, one per ammo_types "
     r"entry, got 1"),
])
def test_bad_vehicle_card_names_the_field(path, value, message):
    card = copy.deepcopy(VEHICLES["m4a1-sherman"])
    node = card
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(SchemaError, match=message):
        check_vehicle(card, "vehicles.x")


def test_card_cross_checks():
    card = copy.deepcopy(VEHICLES["m4a1-sherman"])
    del card["crew"]["co_driver"]
    with pytest.raises(SchemaError, match="vehicles.x.weapons.hull_mg.crewed_by: 'co_driver' "
                                          "is not a post of this card's crew"):
        check_vehicle(card, "vehicles.x")
    card = copy.deepcopy(VEHICLES["m4a1-sherman"])
    del card["armour"]["rear"]
    with pytest.raises(SchemaError, match="vehicles.x.armour.rear: required"):
        check_vehicle(card, "vehicles.x")


def test_bad_tables_name_the_entry():
    entries = [dict(e) for e in HIT_LOCATION]
    entries[1]["high"] = 7
    with pytest.raises(SchemaError, match=r"entries\[2\]: face 7 is already in entries\[1\]"):
        check_hit_location({"entries": entries})
    with pytest.raises(SchemaError, match=r"entries: faces \[10\] have no location"):
        check_hit_location({"entries": [dict(e) for e in HIT_LOCATION[:3]]})
    bad = {"results": [dict(r) for r in VEHICLE_DAMAGE["results"]],
           "systems": [dict(s) for s in VEHICLE_DAMAGE["systems"]]}
    bad["results"][0]["min_total"] = "high"
    with pytest.raises(SchemaError, match=r"results\[0\].min_total: expected a whole number"):
        check_damage(bad)
