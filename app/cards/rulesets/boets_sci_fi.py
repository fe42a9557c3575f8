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
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QT_TR_NOOP, QRectF
from PySide6.QtGui import QPainter

from app.i18n import current_language, loc, tr
from engine.rulesets.boets_sci_fi.data import COLUMNS, RULESET_ID, is_proposed, rule_number
from engine.rulesets.boets_sci_fi.leadership import commander_ldr

from .. import group_kind
from ..layout import FAINT, HIT, SHADE, CardData, CardOptions, Col, Ink

__all__ = ["ArmlistCard", "FormationCard", "LAYOUTS"]


def _russian() -> bool:
    return current_language() == "ru"


def _kind_text(kind: str) -> str:
    """The formation's kind in the interface's language, with the rules' Russian term
    beside the English one."""
    en, ru = KINDS.get(kind, (kind, ""))
    shown = tr(en)
    return shown if not ru or shown.lower() == ru else f"{shown} · {ru}"


def _name(rec: Mapping[str, Any], fallback: str) -> str:
    return loc(rec, RULESET_ID) if rec.get("name") else fallback


#: §2 glossary: the formation kinds and ranks, English (translated) and the rules' Russian
KINDS = {"squad": (QT_TR_NOOP("Squad"), "отделение"),
         "platoon": (QT_TR_NOOP("Platoon"), "взвод"),
         "company": (QT_TR_NOOP("Company"), "рота")}
RANKS = {"lieutenant": (QT_TR_NOOP("lieutenant"), "лейтенант"),
         "senior_sergeant": (QT_TR_NOOP("senior sergeant"), "старший сержант"),
         "sergeant": (QT_TR_NOOP("sergeant"), "сержант"),
         "private": (QT_TR_NOOP("private"), "рядовой"),
         "advisor": (QT_TR_NOOP("Advisor"), "Советник"),
         "lord": (QT_TR_NOOP("Lord"), "Лорд")}


def _rank_text(rank: str) -> str:
    return tr(RANKS[rank][0]) if rank in RANKS else rank


def _mark(rec: Mapping[str, Any], key: str) -> str:
    return "P" if key in (rec.get("proposed") or ()) else ""


def _step_in() -> float:
    return float(rule_number("inches_per_step"))


def _steps(v: Any) -> str:
    inches = float(v) * _step_in()
    return f'{v} ({inches:g}")'


def _stat_boxes(ink: Ink, rec: Mapping[str, Any]) -> None:
    """The eight armlist columns in two rows of four: value, Russian abbreviation, English."""
    vf = ink.font(13, bold=True, serif=True)
    lf = ink.font(6.6, bold=True)
    ef = ink.font(5.2)
    for r, key in zip(ink.tiles(len(COLUMNS), 27.0, per_row=4), COLUMNS, strict=True):
        en, ru, _ = COLUMNS[key]
        x, y, w = r.x(), r.top(), r.width()
        ink.text(x, y + 13.5, str(rec[key]), vf, mark=_mark(rec, key), align="c", width=w)
        ink.text(x, y + 20.5, ru, lf, align="c", width=w)
        small = COLUMNS[key][2] if _russian() else en       # Лидерство / LDR
        ink.text(x, r.bottom() - 1.8, small, ef, color=FAINT, align="c", width=w)


