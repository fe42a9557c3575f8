"""Butterfly Effect character sheet card (04 §3.1–§3.3): one face.

The band names the character (English and Russian) and his HP; then the four numbers of the
sheet — HP, armour, ОП (stealth) dice and Perception dice (§4.A-12: dice counts from the
sheet); the ranged weapons by distance band (accuracy X+ at short / medium / long /
extreme, "—" where the weapon cannot fire, §4.A-19), their lethality in d6 and what they
are (burst, heavy, grenade); the melee levels with their dice (bare hands 0 / 1 die, a
rifle butt 1, §4.3); the gear; tally boxes for HP and armour, filled from the unit's state,
and his WOUND status, cover and stealth. Marks: "P" PROPOSED (a band's accuracy, a number
the seed does not give).

No Qt here: the layout draws with the `engine.cards.CardInk` the app gives it, and its
words go through `ink.say` (resources/rulesets/butterfly-effect/glossary_ru.toml).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import FAINT, HIT, CardData, CardInk, CardOptions, Col, Font, proposed_mark
from engine.i18n import msg

from .data import rules

__all__ = ["CharacterSheet", "LAYOUTS"]

BANDS = ("short", "medium", "long", "extreme")
#: the WOUND severities (§4.4-6, §4.A-17) and cover levels as the tally line says them,
#: whole phrases so that the Russian agrees ("лёгкое РАНЕНИЕ", "в частичном укрытии"); a
#: value not listed is said as a message
WOUNDS = {"light": "light WOUND", "heavy": "heavy WOUND", "critical": "critical WOUND",
          "unrated": "unrated WOUND"}
COVERS = {"partial": "in partial cover", "full": "in full cover"}


def _name(ink: CardInk, rec: Mapping[str, Any], fallback: str) -> str:
    """A record's name in the card's language (its name_ru in Russian), capitalised as a
    card's line starts."""
    name = ink.say(rec) if rec.get("name") else fallback
    return name[:1].upper() + name[1:]


def _abbrev(ink: CardInk, text: str, font: Font, width: float) -> str:
    """`text` cut to fit `width` with a full stop ("экстремальная" → "экстр."), as a
    rulebook abbreviates a column head."""
    if ink.text_width(text, font) <= width:
        return text
    for n in range(len(text) - 1, 0, -1):
        short = text[:n].rstrip() + "."
        if ink.text_width(short, font) <= width:
            return short
    return text[:1]


def _fitting_font(ink: CardInk, text: str, width: float, size: float) -> Font:
    """The bold font, from `size` down to 4.4 pt, in which `text` fits `width`."""
    font = ink.font(size, bold=True)
    while size > 4.4 and ink.text_width(text, font) > width:
        size -= 0.2
        font = ink.font(size, bold=True)
    return font


def _count(v: Any, default: int) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) else default


