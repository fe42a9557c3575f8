"""Ruleset-wide options for every tank AMBIGUOUS point of 01 §4.A (18–29) and the tank
readings of §4.A-1 and IH-9, each with its documented default (docs/rulesets/
iron-hearts-tanks.md). `proposed=True` marks a default that is ours, not the text's.
§4.A-23 (natural 1 / 10) is IH-A's `natural_1_10` (readings.py); tank Fire reads it."""

from __future__ import annotations

from engine.options import Option

from .armour import PENETRATION_TEN

__all__ = ["OPTIONS"]

OPTIONS: list[Option] = [
    Option("penetration_model", "Penetration roll", "choice", "formula",
           choices=("formula", "card"), reason="§4.A-18", proposed=True,
           help="formula: d10 + gun penetration − (band − 1) against AV; card: the gun's "
                "penetration_table[band][d10] against AV"),
    Option("penetration_equal", "Penetration equal to AV", "choice", "fails",
           choices=("fails", "penetrates"), reason="§4.A-18", proposed=True,
           help="the card says only 'greater → penetrated, less → not'"),
    PENETRATION_TEN,
    Option("band_penalty", "Range-band penalty applies to", "choice", "aim_and_penetration",
           choices=("aim_and_penetration", "aim_penetration_and_fire"), reason="§4.A-19"),
    Option("failed_aim_bonus", "Bonus after failed aims", "choice", "capped",
           choices=("capped", "cumulative", "cumulative_from_third"), reason="§4.A-20",
           help="capped (A): +1, +2, +2 …; cumulative (B): +1, +3, +5 …; "
                "cumulative_from_third (C): +1, +2, +4, +6 …"),
    Option("full_speed_fire", "Fire after full-speed movement", "choice", "run_of_two",
           choices=("run_of_two", "categories", "declared"), reason="§4.A-21",
           help="run_of_two (a): −2 when Fire directly follows ≥ 2 consecutive Move AP; "
                "categories: 2 → medium −1, 3 → full −2; declared (b): only as declared"),
    Option("facing_model", "Side struck", "choice", "front180",
           choices=("front180", "quadrants", "attacker_choice"), reason="§4.A-22"),
    Option("commander_missing_aim", "Aim with the commander missing", "choice", "no_bonus",
           choices=("no_bonus", "keeps_bonus"), reason="§4.A-24",
           help="no_bonus: aim costs 1 AP and gets no +2 (the text)"),
    Option("hull_rotation_ap", "Hull rotation cost (AP)", "int", 1, minimum=0, maximum=3,
           reason="§4.A-25", proposed=True),
    Option("turret_rotation_ap", "Turret rotation cost (AP)", "int", 0, minimum=0, maximum=3,
           reason="§4.A-25", proposed=True),
    Option("aim_break_measure", "Target movement that breaks the aim", "choice",
           "displacement", choices=("displacement", "path"), reason="§4.A-26", proposed=True),
    Option("roof_hmg_exposes_commander", "Roof HMG: commander exposed", "bool", True,
           reason="§4.A-27", proposed=True),
    Option("crew_te_rounding", "Crew T&E rounding", "choice", "half_toward_zero",
           choices=("half_toward_zero", "half_away_from_zero", "truncate"), reason="§4.A-28",
           proposed=True),
    Option("crew_te_counts", "Crew T&E counts", "choice", "aboard",
           choices=("aboard", "card"), reason="§4.A-28", proposed=True,
           help="aboard: mean of the able members aboard; card: of the whole card crew"),
    Option("speed_categories", "Speed category from", "choice", "consecutive_ap",
           choices=("consecutive_ap", "turn_total"), reason="§4.A-29", proposed=True,
           help="Move AP: 1 slow, 2 medium, 3 full — consecutive before the shot, or all "
                "this turn"),
    Option("tank_aim_cover", "Cover on tank Aim", "choice", "per_level",
           choices=("per_level", "ignore"), reason="§4.A-1 (tank aim lists cover)",
           proposed=True, help="per_level: −1 per cover level (PROPOSED value)"),
    Option("gunner_substitute_penalty", "Substitute gunner loses Fire bonuses", "bool", False,
           reason="§4.14-3 / IH-9", proposed=True,
           help="False: a filled gunner's post gives no penalty (IH-9); True: a substitute "
                "at the gunner's post also loses all Fire bonuses (literal L155)"),
]
