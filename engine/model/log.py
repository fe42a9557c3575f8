"""The roll log's entry: who did what to whom, with which dice, saved and read back with
its summary as a message when it was one, so a reopened game shows the line in either
language."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from engine.dice import RollRecord

__all__ = ["LogEntry", "SUMMARY_TEXT", "restored_summary"]


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the append-only roll log: who did what to whom, with which dice."""

    turn: int
    actor: str | None
    action: str
    target: str | None = None
    dice: tuple[RollRecord, ...] = ()
    summary: str = ""
    details: dict = field(default_factory=dict)
    #: The hash of the entry before it (engine.log_chain), set by `Game.append_log`; not
    #: part of the entry's value (two entries with the same content are equal).
    prev: str = field(default="", compare=False)
    #: The entry's place in the log (1-based), its `chain` object (version, the sealing's
    #: hash, the state records; None for an entry written before them) and its seal mark:
    #: engine.log_chain links them when the entry is appended; not part of its value.
    seq: int = field(default=0, compare=False)
    chain: dict | None = field(default=None, compare=False)
    mark: str = field(default="", compare=False)

    def to_dict(self) -> dict:
        return {"turn": self.turn, "actor": self.actor, "action": self.action,
                "target": self.target, "dice": [r.to_dict() for r in self.dice],
                "summary": self.summary, "details": self.stored_details()}

    def stored_details(self) -> dict:
        """`details` as saved: with the summary's message form (`SUMMARY_TEXT`) when the
        summary is a message, so a reopened game shows the line in either language."""
        from engine.i18n import Text, text_to_json

        out = copy.deepcopy(self.details)
        if isinstance(self.summary, Text):
            out[SUMMARY_TEXT] = text_to_json(self.summary)
        return out

    @classmethod
    def from_dict(cls, d: dict) -> LogEntry:
        try:
            summary, details = restored_summary(str(d.get("summary", "")),
                                                dict(d.get("details", {})))
            return cls(int(d["turn"]), d.get("actor"), str(d["action"]), d.get("target"),
                       tuple(RollRecord.from_dict(r) for r in d.get("dice", [])),
                       summary, details)
        except KeyError as e:
            raise ValueError(f"log entry: missing {e.args[0]!r}") from None


#: The details key of a saved log line's summary as a message (engine.i18n.text_to_json).
SUMMARY_TEXT = "summary_text"


def restored_summary(summary: str, details: dict) -> tuple[str, dict]:
    """A saved line's summary and details: the summary a message again when its form was
    saved beside it (and it still reads as the saved English), else the English as
    stored — older files have no form."""
    from engine.i18n import Text, text_from_json

    if SUMMARY_TEXT not in details:
        return summary, details
    text = text_from_json(details[SUMMARY_TEXT])
    if not isinstance(text, Text) or text != summary:
        return summary, details          # kept whole, so the line's hash still holds
    return text, {k: v for k, v in details.items() if k != SUMMARY_TEXT}
