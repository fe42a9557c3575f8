"""The Help menu: Keyboard shortcuts (every shortcut the window's actions carry, read from
them, with the mouse's conventions), Rules (each installed ruleset's summary: its dice,
scale, actions and every reading it offers, the PROPOSED ones marked), About, and the
first-run overlay naming the tools again (app/first_run.py)."""

from __future__ import annotations

import html
import importlib.metadata

from PySide6.QtCore import QCoreApplication, qVersion
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QMenu,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)


def _tr(text: str) -> str:
    return QCoreApplication.translate("Help", text)


def _plain(text: str) -> str:
    """A menu text without its mnemonic ampersand."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def mouse_conventions() -> list[tuple[str, str]]:
    return [(_tr("Wheel"), _tr("zoom about the pointer")),
            (_tr("Drag the empty table / middle button"), _tr("pan")),
            (_tr("Esc"), _tr("drop what the tool has half done, then back to Select"))]


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
        add(action, _tr("Toolbar"))
    for action in [*window.view.actions(), *window.actions()]:
        add(action, _tr("Board"))
    return rows


def shortcuts_html(window) -> str:
    def table(rows) -> str:
        return "<table cellpadding='3'>" + "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows
        ) + "</table>"

    keys = [(f"<b>{html.escape(k)}</b>", w, m) for k, w, m in shortcuts(window)]
    body = "<table cellpadding='3'>" + "".join(
        f"<tr><td>{k}</td><td>{html.escape(w)}</td><td><i>{html.escape(m)}</i></td></tr>"
        for k, w, m in keys) + "</table>"
    return (f"<h3>{_tr('Keyboard shortcuts')}</h3>{body}"
            f"<h3>{_tr('Mouse')}</h3>{table(mouse_conventions())}")


def ruleset_html(rs) -> str:
    """One ruleset's summary: what it is, dice, scale, actions, and its readings with
    their defaults — each reading of ours marked PROPOSED."""
    e = html.escape
    dice = ", ".join(d.name for d in rs.dice)
    parts = [f"<h2>{e(rs.name)}</h2><p><code>{e(rs.id)}</code></p>",
             f"<p>{e(rs.doc)}</p>" if rs.doc else "",
             f"<p><b>{_tr('Dice')}</b>: {e(dice)} · <b>{_tr('Ground scale')}</b>: "
             f"1\" = {rs.metres_per_inch:g} m · <b>{_tr('Distances')}</b>: "
             f"{e(_tr('edge to edge') if rs.measure == 'edge' else _tr('centre to centre'))}"
             "</p>"]
    actions = [a.label for a in rs.actions]
    if actions:
        parts.append(f"<p><b>{_tr('Actions')}</b>: {e(', '.join(actions))}</p>")
    proposed = [o for o in rs.options if o.proposed]
    parts.append(f"<h3>{_tr('Readings of the rules')} ({len(rs.options)}, "
                 f"{len(proposed)} PROPOSED)</h3><ul>")
    for o in rs.options:
        badge = " <b style='color:#b36b00'>PROPOSED</b>" if o.proposed else ""
        reason = f" <i>({e(o.reason)})</i>" if o.reason else ""
        help_ = f"<br>{e(o.help)}" if o.help else ""
        parts.append(f"<li>{e(o.label)}: <b>{e(str(o.default))}</b>{badge}{reason}{help_}</li>")
    parts.append("</ul>")
    return "".join(parts)


class RulesDialog(QDialog):
    """Help ▸ Rules: a ruleset picked in the box, its summary below."""

    def __init__(self, parent: QWidget | None, rulesets, current: str | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Rules"))
        self.resize(720, 640)
        self.rulesets = {rs.id: rs for rs in rulesets}
        self.box = QComboBox()
        for rs in rulesets:
            self.box.addItem(rs.name, rs.id)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.box)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.box.currentIndexChanged.connect(self._show)
        index = self.box.findData(current) if current else -1
        self.box.setCurrentIndex(max(index, 0))
        self._show(self.box.currentIndex())

    def _show(self, index: int) -> None:
        rs = self.rulesets.get(self.box.itemData(index))
        self.text.setHtml(ruleset_html(rs) if rs is not None else "")


def about_text() -> str:
    try:
        version = importlib.metadata.version("warboard")
    except importlib.metadata.PackageNotFoundError:
        version = "?"
    import PySide6

    return (f"<h3>Warboard {html.escape(version)}</h3>"
            f"<p>{_tr('A desktop companion for miniature wargames: the table beside the laptop mirrored to scale, with ranges, line of sight, cover, arcs and templates, and an exact referee for the rulesets installed.')}</p>"  # noqa: E501
            f"<p>PySide6 {PySide6.__version__} · Qt {qVersion()}</p>")


class HelpMenu:
    """The Help menu of one window (last on the menu bar)."""

    def __init__(self, window) -> None:
        self.window = window
        self.menu = window.menuBar().addMenu(_tr("&Help"))
        self.shortcuts_action = self.menu.addAction(_tr("&Keyboard shortcuts"))
        self.shortcuts_action.setShortcut(QKeySequence("F1"))
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        self.rules_action = self.menu.addAction(_tr("&Rules…"))
        self.rules_action.triggered.connect(self.show_rules)
        self.tour_action = self.menu.addAction(_tr("The &tools at a glance"))
        self.tour_action.triggered.connect(self.show_tour)
        self.menu.addSeparator()
        self.about_action = self.menu.addAction(_tr("&About Warboard"))
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        self.dialog: QDialog | None = None

    def shortcuts_dialog(self) -> QDialog:
        dialog = QDialog(self.window)
        dialog.setWindowTitle(_tr("Keyboard shortcuts"))
        dialog.resize(620, 640)
        text = QTextBrowser()
        text.setHtml(shortcuts_html(self.window))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        layout = QVBoxLayout(dialog)
        layout.addWidget(text)
        layout.addWidget(buttons)
        dialog.text = text
        return dialog

    def show_shortcuts(self) -> None:
        self.dialog = self.shortcuts_dialog()
        self.dialog.show()

    def show_rules(self) -> None:
        from engine.rulesets.registry import list_rulesets

        scenario = self.window.scenario
        self.dialog = RulesDialog(self.window, list_rulesets(),
                                  scenario.ruleset if scenario is not None else None)
        self.dialog.show()

    def show_tour(self) -> None:
        first_run = getattr(self.window, "first_run", None)
        if first_run is not None:
            first_run.show_overlay()

    def show_about(self) -> None:
        QMessageBox.about(self.window, _tr("About Warboard"), about_text())


def install(window) -> HelpMenu:
    menu = HelpMenu(window)
    window.help_menu = menu

    def keep_last() -> None:  # a menu installed after this one goes before Help
        bar = window.menuBar()
        bar.removeAction(menu.menu.menuAction())
        bar.addAction(menu.menu.menuAction())

    window.startup_finished.connect(keep_last)
    return menu
