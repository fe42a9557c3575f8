"""A whole turn as one forum post: every resolution, measurement, template and roll of the
turn from the game's log, grouped by side and, within a side, by unit — each group in the
order its lines were logged — with every die, where it came from (typed, app-rolled with its
seed, or sealed with its roll number) and a placeholder line for each picture exported that
turn, for the game master to replace with the uploaded picture.

`turn_sections` is the post as data (what the tests compare with the log); `turn_post`
writes it as BBCode, Markdown or plain text, in English or Russian. Every fixed word of
the post is in engine.forum_text, the one place the engine's forum output is translated.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.dice import RollRecord
from engine.forum_text import LANGS, TEXTS, link_target, one_line, text
from engine.i18n import localized
from engine.model import Game, LogEntry
from engine.post_lines import (
    action_label,
    dice_text,
    effects_of,
    initiative_lines,
    renamed,
    roll_text,
    ruleset_of,
    spoken_names,
)
from engine.witness.post_lines import post_lines
from engine.wording import side_names, table_names

__all__ = ["TEXTS", "LANGS", "FORMATS", "HEADINGS", "PostEntry", "PostSection",
           "turn_sections", "turn_post", "roll_text", "text"]

FORMATS = ("bbcode", "markdown", "text")
#: How a post's headings are marked: "bold" renders on every forum; "percent" is
#: BBCode's [size=150] (phpBB, Discourse's BBCode); "scale" is [size=5] on forums whose
#: sizes run 1–7 (vBulletin, XenForo). Markdown: bold, else ## headings.
HEADINGS = ("bold", "percent", "scale")


@dataclass(frozen=True, slots=True)
class PostEntry:
    """One log line in the post: its number in the log, what it is, and its text lines
    (head first)."""

    seq: int
    entry: LogEntry
    head: str
    lines: tuple[str, ...] = ()


@dataclass(slots=True)
class PostSection:
    """A heading (a side, a unit of it, the table, the pictures) and its lines."""

    title: str
    side: str | None = None
    unit: str | None = None
    entries: list[PostEntry] = field(default_factory=list)
    side_title: str = ""


Namer = Callable[[str], str]


def _side_of(game: Game, unit_id: str | None) -> str | None:
    if unit_id is None:
        return None
    try:
        return game.unit(unit_id).side
    except (KeyError, ValueError):
        return None


def _kind(entry: LogEntry) -> str:
    details = entry.details if isinstance(entry.details, dict) else {}
    if details.get("kind") == "picture" or entry.action == "picture":
        return "picture"
    if "initiative" in details:
        return "initiative"
    if "steps" in details or "effects" in details:
        return "resolution"
    if "turn_step" in details:
        return "turn"
    if entry.action in ("measure", "measurement", "ruler"):
        return "measure"
    if entry.action.startswith("template"):
        return "template"
    return "roll"


def _step_lines(step: dict, lang: str, ruleset: str | None = None,
                spoken: Mapping[str, Any] | None = None) -> list[str]:
    """A logged step: its label, each roll and the outcome (names and fixed texts in
    `lang` through the ruleset's glossary; units and groups by their names)."""
    spoken = spoken or {}
    rolls = [RollRecord.from_dict(r) for r in step.get("rolls", [])]
    head = localized(renamed(step.get("label", step.get("id", "")), spoken), lang, ruleset)
    outcome = step.get("outcome")
    if rolls:
        head += ": " + "; ".join(dice_text(r, lang) for r in rolls)
    if outcome:
        tally = _tally(step)
        said = tally if tally is not None else renamed(outcome, spoken)
        head += f" → {localized(said, lang, ruleset)}"
    return [head]


def _tally(step: dict) -> Any:
    """A logged "2 × hit, 1 × miss" (the outcome of several tests, kept as English text)
    as the message it was, so each result reads in the post's language; None when the
    outcome is something else."""
    from collections import Counter

    from engine.i18n import join, msg

    results = [str(r) for r in step.get("results") or ()]
    if len(results) < 2:
        return None
    first = [str(h) for h in step.get("highlight") or () if h in results]
    order = first + [r for r in dict.fromkeys(results) if r not in first]
    count = Counter(results)
    if ", ".join(f"{count[k]} × {k}" for k in order) != step.get("outcome"):
        return None
    return join(", ", [msg("{n} × {result}", n=count[k], result=k) for k in order])


def _who(e: LogEntry, names: Mapping[str, Any], lang: str) -> str:
    def name(i: str) -> str:
        return localized(names.get(i, i), lang)

    who = name(e.actor) if e.actor else ""
    if e.target and _kind(e) in ("resolution", "measure"):
        who += f" → {name(e.target)}"
    return who


def _entry(seq: int, e: LogEntry, names: Mapping[str, Any], lang: str) -> PostEntry:
    kind = _kind(e)
    who = _who(e, names, lang)
    rs = ruleset_of(e)
    if kind == "initiative":
        return PostEntry(seq, e, text(lang, "initiative"), tuple(initiative_lines(e, names,
                                                                                  lang)))
    if kind == "resolution":
        head = f"{action_label(e, lang)}" + (f" — {who}" if who else "")
        mark = _roll_mark(e)
        if mark is not None and mark.get("applied") is False:
            head += f" ({text(lang, 'unapplied')})"
        lines: list[str] = []
        spoken = spoken_names(names)
        for step in e.details.get("steps", []):
            if isinstance(step, dict):
                lines.extend(_step_lines(step, lang, rs, spoken))
        effects = [localized(x, lang, rs) for x in effects_of(e, names)]
        if effects:
            lines.append(f"{text(lang, 'effects')}: " + "; ".join(effects))
        if e.summary:
            lines.append(f"{text(lang, 'result')}: "
                         f"{localized(renamed(e.summary, spoken), lang, rs)}")
        return PostEntry(seq, e, head, tuple(lines))
    if kind == "picture":
        return PostEntry(seq, e, text(lang, "picture", file=e.details.get("file", "")))
    spoken = spoken_names(names)
    if kind == "turn":
        return PostEntry(seq, e, localized(renamed(e.summary, spoken), lang, rs)
                         or action_label(e, lang))
    label = text(lang, "ruler" if e.action == "ruler" else kind)
    summary = localized(renamed(e.summary, spoken), lang, rs)
    head = f"{label}: {summary}" if summary else label
    dice = tuple(f"{text(lang, 'dice')}: {roll_text(r, lang, rs)}" for r in e.dice)
    return PostEntry(seq, e, head, dice)


def _roll_mark(e: LogEntry) -> dict | None:
    """The honest roll log's mark on an entry (details["roll"]): {"applied": False} on a
    roll logged when rolled, {"applied": True, "of": n} on the resolution applying roll n."""
    mark = e.details.get("roll") if isinstance(e.details, dict) else None
    return mark if isinstance(mark, dict) else None


def _applied_rolls(log: tuple[LogEntry, ...]) -> set[int]:
    """Log positions of rolls a later entry applies: the applying entry carries the same
    dice, so the post shows the roll once, where it was applied."""
    out = set()
    for e in log:
        mark = _roll_mark(e)
        if mark is not None and mark.get("applied") and isinstance(mark.get("of"), int):
            out.add(mark["of"])
    return out


def turn_sections(game: Game, turn: int, lang: str = "en",
                  name: Namer | None = None) -> list[PostSection]:
    """The turn's log lines as sections: the pictures first, then each side (in the game's
    side order, else the order sides appear on the table) with one section per unit that
    acted, then the table's own lines (initiative, rulers, templates without a firer). Within
    a section the lines keep their log order; every line of the turn is in exactly one,
    but for a roll logged when rolled and applied later, which is the applying line. A roll
    never applied stays in, marked so: the players see every re-roll. Units, groups and
    sides by their names in `lang` (`name`: another namer of units)."""
    names: dict[str, Any] = table_names(game)
    sides_named = side_names(game)
    if name is not None:
        names.update({u.id: name(u.id) for u in game.all_units()})
    applied = _applied_rolls(game.log)
    rows = [(i, e) for i, e in enumerate(game.log, start=1)
            if e.turn == turn and i not in applied]
    pictures = PostSection(text(lang, "pictures"))
    table = PostSection(text(lang, "table"))
    by_unit: dict[str, PostSection] = {}
    for seq, e in rows:
        item = _entry(seq, e, {**names, **sides_named} if _kind(e) == "initiative" else names,
                      lang)
        side = _side_of(game, e.actor)
        if _kind(e) == "picture":
            pictures.entries.append(item)
        elif side is None:
            table.entries.append(item)
        else:
            if e.actor not in by_unit:
                by_unit[e.actor] = PostSection(
                    localized(names.get(e.actor, e.actor), lang), side, e.actor,
                    side_title=localized(sides_named.get(side, side), lang))
            by_unit[e.actor].entries.append(item)
    order = list(game.sides) + [u.side for u in game.all_units()]
    sides = list(dict.fromkeys(s for s in order if any(
        sec.side == s for sec in by_unit.values())))
    out = [pictures] if pictures.entries else []
    for side in sides:
        out.extend(sec for sec in by_unit.values() if sec.side == side)
    if table.entries:
        out.append(table)
    return out


class _Markup:
    """Plain text: the title underlined, a side between "==" marks."""

    def __init__(self, headings: str = "bold") -> None:
        self.headings = headings

    def bold(self, s: str) -> str:
        return s

    def italic(self, s: str) -> str:
        return s

    def esc(self, s: str) -> str:
        return s

    def heading(self, s: str) -> str:
        return f"{s}\n{'=' * len(s)}"

    def side(self, s: str) -> str:
        return f"== {s} =="

    def picture(self, file: str, note: str) -> str:
        return f"[{note}]"

    def entry(self, head: str, lines: tuple[str, ...]) -> list[str]:
        return [f"- {head}", *[f"    {x}" for x in lines]]

    def block(self, title: str, body: list[str]) -> list[str]:
        return [title, *body, ""]


class _BBCode(_Markup):
    #: the title's and a side's [size=…] in each heading style ("bold": none)
    SIZES = {"percent": ("150", "120"), "scale": ("5", "4")}

    def bold(self, s: str) -> str:
        return f"[b]{s}[/b]"

    def italic(self, s: str) -> str:
        return f"[i]{s}[/i]"

    def esc(self, s: str) -> str:
        return s.replace("[", "［").replace("]", "］")  # inert look-alikes (engine.render)

    def _sized(self, s: str, which: int) -> str:
        size = self.SIZES.get(self.headings)
        return f"[size={size[which]}]{s}[/size]" if size else s

    def heading(self, s: str) -> str:
        return self._sized(f"[b]{s}[/b]", 0)

    def side(self, s: str) -> str:
        return self._sized(f"[b][u]{s}[/u][/b]", 1)

    def picture(self, file: str, note: str) -> str:
        return f"[img]{file}[/img]\n[i]{note}[/i]"

    def entry(self, head: str, lines: tuple[str, ...]) -> list[str]:
        # the lines as a nested list: forums keep it apart where they would join lines
        if not lines:
            return ["[*]" + self.bold(head)]
        return ["[*]" + self.bold(head), "[list]", *[f"[*]{x}" for x in lines], "[/list]"]

    def block(self, title: str, body: list[str]) -> list[str]:
        return [self.bold(title), "[list]", *body, "[/list]", ""]


class _Markdown(_Markup):
    def bold(self, s: str) -> str:
        return f"**{s}**"

    def italic(self, s: str) -> str:
        return f"*{s}*"

    def esc(self, s: str) -> str:
        for ch in "\\`*_[]<>|#":
            s = s.replace(ch, "\\" + ch)
        return s

    def _level(self, s: str, level: int) -> str:
        return self.bold(s) if self.headings == "bold" else f"{'#' * level} {s}"

    def heading(self, s: str) -> str:
        return self._level(s, 2)

    def side(self, s: str) -> str:
        return self._level(s, 3)

    def picture(self, file: str, note: str) -> str:
        return f"![{note}]({file})"

    def entry(self, head: str, lines: tuple[str, ...]) -> list[str]:
        return [f"- {self.bold(head)}" + ("  " if lines else ""),
                *[f"  {x}" + ("  " if i < len(lines) - 1 else "")
                  for i, x in enumerate(lines)]]

    def block(self, title: str, body: list[str]) -> list[str]:
        return [self._level(title, 4), "", *body, ""]


_MARKUP: dict[str, type[_Markup]] = {"text": _Markup, "bbcode": _BBCode,
                                     "markdown": _Markdown}


def _notes(game: Game, turn: int, m: _Markup, lang: str) -> list[str]:
    """The lines under the title: how the turn's dice can be checked (the sealing's
    commitment; the post's place in the roll chain is said here too)."""
    sealed = game.state.get("sealed") if isinstance(game.state, dict) else None
    if isinstance(sealed, dict) and sealed.get("commitment"):
        return [m.italic(m.esc(text(lang, "sealed_note", commitment=sealed["commitment"]))),
                ""]
    return []


def turn_post(game: Game, turn: int | None = None, fmt: str = "bbcode", lang: str = "en",
              name: Namer | None = None, headings: str = "bold") -> str:
    """The turn (default: the game's current one) as one post in `fmt`, written in
    `lang`, its headings marked as `headings` says (HEADINGS)."""
    if fmt not in _MARKUP:
        raise ValueError(f"format: expected one of {', '.join(FORMATS)}, got {fmt!r}")
    if lang not in LANGS:
        raise ValueError(f"language: expected one of {', '.join(LANGS)}, got {lang!r}")
    if headings not in HEADINGS:
        raise ValueError(f"headings: expected one of {', '.join(HEADINGS)}, got "
                         f"{headings!r}")
    turn = game.turn if turn is None else turn
    m = _MARKUP[fmt](headings)
    out = [m.heading(m.esc(text(lang, "title", game=game.scenario.name, turn=turn))), ""]
    sections = turn_sections(game, turn, lang, name)
    if not sections:
        out.append(text(lang, "nothing", turn=turn))
    out += _notes(game, turn, m, lang)
    out += post_lines(game, turn, fmt, lang)  # the nonces and the place in the chain
    side: str | None = None
    for sec in sections:
        if sec.entries and _kind(sec.entries[0].entry) == "picture":
            for pe in sec.entries:
                file = str(pe.entry.details.get("file", ""))  # from the file: escaped
                out += [m.picture(link_target(file),
                                  m.esc(text(lang, "picture", file=one_line(file)))), ""]
            continue
        if sec.side is not None and sec.side != side:
            side = sec.side
            out += [m.side(m.esc(text(lang, "side", side=sec.side_title or side))), ""]
        body = []
        for pe in sec.entries:
            body.extend(m.entry(m.esc(f"{pe.seq}. {pe.head}"),
                                tuple(m.esc(x) for x in pe.lines)))
        out.extend(m.block(m.esc(sec.title), body))
    return "\n".join(out).rstrip() + "\n"