class CharacterSheet:
    faces = 1

    def draw_face(self, ink: CardInk, card: CardData, face: int,
                  options: CardOptions) -> None:
        p = card.record
        ink.fill_background()
        title = _name(ink, p, card.id)
        other = p.get("name_ru") if title != p.get("name_ru") else p.get("name")
        sub = " · ".join(x for x in (other, card.unit_name) if x)
        ink.band(title, sub, right=f"HP {p['hp']}",
                 right_mark=proposed_mark(p, "hp"))
        self._stats(ink, p)
        self._ranged(ink, card)
        self._melee(ink, card)
        self._gear(ink, card)
        if options.tallies:
            self._tallies(ink, card, options)
        ink.footnote()
        ink.frame()

    def _stats(self, ink: CardInk, p: Mapping[str, Any]) -> None:
        stealth = ink.say(msg("ОП +{grade} stealth", grade=p.get("operative_training", 0)))
        perception = ink.say(msg("Perception +{grade}", grade=p.get("perception", 0)))
        boxes = [(str(p["hp"]), ink.say("HP"), proposed_mark(p, "hp")),
                 (str(p.get("armour", 0)), ink.say("Armour"), proposed_mark(p, "armour")),
                 (f"{p.get('stealth_dice', 0)}d6", stealth, proposed_mark(p, "stealth_dice")),
                 (f"{p.get('perception_dice', 0)}d6", perception,
                  proposed_mark(p, "perception_dice"))]
        vf = ink.font(12.5, bold=True, serif=True)
        for r, (value, label, mark) in zip(ink.tiles(len(boxes), 27.0), boxes, strict=True):
            x, w = r.x(), r.width()
            ink.text(x, r.top() + 14.5, value, vf, mark=mark, align="c", width=w)
            lf = _fitting_font(ink, label, w - 2, 5.4)
            ink.text(x, r.bottom() - 4, ink.fit(label, lf, w - 2), lf, color=FAINT, align="c",
                     width=w)

    def _weapons(self, card: CardData, kind: str) -> list[tuple[str, Mapping[str, Any]]]:
        out = []
        for wid in card.record.get("weapons") or ():
            w = card.related.get(wid)
            if w is not None and w.get("kind") == kind:
                out.append((wid, w))
        return out

    def _ranged(self, ink: CardInk, card: CardData) -> None:
        ink.heading(ink.say("Fire"), note=ink.say("lethality × d6 ≥ accuracy; cover +1 / +2"))
        name_w = ink.width - 4 * 17 - 20
        head = ink.font(5.4, italic=True)           # the table's header font (size − 1)
        # the English heads fit as they are; longer words (Russian) are cut with a stop
        cols = [Col(name_w, "", "l"),
                *[Col(17, ink.say(b) if ink.say(b) == b else _abbrev(ink, ink.say(b), head, 17))
                  for b in BANDS], Col(20, "d6")]
        ink.table(cols, [], size=6.4, row_h=7.4)
        rows = []
        for wid, w in self._weapons(card, "ranged"):
            acc = w.get("accuracy") or {}
            kinds = [ink.say(t) for t, on in (("bursts", w.get("burst")),
                                              ("heavy weapon", w.get("heavy")),
                                              ("grenade", w.get("grenade"))) if on]
            name = _name(ink, w, wid) + (f" ({', '.join(kinds)})" if kinds else "")
            rows.append([name, *[(f"{acc[b]}+", proposed_mark(w, f"accuracy.{b}")) if acc.get(b)
                                 else "—" for b in BANDS],
                         (str(w.get("lethality", 0)), proposed_mark(w, "lethality"))])
        if rows:
            ink.table(cols, rows, header=False, size=6.6, row_h=8.4)
        else:
            ink.line(ink.say("no ranged weapon"), size=6.4, italic=True, color=FAINT)
        r = rules()["range"]
        mpi = card.metres_per_inch or float(rules()["metres_per_inch"])
        ink.line(" · ".join(ink.say(msg("{band} ≤ {metres} m ({inches}\")", band=b,
                                        metres=f"{r[f'{b}_m']:g}",
                                        inches=f"{r[f'{b}_m'] / mpi:.0f}")) for b in BANDS),
                 size=5.6, italic=True, color=FAINT)

    def _melee(self, ink: CardInk, card: CardData) -> None:
        """Melee levels (§4.3-1): the melee weapons, a rifle butt, bare hands."""
        melee = rules()["melee"]
        butt = int(card.readings.get("butt_dice") or melee["butt_dice"])
        ink.heading(ink.say("Melee"), note=ink.say("higher level wins; equal: dice, 5–6"))
        rows: list[list[Any]] = []
        for wid, w in self._weapons(card, "melee"):
            rows.append([_name(ink, w, wid), (f"L{w.get('melee_level', 0)}",
                                              proposed_mark(w, "melee_level")),
                         (f"{w.get('melee_dice', 0)}d6", proposed_mark(w, "melee_dice"))])
        for wid, w in self._weapons(card, "ranged"):
            if w.get("butt_strike"):
                rows.append([ink.say(msg("{weapon}, butt strike", weapon=_name(ink, w, wid))),
                             "L1", (f"{butt}d6", "P")])
                break
        rows.append([ink.say("bare hands"), "L0", f"{melee['unarmed_dice']}d6"])
        ink.table([Col(ink.width - 44, "", "l"), Col(20, ink.say("level")),
                   Col(24, ink.say("dice"))],
                  rows, header=False, size=6.6, row_h=8.2)

    def _gear(self, ink: CardInk, card: CardData) -> None:
        names = [_name(ink, card.related.get(g) or {}, g) for g in card.record.get("gear") or ()]
        if names:
            label = ink.say("Gear")
            ink.line("; ".join(names), size=6.3, label=label,
                     label_w=ink.text_width(label, ink.font(6.3, bold=True)) + 4)

    def _tallies(self, ink: CardInk, card: CardData, options: CardOptions) -> None:
        p = card.record
        st = card.state if options.state else {}
        ink.heading(ink.say("In play"), note=ink.say("tick as the game goes"))
        hp = int(p["hp"])
        lw = ink.label_column(ink.say("HP lost"), ink.say("Armour lost"), minimum=40.0)
        ink.boxes(ink.say("HP lost"), hp, max(0, hp - _count(st.get("hp"), hp)), label_w=lw)
        armour = int(p.get("armour", 0))
        if armour:
            ink.boxes(ink.say("Armour lost"), armour,
                      max(0, armour - _count(st.get("armour"), armour)), label_w=lw)
        else:
            ink.line(ink.say("no armour points (hits take HP)"), size=6.2, italic=True,
                     color=FAINT)
        said = self._status(ink, st)
        if said:
            ink.line(", ".join(said), size=6.8, bold=True, color=HIT)
        ink.notes()

    def _status(self, ink: CardInk, st: Mapping[str, Any]) -> list[str]:
        """The unit's WOUND (or pending death), cover and stealth, as the tally's red line
        says them."""
        said = []
        if st.get("dead_pending"):
            said.append(ink.say("KILLED: acts, dies at the end of his turn"))
        elif st.get("wound"):
            wound = str(st["wound"])
            said.append(ink.say(WOUNDS.get(wound) or msg("{wound} WOUND", wound=wound)))
        if st.get("in_cover"):
            cover = str(st["in_cover"])
            said.append(ink.say(COVERS.get(cover) or msg("in {cover} cover", cover=cover)))
        if st.get("stealth"):
            said.append(ink.say("stealth"))
        return said


#: declared as the ruleset's `cards` (ruleset.py), by profile kind
LAYOUTS = {"character": CharacterSheet()}
