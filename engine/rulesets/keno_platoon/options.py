"""The §4.A ambiguities of seed 004 as ruleset options, each with its documented default
(the rules file's PROPOSED reading) and reason "§4.A-N"."""

from __future__ import annotations

from engine.options import Option

OPTIONS: tuple[Option, ...] = (
    Option("initiative_die", "Initiative die", "choice", "best_quality",
           choices=("best_quality", "d6"), reason="§4.A-1", proposed=True,
           help="best_quality: each side rolls the best quality die among its units on the "
                "table, higher first, ties re-rolled (keno_platoon.turn.roll_initiative); "
                "d6: each side rolls a d6 (the generic initiative roll)."),
    Option("passed_activation", "When a passed activation happens", "choice", "immediate",
           choices=("immediate",), reason="§4.A-2", proposed=True,
           help="immediate: at once inside the commander's activation, which is the slot "
                "(no slot of its own); the receiving unit keeps its own activation."),
    Option("detach_duplicate", "\"Detach a child group\" and \"detach part of a squad\"",
           "choice", "same", choices=("same",), reason="§4.A-3", proposed=True,
           help="same: one action (§4.8), listed twice in the source."),
    Option("fire_limit", "Firing limit per activation", "choice", "per_weapon",
           choices=("per_weapon", "once"), reason="§4.A-4", proposed=True,
           help="per_weapon: not the same weapon twice (rifles, then the launcher, is "
                "legal); once: fire only once per activation (L89 read literally)."),
    Option("comm_levels", "Comm test: whose commander levels", "choice", "both_ends",
           choices=("both_ends",), reason="§4.A-5", proposed=True,
           help="both_ends: the passing commander's and the receiving unit's; with a bypass, "
                "the receiving unit's own level, not the bypassed commander's."),
    Option("die_floor", "Lowest die for the comm test", "choice", "d4",
           choices=("d4", "d6"), reason="§4.A-6", proposed=True,
           help="d4: the ladder d4 < d6 < d8 < d10 < d12, below d4 the pass is impossible; "
                "d6: below d6 the pass is impossible."),
    Option("merge_action", "Whose action merges two squads", "choice", "either",
           choices=("either", "both"), reason="§4.A-7", proposed=True,
           help="either: one action of either squad; the merged squad counts as activated "
                "if either part was. both: each squad spends one (the other's is marked)."),
    Option("morale_rounding", "Mean morale rounded", "choice", "better",
           choices=("better", "worse"), reason="§4.A-8", proposed=True,
           help="better: a half step rounds toward the better state (\"up\" = higher "
                "spirit); worse: toward the worse."),
    Option("merge_equal_die", "Merging squads of equal size: quality die", "choice",
           "better", choices=("better", "worse", "actor"), reason="§4.A-9", proposed=True,
           help="better: the better die; worse: the worse; actor: the squad taking the "
                "action."),
    Option("detach_clamp", "Detached group's commander type", "choice", "named_or_parent",
           choices=("named_or_parent",), reason="§4.A-10", proposed=True,
           help="the figure named to lead the group decides by its android flag; without "
                "one, the parent squad's commander type."),
    Option("broken_leave_cover", "Broken units leaving cover", "choice", "reaction_test",
           choices=("reaction_test", "forbidden"), reason="§4.A-11", proposed=True,
           help="reaction_test: like Shaken, with the Broken die step; forbidden: a Broken "
                "unit may not leave cover."),
    Option("phones", "Beyond contact: what a pass needs", "choice", "both_ends",
           choices=("both_ends", "either_end"), reason="§4.A-12", proposed=True,
           help="both_ends: both ends have a radio or sit at a phone (`at_phone`); "
                "either_end: one end with a radio or phone is enough."),
    Option("detached_comm_test", "Comm test for passing to a detached group", "bool", True,
           reason="§4.A-13", proposed=True,
           help="True: the same rules (usually within 6\" in LOS anyway)."),
    Option("combat_move", "Combat move precision", "choice", "declared",
           choices=("declared", "full"), reason="§4.A-14", proposed=True,
           help="declared: declare the destination; a total ≥ the distance arrives, else "
                "the unit moves the full total along the path. full: it must move the full "
                "total, past the destination if the roll is high."),
    Option("combat_faces", "Combat move faces in reduced states", "choice", "current_move",
           choices=("current_move", "class"), reason="§4.A-15", proposed=True,
           help="current_move: faces = the current normal move (2d8 towing, 2d4 heavily "
                "overloaded); class: the class's dice (vehicles 2d12 flat). Aircraft and "
                "rail have no combat move."),
    Option("aircraft_minimum", "Aircraft move at least 24\" per action", "bool", True,
           reason="§4.A-16", proposed=True,
           help="a minimum per action (aircraft must keep moving); no maximum is given."),
    Option("rail_limit", "Rail: at most 24\"", "choice", "per_action",
           choices=("per_action",), reason="§4.A-17", proposed=True,
           help="per_action: at most 24\" in each move action."),
    Option("make_contact", "Effect of the Make contact action", "choice", "report",
           choices=("report",), reason="§4.A-18", proposed=True,
           help="report: the comm test establishes contact for reporting or spotting "
                "(marks the unit 'in contact' this turn)."),
    Option("bandage_suppressed", "Bandaging while suppressed out of cover", "bool", True,
           reason="§4.A-19", proposed=True,
           help="True: only restoring cohesion is forbidden; bandaging (sorting the "
                "casualties) is still allowed."),
    Option("cohesion_in", "Cohesion distance (inches)", "float", 2.0, minimum=0.5,
           maximum=12, reason="§4.A-20", proposed=True,
           help="every figure within this distance of another figure of the squad."),
)
