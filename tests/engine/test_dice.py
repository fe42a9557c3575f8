"""Dice: faces, judging, the three sources and their error messages, generator fairness."""

from __future__ import annotations

import math

import numpy as np
import pytest

from engine.dice import (
    D3,
    D4,
    D6,
    D8,
    D10,
    D12,
    D20,
    STANDARD_DICE,
    Bands,
    Comparison,
    DiceError,
    DiceSource,
    Die,
    RandomDice,
    RollRecord,
    ScriptedDice,
    TypedDice,
    die,
    draw,
    parse_faces,
    step_die,
)
from engine.dice import Test as DiceTest

LE, LT, GE, GT = Comparison.LE, Comparison.LT, Comparison.GE, Comparison.GT


# --------------------------------------------------------------------------- dice


def test_standard_dice_faces():
    assert [d.sides for d in STANDARD_DICE] == [3, 4, 6, 8, 10, 12, 20]
    assert list(D3.faces) == [1, 2, 3]
    assert D10.name == "d10" and str(D20) == "d20"


def test_die_parsing():
    assert die("d10") == D10
    assert die("D6") == D6
    assert die(8) == D8
    assert die(D12) is D12
    with pytest.raises(DiceError, match="expected a die such as 'd10', got 'x6'"):
        die("x6")
    with pytest.raises(DiceError, match="0 sides is outside"):
        Die(0)


def test_step_die_ladder():
    assert step_die(D8, -1) == D6
    assert step_die(D6, -1) == D4
    assert step_die(D4, -1) is None
    assert step_die(D12, 1) == D12
    with pytest.raises(DiceError, match="d20 is not on the die ladder"):
        step_die(D20, -1)


def test_check_names_step_die_and_value():
    assert D10.check("7", label="hit roll") == 7
    with pytest.raises(DiceError) as e:
        D10.check(11, label="hit roll")
    assert str(e.value) == "step 'hit roll' needs a d10: 11 is not a face of a d10 (1–10)"
    with pytest.raises(DiceError, match=r"0 is not a face of a d10 \(1–10\)"):
        D10.check(0, label="hit roll")
    with pytest.raises(DiceError) as e:
        D10.check("x", label="hit roll")
    assert str(e.value) == "step 'hit roll' needs a d10: 'x' is not a whole number"
    with pytest.raises(DiceError, match="2.5 is not a whole number"):
        D6.check(2.5, label="s")
    with pytest.raises(DiceError, match="True is not a whole number"):
        D6.check(True, label="s")


def test_d3_refuses_a_d6_face_with_a_hint():
    assert D3.check(3, label="ammo") == 3
    with pytest.raises(DiceError, match=r"4 is not a face of a d3 \(1–3\) \(read a d6 halved"):
        D3.check(4, label="ammo")


# --------------------------------------------------------------------------- judging


@pytest.mark.parametrize("cmp,face,target,ok", [
    (LE, 6, 6, True), (LE, 7, 6, False), (LT, 6, 6, False), (LT, 5, 6, True),
    (GE, 8, 8, True), (GE, 7, 8, False), (GT, 3, 3, False), (GT, 4, 3, True),
])
def test_comparisons(cmp, face, target, ok):
    assert cmp.holds(face, target) is ok


def test_comparison_symbols_and_parse():
    assert [c.symbol for c in Comparison] == ["≤", "<", "≥", ">"]
    assert Comparison.parse("<=") is LE and Comparison.parse("≥") is GE
    with pytest.raises(ValueError, match="comparison"):
        Comparison.parse("=")


def test_natural_rules_override_the_target():
    t = DiceTest(D10, 12, LE, natural_success=1, natural_failure=10)
    assert t.passes([10]) is False          # 10 ≤ 12, but a natural 10 always fails
    assert t.passes([9]) is True
    t0 = DiceTest(D10, 0, LE, natural_success=1, natural_failure=10)
    assert t0.passes([1]) is True           # 1 > 0, but a natural 1 always succeeds
    assert t0.passes([2]) is False
    assert t0.natural([1]) == "natural success" and t0.natural([5]) is None


def test_summed_and_bonus_tests():
    serious = DiceTest(D6, 7, LE, dice=2)       # seed 001: "6+3 = 9 > 7 → fail"
    assert serious.passes([6, 3]) is False
    assert serious.passes([4, 3]) is True
    pen = DiceTest(D10, 7, GT, roll_bonus=2)    # d10 + 2 > AV 7
    assert pen.passes([5]) is False and pen.passes([6]) is True
    assert pen.expression == "d10 + 2 > 7"
    assert serious.expression == "2d6 ≤ 7"
    quality = DiceTest(D8, 3, GT)               # seed 004: d8 > level 3
    assert quality.passes([3]) is False and quality.passes([4]) is True
    assert DiceTest(D6, 5, GE).passes([5])      # seed 003-style 5+ success


