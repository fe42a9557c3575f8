"""Keno platoon cards (05 §3–§4.10): a unit card and a commander's card (a group's).

Unit (squad, team, commander, tank — one face): name and its Russian name, the quality
die with what it means, commander level, comms, the morale track (the ladder, the unit's
state crossed), figures, movement (normal move per action, the 2dN combat move),
the activation's two action boxes with its restrictions, and the comm test of its die by
the worse level and the links bypassed (§4.5-5).

Commander (a group: platoon, company, AT group …): the commander and his die, the
subordinates with their die, level, morale and figures, a box per pass his two actions can
give, and his die's comm-test table. The facts come from the engine
(engine.rulesets.keno_platoon.sheet); marks: "P" PROPOSED (see engine.cards). Words go
through the ruleset's glossary (its [cards] table first).
"""

from __future__ import annotations

from engine.cards import CardData, CardInk, CardOptions, Col, card_title, group_kind
from engine.i18n import msg

__all__ = ["UnitCard", "CommanderCard", "LAYOUTS"]

SIDES = {"keno": "Keno", "steel": "\"Steel\""}
COMMS = {"none": "voice, flags", "phone": "phone", "radio": "radio"}
#: The group kinds that print a commander's card.
GROUP_KINDS = ("platoon", "company", "battalion", "regiment", "brigade", "at_group", "hq",
               "hq_group", "mortar_battery")


def _ru(ink: CardInk) -> bool:
    """Whether the card is printed in Russian (the record's name_ru, not its English)."""
    return ink.lang == "ru"


def _sheet(card: CardData, options: CardOptions):
    from engine.rulesets.keno_platoon.sheet import unit_sheet

    return unit_sheet(card.record, card.state if options.state else {})


def _name(ink: CardInk, sheet) -> str:
    return sheet.name_ru if _ru(ink) and sheet.name_ru else sheet.name


def _kind_label(ink: CardInk, kind: str) -> str:
    """A group kind's name (chain.GROUP_KINDS), Russian in a Russian print."""
    from engine.rulesets.keno_platoon.chain import GROUP_KINDS

    for kid, label, label_ru in GROUP_KINDS:
        if kid == kind:
            return label_ru if _ru(ink) else label
    return kind.replace("_", " ")


def _mark(sheet, key: str) -> str:
    return "P" if key in sheet.proposed else ""


def _command_line(ink: CardInk, sh) -> None:
    f, b = ink.font(7.2), ink.font(7.2, bold=True)
    ink.y += 9.5
    x = ink.text(ink.x0, ink.y, ink.say("Quality "), b)
    x = ink.text(x, ink.y, sh.quality, ink.font(9.0, bold=True), mark=_mark(sh, "quality"))
    ink.text(x + 3, ink.y, sh.quality_name_ru if _ru(ink) else sh.quality_name,
             ink.font(6.4, italic=True))
    ink.y += 9.0
    x = ink.text(ink.x0, ink.y, ink.say("Level "), b)
    x = ink.text(x, ink.y, str(sh.level), ink.font(9.0, bold=True), mark=_mark(sh, "level"))
    who = (sh.level_name_ru if _ru(ink) else sh.level_name) + (
        ink.say(", android (never better than 2)") if sh.android else "")
    ink.text(x + 3, ink.y, ink.fit(who, ink.font(6.4, italic=True), ink.x1 - x - 3),
             ink.font(6.4, italic=True))
    ink.y += 9.0
    x = ink.text(ink.x0, ink.y, ink.say("Comms "), b)
    comms = ink.say(COMMS.get(sh.comms, sh.comms)) + (
        ink.say(", at the phone") if sh.at_phone else "")
    ink.text(x, ink.y, comms, f, mark=_mark(sh, "comms"))


def _short(name_ru: str) -> str:
    """A morale state's short Russian form, in its name's brackets ("стойкие (Ст)")."""
    return name_ru.split("(")[-1].rstrip(")") if "(" in name_ru else name_ru


def _morale_track(ink: CardInk, sh, options: CardOptions) -> None:
    ink.heading(ink.say("Morale"), note=ink.say("cross the state it is in"))
    items = []
    for mid, name, name_ru in sh.morale_ladder:
        items.append((name_ru if _ru(ink) else f"{name} ({_short(name_ru)})",
                      bool(options.state and sh.morale == mid)))
    ink.checks(items, gap=7.0)


def _movement(ink: CardInk, sh) -> None:
    ink.heading(ink.say("Movement"), note=ink.say("per action"),
                mark="P" if sh.move_proposed else "")
    limit = ink.say(sh.move_limit) + " " if sh.move_limit else ""
    normal = f'{limit}{sh.move_in:g}"'
    cols = [Col(ink.width * 0.45, ink.say("class"), "l"), Col(ink.width * 0.25, ink.say("normal")),
            Col(ink.width * 0.30, ink.say("combat move"))]
    name = sh.move_name_ru if _ru(ink) else sh.move_name
    ink.table(cols, [[name, normal, sh.combat or ink.say("none")]], size=6.9, row_h=8.8)
    if sh.vehicle:
        ink.line(ink.say("Turning on the spot is a move: 1 action (the turret turns free)."),
                 size=5.9, italic=True)


