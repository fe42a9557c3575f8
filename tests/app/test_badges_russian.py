"""The short texts drawn on the board badges read in the interface's language (issue #16):
each ruleset's badge text is a message with a Russian abbreviation in its glossary, and the
board draws it through app.i18n.loc — in English byte-identical to before, in Russian with
no Latin letters. One case per ruleset that declares badges, on its own sample table."""

from __future__ import annotations

import re

import pytest

from app import i18n
from app.board import BoardScene
from engine.scenario import Scenario
from engine.scenario_io import load_demo, load_scenario
from resources.loader import resource
from tests.engine.butterfly_effect.conftest import SAMPLE

LATIN = re.compile(r"[A-Za-z]")


def butterfly() -> Scenario:
    return load_demo(SAMPLE)


def civil_war() -> Scenario:
    return load_scenario(resource("scenarios", "civil-war-vasylivka.json"))


def boets() -> Scenario:
    s = load_scenario(resource("scenarios", "boets-velian-ridge.json"))
    s.unit("cy-a-4").x += 4.0        # dragged out of its squad's chain (§4.7-3)
    return s


#: ruleset id, its scenario, and per step: the unit, the state it takes, the badge texts
#: drawn in English (as before this change) and in Russian.
CASES = {
    "butterfly-effect": (butterfly, [
        ("jiy", {"hp": 2, "wound": "heavy", "armour": 1, "in_cover": "partial",
                 "neutralised": True, "hostage": True, "full_defence": True,
                 "detected": True},
         ["HP 2/4", "AR 1", "HEAVY", "PC", "NEUT", "HOST", "DEF", "STL", "SEEN"],
         ["ХП 2/4", "БР 1", "ТЯЖ", "ЧУ", "ОБЕЗ", "ЗАЛОЖ", "ОБОР", "СТЕЛС", "ОБН"]),
        ("manny", {"wound": "light", "in_cover": "full"}, None, None),
        ("manny", {"wound": "critical"}, None, None),
        ("manny", {"wound": "unrated"}, None, None),
        ("manny", {"hp": 0, "dead_pending": True}, None, None),
    ]),
    "civil-war-company": (civil_war, [
        ("white-gun", {"ammo": 8}, ["AM8"], ["БЗ8"]),
        ("tachanka", {"ammo": None, "ammo_rolled": None, "under_fire": True},  # poor supply
         ["AM?"], ["БЗ?"]),
    ]),
    "iron-hearts": (load_demo, [
        ("sherman-2", {"status": "knocked_out", "penetrations": 2,
                       "systems": ["engine", "gun"],
                       "crew": {"gunner": {"status": "killed"},
                                "driver": {"status": "wounded"}}},
         ["KO", "PEN2", "SYSEG", "KIA1", "WIA1"],
         ["ПОДБ", "ПРБ2", "СИСДП", "УБ1", "РАН1"]),
        ("sherman-3", {"status": "destroyed"}, ["DES"], ["УНИЧ"]),
    ]),
    "boets-sci-fi": (boets, [("cy-a-4", {}, ["CMD"], ["КД"])]),
}


def drawn(scene: BoardScene, uid: str) -> list[str]:
    """The texts the unit's badge row paints (BadgeItem.paint draws each Badge.text)."""
    scene.refresh_unit(uid)
    item = scene.unit_item(uid).badges
    return [] if item is None else item.texts


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_badge_texts_read_russian_and_stay_english(qapp, monkeypatch, ruleset):
    make, steps = CASES[ruleset]
    scenario = make()
    assert scenario.ruleset == ruleset
    scene = BoardScene(scenario)
    scene.refresh_warnings()
    monkeypatch.setattr(i18n, "_ruleset", ruleset)
    for uid, state, english, russian in steps:
        unit = scenario.unit(uid)
        for key, value in state.items():
            if value is None:
                unit.state.pop(key, None)
            else:
                unit.state[key] = value
        monkeypatch.setattr(i18n, "_current", "en")
        en = drawn(scene, uid)
        monkeypatch.setattr(i18n, "_current", "ru")
        ru = drawn(scene, uid)
        assert en and len(ru) == len(en), (uid, state)
        if english is not None:
            assert en == english and ru == russian
        assert not [t for t in ru if LATIN.search(t)], (uid, state, ru)


def test_the_boards_own_marker_and_state_badges_read_russian(qapp):
    """The board's own badges (style.MARKER_BADGES, STATE_BADGES: suppression, pinned,
    terror, shaken, wounds, hit points) and their tips are translated too."""
    from app.board.items import badges_for

    scenario = load_demo()
    unit = next(u for u in scenario.units if u.id == "us-1-1")
    unit.markers.update({"suppression": 2, "pinned": True, "terror": 1, "shaken": True})
    unit.state.update({"wounds": 1, "hp": 3})
    try:
        i18n.install("en")
        en = badges_for(unit)
        i18n.install("ru")
        i18n.set_game_ruleset(scenario.ruleset)
        ru = badges_for(unit)
    finally:
        i18n.install("en")
        i18n.set_game_ruleset(None)
    assert [b.text for b in en] == ["S2", "PIN", "T1", "SHK", "W1", "HP 3"]
    assert [b.text for b in ru] == ["П2", "ПРЖ", "У1", "ПОТР", "Р1", "ХП 3"]
    assert en[0].tip == "suppression: 2" and ru[0].tip == "подавление: 2"