def test_test_validation():
    with pytest.raises(ValueError, match="natural-face rules need a single die"):
        DiceTest(D6, 7, LE, dice=2, natural_failure=6)
    with pytest.raises(ValueError, match="natural_failure: 11 is not a face of a d10"):
        DiceTest(D10, 5, natural_failure=11)
    with pytest.raises(ValueError, match="expected 1 faces, got 2"):
        DiceTest(D10, 5).passes([1, 2])


def test_bands_wound_roll_damage_8_cover_2():
    # Iron Hearts IH-4: Damage 8, cover 2 → 1–6 wound, 7–8 suppression, 9–10 miss.
    b = Bands(D10, LE, ((6, "wound"), (8, "suppression")), otherwise="miss")
    got = [b.classify([f]) for f in range(1, 11)]
    assert got == ["wound"] * 6 + ["suppression"] * 2 + ["miss"] * 2
    assert b.labels == ("wound", "suppression", "miss")


def test_bands_descending_damage_table_with_bonus():
    table = Bands(D10, GE, ((12, "ammo"), (10, "knocked out"), (4, "crew hit")),
                  otherwise="shaken", roll_bonus=2)
    assert table.classify([10]) == "ammo"
    assert table.classify([8]) == "knocked out"
    assert table.classify([2]) == "crew hit"
    assert table.classify([1]) == "shaken"


# --------------------------------------------------------------------------- sources


def test_random_dice_seed_reproducible_and_exposed():
    a, b = RandomDice(seed=1234), RandomDice(seed=1234)
    rolls_a = [a.roll(D10, 5, label="x"), a.roll(D6, 3, label="y")]
    rolls_b = [b.roll(D10, 5, label="x"), b.roll(D6, 3, label="y")]
    assert rolls_a == rolls_b
    assert a.seed == 1234
    assert all(1 <= f <= 10 for f in rolls_a[0]) and all(1 <= f <= 6 for f in rolls_a[1])
    assert a.records[0] == RollRecord("x", "d10", tuple(rolls_a[0]), "app", 1234)
    assert RandomDice(seed=1).roll(D20, 20, label="z") != RandomDice(seed=2).roll(
        D20, 20, label="z")


def test_random_dice_without_seed_draws_and_keeps_one():
    d = RandomDice()
    assert isinstance(d.seed, int) and d.seed >= 0
    faces = d.roll(D10, 10, label="x")
    assert RandomDice(seed=d.seed).roll(D10, 10, label="x") == faces
    with pytest.raises(DiceError, match="seed: expected a non-negative whole number"):
        RandomDice(seed=-1)


def test_sources_satisfy_the_protocol():
    for src in (RandomDice(1), TypedDice("1"), ScriptedDice([1])):
        assert isinstance(src, DiceSource)
    assert (RandomDice(1).kind, TypedDice("1").kind, ScriptedDice([1]).kind) == \
        ("app", "typed", "script")


def test_typed_dice_used_in_order_and_recorded():
    t = TypedDice("3,5 1; 10")
    assert t.roll(D10, 3, label="hit roll") == [3, 5, 1]
    assert t.roll(D10, 1, label="wound roll") == [10]
    assert t.records[1] == RollRecord("wound roll", "d10", (10,), "typed", None)
    assert t.remaining == []
    t.check_exhausted()


def test_typed_dice_refuses_faces_naming_step_die_value():
    with pytest.raises(DiceError) as e:
        TypedDice("3 11").roll(D10, 2, label="hit roll")
    assert str(e.value) == "step 'hit roll' needs a d10: 11 is not a face of a d10 (1–10)"
    with pytest.raises(DiceError) as e:
        TypedDice("0").roll(D10, 1, label="hit roll")
    assert "0 is not a face of a d10" in str(e.value)
    with pytest.raises(DiceError) as e:
        TypedDice("4 x").roll(D10, 2, label="hit roll")
    assert str(e.value) == "step 'hit roll' needs a d10: 'x' is not a whole number"


def test_typed_dice_too_few_values():
    t = TypedDice([4])
    with pytest.raises(DiceError) as e:
        t.roll(D10, 3, label="wound roll")
    assert str(e.value) == "step 'wound roll' needs 3 × d10, only 1 value left"
    # A refused roll consumes nothing: the value is still there for a corrected request.
    assert t.roll(D10, 1, label="wound roll") == [4]


def test_typed_dice_left_over_values_reported():
    t = TypedDice("1 2 3")
    t.roll(D6, 1, label="a")
    with pytest.raises(DiceError, match=r"2 typed value\(s\) not used: 2, 3"):
        t.check_exhausted()


