"""The steps of a resolution as players check them: dice, target, modifiers, outcome.

Each `engine.protocol.Step` is shown with its dice faces (and their source), the
target number with its comparison (or the table the roll is read against), every modifier
with its reason and a PROPOSED mark where the number is ours, the outcome and the note.
While dice are being typed the view shows the steps decided so far and what the next step
needs; once complete, the effects and the summary follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QTextBrowser, QWidget

from app.i18n import loc, tr
from engine.options import Modifier

if TYPE_CHECKING:
    from engine.protocol import Step

GOOD = "#1f7a3a"
BAD = "#8a8a8a"
BADGE_HTML = ("<span style='background-color:#f2c94c; color:#3d2e00; font-size:8pt; "
              "font-weight:bold;'>&nbsp;{0}&nbsp;</span>")


def badge() -> str:
    """The PROPOSED mark, in the interface's language."""
    return BADGE_HTML.format(tr("PROPOSED"))


def _e(s: object) -> str:
    import html
    return html.escape(str(s))


def dice_html(step: Step, ruleset: str | None = None) -> str:
    """Faces (grouped per test, with totals when they differ) coloured by result."""
    from engine.render import dice_groups
    faces = step.faces
    if not faces:
        return ""
    shown = []
    for i, text in enumerate(dice_groups(step)):
        result = step.results[i] if i < len(step.results) else ""
        colour = GOOD if result in step.highlight else "#222"
        label = "" if result in ("", "rolled") else \
            f" <span style='color:{colour};'>{_e(_word(result, ruleset))}</span>"
        shown.append(f"<b style='color:{colour};'>[{_e(text)}]</b>{label}")
    return ", ".join(shown)


def _word(result: str, ruleset: str | None) -> str:
    """A result or band label as players read it ("ammo_explosion" → "ammo explosion")."""
    shown = loc(result, ruleset)
    return shown.replace("_", " ") if shown == result else shown


def target_html(step: Step, ruleset: str | None = None) -> str:
    """"needs d10 ≤ 7" or "read d10 − 1: ≥ 12 ammo explosion · … · otherwise shaken"."""
    from engine.dice import dice_name  # imported here: numpy stays off the window's start
    from engine.render import per_test
    die = step.rolls[0].die if step.rolls else "d?"
    dice = loc(dice_name(per_test(step), die))      # к10 / 2к6 in Russian
    if step.roll_bonus:
        dice += f" {'+' if step.roll_bonus > 0 else '−'} {abs(step.roll_bonus)}"
    if step.bands and step.comparison is not None:
        rows = [f"{step.comparison.symbol} {t} {_e(_word(lab, ruleset))}"
                for t, lab in step.bands]
        rows.append(tr("otherwise {0}").format(_e(_word(step.otherwise, ruleset))))
        return tr("read {0}:").format(_e(dice)) + " " + " · ".join(rows)
    if step.comparison is None or step.target is None:
        return ""
    return tr("needs {dice} {target}").format(
        dice=_e(dice), target=f"<b>{step.comparison.symbol} {step.target}</b>")


def modifier_html(m: Modifier, ruleset: str | None = None) -> str:
    label = str(m.label)
    shown = m.text.replace(label, loc(m.label, ruleset), 1) if label else m.text
    text = _e(shown) + {"roll": " " + tr("(to the roll)"),
                        "pool": " " + tr("(to the pool)")}.get(m.to, "")
    if m.reason:
        text += f" <span style='color:#666;'>— {_e(loc(m.reason, ruleset))}</span>"
    if m.proposed:
        text += " " + badge()
    return text


def step_html(i: int, step: Step, ruleset: str | None = None) -> str:
    from engine.dice import dice_name  # imported here: numpy stays off the window's start
    from engine.render import per_test
    head = f"<b>{i}. {_e(loc(step.label, ruleset))}</b>"
    if step.rolls:
        size = per_test(step)
        count = len(step.faces) // size
        src = ", ".join(dict.fromkeys(loc(r.source_text, ruleset) for r in step.rolls))
        die = loc(dice_name(size, step.rolls[0].die))
        head += f" — {count} × {_e(die)} <i>({_e(src)})</i>: {dice_html(step, ruleset)}"
    lines = [head]
    target = target_html(step, ruleset)
    base = (f"{_e(loc(step.base_label or 'base', ruleset))} {step.base}"
            if step.base is not None else "")
    if target or base:
        lines.append(" · ".join(filter(None, [target, base])))
    lines.extend(f"&nbsp;&nbsp;{modifier_html(m, ruleset)}" for m in step.modifiers)
    if step.outcome:
        lines.append(f"→ <b>{_e(loc(step.outcome, ruleset))}</b>")
    if step.note:
        lines.append(f"<i style='color:#555;'>{_e(loc(step.note, ruleset))}</i>")
    return "<p style='margin-bottom:6px;'>" + "<br>".join(lines) + "</p>"


def steps_html(steps: Sequence[Step], *, pending: str = "", effects: Sequence[str] = (),
               summary: str = "", refusal: str = "", ruleset: str | None = None) -> str:
    """The steps as HTML, names and labels in the interface's language (`ruleset`'s
    glossary first)."""
    parts = [step_html(i, s, ruleset) for i, s in enumerate(steps, start=1)]
    if refusal:
        parts.append("<p style='color:#b3261e;'><b>" + tr("Not possible:") + "</b> "
                     + _e(loc(refusal, ruleset)) + "</p>")
    if pending:
        parts.append("<p style='color:#555;'>" + _e(tr("Next: {0} — enter the dice").format(
            loc(pending, ruleset))) + "</p>")
    if effects:
        parts.append("<p><b>" + tr("Effects:") + "</b> "
                     + "; ".join(_e(loc(e, ruleset)) for e in effects) + "</p>")
    if summary:
        parts.append("<p><b>" + tr("Result:") + "</b> " + _e(loc(summary, ruleset)) + "</p>")
    return "".join(parts)


class StepsView(QTextBrowser):
    """`show_steps(steps, pending=…, effects=…, summary=…)`; `steps` is what is shown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.steps: list[Step] = []
        self.setOpenLinks(False)
        self.setMinimumHeight(120)
        self.setPlaceholderText(tr("Roll or enter the dice to see the steps."))

    def show_steps(self, steps: Sequence[Step], *, pending: str = "",
                   effects: Sequence[str] = (), summary: str = "",
                   refusal: str = "", ruleset: str | None = None) -> None:
        self.steps = list(steps)
        self.setHtml(steps_html(steps, pending=pending, effects=effects, summary=summary,
                                refusal=refusal, ruleset=ruleset))

    def clear_steps(self) -> None:
        self.steps = []
        self.clear()
