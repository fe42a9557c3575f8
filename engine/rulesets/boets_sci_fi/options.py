"""Every §4.A ambiguity of 03 as a ruleset option with its documented default."""

from __future__ import annotations

from engine.options import Option

__all__ = ["OPTIONS"]

OPTIONS: tuple[Option, ...] = (
    Option("first_player_die", "The die for who goes first", "choice", "d20",
           choices=("d20", "d6", "d10"), reason="§4.A-1", proposed=True,
           help="The die is not given: d20, the game's die (PROPOSED); each side rolls it "
                "once before the game, the higher goes first, ties are re-rolled."),
    Option("house_rules", "Resolve fire with the house rules (§8)", "bool", True,
           reason="§4.A-2", proposed=True,
           help="The seed's basic fire rules are missing. True: the PROPOSED house rules "
                "(Accuracy d20 ≥ 11 within Дальн, Скр shots, Penetration d20 + М ≥ 10 + Бр, "
                "Стк wounds); False: Fire refuses and the table decides."),
    Option("assault_phase", "When an assault is made", "choice", "instead_of_fire",
           choices=("instead_of_fire", "after_fire", "manoeuvre"), reason="§4.A-3",
           proposed=True,
           help="instead_of_fire (a): in the Fire phase, instead of shooting (the example "
                "'skips the fire phase and at once attacks'); after_fire (b): a melee after "
                "the shooting, in the Fire phase, so a squad may fire and then assault; "
                "manoeuvre (c): an assault is part of the Manoeuvre phase. The side's "
                "Manoeuvre phase comes before its Fire phase in every reading, its players "
                "in any order."),
    Option("company_size", "Company of 3–4 platoons over 30 figures", "choice", "warn",
           choices=("warn", "strict"), reason="§4.A-4", proposed=True,
           help="warn: up to 60 figures with 4 platoons, a warning beyond 30; strict: 30."),
    Option("commander_ldr_highest", "Commander LDR from the 'highest' LDR", "choice",
           "numeric_max", choices=("numeric_max", "best"), reason="§4.A-5", proposed=True,
           help="numeric_max: the largest number (the worst fighter), as written; best: "
                "the lowest number."),
    Option("successor_ldr", "The successor's takeover test uses", "choice", "own",
           choices=("own", "derived"), reason="§4.A-6", proposed=True,
           help="own: his own armlist LDR (then the derived LDR once he commands); "
                "derived: the formation's commander LDR."),
    Option("small_unit_failure", "A unit under 3 failing its turn test", "choice", "hold",
           choices=("hold", "panic"), reason="§4.A-7", proposed=True,
           help="hold: it may not move or shoot this turn (§8-7); panic: it panics."),
    Option("takeover_tester", "Who takes the takeover test", "choice", "deputy_then_senior",
           choices=("deputy_then_senior", "senior"), reason="§4.A-8", proposed=True,
           help="deputy_then_senior: the designated deputy, else the most senior survivor; "
                "senior: the most senior survivor by rank only."),
    Option("panic_trigger", "Panic trigger (losses ≥ ½)", "choice", "this_turn",
           choices=("this_turn", "cumulative"), reason="§4.A-9",
           help="this_turn (Reading A, literal): losses this side-turn ≥ ½ of the strength "
                "at its start; cumulative (Reading B): losses since the game's start ≥ ½ "
                "of the starting strength."),
    Option("panic_off_table", "A retreat that reaches the own table edge", "choice",
           "removed", choices=("removed", "stops"), reason="§4.A-10", proposed=True,
           help="removed: figures that leave the table are removed (§8-10); stops: the "
                "edge stops them."),
    Option("command_distance", "Command distance measured", "choice", "centre",
           choices=("centre", "edge"), reason="§4.A-12", proposed=True,
           help="centre: base centre to base centre ('heads'); edge: base edge to edge. "
                "A chain: every fighter within 1 step of another of his unit."),
    Option("coherency", "Command distance links", "choice", "chain",
           choices=("chain", "nearest"), reason="§4.A-12", proposed=True,
           help="chain: the fighters linked by ≤ 1 step form one chain (the unit's graph is "
                "connected); nearest: each fighter within 1 step of at least one other "
                "(§4.7-3), two apart pairs allowed."),
    Option("flamer_hits_friends", "The flamer hits friends under it", "bool", True,
           reason="§4.A-13", proposed=True,
           help="True: friends under the teardrop take the Penetration test too."),
    Option("scatter_unit", "Scatter distance (d20 face) in", "choice", "steps",
           choices=("steps", "inches"), reason="§4.A-15", proposed=True,
           help="steps: the face is steps (× inches per step); inches: the face in inches."),
    Option("single_fighter_target", "A single fighter is a legal target", "bool", True,
           reason="§4.A-17", proposed=True,
           help="True: the target may be one fighter; False: the target's whole squad."),
    Option("split_fire_tester", "Who tests to split fire", "choice", "commander",
           choices=("commander", "sergeant"), reason="§4.A-18", proposed=True,
           help="commander: platoon 2's commander; sergeant: its most senior sergeant."),
    Option("split_fire_ldr", "The split-fire test uses", "choice", "commander_ldr",
           choices=("commander_ldr", "own"), reason="§4.A-19", proposed=True,
           help="commander_ldr: platoon 2's derived commander LDR (§4.3-3); own: the "
                "tester's own armlist LDR."),
    Option("commander_ldr_when", "The derived commander LDR is computed", "choice",
           "organisation", choices=("organisation", "turn_start"), reason="§4.A-20",
           proposed=True,
           help="organisation: once, from every fighter organised; turn_start: from the "
                "survivors."),
)
