"""The command line in the player's language (issue 16): `warboard --help`, `warboard help
COMMAND`, every command's options and the refusals — argparse's own words too ("usage:",
"positional arguments", "error: …") — follow `--lang` or LANG, through app.i18n's tr() and
the .ts; English stays as it was."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from app import cli, i18n
from app.main import main

CROSSROADS = "resources/scenarios/crossroads.json"
ROOT = Path(__file__).resolve().parents[2]


def test_the_overview_in_russian_lists_every_command(capsys, russian_cli):
    assert main(["--lang", "ru", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("использование: warboard [FILE]")
    assert "команды:" in out and "Ошибки выводятся в stderr с кодом выхода 2." in out
    for name in cli.COMMANDS:
        assert any(line.split()[:1] == [name] for line in out.splitlines()), name
    assert "карточки отрядов для печати" in out
    assert "usage:" not in out and "commands:" not in out


def test_help_of_a_command_in_russian_with_argparse_words(capsys, russian_cli, monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert main(["help", "resolve"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("использование: warboard resolve")
    assert "позиционные аргументы:" in out and "параметры:" in out
    assert "показать эту справку и выйти" in out
    flat = " ".join(out.split())
    assert "грани настоящих кубиков в том порядке, в каком их бросают шаги" in flat
    assert "ответный огонь:" in out            # the return-fire argument group
    for english in ("usage:", "positional arguments", "options:", "show this help"):
        assert english not in out


def test_a_command_s_own_help_flag_in_russian(capsys, russian_cli):
    assert main(["--lang", "ru", "cards", "--help"]) == 0
    out = capsys.readouterr().out
    assert "PDF для записи" in out and "одна карточка на страницу" in out


def test_argparse_refusals_in_russian(capsys, russian_cli):
    assert main(["--lang", "ru", "measure"]) == 2
    err = capsys.readouterr().err
    assert "использование: warboard measure" in err
    assert "warboard measure: ошибка: не заданы обязательные аргументы: FILE, FROM, TO" in err
    assert main(["--lang", "ru", "template", CROSSROADS, "blast-7", "1", "2"]) == 2
    err = capsys.readouterr().err
    assert "ошибка: аргумент SHAPE: недопустимый выбор: 'blast-7'" in err
    assert main(["--lang", "ru", "template", CROSSROADS, "blast-3", "abc", "2"]) == 2
    assert "аргумент X: ожидалось число, получено 'abc'" in capsys.readouterr().err
    assert main(["--lang", "ru", "measure", CROSSROADS, "a", "b", "--bogus"]) == 2
    assert "непонятные аргументы: --bogus" in capsys.readouterr().err


def test_the_command_line_s_own_refusals_and_warnings_in_russian(capsys, russian_cli, tmp_path):
    assert main(["--lang", "ru", "cards", CROSSROADS, "-o", str(tmp_path / "c.pdf"),
                 "--per-page", "0"]) == 2
    assert "--per-page: ожидалось целое число ≥ 1, получено 0" in capsys.readouterr().err
    assert main(["--lang", "ru", "help", "shoot"]) == 2
    assert "КОМАНДА: нет команды 'shoot'" in capsys.readouterr().err
    assert main(["--lang", "ru", "template", CROSSROADS, "blast-3", "100", "100"]) == 0
    assert "предупреждение: X Y (100, 100) за пределами стола 72\" × 48\"" in \
        capsys.readouterr().err
    assert main(["--lang", "ru", "odds", CROSSROADS, "shoot", "--by", "nobody"]) == 2
    assert "--by: нет отряда с id 'nobody'" in capsys.readouterr().err


def test_english_stays_english_after_russian(capsys, russian_cli):
    assert main(["--lang", "ru", "measure"]) == 2
    capsys.readouterr()
    assert main(["--lang", "en", "measure"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: warboard measure")
    assert "warboard measure: error: the following arguments are required: FILE, FROM, TO" \
        in err
    assert main(["--lang", "en", "help", "resolve"]) == 0
    out = capsys.readouterr().out
    assert "positional arguments:" in out and "options:" in out
    assert "show this help message and exit" in out


def test_russian_without_a_qt_application(qm_folder):
    """A text-only command starts no Qt application: the words come through app.i18n's
    standalone translator."""
    env = {k: v for k, v in os.environ.items() if k not in i18n.ENV_KEYS}
    env.update(LANG="ru_RU.UTF-8", PYTHONPATH=str(ROOT), **{i18n.QM_DIR_ENV: str(qm_folder)})
    done = subprocess.run([sys.executable, "-m", "app.main", "measure", CROSSROADS, "gren-1"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "ошибка: не заданы обязательные аргументы: TO" in done.stderr
    assert "использование: warboard measure" in done.stderr


def test_a_refusal_of_the_rules_in_russian_names_its_flag(capsys, russian_cli):
    """The rules' refusal (a msg() Text) is rebuilt in the command's language after the
    flag at fault, the head the flag already says dropped in either language; exit 2."""
    args = ["resolve", CROSSROADS, "shoot", "--by", "us-1-1", "--target", "sherman-2",
            "--fact", "los=yes"]
    assert main(["--lang", "ru", *args]) == 2
    err = capsys.readouterr().err
    assert "ошибка: --target: невозможно: Sherman 2 'Bulldog' — бронетехника" in err
    assert "цель:" not in err and "armoured" not in err
    assert main(["--lang", "ru", "odds", CROSSROADS, "order", "--by", "us-1-nco",
                 "--target", "us-1-1", "--option", "order=assault",
                 "--option", "enemy_distance_m=80"]) == 2
    err = capsys.readouterr().err
    assert "--option order: невозможно: штурм — только в пределах 50 м" in err
    assert main(["--lang", "ru", "resolve", CROSSROADS, "tank_fire", "--by", "sherman-1",
                 "--target", "sherman-2"]) == 2
    assert "ошибка: невозможно: Огонь из пушки: главное орудие не наведено на Sherman 2" \
        in capsys.readouterr().err
    assert main(["--lang", "ru", "resolve", CROSSROADS, "shoot", "--by", "us-1-1", "--target",
                 "gren-nco", "--fact", "los=no", "--dice", ""]) == 2
    assert "--fact los: невозможно: нет линии видимости: цель скрыта — сначала бросьте " \
        "Обнаружение (§4.3)" in capsys.readouterr().err
    assert main(["--lang", "en", *args]) == 2  # English as it was
    assert "error: --target: not possible: Sherman 2 'Bulldog' is an armoured vehicle " \
        "and the M1 Garand rifle has no armour piercing" in capsys.readouterr().err


def test_the_app_s_dice_line_in_russian(capsys, russian_cli):
    assert main(["--lang", "ru", "resolve", CROSSROADS, "shoot", "--by", "gren-1",
                 "--target", "us-1-1", "--fact", "los=yes", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "Кубики: программа, зерно 7 (повторить: --seed 7)" in out
    assert "Dice:" not in out


def test_a_russian_command_run_in_a_running_app_leaves_both_languages_as_they_were(
        capsys, russian_cli, qapp):
    """A command run inside the program (the self-test, a test) with --lang ru leaves the
    interface and the command language as it found them: a board window drawn after it
    (a picture) is in English, not in the last command's Russian."""
    from app.picture_cli import board_window
    from engine.model import Game
    from engine.scenario_io import load_demo

    assert i18n.current_language() == "en" and cli.language() == "en"
    assert main(["--lang", "ru", "measure"]) == 2
    assert "использование: warboard measure" in capsys.readouterr().err  # it spoke Russian
    assert cli.language() == "en" and i18n.current_language() == "en"
    window = board_window(Game(load_demo()))
    try:
        assert i18n.current_language() == "en"
    finally:
        window.deleteLater()
