"""Civil War company cards (02 §3, §8-11): the company card and the MG / battery card.

Company (a profile, or a company group of the scenario filled from the game): FIRE,
SERIOUS, FEAR and RALLY with the officer's +1 as the game reads it (§4.A-2); move and the
range in thirds with their modifiers; the traits and what they do to fire at the company;
the stands (a lost one struck through); and tally boxes for the platoons lost and the
Terror markers (grouped in pairs: each pair is an officer death test and a suppression
test, §4.3), with check boxes for the officer lost, moved, prone, suppressed and fleeing.

MG / tachanka and battery: the crew quality and what it gives (FIRE 3/4/5 and 4 dice for
an MG; accuracy 1/2/3 for a battery), SERIOUS and RALLY, the MG's range in thirds (no fire
at extreme range) and its ≤ 8" bonuses, or the gun's class, range, templates and class
modifiers; vehicles; and ammunition boxes — 8 shots, or the rolled d6 / d6 + d3 — with the
shots spent ticked from the unit's state. Marks: "P" PROPOSED (a field the record lists as
proposed, or a reading of ours), see engine/cards.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import (
    FAINT,
    HIT,
    PAPER,
    CardData,
    CardInk,
    CardOptions,
    Col,
    group_kind,
    num,
    proposed_mark,
    signed,
)
from engine.i18n import Text, msg, verbatim

from . import data
from .common import ammo_left, ammo_total, fire_value
from .companies import Company
from .fire_rules import range_scheme

__all__ = ["CompanyCard", "SupportCard", "CompanyTally", "company_tally", "ammo_tally", "LAYOUTS"]

#: Terror tally boxes (two per officer death test + suppression test, §4.3).
TERROR_BOXES = 8
#: The default card options: tallies printed and filled from the game.
FILLED = CardOptions()


def _inches(v: float) -> str:
    return f'{v:.3g}"'


def _stats(ink: CardInk, items: Sequence[tuple[str, str, str]]) -> None:
    """A row of boxed values: (label, value, mark); the labels are said here."""
    vf = ink.font(14, bold=True, serif=True)
    lf = ink.font(6.0, bold=True)
    for r, (label, value, mark) in zip(ink.tiles(len(items), 27.0), items, strict=True):
        ink.text(r.x(), r.top() + 15.5, value, vf, mark=mark, align="c", width=r.width())
        ink.text(r.x(), r.bottom() - 4, ink.say(label), lf, color=FAINT, align="c",
                 width=r.width())


def _check(ink: CardInk, x: float, label: str, on: bool) -> float:
    return ink.check(x, label, on, size=6.4, label_size=6.4, fill=PAPER)


def _checks(ink: CardInk, items: Sequence[tuple[str, bool]], per_row: int = 3) -> None:
    """Rows of tick boxes, `per_row` a row; the labels (English) are said here."""
    for i in range(0, len(items), per_row):
        ink.y += 9.4
        x = ink.x0
        for label, on in items[i:i + per_row]:
            x = max(_check(ink, x, ink.say(label), on) + 7, x + ink.width / per_row)


def _officer_note(readings: Mapping[str, Any]) -> Text | str:
    """How the officer's +1 is read in this game (§4.A-2)."""
    how = readings.get("officer_bonus", "always")
    bonus = data.rule_number("tests.officer_bonus")
    if how == "none":
        return "2d6 ≤ value; no officer bonus (§4.A-2)"
    if how == "artillery_only":
        return msg("2d6 ≤ value; +{bonus} while the officer lives, against artillery only "
                   "(§4.A-2)", bonus=bonus)
    return msg("2d6 ≤ value; +{bonus} while the officer lives (§4.A-2)", bonus=bonus)


