"""The organisation editor's questions to Keno (chain.py): the sample's chain of command is
sound; a loop is refused, a member of a group whose commander cannot pass to it, a
detached group not under its parent squad, an android better than level 2 are named with
their rule; the organisation is locked once the battle has started."""

from __future__ import annotations

from engine.dice import ScriptedDice
from engine.rulesets.keno_platoon.chain import GROUP_KINDS, chain_locked, check_chain
from engine.scenario import Group
from engine.turns import roll_initiative

from .helpers import T, game_of, push, sample_game, unit


def test_the_sample_is_sound_and_every_kind_has_a_russian_name():
    assert check_chain(sample_game().scenario) == []
    assert all(ru and ru != en for _id, en, ru in GROUP_KINDS)


def test_what_is_wrong_is_named_with_its_rule():
    g = game_of([unit("a", 1, 1, parent="b"), unit("b", 2, 2, parent="a"),
                 unit("p", 5, 5), unit("s", 6, 6, parent=None),
                 unit("d", 7, 7, parent="p", detached_from="s"),
                 unit("x", 8, 8, parent="nowhere", android=True, level=1)],
                groups=[Group("plt", "platoon", ["p", "s"], name="1st platoon",
                              commander="p")])
    notes = {(n.rule, n.text, n.group, n.refuse) for n in check_chain(g.scenario)}
    assert ("§4.1", "a's chain of command loops back to it", None, True) in notes
    assert ("§4.1", "s is in 1st platoon under p, but its direct commander is nobody: p "
            "cannot pass it actions", "plt", False) in notes
    assert ("§4.8-5", "d is detached from s and must be under it, not p", None, False) \
        in notes
    assert ("§4.8-4", "x: an android commander is never better than level 2", None,
            False) in notes
    assert ("§4.1", "x's direct commander 'nowhere' is neither a unit nor an off-table group",
            None, False) in notes


def test_locked_once_the_battle_has_started():
    g = sample_game()
    g.sides = ["keno", "steel"]
    assert chain_locked(g) is None
    push(g, roll_initiative(g, T, ScriptedDice([9, 2])).change)
    assert "the battle has started" in chain_locked(g) and "§4.1" in chain_locked(g)



def test_the_ruleset_registers_its_organisation_hooks():
    """The organisation editor's protocol hooks (engine.organisation): Keno's kinds with
    Russian labels, its check, its lock; a kind it does not have is refused, a squad put
    under a commander who cannot pass to it is named, the lock holds once the battle has
    started and the override passes it."""
    import pytest

    from engine.edits import AddGroup, AddMember
    from engine.model import Change
    from engine.organisation import OrganisationRefused, vet_change
    from engine.rulesets.keno_platoon import RULESET

    assert [k.id for k in RULESET.group_kinds()][:3] == ["squad", "platoon", "company"]
    assert RULESET.group_kinds()[1].label_ru == "взвод"
    g = sample_game()
    assert RULESET.check_organisation(g.scenario) == []
    with pytest.raises(OrganisationRefused, match="'squadron' is not a kind of group"):
        vet_change(g, Change([AddGroup({"id": "x", "kind": "squadron", "members": []})],
                             "form"))
    notes = vet_change(g, Change([AddMember("tplt", "k1")], "k1 into the tank platoon"))
    assert [(n.rule, n.group) for n in notes] == [("§4.1", "tplt")]
    assert "Tank platoon commander cannot pass it actions" in notes[0].text
    g.sides = ["keno", "steel"]
    push(g, roll_initiative(g, T, ScriptedDice([9, 2])).change)
    with pytest.raises(OrganisationRefused, match="the battle has started"):
        vet_change(g, Change([AddMember("tplt", "k1")], "again"))
    assert vet_change(g, Change([AddMember("tplt", "k1")], "again"), override=True)
