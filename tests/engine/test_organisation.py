"""Organisation hooks (engine.protocol.Organisation) and vetting an organisation edit
(engine.organisation.vet_change): defaults, the ruleset's kinds, check and lock, the
override; the game is left as it was."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest

from engine import organisation
from engine.edits import AddGroup, AddMember, EditGroup
from engine.model import Change, Game, ModelError
from engine.options import SchemaError
from engine.organisation import OrganisationRefused, vet_change
from engine.protocol import GroupKind, Organisation, OrganisationNote
from engine.rulesets.registry import register, unregister
from engine.scenario_io import dumps_scenario, loads_scenario
from tests.engine import test_protocol as toy

MAX_SQUAD = 3


def squad_check(scenario) -> list[OrganisationNote]:
    """A squad wants a commander (a warning); more than three units refuses."""
    out = []
    for g in scenario.groups:
        if g.kind != "squad":
            continue
        if g.commander is None:
            out.append(OrganisationNote("§T.1", "a squad has a leader", g.id))
        if len(g.members) > MAX_SQUAD:
            out.append(OrganisationNote("§T.2", f"at most {MAX_SQUAD} men in a squad", g.id,
                                        refuse=True))
    return out


def started(game) -> str | None:
    return f"the battle has started (turn {game.turn})" if game.turn > 1 else None


ORG = dataclasses.replace(
    toy.TOY, id="toy-org", name="Toy organisation",
    organisation=Organisation(
        kinds=(GroupKind("squad", "squad", "отделение"), GroupKind("team", "team", "группа"),
               GroupKind("platoon", "platoon", "взвод"), GroupKind("hq", "HQ", "штаб")),
        check=squad_check, locked=started))


DOC = {
    "format": "warboard-scenario", "version": 2, "name": "Groups", "ruleset": "toy",
    "table": {"width_in": 48, "height_in": 36},
    "units": [{"id": i, "side": s, "profile": "p", "x": x, "y": y,
               "base": {"shape": "round", "diameter_mm": 25}}
              for i, s, x, y in (("a1", "allies", 10, 10), ("a2", "allies", 12, 10),
                                 ("b1", "allies", 10, 14), ("b2", "allies", 12, 14),
                                 ("lt", "allies", 16, 12), ("x1", "axis", 36, 20))],
    "groups": [
        {"id": "sq-a", "kind": "squad", "name": "Able", "members": ["a1", "a2"]},
        {"id": "sq-b", "kind": "squad", "name": "Baker", "members": ["b1", "b2"]},
        {"id": "pl-1", "kind": "platoon", "name": "1st platoon", "members": ["sq-a", "sq-b"],
         "commander": "lt"},
    ],
}


@pytest.fixture
def game():
    register(ORG)
    doc = copy.deepcopy(DOC)
    doc["ruleset"] = "toy-org"
    yield Game(loads_scenario(json.dumps(doc)))
    unregister(ORG.id)


def test_the_default_hooks_allow_any_kind_check_nothing_and_never_lock():
    assert toy.TOY.group_kinds() == ()
    g = Game(loads_scenario(json.dumps(DOC)))
    assert toy.TOY.check_organisation(g.scenario) == []
    assert toy.TOY.organisation_locked(g) is None
    kinds, free = organisation.kinds_offered(g)  # "toy" is no ruleset here: the defaults
    assert free and "platoon" in [k.id for k in kinds]
    assert vet_change(g, Change([EditGroup("sq-a", {"kind": "anything"})])) == []


def test_a_ruleset_offers_its_kinds_and_refuses_others_naming_the_field(game):
    assert [k.label_ru for k in ORG.group_kinds()] == ["отделение", "группа", "взвод", "штаб"]
    assert organisation.kinds_offered(game) == (ORG.organisation.kinds, False)
    with pytest.raises(OrganisationRefused, match=r"add_group.group.kind \(effect 1\): "
                                                  r"'army' is not a kind"):
        vet_change(game, Change([AddGroup({"id": "n", "kind": "army", "members": []})]))
    vet_change(game, Change([AddGroup({"id": "n", "kind": "army", "members": []})]),
               override=True)


def test_a_refusing_fault_refuses_only_when_the_edit_brings_it_in(game):
    before = dumps_scenario(game.scenario)
    four = Change([AddMember("sq-a", "b1"), AddMember("sq-a", "x1")], "four")
    with pytest.raises(OrganisationRefused) as err:
        vet_change(game, Change([EditGroup("sq-b", {"members": ["b2"]}), *four.effects]))
    assert str(err.value) == "sq-a: at most 3 men in a squad (§T.2)"
    assert err.value.notes[0].rule == "§T.2"
    assert dumps_scenario(game.scenario) == before  # tried and reverted
    notes = vet_change(game, Change([EditGroup("sq-b", {"members": ["b2"]}),
                                     *four.effects]), override=True)
    assert [n.rule for n in notes if n.group == "sq-a"] == ["§T.1", "§T.2"]
    # a fault already there does not refuse the next, unrelated edit
    from engine.model import apply_change
    apply_change(game, Change([EditGroup("sq-b", {"members": ["b2"]}), *four.effects]))
    assert vet_change(game, Change([EditGroup("sq-b", {"name": "B"})]))
    # a bad edit is the model's refusal, as when it is pushed
    with pytest.raises(ModelError, match="membership loop"):
        vet_change(game, Change([AddMember("sq-a", "pl-1")]))


def test_a_locked_organisation_refuses_with_the_rulesets_reason(game):
    game.turn = 3
    with pytest.raises(OrganisationRefused, match="can no longer be edited: the battle has "
                                                  r"started \(turn 3\)"):
        vet_change(game, Change([EditGroup("sq-a", {"name": "A"})]))
    vet_change(game, Change([EditGroup("sq-a", {"name": "A"})]), override=True)


def test_kinds_are_declared_well():
    with pytest.raises(SchemaError, match="duplicate id 'squad'"):
        Organisation(kinds=(GroupKind("squad", "squad"), GroupKind("squad", "Squad")))
    with pytest.raises(SchemaError, match="group_kind.label: expected a non-empty"):
        GroupKind("squad", "")
    n = OrganisationNote("§1", "too big", "sq", refuse=True)
    assert str(n) == "sq: too big (§1)" and n.to_dict()["refuse"] is True
