"""Readings per game: the ruleset options (AMBIGUOUS points) a group chose for one game.

They live in the game state under `READINGS_KEY`, so a game file saves them with the
rest of the game and every resolution, card and command run on that game reads them.
Only the readings that differ from the ruleset's defaults are stored; setting them is an
undoable Change (one `SetGameState`), and the roll log records it.

- `game_readings(game)` — the stored choices (id → value);
- `readings_for(ruleset, game, overrides)` — every option's value for this game: the
  defaults, the game's choices over them, `overrides` (a command line's `--rule`) on top;
- `stored_reading_problems(ruleset, game)` — the stored readings set aside because this
  ruleset does not offer their value, one warning each;
- `readings_change(ruleset, game, values)` — the Change that stores `values`;
- `readings_log_entry(ruleset, game, before, after)` — the log line saying what changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.i18n import msg
from engine.options import SchemaError

if TYPE_CHECKING:  # reading a game's readings needs no model; changing them does
    from engine.model import Change, Game, LogEntry

__all__ = ["READINGS_KEY", "game_readings", "readings_for", "stored_reading_problems",
           "game_reading_problems", "readings_change", "readings_log_entry"]

#: The game-state key holding the game's readings.
READINGS_KEY = "rules"


def game_readings(game: Game | None) -> dict[str, Any]:
    """The readings chosen for `game` (id → value); {} when none were set."""
    if game is None:
        return {}
    rules = game.state.get(READINGS_KEY)
    return dict(rules) if isinstance(rules, Mapping) else {}


def _stored(ruleset: Any, game: Game | None) -> tuple[dict[str, Any], list[str]]:
    """The game's stored readings this ruleset can take, and a warning for each it cannot.

    A reading the ruleset no longer has is ignored, and one whose value it does not offer
    (a file from another version, or edited by hand) falls back to the default with a
    warning: refusing the whole game over one reading would lock a player out of it,
    while the default is what a new game plays and the readings dialog can set it again.
    """
    options = {o.id: o for o in ruleset.options}
    kept: dict[str, Any] = {}
    problems: list[str] = []
    for k, v in game_readings(game).items():
        o = options.get(k)
        if o is None:
            continue
        try:
            kept[k] = o.validate(v, f"{ruleset.id}.options.{k}")
        except SchemaError:
            problems.append(msg("rules reading {label}: this game holds {value}, which {ruleset} "
                                "does not offer; the default {default} is used",
                                label=o.label, value=repr(v)[:60], ruleset=ruleset.name,
                                default=repr(o.default)))
    return kept, problems


def readings_for(ruleset: Any, game: Game | None,
                 overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every option of `ruleset` for `game`: defaults, the game's readings, then
    `overrides` (validated; SchemaError naming "<ruleset>.options.<id>"). A stored
    reading the ruleset no longer has, or with a value it does not offer, is set aside
    (see `stored_reading_problems`) rather than refused, so the game still opens, plays
    and prints its cards."""
    stored, _ = _stored(ruleset, game)
    return ruleset.option_values({**stored, **dict(overrides or {})})


def game_reading_problems(game: Game) -> list[str]:
    """`stored_reading_problems` for the game's own ruleset (none when it is not installed:
    nothing reads its readings then)."""
    from engine.rulesets.registry import RulesetNotFound, get_ruleset

    try:
        ruleset = get_ruleset(game.scenario.ruleset)
    except RulesetNotFound:
        return []
    return stored_reading_problems(ruleset, game)


def stored_reading_problems(ruleset: Any, game: Game | None) -> list[str]:
    """One warning per stored reading whose value this ruleset does not offer, naming the
    reading, the value and the default played instead."""
    return _stored(ruleset, game)[1]


def readings_change(ruleset: Any, game: Game, values: Mapping[str, Any]) -> Change:
    """The undoable Change storing `values` as the game's readings: validated, only
    those that differ from the defaults kept (none: the key is removed)."""
    full = ruleset.option_values(values)
    defaults = ruleset.option_values()
    chosen = {k: v for k, v in full.items() if v != defaults[k]}
    from engine.model import Change, Game, SetGameState

    if not isinstance(game, Game):
        raise SchemaError("readings: no game")
    return Change([SetGameState(READINGS_KEY, chosen or None)],
                  msg("Rules readings: {ruleset}", ruleset=ruleset.name))


def readings_log_entry(ruleset: Any, game: Game, before: Mapping[str, Any],
                       after: Mapping[str, Any]) -> LogEntry:
    """The roll-log line for a change of readings: each option changed, old → new."""
    labels = {o.id: o.label for o in ruleset.options}
    changed = [k for k in after if before.get(k) != after.get(k)]
    text = "; ".join(f"{labels.get(k, k)}: {before.get(k)} → {after.get(k)}"
                     for k in changed) or "no change"
    from engine.model import LogEntry

    return LogEntry(game.turn, None, "rules_readings", None, (), text,
                    {"ruleset": ruleset.id, "before": dict(before), "after": dict(after),
                     "changed": changed})