def _range_table(ink: CardInk, range_in: float, mark: str, machine_gun: bool,
                 readings: Mapping[str, Any], lead: tuple[str, Any] | None = None) -> None:
    """The range in thirds (§6.2) with each band's modifiers (extreme range in all three
    lists, or the hit only, as the game reads §4.A-11); an MG has no extreme band.
    `lead` is a first column (the move) before the bands."""
    bands = list(range_scheme(range_in, machine_gun).bands)
    extreme = "−2 hit, −1 result, −1 cover" \
        if readings.get("extreme_range", "all_three") == "all_three" else "−2 hit"
    notes = {"short": "—", "long": "−1 hit", "extreme": extreme}
    lw = 24.0 if lead else 0.0
    rest = ink.width - lw
    widths = {"short": rest * 0.24, "long": rest * 0.24, "extreme": rest * 0.52}
    cols = ([Col(lw, lead[0])] if lead else []) + \
        [Col(widths[b.name], ink.say(b.name)) for b in bands]
    heads: list = ([lead[1]] if lead else []) + [(f"≤ {_inches(b.max)}", mark) for b in bands]
    effects = ([""] if lead else []) + [ink.say(notes[b.name]) for b in bands]
    if machine_gun:
        cols.append(Col(widths["extreme"], ink.say("extreme")))
        heads.append(("—", ""))
        effects.append(ink.say("cannot fire (§4.8-3)"))
    ink.table(cols, [heads], size=7.0, row_h=8.4)
    ink.table(cols, [effects], size=5.0, row_h=7.0, header=False, shade=False)


def _faction(ink: CardInk, profile: Mapping[str, Any]) -> str:
    """The profile's side in the card's language (its `faction_ru` beside `faction`)."""
    english = profile.get("faction") or ""
    return ink.say(english) if english else ""


def _title(ink: CardInk, card: CardData, profile: Mapping[str, Any]) -> str:
    """The unit's or group's own name; a unit known only by its id gets its profile's."""
    if card.unit_name and card.unit_name != card.unit_id:
        return card.unit_name
    return ink.say(profile) if profile.get("name") else str(card.unit_name or card.id)


def _footer(ink: CardInk) -> None:
    ink.footnote()
    ink.frame()


# --------------------------------------------------------------------------- company


