"""Sealed dice refuse bad input cleanly: a passphrase holding a lone surrogate, and a
stored sealing with a field of the wrong kind, a truncated or foreign box or salt, other
scrypt settings, or a revealed seed that is not one — each named by its field, never
reported as a wrong passphrase, never in Python's own words, never blamed on --seed."""

from __future__ import annotations

import base64

import pytest

from engine import sealed
from engine.i18n import localized
from engine.sealed import SealedError, Sealing, seal, sealing_of, unlock

PASS = "correct horse"


@pytest.fixture(scope="module")
def sealing():
    return seal(PASS, game_id="g-1")[0]


def test_a_lone_surrogate_in_the_passphrase_is_refused_cleanly(sealing):
    for attempt in (lambda: seal("abc\ud800def"), lambda: unlock(sealing, "abc\udfffdef")):
        with pytest.raises(SealedError, match="lone surrogate"):
            attempt()


def _changed(sealing, **changes):
    d = sealing.to_dict()
    for key, value in changes.items():
        if "." in key:
            head, tail = key.split(".")
            d[head] = {**d[head], tail: value}
        else:
            d[key] = value
    return d


CASES = {
    "kdf of the wrong type": ({"kdf": "scrypt"}, "kdf: expected an object"),
    "kdf settings not ours": ({"kdf.m": 2}, "kdf.m: expected a whole number from 19456"),
    "kdf unknown": ({"kdf.name": "md5"}, "kdf.name: expected one of argon2id, scrypt"),
    "salt not base64": ({"kdf.salt": "***"}, "kdf.salt: not base64"),
    "salt of the wrong type": ({"kdf.salt": 7}, "kdf.salt: expected text"),
    "box cut short": (None, "box: cut short or not a sealed seed"),
    "box foreign": ({"box": base64.urlsafe_b64encode(b"x" * 100).decode()},
                    "box: cut short or not a sealed seed"),
    "commitment wrong": ({"commitment": "abc"}, "commitment: expected 64 hexadecimal"),
    "revealed seed bad": ({"revealed": "zz"}, "revealed: expected 64 hexadecimal"),
    "game id missing": ({"game_id": None}, "game_id: expected text"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_damaged_sealing_is_named_by_its_field(sealing, case):
    changes, said = CASES[case]
    if changes is None:
        d = _changed(sealing, box=sealing.box[:40])
    else:
        d = _changed(sealing, **changes)
    with pytest.raises(SealedError) as err:
        sealing_of({"sealed": d})
    text = str(localized(err.value.args[0], "en"))
    assert "the game's sealing is damaged" in text and said in text, text
    assert "passphrase" not in text and "--seed" not in text
    assert "string indices" not in text and "Error" not in text
    assert localized(err.value.args[0], "ru") != text     # the reader's language too


def test_a_sealing_that_is_not_an_object_is_damaged_not_absent():
    with pytest.raises(SealedError, match="sealed: expected an object"):
        sealing_of({"sealed": "yes"})


def test_a_good_sealing_still_unlocks_and_a_wrong_passphrase_is_still_that(sealing):
    back = Sealing.from_dict(sealing.to_dict())
    assert back == sealing
    assert len(unlock(back, PASS)) == 2 * sealed.SEED_BYTES
    with pytest.raises(SealedError, match="not the one this game was sealed with"):
        unlock(back, "wrong passphrase")
