"""Pick: the board answers a panel's question — "click the target", "click the point",
"click the units (Enter when done)".

A panel calls `request(mode, prompt, on_pick, …)`; the tool becomes active, says what it
wants beside the pointer, and hands back what was clicked: a unit id ("unit"), the chosen
set after each click ("units": a click adds or removes a unit; Enter, a right click or Esc
ends), or a table point in inches ("point"). A single pick returns to the tool that was
active before. Picked units are ringed while the tool is active. The tool never edits the
game: the panel decides what the pick means.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

import shiboken6
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QGraphicsItem

from app.board.paths import geometry_path
from app.i18n import tr

from .base import Tool, path_item, translucent

PickMode = Literal["unit", "units", "point"]
RING_COLOUR = "#d97706"
RING_FILL = translucent("#f59e0b", 60)
RING_IN = 0.35  # how far the ring stands off the base, inches


@dataclass(slots=True)
class PickRequest:
    """What a panel asked for and where the answer goes."""

    mode: PickMode
    prompt: str
    on_pick: Callable[[Any], None]
    exclude: frozenset[str] = frozenset()
    chosen: list[str] = field(default_factory=list)
    on_done: Callable[[], None] | None = None


class PickTool(Tool):
    id = "pick"
    cursor = Qt.CursorShape.PointingHandCursor

    def __init__(self, window) -> None:
        super().__init__(window)
        self.request_: PickRequest | None = None
        self._return_to: str | None = None
        #: the rings drawn round the chosen units: unit id → (its pose then, the ring)
        self._rings: dict[str, tuple[tuple, QGraphicsItem]] = {}

    # --- the panels' side -------------------------------------------------------------------

    def request(self, mode: PickMode, prompt: str, on_pick: Callable[[Any], None], *,
                exclude: Iterable[str] = (), chosen: Iterable[str] = (),
                on_done: Callable[[], None] | None = None) -> None:
        """Ask the board for a unit, several units or a point; activates the tool."""
        if mode not in ("unit", "units", "point"):
            raise ValueError(f"pick mode: expected unit, units or point, got {mode!r}")
        active = self.window.tools.active
        if active is not self:
            self._return_to = active.id if active is not None else None
        self.request_ = PickRequest(mode, prompt, on_pick, frozenset(exclude), list(chosen),
                                    on_done)
        self.window.tools.activate(self.id)
        self._draw_chosen()
        self.window.statusBar().showMessage(prompt, 8000)

    @property
    def waiting(self) -> bool:
        return self.request_ is not None

    def finish(self) -> None:
        """End the request and go back to the tool that was active before."""
        req, self.request_ = self.request_, None
        self.clear_overlay()
        self.hide_hint()
        self.window.statusBar().clearMessage()
        if req is not None and req.on_done is not None:
            req.on_done()
        back = self._return_to if self._return_to in self.window.tools.tools else "select"
        if self.window.tools.active is self and back in self.window.tools.tools:
            self.window.tools.activate(back)

    # --- events -----------------------------------------------------------------------------

    def activate(self) -> None:
        if self.request_ is None:
            self.hint(tr("Pick: choose Pick on the action panel first"))

    def deactivate(self) -> None:
        req, self.request_ = self.request_, None
        self.reset()
        if req is not None and req.on_done is not None:
            req.on_done()

    def press(self, ev: QMouseEvent, pos: QPointF) -> bool:
        req = self.request_
        if req is None:
            return False
        if ev.button() == Qt.MouseButton.RightButton and req.mode == "units":
            self.finish()
            return True
        if ev.button() != Qt.MouseButton.LeftButton:
            return False
        if req.mode == "point":
            req.on_pick((pos.x(), pos.y()))
            self.finish()
            return True
        item = self.view.unit_at(ev.position().toPoint())
        if item is None or item.unit.id in req.exclude:
            self.hint(req.prompt + "\n" + tr("(no unit there)"))
            return True
        uid = item.unit.id
        if req.mode == "unit":
            req.on_pick(uid)
            self.finish()
            return True
        if uid in req.chosen:
            req.chosen.remove(uid)
        else:
            req.chosen.append(uid)
        req.on_pick(list(req.chosen))
        self._draw_chosen()
        return True

    def move(self, ev: QMouseEvent, pos: QPointF) -> bool:
        req = self.request_
        if req is None:
            return False
        text = req.prompt
        if req.mode == "point":
            text += f'\nx {pos.x():.2f}"  y {pos.y():.2f}"'
        else:
            item = self.view.unit_at(ev.position().toPoint())
            if item is not None and item.unit.id not in req.exclude:
                text += f"\n{item.unit.label}"
            if req.mode == "units":
                text += "\n" + tr("{n} chosen — Enter or right click when done").format(
                    n=len(req.chosen))
        self.hint(text)
        return True

    def key(self, ev: QKeyEvent) -> bool:
        if self.request_ is None:
            return False
        if ev.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
            return True
        return False

    # --- drawing ----------------------------------------------------------------------------

    def _draw_chosen(self) -> None:
        """Ring every chosen unit: only a ring that is new or whose unit moved is drawn
        anew, one unchosen taken off (redrawing them all made each click of a long pick
        slower than the last)."""
        req = self.request_
        game = self.window.game
        if req is None or game is None:
            self.clear_overlay()
            return
        rings = {uid: (pose, item) for uid, (pose, item) in self._rings.items()
                 if shiboken6.isValid(item) and item.scene() is not None}
        wanted = {}
        for uid in req.chosen:
            if game.on_table(uid):
                u = game.unit(uid)
                wanted[uid] = (u.x, u.y, u.facing, u.base)
        for uid, (pose, item) in list(rings.items()):
            if wanted.get(uid) != pose:
                self.scene.removeItem(item)
                self._overlay.remove(item)
                del rings[uid]
        for uid, pose in wanted.items():
            if uid not in rings:
                poly = game.unit(uid).polygon().buffer(RING_IN)
                rings[uid] = (pose, self.add_overlay(path_item(geometry_path(poly),
                                                               RING_COLOUR, RING_FILL, 2.5)))
        self._rings = rings
