"""Functions a formula may call beyond arithmetic (engine.house.expr.FUNCTIONS): reading
tables of the ruleset's records and sorting a distance into its band — what a weapon's
accuracy by band, a character's gear and the range bands of a ruleset need."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["MORE_FUNCTIONS", "band_of", "listed", "pick"]


def band_of(x: Any, names: Sequence[str], limits: Sequence[Any], inclusive: bool = True,
            beyond: str = "out_of_range") -> Any:
    """The first band of `names` whose limit holds `x` (a limit belongs to the band it
    closes when `inclusive`, to the next one otherwise); `beyond` past the last; none
    when `x` is none (not known)."""
    if x is None:
        return None
    if len(names) != len(limits):
        raise ValueError("band_of: as many limits as bands")
    for name, limit in zip(names, limits, strict=True):
        if (x <= limit) if inclusive else (x < limit):
            return name
    return beyond


def listed(table: Any) -> tuple[Any, ...]:
    """The values a table (or a list) gives, leaving out the ones it leaves unset."""
    values = table.values() if isinstance(table, Mapping) else table
    return tuple(v for v in values if v is not None)


def pick(table: Mapping[str, Any], field: str, *keys: Any) -> tuple[Any, ...]:
    """`field` of each record of `table` named in the lists `keys` (a missing list or
    name is skipped): the effects of a character's gear, say."""
    out = []
    for names in keys:
        for name in names or ():
            record = table.get(name)
            if isinstance(record, Mapping) and field in record:
                out.append(record[field])
    return tuple(out)


MORE_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "band_of": band_of, "listed": listed, "pick": pick, "range": range,
}
