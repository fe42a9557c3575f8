"""A ruleset's declared vocabulary (engine.protocol.vocabulary): bad declarations are
refused naming the field, and the board's tables over several rulesets keep the first
declaration of a key, in rank order."""

from __future__ import annotations

import pytest

from engine.protocol import BadgeLook, ProfileKeys, Term, Vocabulary, terms
from engine.protocol.vocabulary import marker_badges, side_colours, state_badges
from engine.rulesets.registry import list_rulesets


def test_a_bad_declaration_is_refused_by_name():
    with pytest.raises(ValueError, match=r"'smoke'\.badge\.colour: expected #rrggbb"):
        Term("smoke", badge=BadgeLook("SM", "orange"))
    with pytest.raises(ValueError, match=r"vocabulary\.markers: 'smoke' declared twice"):
        Vocabulary(markers=terms("smoke", "smoke"))
    with pytest.raises(ValueError, match=r"vocabulary\.sides"):
        Vocabulary(sides=(("Blue", "#0000ff"),))
    with pytest.raises(ValueError, match="expected a key"):
        Term("")


def test_tables_keep_the_first_declaration_in_rank_order():
    first = Vocabulary(markers=(Term("b", badge=BadgeLook("B", "#000001", rank=20)),
                                Term("a", badge=BadgeLook("A", "#000002", rank=30)),
                                Term("plain")),
                       sides=(("blue", "#0000ff"),))
    second = Vocabulary(markers=(Term("a", badge=BadgeLook("Z", "#000003", rank=30)),
                                 Term("c", badge=BadgeLook("C", "#000004", rank=10))),
                        unit_state=(Term("hp", badge=BadgeLook("HP ", "#000005",
                                                               shows_zero=True)),),
                        sides=(("blue", "#0000aa"), ("red", "#ff0000")))
    markers = marker_badges((first, second))
    assert list(markers) == ["c", "b", "a"] and markers["a"].label == "A"
    assert list(state_badges((first, second))) == ["hp"]
    assert side_colours((first, second)) == {"blue": "#0000ff", "red": "#ff0000"}


def test_profile_keys_name_only_the_fields_given():
    assert ProfileKeys().fields() == ()
    assert ProfileKeys(base="base", proposed="proposed").fields() == ("base", "proposed")


def test_the_shipped_rulesets_agree_on_a_shared_marker_look():
    """Two rulesets may write the same marker; the board draws one look per key, so their
    badges for it must be the same."""
    seen: dict[str, tuple[str, BadgeLook]] = {}
    for rs in list_rulesets():
        for t in (*rs.vocabulary.markers, *rs.vocabulary.unit_state):
            if t.badge is None:
                continue
            if t.key in seen:
                assert seen[t.key][1] == t.badge, (t.key, seen[t.key][0], rs.id)
            seen.setdefault(t.key, (rs.id, t.badge))
    assert "suppression" in seen
