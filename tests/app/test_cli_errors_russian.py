"""The last English of the command line in a Russian game (issue #16): `warboard picture`'s
refusals (a bad scatter among them) and off-table warning, `warboard template`'s readout and
the measuring errors, and `warboard organisation` — the ruleset's remarks on the table's
groups — each in the command's language with the field or flag named; English unchanged."""

from __future__ import annotations

import json

import pytest

from app import cli
from app.main import main
from tests.app.test_russian_walk import ALLOW, english
from tests.russian_words import LATIN

CROSSROADS = "resources/scenarios/crossroads.json"
BOETS = "resources/scenarios/boets-velian-ridge.json"


def no_english(text: str, *names: str) -> None:
    """No English word in `text` but the program's and the commands' names, and the flags
    and values quoted from the command line (`names`); argparse's usage lines (the
    options as typed) are not read."""
    allowed = set(ALLOW) | {"warboard", *cli.COMMANDS}
    for n in names:
        words = [*LATIN.findall(n), *n.split()]
        allowed.update(words, (f"{w}'" for w in words))
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith(
        ("использование:", " "))]
    assert english(lines, allowed) == [], text


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("args", "said", "names"), [
    (["--template", "blast-3", "1", "2", "--scatter=-1@2"],
     "аргумент --scatter: расстояние не может быть отрицательным, получено '-1@2'",
     "scatter"),
    (["--template", "blast-3", "1", "2", "--scatter", "3@x"],
     "аргумент --scatter: ожидалось РАССТ@АЗИМУТ", "scatter"),
    (["--scatter", "3@90"], "--scatter: нужно --template ФОРМА X Y", "scatter template"),
    (["--template", "blast-9", "1", "2", "--scatter", "3@90"],
     "--template: shape: ожидалось одно из: blast-3, blast-5, flamer, получено 'blast-9'",
     "template shape blast flamer"),
    (["--template", "flamer", "10", "10", "--scatter", "3@90"],
     "--template: огнемётный шаблон кладут от отряда", "template flamer"),
    (["--ap", "1"], "--ap: нужно --reach ОТРЯД", "reach"),
    (["--reach", "gren-1", "--ap", "0"], "--ap: ожидалось 1 или больше, получено 0", ""),
    (["--width", "5"], "width: ожидалось 200–8000 пикс., получено 5", "width"),
    (["--around", "zz", "3"], "unit: на столе нет отряда с id 'zz'", "unit"),
    (["--around", "gren-1", "-3"], "radius: ожидалось от 0.125 до 1e+06 дюймов, получено -3",
     "radius"),
    (["--measure", "gren-1", "gren-1"], "--measure: A и B — один и тот же отряд",
     "measure"),
    (["--threat", "zz"], "--threat: на столе нет отряда с id 'zz'", "threat"),
])
def test_picture_refusals_in_russian(capsys, russian_cli, tmp_path, args, said, names):
    code, _, err = run(capsys, "--lang", "ru", "picture", CROSSROADS, "-o",
                       str(tmp_path / "p.png"), *args)
    assert code == 2
    assert said in err, err
    no_english(err, names, "gren", "zz")


def test_picture_output_name_and_off_table_scatter_in_russian(capsys, russian_cli, tmp_path):
    code, _, err = run(capsys, "--lang", "ru", "picture", CROSSROADS, "-o",
                       str(tmp_path / "p.gif"))
    assert code == 2
    assert "output: ожидалось имя файла .png или .svg, получено 'p.gif'" in err
    code, out, err = run(capsys, "--lang", "ru", "picture", CROSSROADS, "-o",
                         str(tmp_path / "p.png"), "--template", "blast-3", "70", "40",
                         "--scatter", "10@0")
    assert code == 0 and (tmp_path / "p.png").is_file()
    assert "предупреждение: --scatter: центр шаблона (80, 40) за пределами стола " \
           "72\" × 48\"" in err
    no_english(err, "scatter")
    code, _, err = run(capsys, "--lang", "en", "picture", CROSSROADS, "-o",
                       str(tmp_path / "q.png"), "--template", "blast-3", "70", "40",
                       "--scatter", "10@0")
    assert code == 0
    assert "warning: --scatter: the template's centre (80, 40) is off the 72\" × 48\" " \
           "table" in err