def test_scripted_dice_same_checks():
    s = ScriptedDice([7, 12])
    assert s.roll(D10, 1, label="aim") == [7]
    with pytest.raises(DiceError, match="step 'fire' needs a d10: 12 is not a face"):
        s.roll(D10, 1, label="fire")
    with pytest.raises(DiceError, match="step 'fire' needs 2 × d10, only 1 value left"):
        s.roll(D10, 2, label="fire")


def test_parse_faces():
    assert parse_faces("3,5,1") == [3, 5, 1]
    assert parse_faces(" 3 5  1 ") == [3, 5, 1]
    assert parse_faces("") == []
    with pytest.raises(DiceError) as e:
        parse_faces("3, x, 1")
    assert str(e.value) == "dice value 2: 'x' is not a whole number"


def test_draw_records_source_and_checks_foreign_sources():
    rec = draw(RandomDice(seed=9), D6, 4, label="hits")
    assert rec.source == "app" and rec.seed == 9 and len(rec.faces) == 4
    assert rec.source_text == "app, seed 9"
    assert draw(TypedDice("2"), D6, 1, label="x").source_text == "typed"

    class Loaded:  # a third-party source returning an impossible face
        kind, seed = "script", None

        def roll(self, die, n, *, label):
            return [7] * n

    with pytest.raises(DiceError, match="step 'hits' needs a d6: 7 is not a face of a d6"):
        draw(Loaded(), D6, 2, label="hits")
    with pytest.raises(DiceError, match="dice count must be a whole number ≥ 0"):
        draw(RandomDice(1), D6, -1, label="x")


def test_roll_record_round_trip():
    r = RollRecord("aim", "d10", (3,), "app", 77)
    assert RollRecord.from_dict(r.to_dict()) == r
    with pytest.raises(ValueError, match="roll record.source"):
        RollRecord.from_dict({**r.to_dict(), "source": "magic"})
    with pytest.raises(ValueError, match="missing 'faces'"):
        RollRecord.from_dict({"label": "x", "die": "d6", "source": "app"})


# --------------------------------------------------------------------------- fairness


def chi2_sf(x: float, df: int) -> float:
    """Exact upper tail of the chi-square distribution (scipy is not installed): the
    closed forms for even df (a Poisson sum) and odd df (erfc plus a half-integer sum)."""
    h = x / 2
    if df % 2 == 0:
        return math.exp(-h) * sum(h**i / math.factorial(i) for i in range(df // 2))
    tail = sum(h ** (i - 0.5) / math.gamma(i + 0.5) for i in range(1, (df - 1) // 2 + 1))
    return math.erfc(math.sqrt(h)) + math.exp(-h) * tail


def chi_square_p(counts: np.ndarray) -> float:
    """p-value of Pearson's chi-square test that all faces are equally likely."""
    expected = counts.sum() / len(counts)
    x = float(((counts - expected) ** 2 / expected).sum())
    return chi2_sf(x, len(counts) - 1)


def test_chi2_tail_matches_tables():
    # 0.999 quantiles from standard tables; df=2 is exp(-x/2) exactly.
    assert chi2_sf(18.4207, 2) == pytest.approx(1e-4, rel=1e-4)
    for df, q in ((1, 10.828), (5, 20.515), (9, 27.877), (19, 43.820)):
        assert chi2_sf(q, df) == pytest.approx(1e-3, rel=2e-3)


@pytest.mark.parametrize("d", STANDARD_DICE, ids=lambda d: d.name)
def test_generator_is_fair(d):
    faces = RandomDice(seed=20240601).roll_array(d, 1_000_000)
    assert faces.min() == 1 and faces.max() == d.sides
    counts = np.bincount(faces, minlength=d.sides + 1)[1:]
    assert chi_square_p(counts) > 1e-4


def test_fairness_check_detects_a_loaded_die():
    faces = RandomDice(seed=5).roll_array(D10, 1_000_000)
    head = faces[:50_000]                     # a view: edits reach `faces`
    head[head == 10] = 1                       # 0.5 % of all rolls moved from 10 to 1
    counts = np.bincount(faces, minlength=11)[1:]
    assert chi_square_p(counts) < 1e-4
    assert D4 in STANDARD_DICE and D12 in STANDARD_DICE


def test_bands_naturals_read_before_thresholds():
    skill = Bands(D10, LE, ((12, "success"),), "non-success", naturals=((10, "fumble"),))
    assert skill.classify([10]) == "fumble"     # 10 ≤ 12, but a natural 10 is a fumble
    assert skill.classify([9]) == "success"
    assert skill.labels == ("success", "non-success", "fumble")
    with pytest.raises(ValueError, match="natural-face rules need a single die"):
        Bands(D6, LE, ((7, "pass"),), "fail", dice=2, naturals=((1, "x"),))
    with pytest.raises(ValueError, match="bands.naturals: 11 is not a face of a d10"):
        Bands(D10, LE, ((5, "a"),), "b", naturals=((11, "x"),))
