"""A Resolution as plain text, Markdown or BBCode (forum posts).

Every rendering shows, per step: the dice with their faces and where they came from
(typed, or app-rolled with its seed), the target and comparison, each modifier with its
reason and a PROPOSED mark where the number is ours, and the outcome; then the effects,
the geometry facts used (marking those the player entered by hand) and the summary. A
forum game master pastes it as is, so a player can check every number.
"""

from __future__ import annotations

import copy
import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from engine.dice import dice_name
from engine.i18n import localized, msg
from engine.options import Modifier
from engine.protocol import Facts, Resolution, Step
from engine.wording import change_words

if TYPE_CHECKING:
    from engine.joint import JointResolution

__all__ = ["render", "render_joint", "render_text", "render_markdown", "render_bbcode",
           "facts_line", "FORMATS"]

Format = Literal["text", "markdown", "bbcode"]
FORMATS: tuple[str, ...] = ("text", "markdown", "bbcode")


class _Style:
    """Inline markup of one format, and the language the text is written in."""

    lang: str = "en"
    ruleset: str | None = None

    def speaking(self, lang: str | None, ruleset: str | None) -> _Style:
        """A copy of this style that writes in `lang`, reading `ruleset`'s glossary."""
        other = copy.copy(self)
        other.lang, other.ruleset = lang or "en", ruleset
        return other

    def loc(self, obj: object) -> str:
        """A name, label, fixed text or message in the style's language (engine.i18n)."""
        return localized(obj, self.lang, self.ruleset)

    def w(self, template: str, **params: object) -> str:
        """One of the renderer's own phrases, in the style's language."""
        return self.loc(msg(template, **params))

    def bold(self, s: str) -> str:
        return s

    def italic(self, s: str) -> str:
        return s

    def good(self, s: str) -> str:
        return s

    def esc(self, s: str) -> str:
        return s

    def document(self, title: str, steps: list[list[str]], tail: list[str]) -> str:
        lines = [title]
        for i, body in enumerate(steps, start=1):
            lines.append(f"{i}. {body[0]}")
            lines.extend(f"   {b}" for b in body[1:])
        lines.extend(tail)
        return "\n".join(lines) + "\n"


class _Markdown(_Style):
    def bold(self, s: str) -> str:
        return f"**{s}**"

    def italic(self, s: str) -> str:
        return f"*{s}*"

    def good(self, s: str) -> str:
        return f"**{s}**"

    def esc(self, s: str) -> str:
        for ch in "\\`*_[]<>|#":
            s = s.replace(ch, "\\" + ch)
        return s

    def document(self, title: str, steps: list[list[str]], tail: list[str]) -> str:
        lines = [title, ""]
        for i, body in enumerate(steps, start=1):
            lines.append(f"{i}. {body[0]}" + ("  " if len(body) > 1 else ""))
            for j, b in enumerate(body[1:], start=1):
                lines.append(f"   {b}" + ("  " if j < len(body) - 1 else ""))
        if tail:
            lines.append("")
            lines.extend(f"{t}  " if k < len(tail) - 1 else t for k, t in enumerate(tail))
        return "\n".join(lines) + "\n"


class _BBCode(_Style):
    def bold(self, s: str) -> str:
        return f"[b]{s}[/b]"

    def italic(self, s: str) -> str:
        return f"[i]{s}[/i]"

    def good(self, s: str) -> str:
        return f"[color=green][b]{s}[/b][/color]"

    def esc(self, s: str) -> str:
        # A "[" in a label would open a tag on most forums; the full-width bracket reads
        # the same and is inert.
        return s.replace("[", "［").replace("]", "］")

    def document(self, title: str, steps: list[list[str]], tail: list[str]) -> str:
        lines = [title, "[list=1]"]
        for body in steps:
            lines.append("[*]" + "\n".join(body))
        lines.append("[/list]")
        lines.extend(tail)
        return "\n".join(lines) + "\n"


_STYLES: dict[str, _Style] = {"text": _Style(), "markdown": _Markdown(), "bbcode": _BBCode()}


def _modifier(m: Modifier, st: _Style) -> str:
    text = st.esc(m.text if st.lang == "en" else _modifier_text(m, st))
    if m.to == "roll":
        text += " " + st.w("(to the roll)")
    elif m.to == "pool":
        text += " " + st.w("(to the pool)")
    if m.reason:
        text += f" — {st.esc(st.loc(m.reason))}"
    if m.proposed:
        text += " " + st.italic(st.w("(PROPOSED)"))
    return text


def _modifier_text(m: Modifier, st: _Style) -> str:
    """The modifier's label and value as Modifier.text writes them, the label localized."""
    english = m.text
    label = str(m.label)
    shown = st.loc(m.label)
    return english.replace(label, shown, 1) if label and label in english else st.loc(english)


def per_test(step: Step) -> int:
    """How many of the step's faces make one test (one result each); 1 when they do not
    divide evenly."""
    n = len(step.faces)
    k = len(step.results)
    return n // k if k and n % k == 0 else 1


