"""Names a formula reads beyond a unit's declared stats: the game (`game.turn`,
`game.ambush_side`), facts typed by hand that the action does not declare
(`typed.distance2_m`), the board measured from the actor to any chosen unit
(`board.target2.distance_m`, `board.target2.cover`), a unit's raw state and profile
(`target.state.in_cover`, `target.profile.hp`: none when absent, so a flag reads
false), and the ruleset's hooks (`hook.name`, `hook.name.role`): Python functions a
ruleset names for the few things that are bookkeeping of the board rather than rules
(which terrain piece gives a cover, what a piece has taken), called with the Env and
the role's unit."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.scenario import Unit

if TYPE_CHECKING:
    from engine.house.env import Env

__all__ = ["Hook", "SPACES", "GAME_FIELDS", "BOARD_FIELDS", "RAW_FIELDS", "read_space",
           "read_raw", "unknown_in_space"]

#: A ruleset's hook: the Env of the action and the role's unit (None: no role named). A
#: hook with a true `of_context` attribute reads the context alone (not the dice), so its
#: answer is kept for the whole walk of the odds.
Hook = Callable[["Env", Unit | None], Any]
SPACES = ("game", "typed", "board", "hook")
GAME_FIELDS = ("turn", "ambush_side")
BOARD_FIELDS = ("distance_m", "distance_in", "cover", "los")
#: a unit's raw records: `unit.state.key`, `unit.profile.key`
RAW_FIELDS = ("state", "profile")


def read_space(env: Env, path: tuple[str, ...]) -> Any:
    """The value of a `game.` / `typed.` / `board.` / `hook.` path; KeyError if none."""
    head, rest = path[0], path[1:]
    ctx = env.ctx
    if head == "hook":
        if not rest or len(rest) > 2 or rest[0] not in env.rules.hooks:
            raise KeyError(path)
        unit = env.role_unit(rest[1]) if len(rest) == 2 else None
        hook = env.rules.hooks[rest[0]]
        if not getattr(hook, "of_context", False):
            return hook(env, unit)
        if path not in env.cache:
            env.cache[path] = hook(env, unit)
        return env.cache[path]
    if ctx is None or len(rest) != (2 if head == "board" else 1):
        raise KeyError(path)
    if head == "typed":
        return ctx.facts.get(rest[0])
    if head == "game":
        return _game(ctx, rest[0], path)
    unit = env.role_unit(rest[0])
    if unit is None or ctx.game is None or rest[1] not in BOARD_FIELDS:
        return None
    from engine.measure import measure_pair

    key = ("board", unit.id)
    if key not in env.cache:
        env.cache[key] = measure_pair(ctx.game.scenario, ctx.actor.id, unit.id)
    m = env.cache[key]
    if rest[1] == "distance_m":
        return m.centre_m if ctx.ruleset.measure == "centre" else m.edge_m
    if rest[1] == "distance_in":
        return m.centre_in if ctx.ruleset.measure == "centre" else m.edge_in
    return getattr(m, rest[1])


def _game(ctx: Any, name: str, path: tuple[str, ...]) -> Any:
    game = ctx.game
    if name == "turn":
        return game.turn if game is not None else 0
    if name == "ambush_side":
        from engine.turns import ambush_side

        return ambush_side(game) if game is not None else None
    raise KeyError(path)


def read_raw(unit: Unit, profile: Mapping[str, Any] | None, rest: tuple[str, ...]) -> Any:
    """`unit.state.key` or `unit.profile.key`: the raw value, none when absent."""
    source = unit.state if rest[0] == "state" else (profile or {})
    return source.get(rest[1])


def unknown_in_space(path: tuple[str, ...], roles: set[str], hooks: set[str]) -> str | None:
    """Why a `game.` / `typed.` / `board.` / `hook.` path names nothing (None: known)."""
    head, rest = path[0], path[1:]
    text = ".".join(path)
    if head == "game":
        return None if len(rest) == 1 and rest[0] in GAME_FIELDS else \
            f"{text}: unknown name (game: {', '.join(GAME_FIELDS)})"
    if head == "typed":
        return None if len(rest) == 1 else f"{text}: typed.<fact name>"
    if head == "board":
        if len(rest) == 2 and rest[0] in roles and rest[1] in BOARD_FIELDS:
            return None
        return f"{text}: board.<role>.<{' | '.join(BOARD_FIELDS)}>"
    if rest and rest[0] in hooks and (len(rest) == 1 or (len(rest) == 2 and rest[1] in roles)):
        return None
    return f"{text}: no such hook (hooks: {', '.join(sorted(hooks)) or 'none'})"
