"""Per-member cover in the Actions dock (issue 9 point 7): an MG picks a squad half behind a
wall; the dock shows who is in what cover, the player overrides one man, the odds change —
real clicks and typing, and the command line reads the same."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from engine.rulesets.iron_hearts import RULESET as IH
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape
from geometry.terrain import TerrainPiece
from tests.app.test_panels_firefight import PROFILES, pick_units
from tests.app.test_panels_support import (
    choose,
    cli_json,
    click,
    open_window,
    save_table,
    select_unit,
)

ROUND = BaseShape.round(25)
SQUAD = ("vova", "tolik", "zhora", "sasha")


def walled_squad() -> Scenario:
    """The MG at (10, 20); vova and tolik just behind a wall 20" east, zhora and sasha in
    the open north of it."""
    at = {"vova": (30.6, 19.2), "tolik": (30.6, 20.8), "zhora": (30.6, 28.0),
          "sasha": (30.6, 30.0)}
    units = [Unit("mg", "axis", "gunner", 10, 20, ROUND, facing=0.0, name="MG-42 team"),
             *[Unit(uid, "us", "soldier", x, y, ROUND, facing=180.0, name=uid.title(),
                    parent="cmd") for uid, (x, y) in at.items()],
             Unit("cmd", "us", "commander", 37, 20, ROUND, facing=180.0, name="Lt. Moss")]
    wall = TerrainPiece("wall-1", "wall", line=[(30.0, 16.0), (30.0, 24.0)])
    return Scenario("walled", "iron-hearts", Table(48, 40, metres_per_inch=2.5), [wall],
                    units, profiles=PROFILES)


@pytest.fixture
def win(qtbot):
    return open_window(qtbot, walled_squad(), centre=(24, 24))


def test_per_member_cover_shown_overridden_and_priced(win, qtbot, tmp_path):
    game, panel = win.game, win.services.action_panel
    game.active_side = "axis"
    select_unit(qtbot, win, "mg")
    choose(qtbot, panel.action_box, "shoot")
    choose(qtbot, panel.roles_view.part("weapon", "combo", "weapon"), "mg42")
    pick_units(qtbot, win, panel.roles_view.part("targets", "pick"), SQUAD)
    assert panel.target_ids == list(SQUAD)

    row = panel.facts_view.rows["member_cover"]
    assert panel.facts_view.measured.get("member_cover") == {
        "vova": 2, "tolik": 2, "zhora": 0, "sasha": 0}
    shown = row.measured.text()
    assert "Vova: 2 — cover 2 (walls)" in shown and "Zhora: 0 — no cover" in shown
    before = panel.odds_chart.heights()
    assert before == [float(p) for _, p in panel.context.odds().outcomes]

    # the real table: zhora is in a building's doorway after all — override him alone
    click(qtbot, row.check)
    assert row.editor.isEnabled()
    row.editor.selectAll()
    qtbot.keyClick(row.editor, Qt.Key.Key_Delete)
    qtbot.keyClicks(row.editor, "zhora:3")
    ctx = panel.context
    assert ctx.facts.get("member_cover") == {"vova": 2, "tolik": 2, "zhora": 3, "sasha": 0}
    assert "member_cover" in ctx.facts.overridden
    after = panel.odds_chart.heights()
    assert after == [float(p) for _, p in ctx.odds().outcomes] and after != before
    # fewer wounds expected with zhora in cover 3
    mean = sum(i * p for i, p in enumerate(after))
    assert mean < sum(i * p for i, p in enumerate(before))

    # the command line, with the same override, gives the same odds
    path = save_table(win, tmp_path / "walled.json")
    out = cli_json(["odds", path, "shoot", "--by", "mg", "--targets", ",".join(SQUAD),
                    "--weapon", "mg42", "--fact", "member_cover=zhora:3"])
    assert out["facts"]["member_cover"] == {"vova": 2, "tolik": 2, "zhora": 3, "sasha": 0}
    assert [o["probability"] for o in out["outcomes"]] == pytest.approx(after)
    assert IH.action("shoot").fact_names.count("member_cover") == 1


def test_cli_resolve_and_odds_print_who_is_in_what_cover(tmp_path, capsys):
    from app import cli
    from engine.scenario_io import save_scenario

    path = tmp_path / "walled.json"
    save_scenario(walled_squad(), path)
    base = [str(path), "shoot", "--by", "mg", "--target", "vova", "--option", "squad=true",
            "--weapon", "mg42"]
    assert cli.run(["odds", *base]) == 0
    out = capsys.readouterr().out
    assert "member cover vova 2, tolik 2, zhora 0, sasha 0" in out
    assert cli.run(["odds", *base, "--fact", "member_cover=zhora:3"]) == 0
    out = capsys.readouterr().out
    assert "member cover vova 2, tolik 2, zhora 3, sasha 0 (entered by hand)" in out
    # 5 hits; d4 allocation vova, tolik, zhora, sasha, tolik: the three behind the wall
    # read Damage 7 − 2 (9, 9, 1), the two in the open Damage 7 (1, 1)
    assert cli.run(["resolve", *base, "--dice", "1 1 1 1 1 1 2 3 4 2 9 9 1 1 1"]) == 0
    out = capsys.readouterr().out
    assert "Cover 2 (Vova, Tolik): Wound roll — 3 × d10 (typed): miss: 9, 9 · wound: 1" in out
    assert "Cover 0 (Zhora, Sasha): Wound roll — 2 × d10 (typed): wound: 1, 1" in out
    assert "Result: 5 hits, 3 wounds, 5 suppression" in out
