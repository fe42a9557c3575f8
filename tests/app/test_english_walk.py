"""The English walk (issue #39): a game of each ruleset's sample table played in the English
window — every action chosen with its target picked, its odds shown and its dice rolled,
the initiative rolled and the turn ended, the board's tool tips read — and no text may
name a thing by its key: no id of a unit, group, side or profile that is not also its
name, no declared state or marker key, no action id written with "_" or "-"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.window import MainWindow
from engine.i18n import side_name
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.russian_words import record_names

from . import play_walk
from .test_russian_walk import SCENARIOS, widget_texts

#: a token as an id is written: letters, digits, "_", "-" and "." inside
TOKEN = re.compile(r"[A-Za-z0-9][\w.-]*\w|[A-Za-z0-9]")


def internal_keys(scenario, rid: str) -> set[str]:
    """What a player must not read: the table's ids that are not also names (a unit named
    "Jiy" has the id "jiy"; a side "allies" is named "Allies"), the ruleset's declared
    state and marker keys and action ids that read as keys (with "_" or "-")."""
    rs = get_ruleset(rid)
    names = {u.label for u in scenario.units} | {g.label for g in scenario.groups}
    keys = {u.id for u in scenario.units} | {g.id for g in scenario.groups}
    keys |= {u.profile for u in scenario.units}
    keys |= {u.side for u in scenario.units if side_name(u.side, "en", rid) != u.side}
    keys -= names
    # an id that is also a word of a name shown ("tachanka" of "Makhnovist tachanka") is
    # read as that word
    shown = [*names, *record_names(dict(rs.profiles)), *record_names(dict(rs.weapons))]
    words = {w.lower() for n in shown for w in TOKEN.findall(n)}
    keys = {k for k in keys if k.lower() not in words}
    vocab = getattr(rs, "vocabulary", None)
    declared = vocab.keys() if vocab is not None else set()
    keys |= {k for k in declared | {a.id for a in rs.actions} if re.search(r"[_-]", k)}
    return keys


def ids_in(texts, keys: set[str]) -> dict[str, str]:
    """Each key found as a whole token → the first text it was found in."""
    found: dict[str, str] = {}
    for t in texts:
        for token in TOKEN.findall(str(t)):
            if token in keys:
                found.setdefault(token, " ".join(str(t).split())[:160])
    return found


def test_a_key_in_a_text_is_found():
    scenario = load_scenario(Path(str(resource("scenarios", SCENARIOS["iron-hearts"]))))
    keys = internal_keys(scenario, "iron-hearts")
    assert {"sherman-1", "allies", "m4a1-sherman", "us-tanks"} <= keys
    assert "Sherman 1 'Anvil' (Lt. Brooks)" not in keys
    assert ids_in(["Order: allies → axis", "Pvt. Bell — rifleman (Allies)"], keys) == {
        "allies": "Order: allies → axis", "axis": "Order: allies → axis"}


@pytest.mark.parametrize("rid", list(SCENARIOS))
def test_the_english_window_names_no_key(qtbot, rid, tmp_path, monkeypatch):
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("WARBOARD_DATA_DIR", str(tmp_path / "data"))
    scenario = load_scenario(Path(str(resource("scenarios", SCENARIOS[rid]))))
    win = MainWindow(scenario)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    texts = play_walk.play_texts(win, widget_texts) + play_walk.turn_texts(win, widget_texts)
    found = ids_in(texts, internal_keys(scenario, rid))
    assert found == {}, "keys shown:\n" + "\n".join(f"{k}: {t}" for k, t in found.items())
