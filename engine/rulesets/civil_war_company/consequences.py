"""From a rolled volley to the board: the aftermath tests of the company fired on, its
retreat moved on the board (directly away from the shooter, or toward its start position
if it had moved; until blocked), and every effect — stands removed, stands moved, Terror
markers, suppressed / prone, officer lost, routing — as one list for one undoable change.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from engine.board_ops import GroupMove
from engine.dice import DiceSource
from engine.i18n import join, msg
from engine.model import AdjustState, Effect, RemoveUnit, SetMarker
from engine.protocol import Context, Step, info_step
from engine.scenario import Unit

from . import board
from .aftermath import Aftermath, Morale, roll_aftermath
from .common import stand_count
from .companies import Company, add_terror, set_flag
from .data import rule_number

__all__ = ["Outcome", "morale_of", "resolve_aftermath", "retreat_move", "summary_of"]


@dataclass
class Outcome:
    """One company's aftermath with the effects it puts on the board."""

    company: Company
    aftermath: Aftermath
    effects: list[Effect] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    text: str = ""
    #: the retreat without the company's name, for the summary
    retreat: str = ""


def morale_of(ctx: Context, c: Company) -> Morale:
    p = c.profile
    return Morale(id=c.id, name=c.name, serious=int(p["serious"]), fear=p.get("fear"),
                  officer=c.officer, has_officer=c.kind == "company", terror=c.terror,
                  stands=stand_count(ctx, c), support=c.kind != "company",
                  proposed=frozenset(p.get("proposed") or ()))


def retreat_move(ctx: Context, c: Company, shooter: Company, failures: int
                 ) -> GroupMove | None:
    """Where a retreat of `failures` failed tests takes the company (None: no board):
    2" per failure, capped by its move; the whole company together, toward its turn-start
    position if it had moved (§4.2-3), else directly away from the shooter; stopped by
    terrain it cannot cross, another base or the table edge (engine.board_ops)."""
    if ctx.game is None or not failures or not c.stands:
        return None
    wanted = failures * rule_number("retreat.step_in")
    move = c.profile.get("move_in")
    if move is not None:
        wanted = min(wanted, float(move))
    start = c.value("turn_start") or {}
    back = [start[u.id] for u in c.stands if u.id in start]
    if c.flag("moved") and ctx.rule("retreat_toward") == "turn_start" and back:
        point = (sum(p[0] for p in back) / len(back), sum(p[1] for p in back) / len(back))
        return ctx.board.move_toward(c.id, point, wanted)
    return ctx.board.move_away(c.id, board.shooter_point(shooter.stands, c.centre), wanted)


def resolve_aftermath(dice: DiceSource, ctx: Context, c: Company, shooter: Company, *,
                      retreats: int = 0, lost: int = 0, terror: int = 0,
                      artillery_failures: int = 0, artillery: bool = False,
                      lost_stands: list[Unit] | None = None, prefix: str = "",
                      label: str = "") -> Outcome:
    """Roll `c`'s tests and build its effects. `lost_stands` names the stands destroyed
    (artillery: the ones under the template); otherwise the owner loses the stands nearest
    the shooter, the command stand last (PROPOSED)."""
    who = morale_of(ctx, c)
    n_lost = min(lost, who.stands)
    if lost_stands is None:
        lost_stands = board.loss_order(c.stands, shooter.centre, c.record.id)[:n_lost] \
            if ctx.game is not None else []
    holder: dict[str, Any] = {}
    no_move = c.flag("suppressed") and ctx.rule("retreat_when_suppressed") == "suppression_test"

    def blocked(failures: int) -> int:
        if no_move:
            return failures
        plan = retreat_move(ctx, c, shooter, failures)
        holder["retreat"] = plan
        if plan is None or not plan.blocked:
            return 0
        step = rule_number("retreat.blocked_step_in")
        return max(1, math.ceil((plan.requested - plan.distance) / step - 1e-9))

    am = roll_aftermath(dice, who, ctx.rules, retreats=retreats, lost=n_lost, terror=terror,
                        artillery_failures=artillery_failures, artillery=artillery,
                        prefix=prefix, label=label, blocked_steps=blocked)
    out = Outcome(c, am)
    out.steps = list(am.steps)
    _retreat_effects(ctx, c, shooter, am, holder.get("retreat"), no_move, out, prefix, label,
                     {u.id for u in lost_stands})
    _state_effects(ctx, c, am, lost_stands, out)
    return out


