"""The Actions dock's words for what the play service refuses: an error in the player's
terms, and what to type next when typed dice run out."""

from __future__ import annotations

import re

from app.i18n import loc, tr
from engine.i18n import said


def dice_prompt(err) -> str:
    """What to type next ("Enter 1 × d10 for Aim") for dice that ran out; other dice
    errors as they are."""
    if err.reason == "missing" and err.needed is not None and err.step:
        n = err.needed - (err.left or 0)
        return tr("Enter {n} × {die} for {step}").format(n=n, die=loc(err.die) or "?",
                                                         step=loc(err.step))
    return loc(said(err))


def error_text(err: BaseException) -> str:
    """An error's message (KeyError quotes its text). A KeyError that is only a key (a
    record without a field the rules read) says so in words, not "hp"."""
    if isinstance(err, KeyError) and err.args:
        text = str(err.args[0])
        if re.fullmatch(r"[A-Za-z_][\w.]*|\d+", text):
            return tr("this action needs “{key}”, which the unit's profile or state does "
                      "not have").format(key=text.replace("_", " "))
        return text
    return loc(said(err))

