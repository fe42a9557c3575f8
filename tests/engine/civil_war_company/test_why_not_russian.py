"""Civil War refusals of an action a unit cannot take (`why_not`) name the action by its
label in Russian, never by its id ("artillery_fire"), and the audience in Russian
(issue #16); the English text is unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.i18n import localized
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_scenario
from resources.loader import resource

RID = "civil-war-company"

# (action, a unit of the sample table that may not take it, English, Russian)
CASES = [
    ("artillery_fire", "unr-1", "Artillery fire applies to batteries only",
     "Огонь артиллерии: только для отрядов «батареи»"),
    ("fire", None, "Fire applies to companies and machine guns only",
     "Стрельба: только для отрядов «роты и пулемёты»"),
    ("rout_move", None, "Rout move applies to companies only",
     "Бегство роты: только для отрядов «роты»"),
    ("roll_ammunition", "unr-1", "Roll ammunition (poor supply) applies to MGs and batteries only",
     "Бросок боезапаса (плохое снабжение): только для отрядов «пулемёты и батареи»"),
]


@pytest.fixture(scope="module")
def table():
    return load_scenario(Path(str(resource("scenarios", "civil-war-vasylivka.json"))))


@pytest.mark.parametrize(("action", "unit", "english", "russian"), CASES,
                         ids=[c[0] for c in CASES])
def test_why_not_names_the_action_by_its_russian_label(table, action, unit, english, russian):
    rs = get_ruleset(RID)
    refused = [(u.id, w) for u in table.units
               if (w := rs.why_not(action, u, profiles=table.profiles)) is not None]
    assert refused, f"every unit of the table may take {action}"
    why = dict(refused)[unit] if unit is not None else refused[0][1]
    assert str(why) == english
    shown = localized(why, "ru", RID)
    assert shown == russian
    assert action not in shown
