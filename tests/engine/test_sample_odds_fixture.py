"""The exact odds of every action of every sample table equal the ones recorded before the
odds were made faster (tests/engine/data/sample_odds.json.gz, written by
`python -m bench.sample_odds` from the code before): Fraction for Fraction, outcome order
and parts included.

The scatter actions, whose odds code was rewritten for speed, are checked most: every
Civil War artillery call, one Boets template fire in `SCATTER_STRIDE`; every other recorded
call of the five tables one in `STRIDE` (they share engine.odds with the scatter ones).
All 8,833 calls take minutes: `python -m bench.sample_odds --check` compares them all.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from bench.sample_odds import SampleCall, _game, exact_odds, request
from engine.play import plan

FIXTURE = Path(__file__).resolve().parent / "data" / "sample_odds.json.gz"
STRIDE = 25
SCATTER = {"boets-velian-ridge.json": "template_fire", "civil-war-vasylivka.json": "artillery_fire"}
SCATTER_STRIDE = {"boets-velian-ridge.json": 3, "civil-war-vasylivka.json": 1}
TABLES = ["boets-velian-ridge.json", "civil-war-vasylivka.json", "crossroads.json",
          "keno-orchard.json", "butterfly-night-approach.json"]


@pytest.fixture(scope="module")
def recorded() -> dict[str, dict]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as f:
        return json.load(f)


def _call(key: str) -> SampleCall:
    scenario, action, actor, target, weapon = key.split("|")
    return SampleCall(scenario, action, actor, None if target == "-" else target,
                      None if weapon == "-" else weapon)


def _differ(recorded: dict[str, dict], keys: list[str]) -> list[str]:
    games: dict = {}
    out = []
    for key in keys:
        call = _call(key)
        game = games.setdefault(call.scenario, _game(call.scenario))
        if exact_odds(plan(request(game, call)).context.odds()) != recorded[key]:
            out.append(key)
    return out


@pytest.mark.parametrize("scenario", sorted(SCATTER))
def test_scatters_equal_the_recorded_fractions(recorded, scenario):
    keys = sorted(k for k in recorded if k.startswith(f"{scenario}|{SCATTER[scenario]}|"))
    keys = keys[::SCATTER_STRIDE[scenario]]
    assert len(keys) >= 30, scenario
    diff = _differ(recorded, keys)
    assert not diff, f"{len(diff)} of {len(keys)} differ, e.g. {diff[:3]}"


@pytest.mark.parametrize("scenario", TABLES)
def test_sampled_other_calls_equal_the_recorded_fractions(recorded, scenario):
    keys = sorted(k for k in recorded if k.startswith(f"{scenario}|")
                  and _call(k).action != SCATTER.get(scenario))
    assert keys, scenario
    keys = keys[::STRIDE]
    diff = _differ(recorded, keys)
    assert not diff, f"{len(diff)} of {len(keys)} differ, e.g. {diff[:3]}"


def test_a_changed_weight_is_caught(recorded, monkeypatch):
    """The comparison sees one landing's weights off by one in thousands."""
    from engine.rulesets.civil_war_company import artillery

    keys = sorted(k for k in recorded if "|artillery_fire|" in k)[:3]
    assert not _differ(recorded, keys)
    real = artillery.lost_weights

    def off_by_one(stands):
        got = dict(real(stands))
        got[0] = got.get(0, 0) * 1000 + 1
        got.update({k: q * 1000 for k, q in got.items() if k})
        return got

    monkeypatch.setattr(artillery, "lost_weights", off_by_one)
    assert _differ(recorded, keys) == keys
