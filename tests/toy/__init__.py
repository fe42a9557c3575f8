"""Toy brawl: the smallest complete ruleset, the worked example of docs/ruleset-protocol.md.

Two files: this module (the declarations and the one action) and toy.toml (the numbers).
One unit profile (the brawler), one action (a strike: d6 ≤ skill, exact odds from the
same Test the roll uses), one declared vocabulary term (the "dazed" marker and its badge).

Importing it registers nothing. A ruleset outside engine/rulesets/ is made known
explicitly: `engine.rulesets.registry.register(RULESET)`, and `unregister("toy-brawl")`
afterwards (tests/test_toy_ruleset.py does it in a fixture).
"""

from __future__ import annotations

from engine.dice import D6
from engine.model import AddMarker, RemoveUnit
from engine.odds import OutcomeDistribution, distribution, successes
from engine.options import BASE, Field
from engine.protocol import (
    Action,
    BadgeLook,
    Context,
    CoverTerm,
    ProfileKeys,
    Resolution,
    Role,
    Ruleset,
    Term,
    Vocabulary,
    make_test,
    roll_test,
)
from engine.rulesets.registry import load_data

__all__ = ["RULESET", "Strike", "BRAWLER"]

#: the schema of a profile record: load_data refuses anything else, naming the field
BRAWLER = {
    "name": Field("str"),
    "name_ru": Field("str", required=False, default=""),
    "skill": Field("int", minimum=1, maximum=6),
    "grit": Field("int", minimum=1, maximum=3),
    "base": BASE,
    "proposed": Field("list", items=Field("str"), required=False, default=[]),
}


class Strike(Action):
    """One blow: d6 ≤ the striker's skill dazes the target; dazed past his grit, he falls."""

    id = "strike"
    label = "Strike"
    roles = (Role("actor", kind="unit"), Role("target", kind="unit"))
    steps = ("strike",)              # players may add free modifiers to this step

    def _test(self, ctx: Context):
        return make_test(D6, ctx.profile()["skill"], ctx.modifiers("strike"))

    def resolve(self, ctx: Context, dice) -> Resolution:
        skill = ctx.profile()["skill"]
        step = roll_test(dice, self._test(ctx), id="strike", label="Strike", base=skill,
                         base_label="Skill", modifiers=ctx.modifiers("strike"),
                         success="hit", failure="miss")
        if not step.count("hit"):
            return ctx.resolution([step], [], "miss")
        target = ctx.target
        dazed = target.markers.get("dazed", 0) + 1
        effects = [AddMarker(target.id, "dazed", 1)]
        if dazed > ctx.profile(target)["grit"]:
            effects.append(RemoveUnit(target.id, "knocked out"))
        return ctx.resolution([step], effects, "hit")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        hits = successes(1, self._test(ctx))
        return distribution("strike", hits.map(lambda k: "hit" if k else "miss"),
                            order=["hit", "miss"])


RULESET = Ruleset(
    id="toy-brawl", name="Toy brawl", dice=(D6,), metres_per_inch=1, distance_unit="in",
    cover={0: CoverTerm("none", 0), 1: CoverTerm("light", 1), 2: CoverTerm("medium", 2),
           3: CoverTerm("heavy", 3), 4: CoverTerm("fortification", 4, proposed=True)},
    actions=(Strike(),),
    profile_fields={"brawler": BRAWLER},
    profiles=load_data("toy", "toy.toml", schema=BRAWLER, table="profiles",
                       package="tests"),
    vocabulary=Vocabulary(
        markers=(Term("dazed", "blows taken; past the brawler's grit he falls",
                      BadgeLook("DZ", "#7a5c00", counted=True, rank=50, label_ru="ОГЛ")),),
        profile=ProfileKeys(base="base", proposed="proposed"),
    ),
)
