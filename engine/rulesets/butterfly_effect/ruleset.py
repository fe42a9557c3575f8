"""The Butterfly Effect declaration (seed 003, rules file 04): d6 pools, distance bands in
metres, cover none / partial / full, every §4.A ambiguity as an option with its documented
default, the actions (fire as data in fire.toml, melee, stealth duel) and the combat round
as a turn structure (one active action each, an ambushing side first for one round), and
its printed card."""

from __future__ import annotations

from engine.dice import D6
from engine.model import Game
from engine.options import Option
from engine.protocol import (
    BoardHints,
    CardLayouts,
    CoverTerm,
    ProfileKeys,
    Ruleset,
    Vocabulary,
    terms,
)
from engine.scenario import Unit
from engine.triggers import MOVE, Trigger
from engine.turns import TurnHooks, TurnStructure, from_table

from . import board, data, library, wording
from .bands import RANGE_BAND, weapon_scheme
from .cover import LeaveCover, TakeCover
from .dash import Dash
from .elimination import SilentElimination
from .fire import fire_pack
from .melee import Melee
from .stealth import Detect, StealthDuel, duel_due

__all__ = ["RULESET", "COVER", "OPTIONS", "turn_structure", "build_ruleset"]

#: Generic cover levels → partial / full (§6-4 PROPOSED: 1–2 partial, 3–4 full); the value
#: is the camouflage class, equal to the accuracy penalty (+1 / +2, §4.5).
COVER: dict[int, CoverTerm] = {
    0: CoverTerm("open", 0),
    1: CoverTerm("partial cover", 1, proposed=True, reason="levels 1–2 partial (§6-4)"),
    2: CoverTerm("partial cover", 1, proposed=True, reason="levels 1–2 partial (§6-4)"),
    3: CoverTerm("full cover", 2, proposed=True, reason="levels 3–4 full (§6-4)"),
    4: CoverTerm("full cover", 2, proposed=True, reason="levels 3–4 full (§6-4)"),
}


def _o(id: str, label: str, default: str, choices: tuple[str, ...], n: int, help: str
       ) -> Option:
    return Option(id, label, "choice", default, choices=choices, reason=f"§4.A-{n}",
                  proposed=True, help=help)


#: §4.A-1 … §4.A-19, each with the rules file's PROPOSED default.
OPTIONS: tuple[Option, ...] = (
    _o("point_blank_shooter", "Shooting at point blank", "below_unarmed",
       ("below_unarmed", "as_melee"), 1,
       "below_unarmed: a shooter loses even to bare hands; as_melee: he fights with the "
       "butt or bare hands"),
    Option("butt_dice", "Rifle-butt dice", "int", data.number("melee.butt_dice"), minimum=1,
           maximum=3, reason="§4.A-2", proposed=True,
           help="dice of a level-1 butt strike (default: the data's melee.butt_dice, like "
           "the knife; alternative 1)"),
    _o("melee_round_wound", "Best of three: a lost round", "hp_1", ("hp_1", "status_only"), 3,
       "hp_1: −1 HP and a WOUND; status_only: the WOUND status alone. Ties are replayed; "
       "the GM marks a serious fight per melee"),
    _o("dash_stopped_by", "What stops a medium DASH", "death", ("death", "wound"), 4,
       "death: only death stops it; wound: the GM rules a wound stops it"),
    _o("death_timing", "A killed character dies", "end_of_own_turn",
       ("end_of_own_turn", "immediately"), 5,
       "end_of_own_turn: he still acts, dies at the end of his turn (or of the round if he "
       "has acted); immediately: removed at once"),
    _o("cover_timing", "Cover taken this turn", "whole_round", ("whole_round", "after"), 6,
       "whole_round (reading A): counts for all fire at him this round; after (B): only "
       "for shots after he took it"),
    _o("full_cover_save", "First heavy hit or grenade saved by", "full_cover",
       ("full_cover", "full_defence_only", "none"), 7,
       "full_cover: any character in full cover; full_defence_only: only in full defence"),
    _o("heavy_save_scope", "What the save absorbs", "whole_attack",
       ("whole_attack", "first_hit"), 7, "the whole first heavy attack, or only its first hit"),
    _o("damage_order", "Damage takes", "armour_first", ("armour_first", "hp_first"), 8,
       "armour points absorb first, then HP; or HP first"),
    _o("burst_allocation", "Splitting a burst", "dice_before",
       ("dice_before", "successes_after"), 9,
       "dice_before: dice allocated to each target before the roll (needed when the "
       "targets' bands or cover differ); successes_after: one roll, its hits shared out "
       "after it (\"distributing damage\"), only for targets at the same threshold"),
    _o("duel_distance", "Distance in the duel", "scout_dice", ("scout_dice", "class_reduction"),
       10, "scout_dice: medium +1, short +2 dice to the scout; class_reduction: the hider's "
       "class is lowered as in the static check"),
    _o("static_pool", "Static detection pool", "duel_pool_no_distance",
       ("duel_pool_no_distance", "duel_pool"), 11,
       "duel_pool_no_distance: the scout's Perception dice and sentries, the distance "
       "already lowering the class; duel_pool: the duel's distance dice as well; detected "
       "if successes ≥ the class"),
    _o("stat_dice", "Stat dice", "sheet", ("sheet", "per_grade"), 12,
       "sheet: dice counts from the character sheet; per_grade: 1 die per grade"),
    _o("duel_tie", "Stealth duel tie", "hider_holds", ("hider_holds", "scout"), 13,
       "hider_holds: not detected, cannot approach this round, re-roll next round; "
       "scout: ties go to the scout"),
    _o("stealth_speed", "Stealth speed", "not_modelled", ("not_modelled",), 14,
       "the text gives no movement rates: a stealth flag only (§8-7)"),
    Option("ambush_rounds", "Ambush lasts (rounds)", "int", data.number("turn.ambush_rounds"),
           minimum=1, maximum=10, reason="§4.A-15", proposed=True,
           help="rounds played under the SURPRISE rule, the ambushing side acting first in "
           "each with casualties falling at once; PROPOSED one (the text: «the round»)"),
    _o("weather_scale", "Weather dice", "graded", ("graded", "fierce_only"), 16,
       "graded: light 1, heavy 2, fierce 3; fierce_only: only the text's fierce sandstorm "
       "(+3) gives dice, lighter weather none"),
    _o("wound_severity", "Wound severity", "by_hp", ("by_hp", "none"), 17,
       "by_hp: light above half HP, heavy at half or less, critical at 1 HP; none: an "
       "unrated WOUND; narrative only"),
    _o("band_edges", "Band limits", "inclusive", ("inclusive", "exclusive"), 18,
       "inclusive: d ≤ 30 short, ≤ 100 medium, ≤ 500 long, ≤ 3000 extreme, contact ≤ 2 m "
       "(ruleset.toml [range]); exclusive: \"up to 30 m\" is under 30 (30 m is medium)"),
    _o("missing_band", "A band the weapon does not list", "cannot_fire",
       ("cannot_fire", "worst_listed"), 19,
       "cannot_fire; or fire at the worst accuracy the weapon lists"),
)


