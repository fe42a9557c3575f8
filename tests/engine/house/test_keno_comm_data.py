"""Keno's communication test and combat move moved from Python to data (resources/rulesets/
keno-platoon/comm.toml, move.toml) play exactly as before: on every case of
keno_comm_cases the plan, the exact odds, the Turn dock's outlook, every roll's steps and
Russian words, the card's rows, Make contact, the turn's comm_test hook and the contact
report are the ones the Python version recorded in fixtures/keno_comm.json.gz and
fixtures/keno_combat.json.gz (recorded at 4c89a84, before the Python was deleted)."""

from __future__ import annotations

import pytest

from engine.house.check import Check
from engine.rulesets.keno_platoon import command, movement

from . import keno_comm_cases as cases

COMM = cases.recorded(cases.COMM_FIXTURE)
COMBAT = cases.recorded(cases.COMBAT_FIXTURE)


def test_the_comm_test_and_the_combat_move_are_data_checks():
    assert isinstance(command.COMM, Check) and isinstance(movement.COMBAT_MOVE, Check)
    assert not hasattr(command, "in_contact") and not hasattr(movement, "combat_reach")


@pytest.mark.parametrize("quality", [q.name for q in cases.QUALITIES])
def test_every_comm_case_plays_as_the_python_version_did(quality):
    before = [c for c in COMM["cases"] if c["case"][0] == quality]
    assert len(before) == len(COMM["cases"]) // len(cases.QUALITIES) > 0
    for case in before:
        assert cases._plain(cases.comm_case(tuple(case["case"]))) == case, case["case"]


def test_the_cards_comm_rows_are_the_python_versions():
    assert cases._plain(cases.card_rows()) == COMM["card"]


def test_make_contact_the_pass_hook_and_the_contact_report_on_the_sample():
    now = cases._plain(cases.board_cases())
    assert len(now) == len(COMM["board"]) > 0
    for a, b in zip(now, COMM["board"], strict=True):
        assert a == b, b.get("pair") or b.get("report")


def test_every_combat_move_plays_as_the_python_version_did():
    now = cases._plain(cases.record_combat())
    assert now["card"] == COMBAT["card"]
    assert len(now["cases"]) == len(COMBAT["cases"]) > 0
    for a, b in zip(now["cases"], COMBAT["cases"], strict=True):
        assert a == b, b["case"]
