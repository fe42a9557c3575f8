"""A FIFO (or a device) given as a scenario, a game or a faction file to import is refused at
once, by name, instead of blocking the program until something writes to it."""

from __future__ import annotations

import os

import pytest

from engine.library import Library
from engine.options import SchemaError
from engine.safe_json import NotARegularFile, read_regular, sniff
from engine.scenario_io import ScenarioError, load_scenario
from tests.hostile_io import within

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "scenario.json"
    os.mkfifo(path)
    return path


def test_read_regular_refuses_a_fifo_and_a_device(fifo):
    with pytest.raises(NotARegularFile):
        within(5, lambda: read_regular(fifo, 100), [fifo])
    with pytest.raises(NotARegularFile):
        within(5, lambda: read_regular("/dev/zero", 100))
    assert within(5, lambda: sniff(fifo, 16), [fifo]) == b""


def test_a_fifo_scenario_is_refused_naming_it(fifo):
    with pytest.raises(ScenarioError, match="scenario.json: not a regular file"):
        within(5, lambda: load_scenario(fifo), [fifo])


def test_a_fifo_faction_is_refused_naming_it(fifo):
    with Library(":memory:") as lib, pytest.raises(SchemaError,
                                                   match="faction file: not a regular file"):
        within(5, lambda: lib.import_faction_file(fifo), [fifo])


@pytest.mark.parametrize("command", [["measure", "{f}", "a", "b"], ["verify", "{f}"],
                                     ["cards", "{f}", "-o", "{out}"]])
def test_the_command_line_refuses_a_fifo(fifo, tmp_path, capsys, command):
    from app import cli

    argv = [a.format(f=fifo, out=tmp_path / "o.pdf") for a in command]
    assert within(10, lambda: cli.run(argv), [fifo]) == 2
    assert str(fifo) in capsys.readouterr().err