class CompanyCard:
    """A company: a profile (blank tallies) or a scenario's company group (filled)."""

    faces = 1

    def draw_face(self, ink: CardInk, card: CardData, face: int,
                  options: CardOptions) -> None:
        ink.fill_background()
        group = card.group is not None
        profile = (card.members[0].record if card.members else {}) if group else card.record
        title = _title(ink, card, profile)
        arm = ink.say("cavalry" if profile.get("arm") == "cavalry" else "infantry")
        sub = " · ".join(filter(None, [profile.get("name_ru"), _faction(ink, profile),
                                       arm if profile else ""]))
        ink.band(title, sub)
        if not profile:
            ink.line(ink.say("No stand of this company is on the table."), italic=True,
                     color=HIT)
            _footer(ink)
            return
        _stats(ink, [("FIRE", num(profile.get("fire")), proposed_mark(profile, "fire")),
                     ("SERIOUS", num(profile.get("serious")), proposed_mark(profile, "serious")),
                     ("FEAR", num(profile.get("fear")), proposed_mark(profile, "fear")),
                     ("RALLY", num(profile.get("rally")
                                   or data.rule_number("tests.rally_default")),
                      proposed_mark(profile, "rally") or ("" if profile.get("rally") else "P"))])
        ink.line(ink.say(_officer_note(card.readings)), size=6.0, italic=True, color=FAINT)
        self._movement(ink, profile, card.readings)
        self._traits(ink, profile)
        if group:
            self._stands(ink, card)
        if options.tallies:
            self._tallies(ink, card, profile, options)
        _footer(ink)

    def _movement(self, ink: CardInk, p: Mapping[str, Any], readings: Mapping[str, Any]
                  ) -> None:
        move = p.get("move_in")
        step = data.rule_number("retreat.step_in")
        ink.heading(ink.say("Move and range"),
                    note=ink.say(msg('retreat {inches:.3g}" a failed SERIOUS test',
                                     inches=step)))
        lead = (ink.say("move"), (_inches(float(move)) if move is not None else "—",
                                  proposed_mark(p, "move_in")))
        if p.get("range_in") is not None:
            _range_table(ink, float(p["range_in"]), proposed_mark(p, "range_in"), False,
                         readings, lead)

    def _traits(self, ink: CardInk, p: Mapping[str, Any]) -> None:
        ink.heading(ink.say("Traits"), note=ink.say("result roll of fire at them"))
        keys = list(p.get("traits") or ())
        if not keys:
            ink.line(ink.say("none"), size=6.6, italic=True, color=FAINT)
            return
        table = data.traits()
        mods = data.modifier_table()
        for key in keys:
            t = table[key]
            value = signed(mods[t["modifier"]]["value"])
            when = "" if t["when"] == "always" else f" {ink.say(t['when'])}"
            # the keyword as the seed prints it, its Russian original beside it; a Russian
            # card prints the Russian keyword alone
            shown = ink.say(t["name"])
            label, gloss = (t["name"], f"({t['name_ru']}): ") if shown == t["name"] \
                else (shown.upper(), ": ")
            ink.line(f"{gloss}{value} {ink.say('result')}{when}", size=6.4,
                     label=label, label_w=ink.text_width(label + " ",
                                                         ink.font(6.4, bold=True)))

    def _stands(self, ink: CardInk, card: CardData) -> None:
        """The company's stands in member order; a lost one (no longer on the table)
        struck through, the command stand starred."""
        on = {m.unit_id: m for m in _on_table(card)}
        commander = card.record.get("commander")
        ink.heading(ink.say("Stands"), note=ink.say("a platoon each; ★ command; struck: lost"))
        cells, lost = [], []
        for uid in card.record.get("members") or ():
            m = on.get(uid)
            name = (m.unit_name or uid).rsplit(",", 1)[-1].strip() if m else ink.say("lost")
            cells.append([uid + (" ★" if uid == commander else ""), name])
            lost.append(m is None)
        half = ink.width / 2
        cols = [Col(half * 0.42, "", "l"), Col(half * 0.58, "", "l")]
        top = bottom = ink.y
        for col in range(2):          # two columns of stands, each struck where lost
            ink.y = top
            part = slice(col * ((len(cells) + 1) // 2), (col + 1) * ((len(cells) + 1) // 2))
            ink.table(cols, cells[part], size=6.0, row_h=7.0, header=False,
                      struck=lost[part], x=ink.x0 + col * half)
            bottom = max(bottom, ink.y)
        ink.y = bottom

    def _tallies(self, ink: CardInk, card: CardData, profile: Mapping[str, Any],
                 options: CardOptions) -> None:
        t = company_tally(card, profile, options)
        ink.heading(ink.say("In play"), note=ink.say("tick as the game goes"))
        lost, terror = ink.say("Platoons lost"), ink.say("Terror")
        label_w = ink.label_column(lost, terror, minimum=52.0)
        ink.boxes(lost, t.stands, t.lost, label_w=label_w)
        n = max(TERROR_BOXES, t.terror)
        ink.boxes(terror, n, t.terror, label_w=label_w, gap=1.6)
        self._pairs(ink, n, card.readings, label_w)
        labels = {"officer_lost": "officer lost", "moved": "moved", "prone": "prone",
                  "suppressed": "suppressed", "routing": "fleeing",
                  "column": "in close order" if profile.get("arm") == "cavalry"
                  else "in column"}
        _checks(ink, [(labels[k], on) for k, on in t.checks.items()])

    @staticmethod
    def _pairs(ink: CardInk, n: int, readings: Mapping[str, Any], label_w: float) -> None:
        """A bracket under every two Terror boxes (which start `label_w` in): each pair is
        an officer death test and a suppression test (§4.3); kept or spent as the game
        reads §4.A-4."""
        size, gap, x0 = 7.0, 1.6, ink.x0 + label_w
        y = ink.y + 1.4
        for i in range(0, min(n, 12) - 1, 2):
            a = x0 + i * (size + gap)
            ink.rule(a + 0.5, y, a + 2 * size + gap - 0.5, y, color=FAINT, width=0.6)
        spend = readings.get("terror_markers", "keep") == "spend"
        ink.y += 1.0
        ink.line(ink.say("each 2: officer death + suppression test; 2 removed" if spend
                         else "each 2: officer death + suppression test; markers stay"),
                 size=5.4, italic=True, color=FAINT, mark="P")


@dataclass(frozen=True, slots=True)
class CompanyTally:
    """What a company card ticks: its stands, how many are lost, its Terror markers, and
    the check boxes (officer lost, moved, prone, suppressed, fleeing, in column)."""

    stands: int
    lost: int
    terror: int
    checks: dict[str, bool]


def company_tally(card: CardData, profile: Mapping[str, Any],
                  options: CardOptions = FILLED) -> CompanyTally:
    """A company card's tallies: from the game for a company group (its stands still on
    the table, the markers on its command stand, the group's state); blank for a profile
    (its card's platoons) or with `options.state` off."""
    group = card.group is not None
    filled = options.state and group
    state = card.state if filled else {}
    lead = _lead(card) if filled else None
    markers = lead.markers if lead is not None else {}
    stands = len(card.record.get("members") or ()) if group \
        else int(profile.get("platoons", 1))
    lost = max(0, stands - len(_member_ids(card))) if filled else 0
    return CompanyTally(stands, lost, int(markers.get("terror", 0) or 0), {
        "officer_lost": state.get("officer") is False,
        "moved": bool(state.get("moved")),
        "prone": bool(markers.get("prone")),
        "suppressed": bool(markers.get("suppressed")),
        "routing": bool(markers.get("routing")),
        "column": state.get("formation") in ("column", "close_order")})


def _on_table(card: CardData) -> list[CardData]:
    """The member stands still on the table: a game saved as a scenario keeps its lost
    stands among the units, marked by state "removed"."""
    return [m for m in card.members if not m.state.get("removed")]


def _member_ids(card: CardData) -> set[str]:
    return {m.unit_id for m in _on_table(card) if m.unit_id is not None}


def _lead(card: CardData) -> CardData | None:
    """The command stand's card (where the company's markers sit), else the first."""
    commander = card.record.get("commander")
    on = _on_table(card)
    for m in on:
        if m.unit_id == commander:
            return m
    return on[0] if on else None


# --------------------------------------------------------------------------- MG / battery


class SupportCard:
    """A machine gun, tachanka or armoured car, or a battery: crew, weapon, ammunition."""

    faces = 1

    def draw_face(self, ink: CardInk, card: CardData, face: int,
                  options: CardOptions) -> None:
        p = card.record
        ink.fill_background()
        battery = p["kind"] == "battery"
        what = ink.say("battery" if battery else ("vehicle" if p.get("vehicle")
                                                  else "machine gun"))
        sub = " · ".join(filter(None, [p.get("name_ru"), _faction(ink, p), what]))
        ink.band(_title(ink, card, p), sub)
        q = p["crew_quality"]
        if battery:
            acc = data.rule_number(f"artillery.accuracy_{q}")
            dice = data.rule_number("artillery.heavy_result_dice") \
                if p["gun_class"] == "heavy" else 1
            first = [("ACCURACY", str(acc), ""), ("RESULT DICE", str(dice), "")]
        else:
            first = [("FIRE", str(fire_value(p)), ""),
                     ("DICE", str(data.rule_number("machine_gun.dice")), "")]
        _stats(ink, first + [("SERIOUS", num(p.get("serious")), proposed_mark(p, "serious")),
                             ("RALLY", num(p.get("rally")), proposed_mark(p, "rally"))])
        scale = ("accuracy: poor 1 · normal 2 · good 3" if battery
                 else "FIRE: poor 3 · normal 4 · good 5; card values ignored")
        ink.line(f"{ink.say(q)} — {ink.say(scale)}", size=6.2, label=ink.say("Crew"),
                 label_w=26)
        if battery:
            self._gun(ink, p, card.readings)
        else:
            self._machine_gun(ink, p, card.readings)
        if options.tallies:
            self._tallies(ink, card, options)
        _footer(ink)

    def _machine_gun(self, ink: CardInk, p: Mapping[str, Any], readings: Mapping[str, Any]
                     ) -> None:
        close = data.rule_number("machine_gun.close_in")
        ink.heading(ink.say("Range"),
                    note=ink.say(msg('≤ {inches:.3g}": +1 hit, +1 result · under fire −1 hit',
                                     inches=close)))
        _range_table(ink, float(p["range_in"]), proposed_mark(p, "range_in"), True, readings)
        ink.line(ink.say("damages vehicles at short range only (§4.8-4)"), size=6.2,
                 italic=True)
        if p.get("vehicle"):
            ink.line(ink.say("a vehicle: only MGs at short range and artillery damage it; "
                             "cover roll −1 (armoured)"), size=6.2, mark="P", color=HIT)

    def _gun(self, ink: CardInk, p: Mapping[str, Any], card_readings: Mapping[str, Any]
             ) -> None:
        gun = data.guns()[p["gun_class"]]
        mods = data.modifier_table()
        ink.heading(ink.say("Gun"), note=f"{gun['name_ru']} · {gun['calibre_mm']} mm")
        ink.line(f"{ink.say(gun['name'])} — {ink.say('range')} "
                 f"{_inches(gun['range_in'])}", size=6.6,
                 mark=proposed_mark(gun, "range_in"))
        aimed = data.rule_number("artillery.aimed_template_in")
        area = data.rule_number("artillery.area_template_in")
        twice = card_readings.get("area_fire_twice", "once") == "twice"
        area_mod = signed(mods["art_result_area"]["value"] * (2 if twice else 1))
        ink.line(ink.say(msg('{aimed:.3g}" aimed (hole: direct hit) · {area:.3g}" area '
                             '(result {modifier})', aimed=aimed, area=area,
                             modifier=verbatim(area_mod))), size=6.2)
        cls = {"light": (mods["art_result_light"]["value"],
                         mods["art_cover_light_medium"]["value"]),
               "medium": (0, mods["art_cover_light_medium"]["value"]),
               "field": (0, 0),
               "heavy": (0, mods["art_cover_heavy"]["value"])}[p["gun_class"]]
        ink.line(ink.say(msg("class: result {result}, cover {cover}; no hit roll",
                             result=verbatim(signed(cls[0])),
                             cover=verbatim(signed(cls[1])))), size=6.2)
        direct = data.rule_number("artillery.direct_fire_in")
        per = data.rule_number("artillery.per_distance_in")
        ink.line(ink.say(msg('accuracy: ≤ {direct:.3g}" +1 · −1 per {per:.3g}" · indirect '
                             '−2 / −1 · ranged-in +1 · under fire −1',
                             direct=direct, per=per)), size=5.8, italic=True, color=FAINT)
        if p.get("gun_shield"):
            ink.line(ink.say("gun shields: −1 cover fired on from the front"), size=6.0,
                     mark=proposed_mark(p, "gun_shield"))

    def _tallies(self, ink: CardInk, card: CardData, options: CardOptions) -> None:
        p = card.record
        unit = _unit_of(card) if (options.state and card.has_unit) else None
        boxes, spent, rolled = ammo_tally(card, options)
        ink.heading(ink.say("Ammunition"), mark="P" if "supply" in (p.get("proposed") or ())
                    else "", note=ink.say(_supply_note(p)))
        ink.boxes(ink.say("Shots"), boxes, spent, label_w=40)
        if not rolled:
            ink.line(ink.say("not rolled yet: tick off the boxes beyond the roll"), size=5.8,
                     italic=True, color=FAINT)
        ink.heading(ink.say("In play"), note=ink.say("tick as the game goes"))
        markers = unit.markers if unit is not None else {}
        state = unit.state if unit is not None else {}
        _checks(ink, [("under fire", bool(state.get("under_fire"))),
                      ("suppressed", bool(markers.get("suppressed"))),
                      ("prone", bool(markers.get("prone"))),
                      ("destroyed", bool(state.get("removed")))])


def _supply_note(p: Mapping[str, Any]) -> Text:
    """The ammunition heading's note: the shots of normal supply, or poor supply's roll
    (the dice as the rules write them, "d6+d3", in every language)."""
    if p.get("supply", "normal") == "poor":
        key = "poor_battery" if p["kind"] == "battery" else "poor_machine_gun"
        return msg("poor supply: {dice} before the battle",
                   dice=verbatim(data.rule_number(f"ammunition.{key}")))
    return msg("normal supply: {shots} shots a battle",
               shots=data.rule_number("ammunition.normal"))


def ammo_tally(card: CardData, options: CardOptions = FILLED) -> tuple[int, int, bool]:
    """An MG's or battery's ammunition boxes: how many, how many ticked (shots spent),
    and whether the number is known — 8 with normal supply; with poor supply the rolled
    d6 / d6 + d3 (state), or before the roll its most (6 / 9), none ticked."""
    p = card.record
    unit = _unit_of(card) if (options.state and card.has_unit) else None
    c = Company(unit, (unit,), p) if unit is not None else None
    if c is None:
        total = ammo_total(Company(_unit_of(card, blank=True), (), p))
        left = total
    else:
        total, left = ammo_total(c), ammo_left(c)
    if total is None:
        key = "poor_battery" if p["kind"] == "battery" else "poor_machine_gun"
        return (9 if data.rule_number(f"ammunition.{key}") == "d6+d3" else 6), 0, False
    return total, max(0, total - (left if left is not None else total)), True


def _unit_of(card: CardData, *, blank: bool = False):
    """The card's unit as the rules read it (its state and markers; no place)."""
    from engine.scenario import Unit
    from geometry.bases import BaseShape

    return Unit(card.unit_id or card.id, "", card.id, 0.0, 0.0, BaseShape("round", 25, 25),
                markers={} if blank else dict(card.markers),
                state={} if blank else dict(card.state))


#: the layouts the ruleset declares (Ruleset.cards): profile kind or group card → layout
LAYOUTS = {"company": CompanyCard(), group_kind("company"): CompanyCard(),
           "machine_gun": SupportCard(), "battery": SupportCard()}
