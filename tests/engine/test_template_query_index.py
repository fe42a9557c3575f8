"""template_query asks only the bases near the template (the measurement service's STRtree
of the units' outlines, kept while the table is unchanged): the same units under it and the
same base under the hole as laying the template over every unit, and a table changed in any
way the outlines depend on is indexed again."""

from __future__ import annotations

import numpy as np
import pytest

from bench.geometry_bench import measure_scenario
from engine.measure import template_query
from engine.scenario import BaseShape
from geometry.templates import make_template, under_template


def _everyone(scenario, shape, x, y, toward=None, shooter=None):
    """Every unit's outline under the template, as template_query did before its index."""
    origin = None
    if shooter is not None:
        unit = scenario.unit(shooter)
        x, y, origin = unit.x, unit.y, unit.polygon()
    template = make_template(shape, x, y, toward, origin=origin)
    units = [u for u in scenario.units if not (origin is not None and u.id == shooter)]
    hit = under_template(template, [u.polygon() for u in units], [u.id for u in units])
    return tuple(hit.under), hit.hole


def _same(scenario, shape, x, y, **kw):
    got = template_query(scenario, shape, x, y, **kw)
    want = _everyone(scenario, shape, x, y, kw.get("toward"), kw.get("shooter"))
    assert (got.under, got.hole) == want
    return got


@pytest.fixture
def crowded():
    return measure_scenario(seed=4, n_pieces=5, n_units=400)


def test_the_index_finds_what_every_unit_laid_under_it_finds(crowded):
    rng = np.random.default_rng(2)
    t = crowded.table
    found = 0
    for _ in range(60):
        x, y = float(rng.uniform(0, t.width_in)), float(rng.uniform(0, t.height_in))
        for shape in ("blast-3", "blast-5"):
            found += len(_same(crowded, shape, x, y).under)
        shooter = crowded.units[int(rng.integers(len(crowded.units)))]
        _same(crowded, "flamer", 0.0, 0.0, toward=(x, y), shooter=shooter.id)
        _same(crowded, "flamer", shooter.x, shooter.y, toward=(x, y))
    assert found > 100  # a crowded table: the templates do cover units


def test_a_changed_table_is_indexed_again(crowded):
    u, other = crowded.units[0], crowded.units[1]
    x, y = other.x, other.y
    before = _same(crowded, "blast-3", x, y)
    assert u.id not in {i for i, _ in before.under}
    u.x, u.y = x, y  # moved in place, as an effect writes it
    assert u.id in {i for i, _ in _same(crowded, "blast-3", x, y).under}
    u.facing = (u.facing + 45.0) % 360.0
    _same(crowded, "blast-3", x, y)
    u.base = BaseShape.round(60)
    _same(crowded, "blast-5", x, y)
    u.id = "renamed"
    assert "renamed" in {i for i, _ in _same(crowded, "blast-3", x, y).under}
    crowded.units.remove(other)
    assert other.id not in {i for i, _ in _same(crowded, "blast-3", x, y).under}
    crowded.units.append(other)
    assert other.id in {i for i, _ in _same(crowded, "blast-3", x, y).under}
