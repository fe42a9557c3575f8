"""The app generator's seeds: drawn from the OS, 63 bits (they fit a signed 64-bit field).

Kept apart from engine.dice (numpy) so the dice panel can offer a seed before the engine
is loaded; engine.dice.RandomDice draws its own with the same function. Callers read it
as `seeds.draw_seed()`, so a test can make every seed reproducible by replacing it."""

from __future__ import annotations

import os

SEED_BITS = 63


def draw_seed() -> int:
    """A fresh seed for engine.dice.RandomDice."""
    # os.urandom, as secrets.randbits reads it, without importing secrets and hmac at start
    return int.from_bytes(os.urandom(8), "big") >> (64 - SEED_BITS)