def test_the_template_readout_and_measuring_errors_in_russian(capsys, russian_cli):
    code, out, _ = run(capsys, "--lang", "ru", "template", CROSSROADS, "blast-3", "12", "20",
                       "--scatter", "3@90")
    assert code == 0
    assert out.splitlines()[:2] == ["blast-3 в (12.00, 20.00)",
                                    "отнесло на 3\" по 90° в (12.00, 23.00)"]
    assert "накрыт на" in out and "covered" not in out
    code, out, _ = run(capsys, "--lang", "en", "template", CROSSROADS, "blast-3", "12", "20",
                       "--scatter", "3@90")
    assert out.splitlines()[:2] == ["blast-3 at (12.00, 20.00)",
                                    "scattered 3\" at 90° to (12.00, 23.00)"]
    assert "% covered" in out
    code, out, _ = run(capsys, "--lang", "ru", "template", CROSSROADS, "blast-3", "1", "1")
    assert out.strip() == "blast-3 в (1.00, 1.00)\nпод шаблоном нет отрядов"
    for argv, said, names in [
            (["measure", CROSSROADS, "zz", "gren-1"], "from: нет отряда с id 'zz'", "from zz"),
            (["measure", CROSSROADS, "gren-1", "gren-1"],
             "to: 'gren-1' — тот самый отряд, от которого меряют; выберите другой",
             "to gren"),
            (["template", CROSSROADS, "flamer", "1", "2"],
             "toward: огнемёту нужна точка, куда целиться", "toward")]:
        code, _, err = run(capsys, "--lang", "ru", *argv)
        assert code == 2 and said in err, err
        no_english(err, names)


def test_organisation_remarks_in_the_command_s_language(capsys, russian_cli, tmp_path):
    """The Boets sample with its clone squad cut to two and a militia fighter put into a
    cyber squad: each remark printed in Russian with its rule, English unchanged."""
    doc = json.loads(open(BOETS, encoding="utf-8").read())
    for g in doc["groups"]:
        if g["id"] == "cl":
            g["members"] = ["cl-1", "cl-2"]
        if g["id"] == "cy-a":
            g["members"].append("vm-6")
        if g["id"] == "vm":
            g["members"].remove("vm-6")
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, _ = run(capsys, "--lang", "ru", "organisation", str(path))
    assert code == 0
    assert "• cl: в отделении 3–9 фигур, а не 2 (§4.1-2)" in out, out
    assert "⚠ cy-a: смешаны армлисты" in out          # a refusing remark is marked
    assert "смешаны армлисты (cyber_infantry, velian_militia): в подразделении один " \
           "армлист (§4.1-1)" in out, out
    names = " ".join(g["id"] for g in doc["groups"]) + " " + \
        " ".join(f'{u["id"]} {u.get("name", "")}' for u in doc["units"])
    no_english(out, names)
    code, en, _ = run(capsys, "--lang", "en", "organisation", str(path))
    assert code == 0 and "a squad has 3–9 figures, not 2 (§4.1-2)" in en, en
    code, out, _ = run(capsys, "--lang", "ru", "organisation", BOETS, "--json")
    data = json.loads(out)
    assert data["ruleset"] == "boets-sci-fi" and data["notes"] == []
    code, out, _ = run(capsys, "--lang", "ru", "organisation", BOETS)
    assert out.strip() == "замечаний по организации нет"


def test_return_fire_refusals_in_russian(capsys, russian_cli):
    base = ["--lang", "ru", "resolve", CROSSROADS, "shoot", "--by", "us-1-1", "--target",
            "gren-1", "--return-fire"]
    code, _, err = run(capsys, *base, "nobody")
    assert code == 2 and "--return-fire nobody: ответный огонь: нет отряда с id 'nobody'" in err
    no_english(err, "return-fire nobody")
    code, _, err = run(capsys, *base, "us-1-1")
    assert code == 2 and "ответный огонь: us-1-1 не может отвечать сам себе" in err
    no_english(err, "return-fire us-1-1")


