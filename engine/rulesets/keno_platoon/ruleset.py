"""The Keno platoon declaration: dice, scale, cover, options, actions, the turn as data."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dice import D4, D6, D8, D10, D12
from engine.options import Field
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
from engine.protocol.lazy import Later, deferred
from engine.rulesets.registry import load_data

from . import chain, data, wording
from .actions import ACTIONS
from .options import OPTIONS

if TYPE_CHECKING:
    from engine.turns import TurnStructure

__all__ = ["RULESET", "COVER", "PROPOSED_NUMBERS", "build_ruleset", "turn_structure"]

#: The seed gives no cover levels (only "in cover" / "leave cover", §4.3): generic terms.
COVER: dict[int, CoverTerm] = {
    0: CoverTerm("no cover", 0),
    1: CoverTerm("in cover (укрытие)", 1, proposed=True, reason="§4.3 cover, no levels"),
    2: CoverTerm("in cover (укрытие)", 2, proposed=True, reason="§4.3 cover, no levels"),
    3: CoverTerm("in cover (укрытие)", 3, proposed=True, reason="§4.3 cover, no levels"),
    4: CoverTerm("trench (окоп)", 4, proposed=True, reason="§4.10-5 KP-6 trench"),
}

WEAPON = {"name": Field("str"), "name_ru": Field("str"), "support": Field("bool")}


def turn_structure() -> TurnStructure:
    """Alternating activations of 2 actions, passed actions with the comm test (§4.2–4.5)."""
    from engine.turns import from_table

    from . import turn_hooks  # the command and movement it reads come with the turn

    proposed = [n.partition(".")[2] for n in data.rules()["proposed"] if n.startswith("turn.")]
    return from_table(data.rules()["turn"], f"{data.RULESET_ID}/ruleset.toml: turn",
                      proposed).with_hooks(turn_hooks.HOOKS)


#: The markers and state keys Keno writes, the suppression badge, and the profile fields
#: the board reads.
VOCABULARY = Vocabulary(
    markers=(
        Term("suppression", "suppression markers (int, §4.6)",
             BadgeLook("S", "#d9822b", counted=True, rank=10, label_ru="П")),
        Term("spotted", "seen by the enemy (bool)"),
    ),
    unit_state=terms("able_carriers", "carried", "casualties", "detached_from", "figures",
                     "heavy_wounded", "in_contact", "in_cover", "level", "march_order",
                     "morale", "prone", "quality", "tow_state"),
    profile=ProfileKeys(base="base", vehicle="vehicle", proposed="proposed"),
).worded(wording.SAID)

def build_ruleset() -> Ruleset:
    return Ruleset(
        id=data.RULESET_ID,
        name="Keno platoon",
        dice=(D6, D8, D10, D4, D12),
        metres_per_inch=1.0,
        distance_unit="in",
        cover=COVER,
        actions=ACTIONS,
        options=OPTIONS,
        profile_fields={"profile": data.PROFILE},
        profiles=data.profiles(),
        weapons=load_data(data.RULESET_ID, "weapons.toml", schema=WEAPON, table="weapons"),
        doc="Keno vs \"Steel\", platoon level (seed 004): the chain of command, alternating "
            "activations of two actions, passed actions with the communication test, merge "
            "and detach, movement with the 2dN combat move.",
        turn_structure=Later(turn_structure),
        board=BoardHints(move_allowance_m=deferred(".board:move_allowance_m", __package__),
                         is_vehicle=deferred(".board:is_vehicle", __package__),
                         selection_zones=deferred(".board:contact_zones", __package__)),
        organisation=chain.ORGANISATION,
        cards=CardLayouts(f"{__package__}.cards"),
        vocabulary=VOCABULARY,
    )


RULESET = build_ruleset()

#: Every PROPOSED number of ruleset.toml ("section.key"), for the UI to flag.
PROPOSED_NUMBERS: tuple[str, ...] = tuple(data.rules()["proposed"])
