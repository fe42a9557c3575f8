"""Select and move: click a unit to select it, drag it to move it (one undoable change);
Shift+click selects its group, and again the group above (app/groups.py); Shift and a drag
on empty table draws a rubber band, and a drag of one of the units it chose moves them all
as one undoable change (app/tools/band.py).

While a unit is dragged the board shows the area it can reach this move (geometry's
`reach_area`, computed once when the drag starts), the path from where it stood, and beside
the pointer the distance moved and what is left of its allowance, in inches and metres, and
the tests a drop there would make due (the ruleset's triggers at "move"). A
move that is too long or crosses impassable terrain (geometry's `check_path`) turns red and
says why; it can still be dropped there — the real table wins.

The allowance is one AP of the ruleset's movement where the ruleset's data gives it
(engine.board_rules; e.g. 15 m for a character, the first step of a vehicle card's
speed), else the toolbar's "Move" setting in inches. The selected unit's rotation handles
belong to the rotate module.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QDoubleSpinBox, QGraphicsItem, QLabel

from app import ui_thread
from app.i18n import loc, tr
from geometry.units import m_to_in

from .base import Repainted, Tool, inches_and_metres, line_item, path_item, translucent

if TYPE_CHECKING:
    from collections.abc import Callable
    from concurrent.futures import ThreadPoolExecutor

if TYPE_CHECKING:
    from engine.scenario import Unit

#: The allowance used when the ruleset's data does not give one (inches, toolbar setting).
DEFAULT_ALLOWANCE_IN = 6.0
#: On a table of more units than this the reach area of a drag is worked out on a worker
#: thread and drawn when it arrives (a moment later); the drag's first move only
#: moves the unit (the threat and template tools do the same past their WORKER_FROM).
WORKER_FROM = 150
OK_COLOUR = "#1f7a3a"
BAD_COLOUR = "#c0392b"
REACH_FILL = translucent("#2e8b57", 55)
REACH_EDGE = "#2e8b57"
REACH_Z = 9.0


@dataclass(frozen=True, slots=True)
class Allowance:
    """How far a unit may move this step, and where that figure comes from."""

    inches: float
    source: str  # the ruleset's "…: 1 AP" or "toolbar setting"


def reach_item(area) -> QGraphicsItem:
    """The reach area (a shapely geometry) as the board draws it while a unit is dragged;
    a picture of the board draws the same item."""
    from app.board.paths import geometry_path

    item = path_item(geometry_path(area), REACH_EDGE, REACH_FILL, 1.0)
    # drawn once into a pixmap: each move of the drag repaints the unit's old and new
    # place, and filling the area's outline again there cost more than the move
    item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
    return item


def move_label(name: str, distance_in: float) -> str:
    """The undo text of a move: `Move Sherman 1 4.2"`."""
    return tr('Move {name} {distance}"').format(name=name, distance=f"{distance_in:.1f}")


class SelectTool(Tool):
    id = "select"


    def __init__(self, window) -> None:
        super().__init__(window)
        self._drag: _Drag | None = None
        #: the tests the last move made due ("unit: why"), as the status bar said them
        self.last_due: list[str] = []
        self._workers: ThreadPoolExecutor | None = None
        ui_thread.prepare()
        self.allowance_box = QDoubleSpinBox()
        self.allowance_box.setRange(0.0, 120.0)
        self.allowance_box.setSingleStep(0.5)
        self.allowance_box.setDecimals(1)
        self.allowance_box.setSuffix('"')
        self.allowance_box.setValue(DEFAULT_ALLOWANCE_IN)
        self.allowance_box.setToolTip(tr("Move allowance when the ruleset gives none (inches)"))
        from .band import Band
        #: the units chosen together with a rubber band, and their group drag
        self.band = Band(self)

    def allowance(self, unit: Unit, ap: int = 1) -> Allowance:
        """How far `ap` AP of movement take the unit (ValueError: the ruleset refuses)."""
        from engine.board_rules import move_allowance_m
        scenario = self.editor.game.scenario
        found = move_allowance_m(scenario, unit, ap)
        if found is not None:
            metres, source = found
            return Allowance(m_to_in(metres, scenario.table.metres_per_inch),
                             tr("{source} = {metres} m").format(source=loc(source),
                                                                metres=f"{metres:g}"))
        if ap == 1:
            return Allowance(self.allowance_box.value(), tr("toolbar setting"))
        return Allowance(ap * self.allowance_box.value(),
                         tr("{ap} × toolbar setting").format(ap=ap))

    def work_out_reach(self, drag: _Drag, job) -> None:
        """Have a worker thread work the drag's reach area out; drawn on arrival.

        The work waits for the repaint of the move that began the drag: both need the
        interpreter lock, and sharing it made that move's event wait for the worker (the unit and
        its path line were on screen later)."""
        from concurrent.futures import ThreadPoolExecutor
        if self._workers is None:
            self._workers = ThreadPoolExecutor(max_workers=1, thread_name_prefix="reach")
        painted = Repainted(self.view)

        def after_paint():
            painted.wait()
            return job()

        future = drag.reach_pending = self._workers.submit(after_paint)
        future.add_done_callback(lambda f, d=drag: ui_thread.deliver(self, self._on_reach, d, f))

    def _on_reach(self, drag: _Drag, future) -> None:
        """A worker's reach area, on the UI thread: drawn if its drag is still going."""
        if drag.reach_pending is not future:
            return
        drag.reach_pending = None
        if self._drag is drag:
            drag.draw_reach(future.result())

    def show_reach(self, unit_id: str, ap: int | None = None) -> Allowance:
        """Draw the unit's reach area where it stands, as a drag of it would (for `ap` AP;
        None: the drag's allowance) until the tool is reset; for a picture of the board."""
        from engine.board_rules import is_vehicle
        from engine.measure import service_for
        from geometry.movement import reach_area
        unit = self.editor.game.unit(unit_id)
        allow = self.allowance(unit) if ap is None else self.allowance(unit, ap)
        scenario = self.editor.game.scenario
        area = reach_area(service_for(scenario).terrain_index(), unit.polygon(), allow.inches,
                          vehicle=is_vehicle(scenario, unit))
        if not area.is_empty:
            self.add_overlay(reach_item(area), z=REACH_Z)
        return allow

    # --- events -----------------------------------------------------------------------------

    def press(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if ev.button() != Qt.MouseButton.LeftButton:
            return False
        rotation = self.window.services.rotation
        if rotation is not None and rotation.press(ev, pos):
            return True
        item = self.view.unit_at(ev.position().toPoint())
        shift = bool(ev.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if item is None:
            if shift:
                self.band.start_band(pos)  # a rubber band
                return True
            self.band.choose([])
            self.window.select_unit(None)
            return False  # the view pans
        groups = self.window.services.groups
        if groups is not None and shift:
            groups.select_group_of(item.unit.id)  # its squad, then the squad's platoon …
            return True
        if self.band.holds(item.unit.id):
            self.band.start_drag(pos)  # the units chosen together move together
            return True
        self.window.select_unit(item.unit.id)
        self._drag = _Drag(self, item.unit, pos)
        return True

    def move(self, ev: QMouseEvent, pos: QPointF) -> bool:
        rotation = self.window.services.rotation
        if rotation is not None and rotation.move(ev, pos):
            return True
        if self.band.banding:
            self.band.band_to(pos)
            return True
        if self.band.dragging:
            self.band.drag_to(pos)
            return True
        if self._drag is None:
            return False
        self._drag.to(pos, free=_free(ev))
        return True

    def release(self, ev: QMouseEvent, pos: QPointF) -> bool:
        rotation = self.window.services.rotation
        if rotation is not None and rotation.release(ev, pos):
            return True
        if self.band.banding:
            self.band.finish_band(pos)
            return True
        if self.band.dragging:
            self.band.drop(pos)
            return True
        if self._drag is None:
            return False
        drag, self._drag = self._drag, None
        drag.to(pos, free=_free(ev))
        self.clear_overlay()
        self.hide_hint()
        drag.finish()
        return True

    def key(self, ev: QKeyEvent) -> bool:
        busy = self._drag is not None or self.band.banding or self.band.dragging
        if ev.key() == Qt.Key.Key_Escape and busy:
            self.reset()  # the unit goes back where it stood
            return True
        return False

    def announce_due(self, entries: list[dict]) -> None:
        """Say in the status bar which tests a move has just made due (the Tests dock
        lists them under "Due now")."""
        game = self.window.editor.game
        self.last_due = [f"{game.unit(d['unit']).label}: "
                         f"{loc(d.get('label') or d['test'], game.scenario.ruleset)}"
                         for d in entries if game.on_table(d.get("unit", ""))]
        if self.last_due:
            self.window.statusBar().showMessage(
                tr("Now due — {0}").format("; ".join(self.last_due)), 15000)

    def reset(self) -> None:
        self.band.cancel()
        if self._drag is not None:
            drag, self._drag = self._drag, None
            drag.cancel()
        rotation = self.window.services.rotation
        if rotation is not None:
            rotation.cancel()
        super().reset()


#: A base dropped this close (inches, edge to edge) to an enemy's snaps into contact with it.
SNAP_IN = 0.5
#: How many of the nearest enemies the drag readout lists, one a line.
NEAREST_SHOWN = 3
#: A longer enemy name is cut (with "…") in the drag readout; its tooltip keeps it whole.
NAME_CHARS = 28


def short_name(name: str, most: int = NAME_CHARS) -> str:
    """`name`, or its first `most` - 1 characters and "…" when it is longer."""
    return name if len(name) <= most else name[:most - 1].rstrip() + "…"


def _free(ev: QMouseEvent) -> bool:
    """Ctrl held: the unit goes exactly where the pointer is (no snapping)."""
    return bool(ev.modifiers() & Qt.KeyboardModifier.ControlModifier)


class _Drag:
    """One unit being dragged: its start, allowance, reach area and the path check."""

    def __init__(self, tool: SelectTool, unit: Unit, grab: QPointF) -> None:
        import numpy as np

        from engine.board_rules import is_vehicle, move_triggers
        from engine.measure import service_for
        from geometry.contact import BaseIndex
        self.tool = tool
        self.unit = unit
        self.grab = QPointF(grab)
        self.x0, self.y0 = unit.x, unit.y
        self.moved = False
        self.allow = tool.allowance(unit)
        self.vehicle = is_vehicle(tool.editor.game.scenario, unit)
        self.index = service_for(tool.editor.game.scenario).terrain_index()
        self.reach = None
        #: the reach area's future while a worker works it out (big tables)
        self.reach_pending = None
        self.path_line = None
        self.last = (self.x0, self.y0)
        self.check = None
        # the other bases, for base contact and the nearest enemies (built once per drag)
        game = tool.editor.game
        others = [u for u in game.scenario.units if u.id != unit.id]
        self.others = others
        self.other_polys = np.array([u.polygon() for u in others], dtype=object)
        enemy = [i for i, u in enumerate(others) if u.side != unit.side]
        self.enemy_index = np.array(enemy, dtype=int)
        #: the enemy bases indexed: each move measures the few near the pointer
        self.enemies = BaseIndex(self.other_polys[self.enemy_index])
        self.contact: Unit | None = None
        #: the ruleset's triggers checked after a move (engine.triggers at "move"): the
        #: hint says which tests a drop here would make due
        self.triggers = move_triggers(tool.editor.game.scenario)

    def _start_drawing(self) -> None:
        from geometry.movement import reach_area
        index, poly, inches, vehicle = self.index, self.unit.polygon(), self.allow.inches, \
            self.vehicle

        def job():
            return reach_area(index, poly, inches, vehicle=vehicle)

        rotation = self.tool.window.services.rotation
        if rotation is not None:
            rotation.hide_handles()  # they stay at the start until the move is made
        if len(self.tool.editor.game.scenario.units) > WORKER_FROM:
            self.tool.work_out_reach(self, job)
        else:
            self.draw_reach(job())
        start = QPointF(self.x0, self.y0)
        self.path_line = self.tool.add_overlay(line_item(start, start, OK_COLOUR, 2.0))

    def draw_reach(self, area) -> None:
        """Show the reach area (under the path line and the unit)."""
        if not area.is_empty:
            self.reach = self.tool.add_overlay(reach_item(area), z=REACH_Z)

    def to(self, pos: QPointF, free: bool = False) -> None:
        """Follow the pointer; close to an enemy's base, snap into contact with it (unless
        `free`: the player holds Ctrl to place it anywhere)."""
        from geometry.contact import snap_to_contact
        from geometry.movement import check_path
        d = pos - self.grab
        if not self.moved:
            if d.x() == 0 and d.y() == 0:
                return
            self.moved = True
            self._start_drawing()
        x, y = self.x0 + d.x(), self.y0 + d.y()
        self.contact = None
        if not free and len(self.enemy_index):  # a charge: into contact with an enemy
            hit = snap_to_contact(self.unit.base, x, y, self.unit.facing, self.enemies,
                                  SNAP_IN)
            if hit is not None:
                x, y = hit.x, hit.y
                self.contact = self.others[self.enemy_index[hit.index]]
                d = QPointF(x - self.x0, y - self.y0)
        self.last = (x, y)
        self.tool.scene.unit_item(self.unit.id).setPos(x, y)
        sel = self.tool.scene.selection_item
        if sel is not None:
            sel.setPos(d)
        t = self.tool.editor.game.scenario.table
        self.check = check_path(self.index, self.unit.base, [(self.x0, self.y0), (x, y)],
                                self.allow.inches, vehicle=self.vehicle,
                                table=(t.width_in, t.height_in), facing=self.unit.facing)
        colour = OK_COLOUR if self.check.legal else BAD_COLOUR
        self.path_line.setLine(self.x0, self.y0, x, y)
        pen = self.path_line.pen()
        pen.setColor(translucent(colour, 255))
        self.path_line.setPen(pen)
        self.tool.hint(self.text())

    def text(self) -> str:
        from engine.model import MoveUnit
        from engine.path_words import path_reasons
        from engine.triggers import due_after_move
        mpi = self.tool.editor.game.scenario.table.metres_per_inch
        c = self.check
        allowance = inches_and_metres(self.allow.inches, mpi)
        lines = [tr("{unit}: moved {distance}").format(
            unit=self.unit.label, distance=inches_and_metres(c.length_in, mpi))]
        left = self.allow.inches - c.cost_in
        if c.cost_in > c.length_in + 1e-9:
            lines.append(tr("costs {distance} (difficult ×2)").format(
                distance=inches_and_metres(c.cost_in, mpi)))
        if left >= -1e-9:
            lines.append(tr("left {left} of {allowance}").format(
                left=inches_and_metres(max(left, 0.0), mpi), allowance=allowance))
        else:
            lines.append(tr("over by {over}; allowance {allowance}").format(
                over=inches_and_metres(-left, mpi), allowance=allowance))
        lines.append(tr("allowance: {source}").format(source=loc(self.allow.source)))
        if self.contact is not None:
            lines.append(tr("in base contact with {unit} (Ctrl: place freely)").format(
                unit=self.contact.label))
        lines += self._nearest_enemies(mpi)
        game = self.tool.editor.game
        for d in due_after_move(game, self.triggers, [MoveUnit(self.unit.id, *self.last)]):
            lines.append(tr("due on drop: {0} — {1}").format(
                game.unit(d["unit"]).label, loc(d.get("label") or d["test"],
                                                game.scenario.ruleset)))
        lines += [f"✗ {loc(r)}" for r in path_reasons(c)]
        if c.problems:
            lines.append(tr("drop to place it anyway"))
        return "\n".join(lines)

    def _nearest_enemies(self, mpi: float, n: int = NEAREST_SHOWN) -> list[str]:
        """The nearest enemy bases to where the unit is now, edge to edge: a heading, then
        one short line per enemy, nearest first (a long name cut to NAME_CHARS), so the
        readout stays narrow beside the pointer."""
        from geometry.bases import base_polygon
        if not len(self.enemy_index):
            return []
        x, y = self.last
        me = base_polygon(self.unit.base, x, y, self.unit.facing)
        found = self.enemies.nearest(me, n)
        rows = [tr("  {unit} — {distance}", "a nearest enemy's line").format(
                    unit=short_name(self.others[self.enemy_index[k]].label),
                    distance=inches_and_metres(d, mpi, 1))
                for k, d in found]
        side = self._side_from_here()
        if side is not None:  # the side of each its fire would strike from here
            rows = [tr("{line} · {side}", "a nearest enemy's line, the side struck").format(
                        line=row, side=side(self.others[self.enemy_index[k]].id))
                    for row, (k, _d) in zip(rows, found, strict=True)]
        return [tr("nearest enemies:"), *rows]

    def _side_from_here(self) -> Callable[[str], str] | None:
        """side(enemy id): the side of that enemy struck from where the unit is now, by the
        game's reading (the game's measurement service, as Measure names it); None when the
        ruleset reads no facing model."""
        from engine.measure import service_for
        from engine.readings import game_readings

        game = self.tool.editor.game
        service = service_for(game.scenario)
        if not service.names_sides():
            return None
        readings, (x, y) = game_readings(game), self.last
        return lambda enemy: loc(service.side_from(x, y, enemy, readings))

    def finish(self) -> None:
        from engine.board_rules import move_triggers
        from engine.model import MoveUnit
        from engine.triggers import due, move_change
        self.reach_pending = None  # a reach area still on its way is not drawn
        sel = self.tool.scene.selection_item
        if sel is not None:
            sel.setPos(0, 0)
        x, y = self.last
        if not self.moved or (x, y) == (self.x0, self.y0):
            self.tool.scene.sync([self.unit.id])
            rotation = self.tool.window.services.rotation
            if rotation is not None:
                rotation.refresh()
            return
        distance = math.hypot(x - self.x0, y - self.y0)
        game = self.tool.editor.game
        before = {(d.get("unit"), d.get("test")) for d in due(game)}
        self.tool.editor.push(move_change(game, move_triggers(game.scenario),
                                          [MoveUnit(self.unit.id, x, y)],
                                          move_label(self.unit.label, distance)))
        self.tool.announce_due([d for d in due(game)
                                if (d.get("unit"), d.get("test")) not in before])

    def cancel(self) -> None:
        self.reach_pending = None
        sel = self.tool.scene.selection_item
        if sel is not None:
            sel.setPos(0, 0)
        if self.tool.scene.has_unit(self.unit.id):
            self.tool.scene.sync([self.unit.id])
        rotation = self.tool.window.services.rotation
        if rotation is not None:
            rotation.refresh()


def install(window) -> SelectTool:
    """The select tool (app.tools.catalog made and chose it) and its Move toolbar."""
    tool = window.tools.tools["select"]
    bar = window.addToolBar(tr("Move"))
    bar.setObjectName("move-options")
    bar.addWidget(QLabel(tr(" Allowance without ruleset data ")))
    bar.addWidget(tool.allowance_box)
    return tool
