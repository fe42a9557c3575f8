"""Threat view (W): hover a unit to see who can see it and whom it can see, with cover.

W for "who sees whom": T, the natural key, is the template tool's.

For the unit under the pointer and every unit of the other sides (all other units when the
table has one side), `geometry.los.threat_view` gives both directions in one vectorised pass —
how much of each enemy the unit sees, how much of the unit each enemy sees, and the cover
each way where something is seen (the same numbers as `line_of_sight` pair by pair; no cover,
None, where nothing is). Lines run to each enemy coloured from red (a sliver visible) to
green (fully visible): solid for "sees it" (the threat), dashed for "it sees". Results are
kept until the game changes, so moving over the same unit costs nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QColor, QMouseEvent

from app import offload, ui_thread
from app.board.paths import geometry_path
from app.i18n import loc, tr, unit_choice

from .base import Lines, LinesItem, Picture, Repainted, Tool, ViewPose, path_item

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

if TYPE_CHECKING:
    from app.offload import Offload
    from engine.scenario import Scenario, Unit

#: Units listed in the text beside the pointer, each way (all are drawn).
LIST_MOST = 6
HOVER_COLOUR = "#7c3aed"
#: Sideways offset between the two lines of a pair, inches, so both show.
PAIR_OFFSET_IN = 0.18
#: Tables with more units than this work a new hover out on a worker thread (there one
#: costs more than a frame); smaller ones at once.
WORKER_FROM = 150
#: How many units' lines keep the picture their worker drew (an image of the viewport,
#: ~4 MB at 1280 x 820): hovering back over one of those only puts its image up.
PICTURES_KEPT = 6


@dataclass(frozen=True, slots=True)
class Sighting:
    """One other unit against the hovered one: fractions and cover both ways."""

    other: str
    seen_by: float  # how much of the hovered unit `other` sees
    sees: float  # how much of `other` the hovered unit sees
    cover_from: int | None  # the hovered unit's cover against `other` (None: not seen)
    cover_of: int | None  # `other`'s cover against the hovered unit (None: not seen)


def enemies(scenario: Scenario, unit: Unit) -> list[Unit]:
    """The units of the other sides, or every other unit on a one-sided table."""
    others = [v for v in scenario.units if v.id != unit.id and v.side != unit.side]
    return others or [v for v in scenario.units if v.id != unit.id]


def sightings(scenario: Scenario, unit_id: str) -> list[Sighting]:
    """Both directions of sight between a unit and every enemy (geometry.los)."""
    return sightings_job(scenario, unit_id)()


def sightings_job(scenario: Scenario, unit_id: str,
                  offload: Offload | None = None) -> Callable[..., list[Sighting]]:
    """`sightings` split in two: what is read from the game now (the terrain index, where
    each base stands), and a call that works out the outlines and sight lines from those
    alone — so it may run on a worker thread while the game goes on changing. With a ready
    `offload` the call has the second process work them out (the same functions on the same
    values, one direction after the other, the one towards the unit first; on this thread if
    the process has died)."""
    from engine.measure import service_for
    from geometry.los import ThreatView, threat_half_placed, threat_view_placed
    unit = scenario.unit(unit_id)
    others = enemies(scenario, unit)
    if not others:
        return lambda on_seen_by=None: []
    index = service_for(scenario).terrain_index()
    me = unit.placement()  # its outline made there: the one kept (geometry.bases)
    placed = [v.placement() for v in others]
    ids = [v.id for v in others]

    def work(on_seen_by: Callable[[list[str], list[float]], None] | None = None
             ) -> list[Sighting]:
        """`on_seen_by(ids, seen_by)`, if given, may be called with the direction towards
        the unit as soon as the second process has it, while it works out the other."""
        tv = None
        if offload is not None:
            from concurrent.futures.process import BrokenProcessPool
            try:
                halves = offload.run_each(  # towards the unit first: its lines go first
                    [(threat_half_placed, [index], (me, placed, half))
                     for half in ("seen_by", "sees")])
                seen_by, seen_by_cover = next(halves)
                if on_seen_by is not None:
                    on_seen_by(ids, seen_by.tolist())
                sees, sees_cover = next(halves)
                tv = ThreatView(sees, sees_cover, seen_by, seen_by_cover)
            except BrokenProcessPool:
                tv = None
        if tv is None:
            tv = threat_view_placed(index, me, placed)
        # whole lists, not an element at a time: cheap for a thousand others' figures
        return [
            Sighting(v, b, s, cb, cs)
            for v, s, cs, b, cb in zip(ids, tv.sees.tolist(), _covers(tv.sees_cover),
                                       tv.seen_by.tolist(), _covers(tv.seen_by_cover),
                                       strict=True)
        ]

    return work


def sight_lines(me: tuple[float, float], at: dict[str, tuple[float, float]],
                found: list[Sighting]) -> Lines:
    """The lines drawn for a unit's sightings (`at`: where each other unit stands): solid
    from each unit that sees it, then dashed to each it sees, a pair offset sideways so
    both show. Plain values: a worker may build them (the solid ones as soon as that
    direction is known: `add_seen_by_lines`, then `add_sees_lines`, with `pair_ends`)."""
    lines = Lines()
    if found:
        ends = pair_ends(me, at, [s.other for s in found])
        add_seen_by_lines(lines, ends, [s.seen_by for s in found])
        add_sees_lines(lines, ends, [s.sees for s in found])
    return lines


def add_seen_by_lines(lines: Lines, ends: PairEnds, seen_by: list[float]) -> None:
    """The solid lines, from each other unit that sees the unit (`seen_by`: how much)."""
    _add_pass(lines, ends[0], seen_by, 2.5, Qt.PenStyle.SolidLine)


def add_sees_lines(lines: Lines, ends: PairEnds, sees: list[float]) -> None:
    """The dashed lines, to each other unit the unit sees (`sees`: how much)."""
    _add_pass(lines, ends[1], sees, 1.5, Qt.PenStyle.DashLine)


#: Each pair's two lines' ends: (solid ones, other → unit; dashed ones, unit → other).
PairEnds = tuple[list[list[float]], list[list[float]]]


def pair_ends(me: tuple[float, float], at: dict[str, tuple[float, float]], ids: list[str]
              ) -> PairEnds:
    """Each pair's two lines' ends, offset sideways so both show. Worked with numpy, the
    same arithmetic as a float at a time."""
    import numpy as np
    mx, my = me
    xy = np.array([at[i] for i in ids], dtype=float).reshape(-1, 2)
    dx, dy = xy[:, 0] - mx, xy[:, 1] - my
    # ** 0.5 a float at a time, as before (C's pow; numpy's may take another route)
    length = np.maximum([v ** 0.5 for v in (dx * dx + dy * dy).tolist()], 1e-9)
    ox, oy = -dy / length * PAIR_OFFSET_IN, dx / length * PAIR_OFFSET_IN
    solid = np.column_stack([xy[:, 0] + ox, xy[:, 1] + oy, mx + ox, my + oy]).tolist()
    dashed = np.column_stack([mx - ox, my - oy, xy[:, 0] - ox, xy[:, 1] - oy]).tolist()
    return solid, dashed


def _add_pass(lines: Lines, ends: list[list[float]], fractions: list[float], width: float,
              style: Qt.PenStyle) -> None:
    """A line for each pair whose fraction is above 0, coloured by it (one colour per
    distinct fraction), and the bounds once for all of them."""
    import numpy as np
    colours: dict[float, tuple[QColor, int]] = {}
    kept = []
    for a, f in zip(ends, fractions, strict=True):
        if f > 0:
            got = colours.get(f)
            if got is None:
                c = fraction_colour(f)
                got = colours[f] = (c, c.rgba())
            lines.add_line(QLineF(*a), *got, width, style)
            kept.append(a)
    if kept:  # room for the pen as QGraphicsLineItem leaves it (width as inches)
        e = np.array(kept)
        xs, ys = e[:, [0, 2]], e[:, [1, 3]]
        lines.grow(float(xs.min()) - width, float(ys.min()) - width, float(xs.max()) + width,
                   float(ys.max()) + width)


def _drawn_all(mine: tuple[float, float], at: dict[str, tuple[float, float]],
               found: list[Sighting], pose: ViewPose) -> tuple[Lines, Picture | None]:
    """The sightings' lines and the picture of them as `pose` shows the table."""
    lines = sight_lines(mine, at, found)
    return lines, (lines.render(pose) if lines.all else None)


