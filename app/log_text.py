"""The game log as text: the Log dock's columns, each entry's kind, action, units and dice,
and the plain-text export. Apart from the dock (app/log_dock.py) and its table
(app/log_view.py), which both read it, so neither imports the other back."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TR_NOOP

from app.i18n import loc, tr
from engine.log_kinds import log_kind

if TYPE_CHECKING:
    from engine.dice import RollRecord
    from engine.model import LogEntry


COLUMNS = ("#", "Turn", "Kind", "Actor", "Action", "Target", "Dice", "Summary")
#: the column heads as shown (COLUMNS stay the English keys the code and tests use)
HEADS = ("#", QT_TR_NOOP("Turn"), QT_TR_NOOP("Kind"), QT_TR_NOOP("Actor"),
         QT_TR_NOOP("Action"), QT_TR_NOOP("Target"), QT_TR_NOOP("Dice"), QT_TR_NOOP("Summary"))
#: the kinds of log line (engine.gamefile_schema.log_kind), marked for translation
KINDS = (QT_TR_NOOP("roll"), QT_TR_NOOP("resolution"), QT_TR_NOOP("measurement"),
         QT_TR_NOOP("template"))
#: Columns whose text can run long start at these widths (pixels); the user may drag them.
INITIAL_WIDTHS = {"Actor": 120, "Target": 120, "Dice": 150}
#: The text colour of rolls that were not applied.
UNAPPLIED_GREY = "#8a8a8a"
TEXT_FILTER = "Text (*.txt);;All files (*)"
ALL = None  # the filters' "no filter" value

Namer = Callable[[str], str]


def _plain(unit_id: str) -> str:
    return unit_id


def entry_kind(entry: LogEntry) -> str:
    """roll / resolution / measurement / template: the kind the game file stores."""
    return log_kind(entry)


def roll_text(r: RollRecord) -> str:
    """`to hit: d10 [3, 7] (app, seed 42)`."""
    faces = ", ".join(str(f) for f in r.faces)
    head = f"{loc(r.label)}: " if r.label else ""
    return f"{head}{loc(r.die)} [{faces}] ({loc(r.source_text)})"


def dice_text(dice: Iterable[RollRecord]) -> str:
    return "; ".join(roll_text(r) for r in dice)


def action_name(entry: LogEntry) -> str:
    """The entry's action as players read it: its label in the interface's language when
    the entry's ruleset declares it, else the action as logged ("measure", "shoot")."""
    import sys

    details = entry.details if isinstance(entry.details, dict) else {}
    ruleset = details.get("ruleset")
    if isinstance(ruleset, str) and "engine.rulesets.registry" in sys.modules:
        from engine.rulesets.registry import get_ruleset

        try:
            return loc(get_ruleset(ruleset).action(entry.action), ruleset)
        except (KeyError, ValueError):
            pass
    return loc(entry.action)      # a turn step, a measurement … by the engine's glossary


def entry_units(entry: LogEntry) -> set[str]:
    """The units an entry is about: actor, target, and the units it lists — a template
    placement's `details["template"]["under"]` (engine.measure.TemplateResult.to_dict), or
    `details["units"]` / `details["under"]` (plain ids, or objects with an "id" or "unit")."""
    ids = {u for u in (entry.actor, entry.target) if u}
    details = entry.details if isinstance(entry.details, dict) else {}
    template = details.get("template")
    lists = [details.get("units"), details.get("under"),
             template.get("under") if isinstance(template, dict) else None]
    for listed in lists:
        if not isinstance(listed, list):
            continue
        for item in listed:
            if isinstance(item, str):
                ids.add(item)
            elif isinstance(item, dict):
                ids.update(item[k] for k in ("id", "unit") if isinstance(item.get(k), str))
    return ids


def entry_text(seq: int, entry: LogEntry, name: Namer = _plain) -> str:
    """One entry as plain text: a head line, then its dice, each on its own line.

        3. Turn 2 · measurement · Sherman 1 → Panzer IV · measure
           24.3" edge to edge, LOS clear
           dice: to hit: d10 [7] (app, seed 42)
    """
    who = name(entry.actor) if entry.actor else "—"
    if entry.target:
        who += f" → {name(entry.target)}"
    lines = [tr("{seq}. Turn {turn} · {kind} · {who} · {action}").format(
        seq=seq, turn=entry.turn, kind=tr(entry_kind(entry)), who=who,
        action=action_name(entry))]
    if entry.summary:
        lines.extend(f"   {part}" for part in loc(entry.summary).splitlines())
    for r in entry.dice:
        lines.append("   " + tr("dice: {0}").format(roll_text(r)))
    return "\n".join(lines)


def log_text(rows: Iterable[tuple[int, LogEntry]], name: Namer = _plain,
             title: str = "") -> str:
    """The export: a title line, then one block per (seq, entry), blank lines between."""
    blocks = [entry_text(seq, e, name) for seq, e in rows]
    head = f"{title}\n\n" if title else ""
    return head + "\n\n".join(blocks) + ("\n" if blocks else "")
