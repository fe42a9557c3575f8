"""The terrain editor: draw a polygon (or a wall / hedge line) of a chosen kind, select a
piece, move it, drag its vertices, change its kind, delete it.

Every edit is one undoable change through `editor.push` (engine.model's AddTerrain,
EditTerrain, RemoveTerrain), so the model validates it exactly as a loaded scenario: a
polygon that crosses itself is refused here first with a message, and anything else the
model refuses comes back as its own message. Nothing is written while a drag is under way;
the piece is only shown moving.

Draw mode: click the vertices, then double-click, Enter or click the first vertex to close
(a line: double-click or Enter to finish); Backspace takes back the last vertex, Esc drops
the drawing. Select mode: click a piece to select it, drag it to move it, drag a vertex
handle to reshape it, Del deletes it, the kind box sets its kind.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QMouseEvent, QPainterPath, QPolygonF
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.board.style import Z_OVERLAY, cosmetic_pen
from app.i18n import loc, tr
from geometry.terrain_kinds import KINDS

from .base import PanelTool, ToolPanel

if TYPE_CHECKING:
    from engine.model import Change
    from geometry.terrain import TerrainPiece

#: How close (screen pixels) a click must be to a vertex or a line to take it.
PICK_PX = 7.0
HANDLE_PX = 7.0
SELECT_EDGE = QColor("#ffb000")
DRAW_EDGE = QColor("#1b5fa8")


def polygon_problem(points: list[tuple[float, float]]) -> str | None:
    """Why these vertices are not a usable polygon (None when they are)."""
    from geometry.drawn import polygon_fault
    if len(points) < 3:
        return tr("a polygon needs at least 3 vertices")
    fault = polygon_fault(points)
    if fault is None:
        return None
    kind, reason = fault
    if kind == "crosses":
        return tr("the outline crosses itself ({reason})").format(reason=reason)
    if kind == "invalid":
        return tr("not a valid polygon ({reason})").format(reason=reason)
    return tr("the polygon has no area")


def line_problem(points: list[tuple[float, float]]) -> str | None:
    from geometry.drawn import line_length
    if len(points) < 2:
        return tr("a line needs at least 2 points")
    if line_length(points) <= 0:
        return tr("the line has no length")
    return None


def new_piece_id(kind: str, taken: set[str]) -> str:
    """`kind-N`, the first N not used by a unit or piece."""
    n = 1
    while f"{kind}-{n}" in taken:
        n += 1
    return f"{kind}-{n}"


def piece_points(piece: TerrainPiece) -> list[tuple[float, float]]:
    pts = piece.line if piece.is_line else piece.polygon
    return [(float(x), float(y)) for x, y in (pts or [])]


class TerrainPanel(ToolPanel):
    """Kind, mode and delete, with a message line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Terrain"), "terrain-panel", parent)

    def build(self) -> None:
        body = QWidget()
        lay = QVBoxLayout(body)
        form = QFormLayout()
        self.kind = QComboBox()
        for k, d in KINDS.items():
            self.kind.addItem(tr("{0} (line)").format(tr(k)) if d.is_line else tr(k), k)
        form.addRow(tr("Kind"), self.kind)
        lay.addLayout(form)
        row = QHBoxLayout()
        self.select_mode = QPushButton(tr("Select / edit"))
        self.draw_mode = QPushButton(tr("Draw new"))
        self.modes = QButtonGroup(self)
        for b in (self.select_mode, self.draw_mode):
            b.setCheckable(True)
            self.modes.addButton(b)
            row.addWidget(b)
        self.select_mode.setChecked(True)
        lay.addLayout(row)
        self.delete_button = QPushButton(tr("Delete piece (Del)"))
        lay.addWidget(self.delete_button)
        lay.addWidget(self.message)
        lay.addStretch(1)
        self.setWidget(body)

    def kind_value(self) -> str:
        return self.kind.currentData()

    def set_kind(self, kind: str) -> None:
        i = self.kind.findData(kind)
        if i < 0:
            raise ValueError(f"kind: expected one of {', '.join(KINDS)}, got {kind!r}")
        self.kind.setCurrentIndex(i)


