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

from PySide6.QtCore import QT_TR_NOOP, QRectF
from PySide6.QtGui import QPainter

from app.i18n import tr

from ..layout import CardData, CardOptions, Col, Ink

__all__ = ["UnitCard", "CommanderCard", "RULESET", "LAYOUTS"]

RULESET = "keno-platoon"
SIDES = {"keno": QT_TR_NOOP("Keno"), "steel": QT_TR_NOOP("\"Steel\"")}
#: Words the engine's card facts hold, marked so lupdate lists them (drawn through tr()).
MARKED = (QT_TR_NOOP("at most"), QT_TR_NOOP("at least"), QT_TR_NOOP("fire"),
          QT_TR_NOOP("not the same weapon twice"), QT_TR_NOOP("melee"),
          QT_TR_NOOP("takes both actions"), QT_TR_NOOP("reorganise, improve morale"),
          QT_TR_NOOP("once each"))
COMMS = {"none": QT_TR_NOOP("voice, flags"), "phone": QT_TR_NOOP("phone"),
         "radio": QT_TR_NOOP("radio")}
#: The group kinds that print a commander's card.
GROUP_KINDS = ("platoon", "company", "battalion", "regiment", "brigade", "at_group", "hq",
               "hq_group", "mortar_battery")


def _ru() -> bool:
    """Whether the cards are printed in Russian (the record's name_ru, not its English)."""
    from app.i18n import current_language

    return current_language() == "ru"


def _sheet(card: CardData, options: CardOptions):
    from engine.rulesets.keno_platoon.sheet import unit_sheet

    return unit_sheet(card.record, card.state if options.state else {})


def _name(sheet) -> str:
    return sheet.name_ru if _ru() and sheet.name_ru else sheet.name


def _kind_label(kind: str) -> str:
    """A group kind's name (chain.GROUP_KINDS), Russian in a Russian print."""
    from engine.rulesets.keno_platoon.chain import GROUP_KINDS

    for kid, label, label_ru in GROUP_KINDS:
        if kid == kind:
            return label_ru if _ru() else label
    return kind.replace("_", " ")


def _mark(sheet, key: str) -> str:
    return "P" if key in sheet.proposed else ""


def _command_line(ink: Ink, sh) -> None:
    f, b = ink.font(7.2), ink.font(7.2, bold=True)
    ink.y += 9.5
    x = ink.text(ink.x0, ink.y, tr("Quality "), b)
    x = ink.text(x, ink.y, sh.quality, ink.font(9.0, bold=True), mark=_mark(sh, "quality"))
    ink.text(x + 3, ink.y, sh.quality_name_ru if _ru() else sh.quality_name,
             ink.font(6.4, italic=True))
    ink.y += 9.0
    x = ink.text(ink.x0, ink.y, tr("Level "), b)
    x = ink.text(x, ink.y, str(sh.level), ink.font(9.0, bold=True), mark=_mark(sh, "level"))
    who = (sh.level_name_ru if _ru() else sh.level_name) + (
        tr(", android (never better than 2)") if sh.android else "")
    ink.text(x + 3, ink.y, ink.fit(who, ink.font(6.4, italic=True), ink.x1 - x - 3),
             ink.font(6.4, italic=True))
    ink.y += 9.0
    x = ink.text(ink.x0, ink.y, tr("Comms "), b)
    comms = tr(COMMS.get(sh.comms, sh.comms)) + (tr(", at the phone") if sh.at_phone else "")
    ink.text(x, ink.y, comms, f, mark=_mark(sh, "comms"))


def _morale_track(ink: Ink, sh, options: CardOptions) -> None:
    ink.heading(tr("Morale"), note=tr("cross the state it is in"))
    ink.y += 9.0
    x = ink.x0
    for mid, name, name_ru in sh.morale_ladder:
        short = name_ru.split("(")[-1].rstrip(")") if "(" in name_ru else name_ru
        label = name_ru if _ru() else f"{name} ({short})"
        x = ink.check(x, label, options.state and sh.morale == mid) + 7


def _movement(ink: Ink, sh) -> None:
    ink.heading(tr("Movement"), note=tr("per action"), mark="P" if sh.move_proposed else "")
    limit = tr(sh.move_limit) + " " if sh.move_limit else ""
    normal = f'{limit}{sh.move_in:g}"'
    cols = [Col(ink.width * 0.45, tr("class"), "l"), Col(ink.width * 0.25, tr("normal")),
            Col(ink.width * 0.30, tr("combat move"))]
    name = sh.move_name_ru if _ru() else sh.move_name
    ink.table(cols, [[name, normal, sh.combat or tr("none")]], size=6.9, row_h=8.8)
    if sh.vehicle:
        ink.line(tr("Turning on the spot is a move: 1 action (the turret turns free)."),
                 size=5.9, italic=True)


