"""Bad ruleset files are refused with the file, line and field named; nothing crashes,
and the other rulesets still load: a syntax error, an unknown stat, a formula using an
undefined name, a division by zero, a recursive definition, a 10,000-die pool, a file of
50 MB, and more."""

from __future__ import annotations

import re

import pytest

from engine.house.folder import load_folder
from engine.options import SchemaError
from engine.rulesets import registry

from . import guide


def _edit(folder, old: str, new: str, name: str = "rules.toml") -> None:
    path = folder / name
    text = path.read_text("utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), "utf-8")


def _line_of(folder, needle: str, name: str = "rules.toml") -> int:
    lines = (folder / name).read_text("utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


CASES = [
    # (what, old, new, the field named, what the message says, the line's text)
    ("syntax error", 'label = "Rally"', 'label = "Rally', None, "not valid TOML",
     'label = "Rally'),
    ("unknown stat", 'target = "actor.nerve"', 'target = "actor.nerv"',
     "actions.rally.steps[0].target", "unknown stat 'nerv'", 'target = "actor.nerv"'),
    ("undefined name", 'n = "weapon.shots"', 'n = "weapon.shots + bonus_dice"',
     "actions.shoot.steps[0].n", "bonus_dice: unknown name", "bonus_dice"),
    ("division by zero", 'n = "hit"', 'n = "hit / 0"', "actions.shoot.steps[1].n",
     "division by zero", 'n = "hit / 0"'),
    ("recursive definition", 'long_shot = "fact.distance_in > weapon.range / 2"',
     'long_shot = "wound_on > 3"\nloop = "wound_on"',
     "formulas.", "a recursive definition", None),
    ("10,000-die pool", 'n = "weapon.shots"', "n = 10000", "actions.shoot.steps[0].n",
     "at most 100 dice", "n = 10000"),
    ("undefined name in a formula", 'long_shot = "fact.distance_in > weapon.range / 2"',
     'long_shot = "fact.distance_in > weapon.range / 2 + slack"', "formulas.long_shot",
     "slack: unknown name", "slack"),
    ("unknown field", 'vs = "<="', 'vs = "<="\nversus = ">"', "actions.rally.steps[0].versus",
     "unknown field", "versus"),
    ("unsafe formula", 'target = "actor.nerve"', "target = \"__import__('os').getcwd()\"",
     "actions.rally.steps[0].target", "is not a function here", "__import__"),
    ("wrong type", "min = 2\nmax = 6", 'min = "two"\nmax = 6', "stats.shoot.min",
     "expected a whole number or a number", 'min = "two"'),
    ("bad comparison", 'vs = "<="', 'vs = "=<"', "actions.rally.steps[0].vs",
     "comparison", 'vs = "=<"'),
]


@pytest.mark.parametrize("what,old,new,field,said,line_text", CASES,
                         ids=[c[0] for c in CASES])
def test_a_bad_file_is_refused_naming_file_line_and_field(tmp_path, what, old, new, field,
                                                          said, line_text):
    folder = guide.build(tmp_path)
    if what == "recursive definition":
        _edit(folder, 'wound_on = "clamp(4 + target.toughness - 3 - weapon.power, 2, 6)"',
              'wound_on = "clamp(4 + target.toughness - 3 - weapon.power, 2, 6) + loop"')
    _edit(folder, old, new)
    with pytest.raises(SchemaError) as e:
        load_folder(folder)
    message = str(e.value)
    assert message.startswith("rules.toml:"), message
    assert said in message, message
    if field:
        assert f": {field}" in message, message
    if line_text:
        assert re.match(rf"rules\.toml:{_line_of(folder, line_text)}: ", message), message
    if what == "recursive definition":
        assert re.search(r"(wound_on|long_shot|loop) → .* → ", message), message


def test_a_profile_with_an_unknown_stat_names_its_file_and_field(tmp_path):
    folder = guide.build(tmp_path)
    _edit(folder, "shoot = 4\n", "shoot = 4\nshooting = 5\n", "profiles.toml")
    with pytest.raises(SchemaError, match=r"profiles\.toml:\d+: .*profiles\.trooper\."
                                          r"shooting"):
        load_folder(folder)


def test_a_file_of_50_mb_is_refused_before_it_is_read(tmp_path):
    folder = guide.build(tmp_path)
    with (folder / "rules.toml").open("a", encoding="utf-8") as f:
        f.write("# " + "x" * 1000 + "\n")
        f.truncate(50 * 1024 * 1024)
    with pytest.raises(SchemaError, match=r"rules\.toml: 52,428,800 bytes is over"):
        load_folder(folder)


def test_a_pool_grown_past_the_limit_in_play_is_refused_not_rolled(house_folder):
    """A pool whose size comes from the table (not a constant) is refused when it is
    priced or rolled: the odds never try 10,000 dice."""
    from engine.dice import ScriptedDice
    from engine.model import Game
    from engine.protocol import ActionRefused
    from engine.scenario_io import load_scenario

    game = Game(load_scenario(house_folder.parent / "frontier-skirmish.json"))
    rs = registry.get_ruleset("frontier-skirmish")
    weapon = dict(rs.weapon("carbine"), shots=10_000)
    from engine.protocol import Facts

    ctx = rs.context("shoot", actor=game.unit("red-1"), target=game.unit("blue-1"),
                     weapon=weapon, game=game, facts=Facts(distance_in=5.0, los=True, cover=0))
    for attempt in (ctx.odds, lambda: ctx.resolve(ScriptedDice([6] * 10))):
        with pytest.raises(ActionRefused, match="10000 dice is outside 0–100"):
            attempt()


def test_the_other_rulesets_still_load_beside_a_broken_one(tmp_path, monkeypatch):
    good = guide.build(tmp_path / "rulesets")
    bad = tmp_path / "rulesets" / "broken"
    bad.mkdir()
    (bad / "rules.toml").write_text('[ruleset]\nid = "broken"\nname = "Broken"\n'
                                    '[actions.x]\nlabel = "X"\n[[actions.x.steps]]\n'
                                    'id = "s"\nkind = "test"\ndie = "\'d6\'"\n'
                                    'target = "actor.nothing"\n', "utf-8")
    monkeypatch.setenv("WARBOARD_RULESETS", str(tmp_path / "rulesets"))
    try:
        registry.reload_house()
        ids = [rs.id for rs in registry.list_rulesets()]
        assert "frontier-skirmish" in ids and "keno-platoon" in ids and "broken" not in ids
        (problem,) = registry.house_errors()
        assert str(bad / "rules.toml") in problem
        assert "rules.toml:10: actions.x.steps[0].target: actor.nothing: unknown stat" \
            in problem
        assert good.is_dir()
    finally:
        monkeypatch.delenv("WARBOARD_RULESETS")
        registry.reload_house()


def test_a_house_ruleset_may_not_take_a_program_ruleset_s_id(tmp_path, monkeypatch):
    folder = guide.build(tmp_path / "rulesets")
    _edit(folder, 'id = "frontier-skirmish"', 'id = "keno-platoon"')
    monkeypatch.setenv("WARBOARD_RULESETS", str(tmp_path / "rulesets"))
    try:
        registry.reload_house()
        assert "already the id of" in registry.house_errors()[0]
        assert registry.get_ruleset("keno-platoon").name == "Keno platoon"
    finally:
        monkeypatch.delenv("WARBOARD_RULESETS")
        registry.reload_house()