def dice_groups(step: Step) -> list[str]:
    """Each test's faces as text: "3 + 4 = 7" where a test rolls several dice, "6 + 1 = 7"
    with a one-die roll bonus, else the face alone. The text and the app's steps view both
    show dice this way."""
    faces = step.faces
    size = per_test(step)
    shown = []
    for idx in range(0, len(faces), size):
        text = " + ".join(str(f) for f in faces[idx:idx + size])
        i = idx // size
        if step.totals and i < len(step.totals) and (size > 1 or step.roll_bonus):
            bonus = step.roll_bonus
            if size == 1 and bonus:
                text = f"{text} {'+' if bonus > 0 else '−'} {abs(bonus)}"
            text = f"{text} = {step.totals[i]}"
        shown.append(text)
    return shown


def _dice_text(step: Step, st: _Style) -> str:
    """"hit: 3, 1 · miss: 7" (or faces only when nothing was judged)."""
    faces = step.faces
    if not step.results:
        return ", ".join(str(f) for f in faces)
    shown = dice_groups(step)
    if step.results == ("rolled",):          # roll_step: a plain total, nothing judged
        return shown[0]
    if len(set(step.results)) == 1 and len(shown) == 1:
        r = step.results[0]
        mark = st.good if r in step.highlight else (lambda s: s)
        return f"{mark(shown[0])} ({st.esc(st.loc(r))})"
    order = list(dict.fromkeys(step.results))
    parts = []
    for r in order:
        vals = ", ".join(s for s, res in zip(shown, step.results, strict=True) if res == r)
        mark = st.good if r in step.highlight else (lambda s: s)
        parts.append(f"{st.esc(st.loc(r))}: {mark(vals)}")
    return " · ".join(parts)


def _target_text(step: Step, st: _Style) -> str | None:
    die = step.rolls[0].die if step.rolls else "d?"
    dice = st.loc(dice_name(per_test(step), die))
    if step.roll_bonus:
        dice += f" {'+' if step.roll_bonus > 0 else '−'} {abs(step.roll_bonus)}"
    if step.bands and step.comparison is not None:
        sym = step.comparison.symbol
        rows = [f"{sym} {t} {st.esc(st.loc(lab))}" for t, lab in step.bands]
        rows.append(st.w("otherwise {result}", result=st.esc(st.loc(step.otherwise))))
        return st.w("read {dice}:", dice=dice) + " " + " · ".join(rows)
    if step.comparison is None or step.target is None:
        return None
    return st.w("needs {dice} {target}", dice=dice,
                target=st.bold(f"{step.comparison.symbol} {step.target}"))


def _step_lines(step: Step, st: _Style) -> list[str]:
    head = st.bold(st.esc(st.loc(step.label)))
    if step.rolls:
        size = per_test(step)
        count = len(step.faces) // size
        dice = st.loc(dice_name(size, step.rolls[0].die))
        sources = ", ".join(dict.fromkeys(st.loc(r.source_text) for r in step.rolls))
        head += (f" — {count} × {dice} {st.italic(f'({sources})')}: "
                 f"{_dice_text(step, st)}")
    body = [head]
    target = _target_text(step, st)
    calc = []
    if step.base is not None:
        calc.append(f"{st.esc(st.loc(step.base_label or 'base'))} {step.base}")
    calc.extend(_modifier(m, st) for m in step.modifiers)
    if target:
        body.append(target + (f" ({'; '.join(calc)})" if calc else ""))
    elif calc:
        body.append("; ".join(calc))
    if step.outcome:
        body.append("→ " + st.bold(st.esc(st.loc(step.outcome))))
    if step.note:
        body.append(st.italic(st.esc(st.loc(step.note))))
    return body


_FACT_UNITS = {"distance_in": ("distance", "in"), "distance_m": ("distance", "m"),
               "visible_fraction": ("visible", "")}


def _fact_value(v: object, st: _Style, names: Mapping[str, str] | None = None) -> str:
    if isinstance(v, dict):          # a fact measured per member or per target, by name
        named = names or {}
        return ", ".join(f"{st.loc(named.get(k, k))} {_fact_value(x, st)}"
                         for k, x in v.items()) or st.w("none")
    if isinstance(v, bool):
        return st.w("yes") if v else st.w("no")
    if isinstance(v, float):
        return f"{v:.2f}".rstrip("0").rstrip(".")
    if isinstance(v, list):
        return ", ".join(map(str, v)) or st.w("none")
    return st.loc(v) if isinstance(v, str) else str(v)


def facts_line(facts: Facts, fmt: Format | str = "text", lang: str | None = None,
               ruleset: str | None = None) -> str | None:
    """The "Facts: …" line a resolution ends with, for facts alone (`warboard odds`
    prints it under the odds); None when there are none."""
    return _facts_of(facts, _style(fmt, lang, ruleset))


def _facts_text(res: Resolution, st: _Style) -> str | None:
    return _facts_of(res.facts, st, res.names)


