"""A unit name holding terminal escape codes or a bidi override is printed by the command line
as visible \\uXXXX escapes, never as the codes themselves (they retitled the terminal,
cleared it, reordered the line)."""

from __future__ import annotations

import json

from app import cli
from app.terminal_text import terminal_safe
from engine.scenario_io import load_demo, save_scenario

EVIL = "Evil\x1b]0;pwned\x07\x1b[2J\u202eName\x9b31m\r"
RAW = ("\x1b", "\x07", "\x9b", "\u202e", "\r")


def test_escape_codes_in_a_name_do_not_reach_the_terminal(tmp_path, capsys):
    s = load_demo()
    s.units[0].name = EVIL
    path = tmp_path / "evil.json"
    save_scenario(s, path)
    assert cli.run(["measure", str(path), s.units[0].id, s.units[1].id]) == 0
    out = capsys.readouterr().out
    assert "Evil\\u001b]0;pwned\\u0007\\u001b[2J\\u202eName\\u009b31m\\u000d" in out
    assert not any(c in out for c in RAW)
    assert "\n" in out and "  " in out  # line feeds and the table's spacing stay


def test_the_escape_keeps_json_meaning():
    text = json.dumps({"name": EVIL}, ensure_ascii=False)
    safe = terminal_safe(text)
    assert not any(c in safe for c in RAW)
    assert json.loads(safe) == {"name": EVIL}
    assert terminal_safe("tab\there\nnext ünïcode — ok") == "tab\there\nnext ünïcode — ok"
