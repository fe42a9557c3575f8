"""Why a drawn move is not allowed, in words for players: geometry's `check_path` gives the
facts (geometry.movement.PathProblem: a code and its numbers), this words them as msg()
templates so the app shows them in the player's language (Russian in
resources/translations/engine_ru.toml)."""

from __future__ import annotations

from geometry.movement import PathCheck, PathProblem

from .i18n import Text, join, msg

__all__ = ["path_reason", "path_reasons"]


def path_reason(problem: PathProblem) -> Text:
    """One problem of a move as a message ("too long: costs 8.00\", allowance 7.00\"")."""
    code = problem.code
    if code == "impassable":
        return msg("crosses impassable terrain: {terrain}",
                   terrain=join(", ", problem.terrain))
    if code == "too_long":
        template = ('too long: costs {cost}" (difficult terrain counted double), '
                    'allowance {allowance}"' if problem.difficult
                    else 'too long: costs {cost}", allowance {allowance}"')
        return msg(template, cost=f"{problem.cost_in:.2f}",
                   allowance=f"{problem.allowance_in:.2f}")
    if code == "off_table":
        return msg("off the table")
    if code == "over_edge":
        return msg("over the table's edge")
    raise ValueError(f"problem.code: expected one of impassable, too_long, off_table, "
                     f"over_edge, got {code!r}")


def path_reasons(check: PathCheck) -> list[Text]:
    """Every problem of a checked move, worded, in the order geometry found them."""
    return [path_reason(p) for p in check.problems]