@dataclass(frozen=True)
class Worked:
    """A worker's result for one unit: the sightings, their lines and (when the view's pose
    was known) the lines drawn as the view showed the table."""

    found: list[Sighting]
    lines: Lines
    picture: Picture | None


def _covers(levels) -> list[int | None]:
    """threat_view's covers as Sightings hold them: None where nothing is seen."""
    from geometry.los import NOT_SEEN
    return [None if c == NOT_SEEN else c for c in levels.tolist()]


def fraction_colour(f: float) -> QColor:
    """Red for a sliver, through amber, to green for fully visible."""
    return QColor.fromHsvF(0.33 * max(0.0, min(1.0, f)), 0.9, 0.78)


class ThreatTool(Tool):
    id = "threat"
    holds_board = True  # a hover only changes the sight lines drawn over the board

    def __init__(self, window) -> None:
        super().__init__(window)
        self.hovered: str | None = None
        #: The sight lines drawn for the hovered unit (one item; empty when none is).
        self.lines = LinesItem()
        self.view_of: list[Sighting] = []
        self.last_ms = 0.0
        self._cache: dict[str, list[Sighting]] = {}
        self._drawn: dict[str, LinesItem] = {}  # the lines drawn per unit, kept with _cache
        #: the unit whose sightings a worker is working out (None: none is)
        self.pending: str | None = None
        self._generation = 0  # bumped by every change: a result from before is dropped
        self._workers: ThreadPoolExecutor | None = None
        self._future = None  # the last job handed to the worker
        self._redraw = None  # the last picture of kept lines a worker is drawing
        #: lines shown with a picture beyond PICTURES_KEPT: it goes when they do
        self._passing: LinesItem | None = None
        ui_thread.prepare()
        window.editor.changed.connect(lambda _ids: self._invalidate())
        window.editor.game_replaced.connect(self._invalidate)


    def _invalidate(self) -> None:
        self._cache.clear()
        self._drawn.clear()
        self._generation += 1
        self.pending = None
        if self.hovered is not None and self.window.tools.active is self:
            unit_id, self.hovered = self.hovered, None
            if self.scene.has_unit(unit_id):
                self.show_unit(unit_id)
            else:
                self.reset()

    def move(self, ev: QMouseEvent, pos: QPointF) -> bool:
        item = self.view.unit_at(ev.position().toPoint())
        if item is None:
            if self.hovered is not None:
                self.reset()
            return False
        if item.unit.id != self.hovered:
            self.show_unit(item.unit.id)
        return False  # hovering never takes the mouse from the view

    def reset(self) -> None:
        self._let_pass()
        self.hovered = None
        self.view_of = []
        self.lines = LinesItem()
        super().reset()

    def show_unit(self, unit_id: str) -> None:
        """Draw and list the sightings of one unit.

        On a table of more than WORKER_FROM units a unit not seen yet is worked out on a
        worker thread: the pointer's event only outlines the unit, and the lines are drawn
        when the figures arrive (the same figures: `sightings_job` both ways)."""
        scenario = self.editor.game.scenario
        self._let_pass()
        t0 = time.perf_counter()
        found = self._cache.get(unit_id)
        if found is None:
            if len(scenario.units) <= WORKER_FROM:
                found = sightings_job(scenario, unit_id)()
                self._cache[unit_id] = found
            else:
                self._start(unit_id)
        self.last_ms = (time.perf_counter() - t0) * 1000
        self.clear_overlay()
        self.hovered = unit_id
        me = scenario.unit(unit_id)
        self.add_overlay(path_item(geometry_path(me.polygon().buffer(0.15)), HOVER_COLOUR,
                                   None, 3.0))
        if found is None:
            self.view_of = []
            self.lines = LinesItem()
            self.hint(unit_choice(me) + "\n" + tr("working out who sees whom …"))
            return
        self.view_of = found
        self._draw(me, found)

    def _pool(self):
        from concurrent.futures import ThreadPoolExecutor
        if self._workers is None:
            self._workers = ThreadPoolExecutor(max_workers=1, thread_name_prefix="threat")
        return self._workers

    def _start(self, unit_id: str) -> None:
        """Hand the unit's sightings to the worker: worked out in the second process
        (app.offload) once it is ready, else on the worker thread."""
        if self.pending == unit_id:
            return
        self._pool()
        scenario = self.editor.game.scenario
        offload.prepare(len(scenario.units))  # a table grown big since it was loaded
        second = offload.shared()
        offloaded = second.ready()
        job = sightings_job(scenario, unit_id, second if offloaded else None)
        self.pending = unit_id
        generation = self._generation
        # the worker's own work waits for this event's repaint: painting and the work both
        # need the interpreter lock, and sharing it slowed both (the outline drew later, the
        # lines arrived later). A zero timer is not that: it fires between the scene's
        # queued update and the viewport's paint. Figures from the second process come
        # meanwhile: that waits for the lock only once they are here.
        painted = Repainted(self.view)
        if self._future is not None:  # the pointer went on: a job still queued is dropped
            self._future.cancel()     # (one already running finishes and is kept)
        future = self._future = self._workers.submit(
            self._worker_job(unit_id, job, painted, offloaded=offloaded))
        self.view.defer_picture(future)
        future.add_done_callback(
            lambda f, g=generation, u=unit_id: ui_thread.deliver(self, self._on_arrival, g, u, f))

    def _worker_job(self, unit_id: str, job: Callable[[], list[Sighting]],
                    painted: Repainted | None = None, *,
                    offloaded: bool = False) -> Callable[[], Worked]:
        """The whole of a hover's work for the worker: the sightings, their lines, and the
        lines drawn as the view shows the table now (read here, on the UI thread). What
        needs the interpreter lock waits for `painted` (the hover's repaint): the job
        too, unless it is `offloaded` to the second process."""
        scenario = self.editor.game.scenario
        me = scenario.unit(unit_id)
        mine = (me.x, me.y)
        at = {u.id: (u.x, u.y) for u in scenario.units}
        pose = ViewPose.of(self.view)

        def work() -> Worked:
            if painted is not None and not offloaded:
                painted.wait()
            if not offloaded:
                found = job()
                return Worked(found, *_drawn_all(mine, at, found, pose))
            # the solid lines drawn while the second process works the dashed ones out
            lines = Lines()
            first: list[tuple[PairEnds, Picture]] = []

            def seen_by_first(ids: list[str], seen_by: list[float]) -> None:
                if painted is not None:
                    painted.wait()
                ends = pair_ends(mine, at, ids)
                add_seen_by_lines(lines, ends, seen_by)
                first.append((ends, lines.render(pose)))

            found = job(seen_by_first)
            if not first:  # the process died on the way: worked out here at once
                if painted is not None:
                    painted.wait()
                return Worked(found, *_drawn_all(mine, at, found, pose))
            (ends, picture), solid = first[0], len(lines.groups)
            add_sees_lines(lines, ends, [s.sees for s in found])
            return Worked(found, lines, lines.render(pose, onto=picture, since=solid)
                          if lines.all else None)

        return work

    def _on_arrival(self, generation: int, unit_id: str, future) -> None:
        """A worker's sightings, on the UI thread: kept, and drawn if still hovered."""
        if generation != self._generation or future.cancelled():
            return  # the game changed meanwhile (a fresh hover works it out again), or the
                    # pointer went on before the job began
        if self.pending == unit_id:
            self.pending = None
        worked: Worked = future.result()
        self._cache[unit_id] = worked.found
        self._keep(unit_id, LinesItem(worked.lines, worked.picture))
        if self.hovered == unit_id and self.window.tools.active is self:
            self.view_of = worked.found
            self._draw(self.editor.game.scenario.unit(unit_id), worked.found)

    def _keep(self, unit_id: str, item: LinesItem) -> None:
        """Keep a unit's lines; only the last PICTURES_KEPT keep their picture (an image
        of the viewport each)."""
        self._drawn.pop(unit_id, None)
        self._drawn[unit_id] = item
        with_picture = [i for i in self._drawn.values() if i.picture is not None]
        for old in with_picture[:-PICTURES_KEPT]:
            old.picture = None

    def _draw(self, me: Unit, found: list[Sighting]) -> None:
        scenario = self.editor.game.scenario
        if self.lines.scene() is not None:
            self.scene.removeItem(self.lines)
            self._overlay.remove(self.lines)
        drawn = self._drawn.get(me.id)
        if drawn is None:  # not hovered before, or the game changed since
            at = {u.id: (u.x, u.y) for u in scenario.units}
            drawn = LinesItem(sight_lines((me.x, me.y), at, found))
            self._keep(me.id, drawn)
        self.lines = drawn
        self.hint(self.text(me))
        if len(scenario.units) > WORKER_FROM and drawn.boundingRect().isValid():
            pose = ViewPose.of(self.view)
            if drawn.picture is None or not drawn.picture.fits(pose):
                self._draw_later(me.id, drawn, pose)
                return
        self.add_overlay(drawn)

    def _draw_later(self, unit_id: str, drawn: LinesItem, pose: ViewPose) -> None:
        """Kept lines whose picture is gone (pushed out of PICTURES_KEPT) or drawn at
        another zoom: a worker draws them anew, as for a new hover, and they go up when it
        is done — stroking a big table's lines here held the hover up for frames."""
        painted = Repainted(self.view)
        if self._redraw is not None:  # the pointer went on: a picture not begun is dropped
            self._redraw.cancel()

        def work() -> Picture:
            painted.wait()
            return drawn.render(pose)

        future = self._redraw = self._pool().submit(work)
        self.view.defer_picture(future)
        future.add_done_callback(lambda f, g=self._generation: ui_thread.deliver(
            self, self._redrawn, g, unit_id, drawn, f))

    def _redrawn(self, generation: int, unit_id: str, drawn: LinesItem, future) -> None:
        """A worker's picture of kept lines, on the UI thread: kept with them, and the
        lines put up if their unit is still hovered."""
        if generation != self._generation or future.cancelled():
            return
        picture = future.result()
        shown = (self.hovered == unit_id and self.lines is drawn and drawn.scene() is None
                 and self.window.tools.active is self)
        if self._drawn.get(unit_id) is not drawn and not shown:
            return
        drawn.picture = picture
        # pictures drawn at another zoom are of no more use; of those that fit, the
        # PICTURES_KEPT older ones stay and this one goes with its lines (it does not push
        # out one that would be put up again: with more units hovered in turn than are
        # kept, every hover would then draw anew)
        pose = ViewPose.of(self.view)
        fitting = 0
        for item in self._drawn.values():
            if item is not drawn and item.picture is not None:
                if item.picture.fits(pose):
                    fitting += 1
                else:
                    item.picture = None
        if fitting >= PICTURES_KEPT:
            self._passing = drawn
        if shown:
            self.add_overlay(drawn)
        elif self._passing is drawn:
            self._let_pass()

    def _let_pass(self) -> None:
        """The lines shown with a picture beyond PICTURES_KEPT are no longer shown: the
        picture goes (stroked again, or drawn anew, if they are hovered again)."""
        passing, self._passing = self._passing, None
        if passing is not None:
            passing.picture = None

    def text(self, me: Unit) -> str:
        from engine.measure import COVER_NAMES
        game = self.editor.game
        seen = sorted((s for s in self.view_of if s.seen_by > 0), key=lambda s: -s.seen_by)
        sees = sorted((s for s in self.view_of if s.sees > 0), key=lambda s: -s.sees)
        n = len(self.view_of)
        side = self._side_words(me)
        lines = [unit_choice(me),
                 tr("seen by {n} of {of} (solid):").format(n=len(seen), of=n)]
        lines += ["  " + side(s.other, me.id, tr(
            "{unit} sees {seen}, cover {level} ({name})").format(
            unit=game.unit(s.other).label, seen=f"{s.seen_by:.0%}", level=s.cover_from,
            name=tr(COVER_NAMES[s.cover_from]))) for s in seen[:LIST_MOST]]
        if len(seen) > LIST_MOST:
            lines.append("  " + tr("… {n} more").format(n=len(seen) - LIST_MOST))
        lines.append(tr("sees {n} of {of} (dashed):").format(n=len(sees), of=n))
        lines += ["  " + side(me.id, s.other, tr("{unit} {seen}, cover {level} ({name})").format(
            unit=game.unit(s.other).label, seen=f"{s.sees:.0%}", level=s.cover_of,
            name=tr(COVER_NAMES[s.cover_of]))) for s in sees[:LIST_MOST]]
        if len(sees) > LIST_MOST:
            lines.append("  " + tr("… {n} more").format(n=len(sees) - LIST_MOST))
        return "\n".join(lines)

    def _side_words(self, me: Unit) -> Callable[[str, str, str], str]:
        """A listed line with the side the shot strikes added, by the game's reading (the
        side Measure and the Actions dock name), when the ruleset reads a facing model;
        else the line as it is."""
        from engine.measure import service_for
        from engine.readings import game_readings

        game = self.editor.game
        service = service_for(game.scenario)
        if not service.names_sides():
            return lambda shooter, target, line: line
        readings = game_readings(game)

        def with_side(shooter: str, target: str, line: str) -> str:
            side = service.side_struck(shooter, target, readings)
            return tr("{line} · strikes the {side}").format(line=line, side=loc(side))

        return with_side
