"""The exact odds of every action of every sample table equal the ones recorded before the
odds were made faster (tests/engine/data/sample_odds.json.gz, written by
`python -m bench.sample_odds`): Fraction for Fraction, outcome order and parts included.

The scatter tables (Boets template fire, Civil War artillery), whose odds code was rewritten
for speed, are checked call for call, and that the same calls are accepted; the other three
tables' recorded calls are checked one in `STRIDE` (they share engine.odds with the first
two; all of them would take most of a minute).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from bench.sample_odds import SampleCall, _game, exact_odds, planned, request
from engine.play import plan

FIXTURE = Path(__file__).resolve().parent / "data" / "sample_odds.json.gz"
STRIDE = 10


@pytest.fixture(scope="module")
def recorded() -> dict[str, dict]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as f:
        return json.load(f)


def _of(recorded: dict[str, dict], scenario: str) -> dict[str, dict]:
    return {k: v for k, v in recorded.items() if k.startswith(f"{scenario}|")}


@pytest.mark.parametrize("scenario", ["boets-velian-ridge.json", "civil-war-vasylivka.json"])
def test_every_call_equals_the_recorded_fractions(recorded, scenario):
    want = _of(recorded, scenario)
    got = {call.key: exact_odds(odds) for call, _, odds in planned(scenario)}
    assert got.keys() == want.keys()
    diff = [k for k in want if got[k] != want[k]]
    assert not diff, f"{len(diff)} calls differ, e.g. {diff[:3]}"


@pytest.mark.parametrize("scenario", ["crossroads.json", "keno-orchard.json",
                                      "butterfly-night-approach.json"])
def test_sampled_calls_equal_the_recorded_fractions(recorded, scenario):
    want = _of(recorded, scenario)
    assert want, scenario
    game = _game(scenario)
    keys = sorted(want)[::STRIDE]
    for key in keys:
        _, action, actor, target, weapon = key.split("|")
        call = SampleCall(scenario, action, actor, None if target == "-" else target,
                          None if weapon == "-" else weapon)
        assert exact_odds(plan(request(game, call)).context.odds()) == want[key], key
