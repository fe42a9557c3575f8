"""Per-member cover inside a squad (§4.4-4, §4.4-7, §4.17): who of the target's squad
stands in what cover, and in which order the hits fall on them.

The fact `member_cover` is measured from the shooter to every man of the target's squad
in one vectorised pass (geometry.los.target_covers: one scene, every sight line crossed
with every terrain piece in numpy), so a squad of ten costs about one pair measurement,
not ten. Each wound die is then read against the cover of the man its hit fell on
(effective Damage = weapon Damage − his cover). How the hits fall among men in different
cover the rules leave open (the seed: "at random within the squad"): `hit_allocation`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.measure import terrain_index
from engine.options import Option, SchemaError
from engine.protocol import Context, FactProbe, FactSpec
from engine.scenario import Unit
from geometry.los import target_covers

__all__ = ["MEMBER_COVER", "OPTIONS", "squad_of", "member_covers", "open_first_order"]


def squad_of(units: Sequence[Unit], target: Unit) -> list[Unit]:
    """The target and the men of his squad: his side's units sharing his parent (§4.4-7),
    the target first."""
    return [target] + [u for u in units if u.id != target.id and u.side == target.side
                       and target.parent is not None and u.parent == target.parent]


def _one(p: FactProbe) -> int | None:
    return int(p.pair().cover) if p.target is not None else None


def _many(p: FactProbe, units: Sequence[Unit]) -> list[int]:
    """The cover of each of `units` against the shooter, in one pass."""
    if not units:
        return []
    _, cover = target_covers(terrain_index(p.scenario), p.actor.polygon(),
                             [u.polygon() for u in units])
    return [int(c) for c in cover]


def _squad(p: FactProbe) -> list[Unit]:
    return squad_of(p.scenario.units, p.target) if p.target is not None else []


MEMBER_COVER = FactSpec(
    "member_cover", "cover of each man", "cover", "target", _one,
    "generic cover level 0–4 of each man of the target's squad against the shooter "
    "(or of each of the squad members chosen): each wound die is read against the cover "
    "of the man its hit fell on (§4.4-4). Override one man as id:level",
    measure_many=_many, units=_squad)

OPTIONS: list[Option] = [
    Option("hit_allocation", "Hits among men in different cover", "choice", "random",
           choices=("random", "open_first"), reason="§4.4-7 (seed: 'at random within the "
           "squad'); men in different cover not covered", proposed=True,
           help="random: one die per hit picks the man it falls on (the seed; every hit "
                "as likely on a man behind a wall as on one in the open); open_first: the "
                "shooter's choice — hits go to the men in the least cover first, one each "
                "in turn (least cover, then squad order), no allocation die"),
]


def member_covers(ctx: Context, members: Sequence[Unit]) -> list[int]:
    """Each member's cover level: his `member_cover` value, else the pair `cover` fact.

    A `cover` typed by hand (and no per-member cover typed) stands for the whole squad —
    the player said "they are in cover 2"; a measured or typed per-member value otherwise
    wins for the men it names."""
    facts = ctx.facts
    per: Any = facts.get("member_cover") or {}
    if not isinstance(per, Mapping):
        raise SchemaError(f"facts.member_cover: expected a cover level per man (id:level, "
                          f"e.g. zhora:3), got {per!r}")
    if "cover" in facts.overridden and "member_cover" not in facts.overridden:
        per = {}
    missing = [u for u in members if u.id not in per]
    base = ctx.fact("cover") if missing else None
    return [int(per[u.id]) if u.id in per else int(base) for u in members]


def open_first_order(covers: Sequence[int]) -> list[int]:
    """Member indices in the order hits fall under open_first: least cover first, squad
    order among equals; the k-th hit falls on order[k mod n]."""
    return sorted(range(len(covers)), key=lambda i: (covers[i], i))
