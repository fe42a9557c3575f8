"""Random edits of a played, sealed game's file (tests/engine/sealed_play.py): any row of
any table, any column, any new value — a number, text, NULL, or one value deep inside the
row's JSON changed — are either caught by `verify` or leave every roll and result of the
log as they were."""

from __future__ import annotations

import json
import shutil
import sqlite3
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.gamefile import GameFileError, open_game
from engine.verify_game import verify_game
from tests.engine.sealed_play import played

TABLES = ("log", "units", "game", "meta", "scenario", "terrain")
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=6),
                    st.sampled_from(["sealed", "typed", "app", "us-1-1", "gren-2", "roll"]))


def _rolls(path: Path) -> list | None:
    """Every line's roll and result as the game reads them (None: it does not open)."""
    try:
        log = open_game(path).game.log
    except GameFileError:
        return None
    return [(e.turn, e.actor, e.action, e.target, e.dice, str(e.summary), e.details)
            for e in log]


def _leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path


def _set_leaf(value, path, new):
    if not path:
        return new
    value[path[0]] = _set_leaf(value[path[0]], path[1:], new)
    return value


@st.composite
def edits(draw):
    """(table, rowid, column, new value) of one edit of the pristine file."""
    db = sqlite3.connect(played().path)
    table = draw(st.sampled_from(TABLES))
    cur = db.execute(f"SELECT rowid, * FROM [{table}]")
    names = [d[0] for d in cur.description][1:]
    rows = cur.fetchall()
    db.close()
    row = draw(st.sampled_from(rows))
    column = draw(st.sampled_from(names))
    old = row[1 + names.index(column)]
    new = draw(SCALARS)
    if isinstance(old, str) and old[:1] in "[{" and draw(st.booleans()):
        doc = json.loads(old)
        leaves = list(_leaves(doc))
        if leaves:
            new = json.dumps(_set_leaf(doc, draw(st.sampled_from(leaves)), new))
    return table, row[0], column, new


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits())
def test_a_random_edit_is_caught_or_changes_no_roll_nor_result(edit):
    game = played()
    folder = Path(tempfile.mkdtemp(prefix="warboard-edit-"))
    try:
        path = folder / "game.warboard"
        shutil.copyfile(game.path, path)
        table, rowid, column, new = edit
        db = sqlite3.connect(path)
        try:
            with db:
                db.execute(f"UPDATE [{table}] SET [{column}] = ? WHERE rowid = ?",
                           (new, rowid))
        except sqlite3.IntegrityError:
            return                                    # refused by the schema itself
        finally:
            db.close()
        report = verify_game(path, commitment=game.commitment, expected_head=game.head,
                             expected_last_roll=game.last_roll)
        if report.ok:
            assert _rolls(path) == _rolls(game.path), (edit, report.text())
    finally:
        shutil.rmtree(folder, ignore_errors=True)