def _retreat_effects(ctx: Context, c: Company, shooter: Company, am: Aftermath,
                     plan: GroupMove | None, no_move: bool, out: Outcome, prefix: str,
                     label: str, gone: set[str]) -> None:
    if not am.retreat_failures:
        return
    wanted = am.retreat_failures * rule_number("retreat.step_in")
    toward = c.flag("moved") and ctx.rule("retreat_toward") == "turn_start" \
        and c.value("turn_start")
    how = "toward its start position" if toward else msg("directly away from {company}",
                                                         company=shooter.name)
    if no_move:
        part: Any = "is suppressed and cannot move: suppression test instead (§4.A-16)"
    elif plan is None:
        part = msg('retreats {distance:g}" {how}', distance=wanted, how=how)
    else:
        out.effects += [e for e in plan.effects if e.unit not in gone]   # the lost stay
        part = msg('retreats {distance:.1f}" {how}', distance=plan.distance, how=how)
        if plan.requested < wanted:
            part = msg('{retreat} (capped by its move {move:g}")', retreat=part,
                       move=plan.requested)
        if plan.blocked:
            part = msg("{retreat} — blocked by {what}: {n} suppression test(s)", retreat=part,
                       what=plan.blocked_by, n=am.blocked_steps)
    text = msg("{company} {retreat}", company=c.name, retreat=part)
    if not c.flag("moved") and not no_move:
        out.effects.append(set_flag(c, "moved", True))
        text = msg("{retreat}; it now counts as having moved (§4.2-4)", retreat=text)
    out.steps.append(info_step(f"{prefix}{c.id}.retreat_move",
                               msg("{prefix}{company}: retreat", prefix=label,
                                   company=c.name),
                               text, note=plan.note if plan is not None else ""))
    out.text, out.retreat = text, part


def _state_effects(ctx: Context, c: Company, am: Aftermath, lost_stands: list[Unit],
                   out: Outcome) -> None:
    e = out.effects
    if ctx.game is not None:
        e += [RemoveUnit(u.id, "platoon lost") for u in lost_stands]
    elif am.lost:
        e.append(AdjustState(c.id, "platoons", -am.lost, minimum=0,
                             default=int(c.profile.get("platoons", 1))))
    if am.terror_added:
        if ctx.rule("terror_markers") == "spend":
            e.append(SetMarker(c.record.id, "terror", am.terror_after or None))
        else:
            e.append(add_terror(c, am.terror_added))
    if am.suppressed:
        e += [set_flag(c, "suppressed", True), set_flag(c, "prone", True)]
    if am.officer_killed:
        e.append(set_flag(c, "officer", False))
    if am.routed:
        if ctx.rule("rout") == "removed" and ctx.game is not None:
            e += [RemoveUnit(u.id, "routed") for u in c.stands
                  if u not in lost_stands]
        else:
            e.append(set_flag(c, "routing", True))
    if ctx.rule("under_fire") == "fired_on" and c.kind != "company" \
            and not c.flag("under_fire"):
        e.append(set_flag(c, "under_fire", True))


def summary_of(o: Outcome) -> str:
    am, parts = o.aftermath, []
    if am.lost and o.company.kind != "company":
        parts.append("destroyed")
    elif am.lost:
        parts.append(msg("{n} {n|platoon|platoons|platoons} lost", n=am.lost))
    if am.retreat_failures:
        parts.append(o.retreat)
    if am.terror_added:
        parts.append(msg("+{n} terror ({after})", n=am.terror_added, after=am.terror_after))
    if am.officer_killed:
        parts.append("officer killed")
    if am.suppressed:
        parts.append("suppressed")
    if am.routed:
        parts.append("flees")
    return msg("{company}: {consequences}", company=o.company.name,
               consequences=join(", ", parts)) if parts else \
        msg("{company}: no effect", company=o.company.name)