class TerrainTool(PanelTool):
    id = "terrain"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, window) -> None:
        super().__init__(window, TerrainPanel(window))
        self.panel.when_built(self._wire_panel)
        window.editor.changed.connect(self._model_changed)
        self.selected: str | None = None
        self.drawing: list[tuple[float, float]] = []
        self._drag: tuple[str, int | None, QPointF] | None = None  # piece, vertex, grab
        self._drag_to: QPointF | None = None
        self._setting_kind = False

    def _wire_panel(self) -> None:
        p = self.panel
        p.delete_button.clicked.connect(self.delete_selected)
        p.kind.currentIndexChanged.connect(self._kind_chosen)
        p.draw_mode.toggled.connect(self._mode_changed)

    # --- life cycle and state -----------------------------------------------------------------

    @property
    def mode(self) -> str:
        return "draw" if self.panel.draw_mode.isChecked() else "select"

    def set_mode(self, mode: str) -> None:
        (self.panel.draw_mode if mode == "draw" else self.panel.select_mode).setChecked(True)

    def activate(self) -> None:
        super().activate()
        self._redraw()

    def reset(self) -> None:
        self._cancel_drag()
        super().reset()
        self.selected = None
        self.drawing = []

    def piece(self, piece_id: str) -> TerrainPiece:
        return self.editor.game.scenario.piece(piece_id)

    def _mode_changed(self) -> None:
        self.drawing = []
        if self.mode == "draw":
            self.selected = None
            kind = self.panel.kind_value()
            how = tr("double-click or Enter to finish") if KINDS[kind].is_line else \
                tr("double-click, Enter or the first vertex to close")
            self.panel.show_message(tr("Click the {kind}'s points; {how}.").format(
                kind=tr(kind), how=how))
        else:
            self.panel.show_message(tr("Click a piece to select it; drag it or its vertices; "
                                       "Del deletes it."))
        self._redraw()

    def _model_changed(self, ids) -> None:
        if self.selected is not None and not self._exists(self.selected):
            self.selected = None
        if self.window.tools.active is self:
            self._redraw()

    def _exists(self, piece_id: str) -> bool:
        return any(p.id == piece_id for p in self.editor.game.scenario.terrain)

    # --- events -----------------------------------------------------------------------------

    def press(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if ev.button() != Qt.MouseButton.LeftButton or self.window.game is None:
            return False
        if self.mode == "draw":
            return self._draw_press(ev, pos)
        return self._select_press(pos)

    def move(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if self.mode == "draw" and self.drawing:
            self._redraw(rubber=pos)
            last = self.drawing[-1]
            self.hint(f'{math.hypot(pos.x() - last[0], pos.y() - last[1]):.2f}"')
            return True
        if self._drag is not None:
            self._drag_to = QPointF(pos)
            self._show_drag(pos)
            return True
        return False

    def release(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if self._drag is None or ev.button() != Qt.MouseButton.LeftButton:
            return self.mode == "draw"
        piece_id, vertex, grab = self._drag
        self._cancel_drag()
        dx, dy = pos.x() - grab.x(), pos.y() - grab.y()
        if math.hypot(dx, dy) * self.view.px_per_inch() < 2:  # a click, not a drag
            return True
        if vertex is None:
            self.move_piece(piece_id, dx, dy)
        else:
            self.move_vertex(piece_id, vertex, (pos.x(), pos.y()))
        return True

    def key(self, ev: QKeyEvent) -> bool:
        k = ev.key()
        if self.mode == "draw" and self.drawing:
            if k in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.finish_drawing()
                return True
            if k == Qt.Key.Key_Backspace:
                self.drawing.pop()
                self._redraw()
                return True
            if k == Qt.Key.Key_Escape:
                self.drawing = []
                self.panel.show_message(tr("Drawing dropped."))
                self._redraw()
                return True
        if k in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.selected is not None:
            self.delete_selected()
            return True
        if k == Qt.Key.Key_Escape and self.selected is not None:
            self.selected = None
            self._redraw()
            return True
        return False

    # --- drawing ----------------------------------------------------------------------------

    def _draw_press(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if ev.type() == QEvent.Type.MouseButtonDblClick:
            self.finish_drawing()
            return True
        p = (pos.x(), pos.y())
        is_line = KINDS[self.panel.kind_value()].is_line
        if len(self.drawing) >= 3 and not is_line and self._near(p, self.drawing[0]):
            self.finish_drawing()
            return True
        if self.drawing and self._near(p, self.drawing[-1]):
            return True  # the first click of a double-click, or a repeated click
        self.drawing.append(p)
        self._redraw()
        return True

    def _near(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        return math.hypot(a[0] - b[0], a[1] - b[1]) * self.view.px_per_inch() <= PICK_PX

    def finish_drawing(self) -> str | None:
        """Lay the piece drawn so far; returns its id, or None (with a message) if refused."""
        from engine.edits import AddTerrain
        from engine.model import Change
        kind = self.panel.kind_value()
        pts = [(round(x, 3), round(y, 3)) for x, y in self.drawing]
        is_line = KINDS[kind].is_line
        problem = line_problem(pts) if is_line else polygon_problem(pts)
        if problem:
            self.panel.show_message(tr("Cannot lay this {kind}: {problem}.").format(
                kind=tr(kind), problem=problem), error=True)
            return None
        game = self.editor.game
        taken = {u.id for u in game.all_units()} | {p.id for p in game.scenario.terrain}
        pid = new_piece_id(kind, taken)
        record = {"id": pid, "kind": kind, ("line" if is_line else "polygon"):
                  [list(p) for p in pts]}
        if not self._push(Change([AddTerrain(record)], label=tr("Add {kind} {id}").format(
                kind=tr(kind), id=pid))):
            return None
        self.drawing = []
        self.panel.show_message(tr("{id} laid.").format(id=pid))
        self._redraw()
        return pid

    # --- selecting and editing ----------------------------------------------------------------

    def _select_press(self, pos: QPointF) -> bool:
        p = (pos.x(), pos.y())
        if self.selected is not None and self._exists(self.selected):
            k = self._vertex_at(self.selected, p)
            if k is not None:
                self._drag = (self.selected, k, QPointF(pos))
                return True
        if self.view.unit_at(self.window.tools.last_view_pos) is not None:
            # a unit stands here: a press meant for the unit must not drag the road under it
            self.hint(tr("a unit stands here: grab the piece clear of units"))
            return True
        hit = self.piece_at(p)
        if hit is None:
            if self.selected is not None:
                self.selected = None
                self._redraw()
            return False  # empty table: the view pans
        self.select(hit)
        self._drag = (hit, None, QPointF(pos))
        return True

    def select(self, piece_id: str | None) -> None:
        self.selected = piece_id
        if piece_id is not None:
            piece = self.piece(piece_id)
            self._setting_kind = True
            self.panel.set_kind(piece.kind)
            self._setting_kind = False
            self.panel.show_message(tr("{piece} ({kind}) selected.").format(
                piece=piece.name or piece.id, kind=tr(piece.kind)))
        self._redraw()

    def piece_at(self, p: tuple[float, float]) -> str | None:
        """The topmost piece under a table point (lines within a few pixels count)."""
        from geometry.drawn import disc, point
        tol = PICK_PX / max(self.view.px_per_inch(), 1e-6)
        probe = disc(p[0], p[1], tol)
        best: tuple[float, int, str] | None = None
        for order, piece in enumerate(self.editor.game.scenario.terrain):
            item = self.scene.terrain_items.get(piece.id)
            if item is None:
                continue
            if item.area.intersects(probe if piece.is_line else point(p[0], p[1])):
                key = (item.zValue(), order, piece.id)
                if best is None or key > best:
                    best = key
        return None if best is None else best[2]

    def _vertex_at(self, piece_id: str, p: tuple[float, float]) -> int | None:
        pts = piece_points(self.piece(piece_id))
        near = [(math.hypot(x - p[0], y - p[1]), k) for k, (x, y) in enumerate(pts)
                if self._near(p, (x, y))]
        return min(near)[1] if near else None

    def move_piece(self, piece_id: str, dx: float, dy: float) -> bool:
        from engine.edits import EditTerrain
        from engine.model import Change
        piece = self.piece(piece_id)
        pts = [[round(x + dx, 3), round(y + dy, 3)] for x, y in piece_points(piece)]
        field = "line" if piece.is_line else "polygon"
        return self._push(Change([EditTerrain(piece_id, {field: pts})],
                                 label=tr('Move {piece} {distance}"').format(
                                     piece=piece.name or piece_id,
                                     distance=f"{math.hypot(dx, dy):.1f}")))

    def move_vertex(self, piece_id: str, vertex: int, to: tuple[float, float]) -> bool:
        from engine.edits import EditTerrain
        from engine.model import Change
        piece = self.piece(piece_id)
        pts = [list(p) for p in piece_points(piece)]
        pts[vertex] = [round(to[0], 3), round(to[1], 3)]
        tuples = [tuple(p) for p in pts]
        problem = line_problem(tuples) if piece.is_line else polygon_problem(tuples)
        if problem:
            self.panel.show_message(tr("Cannot move that vertex: {problem}.").format(
                problem=problem), error=True)
            self._redraw()
            return False
        field = "line" if piece.is_line else "polygon"
        return self._push(Change([EditTerrain(piece_id, {field: pts})],
                                 label=tr("Reshape {piece}").format(
                                     piece=piece.name or piece_id)))

    def delete_selected(self) -> bool:
        from engine.edits import RemoveTerrain
        from engine.model import Change
        if self.selected is None:
            self.panel.show_message(tr("Select a piece to delete."), error=True)
            return False
        piece = self.piece(self.selected)
        ok = self._push(Change([RemoveTerrain(piece.id)],
                               label=tr("Delete {kind} {piece}").format(
                                   kind=tr(piece.kind), piece=piece.name or piece.id)))
        if ok:
            self.selected = None
            self._redraw()
        return ok

    def _kind_chosen(self) -> None:
        from engine.edits import EditTerrain
        from engine.model import Change
        if self._setting_kind or self.window.game is None:
            return
        if self.mode == "draw":
            self._mode_changed()
            return
        if self.selected is None:
            return
        piece, kind = self.piece(self.selected), self.panel.kind_value()
        if kind == piece.kind:
            return
        if KINDS[kind].is_line != piece.is_line:
            want = tr("a line") if KINDS[kind].is_line else tr("an area")
            self.panel.show_message(tr("{piece} cannot become a {kind}: a {kind} is {want}.")
                                    .format(piece=piece.id, kind=tr(kind), want=want),
                                    error=True)
            self._setting_kind = True
            self.panel.set_kind(piece.kind)
            self._setting_kind = False
            return
        self._push(Change([EditTerrain(piece.id, {"kind": kind})],
                          label=tr("Make {piece} {kind}").format(
                              piece=piece.name or piece.id, kind=tr(kind))))

    def _push(self, change: Change) -> bool:
        from engine.model import ModelError
        try:
            self.editor.push(change)
        except ModelError as err:
            from engine.i18n import said

            self.panel.show_message(loc(said(err)), error=True)
            return False
        return True

    # --- drawing on the board -----------------------------------------------------------------

    def _cancel_drag(self) -> None:
        if self._drag is not None:
            item = self.scene.terrain_items.get(self._drag[0])
            if item is not None:
                item.setPos(0.0, 0.0)
        self._drag = None
        self._drag_to = None

    def _show_drag(self, pos: QPointF) -> None:
        piece_id, vertex, grab = self._drag
        if vertex is None:
            item = self.scene.terrain_items.get(piece_id)
            if item is not None:
                item.setPos(pos.x() - grab.x(), pos.y() - grab.y())
            self._redraw(offset=(pos.x() - grab.x(), pos.y() - grab.y()))
            self.hint(f'{math.hypot(pos.x() - grab.x(), pos.y() - grab.y()):.2f}"')
        else:
            pts = piece_points(self.piece(piece_id))
            pts[vertex] = (pos.x(), pos.y())
            self._redraw(points=pts)

    def _redraw(self, rubber: QPointF | None = None, offset=(0.0, 0.0),
                points: list[tuple[float, float]] | None = None) -> None:
        self.clear_overlay()
        if self.window.game is None:
            return
        if self.drawing:
            pts = list(self.drawing) + ([(rubber.x(), rubber.y())] if rubber else [])
            closed = not KINDS[self.panel.kind_value()].is_line and len(pts) >= 3
            self._outline(pts, DRAW_EDGE, closed, dashed=True)
            self._handles(self.drawing)
        if self.selected is not None and self._exists(self.selected):
            piece = self.piece(self.selected)
            pts = points or [(x + offset[0], y + offset[1]) for x, y in piece_points(piece)]
            self._outline(pts, SELECT_EDGE, not piece.is_line, dashed=False)
            self._handles(pts)

    def _outline(self, pts, colour: QColor, closed: bool, dashed: bool) -> None:
        if not pts:
            return
        path = QPainterPath()
        if closed:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in pts]))
            path.closeSubpath()
        else:
            path.moveTo(*pts[0])
            for x, y in pts[1:]:
                path.lineTo(x, y)
        item = QGraphicsPathItem(path)
        style = Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine
        item.setPen(cosmetic_pen(colour, 2.0, style))
        self.add_overlay(item, Z_OVERLAY)

    def _handles(self, pts) -> None:
        h = HANDLE_PX
        for x, y in pts:
            r = QGraphicsRectItem(QRectF(-h / 2, -h / 2, h, h))
            r.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            r.setPos(x, y)
            r.setBrush(QBrush(QColor("#ffffff")))
            r.setPen(cosmetic_pen(QColor("#15181c"), 1.0))
            self.add_overlay(r, Z_OVERLAY + 1)