def can_act(game: Game, unit: Unit) -> str | None:
    """A neutralised character (or a hostage) does nothing (§4.3-3, §4.8-6); a killed one
    still acts this round (§4.4-7) — his removal is deferred to the end of his turn."""
    if unit.state.get("neutralised"):
        return "neutralised (04 §4.3-3)"
    if unit.state.get("hostage"):
        return "taken hostage (04 §4.8-6)"
    return None


def flags(game: Game, unit: Unit) -> tuple[str, ...]:
    out = []
    if unit.state.get("dead_pending"):
        out.append("killed: dies at the end of his turn")
    if unit.state.get("wound"):
        out.append(f"{unit.state['wound']} wound")  # a glossary term per severity
    if unit.state.get("stealth"):
        out.append("stealth")
    if unit.state.get("full_defence"):
        out.append("full defence")
    return tuple(out)


DUEL_DUE = ("a stealthed operative within medium distance of a scout: the stealth duel "
            "(04 §4.8-2)")


def ambush_rounds(game: Game) -> int:
    """How many rounds a declared ambush lasts in this game (§4.A-15, the game's reading)."""
    from engine.readings import readings_for
    from engine.rulesets.registry import get_ruleset

    return int(readings_for(get_ruleset(data.RULESET_ID), game)["ambush_rounds"])


def turn_structure() -> TurnStructure:
    """Combat rounds of one active action, an ambush side first (§4.2-1, §4.7); the stealth
    duel falls due at the start of a round and as soon as a move on the board brings a
    stealthed operative within medium distance of a scout (§4.8-2, §6-6)."""
    t = {k: v for k, v in data.rules()["turn"].items() if k != "ambush_rounds"}
    return from_table(t, f"{data.RULESET_ID}/ruleset.toml: turn").with_hooks(
        TurnHooks(can_act=can_act, flags=flags, ambush_rounds=ambush_rounds, triggers=tuple(
            Trigger(at, "stealth_duel", duel_due, DUEL_DUE) for at in ("turn_start",
                                                                        MOVE))))


#: The operatives' state Butterfly Effect writes (its badges come from board.state_badges)
#: and the profile fields the board reads.
VOCABULARY = Vocabulary(
    unit_state=terms("alarm", "armour", "camouflage_broken", "dashing", "dead_pending",
                     "detected", "duel_tie", "duel_won", "full_defence", "gear",
                     "heavily_armoured", "hostage", "hp", "in_cover", "neutralised",
                     "stealth", "wound"),
    profile=ProfileKeys(base="base", proposed="proposed"),
    side_words=wording.SIDES,
).worded(wording.SAID)

def build_ruleset() -> Ruleset:
    return Ruleset(
        id=data.RULESET_ID,
        name="Butterfly Effect",
        dice=(D6,),
        metres_per_inch=data.rules()["metres_per_inch"],
        distance_unit="m",
        cover=COVER,
        options=OPTIONS,
        actions=(*fire_pack(frozenset(o.id for o in OPTIONS)).actions, Melee(), StealthDuel(),
                 Detect(), Dash(), TakeCover(), LeaveCover(), SilentElimination()),
        facts=(RANGE_BAND,),
        profile_fields={"character": data.CHARACTER, "weapon": data.WEAPON},
        profiles=data.profiles(),
        weapons=data.weapons(),
        doc="Play-by-post operatives (seed 003): d6 pools, distance bands, simultaneous "
            "fire, cover and camouflage, the stealth duel.",
        turn_structure=turn_structure(),
        board=BoardHints(weapon_scheme=weapon_scheme, state_badges=board.state_badges),
        cards=CardLayouts(f"{__package__}.cards"),
        vocabulary=VOCABULARY,
        library=library.spec,
    )


RULESET = build_ruleset()

#: Every PROPOSED number of ruleset.toml ("section.key"), for the UI to flag.
PROPOSED_NUMBERS: tuple[str, ...] = tuple(data.rules()["proposed"])
