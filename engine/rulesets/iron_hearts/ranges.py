"""Iron Hearts range schemes, read from resources/rulesets/iron-hearts/ranges.toml and
scaled to a weapon's Range by geometry's generic machinery (geometry.ranges.scaled): small
arms ≤ R / ≤ 2R (§4.4-3), snap fire ≤ ½ R (§4.7-5), tank guns in five bands of R
(§4.15). Each scheme is built once per Range (a scheme is frozen)."""

from __future__ import annotations

import dataclasses
import functools

from engine.i18n import msg
from engine.rulesets.registry import load_data
from geometry.ranges import RangeScheme, scaled

from .data import RULESET_ID

__all__ = ["small_arms", "snap_fire", "tank_gun", "SCHEMES"]

SCHEMES: dict = load_data(RULESET_ID, "ranges.toml")["schemes"]


def _scheme(key: str, range_m: float) -> RangeScheme:
    try:
        scheme = scaled(SCHEMES[key], range_m)
    except ValueError as e:
        raise ValueError(f"{RULESET_ID}/ranges.toml: schemes.{key}.{e}") from None
    return _as_messages(scheme, SCHEMES[key]["bands"])


def _as_messages(scheme: RangeScheme, bands: list) -> RangeScheme:
    """The bands' labels and notes as messages of their data templates ("band 1: ≤
    {max:g} m"), so the measure tool and the odds read them in the player's language
    (the glossary holds the templates); the English is what the data gives."""
    out = tuple(dataclasses.replace(
        b, label=msg(str(d.get("label", d.get("name", ""))), max=b.max),
        note=msg(str(d["note"]), max=b.max) if d.get("note") else b.note)
        for b, d in zip(scheme.bands, bands, strict=True))
    return dataclasses.replace(scheme, bands=out)


@functools.lru_cache(maxsize=256)
def small_arms(range_m: float) -> RangeScheme:
    """≤ R normal; R < d ≤ 2R hit only on a natural 1 (§4.4-3)."""
    return _scheme("small_arms", range_m)


@functools.lru_cache(maxsize=256)
def snap_fire(range_m: float) -> RangeScheme:
    """Snap fire only within `range_m`, the weapon's Range already scaled (§4.7-5)."""
    return _scheme("snap_fire", range_m)


@functools.lru_cache(maxsize=256)
def tank_gun(range_m: float) -> RangeScheme:
    """Five bands of the gun's Range, band k −(k−1) (§4.15)."""
    return _scheme("tank_gun", range_m)


for _key in SCHEMES:        # a bad file fails at load, not at the first shot
    _scheme(_key, 100.0)
