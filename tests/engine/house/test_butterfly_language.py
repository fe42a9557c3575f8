"""The language the Butterfly fire needed, refused clearly when written wrong: a hook the
ruleset does not give, a text table of no known form, a deferred change at no boundary —
each named by file, line and field when the file is read, not halfway through a roll."""

from __future__ import annotations

import tomllib

import pytest

from engine.house.expr import ExprError
from engine.house.fields import Table
from engine.house.pack import read_pack
from engine.house.source import SourceFile, key_lines

HEAD = """format = "warboard-rules-1"
[actions.shot]
label = "Shot"
roles = ["actor", "target", { name = "other", required = false, label = "second" }]
"""
STEP = """[[actions.shot.steps]]
id = "shot"
kind = "pool"
die = "'d6'"
n = 2
target = 4
"""


def _read(text: str, hooks=None):
    source = SourceFile("t.toml", tomllib.loads(text), key_lines(text))
    return read_pack(Table(source, "", source.data), hooks=hooks)


def test_a_hook_the_ruleset_does_not_give_is_named():
    bad = STEP + '[[actions.shot.effects]]\ndo = "effects"\nvalue = "hook.nowhere"\n'
    with pytest.raises(ExprError, match=r"t\.toml:\d+: .*hook\.nowhere: no such hook"):
        _read(HEAD + bad)


def test_a_text_table_of_no_known_form_is_named():
    bad = STEP + 'outcome = { cases = [ { when = "shot > 0", bogus = "1" } ] }\n'
    with pytest.raises(ExprError, match=r"outcome.*one of say, join, cases or value"):
        _read(HEAD + bad)


def test_a_deferred_change_needs_a_boundary_and_effects():
    bad = STEP + ('[[actions.shot.effects]]\ndo = "defer"\nunit = "target"\n'
                  'at = "someday"\neffects = [ { do = "remove_unit", unit = "target" } ]\n')
    with pytest.raises(ExprError, match=r"effects\[0\]\.at: expected one of"):
        _read(HEAD + bad)


def test_roles_as_tables_keep_their_label_and_formulas_read_them():
    ok = STEP + ('[[actions.shot.effects]]\ndo = "set_state"\nunit = "target"\nkey = "hit"\n'
                 'value = "shot > 0 and other == none"\n')
    action = _read(HEAD + ok).actions[0]
    assert [(r.name, r.required, r.label) for r in action.roles] == [
        ("actor", True, ""), ("target", True, ""), ("other", False, "second")]
