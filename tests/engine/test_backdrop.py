"""The table picture (issue 40): placed to scale, undone like any edit, kept in the game file
itself, and a file whose picture is wrong or hostile refused by name, never decoded."""

from __future__ import annotations

import math
import sqlite3
import struct
import zlib

import cv2
import numpy as np
import pytest

from engine.autosave import Autosaver
from engine.backdrop import (
    Backdrop,
    SetBackdrop,
    backdrop_from_image,
    scaled_by_points,
    stretch_to_table,
)
from engine.gamefile import GameFileError, load_game, new_game_file, save_game
from engine.model import Change, apply_change, revert_change
from engine.photo.header import ImageRefused, image_info
from tests.engine.test_gamefile import demo_game


def png(w=40, h=30) -> bytes:
    img = np.zeros((h, w, 3), np.uint8)
    img[:, : w // 2] = (0, 120, 255)
    return cv2.imencode(".png", img)[1].tobytes()


def jpeg(w=40, h=30) -> bytes:
    img = np.full((h, w, 3), 200, np.uint8)
    return cv2.imencode(".jpg", img)[1].tobytes()


def png_claiming(w: int, h: int) -> bytes:
    """A tiny PNG whose header claims w × h (what a bomb looks like before decoding)."""
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + \
            struct.pack(">I", zlib.crc32(kind + data))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0")) \
        + chunk(b"IEND", b"")


def test_headers_give_size_without_decoding():
    info = image_info(png(40, 30))
    assert (info.fmt, info.width, info.height) == ("png", 40, 30)
    info = image_info(jpeg(64, 48))
    assert (info.fmt, info.width, info.height) == ("jpeg", 64, 48)
    # a phone's own records after the image's end are no reason to refuse it
    assert image_info(jpeg(64, 48) + b"SEFH\x00\x01trailer").width == 64


@pytest.mark.parametrize("data,words", [
    (b"hello, not a picture", "not a PNG or JPEG"),
    (png_claiming(20_000, 20_000), "20000 × 20000"),
    (jpeg()[: len(jpeg()) // 2], "cut short"),
    (png()[:-12], "cut short"),
    (b"\xff\xd8\xff\xe0\x00", "no frame header"),
])
def test_bad_images_are_refused_by_name(data, words):
    with pytest.raises(ImageRefused) as err:
        image_info(data)
    assert words in str(err.value)


def test_a_picture_is_fitted_to_the_table_and_scaled_by_two_points():
    b = backdrop_from_image(png(40, 30), 72, 48)
    assert b.fmt == "png" and (b.width, b.height) == (40, 30)
    xs = [x for x, _ in b.corners()]
    ys = [y for _, y in b.corners()]
    assert math.isclose(max(ys) - min(ys), 48) and max(xs) - min(xs) == pytest.approx(64)
    # two points on the picture 10" apart on the board are really 12" apart
    p1, p2 = b.to_table(0, 0), b.to_table(40 * 10 / 64, 0)
    t = scaled_by_points(b.transform, p1, p2, 12.0)
    moved = b.with_(transform=t)
    assert math.dist(moved.to_table(0, 0), moved.to_table(40 * 10 / 64, 0)) == \
        pytest.approx(12.0)
    assert moved.to_table(0, 0) == pytest.approx(p1)
    assert stretch_to_table(40, 30, 72, 48) == (1.8, 0, 0, 0, 1.6, 0)
    with pytest.raises(ValueError):
        scaled_by_points(b.transform, p1, p1, 3.0)


def test_setting_the_picture_is_one_undoable_change():
    game = demo_game()
    first = backdrop_from_image(png(), 72, 48)
    change = Change([SetBackdrop(first)], "picture")
    apply_change(game, change)
    assert game.backdrop is first
    change2 = Change([SetBackdrop(first.with_(opacity=0.3, visible=False))], "look")
    apply_change(game, change2)
    assert game.backdrop.opacity == 0.3 and game.backdrop.image is first.image
    revert_change(game, change2)
    assert game.backdrop is first
    revert_change(game, change)
    assert game.backdrop is None
    again = SetBackdrop(**{k: v for k, v in change.effects[0].to_dict().items()
                           if k != "kind"})
    assert again.value == first


def test_the_picture_survives_save_and_reopen_and_old_files_still_open(tmp_path):
    path = tmp_path / "g.warboard"
    game = demo_game()
    new_game_file(path, game)
    with sqlite3.connect(path) as conn:   # a game without a picture: the file it was
        assert not conn.execute("SELECT 1 FROM sqlite_master WHERE name='backdrop'").fetchone()
    assert load_game(path).backdrop is None
    apply_change(game, Change([SetBackdrop(backdrop_from_image(jpeg(), 72, 48))]))
    save_game(path, game)
    back = load_game(path)
    assert back.backdrop == game.backdrop and back.backdrop.image == game.backdrop.image
    apply_change(game, Change([SetBackdrop(game.backdrop.with_(opacity=0.25))]))
    save_game(path, game)
    assert load_game(path).backdrop.opacity == 0.25
    apply_change(game, Change([SetBackdrop(None)]))
    save_game(path, game)
    assert load_game(path).backdrop is None


def test_the_autosaver_keeps_the_picture(tmp_path):
    path = tmp_path / "g.warboard"
    game = demo_game()
    new_game_file(path, game)
    with Autosaver(path) as saver:
        saver.synced(game)
        apply_change(game, Change([SetBackdrop(backdrop_from_image(png(), 72, 48))]))
        saver.submit(game)
        saver.flush()
    assert load_game(path).backdrop == game.backdrop


def _stored(tmp_path) -> tuple:
    path = tmp_path / "g.warboard"
    game = demo_game()
    apply_change(game, Change([SetBackdrop(backdrop_from_image(png(), 72, 48))]))
    new_game_file(path, game)
    return path, game


def _tamper(path, sql: str, *args) -> bytes:
    with sqlite3.connect(path) as conn:
        conn.execute(sql, args)
    return path.read_bytes()


@pytest.mark.parametrize("sql,args,words", [
    ("UPDATE backdrop SET image = ?", (png_claiming(20_000, 20_000),), "20000 × 20000"),
    ("UPDATE backdrop SET image = ?", (b"MZ\x90\x00 not an image",), "not a PNG or JPEG"),
    ("UPDATE backdrop SET image = ?", (png(41, 30),), "width"),
    ("UPDATE backdrop SET image = CAST(? AS TEXT)", ("text",), "expected the image's bytes"),
    ("UPDATE backdrop SET image = zeroblob(70000000)", (), "more than 64 MB"),
    ("UPDATE backdrop SET json = json_set(json, '$.opacity', 7)", (), "opacity"),
    ("UPDATE backdrop SET json = json_set(json, '$.transform', json('[0,0,0,0,0,0]'))", (),
     "transform"),
    ("UPDATE backdrop SET json = ?", ("{not json",), "json"),
    ("INSERT INTO backdrop VALUES ('second', '{}', x'00')", (), "one picture"),
])
def test_a_hostile_picture_is_refused_by_name(tmp_path, sql, args, words):
    path, _game = _stored(tmp_path)
    before = _tamper(path, sql, *args)
    with pytest.raises(GameFileError) as err:
        load_game(path)
    assert err.value.kind == "invalid"
    assert "backdrop row 'picture'" in str(err.value) or "backdrop row 'second'" in \
        str(err.value)
    assert words in str(err.value)
    assert path.read_bytes() == before


def test_a_backdrop_table_with_other_columns_is_refused(tmp_path):
    path = tmp_path / "g.warboard"
    new_game_file(path, demo_game())
    _tamper(path, "CREATE TABLE backdrop (key TEXT PRIMARY KEY, json TEXT, image BLOB, x)")
    with pytest.raises(GameFileError) as err:
        load_game(path)
    assert "'backdrop'" in str(err.value)


def test_backdrop_equality_ignores_nothing_that_shows():
    b = Backdrop(png(), "png", 40, 30, (1, 0, 0, 0, 1, 0))
    assert b != b.with_(opacity=0.5) and b == Backdrop(png(), "png", 40, 30, (1, 0, 0, 0, 1, 0))


def test_the_photo_packages_messages_have_russian():
    from engine.i18n import glossary
    from tests.engine.msg_scan import ROOT, scan

    ru = glossary("ru", "")
    missing = [f"{f}:{line}: {t!r}" for f, line, t in scan(ROOT / "engine" / "photo", ("msg",))
               if t not in ru]
    assert missing == []
