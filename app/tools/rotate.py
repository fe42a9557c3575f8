"""Turning the selected unit: keys in 15° / 1° steps, and handles to drag on the board.

Keys (when a unit is selected; each turn is one undoable change):
  R / Shift+R            hull 15° / 1° clockwise     Alt+R / Alt+Shift+R   anticlockwise
  Ctrl+R / Ctrl+Shift+R  turret 15° / 1° clockwise   Ctrl+Alt+R / Ctrl+Alt+Shift+R  anticlockwise
(E would have been the natural "other way" key, but the terrain editor has it.)
Handles: a white knob ahead of the selected unit turns the hull, a dark knob at the end of a
turret's gun turns the turret; dragging snaps to 15° (hold Shift for 1°). The turret angle is
kept relative to the hull, as the model stores it, so turning the hull carries the turret.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtGui import QAction, QBrush, QKeySequence, QMouseEvent
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsLineItem

from app.board.style import Z_OVERLAY, cosmetic_pen
from app.i18n import tr

if TYPE_CHECKING:
    from engine.scenario import Unit

#: Where the hull handle sits beyond the base's front edge, and how big the knobs are.
HANDLE_GAP_IN = 0.9
KNOB_PX = 10.0
#: A press this close (pixels) to a knob grabs it.
GRAB_PX = 10.0
COARSE_DEG = 15.0
FINE_DEG = 1.0

KEYS = (  # (shortcut, part, degrees)
    ("R", "hull", COARSE_DEG), ("Shift+R", "hull", FINE_DEG),
    ("Alt+R", "hull", -COARSE_DEG), ("Alt+Shift+R", "hull", -FINE_DEG),
    ("Ctrl+R", "turret", COARSE_DEG), ("Ctrl+Shift+R", "turret", FINE_DEG),
    ("Ctrl+Alt+R", "turret", -COARSE_DEG), ("Ctrl+Alt+Shift+R", "turret", -FINE_DEG),
)


def turn_label(unit: Unit, part: str, delta: float, new: float) -> str:
    """`Turn Sherman 1 +15° (to 15°)`, `Turn Sherman 1 turret -1° (to 359°)`."""
    text = tr("Turn {unit} {delta}° (to {new}°)") if part == "hull" else \
        tr("Turn {unit} turret {delta}° (to {new}°)")
    return text.format(unit=unit.label, delta=f"{delta:+g}", new=f"{new:g}")


def snap(angle: float, step: float) -> float:
    """The angle rounded to the nearest multiple of `step`, in [0, 360)."""
    from geometry.angles import norm360
    return norm360(round(angle / step) * step) % 360.0


class _Knob(QGraphicsEllipseItem):
    """A round handle of fixed screen size."""

    def __init__(self, fill: str, edge: str) -> None:
        r = KNOB_PX / 2
        super().__init__(-r, -r, 2 * r, 2 * r)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setBrush(QBrush(fill))
        self.setPen(cosmetic_pen(edge, 1.5))
        self.setZValue(Z_OVERLAY + 1)


class RotationController(QObject):
    """The rotate keys and the selected unit's handles (`window.services.rotation`). The select tool
    passes it mouse events first, so a press on a knob turns instead of moving."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.actions: list[QAction] = []
        self._dragging: str | None = None  # "hull" / "turret"
        self._items: list[QGraphicsItem] = []
        menu = window.tools_menu.addMenu(tr("&Rotate selected"))
        for shortcut, part, degrees in KEYS:
            text = {("hull", True): tr("Turn hull {0}° clockwise"),
                    ("hull", False): tr("Turn hull {0}° anticlockwise"),
                    ("turret", True): tr("Turn turret {0}° clockwise"),
                    ("turret", False): tr("Turn turret {0}° anticlockwise")}.get(
                (part, degrees > 0), f"{part} {{0}}°")
            action = QAction(text.format(f"{abs(degrees):g}"), window)
            action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(lambda _=False, p=part, d=degrees: self.turn_by(p, d))
            menu.addAction(action)
            window.tools.add_key_action(action)
            self.actions.append(action)
        window.selection_changed.connect(lambda _id: self.refresh())
        window.editor.changed.connect(lambda _ids: self.refresh())
        window.editor.game_replaced.connect(self._forget)
        window.tools.active_changed.connect(lambda _id: self.refresh())
        self.refresh()

    # --- model ------------------------------------------------------------------------------

    def unit(self) -> Unit | None:
        uid = self.window.selected_unit_id
        if uid is None or not self.window.editor.has_game:
            return None
        game = self.window.editor.game
        return game.unit(uid) if game.on_table(uid) else None

    def turn_by(self, part: str, degrees: float) -> bool:
        """Turn the selected unit's hull or turret by `degrees` (clockwise +)."""
        from geometry.angles import norm360
        unit = self.unit()
        if unit is None or (part == "turret" and unit.turret is None):
            return False
        old = unit.facing if part == "hull" else unit.turret
        return self.turn_to(part, norm360(old + degrees) % 360.0)

    def turn_to(self, part: str, angle: float) -> bool:
        """Set the hull facing (table degrees) or the turret (degrees from the hull)."""
        from engine.model import Change, MoveUnit
        from geometry.angles import norm180, norm360
        unit = self.unit()
        if unit is None or (part == "turret" and unit.turret is None):
            return False
        old = unit.facing if part == "hull" else unit.turret
        if norm360(angle) % 360.0 == norm360(old) % 360.0:
            return False
        delta = norm180(angle - old)
        move = (MoveUnit(unit.id, unit.x, unit.y, facing=angle) if part == "hull"
                else MoveUnit(unit.id, unit.x, unit.y, turret=angle))
        self.window.editor.push(Change([move], label=turn_label(unit, part, delta,
                                                                norm360(angle) % 360.0)))
        u = self.unit()
        text = tr("facing {deg}°").format(deg=f"{u.facing:g}") if part == "hull" else \
            tr("turret {deg}° from hull").format(deg=f"{u.turret:g}")
        self.window.pointer_hint.show_text(f"{u.label}: {text}")
        return True

    # --- handles ----------------------------------------------------------------------------

    def _clear(self) -> None:
        import shiboken6

        for item in self._items:
            if shiboken6.isValid(item) and item.scene() is not None:
                item.scene().removeItem(item)
        self._items.clear()

    def hide_handles(self) -> None:
        """Take the knobs off the board (while the unit is being dragged)."""
        self._clear()

    def _forget(self) -> None:
        self._items.clear()  # the scene was cleared with the old game
        self._dragging = None

    def handle_points(self, unit: Unit) -> dict[str, QPointF]:
        """Where the knobs sit on the table, in inches."""
        from geometry.angles import unit_vector
        fx, fy = unit_vector(unit.facing)
        reach = unit.base.depth_in / 2 + HANDLE_GAP_IN
        points = {"hull": QPointF(unit.x + fx * reach, unit.y + fy * reach)}
        if unit.turret is not None:
            tx, ty = unit_vector(unit.facing + unit.turret)
            length = unit.base.depth_in / 2 * 1.25  # the gun line's end (UnitItem)
            points["turret"] = QPointF(unit.x + tx * length, unit.y + ty * length)
        return points

    def refresh(self) -> None:
        """Redraw the knobs of the selected unit (only while the select tool is active)."""
        self._clear()
        unit = self.unit()
        for action in self.actions:
            turret_key = "turret" in action.text()
            action.setEnabled(unit is not None and (not turret_key or unit.turret is not None))
        active = self.window.tools.active
        if unit is None or active is None or active.id != "select":
            return
        scene = self.window.scene
        centre = QPointF(unit.x, unit.y)
        for part, point in self.handle_points(unit).items():
            if part == "hull":
                stem = QGraphicsLineItem(centre.x(), centre.y(), point.x(), point.y())
                stem.setPen(cosmetic_pen("#ffb000", 1.5, Qt.PenStyle.DashLine))
                stem.setZValue(Z_OVERLAY)
                scene.addItem(stem)
                self._items.append(stem)
            knob = _Knob("#ffffff" if part == "hull" else "#15181c", "#ffb000")
            knob.setPos(point)
            knob.setToolTip(tr("Drag to turn the hull") if part == "hull" else
                            tr("Drag to turn the turret"))
            knob.setData(0, part)
            scene.addItem(knob)
            self._items.append(knob)

    def knob_at(self, view_pos) -> str | None:
        unit = self.unit()
        if unit is None:
            return None
        view = self.window.view
        best = None
        for part, point in self.handle_points(unit).items():
            d = view.mapFromScene(point) - view_pos
            dist = math.hypot(d.x(), d.y())
            if dist <= GRAB_PX and (best is None or dist < best[0]):
                best = (dist, part)
        return None if best is None else best[1]

    # --- drags (called by the select tool) ------------------------------------------------

    def press(self, ev: QMouseEvent, pos: QPointF) -> bool:
        part = self.knob_at(ev.position().toPoint())
        if part is None:
            return False
        self._dragging = part
        return True

    def _angle(self, ev: QMouseEvent, pos: QPointF) -> float:
        from geometry.angles import bearing
        unit = self.unit()
        table = bearing(unit.x, unit.y, pos.x(), pos.y())
        fine = bool(ev.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        angle = table if self._dragging == "hull" else table - unit.facing
        return snap(angle, FINE_DEG if fine else COARSE_DEG)

    def move(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if self._dragging is None:
            return False
        unit = self.unit()
        if unit is None:
            self._dragging = None
            return False
        angle = self._angle(ev, pos)
        item = self.window.scene.unit_item(unit.id)
        saved = (unit.facing, unit.turret)
        if self._dragging == "hull":
            unit.facing = angle  # preview only: the model is restored at once
        else:
            unit.turret = angle
        item.sync()
        unit.facing, unit.turret = saved
        what = "facing" if self._dragging == "hull" else "turret"
        self.window.pointer_hint.show_text(f"{unit.label}: {what} {angle:g}°")
        return True

    def release(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if self._dragging is None:
            return False
        unit = self.unit()
        part = self._dragging
        if unit is not None:
            angle = self._angle(ev, pos)
            self._dragging = None
            if not self.turn_to(part, angle):
                self.window.scene.sync([unit.id])
        self._dragging = None
        return True

    def cancel(self) -> None:
        if self._dragging is not None:
            self._dragging = None
            unit = self.unit()
            if unit is not None:
                self.window.scene.sync([unit.id])


def install(window) -> RotationController:
    window.services.rotation = RotationController(window)
    return window.services.rotation
