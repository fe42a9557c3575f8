"""geometry.los.visibility_block: one list of bases against another, the same figures as
the matching block of the full visibility matrix over both lists."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import geometry.sight.pairs as pairs
from geometry.los import visibility_block, visibility_matrix
from geometry.terrain import TerrainIndex

from .test_los import area, at, random_scene


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), n_a=st.integers(1, 7), n_b=st.integers(1, 7))
def test_block_is_the_matching_sub_block_of_the_matrix(seed, n_a, n_b):
    index, units = random_scene(seed, n_units=n_a + n_b)
    a, b = units[:n_a], units[n_a:]
    whole = visibility_matrix(index, units)
    block = visibility_block(index, a, b)
    assert block.shape == (n_a, n_b)
    assert np.array_equal(block, whole[:n_a, n_a:])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_block_with_shared_and_reordered_bases(seed):
    """A base in both lists sees itself whole, as on the matrix's diagonal; any order of
    either list picks the same pairs."""
    index, units = random_scene(seed)
    whole = visibility_matrix(index, units)
    rows, cols = [3, 0, 5, 7], [7, 2, 3, 9, 1]
    block = visibility_block(index, [units[i] for i in rows], [units[j] for j in cols])
    assert np.array_equal(block, whole[np.ix_(rows, cols)])


def test_block_in_chunks_gives_the_same_figures(monkeypatch):
    index, units = random_scene(5)
    whole = visibility_block(index, units[:6], units[6:])
    monkeypatch.setattr(pairs, "CHUNK_CELLS", 50)
    assert np.array_equal(visibility_block(index, units[:6], units[6:]), whole)


def test_empty_lists_and_a_base_alone():
    index = TerrainIndex([area("w", "woods", 0, 0, 6, 6)])
    u = at(1, 3)
    assert visibility_block(index, [], [u]).shape == (0, 1)
    assert visibility_block(index, [u], []).shape == (1, 0)
    assert np.array_equal(visibility_block(index, [u], [u]), np.ones((1, 1)))