def _comm_table(ink: Ink, quality: str, floor: str, links: int = 3) -> None:
    from engine.rulesets.keno_platoon.sheet import comm_row

    ink.heading(tr("Comm test"), note=tr("roll > the worse level; free in sight ≤ 6\""))
    w0 = ink.width * 0.34
    cw = (ink.width - w0) / 3
    cols = [Col(w0, tr("links bypassed"), "l")] + [Col(cw, f"L {lv}") for lv in (1, 2, 3)]
    rows = []
    for bypassed in range(links):
        d, ps = comm_row(quality, bypassed, floor)
        label = f"{bypassed} · {d}" if d else f"{bypassed} · —"
        rows.append([label, *([str(p) for p in ps] if ps else [tr("impossible")] + [""] * 2)])
    ink.table(cols, rows, size=6.6, row_h=7.8, first_bold=True)


class UnitCard:
    """A squad, team, commander or vehicle."""

    faces = 1

    def draw_face(self, painter: QPainter, rect: QRectF, card: CardData, face: int,
                  options: CardOptions) -> None:
        ink = Ink(painter, rect)
        ink.fill_background()
        sh = _sheet(card, options)
        name = sh.name_ru if _ru() and sh.name_ru else sh.name
        title = card.unit_name or name or card.id
        sub = name if _ru() else " · ".join(filter(None, [sh.name if card.unit_name else "",
                                                         sh.name_ru]))
        ink.band(title, sub, right=tr(SIDES.get(sh.side, sh.side)))
        _command_line(ink, sh)
        _morale_track(ink, sh, options)
        if options.tallies:
            lost = int(card.state.get("casualties", 0) or 0) if options.state else 0
            ink.y += 2.0
            ink.boxes(tr("Figures"), sh.figures, lost, per_row=14)
            if _mark(sh, "figures"):  # the mark after the label boxes() drew
                end = ink.x0 + ink.text_width(tr("Figures"), ink.font(6.6, bold=True))
                ink.text(end, ink.y - 0.8, "", ink.font(6.6), mark="P")
            supp = int(card.markers.get("suppression", 0) or 0) if options.state else 0
            ink.boxes(tr("Suppression"), 6, supp)
        _movement(ink, sh)
        ink.heading(tr("Activation"), note=tr("two actions, in any order"))
        ink.y += 9.0
        x = ink.x0
        for label in (tr("action 1"), tr("action 2"), tr("activated"), tr("passed")):
            x = ink.check(x, label, False) + 6
        self._rules(ink)
        _comm_table(ink, sh.quality, card.readings.get("die_floor", "d4"),
                    links=2 if sh.vehicle else 3)
        ink.footnote()
        ink.frame()

    @staticmethod
    def _rules(ink: Ink) -> None:
        from engine.rulesets.keno_platoon.sheet import ACTIVATION_NOTES

        ink.line(" · ".join(f"{tr(what).capitalize()}: {tr(rule)}"
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
        kind = _kind_label(str(card.record.get("kind", "")))
        ink.band(card.unit_name or card.title, " · ".join(filter(None, [kind, name_ru])),
                 right=tr(SIDES.get(str(card.record.get("side")), "")))
        chief = card.leader
        rest = [m for m in card.members if chief is None or m.unit_id != chief.unit_id]
        if chief is not None:
            sh = _sheet(chief, options)
            ink.heading(tr("Commander"), note=chief.unit_name or _name(sh))
            _command_line(ink, sh)
        elif card.record.get("off_table"):
            ink.heading(tr("Commander"), note=tr("off the table"))
        ink.heading(tr("Under his command"), note=tr("die · level · morale · figures"))
        cols = [Col(ink.width - 20 - 22 - 36 - 18, tr("unit"), "l"), Col(20, tr("die")),
                Col(22, tr("level")), Col(36, tr("morale")), Col(18, tr("figs"))]
        rows = []
        for m in rest:
            sh = _sheet(m, options)
            morale = next((r if _ru() else n) for i, n, r in sh.morale_ladder
                          if i == sh.morale)
            rows.append([m.unit_name or _name(sh), (sh.quality, _mark(sh, "quality")),
                         (str(sh.level), _mark(sh, "level")), morale, str(sh.figures)])
        nested = [x for x in card.record.get("members") or () if x not in
                  {m.unit_id for m in card.members}]
        for gid in nested:
            rows.append([tr("group {0}").format(gid), "", "", "", ""])
        ink.table(cols, rows, size=6.7, row_h=8.4)
        if chief is not None:
            ink.heading(tr("Passed actions"),
                        note=tr("each of his actions: a whole activation of one of them"))
            ink.y += 9.0
            x = ink.x0
            for label in (tr("pass 1 →"), tr("pass 2 →")):
                x = ink.check(x, label, False) + 44
            _comm_table(ink, _sheet(chief, options).quality,
                        card.readings.get("die_floor", "d4"))
        ink.footnote(tr("A failed comm test loses the action; one die step down per "
                        "link bypassed."))
        ink.frame()


#: discovered by app.cards.layout (see app/cards/rulesets/__init__.py)
LAYOUTS = {(RULESET, "profile"): UnitCard(),
           **{(RULESET, f"group:{k}"): CommanderCard() for k in GROUP_KINDS}}
