"""What a Butterfly Effect character's state shows on the board (engine.board_rules
UnitBadge, declared through BoardHints.state_badges): HP and armour points left of the
sheet's, the WOUND status (§4.4-6, §4.A-17), a killed character still acting until the end
of his turn (§4.4-7), the cover taken, full defence, stealth, neutralised or a hostage.
The HP and armour badges replace the board's own "HP n" (the same keys), so a dying
character reads DYING, not HP 0."""

from __future__ import annotations

from engine.board_rules import UnitBadge
from engine.i18n import msg
from engine.scenario import Unit

from . import data

__all__ = ["state_badges"]

_WOUND = {"light": ("LIGHT", "damage"), "heavy": ("HEAVY", "loss"),
          "critical": ("CRIT", "loss"), "unrated": ("WOUND", "damage")}
_FLAGS = (("neutralised", "NEUT", "neutralised: does nothing (§4.3-3)", "out"),
          ("hostage", "HOST", "taken hostage (§4.8-6)", "out"),
          ("full_defence", "DEF", "full defence: immune to shooting, cannot shoot (§4.5-5)",
           "info"),
          ("stealth", "STL", "in stealth (§4.8)", "info"),
          ("detected", "SEEN", "detected (§4.8-4)", "info"))


def _count(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _sheet(unit: Unit) -> dict:
    return data.profiles().get(unit.profile) or {}


def state_badges(unit: Unit) -> list[UnitBadge]:
    st, sheet = unit.state, _sheet(unit)
    out: list[UnitBadge] = []
    hp, top = _count(st.get("hp")), _count(sheet.get("hp"))
    if st.get("dead_pending"):
        out.append(UnitBadge("hp", msg("DYING"), msg("killed: still acts, dies at the end of "
                                                     "his own turn (§4.4-7)"), "out"))
    elif hp is not None:
        of = f"/{top}" if top else ""
        out.append(UnitBadge("hp", msg("HP {hp}{of}", hp=hp, of=of),
                             msg("HP: {hp}{of}", hp=hp, of=of),
                             "damage" if top and hp < top else "info"))
    armour, full = _count(st.get("armour")), _count(sheet.get("armour"))
    if armour is not None and (armour or full):
        of = f"/{full}" if full else ""
        out.append(UnitBadge("armour", msg("AR {armour}{of}", armour=armour, of=of),
                             msg("armour points: {points} (absorb damage first, §4.A-8)",
                                 points=f"{armour}{of}"), "info" if armour else "damage"))
    wound = st.get("wound")
    if wound and not st.get("dead_pending"):
        text, tone = _WOUND.get(wound, ("WOUND", "damage"))
        out.append(UnitBadge("wound", msg(text),
                             msg("{wound} WOUND (§4.4-6, §4.A-17)", wound=wound), tone))
    cover = st.get("in_cover")
    if cover in ("partial", "full"):
        out.append(UnitBadge("in_cover", msg("PC" if cover == "partial" else "FC"),
                             msg("in {cover} cover (taken, §4.5)", cover=cover), "info"))
    for key, text, tip, tone in _FLAGS:
        if st.get(key):
            out.append(UnitBadge(key, msg(text), msg(tip), tone))
    return out
