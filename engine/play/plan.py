"""Planning a play: the action's facts measured once on the table, then the validated
Context (with return fire, the JointContext of the action and its answer).

Every door plans through here, so an action set up in the Actions dock and the same one
given to `warboard resolve` read the same facts and the same readings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.i18n import msg

if TYPE_CHECKING:
    from engine.joint import JointContext
    from engine.protocol import Action, Context, Facts, GroupRef, Ruleset
    from engine.scenario import Unit

    from .request import PlayRequest

__all__ = ["Plan", "NotOffered", "AnswerRefused", "plan", "measure", "ruleset_of"]


class AnswerRefused(ValueError):
    """The answer of return fire cannot be set up; `error` is the rules' own refusal."""

    def __init__(self, error: Exception) -> None:
        super().__init__(*error.args)
        self.error = error


class NotOffered(ValueError):
    """The actor cannot take the action at all (a main gun asked of a rifleman)."""

    def __init__(self, unit: Unit, why: Any) -> None:
        super().__init__(why)
        self.unit = unit
        self.why = why


@dataclass(frozen=True, slots=True)
class Plan:
    """A validated play, ready to price and roll: what was asked, the ruleset, the facts
    as measured (with the hand-entered ones on top) and the context to resolve."""

    request: PlayRequest
    ruleset: Ruleset
    facts: Facts
    context: Context | JointContext

    @property
    def action(self) -> Action:
        return self.lead.action

    @property
    def lead(self) -> Context:
        """The chosen action's own Context (the first of a joint one)."""
        return getattr(self.context, "contexts", (self.context,))[0]

    @property
    def answer(self) -> Context | None:
        """The answering Context of return fire, else None."""
        contexts = getattr(self.context, "contexts", ())
        return contexts[1] if len(contexts) > 1 else None

    @property
    def joint(self) -> bool:
        return self.answer is not None


def ruleset_of(request: PlayRequest) -> Ruleset:
    """The request's ruleset, else the game's (RulesetNotFound when it is not installed)."""
    if request.ruleset is not None:
        return request.ruleset
    from engine.rulesets.registry import get_ruleset

    return get_ruleset(request.game.scenario.ruleset)


def _groups(request: PlayRequest) -> dict[str, GroupRef]:
    from engine.protocol import scenario_groups

    return scenario_groups(request.game.scenario)


def _group_actor(action: Action) -> bool:
    role = action.role("actor")
    return role is not None and role.kind == "group"


def _readings(rs: Ruleset, request: PlayRequest) -> dict[str, Any]:
    from engine.readings import readings_for

    return readings_for(rs, request.game, request.readings)


def _id(value: Any) -> Any:
    return getattr(value, "id", value)


def _role_value(request: PlayRequest, action: Action, name: str, *kinds: str) -> Any:
    """The role `name`, else the first role of `kinds` (not the actor) that is filled."""
    roles = request.roles
    if roles.get(name) is not None:
        return roles[name]
    return next((roles[r.name] for r in action.roles if r.kind in kinds
                 and r.name != "actor" and roles.get(r.name) is not None), None)


def _measured_to(request: PlayRequest, action: Action) -> tuple[Any, list[str], Any]:
    """(the unit the pair facts are measured to, the several targets, the weapon): the
    request's named ones, else the roles that hold them (the role named so, else the
    first of its kind): the target, else the first of the targets."""
    targets = list(request.targets) or [
        _id(v) for v in _role_value(request, action, "targets", "units") or ()]
    target = request.target or _id(_role_value(request, action, "target", "unit"))
    weapon = request.weapon or _role_value(request, action, "weapon", "weapon")
    return target or (targets[0] if targets else None), targets, weapon


def measure(request: PlayRequest, overrides: Any = None,
            groups: dict[str, GroupRef] | None = None) -> Facts:
    """The facts the request's action declares, measured on the game's table through
    engine.facts.facts_for (the one measuring door), with `overrides` on top; `groups`
    the scenario's group lookup when the caller has it already."""
    from engine.facts import facts_for

    rs = ruleset_of(request)
    action = rs.action(request.action)
    target, targets, weapon = _measured_to(request, action)
    return facts_for(request.game.scenario, action, request.actor, target,
                     point=request.point, template=request.template,
                     overrides=overrides, ruleset=rs, weapon=weapon,
                     rules=_readings(rs, request), targets=targets,
                     groups=groups if groups is not None else _groups(request))


def _actor(request: PlayRequest, action: Action, groups: dict[str, GroupRef]) -> Any:
    """The actor as the context takes it: the group id for a group actor, else the Unit
    (NotOffered when the unit cannot take the action at all)."""
    from engine.model import ModelError

    game = request.game
    if _group_actor(action):
        if request.actor not in groups:
            raise ValueError(msg("no group with id {id}", id=repr(request.actor)))
        return request.actor
    try:
        unit = game.unit(request.actor)
    except ModelError:
        raise ValueError(msg("{role}: no unit with id {id}", role="actor",
                             id=repr(request.actor))) from None
    return unit


def plan(request: PlayRequest) -> Plan:
    """Measure the facts once and validate the context (and the answer's). Raises the
    rules' own errors (MissingRole, SchemaError, MeasureError, NotOffered, ValueError)
    for the door to say in its words."""
    from engine.joint import JointContext, answer_context

    rs = ruleset_of(request)
    action = rs.action(request.action)
    groups = _groups(request)
    actor = _actor(request, action, groups)
    head = groups[actor].members[0] if isinstance(actor, str) and groups[actor].members \
        else actor
    if not isinstance(head, str):
        why = rs.why_not(action.id, head, profiles=request.game.scenario.profiles)
        if why is not None:
            raise NotOffered(head, why)
    facts = measure(request, dict(request.overrides) or None, groups)
    game = request.game
    target = game.unit(request.target) if request.target else None
    targets = [game.unit(t) for t in request.targets]
    ctx = rs.context(action.id, actor=actor, target=target, targets=targets,
                     weapon=request.weapon, point=request.point, facts=facts,
                     options=dict(request.options), rules=_readings(rs, request), game=game,
                     roles=dict(request.roles) or None, groups=groups,
                     extra_modifiers=request.modifiers)
    ans = request.answer
    if ans is None:
        return Plan(request, rs, facts, ctx)
    from engine.measure import MeasureError
    from engine.options import SchemaError

    try:
        answer = answer_context(ctx, ans.responder, action=ans.action, weapon=ans.weapon,
                                options=dict(ans.options) or None)
    except (SchemaError, MeasureError) as err:
        raise AnswerRefused(err) from err
    return Plan(request, rs, facts, JointContext((ctx, answer)))