def _facts_of(facts: Facts, st: _Style, names: Mapping[str, str] | None = None) -> str | None:
    d = facts.to_dict()
    over = set(d.pop("overridden", []))
    if not d:
        return None
    items = []
    for k, v in d.items():
        name, unit = _FACT_UNITS.get(k, (k.replace("_", " "), ""))
        unit = st.loc(unit) if unit else ""
        text = st.esc(f"{st.loc(name)} {_fact_value(v, st, names)}"
                      f"{' ' + unit if unit else ''}")
        if k in over:
            text += " " + st.italic(st.w("(entered by hand)"))
        items.append(text)
    return st.w("Facts:") + " " + " · ".join(items)


def _style(fmt: str, lang: str | None = None, ruleset: str | None = None) -> _Style:
    if fmt not in _STYLES:
        raise ValueError(f"format: expected one of {', '.join(FORMATS)}, got {fmt!r}")
    return _STYLES[fmt].speaking(lang, ruleset)


def _name(res: Resolution, unit_id: str) -> str:
    return res.names.get(unit_id, unit_id)


def _title(res: Resolution, st: _Style) -> str:
    who = st.esc(st.loc(_name(res, res.actor))) + \
        (f" → {st.esc(st.loc(_name(res, res.target)))}" if res.target else "")
    return f"{st.bold(st.esc(st.loc(res.action_label)))} — {who}"


def _tail(res: Resolution, st: _Style, *, effects: bool = True) -> list[str]:
    tail: list[str] = []
    said: Sequence[str] = change_words(res.change, res.names, res.ruleset) if effects else ()
    if said:
        tail.append(st.bold(st.w("Effects")) + ": " + "; ".join(st.esc(st.loc(e))
                                                                for e in said))
    facts = _facts_text(res, st)
    if facts:
        tail.append(facts)
    if res.roles:
        tail.append(st.w("Roles:") + " " + " · ".join(
            st.esc(f"{st.loc(k.replace('_', ' '))} {v}") for k, v in res.roles.items()))
    if res.summary:
        tail.append(st.bold(st.w("Result")) + ": " + st.esc(st.loc(res.summary)))
    return tail


def render(res: Resolution, fmt: Format | str = "text", lang: str | None = None) -> str:
    """The resolution in `fmt`: "text", "markdown" or "bbcode", written in `lang` (English
    by default; names, labels and messages through engine.i18n)."""
    st = _style(fmt, lang, res.ruleset)
    return st.document(_title(res, st), [_step_lines(s, st) for s in res.steps],
                       _tail(res, st))


def _column(res: Resolution, st: _Style) -> list[str]:
    """One action of a joint resolution as lines: title, numbered steps, its own result
    (effects are shown once, merged, below the columns)."""
    lines = [_title(res, st)]
    for i, s in enumerate(res.steps, start=1):
        body = _step_lines(s, st)
        lines.append(f"{i}. {body[0]}")
        lines.extend(f"   {b}" for b in body[1:])
    lines.extend(_tail(res, st, effects=False))
    return lines


def _side_by_side(columns: list[list[str]], width: int) -> list[str]:
    wrapped = [[w for line in col for w in (textwrap.wrap(line, width,
                                                          subsequent_indent="   ") or [""])]
               for col in columns]
    rows = max(len(c) for c in wrapped)
    out = []
    for r in range(rows):
        cells = [c[r] if r < len(c) else "" for c in wrapped]
        out.append(" │ ".join(f"{cell:<{width}}" for cell in cells).rstrip())
    return out


def render_joint(joint: JointResolution, fmt: Format | str = "text", *,
                 width: int = 58, lang: str | None = None) -> str:
    """A joint resolution: the actions side by side (text: columns `width` wide;
    Markdown: a table, one column per action; BBCode: one after the other, as forums
    have no portable table), then the merged effects, what the merge decided, and each
    result."""
    first = joint.resolutions[0].ruleset if joint.resolutions else None
    st = _style(fmt, lang, first)
    cols = [_column(r, st) for r in joint.resolutions]
    names = {k: v for r in joint.resolutions for k, v in r.names.items()}
    head = st.bold(st.w("Resolved together")) + " " + st.w(
        "(one prior state: {actions})", actions=", ".join(
            st.esc(st.w("{action} by {actor}", action=st.loc(r.action_label),
                        actor=st.loc(_name(r, r.actor)))) for r in joint.resolutions))
    lines = [head, ""]
    if fmt == "text":
        lines.extend(_side_by_side(cols, width))
    elif fmt == "markdown":
        lines.append("| " + " | ".join(c[0] for c in cols) + " |")
        lines.append("|" + "---|" * len(cols))
        lines.append("| " + " | ".join("<br>".join(c[1:]) for c in cols) + " |")
    else:
        for c in cols:
            lines.extend(c)
            lines.append("")
    lines.append("")
    effects = change_words(joint.change, names, first)
    lines.append(st.bold(st.w("Effects (merged)")) + ": " +
                 ("; ".join(st.esc(st.loc(e)) for e in effects) if effects else st.w("none")))
    for n in joint.notes:
        lines.append(st.italic(st.esc(st.loc(n))))
    return "\n".join(lines).rstrip("\n") + "\n"


def render_text(res: Resolution) -> str:
    return render(res, "text")


def render_markdown(res: Resolution) -> str:
    return render(res, "markdown")


def render_bbcode(res: Resolution) -> str:
    return render(res, "bbcode")
