"""Which of a unit's actions it can take now (issue 39: a Sherman was offered Command range
first, and Fire main gun said nothing of the aim it needs first).

Each offered action is tried against the play service (engine.play: plan, odds and cost)
with the target the dock has chosen, else the nearest unit of another side: one the service
plans and prices is ready now, one it refuses is not (its refusal says why, in the
engine's words), one that needs a choice the trial cannot make is not known. The dock lists
the refused ones last, greyed, their refusal in the tooltip; and
when the chosen action is refused it names the actions that are ready against that target.

The trials are bounded in time (TRIAL_BUDGET_S, the first trial — which may load the
ruleset's modules — not counted): on a very slow ruleset the actions not tried keep their
place."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.model import Game
    from engine.play import Referee
    from engine.protocol import Action, Ruleset
    from engine.scenario import Unit

#: How long the trials of one unit's actions may take together.
TRIAL_BUDGET_S = 0.25
#: The role kinds a trial fills with the target.
TARGET_KINDS = ("unit", "responder")


@dataclass(frozen=True)
class Readiness:
    """`ready`: True (the service plans and prices it), False (refused: `why`), None (it
    needs a choice the trial does not make, or was not tried)."""

    ready: bool | None
    why: Any = ""   # the refusal: an engine message (engine.i18n.Text) or plain text


def nearest_foe(game: Game, unit: Unit) -> str | None:
    """The nearest unit of another side on the table (the trials' target)."""
    foes = [u for u in game.units if u.side != unit.side and game.on_table(u.id)]
    if not foes:
        return None
    return min(foes, key=lambda u: math.hypot(u.x - unit.x, u.y - unit.y)).id


def target_role(action: Action) -> str | None:
    """The role a trial fills with the target: the first required one-unit role."""
    role = next((r for r in action.roles if r.name != "actor" and r.required
                 and r.kind in TARGET_KINDS), None)
    return role.name if role is not None else None


def trial(referee: Referee, rs: Ruleset, game: Game, unit: Unit, action: Action,
          target: str | None) -> Readiness:
    """Try `action` by `unit` at `target` through the play service."""
    from engine.play import PlayRequest
    from engine.play.refusal_words import refusal_text
    from engine.protocol import ActionRefused, MissingRole

    actor = action.role("actor")
    if actor is not None and actor.kind == "group":
        return Readiness(None)          # a group's action: the group is chosen first
    roles = {}
    name = target_role(action)
    if name is not None and target is not None:
        roles[name] = target
    try:
        plan = referee.plan(PlayRequest(game, action.id, unit.id, roles=roles, ruleset=rs))
        referee.odds(plan)
        priced = referee.cost(plan)
    except MissingRole:
        return Readiness(None)
    except ActionRefused as err:
        return Readiness(False, refusal_text(err, action))
    except (ValueError, KeyError, TypeError):
        return Readiness(None)          # a fact to enter, a value to type: not known
    if priced.refusal:
        return Readiness(False, priced.refusal)
    return Readiness(True)


def readiness(referee: Referee, rs: Ruleset, game: Game, unit: Unit,
              actions: list[Action], target: str | None) -> dict[str, Readiness]:
    """Each action's readiness (by id), trying them in order within TRIAL_BUDGET_S."""
    target = target if target is not None else nearest_foe(game, unit)
    start = time.perf_counter()
    out: dict[str, Readiness] = {}
    for i, action in enumerate(actions):
        if i and time.perf_counter() - start > TRIAL_BUDGET_S:  # the first: any warm-up
            out[action.id] = Readiness(None)
        else:
            out[action.id] = trial(referee, rs, game, unit, action, target)
    return out


def by_readiness(actions: list[Action], ready: dict[str, Readiness]) -> list[Action]:
    """The refused actions last; the others — ready, or needing a choice the trial does
    not make (a group's action) — first, each part in the ruleset's order."""
    return sorted(actions, key=lambda a: ready.get(a.id, Readiness(None)).ready is False)


def ready_instead(panel, refused: Action | None) -> str:
    """" Ready now: Search & Aim." — the dock actor's other actions that take a target and
    that the play service takes at the chosen one; "" when none."""
    from app.i18n import loc, tr

    others = [a for a in panel.offered() if (refused is None or a.id != refused.id)
              and target_role(a) is not None]
    ready = panel.readiness(others)
    rs = panel._ruleset_id()
    names = [loc(a, rs) for a in others if ready.get(a.id) is not None and ready[a.id].ready]
    return " " + tr("Ready now: {0}.").format(", ".join(names)) if names else ""
