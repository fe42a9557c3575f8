"""The Help menu's texts: the keyboard shortcuts read from the window's actions with the
mouse's conventions, a ruleset's summary, About. Apart from the menu (app/help_menu.py)
and its dialogs (app/help_dialogs.py), which both read them: the menu module stays small
for the start-up and neither imports the other's texts back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import qVersion
from PySide6.QtGui import QKeySequence

from app.i18n import current_language, loc, tr

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMenu


def _plain(text: str) -> str:
    """A menu text without its mnemonic ampersand."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def mouse_conventions() -> list[tuple[str, str]]:
    return [(tr("Wheel"), tr("zoom about the pointer")),
            (tr("Drag the empty table / middle button"), tr("pan")),
            (tr("Esc"), tr("drop what the tool has half done, then back to Select"))]


def shortcuts(window) -> list[tuple[str, str, str]]:
    """(keys, what, where) for every action of the window with a shortcut: the menus' (in
    menu order), then the toolbar's and the board's that no menu holds."""
    rows: list[tuple[str, str, str]] = []
    seen: set[int] = set()

    def add(action: QAction, where: str) -> None:
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()]
        if id(action) in seen or not keys or action.isSeparator():
            return
        seen.add(id(action))
        rows.append((" / ".join(keys), _plain(action.text()), where))

    def walk(menu: QMenu, where: str) -> None:
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu(), f"{where} ▸ {_plain(action.menu().title())}")
            else:
                add(action, where)

    for top in window.menuBar().actions():
        if top.menu() is not None:
            walk(top.menu(), _plain(top.menu().title()))
    for action in window.toolbar.actions():
        add(action, tr("Toolbar"))
    for action in [*window.view.actions(), *window.actions()]:
        add(action, tr("Board"))
    return rows


def shortcuts_html(window) -> str:
    import html
    def table(rows) -> str:
        return "<table cellpadding='3'>" + "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows
        ) + "</table>"

    keys = [(f"<b>{html.escape(k)}</b>", w, m) for k, w, m in shortcuts(window)]
    body = "<table cellpadding='3'>" + "".join(
        f"<tr><td>{k}</td><td>{html.escape(w)}</td><td><i>{html.escape(m)}</i></td></tr>"
        for k, w, m in keys) + "</table>"
    heads = tr("Keyboard shortcuts"), tr("Mouse")
    return f"<h3>{heads[0]}</h3>{body}<h3>{heads[1]}</h3>{table(mouse_conventions())}"


def ruleset_html(rs) -> str:
    """One ruleset's summary in the interface's language: what it is, dice, scale, actions,
    and its readings with their defaults — each reading of ours marked PROPOSED."""
    import html

    from app.panels.options_view import default_text
    e = html.escape
    rid = rs.id

    def words(text: object) -> str:
        return e(loc(text, rid)) if text else ""

    dice = ", ".join(loc(d.name, rid) for d in rs.dice)
    measure = tr("edge to edge") if rs.measure == "edge" else tr("centre to centre")
    dice_h, scale_h, dist_h, actions_h = tr("Dice"), tr("Ground scale"), tr("Distances"), \
        tr("Actions")
    doc = loc(rs.doc, rid) if rs.doc else ""
    if doc == rs.doc and current_language() != "en":
        doc = ""  # no translation of the ruleset's blurb: its readings below say it all
    parts = [f"<h2>{words(rs)}</h2>",
             f"<p>{e(doc)}</p>" if doc else "",
             f"<p><b>{dice_h}</b>: {e(dice)} · <b>{scale_h}</b>: "
             f"1\" = {rs.metres_per_inch:g} m · <b>{dist_h}</b>: {e(measure)}</p>"]
    actions = [loc(a, rid) for a in rs.actions]
    if actions:
        parts.append(f"<p><b>{actions_h}</b>: {e(', '.join(actions))}</p>")
    proposed = [o for o in rs.options if o.proposed]
    parts.append("<h3>" + e(tr("Readings of the rules ({n}, {p} PROPOSED)").format(
        n=len(rs.options), p=len(proposed))) + "</h3><ul>")
    mark = e(tr("PROPOSED"))
    for o in rs.options:
        badge = f" <b style='color:#b36b00'>{mark}</b>" if o.proposed else ""
        reason = f" <i>({words(o.reason)})</i>" if o.reason else ""
        help_ = f"<br>{words(o.help)}" if o.help else ""
        parts.append(f"<li>{words(o)}: <b>{e(default_text(o))}</b>{badge}{reason}{help_}</li>")
    parts.append("</ul>")
    return "".join(parts)


def about_text() -> str:
    import html
    import importlib.metadata  # costly at start-up: read when About is opened

    try:
        version = importlib.metadata.version("warboard")
    except importlib.metadata.PackageNotFoundError:
        version = "?"
    blurb = tr("A desktop companion for miniature wargames: the table beside the laptop "
               "mirrored to scale, with ranges, line of sight, cover, arcs and templates, "
               "and an exact referee for the rulesets installed.")
    return (f"<h3>Warboard {html.escape(version)}</h3>"
            f"<p>{blurb}</p>"
            f"<p>Qt {qVersion()}</p>")
