"""The unit library dialog: browse (ruleset → faction → profiles / vehicles / weapons), search,
edit with a form generated from the ruleset's fields, duplicate, delete, import and export a
faction, and print the selected cards. Every save goes through engine.library, which
validates first: a bad value shows its message (naming the field) and nothing is saved.

The form (one editor per field of the ruleset's schema) is app/library_form.py.

The Library menu that opens it (Unit library…, Rosters…, Print unit cards…) is app/library_menu.py,
which imports this module when one of its entries is first used.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TR_NOOP, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.i18n import error_text, loc, ruleset_name, tr
from app.library_form import RecordForm
from app.settings import remember_folder, start_path
from engine.options import SchemaError

if TYPE_CHECKING:
    from engine.library import Entry, Library

__all__ = ["LibraryDialog", "RecordForm", "open_library"]

ROLE = Qt.ItemDataRole.UserRole
ORIGIN_TEXT = {"seed": QT_TR_NOOP("shipped with Warboard"),
               "edited": QT_TR_NOOP("shipped, edited by you"), "user": QT_TR_NOOP("your own")}


def entry_name(e) -> str:
    """A library record's name in the interface's language (its id when it has none)."""
    return loc({"name": e.name or e.id, "name_ru": (e.data or {}).get("name_ru", "")},
               e.ruleset)


def open_library(path: str | Path | None = None) -> Library:
    """The user's library (created and seeded on first use)."""
    from engine.library import Library  # sqlite-utils: loaded when the library is opened

    return Library(path)


def ask_unsaved(parent: QWidget, name: str) -> str:
    """"save", "discard" or "cancel" for an edited record about to be left. (Tests replace
    this function.)"""
    buttons = QMessageBox.StandardButton
    answer = QMessageBox.warning(
        parent, tr("Unsaved changes"),
        tr("{name} has changes that are not saved.").format(name=name),
        buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save)
    return {buttons.Save: "save", buttons.Discard: "discard"}.get(answer, "cancel")


