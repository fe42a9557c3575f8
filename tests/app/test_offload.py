"""app.offload: the second process a big table's geometry is worked out in gives the
figures its caller would work out itself, sends a kept value once, and when it dies the
caller learns it (and can start a new one)."""

from __future__ import annotations

import os
from concurrent.futures.process import BrokenProcessPool

import numpy as np
import pytest

from app import offload
from bench.board_driver import big_table


def _pid_and_len(kept: list, extra: int) -> tuple[int, int]:
    """Run in the second process: which process it is, and what it was given."""
    return os.getpid(), len(kept) + extra


def _forget_everything() -> None:
    offload._kept.clear()


@pytest.fixture
def second():
    o = offload.Offload()
    o.start()
    o._warmed.result(timeout=60)
    yield o
    o.stop()


def test_a_call_runs_in_another_process_and_a_kept_value_goes_once(second):
    assert second.ready()
    value = [1, 2, 3]
    pid, n = second.run(_pid_and_len, [value], 4)
    assert pid != os.getpid() and n == 7
    # the second time the value is named by its token only
    sent = second._keep([value], resend=False)
    assert sent[0][1] is None
    assert second.run(_pid_and_len, [value], 0)[1] == 3
    # a value the process no longer holds is sent again
    second.run(_forget_everything, [])
    assert second.run(_pid_and_len, [value], 1)[1] == 4


def test_a_dead_process_is_reported_and_a_new_one_can_start(second):
    (process,) = second._pool._processes.values()
    process.kill()
    process.join(10)
    with pytest.raises(BrokenProcessPool):
        second.run(_pid_and_len, [[0]], 0)
    assert not second.ready()
    second.start()
    second._warmed.result(timeout=60)
    assert second.ready() and second.run(_pid_and_len, [[0]], 0)[1] == 1


def test_the_threat_view_worked_out_there_is_the_one_worked_out_here(second):
    from engine.measure import terrain_index
    from geometry.los import threat_view_placed

    scenario = big_table(300, 30, seed=6)
    index = terrain_index(scenario)
    for unit in scenario.units[:3]:
        placed = [(v.base, v.x, v.y, v.facing) for v in scenario.units if v is not unit]
        there = second.run(threat_view_placed, [index], unit.polygon(), placed)
        here = threat_view_placed(index, unit.polygon(), placed)
        for field in ("sees", "sees_cover", "seen_by", "seen_by_cover"):
            assert np.array_equal(getattr(there, field), getattr(here, field)), field


def test_only_a_big_table_starts_the_process(monkeypatch):
    started = []
    monkeypatch.setattr(offload.Offload, "start", lambda self: started.append(True))
    assert offload.prepare(offload.OFFLOAD_FROM_UNITS - 1) is False
    assert started == []
    assert offload.prepare(offload.OFFLOAD_FROM_UNITS) is True
    assert started == [True]