class ArmlistCard:
    """One troop type's armlist (§3)."""

    faces = 1

    def draw_face(self, painter: QPainter, rect: QRectF, card: CardData, face: int,
                  options: CardOptions) -> None:
        rec = card.record
        ink = Ink(painter, rect)
        ink.fill_background()
        title = _name(rec, card.id)
        who = [rec.get("name_ru", "")] if rec.get("name_ru") != title else []
        if rec.get("rank", "private") not in ("private", rec.get("troop_type")):
            who.append(_rank_text(rec["rank"]))
        if card.unit_name:
            who.append(card.unit_name)
        ink.band(title, " · ".join(w for w in who if w), right=tr("armlist"))
        _stat_boxes(ink, rec)
        self._lines(ink, rec)
        self._weapons(ink, card)
        self._house(ink)
        if options.tallies:
            self._tallies(ink, card, options)
        ink.footnote()
        ink.frame()

    def _lines(self, ink: Ink, rec: Mapping[str, Any]) -> None:
        step_mark = "P" if is_proposed("inches_per_step") else ""
        ink.line(tr("Ск {0} · Дальн {1} steps").format(_steps(rec["speed"]),
                                                       _steps(rec["range"])),
                 size=6.6, mark=step_mark)
        ink.line(tr("Leadership: d20 ≥ ЛДР passes; a commander's ЛДР is the highest of his "
                    "unit − 2, not below 8"), size=6.0, italic=True, color=FAINT)
        notes = []
        if rec.get("independent"):
            notes.append(tr("may act alone (§4.1-6)"))
        for s in rec.get("special") or ():
            notes.append(tr("jump pack: no effect until defined (§8-11)") if s == "jump_pack"
                         else s.replace("_", " "))
        if notes:
            ink.line("; ".join(notes), size=6.4, bold=True)

    def _weapons(self, ink: Ink, card: CardData) -> None:
        ids = list(card.record.get("weapons") or ())
        if not ids:
            return
        ink.heading(tr("Template weapons"), note=tr("no Accuracy test; friends are hit too"))
        cols = [Col(ink.width - 100, tr("weapon"), "l"), Col(46, tr("template"), "l"),
                Col(30, "Дальн"), Col(24, "М")]
        rows = []
        for wid in ids:
            w = card.related.get(wid)
            if w is None:
                rows.append([(wid, ""), tr("not in the library"), "", ""])
                continue
            shape = str(rule_number(f"templates.{w['template']}"))
            rng = tr("base") if w["template"] == "flamer" else str(w["range"])
            rows.append([_name(w, wid),
                         (tr("teardrop") if w["template"] == "flamer"
                          else tr("blast {0}\"").format(shape.removeprefix("blast-")),
                          "P" if is_proposed(f"templates.{w['template']}") else ""),
                         (rng, _mark(w, "range") if w["template"] != "flamer" else ""),
                         (str(w["power"]), _mark(w, "power"))])
        ink.table(cols, rows, size=6.5, row_h=8.4)
        ru = [card.related[w].get("name_ru", "") for w in ids if w in card.related]
        if any(ru) and not _russian():
            ink.line(" · ".join(r for r in ru if r), size=5.8, italic=True, color=FAINT)

    def _house(self, ink: Ink) -> None:
        ink.heading(tr("Fire, house rules"), mark="P", note=tr("not from the source (§8)"))
        hit = int(rule_number("house.hit_on"))
        pen = int(rule_number("house.penetration_base"))
        ink.line(tr("Скр × d20 ≥ {0} within Дальн (+2 vs Panic); d20 + М ≥ {1} + Бр "
                    "wounds; removed after Стк wounds").format(hit, pen), size=6.0)

    def _tallies(self, ink: Ink, card: CardData, options: CardOptions) -> None:
        st = card.state if options.state else {}
        ink.heading(tr("In play"), note=tr("tick as the game goes"))
        ink.boxes(tr("Wounds (Стк)"), int(card.record["toughness"]),
                  int(st.get("wounds", 0) or 0), label_w=60)
        flags = [t for k, t in (("holds", tr("holds this turn")),
                                ("only_shoot", tr("may only shoot"))) if st.get(k)]
        if flags:
            ink.line(", ".join(flags).upper(), size=6.8, bold=True, color=HIT)


