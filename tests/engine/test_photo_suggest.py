"""What a photo of the table suggests (issue 40): base centres within 0.25" of the truth with
recall and precision ≥ 95 % for unobstructed bases, matched to the scenario's units by side
colour and nearest position; new terrain outlines of the scenario's kinds; all accepted in
one undoable Change; and after a turn, a moved base proposed and an unmoved one not."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from bench.photo_synth import Base, Camera, photograph, top_down
from bench.photo_table import TERRAIN, H, W, scenario, truth
from engine.model import Game, apply_change, revert_change
from engine.photo.calibrate import calibrate, rectify
from engine.photo.markers import default_layout
from engine.photo.proposals import Accepted, accepted_change
from engine.photo.suggest import moved_units, suggest

LAYOUT = default_layout(W, H)
PPI = 20
CAMERAS = {
    "tilt 30°, turned 10°": Camera(tilt=30, roll=10, size=(1600, 1200)),
    "45°, barrel, blur, noise, light, JPEG": Camera(
        tilt=45, roll=-20, k1=-0.1, blur=1.0, noise=4, light=0.3, jpeg=80, size=(2400, 1800)),
}


def suggestions_for(bases, cam, scen):
    top = top_down(W, H, PPI, LAYOUT, TERRAIN, bases)
    shot = photograph(top, PPI, W, H, cam)
    cal = calibrate(shot.image, LAYOUT)
    return suggest(rectify(shot.image, cal, W, H, 20), 20, scen, LAYOUT)


def scores(found, where: dict) -> tuple[float, float, float]:
    """(recall, precision, worst centre error) against the true places by unit."""
    good, worst = 0, 0.0
    for b in found.bases:
        if b.unit in where:
            err = math.dist((b.x, b.y), where[b.unit])
            worst = max(worst, err)
            good += err <= 0.25
    return good / len(where), good / max(1, len(found.bases)), worst


@pytest.mark.parametrize("name", list(CAMERAS))
def test_bases_are_found_within_a_quarter_inch_and_matched_to_their_units(name):
    t = truth()
    found = suggestions_for([b for _u, _s, b, _shape in t], CAMERAS[name], scenario())
    recall, precision, worst = scores(found, {u: (b.x, b.y) for u, _s, b, _sh in t})
    assert recall >= 0.95 and precision >= 0.95, (recall, precision, worst)
    sides = {u: s for u, s, _b, _sh in t}
    assert all(b.side == sides[b.unit] for b in found.bases)
    tank = next(b for b in found.bases if b.unit == "red-tank")
    assert tank.facing == pytest.approx(30, abs=3) or tank.facing == pytest.approx(120, abs=3)
    # the new building is suggested (the hill and the first building are on the board)
    assert [s.kind for s in found.terrain] == ["building"]
    xs = [x for x, _y in found.terrain[0].polygon]
    assert min(xs) == pytest.approx(57, abs=0.5) and max(xs) == pytest.approx(64, abs=0.5)


def test_accepting_suggestions_is_one_undoable_change():
    t = truth()
    scen = scenario()
    game = Game(scen)
    found = suggestions_for([b for _u, _s, b, _sh in t], CAMERAS["tilt 30°, turned 10°"], scen)
    before = [(u.id, u.x, u.y, u.facing) for u in game.units]
    chosen = [Accepted(b) for b in found.bases if b.unit != "blue-0"]   # one dismissed
    moved = next(b for b in found.bases if b.unit == "red-1")
    chosen = [a if a.suggestion is not moved else Accepted(moved, 20.0, 20.0) for a in chosen]
    chosen.append(Accepted(found.terrain[0]))
    change = accepted_change(game, chosen)
    apply_change(game, change)
    where = {u: (b.x, b.y) for u, _s, b, _sh in t}
    assert math.dist((game.unit("red-3").x, game.unit("red-3").y), where["red-3"]) < 0.25
    assert (game.unit("red-1").x, game.unit("red-1").y) == (20.0, 20.0)      # moved by hand
    assert math.dist((game.unit("blue-0").x, game.unit("blue-0").y), where["blue-0"]) > 0.25
    assert game.scenario.terrain[-1].kind == "building"
    revert_change(game, change)
    assert [(u.id, u.x, u.y, u.facing) for u in game.units] == before
    assert len(game.scenario.terrain) == 2


def test_resync_proposes_the_moved_base_and_not_the_unmoved():
    t = truth()
    scen = scenario(shift_in=0.0)                  # the board as the last photo left it
    for u, (_uid, _s, b, _sh) in zip(scen.units, t, strict=True):
        u.x, u.y = b.x, b.y
    bases = [b for _u, _s, b, _sh in t]
    moved = {"red-5": (bases[5].x + 3.0, bases[5].y - 1.5),
             "blue-tank": (bases[-4].x + 2.0, bases[-4].y)}
    after = [dataclasses.replace(b, x=moved[u][0], y=moved[u][1]) if u in moved else b
             for (u, _s, _b, _sh), b in zip(t, bases, strict=True)]
    found = suggestions_for(after, CAMERAS["tilt 30°, turned 10°"], scen)
    proposed = moved_units(found, scen)
    assert sorted(b.unit for b in proposed) == ["blue-tank", "red-5"]
    red5 = next(b for b in proposed if b.unit == "red-5")
    assert red5.distance_in == pytest.approx(math.hypot(3.0, 1.5), abs=0.1)
    assert isinstance(bases[0], Base) and np.isfinite(red5.x)
