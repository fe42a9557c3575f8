"""The key that locks a sealed game's seed (engine/seal_keys.py): Argon2id at 64 MiB for
new sealings, kept with its settings beside the salt; a passphrase under ten characters
refused by name; a game sealed earlier with scrypt (n = 2**15, version 1) still unlocks
and verifies; an unlock costs well under a second of processor time."""

from __future__ import annotations

import base64
import hashlib
import secrets
import time

import pytest
from cryptography.fernet import Fernet
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from engine import sealed
from engine.seal_keys import MIN_PASSPHRASE, NEW_KDF

PASS = "correct horse battery"
SEED = "5eed" * 16


def test_a_new_sealing_uses_argon2id_and_keeps_its_settings():
    sealing, seed = sealed.seal(PASS, seed=SEED, game_id="g")
    kdf = sealing.to_dict()["kdf"]
    assert (kdf["name"], kdf["m"], kdf["t"], kdf["p"]) == ("argon2id", 65536, 3, 1)
    assert sealing.to_dict()["version"] == 2
    back = sealed.Sealing.from_dict(sealing.to_dict())
    assert back.kdf == NEW_KDF and sealed.unlock(back, PASS) == seed


def test_a_short_passphrase_is_refused_by_name():
    assert MIN_PASSPHRASE == 10
    with pytest.raises(sealed.SealedError, match="passphrase: at least 10 characters"):
        sealed.seal("nine char")
    sealed.seal("ten chars!", seed=SEED, game_id="g")     # ten is enough


def _old_sealing(with_version: bool) -> dict:
    """A sealing as Warboard made them before: scrypt n = 2**15, commitment v1."""
    salt = secrets.token_bytes(16)
    key = Scrypt(salt=salt, length=32, n=2 ** 15, r=8, p=1).derive(PASS.encode())
    box = Fernet(base64.urlsafe_b64encode(key)).encrypt(SEED.encode()).decode()
    commit = hashlib.sha256(b"warboard-sealed-v1\nold\n" + bytes.fromhex(SEED)).hexdigest()
    d = {"game_id": "old", "commitment": commit, "box": box,
         "kdf": {"name": "scrypt", "salt": base64.urlsafe_b64encode(salt).decode(),
                 "n": 2 ** 15, "r": 8, "p": 1}}
    return {"version": 1, **d} if with_version else d


@pytest.mark.parametrize("with_version", [True, False])
def test_a_game_sealed_with_the_old_scrypt_settings_still_unlocks(with_version):
    old = sealed.Sealing.from_dict(_old_sealing(with_version))
    assert old.version == 1 and dict(old.kdf.params)["n"] == 2 ** 15
    assert sealed.unlock(old, PASS) == SEED
    assert sealed.reveal(old, PASS).to_dict()["kdf"]["n"] == 2 ** 15


def test_unlocking_costs_well_under_a_second_of_processor_time():
    sealing, _ = sealed.seal(PASS, seed=SEED, game_id="g")
    cpu = time.process_time()
    sealed.unlock(sealing, PASS)
    assert time.process_time() - cpu < 1.0


def test_an_old_sealed_game_played_on_marks_its_new_lines(tmp_path):
    from engine.gamefile import new_game_file
    from engine.model import Game, LogEntry
    from engine.scenario_io import load_demo
    from engine.verify_game import verify_game

    game = Game(load_demo())
    block = _old_sealing(with_version=False)
    game.state[sealed.STATE_KEY] = block
    old = sealed.Sealing.from_dict(block)
    sealed.open_session(old, sealed.unlock(old, PASS), game.log)
    dice = sealed.app_dice(game)
    from engine.dice import D6, draw

    game.append_log(LogEntry(1, "gren-1", "roll", None, (draw(dice, D6, 2, label="r"),), "r"))
    assert game.log[-1].mark
    sealed.lock(game.state)
    game.state[sealed.STATE_KEY] = {**block, "revealed": SEED}
    path = tmp_path / "old.warboard"
    new_game_file(path, game)
    report = verify_game(path)
    assert report.ok, report.text()
