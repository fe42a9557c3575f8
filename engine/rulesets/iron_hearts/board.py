"""What the board asks Iron Hearts while a unit is dragged or measured (BoardHints): one AP
of movement (15 m for a character, a vehicle card's first speed step), whether a unit is a
vehicle, its first weapon's range bands (tank guns in steps of R, small arms R / 2R), and
the badges of a vehicle's damage."""

from __future__ import annotations

from collections.abc import Mapping

from engine.board_rules import UnitBadge
from engine.i18n import join, msg
from engine.scenario import Unit
from geometry.ranges import RangeScheme

from . import data, ranges
from .tank_common import VEHICLES
from .tank_data import VEHICLE_DAMAGE


def vehicle_card(unit: Unit) -> dict | None:
    """The unit's vehicle card, if its profile is one."""
    return VEHICLES.get(unit.profile)


def is_vehicle(unit: Unit) -> bool:
    """Vehicles use terrain's vehicle movement (buildings impassable)."""
    return unit.turret is not None or vehicle_card(unit) is not None


def move_allowance_m(unit: Unit) -> tuple[float, str] | None:
    """Metres for one AP of movement, and where the figure comes from."""
    card = vehicle_card(unit)
    if card is not None:
        return float(card["speed_m_by_ap"][0]), _vehicle_source(card, 1)
    if unit.profile in data.profiles():
        return float(data.rule_number("movement.metres_per_ap")), _character_source(1)
    return None


def move_allowance_ap_m(unit: Unit, ap: int) -> tuple[float, str] | None:
    """Metres for `ap` consecutive Move AP: a vehicle's speed table (cumulative, 01 §4.12-1),
    a character's 15 m each."""
    card = vehicle_card(unit)
    if card is not None:
        speeds = card["speed_m_by_ap"]
        if ap > len(speeds):
            raise ValueError(f"AP: {card.get('name', 'the card')} moves at most {len(speeds)} "
                             f"consecutive AP, got {ap}")
        return float(speeds[ap - 1]), _vehicle_source(card, ap)
    if unit.profile in data.profiles():
        return (ap * float(data.rule_number("movement.metres_per_ap")),
                _character_source(ap))
    return None


def _vehicle_source(card: dict, ap: int):
    """Where a vehicle's allowance comes from: its card's speed for `ap` Move AP (the
    card's name as the record, so a Russian window shows its name_ru)."""
    return msg("Iron Hearts: {card} {ap} AP", card=card if card.get("name") else "card",
               ap=ap)


def _character_source(ap: int):
    """Where a character's allowance comes from: `ap` Move AP of 15 m."""
    return msg("Iron Hearts: {ap} AP", ap=ap)


def facing_model(readings: Mapping[str, object]) -> str | None:
    """The side struck by the reading `facing_model` (01 §4.A-22): a geometric model's
    name (front180, quadrants)."""
    name = readings.get("facing_model")
    return name if isinstance(name, str) else None


def weapon_scheme(unit: Unit) -> tuple[str, RangeScheme] | None:
    """The unit's first weapon's name and range bands."""
    card = vehicle_card(unit)
    if card is not None and card.get("weapons"):
        weapon = next(iter(card["weapons"].values()))
        scheme = ranges.tank_gun if weapon.get("kind") == "main_gun" else ranges.small_arms
        return weapon["name"], scheme(float(weapon["range_m"]))
    profile = data.profiles().get(unit.profile)
    if profile is None or not profile["weapons"]:
        return None
    weapon = data.weapons()[profile["weapons"][0]]
    return weapon["name"], ranges.small_arms(float(weapon["range_m"]))


def _initials(systems: list[str], records: Mapping[str, Mapping]) -> dict[str, str]:
    """The damaged systems' first letters as a record the badge text localizes: the ids'
    in English ("GE", as before), the Russian labels' in Russian ("ПД")."""
    ru = "".join((records.get(s, {}).get("label_ru") or s)[0].upper() for s in systems)
    return {"name": "".join(s[0].upper() for s in systems), "name_ru": ru}


def state_badges(unit: Unit) -> list[UnitBadge]:
    """Vehicle damage as badges (01 §4.15-5): penetrations taken, damaged systems, crew
    killed and wounded, knocked out or destroyed."""
    card = vehicle_card(unit)
    st = unit.state
    out: list[UnitBadge] = []
    status = st.get("status")
    if status in ("knocked_out", "destroyed"):
        out.append(UnitBadge("status", msg("KO" if status == "knocked_out" else "DES"),
                             msg("knocked out" if status == "knocked_out" else "destroyed"),
                             "out"))
    pens = st.get("penetrations")
    if isinstance(pens, int) and not isinstance(pens, bool) and pens > 0:
        out.append(UnitBadge("penetrations", msg("PEN{n}", n=pens),
                             msg("penetrations: {n} (+{n} to damage, §4.15-5)", n=pens),
                             "damage"))
    systems = [s for s in st.get("systems") or () if isinstance(s, str)]
    if systems:
        records = {s["id"]: s for s in VEHICLE_DAMAGE["systems"]}  # label and label_ru
        out.append(UnitBadge("systems", msg("SYS{initials}", initials=_initials(systems, records)),
                             msg("damaged: {systems}", systems=join(
                                 ", ", [records.get(s, s) for s in systems])),
                             "damage"))
    crew = st.get("crew")
    if card is not None and isinstance(crew, Mapping):
        for status, text in (("killed", "KIA{n}"), ("wounded", "WIA{n}")):
            posts = [p for p, e in crew.items() if isinstance(e, Mapping)
                     and e.get("status") == status]
            if posts:
                tip = msg("crew killed: {posts}" if status == "killed" else
                          "crew wounded: {posts}", posts=join(", ", posts))
                out.append(UnitBadge(f"crew_{status}", msg(text, n=len(posts)), tip, "loss"))
    return out
