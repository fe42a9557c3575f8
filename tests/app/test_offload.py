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


@pytest.fixture(scope="module")
def second():
    """One second process for the module's tests (each starts with it ready: the one that
    kills it starts a new one), not one started and warmed per test."""
    o = offload.Offload()
    o.start()
    o.wait_ready(timeout=60)
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
    # a value the process no longer holds is sent again (both forget: one call each)
    second.run_all([(_forget_everything, [], ()), (_forget_everything, [], ())])
    assert second.run(_pid_and_len, [value], 1)[1] == 4
    # calls at once run in both processes, each result in its place
    results = second.run_all([(_pid_and_len, [value], (i,)) for i in range(2)])
    assert [n for _pid, n in results] == [3, 4]
    assert os.getpid() not in {pid for pid, _n in results}


def test_a_dead_process_is_reported_and_a_new_one_can_start(second):
    process = next(iter(second._pool._processes.values()))
    process.kill()
    process.join(10)
    with pytest.raises(BrokenProcessPool):
        second.run(_pid_and_len, [[0]], 0)
    assert not second.ready()
    second.start()
    second.wait_ready(timeout=60)
    assert second.ready() and second.run(_pid_and_len, [[0]], 0)[1] == 1


def test_the_threat_view_worked_out_there_is_the_one_worked_out_here(second):
    from engine.measure import terrain_index
    from geometry.los import threat_half_placed, threat_view_placed

    scenario = big_table(300, 30, seed=6)
    index = terrain_index(scenario)
    for unit in scenario.units[:3]:
        placed = [(v.base, v.x, v.y, v.facing) for v in scenario.units if v is not unit]
        there = second.run(threat_view_placed, [index], unit.polygon(), placed)
        here = threat_view_placed(index, unit.polygon(), placed)
        for field in ("sees", "sees_cover", "seen_by", "seen_by_cover"):
            assert np.array_equal(getattr(there, field), getattr(here, field)), field
        # each direction on its own, in the two processes at once: the same arrays
        (sees, sees_cover), (seen_by, seen_by_cover) = second.run_all(
            [(threat_half_placed, [index], (unit.polygon(), placed, half))
             for half in ("sees", "seen_by")])
        assert np.array_equal(sees, here.sees) and np.array_equal(sees_cover, here.sees_cover)
        assert np.array_equal(seen_by, here.seen_by)
        assert np.array_equal(seen_by_cover, here.seen_by_cover)
    with pytest.raises(ValueError, match="which"):
        threat_half_placed(index, scenario.units[0].polygon(), placed, "both")


def test_only_a_big_table_starts_the_process(monkeypatch):
    started = []
    monkeypatch.setattr(offload.Offload, "start", lambda self: started.append(True))
    assert offload.prepare(offload.OFFLOAD_FROM_UNITS - 1) is False
    assert started == []
    assert offload.prepare(offload.OFFLOAD_FROM_UNITS) is True
    assert started == [True]


def test_the_processes_leave_when_the_program_is_killed(tmp_path):
    """A program killed (or crashed) leaves no idle process behind: each looks every
    WATCH_S whether the program is still there."""
    import signal
    import subprocess
    import sys
    import time

    script = tmp_path / "program.py"
    script.write_text(
        "import sys, time\n"
        "from app import offload\n"
        "if __name__ == '__main__':\n"
        "    o = offload.shared(); o.start()\n"
        "    o.wait_ready(timeout=60)\n"
        "    print(' '.join(str(p) for p in o._pool._processes), flush=True)\n"
        "    time.sleep(60)\n", encoding="utf-8")
    root = str(__import__("pathlib").Path(offload.__file__).resolve().parents[1])
    program = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                               text=True, cwd=root, env={**os.environ, "PYTHONPATH": root})
    children = [int(p) for p in program.stdout.readline().split()]
    assert len(children) == offload.PROCESSES
    program.send_signal(signal.SIGKILL)
    program.wait(10)

    def alive(pid: int) -> bool:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        # a zombie waiting for its (now init) parent to reap it is gone as well
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"

    deadline = time.monotonic() + 10 * offload.WATCH_S + 5
    while any(alive(p) for p in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(p) for p in children)


def test_the_processes_run_below_the_interface(second):
    """They work while the interface paints: the interface comes first."""
    assert {second.run(os.nice, [], 0) for _ in range(4)} == {os.nice(0) + offload.NICENESS}


def _outlines_made(placed: list) -> list[bool]:
    """Run in the second process: whether each placement's outline has its samples made."""
    from geometry import los
    from geometry.bases import base_polygon

    return [los._sampled(base_polygon(*p), los.DEFAULT_SAMPLES) is not None for p in placed]


def test_a_big_game_on_the_board_has_its_outlines_made_in_the_process(monkeypatch, second):
    """prepare with the units' placements (a big game coming on the board) has the process
    make their outlines and samples before the first hover asks for them."""
    monkeypatch.setattr(offload, "_shared", second)
    scenario = big_table(offload.OFFLOAD_FROM_UNITS, 10, seed=4)
    placed = [(u.base, u.x, u.y, u.facing) for u in scenario.units]
    assert second.run(_outlines_made, [], placed[:3]) == [False] * 3
    assert offload.prepare(len(placed), placed) is True
    assert second.run(_outlines_made, [], placed) == [True] * len(placed)
    stopped = offload.Offload()
    assert stopped.warm(_outlines_made, placed) is None  # not started: nothing to warm


def _table_prepared(index, placed: list) -> bool:
    """Run in the second process: whether the terrain rows of each placement's outline are
    kept for this index there (the index the hovers send by token)."""
    from geometry.bases import base_polygon
    from geometry.outline_rows import tables_of

    tables = tables_of(index)
    rows = tables.get("terrain")
    return rows is not None and "spans" in tables and all(
        rows.row(base_polygon(*p)) is not None for p in placed)


def test_a_big_game_with_its_terrain_has_the_hovers_facts_made_in_the_process(
        monkeypatch, second):
    """prepare with the table's terrain index too: the process keeps what a hover reads of
    each base against that index, under the token the hovers then send it by."""
    from engine.measure import terrain_index

    monkeypatch.setattr(offload, "_shared", second)
    scenario = big_table(offload.OFFLOAD_FROM_UNITS, 10, seed=6)
    placed = [u.placement() for u in scenario.units]
    index = terrain_index(scenario)
    assert offload.prepare(len(placed), placed, lambda: index) is True
    assert second.run(_table_prepared, [index], placed) is True
