"""The rules' refusal of an action in the player's words: the action named by its label,
not by the id a ruleset's "{action}: why" refusal carries ("<action id>: why" → "<the
action's label>: why"). The reason itself stays the rules' own message (translated whole,
as any engine message)."""

from __future__ import annotations

from typing import Any

from engine.i18n import Text, said


def refusal_text(err: BaseException, action: Any) -> Any:
    """What `err` says, with `action`'s id at its head (or in its "action" field) given as
    the action's label; any other message as it is."""
    text = said(err)
    action_id, label = getattr(action, "id", None), getattr(action, "label", None)
    if not action_id or not label:
        return text
    if isinstance(text, Text) and text.params.get("action") == action_id:
        return Text(text.template, **{**text.params, "action": label})
    head = f"{action_id}: "
    if isinstance(text, str) and text.startswith(head):
        return Text("{action}: {why}", action=label, why=text[len(head):])
    return text
