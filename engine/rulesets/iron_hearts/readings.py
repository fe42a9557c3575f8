"""Ruleset-wide options: one per AMBIGUOUS point of §4.A that concerns characters.

Each default is the spec's recommended reading; `proposed=True` where the default is a
number or a choice of ours rather than a reading of the text. The tank points (18–22,
24–29) are declared on the tank side (tanks.OPTIONS).
"""

from __future__ import annotations

from engine.options import Option

from .squad_cover import OPTIONS as SQUAD_COVER_OPTIONS

__all__ = ["OPTIONS"]


def _choice(id: str, label: str, default: str, choices: tuple[str, ...], reason: str,
            help: str, proposed: bool = False) -> Option:
    return Option(id, label, "choice", default, choices=choices, reason=reason, help=help,
                  proposed=proposed)


OPTIONS: list[Option] = [
    _choice("cover_effect", "Cover works on", "damage", ("damage", "accuracy", "both"),
            "§4.A-1", "damage: cover lowers Damage and opens the suppression band (the "
            "shooting procedure and its example); accuracy: a penalty to the hit roll "
            "instead; both: double counting, not recommended"),
    _choice("suppression_source", "Suppression comes from", "hits",
            ("hits", "cover_band", "both"), "§4.A-2",
            "hits: every successful hit die gives 1 (the morale section and its worked "
            "example); cover_band: only wound dice between Damage − cover and Damage; "
            "both: a hit in the band gives 2"),
    _choice("suppression_excess", "Suppression over the cap of 3", "discard",
            ("discard", "penalty_only"), "§4.A-3",
            "discard: the excess is lost with its MM penalty; penalty_only: no marker "
            "beyond 3, but its MM still counts against Guts", proposed=True),
    _choice("start_test_cost", "Start-of-turn suppression tests cost", "free",
            ("free", "ap_per_test"), "§4.A-4",
            "free: automatic (any failure: no action this turn); ap_per_test: each test "
            "costs 1 AP as Overcome does"),
    _choice("start_test_acts", "To act after the start-of-turn tests", "all_pass",
            ("all_pass", "one_pass"), "§4.A-4",
            "all_pass: any failure and the character does nothing this turn (recommended); "
            "one_pass: one passed test is enough to act"),
    _choice("start_test_pass_removes", "A passed start-of-turn test removes", "one",
            ("one", "none"), "§4.A-4",
            "one: each pass removes one suppression (recommended); none: a pass only lets "
            "him act, the suppression stays until Overcome"),
    _choice("mm_stacking", "MM from several weapons", "sum", ("sum", "highest"), "§4.A-5",
            "sum: each suppression adds its own weapon's MM; highest: every suppression "
            "counts at the highest MM among them", proposed=True),
    _choice("commander_guts", "Commander's Guts acts on soldiers", "rally",
            ("rally", "cohesion"), "§4.A-6",
            "rally: the commander spends AP to test his own Guts for them (as the "
            "example); cohesion: soldiers within voice range test with his Guts"),
    _choice("rally_mm", "MM penalty on the commander's rally roll", "own", ("own", "none",
            "soldier"), "§4.A-6",
            "own: only the commander's own MM penalty, if he is suppressed himself (the "
            "example rolls his plain Guts 9); none: never; soldier: each test also carries "
            "the MM penalty of the soldier it is for"),
    _choice("rally_clears", "A passed rally", "action_only", ("action_only", "suppression"),
            "§4.5-5, §4.5-6 (seed L281)",
            "action_only: the soldiers act again this turn, their suppression stays; next "
            "turn the Guts penalty is lifted and they test again (seed L281); suppression: "
            "each pass also removes one suppression (the reading before issue 9)"),
    _choice("rally_ap", "Commander's rally costs", "per_test", ("per_test", "per_rally"),
            "§4.A-7", "per_test: 1 AP per Guts test; per_rally: 1 AP for all tests",
            proposed=True),
    _choice("sprint", "Sprint (3 AP of movement)", "50m", ("50m", "45m"), "§4.A-8",
            "50m: the text's Sprint; 45m: 3 × 15 m"),
    _choice("rof_unit", "Rate of Fire counts", "per_ap", ("per_ap", "per_turn"), "§4.A-9",
            "per_ap: RoF dice for every AP spent shooting (the examples); per_turn: RoF "
            "dice per turn ('shots per round')"),
    _choice("range_zones", "Range zones", "three", ("three", "range_only"), "§4.A-10",
            "three: ≤ R normal, ≤ 2R only a natural 1, beyond no fire; range_only: no "
            "fire beyond R"),
    _choice("grenade_stat", "Grenades are thrown with", "accuracy", ("accuracy", "melee"),
            "§4.A-11", "accuracy: the grenade section ('as in all other cases'); melee: "
            "the stat list puts short-range throwing under Melee"),
    _choice("grenade_dice", "Grenade damage dice beyond the people hit", "round_robin",
            ("round_robin", "wasted"), "§4.A-12",
            "round_robin: max(5, n) dice dealt in turn over the people in the blast, the "
            "aimed man first; wasted: one die each, the rest of the 5 hit nobody",
            proposed=True),
    _choice("grenade_suppression", "Grenades suppress", "none", ("none", "per_die"),
            "§4.A-12", "none: the text gives grenades no suppression; per_die: each damage "
            "die that falls on a man and does not wound him gives 1 suppression, with the "
            "grenade's MM (grenade.morale_modifier, PROPOSED)", proposed=True),
    _choice("melee_wound_vs", "Melee wound roll against", "melee_stat",
            ("melee_stat", "weapon_damage"), "§4.A-13",
            "melee_stat: d10 ≤ Melee (the text); weapon_damage: d10 ≤ the weapon's Damage"),
    _choice("melee_exchanges", "Melee lasts", "until_decided", ("until_decided", "one"),
            "§4.A-14", "until_decided: exchanges repeat in the same turn until one side "
            "is down (capped by melee.max_exchanges); one: a single exchange per turn"),
    _choice("melee_tie", "Initiative tie", "simultaneous", ("simultaneous", "reroll"),
            "§4.A-15", "simultaneous: both strike at once (the text); reroll: roll again"),
    _choice("assault_check", "Assault check target", "guts", ("guts", "five", "melee"),
            "§4.A-16", "d10 ≤ Guts (a nerve test) / 5 / Melee, + T&E + grenade bonus − "
            "fortification", proposed=True),
    _choice("te_applies_to", "T&E is shown on", "target", ("target", "roll"), "§4.A-17",
            "target: added to the target number (detection 3 + 2 = 5); roll: taken off "
            "the roll (same odds)"),
    _choice("natural_1_10", "Natural 1 / natural 10", "tank_aim",
            ("tank_aim", "all_d10_tests"), "§4.A-23",
            "tank_aim: stated only for tank Aim; all_d10_tests: a natural 1 always "
            "succeeds and a natural 10 always fails on every d10 test"),
    _choice("snap_fire_accuracy", "Snap fire 'Accuracy 2'", "set", ("set", "minus"),
            "§4.A-30", "set: Accuracy becomes 2 (d10 ≤ 2); minus: Accuracy − 2"),
    *SQUAD_COVER_OPTIONS,  # not a §4.A point: ours, where the text is silent (PROPOSED)
]
