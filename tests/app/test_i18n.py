"""The interface's language: chosen at start, switched while a game is open (the window is
rebuilt around the same game, undo history and file), English when no translation is built."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from app import i18n
from app.window import MainWindow
from engine.model import Change, MoveUnit
from engine.scenario_io import load_demo

from .russian import Russian


def test_a_language_is_read_from_tags_and_options():
    assert i18n.normalize("ru_RU.UTF-8") == "ru" and i18n.normalize("en_GB") == "en"
    assert i18n.normalize("de_DE") is None and i18n.normalize("C") is None
    assert i18n.lang_from_args(["--lang", "ru", "x.json"]) == ("ru", ["x.json"])
    assert i18n.lang_from_args(["--lang=en"]) == ("en", [])
    with pytest.raises(ValueError, match="--lang: expected one of en, ru, got 'fr'"):
        i18n.lang_from_args(["--lang", "fr"])


def test_the_option_wins_then_the_setting_then_the_environment(qapp):
    ru_env = {"LANG": "ru_RU.UTF-8"}
    assert i18n.choose_language("en", env=ru_env) == "en"
    assert i18n.choose_language(None, use_setting=False, env=ru_env) == "ru"
    assert i18n.choose_language(None, use_setting=False, env={"LC_ALL": "ru_RU"}) == "ru"
    assert i18n.choose_language(None, use_setting=False, env={"LANG": "de_DE"}) == "en"
    s = i18n.settings_store()
    s.setValue(i18n.LANGUAGE_KEY, "ru")
    try:
        assert i18n.choose_language(None, env={"LANG": "en_US"}) == "ru"
        assert i18n.choose_language(None, use_setting=False, env={"LANG": "en_US"}) == "en"
    finally:
        s.remove(i18n.LANGUAGE_KEY)


def test_without_a_compiled_translation_the_program_stays_english(qapp, tmp_path,
                                                                  monkeypatch):
    monkeypatch.setattr(i18n, "qm_dirs", lambda: [tmp_path])
    assert i18n.install("ru") is False
    assert i18n.current_language() == "en"
    w = MainWindow(load_demo())
    try:
        assert w.file_menu.title() == "&File"
    finally:
        w.deleteLater()
    i18n.install("en")


def test_the_window_is_built_in_russian(qapp, qm_folder):
    with Russian(qm_folder):
        w = MainWindow(load_demo())
        try:
            titles = [a.text() for a in w.menuBar().actions()]
            assert titles[:4] == ["&Файл", "&Правка", "&Вид", "&Инструменты"]
            assert w.quit_action.text() == "В&ыход"
            assert "стол 72\" × 48\"" in w.scenario_label.text()
        finally:
            w.deleteLater()


def test_switching_the_language_keeps_the_game_and_its_undo_history(qtbot, qm_folder):
    w = MainWindow(load_demo())   # not qtbot's: relocalize deletes it
    w.show()
    game = w.editor.game
    unit = game.scenario.units[0]
    w.editor.push(Change([MoveUnit(unit.id, unit.x + 1, unit.y)], label="Move"))
    w.select_unit(unit.id)
    with Russian(qm_folder):
        with qtbot.waitSignal(w.relocalized, timeout=5000) as sig:
            i18n.notifier().language_changed.emit("ru")
        new = sig.args[0]
        qtbot.addWidget(new)
        assert new.editor.game is game                      # the same game, not a copy
        assert new.editor.undo_stack.count() == 1 and new.editor.undo_stack.canUndo()
        assert new.menuBar().actions()[0].text() == "&Файл"
        assert new.selected_unit_id == unit.id and new.isVisible() and not w.isVisible()
        new.editor.undo_stack.undo()                        # undo still works in the new one
        assert game.unit(unit.id).x == unit.x
        assert new.scene.has_unit(unit.id)
    QApplication.processEvents()


def test_set_language_saves_the_choice_and_says_so(qapp, qm_folder, monkeypatch):
    monkeypatch.setenv(i18n.QM_DIR_ENV, str(qm_folder))
    seen = []
    i18n.notifier().language_changed.connect(seen.append)
    try:
        assert i18n.set_language("ru") == "ru"
        assert i18n.saved_language() == "ru" and seen == ["ru"]
        assert i18n.set_language("ru") == "ru" and seen == ["ru"]   # no change, no signal
    finally:
        i18n.notifier().language_changed.disconnect(seen.append)
        i18n.install("en")
        i18n.settings_store().remove(i18n.LANGUAGE_KEY)


def _resolve(capsys, *extra):
    from app.main import main
    from resources.loader import resource

    demo = str(resource("scenarios", "crossroads.json"))
    code = main([*extra, "resolve", demo, "shoot", "--by", "gren-1", "--target", "us-1-1",
                 "--dice", "3,2"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    return out


def test_the_command_line_follows_lang(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    for key in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(key, raising=False)
    out = _resolve(capsys)
    assert out.startswith("Стрельба — ")
    # dice are written к10 in Russian (issue #16; this said "d10" before)
    assert "1. Бросок на попадание — 1 × к10 (введены вручную): 3 (попадание)" in out
    assert "нужно к10 ≤ 5 (Точность 5)" in out
    assert "Итог: 1 попадание, 1 ранение, подавление 1 — Pfc. Dawson: −1 ХП (1 → 0); " \
           "НПС на 0 ХП: бросьте бросок смерти" in out
    # --lang wins over LANG, before or after the command
    assert _resolve(capsys, "--lang", "en").startswith("Shoot — ")
    monkeypatch.setenv("LANG", "C")
    assert "Итог: 1 попадание" in _resolve(capsys, "--lang=ru")
    assert "Result: 1 hits, 1 wounds, 1 suppression" in _resolve(capsys)


def test_a_language_we_do_not_have_is_refused_by_name(capsys):
    from app.main import main

    assert main(["--lang", "fr", "resolve"]) == 2
    assert "--lang: expected one of en, ru, got 'fr'" in capsys.readouterr().err
