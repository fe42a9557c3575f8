"""Keno platoon cards (05 §3–§4.10): a unit card and a commander's card (a group's).

Unit (squad, team, commander, tank — one face): name and its Russian name, the quality
die with what it means, commander level, comms, the morale track (the ladder, the unit's
state crossed), figures, movement (normal move per action, the 2dN combat move),
the activation's two action boxes with its restrictions, and the comm test of its die by
the worse level and the links bypassed (§4.5-5).

Commander (a group: platoon, company, AT group …): the commander and his die, the
subordinates with their die, level, morale and figures, a box per pass his two actions can
give, and his die's comm-test table. The facts come from the engine
(engine.rulesets.keno_platoon.sheet); marks: "P" PROPOSED (see layout.py).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF
from PySide6.QtGui import QPainter, QPen

from ..layout import HIT, INK, CardData, CardOptions, Col, Ink

__all__ = ["UnitCard", "CommanderCard", "RULESET", "LAYOUTS"]

RULESET = "keno-platoon"
SIDES = {"keno": "Keno", "steel": "\"Steel\""}
COMMS = {"none": "voice, flags", "phone": "phone", "radio": "radio"}
#: The group kinds that print a commander's card.
GROUP_KINDS = ("platoon", "company", "battalion", "regiment", "brigade", "at_group", "hq",
               "hq_group", "mortar_battery")


def _t(text: str) -> str:
    return QCoreApplication.translate("KenoCard", text)


def _sheet(card: CardData, options: CardOptions):
    from engine.rulesets.keno_platoon.sheet import unit_sheet

    return unit_sheet(card.record, card.state if options.state else {})


def _mark(sheet, key: str) -> str:
    return "P" if key in sheet.proposed else ""


def _check(ink: Ink, x: float, label: str, on: bool, size: float = 7.0) -> float:
    """A tick box and its label at the current line; returns the x after it."""
    r = QRectF(x, ink.y - size, size, size)
    ink.p.setPen(QPen(INK, 0.6))
    ink.p.drawRect(r)
    if on:
        ink.p.setPen(QPen(HIT, 1.0))
        ink.p.drawLine(r.topLeft(), r.bottomRight())
        ink.p.drawLine(r.topRight(), r.bottomLeft())
    return ink.text(x + size + 2, ink.y - 0.6, label, ink.font(6.6))


def _command_line(ink: Ink, sh) -> None:
    f, b = ink.font(7.2), ink.font(7.2, bold=True)
    ink.y += 9.5
    x = ink.text(ink.x0, ink.y, _t("Quality "), b)
    x = ink.text(x, ink.y, sh.quality, ink.font(9.0, bold=True), mark=_mark(sh, "quality"))
    ink.text(x + 3, ink.y, f"{sh.quality_name} · {sh.quality_name_ru}", ink.font(6.4,
                                                                                italic=True))
    ink.y += 9.0
    x = ink.text(ink.x0, ink.y, _t("Level "), b)
    x = ink.text(x, ink.y, str(sh.level), ink.font(9.0, bold=True), mark=_mark(sh, "level"))
    who = sh.level_name + (_t(", android (never better than 2)") if sh.android else "")
    ink.text(x + 3, ink.y, ink.fit(who, ink.font(6.4, italic=True), ink.x1 - x - 3),
             ink.font(6.4, italic=True))
    ink.y += 9.0
    x = ink.text(ink.x0, ink.y, _t("Comms "), b)
    comms = _t(COMMS.get(sh.comms, sh.comms)) + (_t(", at the phone") if sh.at_phone else "")
    ink.text(x, ink.y, comms, f, mark=_mark(sh, "comms"))


def _morale_track(ink: Ink, sh, options: CardOptions) -> None:
    ink.heading(_t("Morale"), note=_t("cross the state it is in"))
    ink.y += 9.0
    x = ink.x0
    for mid, name, name_ru in sh.morale_ladder:
        short = name_ru.split("(")[-1].rstrip(")") if "(" in name_ru else name_ru
        x = _check(ink, x, f"{name} ({short})", options.state and sh.morale == mid) + 7


def _movement(ink: Ink, sh) -> None:
    ink.heading(_t("Movement"), note=_t("per action"), mark="P" if sh.move_proposed else "")
    normal = f'{sh.move_limit + " " if sh.move_limit else ""}{sh.move_in:g}"'
    cols = [Col(ink.width * 0.45, _t("class"), "l"), Col(ink.width * 0.25, _t("normal")),
            Col(ink.width * 0.30, _t("combat move"))]
    ink.table(cols, [[sh.move_name, normal, sh.combat or _t("none")]], size=6.9, row_h=8.8)
    if sh.vehicle:
        ink.line(_t("Turning on the spot is a move: 1 action (the turret turns free)."),
                 size=5.9, italic=True)


def _comm_table(ink: Ink, quality: str, floor: str, links: int = 3) -> None:
    from engine.rulesets.keno_platoon.sheet import comm_row

    ink.heading(_t("Comm test"), note=_t("roll > the worse level; free in sight ≤ 6\""))
    w0 = ink.width * 0.34
    cw = (ink.width - w0) / 3
    cols = [Col(w0, _t("links bypassed"), "l")] + [Col(cw, f"L {lv}") for lv in (1, 2, 3)]
    rows = []
    for bypassed in range(links):
        d, ps = comm_row(quality, bypassed, floor)
        label = f"{bypassed} · {d}" if d else f"{bypassed} · —"
        rows.append([label, *([str(p) for p in ps] if ps else [_t("impossible")] + [""] * 2)])
    ink.table(cols, rows, size=6.6, row_h=7.8, first_bold=True)


class UnitCard:
    """A squad, team, commander or vehicle."""

    faces = 1

    def draw_face(self, painter: QPainter, rect: QRectF, card: CardData, face: int,
                  options: CardOptions) -> None:
        ink = Ink(painter, rect)
        ink.fill_background()
        sh = _sheet(card, options)
        title = card.unit_name or sh.name or card.id
        sub = " · ".join(filter(None, [sh.name if card.unit_name else "", sh.name_ru]))
        ink.band(title, sub, right=SIDES.get(sh.side, sh.side))
        _command_line(ink, sh)
        _morale_track(ink, sh, options)
        if options.tallies:
            lost = int(card.state.get("casualties", 0) or 0) if options.state else 0
            ink.y += 2.0
            ink.boxes(_t("Figures"), sh.figures, lost, per_row=14)
            if _mark(sh, "figures"):  # the mark after the label boxes() drew
                end = ink.x0 + ink.text_width(_t("Figures"), ink.font(6.6, bold=True))
                ink.text(end, ink.y - 0.8, "", ink.font(6.6), mark="P")
            supp = int(card.markers.get("suppression", 0) or 0) if options.state else 0
            ink.boxes(_t("Suppression"), 6, supp)
        _movement(ink, sh)
        ink.heading(_t("Activation"), note=_t("two actions, in any order"))
        ink.y += 9.0
        x = ink.x0
        for label in (_t("action 1"), _t("action 2"), _t("activated"), _t("passed")):
            x = _check(ink, x, label, False) + 6
        self._rules(ink)
        _comm_table(ink, sh.quality, card.readings.get("die_floor", "d4"),
                    links=2 if sh.vehicle else 3)
        ink.footnote()
        ink.frame()

    @staticmethod
    def _rules(ink: Ink) -> None:
        from engine.rulesets.keno_platoon.sheet import ACTIVATION_NOTES

        ink.line(" · ".join(f"{_t(what).capitalize()}: {_t(rule)}"
                            for what, rule in ACTIVATION_NOTES[:3]), size=5.9, italic=True)


class CommanderCard:
    """A group's commander and the units under him: who he can pass actions to."""

    faces = 1

    def draw_face(self, painter: QPainter, rect: QRectF, card: CardData, face: int,
                  options: CardOptions) -> None:
        ink = Ink(painter, rect)
        ink.fill_background()
        g = card.group
        name_ru = (g.extra or {}).get("name_ru", "") if g is not None else ""
        kind = str(card.record.get("kind", "")).replace("_", " ")
        ink.band(card.unit_name or card.title, " · ".join(filter(None, [kind, name_ru])),
                 right=SIDES.get(str(card.record.get("side")), ""))
        chief = card.leader
        rest = [m for m in card.members if chief is None or m.unit_id != chief.unit_id]
        if chief is not None:
            sh = _sheet(chief, options)
            ink.heading(_t("Commander"), note=chief.unit_name or sh.name)
            _command_line(ink, sh)
        elif card.record.get("off_table"):
            ink.heading(_t("Commander"), note=_t("off the table"))
        ink.heading(_t("Under his command"), note=_t("die · level · morale · figures"))
        cols = [Col(ink.width - 20 - 22 - 36 - 18, _t("unit"), "l"), Col(20, _t("die")),
                Col(22, _t("level")), Col(36, _t("morale")), Col(18, _t("figs"))]
        rows = []
        for m in rest:
            sh = _sheet(m, options)
            morale = next(n for i, n, _r in sh.morale_ladder if i == sh.morale)
            rows.append([m.unit_name or sh.name, (sh.quality, _mark(sh, "quality")),
                         (str(sh.level), _mark(sh, "level")), morale, str(sh.figures)])
        nested = [x for x in card.record.get("members") or () if x not in
                  {m.unit_id for m in card.members}]
        for gid in nested:
            rows.append([_t("group {0}").format(gid), "", "", "", ""])
        ink.table(cols, rows, size=6.7, row_h=8.4)
        if chief is not None:
            ink.heading(_t("Passed actions"),
                        note=_t("each of his actions: a whole activation of one of them"))
            ink.y += 9.0
            x = ink.x0
            for label in (_t("pass 1 →"), _t("pass 2 →")):
                x = _check(ink, x, label, False) + 44
            _comm_table(ink, _sheet(chief, options).quality,
                        card.readings.get("die_floor", "d4"))
        ink.footnote(_t("A failed comm test loses the action; one die step down per "
                        "link bypassed."))
        ink.frame()


#: discovered by app.cards.layout (see app/cards/rulesets/__init__.py)
LAYOUTS = {(RULESET, "profile"): UnitCard(),
           **{(RULESET, f"group:{k}"): CommanderCard() for k in GROUP_KINDS}}