class FormationCard:
    """A squad, platoon or company (§4.1): its command, the ЛДР it tests with, its losses."""

    faces = 1

    def draw_face(self, painter: QPainter, rect: QRectF, card: CardData, face: int,
                  options: CardOptions) -> None:
        rec = card.record
        ink = Ink(painter, rect)
        ink.fill_background()
        fighters = list(rec.get("fighters") or ())
        troop = _name(card.units[0].record, "") if card.units else ""
        ink.band(card.unit_name or card.id, _kind_text(rec["kind"])
                 + (f" · {troop}" if troop else ""),
                 right=tr("{0} fighters").format(len(fighters)))
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

    def _command(self, ink: Ink, card: CardData, units: Mapping[str, CardData]) -> None:
        rec = card.record
        ink.heading(tr("Command"), note=tr("one commander per sub-unit (§4.1-4)"))
        cols = [Col(50, "", "l"), Col(ink.width - 50 - 34, tr("fighter"), "l"),
                Col(34, tr("own ЛДР"))]
        rows, struck = [], []
        for label, uid in ((tr("Commander"), rec.get("commander")),
                           (tr("Deputy"), rec.get("deputy"))):
            name, ldr, gone = self._who(units, uid)
            rank = (units[uid].state.get("rank") or units[uid].record.get("rank", "")) \
                if uid in units else ""
            if rank and rank != "private":
                name += f" ({_rank_text(rank)})"
            rows.append([label, name + (" " + tr("KIA") if gone else ""), ldr])
            struck.append(gone)
        ink.table(cols, rows, size=6.8, row_h=8.6, first_bold=True, struck=struck)

    def _ldr(self, ink: Ink, card: CardData, units: Mapping[str, CardData]) -> None:
        """§4.4: the ЛДР the formation's tests use while the commander lives, beside his
        own; the reading of §4.A-5 and §4.A-20 the game plays."""
        reading = card.readings.get("commander_ldr_highest", "numeric_max")
        when = card.readings.get("commander_ldr_when", "organisation")
        ldrs = [int(u.record["ldr"]) for u in card.units if "ldr" in u.record]
        ink.y += 4
        top = ink.y
        h = 30.0
        w = 46.0
        ink.tile(QRectF(ink.x0, top, w, h), pen=1.1)
        if ldrs:
            used = commander_ldr(ldrs, reading)
            pick = max(ldrs) if reading == "numeric_max" else min(ldrs)
            ink.text(ink.x0, top + 17, str(used), ink.font(15, bold=True, serif=True),
                     align="c", width=w)
        else:
            used, pick = None, None
            ink.text(ink.x0, top + 17, "—", ink.font(15, bold=True), align="c", width=w)
        ink.text(ink.x0, top + h - 4, tr("ЛДР used"), ink.font(5.8, bold=True), color=FAINT,
                 align="c", width=w)
        x = ink.x0 + w + 5
        f = ink.font(6.4)
        b = ink.font(6.4, bold=True)
        minus = int(rule_number("leadership.commander_minus"))
        floor = int(rule_number("leadership.commander_floor"))
        which = tr("highest") if reading == "numeric_max" else tr("best (lowest)")
        if used is not None:
            ink.text(x, top + 8, tr("{0} ЛДР {1} − {2}, not below {3}").format(
                which, pick, minus, floor), f)
        _, own, gone = self._who(units, card.record.get("commander"))
        end = ink.text(x, top + 17, tr("commander's own ЛДР "), f)
        ink.text(end, top + 17, (own or "—") + (" " + tr("(KIA)") if gone else ""), b)
        ink.text(x, top + 24, tr("d20 ≥ {0} while he lives (§4.3-3),").format(
            used if used is not None else "—"), ink.font(5.6, italic=True), color=FAINT)
        ink.text(x, top + 30, tr("from the survivors") if when == "turn_start"
                 else tr("from every fighter organised (§4.A-20)"),
                 ink.font(5.6, italic=True), color=FAINT)
        ink.y = top + h + 1

    # ---- members

    def _members(self, ink: Ink, card: CardData, units: Mapping[str, CardData]) -> None:
        subs = card.record.get("subgroups") or []
        if subs:
            ink.heading(tr("Sub-units"))
            cols = [Col(ink.width - 78, "", "l"), Col(54, tr("commander"), "l"),
                    Col(24, tr("left"))]
            rows = []
            for s in subs:
                alive = sum(1 for f in s["fighters"] if f in units)
                name, _, gone = self._who(units, s.get("commander"))
                en, _ru = KINDS.get(s["kind"], (s["kind"], ""))
                rows.append([f"{s['name']} ({tr(en).lower()})",
                             name + (" †" if gone else ""),
                             f"{alive}/{len(s['fighters'])}"])
            ink.table(cols, rows, size=6.4, row_h=8.0)
            return
        ink.heading(tr("Fighters"))
        cols = [Col(ink.width - 76, "", "l"), Col(28, "ЛДР"), Col(48, tr("wounds / Стк"))]
        rows, struck = [], []
        for fid in card.record.get("fighters") or ():
            u = units.get(fid)
            if u is None:
                rows.append([fid, "", tr("KIA")])
                struck.append(True)
                continue
            wounds = int(u.state.get("wounds", 0) or 0)
            rows.append([u.unit_name or fid, str(u.record.get("ldr", "")),
                         f"{wounds} / {u.record.get('toughness', '')}"])
            struck.append(False)
        rows = rows[:9]
        ink.table(cols, rows, size=6.2, row_h=7.4, struck=struck)

    # ---- losses

    def _losses(self, ink: Ink, card: CardData, units: Mapping[str, CardData],
                options: CardOptions) -> None:
        st = card.state if options.state else {}
        fighters = list(card.record.get("fighters") or ())
        lost = sum(1 for f in fighters if f not in units) if options.state else 0
        tally = st.get("tally") or {}
        reading = card.readings.get("panic_trigger", "this_turn")
        if reading == "cumulative":
            note = tr("Panic test at {0} lost of {1} (§4.A-9 B)").format(
                math.ceil(len(fighters) / 2), len(fighters))
        else:
            note = tr("Panic test at ½ lost in one turn (§4.A-9 A)")
        ink.heading(tr("Losses"), note=note)
        per = 15
        ink.boxes(tr("Strength"), len(fighters), lost, size=6.4, per_row=per, label_w=44)
        this_turn = int(tally.get("losses", 0) or 0)
        start = int(tally.get("start", len(fighters) - lost) or 0)
        ink.boxes(tr("This turn"), max(start, 1), this_turn, size=6.4, per_row=per,
                  label_w=44)
        ink.y += 9.5
        x = ink.x0
        for key, label in (("prone", tr("prone, ББ −2")), ("panicking", tr("in Panic")),
                           ("takeover", tr("takeover failed"))):
            on = bool(st.get(key)) and (key != "takeover" or st.get(key) == "failed")
            x = self._check(ink, x, label, on) + 6

    @staticmethod
    def _check(ink: Ink, x: float, label: str, on: bool) -> float:
        return ink.check(x, label, on, size=6.0, label_size=6.2, fill=SHADE)


#: discovered by app.cards.layout (see app/cards/rulesets/__init__.py)
LAYOUTS = {(RULESET_ID, "armlist"): ArmlistCard(),
           **{(RULESET_ID, group_kind(k)): FormationCard() for k in KINDS}}
