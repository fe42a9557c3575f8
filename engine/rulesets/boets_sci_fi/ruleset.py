"""The Boets sci-fi declaration: d20, steps, cover terms, armlists, options, actions, the
Manoeuvre-then-Fire side turn with allies interleaving, and its printed cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dice import D20
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

from . import data, library, organisation, wording
from .options import OPTIONS

if TYPE_CHECKING:
    from engine.turns import TurnStructure

__all__ = ["RULESET", "COVER", "PROPOSED_NUMBERS", "build_ruleset", "turn_structure"]

#: Cover is not mentioned in this seed (the basic rules are missing): no numbers.
COVER: dict[int, CoverTerm] = {
    level: CoverTerm(name, 0, proposed=level > 0,
                     reason="cover rules are in the missing basic rules (§1)")
    for level, name in enumerate(("no cover", "light cover", "medium cover",
                                  "heavy cover", "fortification"))}


def turn_structure() -> TurnStructure:
    """§4.2: a d20 roll once decides who goes first (PROPOSED, §4.A-1); each side's turn is
    Manoeuvre then Fire, the allies of a side interleaving in any order (§4.2-3, BF-1)."""
    from engine.turns import from_table

    from . import turn_hooks
    proposed = [n.partition(".")[2] for n in data.rules()["proposed"] if n.startswith("turn.")]
    return from_table(data.rules()["turn"], f"{data.RULESET_ID}/ruleset.toml: turn",
                      proposed).with_hooks(turn_hooks.HOOKS)


#: The state of fighters and formations Boets writes (wounds taken, on a badge), and the
#: profile fields the board reads.
VOCABULARY = Vocabulary(
    unit_state=(
        Term("wounds", "wounds taken (int)",
             BadgeLook("W", "#8c1d18", counted=True, rank=10, label_ru="Р")),
        *terms("holds", "melee_modifier", "only_shoot", "prone", "rank"),
    ),
    group_state=terms("fire_target", "fired_at", "panic_tested", "panicking", "takeover",
                      "tally"),
    profile=ProfileKeys(base="base", proposed="proposed"),
).worded(wording.SAID)

#: The actions by id, each imported from its module (its ACTIONS) when first asked for.
ACTIONS = ActionList(
    *(LazyAction(i, ".manoeuvre:ACTIONS") for i in ("move", "assault")),
    *(LazyAction(i, ".fire:ACTIONS") for i in ("fire", "template_fire")),
    *(LazyAction(i, ".morale:ACTIONS") for i in ("leadership_test", "takeover_test",
                                                  "panic_test", "small_unit_test",
                                                  "split_fire_test")),
    package=__package__)


def build_ruleset() -> Ruleset:
    return Ruleset(
        id=data.RULESET_ID,
        name="Boets sci-fi (Fighter level)",
        dice=(D20,),
        metres_per_inch=1.0,
        distance_unit="step",
        inches_per_step=float(data.rule_number("inches_per_step")),
        measure="centre",
        cover=COVER,
        actions=ACTIONS,
        options=OPTIONS,
        profile_fields={"armlist": data.ARMLIST, "weapon": data.WEAPON},
        profiles=data.armlists(),
        weapons=data.weapons(),
        doc="Far-future squads (seed 002): d20 ≥ ЛДР Leadership, derived commander ЛДР, "
            "command takeover, Panic retreats to the own edge, templates that hit friends; "
            "fire by PROPOSED house rules (the basic rules are missing).",
        turn_structure=Later(turn_structure),
        board=BoardHints(board_warnings=deferred(".board:board_warnings", __package__),
                         move_allowance_m=deferred(".board:move_allowance_m", __package__)),
        organisation=organisation.ORGANISATION,
        cards=CardLayouts(f"{__package__}.cards"),
        vocabulary=VOCABULARY,
        library=library.library_spec,
    )


RULESET = build_ruleset()

#: Every PROPOSED number of ruleset.toml ("section.key"), for the UI to flag.
PROPOSED_NUMBERS: tuple[str, ...] = tuple(data.rules()["proposed"])
