"""The command line loads only what a command needs (issue 41): `odds` and `resolve` with
typed dice answer without Qt, numpy or shapely, in English and in Russian (the .qm read
without Qt); `measure` needs the geometry but still no Qt, no dice and no game model; a
ruleset's actions are imported one by one as they are asked for, so pricing one test loads
neither the ruleset's other actions nor what they import. Each runs in a fresh interpreter,
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
#: Prints the command's output, then one JSON line: the heavy packages it imported (and,
#: on stderr, every module).
SCRIPT = """
import json, sys
from app.main import main
code = main(json.loads(sys.argv[1]))
heavy = sorted({m.split('.')[0] for m in sys.modules}
               & {'PySide6', 'shiboken6', 'numpy', 'shapely'})
print(json.dumps({'code': code, 'heavy': heavy}))
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""
KENO = "engine.rulesets.keno_platoon"
#: What pricing (or rolling) a Keno morale test, a data test of the ruleset's quality
#: tests, has no use for: the ruleset's action modules of fire, movement and organisation,
#: its board hints and turn hooks with the movement, command and turn model they import,
#: the other rulesets, the editing, measuring and printing modules, and importlib's
#: resource readers (the data files are read as files).
NOT_FOR_A_MORALE_TEST = (
    f"{KENO}.fire_actions", f"{KENO}.movement_actions", f"{KENO}.organisation_actions",
    f"{KENO}.board", f"{KENO}.movement", f"{KENO}.turn_hooks", f"{KENO}.command",
    f"{KENO}.cards", "engine.rulesets.iron_hearts", "engine.rulesets.boets_sci_fi",
    "engine.rulesets.civil_war_company", "engine.rulesets.butterfly_effect",
    "engine.turns", "engine.edits", "engine.measure", "engine.board_rules", "engine.cards",
    "geometry.facing", "geometry.ranges", "importlib.readers", "zipfile")
#: What measuring two units has no use for: the dice, the game model, the referee, the
#: protocol's actions and steps.
NOT_FOR_MEASURING = ("icepool", "engine.odds", "engine.model", "engine.play", "engine.house",
                     "engine.costs", "engine.turns", "engine.protocol.steps",
                     "engine.protocol.context", f"{KENO}.quality_tests",
                     f"{KENO}.fire_actions")


def run_cli(*args: str) -> tuple[str, dict]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES",
                                                            "LANGUAGE")}
    env.update(PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(list(args))], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    *out, report = done.stdout.strip().splitlines()
    *err, modules = done.stderr.strip().splitlines()
    return "\n".join([*out, *err]), {**json.loads(report), "modules": json.loads(modules)}


def _light(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "modules"}


@pytest.mark.parametrize("args", [
    ("odds", TABLE, "rally_morale", "--by", "s1"),
    ("resolve", TABLE, "rally_morale", "--by", "s1", "--dice", "5"),
    ("odds", TABLE, "rally_morale", "--by", "s1", "--json"),
])
def test_dice_commands_load_neither_qt_nor_the_geometry(args):
    out, report = run_cli(*args)
    assert _light(report) == {"code": 0, "heavy": []}
    assert "morale" in out.lower()
    assert sorted(set(report["modules"]) & set(NOT_FOR_A_MORALE_TEST)) == []
    assert f"{KENO}.quality_tests" in report["modules"]


def test_russian_words_come_without_qt():
    if qm_path("ru") is None:
        pytest.skip("warboard_ru.qm is not built (pyside6-lrelease)")
    out, report = run_cli("odds", TABLE, "rally_morale", "--by", "s9", "--lang", "ru")
    assert _light(report) == {"code": 2, "heavy": []}
    assert "warboard odds: ошибка: --by: нет отряда с id 's9'" in out


def test_measure_loads_the_geometry_but_not_qt():
    out, report = run_cli("measure", TABLE, "s1", "s2", "--lang", "ru")
    assert report["code"] == 0
    assert not {"PySide6", "shiboken6"} & set(report["heavy"])
    assert sorted(set(report["modules"]) & set(NOT_FOR_MEASURING)) == []
    assert "от края до края" in out or qm_path("ru") is None


def test_a_ruleset_imports_an_action_when_it_is_asked_for():
    """The declaration names each action without importing it; asking for one imports its
    module alone, and the whole list (what the window's docks read) imports every one, each
    the object its id names."""
    code = (
        "import json, sys\n"
        "from engine.rulesets.registry import get_ruleset\n"
        "rs = get_ruleset('keno-platoon')\n"
        "def loaded(): return sorted(m for m in sys.modules if m.startswith(sys.argv[1]))\n"
        "at_load = loaded()\n"
        "rs.action('advance')\n"
        "one = loaded()\n"
        "every = [a.id for a in rs.actions]\n"
        "print(json.dumps([at_load, one, loaded(), list(rs.action_ids), every]))\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code, KENO], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    at_load, one, every_module, ids, every = json.loads(done.stdout)
    actions = {f"{KENO}.{m}" for m in ("fire_actions", "movement_actions",
                                       "organisation_actions", "quality_tests")}
    assert not actions & set(at_load)
    assert set(one) - set(at_load) >= {f"{KENO}.movement_actions"}
    assert not {f"{KENO}.fire_actions", f"{KENO}.organisation_actions"} & set(one)
    assert actions <= set(every_module)
    assert every == ids and "rally_morale" in ids