class LibraryDialog(QDialog):
    """Browse and edit the library. `library` stays open while the dialog lives."""

    def __init__(self, library: Library, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self.current: Entry | None = None
        self._switching = False
        self.setWindowTitle(tr("Unit library"))
        self.resize(980, 640)

        self.search = QLineEdit(placeholderText=tr("Search by name or id…"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.refresh)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([tr("Name"), tr("id")])
        self.tree.setColumnWidth(0, 230)
        self.tree.currentItemChanged.connect(self._selected)
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        lv.addWidget(self.search)
        lv.addWidget(self.tree)
        row = QHBoxLayout()
        for text, slot in ((tr("Import faction…"), self.import_faction),
                           (tr("Export faction…"), self.export_faction)):
            b = QPushButton(text)
            b.clicked.connect(lambda _checked=False, slot=slot: slot())  # not path=False
            row.addWidget(b)
        lv.addLayout(row)

        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold; font-size: 13pt")
        self.origin = QLabel()
        self.form = RecordForm()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form)
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #a61b1b")
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QHBoxLayout()
        self.save_button = QPushButton(tr("Save"))
        self.save_button.clicked.connect(self.save)
        self.duplicate_button = QPushButton(tr("Duplicate…"))
        # clicked(bool) would fill the first parameter (new_id, confirm): call with none
        self.duplicate_button.clicked.connect(lambda _checked=False: self.duplicate())
        self.delete_button = QPushButton(tr("Delete"))
        self.delete_button.clicked.connect(lambda _checked=False: self.delete())
        self.print_button = QPushButton(tr("Print card…"))
        self.print_button.clicked.connect(self.print_card)
        for b in (self.save_button, self.duplicate_button, self.delete_button,
                  self.print_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        right = QWidget()
        rv = QVBoxLayout(right)
        rv.setContentsMargins(0, 0, 0, 0)
        rv.addWidget(self.title)
        rv.addWidget(self.origin)
        rv.addWidget(scroll, 1)
        rv.addWidget(self.error)
        rv.addLayout(buttons)

        split = QSplitter()
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(1, 1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        v = QVBoxLayout(self)
        v.addWidget(split, 1)
        v.addWidget(close)
        self.refresh()
        self._enable(False)

    # ---- browsing

    def refresh(self) -> None:
        """Rebuild the tree (ruleset → faction → kind → records), keeping the selection."""
        keep = (self.current.ruleset, self.current.kind, self.current.id) \
            if self.current else None
        self.tree.clear()
        text = self.search.text().strip() or None
        select = None
        for spec in self.library.rulesets():
            rs = QTreeWidgetItem(self.tree, [ruleset_name(spec.ruleset), spec.ruleset])
            rs.setData(0, ROLE, ("ruleset", spec.ruleset))
            for fac in self.library.factions(spec.ruleset):
                entries = self.library.entries(spec.ruleset, faction=fac.id, search=text)
                if text and not entries:
                    continue
                fi = QTreeWidgetItem(rs, [loc(fac.name, spec.ruleset), fac.id])
                fi.setData(0, ROLE, ("faction", spec.ruleset, fac.id))
                for kind in spec.kinds:
                    mine = [e for e in entries if e.kind == kind.id]
                    if not mine:
                        continue
                    ki = QTreeWidgetItem(fi, [tr("{kind} ({n})").format(
                        kind=loc(kind.label, spec.ruleset), n=len(mine)), ""])
                    ki.setData(0, ROLE, ("kind", spec.ruleset, fac.id, kind.id))
                    for e in mine:
                        mark = {"edited": " ✎", "user": " ★"}.get(e.origin, "")
                        item = QTreeWidgetItem(ki, [entry_name(e) + mark, e.id])
                        item.setData(0, ROLE, ("entry", e.ruleset, e.kind, e.id))
                        if keep == (e.ruleset, e.kind, e.id):
                            select = item
            rs.setExpanded(True)
        if text:
            self.tree.expandAll()
        if select is not None:
            self.tree.setCurrentItem(select)

    def select(self, ruleset: str, kind: str, rid: str) -> bool:
        """Select a record in the tree (expanding to it)."""
        for item in self._items():
            if item.data(0, ROLE) == ("entry", ruleset, kind, rid):
                self.tree.setCurrentItem(item)
                return True
        return False

    def _items(self):
        stack = [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        while stack:
            it = stack.pop()
            yield it
            stack.extend(it.child(i) for i in range(it.childCount()))

    # ---- unsaved edits

    def settle_unsaved(self) -> bool:
        """Before the form is left (another record, Close): ask about an edited record —
        Save (kept only if it saves), Discard, or Cancel (stay). True: the form may go."""
        if self.current is None or not self.form.dirty():
            return True
        answer = ask_unsaved(self, self.current.name or self.current.id)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def reject(self) -> None:  # Close, Esc, the window's close button
        if self.settle_unsaved():
            super().reject()

    def closeEvent(self, event) -> None:
        if self.settle_unsaved():
            super().closeEvent(event)
        else:
            event.ignore()

    def _selected(self, item: QTreeWidgetItem | None, prev=None) -> None:
        if self._switching:
            return
        target = item.data(0, ROLE) if item is not None else None
        if self.current is not None and self.form.dirty():
            if not self.settle_unsaved():  # stay on the edited record
                self._switching = True
                self.tree.setCurrentItem(prev)
                self._switching = False
                return
            # a save rebuilt the tree: go on to the record asked for, found again
            found = next((it for it in self._items() if it.data(0, ROLE) == target), None)
            if found is not None and found is not self.tree.currentItem():
                self.form.mark_saved()
                self.tree.setCurrentItem(found)
                return
            item = found
        data = item.data(0, ROLE) if item is not None else None
        self.error.clear()
        if not data or data[0] != "entry":
            self.current = None
            self.title.setText("")
            self.origin.setText("")
            self.form.set_record({}, {})
            self._enable(False)
            return
        _, ruleset, kind, rid = data
        e = self.library.get(ruleset, kind, rid)
        self.current = e
        spec = self.library.spec(ruleset)
        self.title.setText(entry_name(e))
        self.origin.setText(tr("{kind} · {id} · faction {faction} · {origin}").format(
            kind=spec.kind(kind).id, id=e.id, faction=e.faction,
            origin=tr(ORIGIN_TEXT.get(e.origin, e.origin))))
        self.form.set_record(dict(spec.kind(kind).schema), e.data)
        self._enable(True)

    def _enable(self, on: bool) -> None:
        for b in (self.save_button, self.duplicate_button, self.delete_button):
            b.setEnabled(on)
        unit = bool(on and self.current and self.library.spec(self.current.ruleset)
                    .kind(self.current.kind).unit)
        self.print_button.setEnabled(unit)

    # ---- editing

    def save(self) -> bool:
        """Save the form; on a refused value show the message and keep the form as typed."""
        if self.current is None:
            return False
        e = self.current
        try:
            saved = self.library.save(e.ruleset, e.kind, e.id, self.form.values())
        except SchemaError as err:
            self.error.setText(error_text(err))
            return False
        self.current = saved
        self.form.mark_saved()
        self._switching = True   # the rebuilt tree re-selects the record: not a switch
        try:
            self.refresh()
        finally:
            self._switching = False
        self.error.setText(tr("Saved."))
        return True

    def duplicate(self, new_id: str | None = None) -> bool:
        if self.current is None:
            return False
        e = self.current
        if not new_id:
            new_id, ok = QInputDialog.getText(self, "Duplicate", "Id of the copy:",
                                              text=f"{e.id}-copy")
            if not ok:
                return False
        try:
            copy = self.library.duplicate(e.ruleset, e.kind, e.id, new_id)
        except SchemaError as err:
            self.error.setText(error_text(err))
            return False
        self.current = copy
        self.refresh()
        return True

    def delete(self, confirm: bool = True) -> bool:
        if self.current is None:
            return False
        e = self.current
        if confirm and QMessageBox.question(self, tr("Delete"),
                                                tr("Delete {0}?").format(entry_name(e))) \
                != QMessageBox.StandardButton.Yes:
            return False
        try:
            self.library.delete(e.ruleset, e.kind, e.id)
        except SchemaError as err:
            self.error.setText(error_text(err))
            return False
        self.current = None
        self.refresh()
        return True

    # ---- factions

    def _faction_at(self) -> tuple[str, str] | None:
        item = self.tree.currentItem()
        while item is not None:
            data = item.data(0, ROLE)
            if data and data[0] == "faction":
                return data[1], data[2]
            item = item.parent()
        if self.current is not None:
            return self.current.ruleset, self.current.faction
        return None

    def export_faction(self, path: str | None = None) -> bool:
        at = self._faction_at()
        if at is None:
            self.error.setText(tr("Select a faction (or one of its records) to export."))
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, tr("Export faction"),
                                                  start_path(f"{at[1]}.json"),
                                                  tr("Faction (*.json)"))
            if not path:
                return False
            remember_folder(path)
        try:
            Path(path).write_text(self.library.export_faction_json(*at), encoding="utf-8")
        except OSError as err:
            self.error.setText(f"{path}: {err.strerror or err}")
            return False
        self.error.setText(tr("Exported to {0}.").format(path))
        return True

    def import_faction(self, path: str | None = None, replace: bool = False) -> bool:
        from engine.library import LibraryError

        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, tr("Import faction"), start_path(),
                                                  tr("Faction (*.json);;All files (*)"))
            if not path:
                return False
            remember_folder(path)
        try:
            report = self.library.import_faction_file(path, replace=replace)
        except LibraryError as err:
            if not replace and "already has a different record" in str(err) and \
                    QMessageBox.question(self, tr("Import faction"),
                                         tr("{0}\n\nReplace the library's records?")
                                         .format(error_text(err))) \
                    == QMessageBox.StandardButton.Yes:
                return self.import_faction(path, replace=True)
            self.error.setText(error_text(err))
            return False
        except (OSError, SchemaError) as err:
            self.error.setText(f"{path}: {error_text(err)}")
            return False
        self.refresh()
        self.error.setText(tr("Imported {faction}: {added} added, {replaced} replaced, "
                              "{unchanged} unchanged.").format(
            faction=report.faction, added=len(report.added), replaced=len(report.replaced),
            unchanged=len(report.unchanged)))
        return True

    # ---- cards

    def print_card(self) -> None:
        if self.current is None:
            return
        from app.cards import card_for_entry
        from app.cards.printing import SheetOptions, preview

        dialog = preview(self, [card_for_entry(self.library, self.current)],
                         SheetOptions("a4", one_per_page=True))
        dialog.exec()
