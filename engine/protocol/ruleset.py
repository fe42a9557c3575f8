"""The Ruleset declaration and the board hints it offers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from engine.dice import Die
from engine.i18n import msg, verbatim
from engine.options import Modifier, Option, Schema, SchemaError, validate_options, validate_record
from engine.protocol.facts import Facts, FactSpec, fact_spec
from engine.protocol.lazy import ActionList, LaterField
from engine.protocol.organisation import GroupKind, Organisation, OrganisationNote
from engine.protocol.roles import CoverTerm, GroupRef, Role, TemplatePlacement, scenario_groups
from engine.protocol.vocabulary import Vocabulary
from engine.scenario import Scenario, Unit

if TYPE_CHECKING:
    from engine.model import Game
    from engine.protocol.action import Action
    from engine.protocol.context import Context

__all__ = ["BoardHints", "Ruleset", "CardLayouts"]


@dataclass(frozen=True, slots=True)
class BoardHints:
    """What the board asks a ruleset while a unit is dragged or measured. Each hook takes a
    scenario Unit and answers None where the ruleset's data has no answer (the board then
    falls back to its own setting or draws plain lines)."""

    #: metres one AP of movement takes the unit, and where that figure comes from
    move_allowance_m: Callable[[Any], tuple[float, str] | None] | None = None
    #: metres `ap` consecutive AP of movement take the unit (a vehicle's speed table is not
    #: linear); without it the board takes `ap` times the one-AP figure. ValueError: too many
    move_allowance_ap_m: Callable[[Any, int], tuple[float, str] | None] | None = None
    #: the unit's first weapon: its name and range scheme (geometry.ranges.RangeScheme)
    weapon_scheme: Callable[[Any], tuple[str, Any] | None] | None = None
    #: whether the unit moves as a vehicle (terrain's vehicle movement)
    is_vehicle: Callable[[Any], bool] | None = None
    #: badges for the unit's state beyond its markers (engine.board_rules.UnitBadge)
    state_badges: Callable[[Any], Any] | None = None
    #: shapes the unit's state draws on the table (engine.board_rules.BoardShape): where a
    #: battery's last template landed, say; the board redraws them when the state changes
    state_shapes: Callable[[Any], Any] | None = None
    #: badges the board as a whole earns its units, by unit id ({id: [UnitBadge]}): a
    #: fighter out of his unit's command distance after a move. Takes the Scenario; the
    #: board asks again after every edit, so keep it vectorised
    board_warnings: Callable[[Any], Any] | None = None
    #: the facing model (an engine.measure.FACING_MODELS name) the side struck is measured
    #: by, from the game's readings (the ruleset options with their values); None: front180
    facing_model: Callable[[Mapping[str, Any]], str | None] | None = None
    #: areas the board draws round the selected unit, with the units they concern marked
    #: (engine.board_rules.BoardZone: a commander's contact zone); takes (game, unit)
    selection_zones: Callable[[Game, Any], Any] | None = None


class CardLayouts(Mapping[str, Any]):
    """`Ruleset.cards` read from a module's `LAYOUTS` (profile kind → engine.cards layout)
    the first time a card is looked up: whatever loads the ruleset (a game, a command)
    does not pay for the layouts and engine.cards, which only printing needs."""

    def __init__(self, module: str) -> None:
        self.module = module

    def _layouts(self) -> Mapping[str, Any]:
        import importlib

        return importlib.import_module(self.module).LAYOUTS

    def __getitem__(self, kind: str) -> Any:
        return self._layouts()[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._layouts())

    def __len__(self) -> int:
        return len(self._layouts())


class MissingRole(SchemaError):
    """A required role not chosen yet: not a mistake but the next thing to choose, so a
    panel can ask for it (`action`, `role`) instead of reporting an error."""

    def __init__(self, message: str, action: Action, role: Role) -> None:
        super().__init__(message)
        self.action = action
        self.role = role

    def prompt(self) -> str:
        """"Choose the target for Search & Aim": what the player is asked."""
        title = self.role.title
        return f"Choose the {title[:1].lower()}{title[1:]} for {self.action.label}"


@dataclass(frozen=True)
class Ruleset:
    """A ruleset's declaration. `profile_fields` maps a profile kind ("character",
    "weapon", "vehicle" …) to its schema; `profiles` and `weapons` are the library
    records loaded from resources/rulesets/<id>/ (validated)."""

    id: str
    name: str
    dice: tuple[Die, ...]
    metres_per_inch: float
    distance_unit: Literal["m", "in", "step"]
    cover: Mapping[int, CoverTerm]
    #: a tuple, or an engine.protocol.lazy.ActionList importing each action when asked for
    actions: Sequence[Action]
    options: tuple[Option, ...] = ()
    profile_fields: Mapping[str, Schema] = field(default_factory=dict)
    profiles: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    weapons: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    measure: Literal["edge", "centre"] = "edge"
    inches_per_step: float = 1.0
    doc: str = ""
    #: engine.turns.TurnStructure (None: engine.turns.DEFAULT), or a `Later` building it
    #: when first read
    turn_structure: Any = LaterField(None)
    board: BoardHints = field(default_factory=BoardHints)
    #: the ruleset's own declared facts (engine.protocol.FactSpec), beside the built-ins
    facts: tuple[FactSpec, ...] = ()
    #: the ruleset's name in Russian (engine.i18n.localized picks it)
    name_ru: str = ""
    #: the organisation hooks (engine.protocol.Organisation): group kinds, check, lock
    organisation: Organisation = field(default_factory=Organisation)
    #: printed card layouts by profile kind ("group:<kind>" for a group's card):
    #: engine.cards.CardLayout objects, drawn by the app with its ink (`CardLayouts`
    #: reads them from the ruleset's cards module when a card is first printed)
    cards: Mapping[str, Any] = field(default_factory=dict)
    #: the markers and state keys it writes on units and groups, their badges, and the
    #: profile fields the board reads (engine.protocol.vocabulary)
    vocabulary: Vocabulary = field(default_factory=Vocabulary)
    #: builds its unit library's spec (engine.library_schema.LibrarySpec: kinds of record,
    #: seed), called on first use; None: the generic spec from `profile_fields`
    library: Callable[[], Any] | None = None

    def __post_init__(self) -> None:
        where = f"ruleset {self.id}"
        if sorted(self.cover) != [0, 1, 2, 3, 4]:
            raise SchemaError(f"{where}.cover: expected terms for levels 0–4, "
                              f"got {sorted(self.cover)}")
        if not (isinstance(self.metres_per_inch, int | float) and self.metres_per_inch > 0):
            raise SchemaError(f"{where}.metres_per_inch: expected a number > 0, "
                              f"got {self.metres_per_inch!r}")
        for what, ids in (("actions", list(self.action_ids)),
                          ("options", [o.id for o in self.options]),
                          ("facts", [f.name for f in self.facts])):
            dup = [i for i, c in Counter(ids).items() if c > 1]
            if dup:
                raise SchemaError(f"{where}.{what}: duplicate id {dup[0]!r}")

    @property
    def action_ids(self) -> tuple[str, ...]:
        """Every action's id in declaration order (a lazy list imports none of them)."""
        if isinstance(self.actions, ActionList):
            return self.actions.ids
        return tuple(a.id for a in self.actions)

    def action(self, action_id: str) -> Action:
        if isinstance(self.actions, ActionList):
            found = self.actions.get(action_id)
            if found is not None:
                return found
        for a in self.actions if not isinstance(self.actions, ActionList) else ():
            if a.id == action_id:
                return a
        known = ", ".join(self.action_ids)
        raise KeyError(msg("ruleset {ruleset} has no action {action} (known: {known})",
                           ruleset=verbatim(repr(self.id)), action=verbatim(repr(action_id)),
                           known=verbatim(known)))

    def fact_spec(self, name: str, action: Action | None = None) -> FactSpec:
        """The declaration of fact `name` for `action`: the action's own, then this
        ruleset's, then the protocol's built-ins (an undeclared name: a fact entered by
        hand)."""
        own = action.fact_specs() if action is not None else ()
        return fact_spec(name, *own, *self.facts)

    def fact_specs(self, action: Action) -> tuple[FactSpec, ...]:
        """The declarations of every fact `action` reads, in its order."""
        return tuple(self.fact_spec(n, action) for n in action.fact_names)

    def profile_of(self, unit: Unit, profiles: Mapping[str, Mapping[str, Any]] | None = None
                   ) -> Mapping[str, Any] | None:
        """`unit`'s profile record: from `profiles` (the scenario's own) first, then this
        ruleset's library; None when neither has it."""
        for source in (profiles or {}, self.profiles):
            if unit.profile in source:
                return source[unit.profile]
        return None

    def actions_for(self, unit: Unit, profile: Mapping[str, Any] | None = None, *,
                    profiles: Mapping[str, Mapping[str, Any]] | None = None
                    ) -> tuple[Action, ...]:
        """The actions `unit` can take (`Action.applies_to`), in declaration order.
        `profile` defaults to `profile_of(unit, profiles)`; a unit whose profile is
        unknown gets every action (nothing to judge it by)."""
        record = profile if profile is not None else self.profile_of(unit, profiles)
        if record is None:
            return tuple(self.actions)
        return tuple(a for a in self.actions if a.applies_to(self, unit, record))

    def why_not(self, action_id: str, unit: Unit, profile: Mapping[str, Any] | None = None,
                *, profiles: Mapping[str, Mapping[str, Any]] | None = None) -> str | None:
        """None when `unit` can take action `action_id`, else why not, in words:
        "Ram applies to vehicles only" — the action by its label, as the Actions dock names
        it (KeyError for an unknown action)."""
        action = self.action(action_id)
        record = profile if profile is not None else self.profile_of(unit, profiles)
        if record is None or action.applies_to(self, unit, record):
            return None
        if action.audience:   # the label reads in Russian through the ruleset's glossary
            return msg("{action} applies to {audience} only", action=action.label,
                       audience=action.audience)
        return msg("{action} does not apply to this unit", action=action.label)

    def group_kinds(self) -> tuple[GroupKind, ...]:
        """The kinds of group this ruleset offers; () = any kind."""
        return self.organisation.kinds

    def check_organisation(self, scenario: Scenario) -> list[OrganisationNote]:
        """What this ruleset finds wrong with `scenario`'s groups, each message naming its
        rule; [] without a check."""
        check = self.organisation.check
        return list(check(scenario)) if check is not None else []

    def organisation_locked(self, game: Game) -> str | None:
        """Why `game`'s organisation can no longer be edited, or None while it may be."""
        locked = self.organisation.locked
        return locked(game) if locked is not None else None

    def cover_term(self, level: int) -> CoverTerm:
        if level not in self.cover:
            raise SchemaError(f"cover: expected a level 0–4, got {level!r}")
        return self.cover[level]

    def option_values(self, values: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Ruleset options: defaults with `values` applied (validated)."""
        return validate_options(self.options, values or {}, f"{self.id}.options")

    def validate_profile(self, kind: str, data: Mapping[str, Any], where: str) -> dict:
        if kind not in self.profile_fields:
            known = ", ".join(self.profile_fields) or "none"
            raise SchemaError(f"{where}: unknown profile kind {kind!r} (known: {known})")
        return validate_record(data, self.profile_fields[kind], where)

    def weapon(self, weapon_id: str) -> Mapping[str, Any]:
        try:
            return self.weapons[weapon_id]
        except KeyError:
            raise SchemaError(f"weapon: no weapon {weapon_id!r} in the {self.id} "
                              f"library") from None

    def context(self, action_id: str, *, actor: Unit | GroupRef | str,
                target: Unit | None = None, targets: Sequence[Unit] = (),
                weapon: str | Mapping[str, Any] | None = None,
                point: tuple[float, float] | None = None, facts: Facts | None = None,
                options: Mapping[str, Any] | None = None,
                rules: Mapping[str, Any] | None = None, game: Game | None = None,
                profiles: Mapping[str, Mapping[str, Any]] | None = None,
                extra_modifiers: Sequence[tuple[str, Modifier]] = (),
                roles: Mapping[str, Any] | None = None,
                groups: Mapping[str, GroupRef] | None = None) -> Context:
        """A validated Context: required roles present, options known and in range,
        extra modifiers aimed at declared steps.

        `roles` fills any declared role by name (as the legacy keywords do for actor,
        target, targets, weapon and point): a Unit or unit id for "unit" and "responder",
        a list of them for "units", a group id or GroupRef for "group" (looked up in
        `groups`, by default the game scenario's groups), (x, y) for "point", a
        TemplatePlacement for "template", a weapon id for "weapon"."""
        action = self.action(action_id)
        if groups is None:
            groups = scenario_groups(game.scenario) if game is not None else {}
        given: dict[str, Any] = {"actor": actor, "target": target,
                                 "targets": tuple(targets) or None, "weapon": weapon,
                                 "point": point}
        given.update(roles or {})
        chosen: dict[str, Any] = {}
        for r in action.roles:
            value = given.get(r.name)
            if value is None:
                if r.required:
                    raise MissingRole(f"{action.id}.{r.name}: required "
                                      f"({r.label or r.name}: {r.kind})", action, r)
                continue
            chosen[r.name] = _fill(action.id, r.name, r.kind, value, game, groups)
        for name in (roles or {}):
            if action.role(name) is None:
                known = ", ".join(r.name for r in action.roles)
                raise SchemaError(f"{action.id}.{name}: no such role (roles: {known})")
        head = chosen.get("actor", actor)
        if isinstance(head, GroupRef):
            if not head.members:
                raise SchemaError(f"{action.id}.actor: group {head.id!r} has no member "
                                  f"on the table")
            actor_unit = head.members[0]
        elif isinstance(head, str):
            actor_unit = _fill(action.id, "actor", "unit", head, game, groups)
        else:
            actor_unit = head
        weapon = chosen.get("weapon", weapon) if action.role("weapon") else weapon
        weapon_id = weapon if isinstance(weapon, str) else None
        record = self.weapon(weapon) if isinstance(weapon, str) else weapon
        for step, _ in extra_modifiers:
            if step not in action.steps:
                raise SchemaError(f"{action.id}.modifiers: no step {step!r} "
                                  f"(steps: {', '.join(action.steps) or 'none'})")
        if profiles is None and game is not None:
            profiles = game.scenario.profiles or {}
        tgt = chosen.get("target", target) if action.role("target") else target
        tgts = chosen.get("targets", tuple(targets)) if action.role("targets") \
            else tuple(targets)
        pt = chosen.get("point", point) if action.role("point") else point
        from engine.protocol.context import Context

        return Context(self, action, actor_unit, tgt if not isinstance(tgt, str) else None,
                       tuple(tgts or ()), record, weapon_id, pt, facts or Facts(),
                       validate_options(action.options, options or {}, action.id),
                       self.option_values(rules), game, profiles or {},
                       tuple(extra_modifiers), chosen, dict(groups))

    def describe(self) -> dict:
        return {"id": self.id, "name": self.name, "dice": [d.name for d in self.dice],
                "metres_per_inch": self.metres_per_inch, "distance_unit": self.distance_unit,
                "measure": self.measure,
                "cover": {lvl: {"term": t.term, "value": t.value, "proposed": t.proposed}
                          for lvl, t in self.cover.items()},
                "options": [o.to_dict() for o in self.options],
                "facts": [f.describe() for f in self.facts],
                "actions": [a.describe() for a in self.actions]}


def _unit_value(action: str, role: str, value: Any, game: Game | None) -> Unit:
    if isinstance(value, str):
        if game is None:
            raise SchemaError(f"{action}.{role}: a unit id ({value!r}) needs the game")
        try:
            return game.unit(value)
        except ValueError:
            raise SchemaError(f"{action}.{role}: no unit with id {value!r}") from None
    return value


def _fill(action: str, role: str, kind: str | None, value: Any, game: Game | None,
          groups: Mapping[str, GroupRef]) -> Any:
    """A role's value in the form its kind reads (ids looked up, lists made tuples)."""
    where = f"{action}.{role}"
    if kind in ("unit", "responder"):
        return _unit_value(action, role, value, game)
    if kind == "units":
        if isinstance(value, GroupRef):
            return value.members
        if isinstance(value, str | Unit):
            value = [value]
        return tuple(_unit_value(action, role, v, game) for v in value)
    if kind == "group":
        if isinstance(value, GroupRef):
            return value
        if isinstance(value, str) and value in groups:
            return groups[value]
        known = ", ".join(groups) or "none in this scenario"
        raise SchemaError(f"{where}: no group {value!r} (groups: {known})")
    if kind == "point":
        try:
            x, y = value
            return (float(x), float(y))
        except (TypeError, ValueError):
            raise SchemaError(f"{where}: expected a point (x, y), got {value!r}") from None
    if kind == "template":
        if not isinstance(value, TemplatePlacement):
            raise SchemaError(f"{where}: expected a template placement, got {value!r}")
        return value
    return value
