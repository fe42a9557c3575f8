"""Distance bands (04 §4.1, §4.A-18): close combat (contact, PROPOSED ≤ 2 m), short ≤ 30,
medium ≤ 100, long ≤ 500, extreme ≤ 3000 m, each limit inclusive; past 3000 m out of
range. The scheme is this ruleset's data (ruleset.toml [range]) read into the generic
geometry.ranges machinery; `range_band` is the fact the actions read, measured from the
board's distance in metres (the GM may type the band instead)."""

from __future__ import annotations

from functools import cache

from engine.i18n import msg
from engine.protocol import FactProbe, FactSpec
from geometry.ranges import RangeScheme, from_dict

from . import data

__all__ = ["scheme", "band_of", "band", "weapon_scheme", "RANGE_BAND", "NOTES", "OUT_OF_RANGE"]

OUT_OF_RANGE = "out_of_range"
#: What each band means for the rules (§4.1), for the measure tool and the steps.
NOTES = {
    "close": "point blank: only melee weapons work (§4.1)",
    "short": "DASH resolves before the enemy's turn (§4.1)",
    "medium": "DASH is simultaneous: the dasher is a target at medium (§4.1)",
    "long": "no DASH (§4.1)",
    "extreme": "no DASH (§4.1)",
}


@cache
def scheme() -> RangeScheme:
    """The bands as a geometry.ranges scheme, from ruleset.toml [range]."""
    r = data.rules()["range"]
    close = r["close_m"]
    bands = [{"name": "close", "max": close,
              "label": msg("contact, ≤ {max} m", max=f"{close:g}"),
              "note": msg("{note}; contact = within {max} m (PROPOSED §4.A-18)",
                          note=NOTES["close"], max=f"{close:g}")}]
    for name in data.BANDS:
        m = r[f"{name}_m"]
        bands.append({"name": name, "max": m, "label": msg("≤ {max} m", max=f"{m:g}"),
                      "note": NOTES[name]})
    return from_dict({"name": data.RULESET_ID, "unit": "m", "bands": bands})


def band_of(distance_m: float | None, edges: str = "inclusive") -> str | None:
    """The band holding `distance_m` ("close" … "extreme", or "out_of_range"); None when
    the distance is not known. `edges` (§4.A-18): "inclusive" — a limit belongs to the band
    it closes (30 m is short); "exclusive" — "up to 30 m" means under 30 (30 m is medium)."""
    if distance_m is None:
        return None
    d = float(distance_m)
    if edges == "exclusive":
        band = next((b for b in scheme().bands if d < b.max), None)
    else:
        band = scheme().band_for(d)
    return OUT_OF_RANGE if band is None else band.name


def band(ctx) -> str | None:
    """The action's band: the one the GM typed, else the distance's under the game's
    `band_edges` reading (the derived fact may have been measured under the default)."""
    if "range_band" in ctx.facts.overridden or ctx.fact("distance_m") is None:
        return ctx.fact("range_band")
    return band_of(ctx.fact("distance_m"), ctx.rule("band_edges"))


def _measure(probe: FactProbe) -> str | None:
    return band_of(probe.facts.distance_m, (probe.rules or {}).get("band_edges", "inclusive"))


#: The ruleset's own declaration of the built-in `range_band` fact: derived from the
#: measured (or typed) distance in metres.
RANGE_BAND = FactSpec("range_band", "distance band", "band", "derived", _measure,
                      "close / short ≤ 30 m / medium ≤ 100 m / long ≤ 500 m / extreme ≤ "
                      "3000 m (04 §4.1), from the distance in metres")


def weapon_scheme(unit) -> tuple[str, RangeScheme] | None:
    """For the board's measure tool (BoardHints): the distance bands — the same for every
    weapon and every character (§4.1), so any unit of the ruleset has them."""
    return "distance band", scheme()
