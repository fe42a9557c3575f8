"""Boets sci-fi cards (03 §3, §4.1–4.6): an armlist card per troop type and a formation card
per squad, platoon and company.

Armlist: the eight columns ЛДР, Ск, Дальн, Скр, М, ББ, Стк, Бр under their Russian
abbreviations (every value PROPOSED, the seed's table being missing), the distances in
steps and inches, the template weapons it carries with their Дальн and М, the PROPOSED
house rules its numbers feed (§8), and tally boxes for wounds up to Стк.

Formation: commander and deputy with their own ЛДР, the ЛДР its tests use while the
commander lives — highest − 2, not below 8 (§4.4) — printed beside his own, its squads or
fighters, and the losses tally the Panic trigger reads (§4.6, §4.A-9): the strength it was
organised with, the losses so far and this turn, the Panic threshold, and the prone / Panic
boxes.

No Qt here: the layouts draw with the `engine.cards.CardInk` the app gives them, and their
words go through `ink.say` (resources/rulesets/boets-sci-fi/glossary_ru.toml).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from engine.cards import (
    FAINT,
    HIT,
    SHADE,
    CardData,
    CardInk,
    CardOptions,
    Col,
    Rect,
    group_kind,
    proposed_mark,
)
from engine.i18n import msg

from .data import COLUMNS, is_proposed, rule_number
from .leadership import commander_ldr

__all__ = ["ArmlistCard", "FormationCard", "LAYOUTS", "KINDS", "RANKS"]


#: the look of the card's tick boxes with labels (CardInk.checks)
CHECK: dict = {"size": 6.0, "label_size": 6.2, "fill": SHADE}

#: §2 glossary: the formation kinds and ranks, English (put through the card's glossary) and
#: the rules' Russian
KINDS = {"squad": ("Squad", "отделение"),
         "platoon": ("Platoon", "взвод"),
         "company": ("Company", "рота")}
RANKS = {"lieutenant": ("lieutenant", "лейтенант"),
         "senior_sergeant": ("senior sergeant", "старший сержант"),
         "sergeant": ("sergeant", "сержант"),
         "private": ("private", "рядовой"),
         "advisor": ("Advisor", "Советник"),
         "lord": ("Lord", "Лорд")}


def _russian(ink: CardInk) -> bool:
    return ink.lang == "ru"


def _kind_text(ink: CardInk, kind: str) -> str:
    """The formation's kind in the card's language, with the rules' Russian term beside the
    English one (an English reader learns the word the rules use)."""
    en, ru = KINDS.get(kind, (kind, ""))
    shown = ink.say(en)
    return shown if not ru or shown.lower() == ru else f"{shown} · {ru}"


def _name(ink: CardInk, rec: Mapping[str, Any], fallback: str) -> str:
    return ink.say(rec) if rec.get("name") else fallback


def _rank_text(ink: CardInk, rank: str) -> str:
    return ink.say(RANKS[rank][0]) if rank in RANKS else rank


def _step_in() -> float:
    return float(rule_number("inches_per_step"))


def _steps(v: Any) -> str:
    inches = float(v) * _step_in()
    return f'{v} ({inches:g}")'


def _stat_boxes(ink: CardInk, rec: Mapping[str, Any]) -> None:
    """The eight armlist columns in two rows of four: value, Russian abbreviation, English
    (or, in Russian, the column's full name)."""
    vf = ink.font(13, bold=True, serif=True)
    lf = ink.font(6.6, bold=True)
    ef = ink.font(5.2)
    for r, key in zip(ink.tiles(len(COLUMNS), 27.0, per_row=4), COLUMNS, strict=True):
        en, ru, _ = COLUMNS[key]
        x, y, w = r.x(), r.top(), r.width()
        ink.text(x, y + 13.5, str(rec[key]), vf, mark=proposed_mark(rec, key), align="c", width=w)
        ink.text(x, y + 20.5, ru, lf, align="c", width=w)
        small = COLUMNS[key][2] if _russian(ink) else en       # Лидерство / LDR
        ink.text(x, r.bottom() - 1.8, small, ef, color=FAINT, align="c", width=w)


class ArmlistCard:
    """One troop type's armlist (§3)."""

    faces = 1

    def draw_face(self, ink: CardInk, card: CardData, face: int,
                  options: CardOptions) -> None:
        rec = card.record
        ink.fill_background()
        title = _name(ink, rec, card.id)
        who = [rec.get("name_ru", "")] if rec.get("name_ru") != title else []
        if rec.get("rank", "private") not in ("private", rec.get("troop_type")):
            who.append(_rank_text(ink, rec["rank"]))
        if card.unit_name:
            who.append(card.unit_name)
        ink.band(title, " · ".join(w for w in who if w), right=ink.say("armlist"))
        _stat_boxes(ink, rec)
        self._lines(ink, rec)
        self._weapons(ink, card)
        self._house(ink)
        if options.tallies:
            self._tallies(ink, card, options)
        ink.footnote()
        ink.frame()

    def _lines(self, ink: CardInk, rec: Mapping[str, Any]) -> None:
        step_mark = "P" if is_proposed("inches_per_step") else ""
        ink.line(ink.say(msg("Ск {speed} · Дальн {range} steps", speed=_steps(rec["speed"]),
                             range=_steps(rec["range"]))),
                 size=6.6, mark=step_mark)
        ink.line(ink.say("Leadership: d20 ≥ ЛДР passes; a commander's ЛДР is the highest of "
                         "his unit − 2, not below 8"), size=6.0, italic=True, color=FAINT)
        notes = []
        if rec.get("independent"):
            notes.append(ink.say("may act alone (§4.1-6)"))
        for s in rec.get("special") or ():
            notes.append(ink.say("jump pack: no effect until defined (§8-11)")
                         if s == "jump_pack" else s.replace("_", " "))
        if notes:
            ink.line("; ".join(notes), size=6.4, bold=True)

    def _weapons(self, ink: CardInk, card: CardData) -> None:
        ids = list(card.record.get("weapons") or ())
        if not ids:
            return
        ink.heading(ink.say("Template weapons"),
                    note=ink.say("no Accuracy test; hits friends too"))
        cols = [Col(ink.width - 100, ink.say("weapon"), "l"),
                Col(46, ink.say("template"), "l"), Col(30, "Дальн"), Col(24, "М")]
        rows = []
        for wid in ids:
            w = card.related.get(wid)
            if w is None:
                rows.append([(wid, ""), ink.say("not in the library"), "", ""])
                continue
            rows.append(self._weapon_row(ink, wid, w))
        ink.table(cols, rows, size=6.5, row_h=8.4)
        ru = [card.related[w].get("name_ru", "") for w in ids if w in card.related]
        if any(ru) and not _russian(ink):
            ink.line(" · ".join(r for r in ru if r), size=5.8, italic=True, color=FAINT)

    @staticmethod
    def _weapon_row(ink: CardInk, wid: str, w: Mapping[str, Any]) -> list[Any]:
        """A weapon's name, template (a flamer's teardrop, else a blast of its diameter),
        Дальн (a flamer's from the base) and М."""
        template = w["template"]
        flamer = template == "flamer"
        shape = str(rule_number(f"templates.{template}"))
        rng = ink.say("base") if flamer else str(w["range"])
        kind = ink.say("teardrop") if flamer else ink.say(
            msg('blast {inches}"', inches=shape.removeprefix("blast-")))
        return [_name(ink, w, wid),
                (kind, "P" if is_proposed(f"templates.{template}") else ""),
                (rng, proposed_mark(w, "range") if not flamer else ""),
                (str(w["power"]), proposed_mark(w, "power"))]

    def _house(self, ink: CardInk) -> None:
        ink.heading(ink.say("Fire, house rules"), mark="P",
                    note=ink.say("not from the source (§8)"))
        hit = int(rule_number("house.hit_on"))
        pen = int(rule_number("house.penetration_base"))
        ink.line(ink.say(msg("Скр × d20 ≥ {hit_on} within Дальн (+2 vs Panic); d20 + М ≥ "
                             "{penetration} + Бр wounds; removed after Стк wounds",
                             hit_on=hit, penetration=pen)), size=6.0)

    def _tallies(self, ink: CardInk, card: CardData, options: CardOptions) -> None:
        st = card.state if options.state else {}
        ink.heading(ink.say("In play"), note=ink.say("tick as the game goes"))
        ink.boxes(ink.say("Wounds (Стк)"), int(card.record["toughness"]),
                  int(st.get("wounds", 0) or 0), label_w=60)
        flags = [ink.say(t) for k, t in (("holds", "holds this turn"),
                                         ("only_shoot", "may only shoot")) if st.get(k)]
        if flags:
            ink.line(", ".join(flags).upper(), size=6.8, bold=True, color=HIT)


class FormationCard:
    """A squad, platoon or company (§4.1): its command, the ЛДР it tests with, its losses."""

    faces = 1

    def draw_face(self, ink: CardInk, card: CardData, face: int,
                  options: CardOptions) -> None:
        rec = card.record
        ink.fill_background()
        fighters = list(rec.get("fighters") or ())
        troop = _name(ink, card.units[0].record, "") if card.units else ""
        ink.band(card.unit_name or card.id, _kind_text(ink, rec["kind"])
                 + (f" · {troop}" if troop else ""),
                 right=ink.say(msg("{n} fighters", n=len(fighters))))
        units = {u.unit_id: u for u in card.units}
        self._command(ink, card, units)
        self._ldr(ink, card, units)
        self._members(ink, card, units)
        if options.tallies:
            self._losses(ink, card, units, options)
        ink.footnote()
        ink.frame()

    # ---- command

    @staticmethod
    def _who(units: Mapping[str, CardData], uid: str | None) -> tuple[str, str, bool]:
        """(name, own ЛДР, gone) of a fighter id."""
        if not uid:
            return "—", "", False
        u = units.get(uid)
        if u is None:
            return uid, "", True
        return (u.unit_name or uid), str(u.record.get("ldr", "")), False

    def _command(self, ink: CardInk, card: CardData, units: Mapping[str, CardData]) -> None:
        rec = card.record
        ink.heading(ink.say("Command"), note=ink.say("one commander per sub-unit (§4.1-4)"))
        cols = [Col(50, "", "l"), Col(ink.width - 50 - 34, ink.say("fighter"), "l"),
                Col(34, ink.say("own ЛДР"))]
        rows, struck = [], []
        for label, uid in ((ink.say("Commander"), rec.get("commander")),
                           (ink.say("Deputy"), rec.get("deputy"))):
            name, ldr, gone = self._who(units, uid)
            rank = (units[uid].state.get("rank") or units[uid].record.get("rank", "")) \
                if uid in units else ""
            if rank and rank != "private":
                name += f" ({_rank_text(ink, rank)})"
            rows.append([label, name + (" " + ink.say("KIA") if gone else ""), ldr])
            struck.append(gone)
        ink.table(cols, rows, size=6.8, row_h=8.6, first_bold=True, struck=struck)

    def _ldr(self, ink: CardInk, card: CardData, units: Mapping[str, CardData]) -> None:
        """§4.4: the ЛДР the formation's tests use while the commander lives, beside his
        own; the reading of §4.A-5 and §4.A-20 the game plays."""
        reading = card.readings.get("commander_ldr_highest", "numeric_max")
        ldrs = [int(u.record["ldr"]) for u in card.units if "ldr" in u.record]
        ink.y += 4
        top = ink.y
        h = 30.0
        w = 46.0
        ink.tile(Rect(ink.x0, top, w, h), pen=1.1)
        if ldrs:
            used = commander_ldr(ldrs, reading)
            pick = max(ldrs) if reading == "numeric_max" else min(ldrs)
            ink.text(ink.x0, top + 17, str(used), ink.font(15, bold=True, serif=True),
                     align="c", width=w)
        else:
            used, pick = None, None
            ink.text(ink.x0, top + 17, "—", ink.font(15, bold=True), align="c", width=w)
        ink.text(ink.x0, top + h - 4, ink.say("ЛДР used"), ink.font(5.8, bold=True),
                 color=FAINT, align="c", width=w)
        self._ldr_notes(ink, card, units, ink.x0 + w + 5, top, used, pick)
        ink.y = top + h + 1

    def _ldr_notes(self, ink: CardInk, card: CardData, units: Mapping[str, CardData],
                   x: float, top: float, used: int | None, pick: int | None) -> None:
        """Beside the ЛДР tile: how it is derived, the commander's own, and from whom."""
        reading = card.readings.get("commander_ldr_highest", "numeric_max")
        when = card.readings.get("commander_ldr_when", "organisation")
        f = ink.font(6.4)
        b = ink.font(6.4, bold=True)
        minus = int(rule_number("leadership.commander_minus"))
        floor = int(rule_number("leadership.commander_floor"))
        which = "highest" if reading == "numeric_max" else "best (lowest)"
        if used is not None:
            ink.text(x, top + 8, ink.say(msg("{which} ЛДР {ldr} − {minus}, not below {floor}",
                                             which=which, ldr=pick, minus=minus,
                                             floor=floor)), f)
        _, own, gone = self._who(units, card.record.get("commander"))
        end = ink.text(x, top + 17, ink.say("commander's own ЛДР "), f)
        ink.text(end, top + 17, (own or "—") + (" " + ink.say("(KIA)") if gone else ""), b)
        ink.text(x, top + 24, ink.say(msg("d20 ≥ {ldr} while he lives (§4.3-3),",
                                          ldr=used if used is not None else "—")),
                 ink.font(5.6, italic=True), color=FAINT)
        ink.text(x, top + 30, ink.say("from the survivors") if when == "turn_start"
                 else ink.say("from every fighter organised (§4.A-20)"),
                 ink.font(5.6, italic=True), color=FAINT)

    # ---- members

    def _members(self, ink: CardInk, card: CardData, units: Mapping[str, CardData]) -> None:
        if card.record.get("subgroups"):
            self._subgroups(ink, card, units)
        else:
            self._fighters(ink, card, units)

    def _subgroups(self, ink: CardInk, card: CardData,
                   units: Mapping[str, CardData]) -> None:
        """A platoon's or company's member groups: commander and how many are left."""
        ink.heading(ink.say("Sub-units"))
        cols = [Col(ink.width - 78, "", "l"), Col(54, ink.say("commander"), "l"),
                Col(24, ink.say("left"))]
        rows = []
        for s in card.record["subgroups"]:
            alive = sum(1 for f in s["fighters"] if f in units)
            name, _, gone = self._who(units, s.get("commander"))
            en, _ru = KINDS.get(s["kind"], (s["kind"], ""))
            rows.append([f"{s['name']} ({ink.say(en).lower()})",
                         name + (" †" if gone else ""),
                         f"{alive}/{len(s['fighters'])}"])
        ink.table(cols, rows, size=6.4, row_h=8.0)

    def _fighters(self, ink: CardInk, card: CardData,
                  units: Mapping[str, CardData]) -> None:
        """A squad's fighters (nine at most): ЛДР and wounds, the dead struck through."""
        ink.heading(ink.say("Fighters"))
        cols = [Col(ink.width - 76, "", "l"), Col(28, "ЛДР"),
                Col(48, ink.say("wounds / Стк"))]
        rows, struck = [], []
        for fid in card.record.get("fighters") or ():
            u = units.get(fid)
            if u is None:
                rows.append([fid, "", ink.say("KIA")])
                struck.append(True)
                continue
            wounds = int(u.state.get("wounds", 0) or 0)
            rows.append([u.unit_name or fid, str(u.record.get("ldr", "")),
                         f"{wounds} / {u.record.get('toughness', '')}"])
            struck.append(False)
        rows = rows[:9]
        ink.table(cols, rows, size=6.2, row_h=7.4, struck=struck)

    # ---- losses

    def _losses(self, ink: CardInk, card: CardData, units: Mapping[str, CardData],
                options: CardOptions) -> None:
        st = card.state if options.state else {}
        fighters = list(card.record.get("fighters") or ())
        lost = sum(1 for f in fighters if f not in units) if options.state else 0
        tally = st.get("tally") or {}
        ink.heading(ink.say("Losses"), note=self._panic_note(ink, card, len(fighters)))
        per = 15
        lw = ink.label_column(ink.say("Strength"), ink.say("This turn"), minimum=44.0)
        ink.boxes(ink.say("Strength"), len(fighters), lost, size=6.4, per_row=per,
                  label_w=lw)
        this_turn = int(tally.get("losses", 0) or 0)
        start = int(tally.get("start", len(fighters) - lost) or 0)
        ink.boxes(ink.say("This turn"), max(start, 1), this_turn, size=6.4, per_row=per,
                  label_w=lw)
        ink.checks([(ink.say(label), bool(st.get(key)) and (key != "takeover"
                                                            or st.get(key) == "failed"))
                    for key, label in (("prone", "prone, ББ −2"), ("panicking", "in Panic"),
                                       ("takeover", "takeover failed"))],
                   line=9.5, **CHECK)

    @staticmethod
    def _panic_note(ink: CardInk, card: CardData, strength: int) -> str:
        """When the Panic test comes, by the trigger reading the game plays (§4.A-9)."""
        if card.readings.get("panic_trigger", "this_turn") == "cumulative":
            return ink.say(msg("Panic test at {threshold} lost of {strength} (§4.A-9 B)",
                               threshold=math.ceil(strength / 2), strength=strength))
        return ink.say("Panic test at ½ lost in one turn (§4.A-9 A)")



#: Ruleset.cards: profile kind → layout (a formation's under "group:<kind>")
LAYOUTS: dict[str, ArmlistCard | FormationCard] = {
    "armlist": ArmlistCard(), **{group_kind(k): FormationCard() for k in KINDS}}
