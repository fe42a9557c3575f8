"""What the Actions and Tests docks offer: the actions a unit can take, the roles drawn
for one (with the template an action reads facts under), the weapons it carries."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.model import Game
    from engine.protocol import Action, Role, Ruleset
    from engine.scenario import Unit

__all__ = ["implicit_template", "is_action", "is_test", "game_rules", "roles_shown",
           "profile_of", "actions_offered", "weapon_choices", "answerable"]


@functools.cache
def implicit_template() -> Role:
    """The template role an action that reads template facts gets when it declares none
    (built on first use: engine.protocol comes in after the window is up)."""
    from engine.protocol import Role

    return Role("template", required=False, label="template", kind="template",
                doc="lay a template for the facts read under it")


def is_action(action: Action) -> bool:
    """What the action panel lists: everything but the unit-wide tests."""
    return getattr(action, "kind", "action") != "test"


def is_test(action: Action) -> bool:
    """What the tests dock lists: `Action.kind == "test"`."""
    return getattr(action, "kind", "action") == "test"


def game_rules(game: Game) -> dict[str, Any]:
    """The ruleset readings chosen for this game (engine.readings), else {} (defaults)."""
    from engine.readings import game_readings
    return game_readings(game)


def roles_shown(rs: Ruleset, action: Action) -> tuple[Role, ...]:
    """The roles the panel draws for `action`: its own, and a template when it reads
    template facts without declaring a template role."""
    roles = tuple(action.roles)
    wants_template = any(f.scope == "template" for f in rs.fact_specs(action))
    if wants_template and not any(r.kind == "template" for r in roles):
        roles += (implicit_template(),)
    return roles


def profile_of(rs: Ruleset, game: Game, unit: Unit) -> Mapping[str, Any]:
    """The unit's profile record (the scenario's own first), or {} when unknown."""
    return rs.profile_of(unit, game.scenario.profiles) or {}


def actions_offered(rs: Ruleset, game: Game, unit: Unit,
                    accept: Callable[[Action], bool]) -> list[Action]:
    """The actions `unit` can take (`Ruleset.actions_for`, the scenario's profiles first)
    that this dock lists: a rifleman is not offered a main gun, nor a Sherman a melee."""
    return [a for a in rs.actions_for(unit, profiles=game.scenario.profiles) if accept(a)]


def weapon_choices(rs: Ruleset, game: Game, unit: Unit) -> list[tuple[str, str]]:
    """(weapon id, name) the unit carries: its profile's `weapons` list, or a vehicle
    card's weapons ("<profile>.<weapon>"), as found in the ruleset's library."""
    listed = profile_of(rs, game, unit).get("weapons")
    if isinstance(listed, Mapping):
        ids = [f"{unit.profile}.{k}" for k in listed]
    elif isinstance(listed, list | tuple):
        ids = [str(w) for w in listed]
    else:
        ids = []
    out = []
    for wid in ids:
        record = rs.weapons.get(wid)
        if record is not None:
            out.append((wid, str(record.get("name", wid))))
    return out


def answerable(action: Action | None) -> bool:
    """Return fire is offered for actions (not unit-wide tests) with a unit target."""
    return action is not None and action.kind == "action" and any(
        r.kind in ("unit", "responder") and r.name != "actor" for r in action.roles)