def _comm_table(ink: CardInk, quality: str, floor: str, links: int = 3) -> None:
    from engine.rulesets.keno_platoon.sheet import comm_row

    ink.heading(ink.say("Comm test"), note=ink.say("roll > the worse level; free in sight ≤ 6\""))
    w0 = ink.width * 0.34
    cw = (ink.width - w0) / 3
    cols = [Col(w0, ink.say("links bypassed"), "l")] + [Col(cw, f"L {lv}") for lv in (1, 2, 3)]
    rows = []
    for bypassed in range(links):
        d, ps = comm_row(quality, bypassed, floor)
        label = f"{bypassed} · {d}" if d else f"{bypassed} · —"
        cells = [str(p) for p in ps] if ps else [ink.say("impossible"), "", ""]
        rows.append([label, *cells])
    ink.table(cols, rows, size=6.6, row_h=7.8, first_bold=True)


class UnitCard:
    """A squad, team, commander or vehicle."""

    faces = 1

    def draw_face(self, ink: CardInk, card: CardData, face: int,
                  options: CardOptions) -> None:
        ink.fill_background()
        sh = _sheet(card, options)
        name = sh.name_ru if _ru(ink) and sh.name_ru else sh.name
        title = card.unit_name or name or card.id
        sub = name if _ru(ink) else " · ".join(filter(None, [sh.name if card.unit_name else "",
                                                         sh.name_ru]))
        ink.band(title, sub, right=ink.say(SIDES.get(sh.side, sh.side)))
        _command_line(ink, sh)
        _morale_track(ink, sh, options)
        if options.tallies:
            lost = int(card.state.get("casualties", 0) or 0) if options.state else 0
            ink.y += 2.0
            ink.boxes(ink.say("Figures"), sh.figures, lost, per_row=14)
            if _mark(sh, "figures"):  # the mark after the label boxes() drew
                end = ink.x0 + ink.text_width(ink.say("Figures"), ink.font(6.6, bold=True))
                ink.text(end, ink.y - 0.8, "", ink.font(6.6), mark="P")
            supp = int(card.markers.get("suppression", 0) or 0) if options.state else 0
            ink.boxes(ink.say("Suppression"), 6, supp)
        _movement(ink, sh)
        ink.heading(ink.say("Activation"), note=ink.say("two actions, in any order"))
        ink.checks([(ink.say(label), False)
                    for label in ("action 1", "action 2", "activated", "passed")])
        self._rules(ink)
        _comm_table(ink, sh.quality, card.readings.get("die_floor", "d4"),
                    links=2 if sh.vehicle else 3)
        ink.footnote()
        ink.frame()

    @staticmethod
    def _rules(ink: CardInk) -> None:
        from engine.rulesets.keno_platoon.sheet import ACTIVATION_NOTES

        ink.line(" · ".join(f"{ink.say(what).capitalize()}: {ink.say(rule)}"
                            for what, rule in ACTIVATION_NOTES[:3]), size=5.9, italic=True)


class CommanderCard:
    """A group's commander and the units under him: who he can pass actions to."""

    faces = 1

    def draw_face(self, ink: CardInk, card: CardData, face: int,
                  options: CardOptions) -> None:
        ink.fill_background()
        g = card.group
        name_ru = (g.extra or {}).get("name_ru", "") if g is not None else ""
        kind = _kind_label(ink, str(card.record.get("kind", "")))
        ink.band(card.unit_name or card_title(ink, card),
                 " · ".join(filter(None, [kind, name_ru])),
                 right=ink.say(SIDES.get(str(card.record.get("side")), "")))
        chief = card.leader
        rest = [m for m in card.members if chief is None or m.unit_id != chief.unit_id]
        if chief is not None:
            sh = _sheet(chief, options)
            ink.heading(ink.say("Commander"), note=chief.unit_name or _name(ink, sh))
            _command_line(ink, sh)
        elif card.record.get("off_table"):
            ink.heading(ink.say("Commander"), note=ink.say("off the table"))
        ink.heading(ink.say("Under his command"), note=ink.say("die · level · morale · figures"))
        cols = [Col(ink.width - 20 - 22 - 36 - 18, ink.say("unit"), "l"), Col(20, ink.say("die")),
                Col(22, ink.say("level")), Col(36, ink.say("morale")), Col(18, ink.say("figs"))]
        rows = []
        for m in rest:
            sh = _sheet(m, options)
            # a Russian state by its short form (the track's "(Ст)"): the 36 pt column
            # cut "потрясённые"
            morale = next((_short(r) if _ru(ink) else n) for i, n, r in sh.morale_ladder
                          if i == sh.morale)
            rows.append([m.unit_name or _name(ink, sh), (sh.quality, _mark(sh, "quality")),
                         (str(sh.level), _mark(sh, "level")), morale, str(sh.figures)])
        nested = [x for x in card.record.get("members") or () if x not in
                  {m.unit_id for m in card.members}]
        for gid in nested:
            rows.append([ink.say(msg("group {group}", group=gid)), "", "", "", ""])
        ink.table(cols, rows, size=6.7, row_h=8.4)
        if chief is not None:
            ink.heading(ink.say("Passed actions"),
                        note=ink.say("each one passed: a whole activation"))
            ink.y += 9.0
            x = ink.x0
            for label in (ink.say("pass 1 →"), ink.say("pass 2 →")):
                x = ink.check(x, label, False) + 44
            _comm_table(ink, _sheet(chief, options).quality,
                        card.readings.get("die_floor", "d4"))
        ink.footnote(ink.say("A failed comm test loses the action; one die step down per "
                        "link bypassed."))
        ink.frame()


#: the ruleset's printed cards (Ruleset.cards), by profile kind and group kind
LAYOUTS = {"profile": UnitCard(), **{group_kind(k): CommanderCard() for k in GROUP_KINDS}}
