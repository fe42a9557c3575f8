"""Bring a combo box or a checkable list in line with wanted entries by editing only the
rows that differ, instead of clearing and refilling it.

The action panel lists every unit on the table in its actor box and in each unit role; a
selection changes one row of those lists (the new actor leaves the targets, the old one
comes back) and a move changes none, but a refill rebuilt every row of every list on
each selection and board change. Here the rows are compared with the
wanted (text, data) entries and only the difference is applied (difflib's opcodes: rows
kept, inserted, removed), so the widget ends up exactly as a refill would leave it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt

if TYPE_CHECKING:
    from PySide6.QtWidgets import QComboBox, QListWidget, QListWidgetItem

Entry = tuple[str, Any]
_DATA = Qt.ItemDataRole.UserRole
class _Synced:
    """What a widget was last synced to, kept on the widget: reading 500 rows back through
    Qt costs more than the edit. Any change of its rows (or of their text or data) made
    elsewhere forgets them (`rows` None), so they are read back next time."""

    __slots__ = ("rows", "busy")

    def __init__(self) -> None:
        self.rows: list[Entry] | None = None
        self.busy = False  # our own edits: nothing to forget


_HOLDER = "_list_sync"
_ROLES = {int(Qt.ItemDataRole.DisplayRole), int(Qt.ItemDataRole.EditRole), int(_DATA)}


def _holder(widget) -> _Synced:
    """The widget's _Synced, watching its model's edits from the first sync on."""
    held = getattr(widget, _HOLDER, None)
    if held is not None:
        return held
    held = _Synced()
    model = widget.model()

    def forget(*_args) -> None:
        if not held.busy:
            held.rows = None

    def data_changed(_first, _last, roles=()) -> None:
        if not roles or any(int(r) in _ROLES for r in roles):
            forget()

    for signal in (model.rowsInserted, model.rowsRemoved, model.rowsMoved,
                   model.modelReset, model.layoutChanged):
        signal.connect(forget)
    model.dataChanged.connect(data_changed)
    setattr(widget, _HOLDER, held)
    return held


def _rows(held: _Synced, count: int, read: Callable[[int], Entry]) -> list[Entry]:
    if held.rows is not None and len(held.rows) == count:
        return held.rows
    return [read(i) for i in range(count)]


def _edits(have: Sequence[Entry], want: Sequence[Entry]) -> list[tuple[str, int, int, int, int]]:
    """difflib opcodes turning `have` into `want`, last first (so earlier row numbers hold
    while a later block is edited). The common head and tail are cut off first: a
    selection changes a couple of rows in the middle of 500."""
    head, most = 0, min(len(have), len(want))
    while head < most and have[head] == want[head]:
        head += 1
    tail = 0
    while tail < most - head and have[-1 - tail] == want[-1 - tail]:
        tail += 1
    from difflib import SequenceMatcher  # here: the window's start does not diff a list

    mid_have, mid_want = have[head:len(have) - tail], want[head:len(want) - tail]
    ops = SequenceMatcher(None, mid_have, mid_want, autojunk=False).get_opcodes()
    return [(tag, i1 + head, i2 + head, j1 + head, j2 + head)
            for tag, i1, i2, j1, j2 in reversed(ops) if tag != "equal"]


def sync_combo(box: QComboBox, want: Sequence[Entry]) -> bool:
    """Make `box`'s rows the (text, data) `want`; returns whether any row changed. Signals
    are the caller's to block; the current row is the caller's to choose afterwards."""
    held = _holder(box)
    have = _rows(held, box.count(), lambda i: (box.itemText(i), box.itemData(i)))
    want = list(want)
    if have != want:
        held.busy = True
        try:
            if not have:
                for text, data in want:
                    box.addItem(text, data)
            else:
                for _tag, i1, i2, j1, j2 in _edits(have, want):
                    for i in range(i2 - 1, i1 - 1, -1):
                        box.removeItem(i)
                    for k, (text, data) in enumerate(want[j1:j2]):
                        box.insertItem(i1 + k, text, data)
        finally:
            held.busy = False
    changed = have != want
    held.rows = want
    return changed


def sync_list(lst: QListWidget, want: Sequence[Entry],
              make: Callable[[str, Any], QListWidgetItem]) -> bool:
    """Make `lst`'s rows the (text, data) `want`, new rows made by `make(text, data)`;
    returns whether any row was added or removed."""
    held = _holder(lst)
    have = _rows(held, lst.count(), lambda i: (lst.item(i).text(), lst.item(i).data(_DATA)))
    want = list(want)
    changed = have != want
    if changed:
        held.busy = True
        try:
            for _tag, i1, i2, j1, j2 in _edits(have, want):
                for i in range(i2 - 1, i1 - 1, -1):
                    lst.takeItem(i)
                for k, (text, data) in enumerate(want[j1:j2]):
                    lst.insertItem(i1 + k, make(text, data))
        finally:
            held.busy = False
    held.rows = want
    return changed
