"""Filling an action's geometry facts from the scenario: the board as a mirror of the table.

An action declares the facts it reads (`Action.facts`); `facts_for` measures exactly those
on the scenario with the same functions the measure tool and `warboard measure` use
(engine.measure.measure_pair / template_query), then lays the player's overrides on top —
the real table wins over its mirror. The result is a `Facts` whose `overridden` names
what was entered by hand; every other fact set in it was measured.

A distance entered by hand carries the other unit (inches ↔ metres) and the range band
with it, so a hand-entered distance never sits beside a band measured for another one.
`parse_fact` turns command-line text ("cover=2", "los=no", "under_template=a,b") into the
typed value the fact needs.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.i18n import msg, verbatim
from engine.options import SchemaError
from engine.protocol import (
    FACTS,
    Action,
    Context,
    Facts,
    FactSpec,
    GroupRef,
    Ruleset,
    TemplatePlacement,
    fact_spec,
    scenario_groups,
)
from engine.scenario import Scenario, Unit
from geometry.units import in_to_m, m_to_in

if TYPE_CHECKING:  # engine.measure is loaded when something is measured (or refused)
    from engine.measure import TemplateResult
    from geometry.facing import FacingModel

__all__ = ["facts_for", "parse_fact", "parse_facts"]

_BOOL_TEXT = {"true": True, "yes": True, "on": True, "1": True,
              "false": False, "no": False, "off": False, "0": False}


def facts_for(scenario: Scenario, action: Action | str, actor_id: str,
              target_id: str | None = None, *, point: tuple[float, float] | None = None,
              template: str | TemplateResult | TemplatePlacement | None = None,
              overrides: Mapping[str, Any] | None = None, ruleset: Ruleset | None = None,
              weapon: str | Mapping[str, Any] | None = None,
              rules: Mapping[str, Any] | None = None,
              facing_model: FacingModel | None = None,
              members: Sequence[str] | None = None,
              targets: Sequence[str] = (),
              groups: Mapping[str, GroupRef] | None = None) -> Facts:
    """The facts `action` declares, measured on `scenario`, with `overrides` laid on top.

    Each fact is measured by its declaration's `measure` (`Ruleset.fact_specs`), per its
    scope: "pair" from the actor to the target; "member" from each of `members` (the
    actor group's units; by default the group's when `actor_id` names a group, else the
    actor alone) to the target, as {member id: value}; "target" from the actor to each of
    `targets`; "template" on the laid template (`template` is a TemplateResult, a
    TemplatePlacement, or a shape laid at `point` — a flamer from the actor toward it);
    "derived" after the others (the range band at the distance); "context" once.

    The built-ins: distance_in / distance_m edge to edge (centre to centre when the
    ruleset measures so), los (anything but "blocked"), visible_fraction, cover (0–4),
    side_struck (by the facing model the ruleset's `BoardHints.facing_model` reads from
    its readings, else front180), in_arc (None without a turret), range_band (`Action.range_band`),
    under_template / under_template_centre.

    `ruleset` defaults to the scenario's; `action` may be an id; `actor_id` may be a
    group id (looked up in `groups`, by default the scenario's). Facts that cannot be
    measured (no target, no template) stay None, so the action asks for them by name.
    """
    rs = ruleset if ruleset is not None else _scenario_ruleset(scenario)
    act = rs.action(action) if isinstance(action, str) else action
    specs = rs.fact_specs(act)
    if groups is None:
        groups = scenario_groups(scenario)
    if actor_id in groups and members is None:
        members = groups[actor_id].member_ids
        if not members:
            from engine.measure import MeasureError

            raise MeasureError(msg("actor: group {group} has no member on the table",
                                   group=verbatim(repr(actor_id))))
        actor_id = members[0]
    actor = _unit(scenario, actor_id, "actor")
    target = _unit(scenario, target_id, "target") if target_id is not None else None
    member_units = [_unit(scenario, m, "actor") for m in (members or (actor_id,))]
    target_units = [_unit(scenario, t, "targets") for t in targets]
    probe = _Probe(scenario, rs, act, actor, target, rules, facing_model, weapon)
    if any(s.scope == "template" for s in specs):
        probe.template = _lay(scenario, actor, template, point)
    values: dict[str, Any] = {}
    for spec in specs:
        if not spec.measured or spec.scope == "derived":
            continue
        if spec.scope == "member":
            values[spec.name] = _each(probe, spec, member_units, "actor") \
                if target is not None else None
        elif spec.scope == "target":
            units = target_units
            if not units and spec.units is not None and target is not None:
                units = list(spec.units(probe))
            values[spec.name] = _each(probe, spec, units, "target") if units else None
        elif spec.measure is not None:
            values[spec.name] = spec.check(spec.measure(probe))
    measured = _facts(values)
    hand = {k: _merged(rs.fact_spec(k, act), rs.fact_spec(k, act).check(v), values.get(k))
            for k, v in (overrides or {}).items()}
    facts = _apply_overrides(measured, hand, scenario)
    for spec in specs:
        if spec.scope != "derived" or spec.measure is None or spec.name in facts.overridden:
            continue
        probe.facts = facts
        value = spec.check(spec.measure(probe))
        if value is not None:
            facts = _with(facts, spec.name, value)
    return facts


class _Probe:
    """The FactProbe engine.facts hands each fact's `measure`: the two units of one
    measurement, their Measurement computed once per pair, the laid template."""

    def __init__(self, scenario: Scenario, rs: Ruleset, act: Action, actor: Unit,
                 target: Unit | None, rules: Mapping[str, Any] | None,
                 model: FacingModel | None, weapon: str | Mapping[str, Any] | None) -> None:
        self.scenario, self.ruleset, self.action = scenario, rs, act
        self.actor, self.target = actor, target
        self.rules = dict(rules or {})
        self._model, self.weapon = model, weapon
        self.template: TemplateResult | None = None
        self.facts = Facts()
        self._pairs: dict[tuple[str, str], Any] = {}

    @property
    def model(self) -> FacingModel:
        """The facing model given, else the one the readings choose (the service's rule),
        worked out when a measurement first needs it."""
        if self._model is None:
            from engine.measure import facing_for

            self._model = facing_for(self.ruleset, self.rules)
        return self._model

    def pair(self) -> Any:
        if self.target is None:
            from engine.measure import MeasureError

            raise MeasureError(msg("target: this fact is measured to a target; none is "
                                   "chosen"))
        key = (self.actor.id, self.target.id)
        if key not in self._pairs:
            from engine.measure import service_for  # the geometry, when a pair is measured

            self._pairs[key] = service_for(self.scenario).pair(
                self.actor.id, self.target.id, facing_model=self.model)
        return self._pairs[key]

    def range_band(self) -> int | str | None:
        return _range_band(self.ruleset, self.action, self.scenario, self.actor,
                           self.target.id if self.target is not None else None, self.facts,
                           self.weapon, self.rules)

    def between(self, actor: Unit, target: Unit | None) -> _Probe:
        """The same probe for another pair (sharing the measurement cache)."""
        other = copy.copy(self)
        other.actor, other.target = actor, target
        return other


def _merged(spec: FactSpec, hand: Any, measured: Any) -> Any:
    """An each-unit override laid over the measured values: typing one member's value
    ("gren-2:0") overrides that member only; the others keep what the board measured."""
    if spec.each and isinstance(hand, Mapping) and isinstance(measured, Mapping):
        return {**measured, **hand}
    return hand


def _each(probe: _Probe, spec: FactSpec, units: Sequence[Unit], as_: str) -> dict[str, Any]:
    """{unit id: value}: `spec` measured from each member (as_="actor") to the target, or
    from the actor to each target (as_="target") — all at once by `measure_many` when the
    fact declares it (the actor / target of the probe is then the fixed end)."""
    if spec.measure_many is not None:
        found = list(spec.measure_many(probe, units))
        if len(found) != len(units):
            raise SchemaError(f"fact {spec.name}: measure_many gave {len(found)} values "
                              f"for {len(units)} units")
        return {u.id: spec.check(v) for u, v in zip(units, found, strict=True)}
    out = {}
    for u in units:
        p = probe.between(u, probe.target) if as_ == "actor" else probe.between(probe.actor, u)
        out[u.id] = spec.check(spec.measure(p))
    return out


def _facts(values: Mapping[str, Any]) -> Facts:
    """Facts from measured values: built-in names as fields, the rest in `extra`."""
    own = {k: v for k, v in values.items() if k in FACTS}
    extra = {k: v for k, v in values.items() if k not in FACTS and v is not None}
    return Facts(**own, extra=extra)


def _with(facts: Facts, name: str, value: Any) -> Facts:
    if name in FACTS:
        return Facts(**{**_fields(facts), name: value})
    return Facts(**{**_fields(facts), "extra": {**facts.extra, name: value}})


def parse_fact(name: str, text: str, spec: FactSpec | None = None) -> Any:
    """A fact's value from command-line text, typed as its declaration says (SchemaError
    naming the fact otherwise): numbers, yes/no, a cover level, a side, ids separated by
    commas; an each-unit fact ("member" / "target" scope) as `id:value,id:value`; an
    undeclared name takes JSON, a number, true/false or text. `spec` defaults to the
    built-in declaration of `name`."""
    spec = spec or fact_spec(name)
    t = text.strip()
    if spec.each:
        out = {}
        for part in filter(None, (p.strip() for p in t.split(","))):
            uid, sep, value = part.partition(":")
            if not sep or not uid.strip():
                raise SchemaError(f"facts.{name}: expected unit:value pairs separated by "
                                  f"commas (a1:yes,a2:no), got {text!r}")
            out[uid.strip()] = _parse_one(spec, f"facts.{name}.{uid.strip()}", value.strip())
        return out
    return _parse_one(spec, f"facts.{name}", t)


def _parse_one(spec: FactSpec, where: str, t: str) -> Any:
    kind = spec.type
    if kind in ("distance_in", "distance_m", "number", "fraction"):
        try:
            return float(t)
        except ValueError:
            raise SchemaError(f"{where}: expected a number, got {t!r}") from None
    if kind in ("cover", "count"):
        try:
            return int(t)
        except ValueError:
            what = "a whole number 0–4" if kind == "cover" else "a whole number ≥ 0"
            raise SchemaError(f"{where}: expected {what}, got {t!r}") from None
    if kind == "bool":
        try:
            return _BOOL_TEXT[t.lower()]
        except KeyError:
            raise SchemaError(f"{where}: expected true or false, got {t!r}") from None
    if kind == "ids":
        return tuple(s for s in (p.strip() for p in t.split(",")) if s)
    if kind == "band":
        return int(t) if t.lstrip("+-").isdigit() else t
    if kind in ("side", "id") or spec.name in FACTS:
        return t or None
    try:
        return json.loads(t)
    except ValueError:
        return t


def parse_facts(pairs: Mapping[str, str], specs: Sequence[FactSpec] = ()) -> dict[str, Any]:
    """`parse_fact` over a mapping of name → text (`specs`: the action's declarations)."""
    return {k: parse_fact(k, v, fact_spec(k, *specs)) for k, v in pairs.items()}


# --------------------------------------------------------------------------- pieces


def _scenario_ruleset(scenario: Scenario) -> Ruleset:
    from engine.rulesets.registry import get_ruleset

    return get_ruleset(scenario.ruleset)


def _unit(scenario: Scenario, unit_id: str, role: str) -> Unit:
    try:
        return scenario.unit(unit_id)
    except KeyError:
        from engine.measure import MeasureError

        raise MeasureError(msg("{role}: no unit with id {id}", role=verbatim(role),
                               id=verbatim(repr(unit_id)))) from None


def _lay(scenario: Scenario, actor: Unit,
         template: str | TemplateResult | TemplatePlacement | None,
         point: tuple[float, float] | None) -> TemplateResult | None:
    from engine.measure import MeasureError, TemplateResult, template_query

    if template is None or isinstance(template, TemplateResult):
        return template
    if isinstance(template, TemplatePlacement):
        if template.shape == "flamer":
            return template_query(scenario, "flamer", actor.x, actor.y,
                                  toward=template.toward or (template.x, template.y),
                                  shooter=actor.id)
        return template_query(scenario, template.shape, template.x, template.y)
    if point is None:
        raise MeasureError(msg("point: a {shape} template needs the point it is laid at",
                               shape=verbatim(template)))
    if template == "flamer":
        return template_query(scenario, "flamer", actor.x, actor.y, toward=point,
                              shooter=actor.id)
    return template_query(scenario, template, point[0], point[1])


def _fields(f: Facts) -> dict[str, Any]:
    names = tuple(FACTS) + ("extra", "overridden")
    return {k: getattr(f, k) for k in names}


def _apply_overrides(measured: Facts, overrides: dict[str, Any], scenario: Scenario) -> Facts:
    """Overrides on top; a distance entered in one unit sets the other to match (and both
    count as entered by hand)."""
    mpi = scenario.table.metres_per_inch
    hand = dict(overrides)
    if "distance_in" in hand and "distance_m" not in hand and hand["distance_in"] is not None:
        hand["distance_m"] = in_to_m(_number(hand["distance_in"], "distance_in"), mpi)
    elif "distance_m" in hand and "distance_in" not in hand and hand["distance_m"] is not None:
        hand["distance_in"] = m_to_in(_number(hand["distance_m"], "distance_m"), mpi)
    if not hand:
        return measured
    return measured.override(**hand)


def _number(v: Any, name: str) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise SchemaError(f"facts.{name}: expected a number ≥ 0, got {v!r}")
    return float(v)


def _range_band(rs: Ruleset, act: Action, scenario: Scenario, actor: Unit,
                target_id: str | None, facts: Facts,
                weapon: str | Mapping[str, Any] | None,
                rules: Mapping[str, Any] | None) -> int | str | None:
    """The action's band at the facts' distance, or None (no distance, no scheme, or a
    context the action refuses — it says why itself when resolved)."""
    if facts.distance_m is None and facts.distance_in is None:
        return None
    target = scenario.unit(target_id) if target_id is not None else None
    try:
        record = rs.weapon(weapon) if isinstance(weapon, str) else weapon
        ctx = Context(rs, act, actor, target, (), record,
                      weapon if isinstance(weapon, str) else None, None, facts,
                      {o.id: o.default for o in act.options}, rs.option_values(rules),
                      None, scenario.profiles or {})
        return act.range_band(ctx)
    except (ValueError, KeyError):
        return None