def test_sealed_dice_refusals_in_russian(capsys, russian_cli, tmp_path):
    """A locked sealed game refuses the app's dice, and `warboard verify` a malformed
    seed, in the reader's language (engine.sealed's Russian, forum_text's own words)."""
    from engine import sealed
    from engine.dice import DiceError
    from engine.gamefile import new_game_file
    from engine.i18n import localized, said
    from tests.engine.test_sealed import sealed_game

    game, _ = sealed_game()
    sealed.lock(game.state)
    with pytest.raises(DiceError) as info:
        sealed.app_dice(game)
    ru = localized(said(info.value), "ru")
    assert ru == "запечатанные кубы: ведущий должен сначала открыть зерно, или введите " \
        "грани настоящих кубов", ru
    no_english(ru)
    path = tmp_path / "sealed.warboard"
    new_game_file(path, game)
    code, _, err = run(capsys, "--lang", "ru", "verify", str(path), "--seed", "xyz")
    assert code == 2
    assert "--seed: нужно 64 шестнадцатеричных цифр, получено 'xyz'" in err, err
    no_english(err, "seed verify xyz")
    code, _, err = run(capsys, "--lang", "en", "verify", str(path), "--seed", "xyz")
    assert "--seed: expected 64 hexadecimal digits, got 'xyz'" in err, err


def test_an_action_the_unit_cannot_take_or_the_ruleset_lacks_in_russian(capsys, russian_cli):
    code, _, err = run(capsys, "--lang", "ru", "resolve", CROSSROADS, "tank_fire", "--by",
                       "us-1-1", "--target", "sherman-1")
    assert code == 2
    assert "--by us-1-1 (us-rifleman): Огонь из пушки: только для отрядов «бронетехника»" \
        in err, err
    no_english(err, "us-1-1 us-rifleman")
    code, _, err = run(capsys, "--lang", "ru", "resolve", CROSSROADS, "fly", "--by", "us-1-1")
    assert code == 2 and "ACTION: в правилах 'iron-hearts' нет действия 'fly' (есть: " in err
    code, _, err = run(capsys, "--lang", "en", "resolve", CROSSROADS, "tank_fire", "--by",
                       "us-1-1", "--target", "sherman-1")
    assert "--by us-1-1 (us-rifleman): Fire main gun applies to vehicles only" in err


def test_the_measure_readout_in_russian(capsys, russian_cli):
    """`warboard measure` names its rows, the LOS, cover, side and turret in the command's
    language, as the board's measure tool does; only the units' and pieces' names and ids
    stay as the scenario spells them. English unchanged."""
    import json as _json

    with open(CROSSROADS, encoding="utf-8") as f:
        data = _json.load(f)
    names = " ".join([*(u.get("name", "") for u in data["units"]),
                      *(p.get("name", "") for p in data["terrain"]),
                      *(u["id"] for u in data["units"]), *(p["id"] for p in data["terrain"])])
    code, out, _ = run(capsys, "--lang", "ru", "measure", CROSSROADS, "us-1-nco", "gren-1")
    assert code == 0
    rows = dict(line.split("  ", 1) for line in out.splitlines())
    assert [k.strip() for k in rows] == ["от", "до", "от края до края", "от центра до центра",
                                         "линия видимости", "укрытие", "поражённая сторона",
                                         "в секторе башни"]
    assert out.splitlines()[4].split("  ")[-1].strip().startswith("частично, видно 46%")
    assert "(47.5 м)" in out and "тяжёлое" in out and "лоб: gren-1" in out
    no_english(out, names)
    code, out, _ = run(capsys, "--lang", "ru", "measure", CROSSROADS, "sherman-2", "gren-1")
    assert out.splitlines()[-1].endswith("  да")
    code, out, _ = run(capsys, "--lang", "en", "measure", CROSSROADS, "us-1-nco", "gren-1")
    assert "line of sight     partial, 46% visible; crosses" in out
    assert "side struck       front of gren-1" in out and "(47.5 m)" in out
