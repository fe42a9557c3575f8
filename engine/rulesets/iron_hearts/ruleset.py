"""The Iron Hearts declaration: dice, scale, cover, profile schemas, options, actions.

Assembles the infantry side (its actions, readings.OPTIONS) and the tank side (its actions,
tank_options.OPTIONS, plus tank_data.VEHICLES (the vehicle cards, as profiles), WEAPONS and
the vehicle schema) into `RULESET`, which the package re-exports for the registry. The
actions are declared by id and imported from their modules when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.dice import D10
from engine.protocol import (
    BadgeLook,
    BoardHints,
    CardLayouts,
    CoverTerm,
    ProfileKeys,
    Ruleset,
    Term,
    Vocabulary,
    terms,
)
from engine.protocol.lazy import ActionList, Later, LazyAction, deferred

from . import data, library, readings, tank_data, tank_options, wording

if TYPE_CHECKING:
    from engine.turns import TurnStructure

__all__ = ["RULESET", "COVER", "PROPOSED_NUMBERS", "build_ruleset", "turn_structure"]

#: Generic cover level → Iron Hearts cover number, which lowers Damage (§4.4-4). The seed
#: gives "woods and bushes at least +1" and "Cover 2" in its example; that the number
#: equals the level is PROPOSED (§6-11, §8-10).
COVER: dict[int, CoverTerm] = {
    0: CoverTerm("no cover", 0),
    1: CoverTerm("cover 1 (woods, bushes)", 1, reason="woods and bushes give at least +1"),
    2: CoverTerm("cover 2 (walls)", 2, proposed=True, reason="cover number = level (§8-10)"),
    3: CoverTerm("cover 3 (buildings)", 3, proposed=True,
                 reason="cover number = level (§8-10)"),
    4: CoverTerm("cover 4 (fortification)", 4, proposed=True,
                 reason="fortification values are in a missing post (§8-10)"),
}


def _merge(base: dict[str, Any], extra: dict[str, Any], what: str) -> dict[str, Any]:
    clash = sorted(set(base) & set(extra))
    if clash:
        raise ValueError(f"iron-hearts {what}: id {clash[0]!r} declared twice "
                         "(infantry and tank data)")
    return {**base, **extra}


def turn_structure() -> TurnStructure:
    """3 AP per unit per turn (§4.2-1); side order and initiative from ruleset.toml [turn]
    (PROPOSED, §8-1); who may act and the start-of-turn tests from turn_hooks."""
    from engine.turns import from_table

    from . import turn_hooks
    proposed = [n.partition(".")[2] for n in data.rules()["proposed"] if n.startswith("turn.")]
    return from_table(data.rules()["turn"], "iron-hearts/ruleset.toml: turn",
                      proposed).with_hooks(turn_hooks.HOOKS)


#: The markers and state keys Iron Hearts writes, the badges the board draws for them
#: (suppression counted, pinned and shaken as flags, hit points left even at 0) and the
#: profile fields the board reads (a vehicle card's turret).
VOCABULARY = Vocabulary(
    markers=(
        Term("suppression", "suppression markers (int, §4.5)",
             BadgeLook("S", "#d9822b", counted=True, rank=10, label_ru="П")),
        Term("pinned", "pinned / prone (bool or int)",
             BadgeLook("PIN", "#5c6670", rank=20, label_ru="ПРЖ")),
        Term("shaken", "shaken by a failed Guts test (bool)",
             BadgeLook("SHK", "#a07d1c", rank=40, label_ru="ПОТР")),
        Term("commander_exposed", "the tank commander rides head out (bool)"),
    ),
    unit_state=(
        Term("hp", "hit points left (int)",
             BadgeLook("HP ", "#2e6b4a", counted=True, rank=20, label_ru="ХП ",
                       shows_zero=True)),
        *terms("aim", "cannot_act", "casualty", "crew", "detect_turn", "detected",
               "failed_aims", "grenade_turn", "guts_penalty", "loaded", "medkits",
               "mm_penalties", "order", "penetrations", "personal_orders",
               "single_shot_fired", "spotted", "status", "systems", "target"),
    ),
    profile=ProfileKeys(base="base", turret="turret", proposed="proposed"),
    # blue against red, apart on screen and (by lightness) on a grey-scale print
    sides=(("allies", "#2f5e9e"), ("axis", "#c2463c")),
    side_words=wording.SIDES,
).worded(wording.SAID)

#: The infantry's actions, then the tanks', by id, each imported from the module of its class
#: when first asked for.
ACTIONS = ActionList(
    *(LazyAction(i, f".{module}:{cls}") for i, module, cls in (
        ("shoot", "shooting", "Shoot"), ("detect", "shooting", "Detect"),
        ("suppression_test", "morale", "SuppressionTest"), ("overcome", "morale", "Overcome"),
        ("rally", "morale", "Rally"), ("stat_test", "morale", "StatTest"),
        ("melee", "melee", "Melee"), ("assault", "melee", "Assault"),
        ("skill", "infantry", "SkillCheck"), ("grenade", "infantry", "Grenade"),
        ("death_roll", "infantry", "DeathRoll"), ("medkit", "infantry", "Medkit"),
        ("move", "infantry", "Move"), ("command_range", "infantry", "CommandRange"),
        ("order", "orders", "Order"),
        ("tank_move", "tanks", "TankMove"), ("tank_search", "tank_gunnery", "TankSearch"),
        ("tank_aim", "tank_gunnery", "TankAim"), ("tank_fire", "tank_gunnery", "TankFire"),
        ("tank_mg", "tanks", "TankMG"), ("tank_reload", "tanks", "TankReload"),
        ("tank_change_target", "tanks", "TankChangeTarget"),
        ("tank_rotate_hull", "tanks", "TankRotateHull"),
        ("tank_rotate_turret", "tanks", "TankRotateTurret"))),
    package=__package__)


def build_ruleset() -> Ruleset:
    """The Ruleset from the shipped data and both halves of the rules, with its turn
    structure, what the board asks of it and its printed cards (cards.py)."""
    return Ruleset(
        id=data.RULESET_ID,
        name="Iron Hearts",
        dice=(D10,),
        metres_per_inch=data.rules()["metres_per_inch"],
        distance_unit="m",
        cover=COVER,
        actions=ACTIONS,
        options=tuple(readings.OPTIONS) + tuple(tank_options.OPTIONS),
        profile_fields={"character": data.CHARACTER, "weapon": data.WEAPON,
                        "vehicle": tank_data.VEHICLE},
        profiles=_merge(data.profiles(), dict(tank_data.VEHICLES), "profiles"),
        weapons=_merge(data.weapons(), dict(tank_data.WEAPONS), "weapons"),
        doc="WWII skirmish (seed 000): d10 roll-under, 3 AP, suppression and Guts, tanks.",
        turn_structure=Later(turn_structure),
        board=BoardHints(**{hook: deferred(f".board:{hook}", __package__) for hook in (
            "move_allowance_m", "move_allowance_ap_m", "weapon_scheme", "is_vehicle",
            "state_badges", "facing_model")}),
        cards=CardLayouts(f"{__package__}.cards"),
        vocabulary=VOCABULARY,
        library=library.spec,
    )


RULESET = build_ruleset()

#: Every PROPOSED number of ruleset.toml ("section.key"), for the UI to flag.
PROPOSED_NUMBERS: tuple[str, ...] = tuple(data.rules()["proposed"])
