"""`warboard --self-test` (issue 16): in a fresh interpreter, offscreen, every check passes
and the exit status is 0; a failing check is reported on its line with exit status 1."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from app import self_test

ROOT = Path(__file__).resolve().parents[2]


def test_self_test_passes_in_a_fresh_process(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT),
           "WARBOARD_CONFIG_DIR": str(tmp_path / "c"), "WARBOARD_DATA_DIR": str(tmp_path / "d")}
    done = subprocess.run([sys.executable, "-m", "app.main", "--self-test"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    for name, _ in self_test.CHECKS:
        assert any(line.startswith(f"ok    {name}:") for line in lines), done.stdout
    assert lines[-1] == "self-test passed"
    assert list(tmp_path.iterdir()) == [] or not (tmp_path / "card.pdf").exists()


def test_a_failing_check_is_reported_and_fails_the_run(monkeypatch, qapp):
    def broken(state):
        raise RuntimeError("no such table")

    monkeypatch.setattr(self_test, "CHECKS", (("broken", broken),))
    out = io.StringIO()
    assert self_test.run(out) == 1
    assert "FAIL  broken: RuntimeError: no such table" in out.getvalue()
    assert out.getvalue().splitlines()[-1] == "self-test: 1 check(s) failed"
