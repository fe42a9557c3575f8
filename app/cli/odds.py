"""`warboard odds`: the exact outcome distribution of an action, through the referee."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from app.i18n import QT_TR_NOOP, tr

if TYPE_CHECKING:
    pass

from .action_args import _action_arguments, _refused, _setup
from .base import (
    CliError,
    _emit,
    _said,
    command,
    language,
)


@command("odds", QT_TR_NOOP("exact outcome distribution of an action (with --return-fire, "
                            "the joint distribution of the action and the answer)"),
         _action_arguments)
def cmd_odds(args: argparse.Namespace) -> int:
    from engine.protocol import ActionRefused

    setup = _setup(args)
    ctx = setup.ctx
    try:
        dist = setup.referee.odds(setup.plan).distribution
    except ActionRefused as e:
        raise _refused(e, ctx) from None
    except ValueError as e:
        raise CliError(_said(e)) from None
    data = {"action": ctx.action.id, "actor": ctx.actor_id,
            "target": ctx.target.id if ctx.target else None,
            "facts": ctx.facts.to_dict(), **odds_dict(dist)}
    title = f"{ctx.action.label} — {ctx.actor_label}" + \
        (f" → {ctx.target.label}" if ctx.target else "")
    if setup.answer is not None:
        a = setup.answer
        data["answer"] = {"action": a.action.id, "actor": a.actor_id,
                          "target": a.target.id if a.target else None,
                          "facts": a.facts.to_dict()}
        title += tr(", answered by {action} — {actor} (joint odds)").format(
            action=a.action.label, actor=a.actor_label)
    from engine.render import facts_line

    text = title + "\n" + odds_text(dist)
    line = facts_line(ctx.facts, lang=language(), ruleset=ctx.ruleset.id)
    if line:  # what the odds were worked out from, as `resolve` ends with it
        text += "\n" + line
    _emit(data, text, args.json, sys.stdout)
    return 0



def _plain(o: object) -> object:
    if isinstance(o, tuple | list):
        return [_plain(x) for x in o]
    if isinstance(o, bool | int | float | str) or o is None:
        return o
    return str(o)


def _at_least(dist) -> dict | None:
    try:
        return dist.at_least()
    except ValueError:  # outcomes that are not numbers have no "at least"
        return None


def odds_dict(dist) -> dict:
    """The JSON form: outcomes with float and exact probabilities, "at least" figures for
    numeric outcomes (else null), and the parts the same way."""
    cum = _at_least(dist)
    return {"label": dist.label,
            "outcomes": [{"outcome": _plain(o), "probability": float(p), "exact": str(p)}
                         for o, p in dist.outcomes],
            "at_least": None if cum is None else
            [{"n": k, "probability": float(p), "exact": str(p)} for k, p in cum.items()],
            "parts": {k: odds_dict(v) for k, v in dist.parts.items()}}


def _outcome_text(o: object) -> str:
    if isinstance(o, tuple):
        return " / ".join(_outcome_text(x) for x in o)
    return str(_plain(o))


def odds_text(dist, indent: str = "") -> str:
    """A table: outcome, probability (%, 2 decimals) and, for numbers, "at least N". A
    joint outcome (one entry per action) reads "1 / 0"."""
    cum = _at_least(dist)
    rows = [(_outcome_text(o), f"{float(p):.2%}", f"{float(cum[o]):.2%}" if cum else "")
            for o, p in dist.outcomes]
    head = (dist.label or "outcome", "probability", "at least" if cum else "")
    w0 = max(len(r[0]) for r in [head, *rows])
    w1 = max(len(r[1]) for r in [head, *rows])
    lines = [f"{indent}{a:<{w0}}  {b:>{w1}}  {c:>8}".rstrip() for a, b, c in [head, *rows]]
    for name, part in dist.parts.items():
        lines.append(f"{indent}{name}:")
        lines.append(odds_text(part, indent + "  ").rstrip("\n"))
    return "\n".join(lines) + "\n"
