"""An honest roll log: every roll of the app's dice is logged when it is rolled, applied
or not, so nobody can re-roll quietly until he likes the result.

A roll of the app's dice is logged at once as a *rolled* entry (`details["kind"] ==
"roll"`, `details["roll"]["applied"] is False`) carrying its resolution. Applying it logs
the resolution as usual, its `details["roll"]` naming the rolled entry it applies (`of`,
a 1-based log position). A roll made while an earlier roll of the same action by the same
unit lies unapplied is a *re-roll*: `reroll_of` gives that entry's position and seed, and
its summary says so with both seeds. A seed the player typed himself (instead of the one
the app drew) is marked `chosen`. A rolled entry no applied entry names was not applied:
the Log dock shows those in grey.

Rolls from typed (physical) dice are not the app's: they are logged when applied, as
before.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engine.i18n import msg
from engine.model import LogEntry

__all__ = ["ROLL", "rolled_entry", "applied_entry", "roll_mark", "unapplied",
           "RerollTracker"]

#: The details key of an entry's roll mark.
ROLL = "roll"


def roll_mark(entry: LogEntry) -> dict | None:
    """The entry's roll mark (see the module doc), or None."""
    mark = entry.details.get(ROLL)
    return mark if isinstance(mark, dict) else None


def _seed_text(seed: int | None, chosen: bool) -> str:
    """"seed 42 (chosen)"; a roll with no seed of its own came from the sealed dice."""
    if seed is None:
        return msg("sealed dice")
    return msg("seed {seed} (chosen)", seed=seed) if chosen else msg("seed {seed}", seed=seed)


def rolled_entry(entry: LogEntry, *, seed: int | None, chosen: bool,
                 reroll_of: tuple[int, int | None] | None = None) -> LogEntry:
    """The log line of a roll the moment it is rolled: `entry` (the resolution's line)
    marked not applied, `reroll_of` = (position, seed) of the unapplied roll it replaces."""
    mark: dict = {"seed": seed, "chosen": chosen, "applied": False}
    head = msg("Rolled, {seed}", seed=_seed_text(seed, chosen))
    if reroll_of is not None:
        mark["reroll_of"] = {"seq": reroll_of[0], "seed": reroll_of[1]}
        head = msg("Re-roll of #{n} ({before} → {now})", n=reroll_of[0],
                   before=_seed_text(reroll_of[1], False), now=_seed_text(seed, chosen))
    details = {**entry.details, "kind": "roll", ROLL: mark}
    return dataclasses.replace(entry, details=details, summary=msg("{head}: {summary}", head=head,
                                                                  summary=entry.summary),
                               prev="")


def applied_entry(entry: LogEntry, *, seed: int | None, chosen: bool,
                  of: int | None = None) -> LogEntry:
    """The log line of an applied resolution rolled with the app's dice; `of` is the
    position of its rolled entry (None when there is none, e.g. the command line)."""
    mark: dict = {"seed": seed, "chosen": chosen, "applied": True}
    if of is not None:
        mark["of"] = of
    return dataclasses.replace(entry, details={**entry.details, ROLL: mark}, prev="")


def unapplied(entries: Sequence[LogEntry]) -> set[int]:
    """Positions (1-based) of rolled entries that no applied entry names."""
    rolled, applied = set(), set()
    for i, e in enumerate(entries, 1):
        mark = roll_mark(e)
        if mark is None:
            continue
        if mark.get("applied") is False:
            rolled.add(i)
        elif isinstance(mark.get("of"), int):
            applied.add(mark["of"])
    return rolled - applied


@dataclasses.dataclass
class RerollTracker:
    """Which unapplied roll a new roll would re-roll: the last roll of the same action by
    the same unit, until it is applied."""

    last: dict[tuple[str | None, str], tuple[int, int | None]] = dataclasses.field(
        default_factory=dict)

    @classmethod
    def from_log(cls, entries: Sequence[LogEntry]) -> RerollTracker:
        """The unapplied rolls of a game's log (so reopening a game forgets none)."""
        tracker = cls()
        open_rolls = unapplied(entries)
        for i, e in enumerate(entries, 1):
            mark = roll_mark(e)
            if mark is None:
                continue
            if i in open_rolls:
                tracker.rolled(e.actor, e.action, i, mark.get("seed"))
            elif mark.get("applied"):
                tracker.last.pop((e.actor, e.action), None)
        return tracker

    def pending(self, actor: str | None, action: str) -> tuple[int, int | None] | None:
        return self.last.get((actor, action))

    def rolled(self, actor: str | None, action: str, seq: int, seed: int | None) -> None:
        self.last[(actor, action)] = (seq, seed)

    def applied(self, actor: str | None, action: str) -> int | None:
        """Forget the pending roll (it is applied); its position, if there was one."""
        got = self.last.pop((actor, action), None)
        return None if got is None else got[0]

    def clear(self) -> None:
        self.last.clear()
