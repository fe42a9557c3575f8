"""A command on one table loads that table's ruleset alone (engine.rulesets.registry):
asked by id, the registry imports the package named after it, not every ruleset; an
unknown id still lists every ruleset, and the full list is still complete afterwards."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
from engine.rulesets.registry import RulesetNotFound, get_ruleset, list_rulesets
first = get_ruleset(sys.argv[1]).id
loaded = sorted(m.split('.')[2] for m in sys.modules
                if m.startswith('engine.rulesets.') and m.count('.') >= 2
                and m.split('.')[2] not in ('registry', 'base'))
try:
    get_ruleset('no-such-rules')
    unknown = ''
except RulesetNotFound as e:
    unknown = str(e)
print(json.dumps({'first': first, 'loaded': sorted(set(loaded)), 'unknown': unknown,
                  'all': [r.id for r in list_rulesets()]}))
"""


def _probe(ruleset_id: str) -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE, ruleset_id], cwd=ROOT, check=True,
                         capture_output=True, text=True, env={"PYTHONPATH": str(ROOT)})
    return json.loads(out.stdout)


def test_one_ruleset_is_loaded_for_its_id_and_all_are_still_known():
    from engine.rulesets.registry import list_rulesets

    every = [r.id for r in list_rulesets()]
    assert len(every) >= 5
    for rid in every:
        got = _probe(rid)
        assert got["first"] == rid
        assert got["all"] == every
        assert all(r in got["unknown"] for r in every)


def test_before_the_full_list_only_the_asked_package_is_imported():
    code = PROBE.split("try:")[0] + "print(json.dumps(sorted(set(loaded))))"
    for rid in ("keno-platoon", "iron-hearts"):
        out = subprocess.run([sys.executable, "-c", code, rid], cwd=ROOT, check=True,
                             capture_output=True, text=True, env={"PYTHONPATH": str(ROOT)})
        assert json.loads(out.stdout) == [rid.replace("-", "_")]
