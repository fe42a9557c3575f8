"""Ranged fire (04 §4.4, §4.5, §5.1) is data: resources/rulesets/butterfly-effect/fire.toml
declares the pools against the band's accuracy, cover, bursts split over two targets,
damage, wounds, death at the end of the victim's turn and the odds. What stays here is
the board's bookkeeping the file names as hooks (`hook.…`, engine.house.reach):

- which terrain pieces give a target his full cover, and whether the save of the first
  heavy attack they give is used up (§4.5-5, §4.A-7: the save belongs to the piece);
- the heavy shots each piece has taken, and the board edit when it falls (§4.5-4, §8-9);
- the record of the shot a cover taken later in the round may give back (§4.A-6).

Each reads the geometry of the board or writes a record of the game's own shape, which
the data language does not reach; the rules that decide when they apply are the file's.
`threshold` reads the file's own formulas for one weapon, band and cover.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.house.chain import _refusals, plan
from engine.house.env import Env
from engine.house.pack import Pack, ruleset_pack
from engine.model import Effect, SetGameState, SetState
from engine.options import Modifier
from engine.protocol import ActionRefused, Context
from engine.protocol.facts import Facts
from engine.scenario import Unit
from geometry.bases import BaseShape

from . import data
from .cover_timing import incoming_record
from .cover_wear import full_cover_pieces, heavy_fire_wear

__all__ = ["fire_pack", "threshold", "Refused", "SAVE_KEY", "save_effects", "HOOKS"]

#: The full cover whose first-heavy-attack save is used up: a list of terrain piece ids in
#: the game state, or True in the state of a character whose cover has no piece (§4.A-7).
SAVE_KEY = "cover_save_used"

#: The shot cannot be taken: the protocol's one refusal, raised by the file's `refuse`.
Refused = ActionRefused


def _used_saves(ctx: Context) -> list[str]:
    return list((ctx.game.state.get(SAVE_KEY) or []) if ctx.game is not None else [])


def _save_left(env: Env, unit: Unit | None) -> bool:
    """The full cover giving `unit` his cover still has its save: once per piece of
    cover, or, for cover with no piece behind it, once per character."""
    ctx = env.ctx
    assert ctx is not None and unit is not None
    pieces = full_cover_pieces(ctx, unit)
    if pieces:
        used = set(_used_saves(ctx))
        return any(p.id not in used for p in pieces)
    return not unit.state.get(SAVE_KEY)


_save_left.of_context = True  # type: ignore[attr-defined]


def save_effects(ctx: Context, target: Unit) -> list[Effect]:
    """The save is used up (§4.A-7 "the cover is used up"): on the board's pieces that
    give the target his full cover (game state), else on the character."""
    pieces = full_cover_pieces(ctx, target)
    if pieces:
        used = _used_saves(ctx)
        return [SetGameState(SAVE_KEY, used + [p.id for p in pieces if p.id not in used])]
    return [SetState(target.id, SAVE_KEY, True)]


def _save_used(env: Env, unit: Unit | None) -> list[Effect]:
    assert env.ctx is not None and unit is not None
    return save_effects(env.ctx, unit)


def _line(env: Env, unit: Unit) -> str:
    """"1" for the first target, "2" for the second (the file's formulas' suffixes)."""
    ctx = env.ctx
    assert ctx is not None
    return "1" if ctx.target is not None and unit.id == ctx.target.id else "2"


def _fired_on(env: Env, unit: Unit | None) -> list[Effect]:
    """The record of this shot in the target's `fired_on` (nothing when it took nothing
    or there is no game): cover taken later this round may give its hits back."""
    ctx = env.ctx
    assert ctx is not None and unit is not None
    if ctx.game is None:
        return []
    i = _line(env, unit)
    step = env.steps["fire" if i == "1" else "fire2"]
    record = incoming_record(ctx, unit, step.faces, env.lookup((f"acc{i}",)), step.target,
                             env.lookup((f"cover{i}",)), env.lookup(("heavyish",)),
                             int(env.lookup((f"on_armour{i}",))),
                             int(env.lookup((f"on_hp{i}",))))
    return [record] if record is not None else []


def _shots(env: Env) -> list[tuple[Unit, str]]:
    """The targets a heavy shot hit, with the cover each was priced at."""
    ctx = env.ctx
    assert ctx is not None
    out = []
    for role, i in (("target", "1"), ("target2", "2")):
        unit = ctx.role(role)
        if unit is not None and env.lookup((f"hits{i}",)) > 0:
            out.append((unit, env.lookup((f"cover{i}",))))
    return out


def _wear(env: Env, unit: Unit | None) -> list[Effect]:
    assert env.ctx is not None
    return heavy_fire_wear(env.ctx, _shots(env))[0]


def _wear_said(env: Env, unit: Unit | None) -> Any:
    assert env.ctx is not None
    return heavy_fire_wear(env.ctx, _shots(env))[1]


HOOKS = {"full_cover_save_left": _save_left, "cover_save_used": _save_used,
         "fired_on": _fired_on, "cover_wear": _wear, "cover_wear_said": _wear_said}


@cache
def fire_pack(rule_ids: frozenset[str]) -> Pack:
    """fire.toml read with this ruleset's numbers, gear, readings and hooks."""
    return ruleset_pack(data.RULESET_ID, "fire.toml",
                        data={**data.rules(), "gear": data.gear()}, rule_ids=set(rule_ids),
                        hooks=HOOKS)


def threshold(weapon: dict, band: str, cover: str, rule_missing: str = "cannot_fire"
              ) -> tuple[int, int, list[Modifier]]:
    """(base accuracy, final threshold, cover modifiers) of `weapon` at `band` against
    cover "none" / "partial" / "full" (§4.4-3), as fire.toml's first fire step plans
    them; Refused as the file refuses a weapon that cannot fire there."""
    from .ruleset import RULESET

    fire = RULESET.action("fire")
    base = BaseShape.round(25)
    actor = Unit("shooter", "a", "", 0, 0, base)
    target = Unit("target", "b", "", 0, 0, base, state={"in_cover": cover})
    ctx = RULESET.context("fire", actor=actor, target=target, weapon=dict(weapon),
                          facts=Facts(cover=0, range_band=band),
                          rules={"missing_band": rule_missing})
    env = Env(fire.rules, ctx)
    _refusals(fire.spec, env)
    p = plan(fire.spec.steps[0], env, ctx)
    return p.base, p.pool.test.target, list(p.modifiers)
