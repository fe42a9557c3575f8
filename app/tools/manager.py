"""Which tool is active, its toolbar and menu actions, and the view's events routed to it.

The view hands every mouse and key event to the manager (it is the view's `router`); the
manager gives it to the active tool. Keys the tool does not use are matched against the
tools' shortcuts here too, so switching works whichever widget Qt's shortcut map favours.
Esc goes to the tool first (to cancel a half-done measurement) and otherwise returns to the
select tool.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeyEvent, QKeySequence, QMouseEvent

from app.i18n import tr

from .base import Tool
from .catalog import ToolEntry

if TYPE_CHECKING:
    from app.window import MainWindow

DEFAULT_TOOL = "select"


class ToolTable(Mapping[str, Tool]):
    """The tools by id, in the order their entries were declared. A tool declared by its
    entry alone (app/tools/catalog.py) is built — its module imported — when it is first
    looked up; `in`, iterating the ids and `built()` build nothing."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.entries: dict[str, ToolEntry] = {}
        self._built: dict[str, Tool] = {}

    def declare(self, entry: ToolEntry, tool: Tool | None = None) -> None:
        self.entries[entry.id] = entry
        if tool is not None:
            self._built[entry.id] = tool

    def __getitem__(self, tool_id: str) -> Tool:
        tool = self._built.get(tool_id)
        if tool is None:
            tool = self._built[tool_id] = self._build(self.entries[tool_id])
        return tool

    def _build(self, entry: ToolEntry) -> Tool:
        """The tool of an entry, its module imported now."""
        module, _, name = entry.factory.partition(":")
        tool = getattr(importlib.import_module(module), name)(self.window)
        if tool.id != entry.id:
            raise ValueError(f"tool.id: {module}.{name} makes {tool.id!r}, "
                             f"its entry says {entry.id!r}")
        return tool

    def __contains__(self, tool_id: object) -> bool:
        return tool_id in self.entries

    def __iter__(self) -> Iterator[str]:
        return iter(list(self.entries))

    def __len__(self) -> int:
        return len(self.entries)

    def built(self) -> list[Tool]:
        """The tools made so far (a tool never used has no work in progress)."""
        return [self._built[i] for i in self.entries if i in self._built]


class ToolManager(QObject):
    """`register(entry)` (built on first use) or `add(tool)`, `activate(id)`, `active`;
    signal `active_changed(str)`."""

    active_changed = Signal(str)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.tools = ToolTable(window)
        self.actions: dict[str, QAction] = {}
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self._active: Tool | None = None
        self.last_view_pos = QPoint(0, 0)
        self.key_actions: list[QAction] = []  # other board keys (rotate …) matched in `key`

    @property
    def active(self) -> Tool | None:
        return self._active

    def register(self, entry: ToolEntry) -> QAction:
        """A tool's checkable action on the toolbar and in the Tools menu; the tool itself is
        made when it is first chosen or looked up (`entry.factory`)."""
        return self._declare(entry, None)

    def add(self, tool: Tool) -> QAction:
        """Register a tool already made, its action from its class's label, key and tip."""
        return self._declare(ToolEntry(tool.id, tool.label, tool.shortcut, tool.tooltip, "",
                                       tool.on_toolbar), tool)

    def _declare(self, entry: ToolEntry, tool: Tool | None) -> QAction:
        if not entry.id or entry.id in self.tools:
            raise ValueError(f"tool.id: expected a new, non-empty id, got {entry.id!r}")
        self.tools.declare(entry, tool)
        action = QAction(tr(entry.label), self.window)
        action.setCheckable(True)
        if entry.shortcut:
            action.setShortcut(QKeySequence(entry.shortcut))
            self.scope_to_board(action)
        tip = tr(entry.tooltip or entry.label)
        action.setToolTip(f"{tip} ({entry.shortcut})" if entry.shortcut else tip)
        action.setStatusTip(tip)
        action.triggered.connect(lambda _=False, t=entry.id: self.activate(t))
        self.group.addAction(action)
        self.actions[entry.id] = action
        if entry.on_toolbar:
            self.window.toolbar.addAction(action)
            self.window.tools_menu.addAction(action)
        if self._active is None and entry.id == DEFAULT_TOOL:
            self.activate(entry.id)
        return action

    def add_key_action(self, action: QAction) -> None:
        """A board action with a key (not a tool): also matched when the view has the key."""
        self.scope_to_board(action)
        self.key_actions.append(action)

    def scope_to_board(self, action: QAction) -> None:
        """Board keys (M, E, R, …) fire only while the board has the keyboard focus, so typing
        a letter into a dock's field or list never switches the tool under the player."""
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.window.view.addAction(action)

    def activate(self, tool_id: str) -> Tool:
        if tool_id not in self.tools:
            raise KeyError(f"tool: no tool with id {tool_id!r}")
        tool = self.tools[tool_id]
        if tool is self._active:
            self.actions[tool_id].setChecked(True)
            return tool
        if self._active is not None:
            self._active.deactivate()
        self._active = tool
        self.actions[tool_id].setChecked(True)
        self.window.view.viewport().setCursor(tool.cursor)
        self.window.view.hold_board(tool.holds_board)
        tool.activate()
        self.active_changed.emit(tool_id)
        return tool

    def reset(self) -> None:
        """Another game was opened: every tool drops its work in progress."""
        for tool in self.tools.built():
            tool.reset()

    # --- the view's router ------------------------------------------------------------------

    def press(self, ev: QMouseEvent, pos: QPointF) -> bool:
        self.last_view_pos = ev.position().toPoint()
        return self._active is not None and self._active.press(ev, pos)

    def move(self, ev: QMouseEvent, pos: QPointF) -> bool:
        self.last_view_pos = ev.position().toPoint()
        self.window.pointer_hint.follow(self.last_view_pos)
        return self._active is not None and self._active.move(ev, pos)

    def release(self, ev: QMouseEvent, pos: QPointF) -> bool:
        self.last_view_pos = ev.position().toPoint()
        return self._active is not None and self._active.release(ev, pos)

    def leave(self) -> None:
        if self._active is not None:
            self._active.leave()

    def key(self, ev: QKeyEvent) -> bool:
        if self._active is not None and self._active.key(ev):
            return True
        if ev.key() == Qt.Key.Key_Escape:
            if DEFAULT_TOOL in self.tools:
                self.activate(DEFAULT_TOOL)
            return True
        pressed = QKeySequence(ev.keyCombination())
        exact = QKeySequence.SequenceMatch.ExactMatch
        for action in [*self.actions.values(), *self.key_actions]:
            if action.isEnabled() and any(s.matches(pressed) == exact
                                          for s in action.shortcuts()):
                action.trigger()
                return True
        return False
