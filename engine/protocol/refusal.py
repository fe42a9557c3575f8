"""One refusal style for every ruleset: an action that cannot be taken as declared raises
`ActionRefused` from `resolve` and `odds` alike — it rolls nothing and changes nothing —
with a message that names what is at fault.

`argument` names it: a role ("target", "targets", "weapon", "order"), a fact
("facts.range_band"), an option ("options.volleys"), a reading ("rules.facing_model"),
the unit's state ("state.crew") or None for the action as a whole. Given no argument, a
message of the form "name: why" names its own when `name` is one of the action's roles or
options, or a "facts." / "options." / "rules." / "state." key (the convention the rulesets' messages
follow: "target: Sherman 1 is a vehicle …"); `argument_of(err, action)` reads it. The
Actions dock shows "Not possible: <message>"; `warboard resolve/odds` prints it after the
flag that sets the argument (--target, --weapon, --fact K, --option K, --rule K,
--role NAME).
"""

from __future__ import annotations

import re

__all__ = ["ActionRefused", "refusal_argument", "argument_of"]

_HEAD = re.compile(r"^([A-Za-z_][\w.]*): ")
_KEYS = ("facts.", "options.", "rules.", "state.")


def refusal_argument(text: str) -> str | None:
    """The head of a "name: why" message (None when it has none); whether it names an
    argument is for `argument_of` to say."""
    m = _HEAD.match(text)
    return m.group(1) if m else None


def argument_of(err: ActionRefused, action) -> str | None:
    """The argument `err` names for `action` (an engine.protocol.Action): its own, else
    its message's head when that is one of the action's roles, one of its options
    ("order" → "options.order") or a facts / options / rules / state key; None for the
    action as a whole."""
    if err.argument:
        return err.argument
    head = refusal_argument(err.text)
    if head is None:
        return None
    roles = {r.name for r in getattr(action, "roles", ())}
    if head in roles or head.startswith(_KEYS):
        return head
    if head in {o.id for o in getattr(action, "options", ())}:
        return f"options.{head}"
    return None


class ActionRefused(ValueError):
    """The action cannot be taken as declared (see the module doc). A ValueError, so a
    caller that catches bad values catches it too."""

    def __init__(self, text: str, *, argument: str | None = None,
                 rule: str | None = None) -> None:
        super().__init__(text)
        self.text = text
        self.argument = argument
        self.rule = rule

    def to_dict(self) -> dict:
        return {"refused": self.text, "argument": self.argument, "rule": self.rule}
