"""engine/path_words.py: geometry's facts about a refused move worded for players, in
English exactly as the drag readout always said them, and in Russian with no English left."""

import pytest

from engine.i18n import localized
from engine.path_words import path_reason, path_reasons
from geometry.bases import BaseShape
from geometry.movement import PathProblem, check_path
from geometry.terrain import TerrainIndex, TerrainPiece
from tests.russian_words import LATIN

WOODS = TerrainPiece("woods", "woods", polygon=[(2, -1), (4, -1), (4, 1), (2, 1)])


def test_each_problem_in_english():
    assert path_reason(PathProblem("too_long", cost_in=8.0, allowance_in=7.0,
                                   difficult=True)) == (
        'too long: costs 8.00" (difficult terrain counted double), allowance 7.00"')
    assert path_reason(PathProblem("too_long", cost_in=9.5, allowance_in=6.0)) == (
        'too long: costs 9.50", allowance 6.00"')
    assert path_reason(PathProblem("impassable", terrain=("pond", "house"))) == (
        "crosses impassable terrain: pond, house")
    assert path_reason(PathProblem("off_table")) == "off the table"
    assert path_reason(PathProblem("over_edge")) == "over the table's edge"


def test_an_unknown_code_is_refused_by_name():
    with pytest.raises(ValueError, match="problem.code"):
        path_reason(PathProblem("flying"))


@pytest.mark.parametrize("problem", [
    PathProblem("too_long", cost_in=8.0, allowance_in=7.0, difficult=True),
    PathProblem("too_long", cost_in=8.0, allowance_in=7.0),
    PathProblem("impassable", terrain=("pond",)),
    PathProblem("off_table"), PathProblem("over_edge")])
def test_each_problem_in_russian_has_no_english_word(problem):
    ru = localized(path_reason(problem), "ru")
    left = set(LATIN.findall(ru)) - {"pond"}   # a terrain piece's id is the table's name
    assert not left, ru


def test_a_checked_move_is_worded_in_order():
    index = TerrainIndex([WOODS])
    check = check_path(index, BaseShape.round(25.4), [(0, 0), (6, 0)], 7, table=(5, 5))
    assert [str(t) for t in path_reasons(check)] == [
        'too long: costs 8.00" (difficult terrain counted double), allowance 7.00"',
        "off the table"]
