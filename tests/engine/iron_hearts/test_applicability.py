"""Which Iron Hearts actions a unit is offered (`Ruleset.actions_for`): characters get the
character actions (§4.2–4.11), vehicle cards the tank actions (§4.12–4.15), the grenade
only a character who owns grenades (§4.9-5), the rally and orders only a commander
(§4.5-5, §4.11), and the command range both (§4.11-3: radio-equipped vehicles are in
the command network)."""

from __future__ import annotations

import pytest

from engine.rulesets.iron_hearts import RULESET as IH
from engine.rulesets.iron_hearts.audience import is_commander, is_vehicle_card
from engine.scenario import Unit
from geometry.bases import BaseShape

TANK_ACTIONS = ["tank_move", "tank_search", "tank_aim", "tank_fire", "tank_mg", "tank_reload",
                "tank_change_target", "tank_rotate_hull", "tank_rotate_turret"]
#: What every character is offered, in the ruleset's order (no grenade, no rally).
CHARACTER = ["shoot", "detect", "suppression_test", "overcome", "stat_test", "melee",
             "assault", "skill", "death_roll", "medkit", "move", "command_range"]


def unit(profile: str) -> Unit:
    return Unit("u", "us", profile, 0.0, 0.0, BaseShape.round(25))


def offered(profile: str, record=None, profiles=None) -> list[str]:
    return [a.id for a in IH.actions_for(unit(profile), record, profiles=profiles)]


def with_(extra: list[str]) -> list[str]:
    """CHARACTER with `extra` put in the ruleset's declaration order."""
    order = [a.id for a in IH.actions]
    return sorted(CHARACTER + extra, key=order.index)


def test_a_rifleman_gets_the_character_actions_and_his_grenade():
    assert offered("us-rifleman") == with_(["grenade"])
    assert not set(offered("us-rifleman")) & set(TANK_ACTIONS)


def test_an_nco_rallies_and_throws_only_with_grenades():
    assert offered("us-nco") == with_(["rally", "grenade", "order"])
    nco = dict(IH.profiles["us-nco"], has_grenades=False)
    assert offered("us-nco", nco) == with_(["rally", "order"])
    # a scenario's own NCO without grenades, looked up like Context.profile does
    own = {"sgt": {"accuracy": 6, "melee": 6, "guts": 7, "hp": 1, "rank": "nco"}}
    assert offered("sgt", profiles=own) == with_(["rally", "order"])


@pytest.mark.parametrize("profile", ["m4a1-sherman", "pz4-h"])
def test_a_tank_gets_the_tank_actions_and_the_command_range(profile):
    assert offered(profile) == ["command_range", *TANK_ACTIONS]


def test_a_player_character_private_rallies_a_gunner_without_grenades_does_not_throw():
    pc = {"accuracy": 6, "melee": 6, "guts": 9, "hp": 2, "is_pc": True}
    assert offered("pc", pc) == with_(["rally", "order"])
    assert offered("panzerschreck-gunner") == CHARACTER


def test_a_vehicle_card_in_the_scenario_is_a_vehicle():
    card = dict(IH.profiles["m4a1-sherman"])
    assert offered("my-sherman", profiles={"my-sherman": card}) == \
        ["command_range", *TANK_ACTIONS]
    assert is_vehicle_card(card) and not is_commander(card)
    assert not is_vehicle_card(IH.profiles["us-nco"]) and is_commander(IH.profiles["us-nco"])


def test_an_unknown_profile_is_offered_everything():
    assert IH.actions_for(unit("no-such-profile")) == IH.actions


@pytest.mark.parametrize("profile, action, why", [
    ("us-rifleman", "tank_fire", "Fire main gun applies to vehicles only"),
    ("us-rifleman", "rally",
     "Commander's rally applies to commanders (NCOs, officers, player characters) only"),
    ("panzerschreck-gunner", "grenade", "Grenade applies to characters with grenades only"),
    ("m4a1-sherman", "melee", "Melee applies to characters only"),
    ("m4a1-sherman", "skill", "Skill check applies to characters only"),
    ("m4a1-sherman", "command_range", None),
    ("us-rifleman", "shoot", None),
])
def test_why_not_names_the_audience(profile, action, why):
    assert IH.why_not(action, unit(profile)) == why
