"""The "Organisation" dock: the scenario's groups as a tree, and every edit of them.

The tree shows each outermost group, its member groups under it and their units (the
commander marked ★, the deputy ☆, a commander who is not a member listed beside them),
off-table groups (an HQ off the board) marked so, and the units in no group under "Not in
a group". The user forms a group from the selected items (or an empty one), renames it,
sets its kind, side and whether it is off the table, moves units and groups into another
group (the "Move into" list or a drag onto the group), takes them out, makes a unit the
commander or deputy of its group, and disbands a group.

Every edit is an engine edit (engine.edits AddGroup, EditGroup, AddMember, RemoveMember,
DeleteGroup) in one Change pushed on the board's undo stack, so it is undone, redone and
saved with the game like any other. Before it is pushed, `engine.organisation.vet_change`
asks the game's ruleset: a locked organisation ("the battle has started"), a kind it does
not offer or a refusing fault of its check refuses the edit with the message shown here,
unless "Edit anyway" is ticked (the real table wins; the change's label says so). The
ruleset's check messages, each naming its rule, are listed under the tree after every
change. The dock holds no rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app import i18n
from app.i18n import loc, side_text, tr

from .docks import LazyDock
from .organisation_words import ID_ROLE, UNGROUPED, kind_label

if TYPE_CHECKING:
    from PySide6.QtWidgets import QTreeWidgetItem

    from engine.model import Effect, Game

__all__ = ["OrganisationDock", "make"]

ERROR_STYLE = "color: #b3261e;"
OK_STYLE = "color: #1b5e20;"
COMMANDER, DEPUTY = "★", "☆"




class OrganisationDock(LazyDock):
    """The organisation editor over the window's editor (`set_editor`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Organisation"), parent)
        self.setObjectName("organisation_dock")
        self.editor = None
        self._filling = False
        #: set by `install`: a dock in the main window rebuilds only while it shows
        self.in_window = False
        #: a board change came while hidden: the tree is rebuilt when the dock shows
        self._stale = False
        self.visibilityChanged.connect(self._visibility_changed)
        # the widgets are built when the dock is first shown or asked for (LazyDock)

    def build_contents(self) -> None:
        """The tree, the buttons and the form, filled from the game of the moment."""
        self.lock = QLabel()
        self.lock.setWordWrap(True)
        self.lock.setStyleSheet(ERROR_STYLE)
        self.override = QCheckBox(tr("Edit anyway (the table agrees)"))
        self.override.setToolTip(tr("Apply an edit the ruleset refuses; the change is "
                                     "marked as an override"))
        from .organisation_tree import NotesList, OrganisationTree

        self.tree = OrganisationTree()
        self.tree.itemSelectionChanged.connect(self._selection_changed)
        self.tree.dropped.connect(self._dropped)

        self.new_button = QPushButton(tr("New group"))
        self.new_button.setToolTip(tr("Form a group of the selected units and groups "
                                       "(an empty one when nothing is selected)"))
        self.new_button.clicked.connect(lambda: self.new_group())
        self.delete_button = QPushButton(tr("Disband"))
        self.delete_button.clicked.connect(lambda: self.delete_group())
        self.out_button = QPushButton(tr("Take out"))
        self.out_button.setToolTip(tr("Take the selected units and groups out of the "
                                       "group they are listed in"))
        self.out_button.clicked.connect(lambda: self.take_out())
        self.commander_button = QPushButton(tr("Commander %1").replace("%1", COMMANDER))
        self.commander_button.clicked.connect(lambda: self.set_post("commander"))
        self.deputy_button = QPushButton(tr("Deputy %1").replace("%1", DEPUTY))
        self.deputy_button.clicked.connect(lambda: self.set_post("deputy"))
        self.into = QComboBox()
        self.into.setToolTip(tr("The group to move the selection into"))
        self.into_button = QPushButton(tr("Move into"))
        self.into_button.clicked.connect(lambda: self.move_into(self.into.currentData()))

        self.name = QLineEdit()
        self.name.setPlaceholderText(tr("Group name"))
        self.name.editingFinished.connect(lambda: self.rename(self.name.text()))
        self.kind = QComboBox()
        self.kind.activated.connect(lambda _i: self.set_kind(self._kind_text()))
        self._kind_edit = None  # the kind's line edit, once connected
        self.side = QComboBox()
        self.side.activated.connect(lambda _i: self.set_side(self.side.currentData()))
        self.off_table = QCheckBox(tr("Off the table (an HQ)"))
        self.off_table.clicked.connect(lambda on: self.set_off_table(bool(on)))

        self.message = QLabel()
        self.message.setWordWrap(True)
        self.notes = NotesList()

        body = QWidget()
        v = QVBoxLayout(body)
        v.addWidget(self.lock)
        v.addWidget(self.override)
        v.addWidget(self.tree, 1)
        row = QHBoxLayout()
        for b in (self.new_button, self.delete_button, self.out_button):
            row.addWidget(b)
        v.addLayout(row)
        row = QHBoxLayout()
        for b in (self.commander_button, self.deputy_button):
            row.addWidget(b)
        v.addLayout(row)
        row = QHBoxLayout()
        row.addWidget(self.into, 1)
        row.addWidget(self.into_button)
        v.addLayout(row)
        form = QFormLayout()
        form.addRow(tr("Name"), self.name)
        form.addRow(tr("Kind"), self.kind)
        form.addRow(tr("Side"), self.side)
        form.addRow("", self.off_table)
        v.addLayout(form)
        v.addWidget(self.message)
        v.addWidget(QLabel(tr("The ruleset's check")))
        v.addWidget(self.notes)
        body.setMinimumWidth(380)
        self.setWidget(body)
        self.refresh()

    # --- wiring -----------------------------------------------------------------------------

    def set_editor(self, editor) -> None:
        self.editor = editor
        editor.changed.connect(lambda _ids: self.refresh())
        editor.game_replaced.connect(self._game_replaced)
        self.refresh()

    @property
    def game(self) -> Game | None:
        if self.editor is None or not self.editor.has_game:
            return None
        return self.editor.game

    def _game_replaced(self) -> None:
        if self.built:  # else the build reads the game
            self.message.clear()
            self.refresh()

    # --- reading ----------------------------------------------------------------------------

    def _visibility_changed(self, visible: bool) -> None:
        if visible and self._stale:
            self._fresh()
            self._selection_changed()

    def refresh(self) -> None:
        """Rebuild the tree, the kind / side / move-into lists and the check from the
        game, keeping the selection and the expanded groups. Hidden in the main window
        (closed, or a tab behind the Turn dock) the tree waits until it shows or is read:
        on a big table its rows were rebuilt for nobody on every move."""
        if not self.built:  # the build fills it
            return
        game = self.game
        self._filling = True
        try:
            if game is None:
                self.tree.clear()
                self._stale = False
                self.lock.setText(tr("No game is open."))
                self.notes.clear()
                return
            from engine import organisation

            if self.in_window and not self.isVisible():
                self._stale = True
            else:
                self._rebuild_tree(game)
            self._fill_kinds(game)
            self._fill_sides(game)
            self._fill_into(game)
            reason = organisation.locked(game)
            self.lock.setText(tr("The organisation can no longer be edited: %1")
                              .replace("%1", i18n.loc(reason)) if reason else "")
            self.lock.setVisible(bool(reason))
            self.notes.clear()
            for n in organisation.check(game):
                self.notes.addItem(("✖ " if n.refuse else "⚠ ") + i18n.loc(n.said()))
            if not self.notes.count():
                self.notes.addItem(tr("No remarks."))
        finally:
            self._filling = False
        self._selection_changed()

    def _rebuild_tree(self, game: Game) -> None:
        """The tree from the game, its selection kept (by what the rows stand for)."""
        chosen = {self._key(i) for i in self.tree.selectedItems()}
        self._stale = False
        self.tree.clear()
        self._fill_tree(game)
        self.tree.expandAll()
        for item in self._items():
            if self._key(item) in chosen:
                item.setSelected(True)

    def _fresh(self) -> None:
        """The tree rebuilt now if board changes came while it was hidden (or never built:
        the build marks it stale while hidden)."""
        self.ensure_built()
        game = self.game
        if self._stale and game is not None:
            filling, self._filling = self._filling, True
            try:
                self._rebuild_tree(game)
            finally:
                self._filling = filling

    def _fill_tree(self, game: Game) -> None:
        self.tree.fill(game, self._post)

    @staticmethod
    def _post(g, uid: str) -> str:
        if g.commander == uid:
            return COMMANDER + " " + tr("commander")
        if g.deputy == uid:
            return DEPUTY + " " + tr("deputy")
        return ""

    def _fill_kinds(self, game: Game) -> None:
        from engine import organisation
        kinds, free = organisation.kinds_offered(game)
        self.kind.clear()
        self.kind.setEditable(free)
        for k in kinds:
            self.kind.addItem(kind_label(k), k.id)
        edit = self.kind.lineEdit()
        if free and edit is not None and edit is not self._kind_edit:
            edit.editingFinished.connect(lambda: self.set_kind(self._kind_text()))
            self._kind_edit = edit

    def _kind_text(self) -> str:
        i = self.kind.currentIndex()
        text = self.kind.currentText().strip()
        if i >= 0 and self.kind.itemText(i) == self.kind.currentText():
            return self.kind.itemData(i)
        return text

    def _fill_sides(self, game: Game) -> None:
        self.side.clear()
        self.side.addItem(tr("— (the members' side)"), None)
        for s in dict.fromkeys(u.side for u in game.all_units()):
            self.side.addItem(side_text(s), s)

    def _fill_into(self, game: Game) -> None:
        self.into.clear()
        for g in game.scenario.groups:
            self.into.addItem(f"{loc(g)} ({loc(g.kind)})", g.id)

    def _items(self) -> list[QTreeWidgetItem]:
        self._fresh()
        out: list[QTreeWidgetItem] = []
        stack = [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        while stack:
            item = stack.pop(0)
            out.append(item)
            stack[:0] = [item.child(i) for i in range(item.childCount())]
        return out

    @staticmethod
    def _key(item: QTreeWidgetItem) -> tuple:
        return tuple(item.data(0, ID_ROLE) or ())

    def item_of(self, ident: str, parent: str | None = None) -> QTreeWidgetItem | None:
        """The tree item of unit or group `ident` (listed under group `parent`, when
        given)."""
        for item in self._items():
            what, i, owner = self._key(item)
            if i == ident and what != UNGROUPED and (parent is None or owner == parent):
                return item
        return None

    def selected(self) -> list[tuple[str, str, str | None]]:
        """(what, id, the group it is listed in) of the selected items."""
        return [self._key(i) for i in self.tree.selectedItems()
                if self._key(i) and self._key(i)[0] != UNGROUPED]

    def current_group(self) -> str | None:
        """The group the details edit: the selected group, or the group of the selected
        unit."""
        for what, ident, owner in self.selected():
            if what == "group":
                return ident
            if owner:
                return owner
        return None

    def _selection_changed(self) -> None:
        if self._filling:
            return
        game = self.game
        gid = self.current_group()
        g = game.group(gid) if game is not None and gid else None
        for w in (self.name, self.kind, self.side, self.off_table, self.delete_button):
            w.setEnabled(g is not None)
        sel = self.selected()
        units = [s for s in sel if s[0] in ("unit", "leader")]
        self.commander_button.setEnabled(len(units) == 1 and units[0][2] is not None)
        self.deputy_button.setEnabled(len(units) == 1 and units[0][2] is not None)
        self.out_button.setEnabled(any(s[2] for s in sel))
        self.into_button.setEnabled(bool(sel) and self.into.count() > 0)
        self._filling = True
        try:
            self.name.setText(loc(g) if g else "")
            if g is not None:
                at = self.kind.findData(g.kind)
                if at < 0 and self.kind.isEditable():
                    self.kind.setEditText(g.kind)
                else:
                    self.kind.setCurrentIndex(at)
                self.side.setCurrentIndex(max(0, self.side.findData(g.side)))
                self.off_table.setChecked(g.off_table)
        finally:
            self._filling = False

    # --- editing ----------------------------------------------------------------------------

    def push(self, effects: Sequence[Effect], label: str) -> bool:
        """Vet the edit with the ruleset and push it as one undoable change; a refusal is
        shown and nothing changes."""
        from engine import organisation
        from engine.i18n import said
        from engine.model import Change, ModelError
        from engine.organisation import OrganisationRefused
        game = self.game
        if game is None or not effects:
            return False
        override = self.override.isChecked()
        change = Change(list(effects), label + (" " + tr("(override)") if override else ""))
        try:
            organisation.vet_change(game, change, override=override)
            self.editor.push(change)
        except (OrganisationRefused, ModelError) as err:
            self._say(i18n.loc(said(err)), ERROR_STYLE)
            return False
        self._say(change.label, OK_STYLE)
        return True

    def _say(self, text: str, style: str) -> None:
        self.message.setStyleSheet(style)
        self.message.setText(text)

    def _new_id(self, game: Game, kind: str) -> str:
        taken = {u.id for u in game.all_units()} | {p.id for p in game.scenario.terrain} \
            | {g.id for g in game.scenario.groups}
        stem = "".join(c if c.isalnum() else "-" for c in kind.lower()).strip("-") or "group"
        n = 1
        while f"{stem}-{n}" in taken:
            n += 1
        return f"{stem}-{n}"

    def _leave(self, game: Game, sel) -> list[Effect]:
        """Effects taking the selected members out of the groups they are listed in."""
        from engine.edits import EditGroup, RemoveMember
        out: list[Effect] = []
        for what, ident, owner in sel:
            if owner is None:
                continue
            if what == "leader":
                g = game.group(owner)
                post = "commander" if g.commander == ident else "deputy"
                out.append(EditGroup(owner, {post: None}))
            else:
                out.append(RemoveMember(owner, ident))
        return out

    def new_group(self, kind: str | None = None, name: str | None = None) -> str | None:
        """Form a group of the selected units and groups (they leave the groups they were
        listed in); returns its id."""
        from engine import organisation
        from engine.edits import AddGroup
        game = self.game
        if game is None:
            return None
        kinds, _free = organisation.kinds_offered(game)
        kind = kind or (kinds[0].id if kinds else "group")
        words = next((kind_label(k) for k in kinds if k.id == kind), kind)
        sel = [s for s in self.selected() if s[0] in ("unit", "group")]
        members = list(dict.fromkeys(ident for _w, ident, _o in sel))
        sides = {u.side for u in game.scenario.units if u.id in members}
        gid = self._new_id(game, kind)
        record = {"id": gid, "kind": kind, "name": name or tr("New %1").replace("%1", words),
                  "members": members}
        if len(sides) == 1:
            record["side"] = sides.pop()
        effects = [*self._leave(game, [s for s in sel if s[2]]), AddGroup(record)]
        if not self.push(effects, tr("Form %1").replace("%1", record["name"])):
            return None
        self._select([("group", gid)])
        return gid

    def _select(self, keys: Sequence[tuple[str, str]]) -> None:
        self.tree.clearSelection()
        for item in self._items():
            if self._key(item)[:2] in keys:
                item.setSelected(True)
                self.tree.setCurrentItem(item)

    def _edit(self, changes: dict, label: str) -> bool:
        from engine.edits import EditGroup
        gid = self.current_group()
        if self._filling or gid is None or self.game is None:
            return False
        g = self.game.group(gid)
        if all(getattr(g, k) == v for k, v in changes.items()):
            return False
        return self.push([EditGroup(gid, changes)], label.replace("%1", loc(g)))

    def rename(self, name: str) -> bool:
        """Rename the group in the interface's language: a Russian window writes its
        `name_ru` (the English `name` stays for English players), an English one its name."""
        name = name.strip()
        field = "name_ru" if i18n.current_language() == "ru" else "name"
        return bool(name) and self._edit({field: name}, tr("Rename %1") + f" → {name}")

    def set_kind(self, kind: str | None) -> bool:
        return bool(kind) and self._edit({"kind": kind}, tr("%1: kind") + f" {kind}")

    def set_side(self, side: str | None) -> bool:
        return self._edit({"side": side}, tr("%1: side") + f" {side or '—'}")

    def set_off_table(self, on: bool) -> bool:
        return self._edit({"off_table": on}, tr("%1: off the table") if on
                          else tr("%1: on the table"))

    def delete_group(self) -> bool:
        from engine.edits import DeleteGroup
        gid = self.current_group()
        if gid is None or self.game is None:
            return False
        return self.push([DeleteGroup(gid)],
                         tr("Disband %1").replace("%1", loc(self.game.group(gid))))

    def take_out(self) -> bool:
        game = self.game
        sel = [s for s in self.selected() if s[2]]
        if game is None or not sel:
            return False
        names = ", ".join(ident for _w, ident, _o in sel)
        return self.push(self._leave(game, sel), tr("Take %1 out").replace("%1", names))

    def move_into(self, target: str | None) -> bool:
        """Move the selected units and groups into group `target` (out of the groups they
        were listed in)."""
        from engine.edits import AddMember
        game = self.game
        sel = [s for s in self.selected() if s[0] in ("unit", "group", "leader")]
        if game is None or not target or not sel:
            return False
        members = game.group(target).members
        effects: list[Effect] = []
        for what, ident, owner in sel:
            if owner == target or ident == target:
                continue
            if owner is not None:
                effects += self._leave(game, [(what, ident, owner)])
            if ident not in members:
                effects.append(AddMember(target, ident))
        label = tr("Move %1 into %2").replace("%1", ", ".join(s[1] for s in sel)) \
            .replace("%2", loc(game.group(target)))
        return self.push(effects, label)

    def _dropped(self, item: QTreeWidgetItem | None) -> None:
        if item is None:
            return
        what, ident, owner = self._key(item)
        if what == UNGROUPED:
            self.take_out()
        elif what == "group":
            self.move_into(ident)
        elif owner:
            self.move_into(owner)

    def set_post(self, post: str) -> bool:
        """Make the selected unit the commander or deputy of the group it is listed in
        (again: no longer)."""
        from engine.edits import EditGroup
        game = self.game
        units = [s for s in self.selected() if s[0] in ("unit", "leader") and s[2]]
        if game is None or len(units) != 1:
            return False
        _what, uid, gid = units[0]
        g = game.group(gid)
        value = None if getattr(g, post) == uid else uid
        changes: dict = {post: value}
        other = "deputy" if post == "commander" else "commander"
        if value is not None and getattr(g, other) == uid:
            changes[other] = None
        word = tr("commander") if post == "commander" else tr("deputy")
        label = (tr("%1: %2 is %3") if value else tr("%1: %2 is no longer %3"))
        return self.push([EditGroup(gid, changes)],
                         label.replace("%1", g.label).replace("%2", uid).replace("%3", word))


def make(window) -> OrganisationDock:
    """The Organisation dock (app.panels.dock_catalog tabs it with the Turn dock),
    following the window's editor."""
    dock = OrganisationDock(window)
    dock.in_window = True
    dock.set_editor(window.editor)
    return dock
