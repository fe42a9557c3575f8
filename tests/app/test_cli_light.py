"""The command line loads only what a command needs (issue 41): `odds` and `resolve` with
typed dice answer without Qt, numpy or shapely, in English and in Russian (the .qm read
without Qt); `measure` needs the geometry but still no Qt. Each runs in a fresh interpreter,
as a user starts it, and reports what it imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.i18n import qm_path

ROOT = Path(__file__).resolve().parents[2]
TABLE = str(ROOT / "resources" / "scenarios" / "keno-orchard.json")
#: Prints the command's output, then one JSON line: the heavy packages it imported.
SCRIPT = """
import json, sys
from app.main import main
code = main(json.loads(sys.argv[1]))
heavy = sorted({m.split('.')[0] for m in sys.modules}
               & {'PySide6', 'shiboken6', 'numpy', 'shapely'})
print(json.dumps({'code': code, 'heavy': heavy}))
"""


def run_cli(*args: str) -> tuple[str, dict]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES",
                                                            "LANGUAGE")}
    env.update(PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(list(args))], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    *out, report = done.stdout.strip().splitlines()
    return "\n".join(out) + done.stderr, json.loads(report)


@pytest.mark.parametrize("args", [
    ("odds", TABLE, "rally_morale", "--by", "s1"),
    ("resolve", TABLE, "rally_morale", "--by", "s1", "--dice", "5"),
    ("odds", TABLE, "rally_morale", "--by", "s1", "--json"),
])
def test_dice_commands_load_neither_qt_nor_the_geometry(args):
    out, report = run_cli(*args)
    assert report == {"code": 0, "heavy": []}
    assert "morale" in out.lower()


def test_russian_words_come_without_qt():
    if qm_path("ru") is None:
        pytest.skip("warboard_ru.qm is not built (pyside6-lrelease)")
    out, report = run_cli("odds", TABLE, "rally_morale", "--by", "s9", "--lang", "ru")
    assert report == {"code": 2, "heavy": []}
    assert "warboard odds: ошибка: --by: нет отряда с id 's9'" in out


def test_measure_loads_the_geometry_but_not_qt():
    out, report = run_cli("measure", TABLE, "s1", "s2", "--lang", "ru")
    assert report["code"] == 0
    assert not {"PySide6", "shiboken6"} & set(report["heavy"])
    assert "от края до края" in out or qm_path("ru") is None
