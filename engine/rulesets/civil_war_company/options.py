"""The ruleset options: every AMBIGUOUS point of the rules file's §4.A as an Option with its
documented default (reason "§4.A-N"). The rules read them with `ctx.rule(id)`."""

from __future__ import annotations

from engine.options import Option

__all__ = ["OPTIONS"]


def _o(id: str, label: str, default: str, choices: tuple[str, ...], n: int, help: str,
       proposed: bool = False) -> Option:
    return Option(id, label, "choice", default, choices=choices, reason=f"§4.A-{n}",
                  proposed=proposed, help=help)


OPTIONS: tuple[Option, ...] = (
    _o("test_comparison", "SERIOUS / FEAR / RALLY: 2d6 against the value", "le", ("le", "lt"),
       1, "le: total ≤ value passes (the examples); lt: equal fails"),
    _o("officer_bonus", "Officer's +1 to SERIOUS and FEAR", "always",
       ("always", "artillery_only", "none"), 2,
       "always: card value + 1 while he lives (the artillery example); artillery_only; none"),
    _o("retreat_toward", "Retreat of a company that already moved", "turn_start",
       ("turn_start", "away"), 3,
       "turn_start: toward its position at the start of this turn; away: from the shooter"),
    _o("terror_markers", "Terror markers after their test", "keep", ("keep", "spend"), 4,
       "keep: tests at every new multiple of 2, markers stay; spend: 2 removed per test",
       proposed=True),
    _o("artillery_range", "Accuracy 'long range −1' of the artillery example", "per_18in",
       ("per_18in", "long_range_literal"), 5,
       "per_18in: only −1 per 18\" (the list); long_range_literal: also −1 beyond ⅓ range"),
    _o("direction_die", "Scatter direction die", "app", ("app", "d6"), 6,
       "app: the app's direction die, a face per 2° (face 1 = +x); d6: six arrows 60° "
       "apart, face 1 up the table; a scatter of 0 or less leaves the template on its "
       "point and rolls no direction", proposed=True),
    _o("heavy_result", "Heavy artillery '2d6' result", "two_dice", ("two_dice", "2d6_total"),
       7, "two_dice: two result dice per stand, at most one platoon lost; 2d6_total: one "
       "2d6 total ≤ target", proposed=True),
    _o("area_fire_twice", "Area fire −1 listed twice", "once", ("once", "twice"), 8,
       "once: a copy defect (recommended); twice: −2"),
    _o("under_template", "A stand under the template", "overlap", ("overlap", "centre"), 9,
       "overlap: its base overlaps the template; centre: its centre is inside",
       proposed=True),
    _o("cover_reading", "Cover roll of a target neither prone nor in cover", "net",
       ("net", "literal"), 10,
       "net: d6 ≤ 6 + all cover modifiers, automatic at 6 or more (the artillery example); "
       "literal: automatic, whatever the modifiers"),
    _o("extreme_range", "Extreme range in Hit, Result and Cover", "all_three",
       ("all_three", "hit_only"), 11, "all_three: as listed; hit_only: a copy defect"),
    _o("short_range", "'Short range' of an MG against vehicles", "third", ("third", "8in"),
       12, "third: ≤ ⅓ of its range; 8in: ≤ 8\"", proposed=True),
    _o("under_fire", "'Under fire' (MG −1 hit, artillery −1 accuracy)", "fired_on",
       ("fired_on", "manual"), 13,
       "fired_on: set when it is fired on, cleared at its next activation; manual: a flag "
       "the players set", proposed=True),
    _o("exhausted", "'Exhausted' shooter (−1 hit)", "manual", ("manual", "ignored"), 14,
       "manual: a flag the players set; ignored", proposed=True),
    _o("dice_per_company", "Hit dice of a company", "platoons_with_los",
       ("platoons_with_los", "all_platoons"), 15,
       "platoons_with_los: one die per platoon with LOS to the target (L52); all_platoons"),
    _o("retreat_when_suppressed", "Retreat of a suppressed company", "retreats",
       ("retreats", "suppression_test"), 16,
       "retreats: retreat is forced movement; suppression_test: it cannot move, so it "
       "tests instead", proposed=True),
    _o("rout", "A routing company", "flees", ("flees", "removed"), 17,
       "flees: marked routing, moves its full move away from the nearest enemy and may "
       "rally (§8-5); removed: taken off at once", proposed=True),
    _o("per_18in_rounding", "Artillery −1 per each 18\"", "floor", ("floor", "ceil"), 18,
       "floor: 18.0\" → −1, 17.9\" → 0; ceil", proposed=True),
    _o("ranged_in", "Ranged-in ground (+1, 3rd+ shot at the same point)", "within_radius",
       ("within_radius", "never"), 19,
       "within_radius: an earlier aim point of the battery within 1\"; never",
       proposed=True),
    _o("mg_dice", "Machine gun dice", "four", ("four", "per_stand"), 20,
       "four: exactly 4 hit dice; per_stand: 4 per MG stand with LOS (several MGs)"),
    _o("support_stand_loss", "An MG or gun stand destroyed", "no_fear_test",
       ("no_fear_test", "fear_test"), 21,
       "no_fear_test: an independent support unit; fear_test: its crew tests FEAR",
       proposed=True),
    _o("artillery_suppression", "Suppression tests from failed artillery results",
       "per_failed_die", ("per_failed_die", "per_company"), 22,
       "per_failed_die: one test per failed die (the example); per_company: one per "
       "company", proposed=True),
    _o("officer_test_order", "Officer death tests and FEAR tests", "officer_first",
       ("officer_first", "fear_first", "by_platoon"), 23,
       "officer_first: a dead officer takes his +1 from the FEAR tests (CW-2's order); "
       "fear_first: CW-1's order; by_platoon: platoon by platoon, each lost platoon's "
       "officer test then its FEAR test", proposed=True),
    _o("negative_accuracy", "Accuracy below 0", "lengthens", ("lengthens", "floor_zero"), 24,
       "lengthens: d6 − accuracy as written; floor_zero: accuracy never below 0",
       proposed=True),
)
