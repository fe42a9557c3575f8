"""The Civil War company declaration: dice, scale, cover, profile schema, options, actions,
and the printed cards' layouts (cards.py)."""

from __future__ import annotations

from engine.dice import D3, D6
from engine.i18n import register_glossary
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
from engine.turns import TurnStructure, from_table

from . import board, data, library, turn_hooks, wording
from .actions import ACTIONS
from .options import OPTIONS
from .organisation import ORGANISATION

__all__ = ["RULESET", "COVER", "PROPOSED_NUMBERS", "build_ruleset"]

#: Generic cover level → the seed's cover terms and their cover-roll modifier (§5.3, §6.8).
COVER: dict[int, CoverTerm] = {
    0: CoverTerm("no cover", 0),
    1: CoverTerm("light cover", -1, reason="§5.3 C2"),
    2: CoverTerm("medium cover", -2, reason="§5.3 C3"),
    3: CoverTerm("heavy cover", -3, reason="§5.3 C4"),
    4: CoverTerm("fortifications", -4, reason="§5.3 C5"),
}


def turn_structure() -> TurnStructure:
    """Side turns with a d6 initiative (PROPOSED, §8-1), the start-of-turn triggers."""
    proposed = [n.partition(".")[2] for n in data.rules()["proposed"] if n.startswith("turn.")]
    return from_table(data.rules()["turn"], f"{data.RULESET_ID}/ruleset.toml: turn",
                      proposed).with_hooks(turn_hooks.HOOKS)


#: The markers a company's command stand carries (companies.py: Terror counted on its
#: badge, the flags the players must see), the state of stands and companies, and the
#: profile fields the board reads.
VOCABULARY = Vocabulary(
    markers=(
        Term("terror", "Terror markers (int, §4.3)",
             BadgeLook("T", "#7b4fa3", counted=True, rank=30, label_ru="У")),
        *terms("suppressed", "prone", "routing"),
    ),
    unit_state=terms("ammo", "ammo_rolled", "aim_points", "cover", "last_shot", "platoons",
                     "under_fire"),
    group_state=terms("formation", "moved", "officer", "turn_start"),
    profile=ProfileKeys(base="base", vehicle="vehicle", proposed="proposed"),
    sides=(("reds", "#b3262b"), ("whites", "#d8d8d0")),
    side_words=wording.SIDES,
).worded(wording.SAID)

def build_ruleset() -> Ruleset:
    data.check_labels_ru(ACTIONS, OPTIONS)
    register_glossary("ru", data.glossary_ru(ACTIONS, OPTIONS), data.RULESET_ID)
    return Ruleset(
        id=data.RULESET_ID,
        name="Civil War company",
        dice=(D6, D3),
        metres_per_inch=data.rule_number("metres_per_inch"),
        distance_unit="in",
        cover=COVER,
        actions=ACTIONS,
        options=OPTIONS,
        profile_fields={"profile": data.PROFILE},
        profiles=data.profiles(),
        doc="Russian Civil War, company level (seed 001): platoon stands, three-roll fire "
            "(hit, result, cover), Retreat and Terror, 2d6 morale, MGs and artillery "
            "templates with d6 − accuracy scatter.",
        turn_structure=turn_structure(),
        board=BoardHints(move_allowance_m=board.move_allowance_m,
                         weapon_scheme=board.weapon_scheme,
                         state_badges=board.state_badges,
                         state_shapes=board.state_shapes),
        organisation=ORGANISATION,
        cards=CardLayouts(f"{__package__}.cards"),
        vocabulary=VOCABULARY,
        library=library.library_spec,
    )


RULESET = build_ruleset()

#: Every PROPOSED number of ruleset.toml ("section.key"), for the UI to flag.
PROPOSED_NUMBERS: tuple[str, ...] = tuple(data.rules()["proposed"])
