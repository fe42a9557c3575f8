"""What the Organisation dock and its tree both read: the item data role, the ungrouped
row's key and a group kind's label. Kept apart so the tree need not import the dock."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from app import i18n

if TYPE_CHECKING:
    from engine.protocol import GroupKind

ID_ROLE = Qt.ItemDataRole.UserRole          # (what, id, parent group id or None)
UNGROUPED = "__ungrouped__"


def kind_label(kind: GroupKind) -> str:
    """A group kind's label in the interface's language (its English one without a
    Russian label)."""
    return kind.label_ru if i18n.current_language() == "ru" and kind.label_ru else kind.label
