"""The recent list read from a hostile or huge recent.json: nested 100,000 deep it reads
as empty (it stopped the program starting), 10,000 entries read in milliseconds (the
duplicate check was quadratic: 16 s), and temporary files a killed write left beside it
are removed by the next write."""

from __future__ import annotations

import os
import time

from app.recent import LIMIT, RecentFiles


def test_a_list_nested_100000_deep_reads_as_empty(tmp_path):
    store = tmp_path / "recent.json"
    store.write_text('{"recent": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert RecentFiles(store).paths() == []
    RecentFiles(store).add(tmp_path / "g.warboard")         # and is replaced on a change
    assert RecentFiles(store).paths() == [tmp_path / "g.warboard"]


def test_ten_thousand_entries_read_fast_and_keep_the_first_distinct(tmp_path):
    store = tmp_path / "recent.json"
    items = [f"/games/g{i % 5000}.warboard" for i in range(10_000)]
    store.write_text('{"recent": [' + ",".join(f'"{x}"' for x in items) + "]}")
    t0 = time.perf_counter()
    got = RecentFiles(store).paths()
    assert time.perf_counter() - t0 < 0.5
    assert [str(p) for p in got] == items[:LIMIT]


def test_a_killed_writes_temporary_file_goes_on_the_next_write(tmp_path):
    store = tmp_path / "recent.json"
    stale = tmp_path / ".recent.dead.tmp"
    stale.write_text("{")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / ".recent.live.tmp"
    fresh.write_text("{")
    RecentFiles(store).add(tmp_path / "g.warboard")
    assert not stale.exists() and fresh.exists()
