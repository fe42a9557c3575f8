"""A volley measures its stands' lines of sight once: facts, odds and roll share one
shooter-stands x target-stands block kept by the game's measurement service."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import engine.measure.service as service
from engine.dice import RandomDice
from engine.facts import facts_for
from engine.model import Game, apply_change
from engine.rulesets.civil_war_company import RULESET as CW
from engine.scenario_io import load_scenario

SAMPLE = Path(__file__).resolve().parents[3] / "resources" / "scenarios" \
    / "civil-war-vasylivka.json"


@pytest.fixture
def blocks(monkeypatch):
    """The shapes of the visibility blocks worked out, one per call."""
    shapes: list[tuple[int, int]] = []
    real = service.visibility_block

    def spy(index, shooters, targets, **kw):
        out = real(index, shooters, targets, **kw)
        shapes.append(out.shape)
        return out

    monkeypatch.setattr(service, "visibility_block", spy)
    return shapes


def test_a_volley_measures_stand_to_stand_los_once(blocks):
    game = Game(load_scenario(SAMPLE))
    shooters = game.group_units("unr", leaders=True)
    targets = game.group_units("pl", leaders=True)
    facts = facts_for(game.scenario, "fire", "unr-3", "pl-1", ruleset=CW)
    ctx = CW.context("fire", actor=game.unit("unr-3"), target=game.unit("pl-1"),
                     facts=facts, game=game)
    ctx.odds()
    apply_change(game, ctx.resolve(RandomDice(36)).change)
    assert blocks == [(len(shooters), len(targets))]
    assert facts.get("firing_stands") is not None


def test_moving_a_stand_measures_again(blocks):
    game = Game(load_scenario(SAMPLE))
    shooters = game.group_units("unr", leaders=True)
    targets = game.group_units("pl", leaders=True)
    svc = service.service_for(game.scenario)
    first = svc.visibility(shooters, targets)
    assert svc.visibility(shooters, targets) is first
    assert not first.flags.writeable
    moved = [replace(shooters[0], x=shooters[0].x + 1.0), *shooters[1:]]
    svc.visibility(moved, targets)
    assert len(blocks) == 2
