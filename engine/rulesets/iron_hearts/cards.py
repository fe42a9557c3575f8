"""Iron Hearts cards (01 §3): the vehicle card on two faces, the infantry card on one.

Vehicle, front: name and model, class, cost, DM received, speeds for 1/2/3 consecutive AP
(metres and inches at the table's scale), the crew with their posts and stats, features,
and tally boxes for penetrations, damaged systems and ammunition. Back: armour by facing
and hit location (the d10 of the hit-location table in the column heads), the weapons
with range, RoF, damage to men, MM, DM and crew post, and the main gun's penetration by
range step (its card table when it has one). The two faces print side by side and fold
back to back along the dashed line.

Infantry: the five stats (Accuracy, Melee, Guts, T&E, HP), rank and PC/NPC, the weapons
with range, RoF, damage, MM (and armour piercing), grenades, tally boxes for wounds,
suppression and ammunition. Marks: "d" demo value, "P" PROPOSED (see engine.cards).

Declared on the ruleset (`Ruleset.cards`); drawn with the ink the app gives (engine.cards),
its words in the card's language through the ruleset's glossary (glossary_ru.toml).
"""

from __future__ import annotations

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
    mark_of,
    num,
    signed,
)
from engine.i18n import msg, verbatim

from .data import rule_number, rules
from .tank_data import HIT_LOCATION

__all__ = ["VehicleCard", "InfantryCard", "LAYOUTS"]

# English, put through ink.say() when drawn (the Russian is in glossary_ru.toml)
POSTS = {"commander": "Commander", "gunner": "Gunner", "loader": "Loader",
         "driver": "Driver", "co_driver": "Co-driver"}
SHORT_POSTS = {"commander": "cmdr", "gunner": "gunner", "loader": "loader",
               "driver": "driver", "co_driver": "co-drv"}
FEATURES = {"advanced_optics": "advanced optics (less fire penalty for weather, time of day)",
            "radio": "radio"}
RANKS = {"private": "Private", "nco": "NCO", "officer": "Officer"}
FACE_NAMES = {"front": "Front", "side": "Side", "rear": "Rear"}


def _default_mpi() -> float:
    return float(rules()["metres_per_inch"])


def _inches(metres: float, mpi: float) -> str:
    v = metres / mpi
    return f'{v:.0f}"' if abs(v - round(v)) < 0.05 else f'{v:.1f}"'


def _metres(ink: CardInk, metres: Any) -> str:
    """"150 m" in the card's language (the number printed as `num` prints it)."""
    return ink.say(msg("{distance} m", distance=verbatim(num(metres))))


def _name(ink: CardInk, record: Mapping[str, Any] | None, fallback: str) -> str:
    """The record's name in the card's language; `fallback` (its id) when it has none."""
    return ink.say(record) if record and record.get("name") else fallback


# --------------------------------------------------------------------------- vehicle


class VehicleCard:
    """A vehicle's card: the front (what it is, speeds, crew, tallies), the back (armour,
    weapons, penetration)."""

    faces = 2

    def draw_face(self, ink: CardInk, card: CardData, face: int,
                  options: CardOptions) -> None:
        ink.fill_background()
        if face == 0:
            self._front(ink, card, options)
        else:
            self._back(ink, card, options)
        ink.frame()

    # ---- front

    def _front(self, ink: CardInk, card: CardData, options: CardOptions) -> None:
        v = card.record
        demo = "d" if v.get("demo") else ""
        sub = " ".join(filter(None, [v.get("model", ""), f"· {card.unit_name}"
                                     if card.unit_name else ""]))
        ink.band(_name(ink, v, card.id), sub,
                 right=ink.say(msg("{points} pts", points=v["cost_points"])), right_mark=demo)
        self._class_line(ink, v, demo)
        self._speeds(ink, card)
        self._crew(ink, card, options, demo)
        feats = [ink.say(FEATURES[x]) if x in FEATURES else x.replace("_", " ")
                 for x in v.get("features") or ()]
        ink.heading(ink.say("Features"))
        ink.line("; ".join(feats) if feats else ink.say("none"), size=6.8)
        if options.tallies:
            self._tallies(ink, card, options)
        ink.footnote()

    def _class_line(self, ink: CardInk, v: Mapping[str, Any], demo: str) -> None:
        """Class, DM received, and what else sets the vehicle apart, on one line."""
        f = ink.font(7.4)
        b = ink.font(7.4, bold=True)
        ink.y += 7.5
        x = ink.text(ink.x0, ink.y, ink.say("Class") + " ", b)
        x = ink.text(x, ink.y, ink.say(str(v["vehicle_class"])).capitalize(), f, mark=demo)
        x = ink.text(x + 8, ink.y, ink.say("DM") + " ", b)
        x = ink.text(x, ink.y, signed(v["damage_modifier_received"]), f, mark=demo)
        extra = [ink.say(msg("screens {screens}", screens=v["screens"]))
                 if v.get("screens") else "",
                 ink.say(msg("{size} target", size=v.get("size")))
                 if v.get("size", "normal") != "normal" else "",
                 "" if v.get("turret", True) else ink.say("no turret")]
        shown = ", ".join(e for e in extra if e)
        if shown:
            ink.text(x + 8, ink.y, shown, ink.font(6.8, italic=True), mark=demo)

    def _speeds(self, ink: CardInk, card: CardData) -> None:
        mpi = card.metres_per_inch or _default_mpi()
        ink.heading(ink.say("Speed"),
                    note=ink.say(msg('consecutive Move AP · 1" = {metres:g} m', metres=mpi)))
        speeds = card.record["speed_m_by_ap"]
        flags = list(card.record.get("speed_proposed") or [False] * 3)
        cols = [Col(ink.width / 3, ink.say(msg("{n} AP", n=i + 1))) for i in range(3)]
        ink.table(cols, [[(_metres(ink, s) + f"  ({_inches(s, mpi)})",
                           "P" if flags[i] else "")
                          for i, s in enumerate(speeds)]], size=7.6, row_h=10.5)

    def _crew(self, ink: CardInk, card: CardData, options: CardOptions, demo: str) -> None:
        """The crew by post, a killed man struck through, a wounded one marked."""
        state_crew = (card.state.get("crew") or {}) if options.state else {}
        ink.heading(ink.say("Crew"), mark=demo, note=ink.say("Acc · Guts · T&E"))
        cols = [Col(45, ink.say("post"), "l"), Col(ink.width - 45 - 3 * 18, ink.say("name"), "l"),
                Col(18, ink.say("Acc")), Col(18, ink.say("Guts")), Col(18, ink.say("T&E"))]
        rows, struck = [], []
        for post, m in card.record["crew"].items():
            status = (state_crew.get(post) or {}).get("status", "ok")
            name = m.get("name") or "—"
            if m.get("radio_operator"):
                name += " " + ink.say("(radio)")
            if status != "ok":
                name += " " + {"killed": ink.say("KIA"),
                               "wounded": ink.say("WIA")}.get(status, status.upper())
            rows.append([ink.say(POSTS[post]) if post in POSTS else post, name,
                         str(m["accuracy"]), str(m["guts"]), signed(m["training_experience"])])
            struck.append(status == "killed")
        ink.table(cols, rows, size=6.9, row_h=8.6, first_bold=True, struck=struck)

    def _tallies(self, ink: CardInk, card: CardData, options: CardOptions) -> None:
        st = card.state if options.state else {}
        mk = card.markers if options.state else {}
        ink.heading(ink.say("In play"), note=ink.say("tick as the game goes"))
        ink.boxes(ink.say("Penetrations"), 8, int(st.get("penetrations", 0) or 0))
        systems = list(st.get("systems") or ())
        ink.y += 9.6
        x = ink.x0
        lf = ink.font(6.6, bold=True)
        ink.text(x, ink.y - 0.8, ink.say("Damaged"), lf)
        x += 48
        for sid in ("gun", "engine", "radio"):
            x = self._check(ink, x, ink.say(sid), sid in systems) + 6
        ink.y += 9.6
        x = ink.x0 + 48
        x = self._check(ink, x, ink.say("shaken"), bool(mk.get("shaken"))) + 6
        x = self._check(ink, x, ink.say("knocked out"),
                        st.get("status") in ("knocked_out", "destroyed")) + 6
        ink.boxes(ink.say("Ammunition"), 12, 0)

    @staticmethod
    def _check(ink: CardInk, x: float, label: str, on: bool) -> float:
        return ink.check(x, label, on, size=6.4)

    # ---- back

    def _back(self, ink: CardInk, card: CardData, options: CardOptions) -> None:
        v = card.record
        demo = "d" if v.get("demo") else ""
        ink.band(_name(ink, v, card.id), ink.say("armour · weapons · penetration"),
                 right=v.get("model", ""))
        self._armour(ink, v, demo)
        self._weapons(ink, v, demo)
        self._penetration(ink, v, demo)
        ink.footnote()

    def _armour(self, ink: CardInk, v: Mapping[str, Any], demo: str) -> None:
        """Armour by facing and hit location (column heads: the d10 of the location
        table)."""
        ink.heading(ink.say("Armour (AV)"), mark=demo,
                    note=ink.say("hit location: d10 on the struck face"))
        locs = []
        for e in HIT_LOCATION:
            faces = f"{e['low']}" if e["low"] == e["high"] else f"{e['low']}–{e['high']}"
            name = ink.say("weak") if e["location"] == "weak_spot" else ink.say(e["location"])
            locs.append((f"{name} {faces}", e["armour"], "P" if e["proposed"] else ""))
        w0 = 30.0
        cw = (ink.width - w0) / len(locs)
        cols = [Col(w0, "", "l")] + [Col(cw, name, "c", mark) for name, _, mark in locs]
        rows = []
        for face in ("front", "side", "rear"):
            av = v["armour"][face]
            row: list[Any] = [ink.say(FACE_NAMES[face])]
            for _, which, _m in locs:
                row.append(str(min(av.values())) if which == "lowest" else str(av[which]))
            rows.append(row)
        ink.table(cols, rows, size=7.4, row_h=9.0, first_bold=True)

    def _weapons(self, ink: CardInk, v: Mapping[str, Any], demo: str) -> None:
        """The weapons: a name line, then its numbers in columns."""
        ink.heading(ink.say("Weapons"), mark=demo, note=ink.say("Dmg = damage to men"))
        heads = [(ink.say("Range"), 30), (ink.say("RoF"), 20), (ink.say("Dmg"), 20),
                 (ink.say("MM"), 20), (ink.say("DM"), 20)]
        crew_w = ink.width - sum(w for _, w in heads)
        cols = [Col(w, h) for h, w in heads] + [Col(crew_w, ink.say("crew"), "l")]
        ink.table(cols, [], size=6.8, row_h=8.2)
        nf = ink.font(6.9, bold=True)
        for wid, w in v["weapons"].items():
            top = ink.y
            ink.fill(Rect(ink.x0, top, ink.width, 15.8), SHADE)
            ink.y += 7.0
            ink.text(ink.x0 + 1, ink.y, ink.fit(_name(ink, w, wid), nf, ink.width - 2), nf)
            ink.y += 0.6
            crew = (ink.say(SHORT_POSTS[w["crewed_by"]]) if w["crewed_by"] in SHORT_POSTS
                    else w["crewed_by"],
                    "P" if w.get("crewed_by_proposed") else "")
            ammo = ", ".join(w.get(f"ammo_types_{ink.lang}") or w.get("ammo_types") or ())
            ink.table(cols, [[_metres(ink, w["range_m"]), str(w["rate_of_fire"]),
                              str(w["damage_personnel"]), str(w["morale_modifier"]),
                              signed(w["damage_modifier"]),
                              (crew[0] + (f" · {ammo}" if ammo else ""), crew[1])]],
                      header=False, shade=False, size=6.9, row_h=8.2)
            ink.y = top + 15.8 + 0.8

    def _penetration(self, ink: CardInk, v: Mapping[str, Any], demo: str) -> None:
        gun = next((w for w in v["weapons"].values() if w["kind"] == "main_gun"), None)
        if gun is None:
            return
        step = float(gun["range_m"])
        ink.heading(ink.say("Main gun penetration"), mark=demo,
                    note=ink.say("penetrates when > AV"))
        table = gun.get("penetration_table") or []
        if table:
            w0 = 44.0
            cw = (ink.width - w0) / 10
            cols = [Col(w0, ink.say("step \\ d10"), "l")] + [Col(cw, str(i + 1))
                                                              for i in range(10)]
            rows = [[ink.say(msg("{step} (≤{distance} m)", step=b + 1,
                                 distance=verbatim(num(step * (b + 1)))))]
                    + [str(x) for x in row]
                    for b, row in enumerate(table)]
            ink.table(cols, rows, size=6.3, row_h=7.6, first_bold=True)
        else:
            w0 = 26.0
            cw = (ink.width - w0) / 5
            cols = [Col(w0, "", "l")] + [Col(cw, ink.say(msg("step {step}", step=b + 1)))
                                         for b in range(5)]
            rows = [[ink.say("up to")] + [_metres(ink, step * (b + 1)) for b in range(5)],
                    [ink.say("d10 +")] + [signed(int(gun["penetration"]) - b) for b in range(5)]]
            ink.table(cols, rows, size=6.8, row_h=8.6, first_bold=True)


# --------------------------------------------------------------------------- infantry


STATS = (("accuracy", "Accuracy"), ("melee", "Melee"), ("guts", "Guts"),
         ("training_experience", "T&E"), ("hp", "HP"))


class InfantryCard:
    """A character's card: stats, movement, weapons, tallies and room for notes."""

    faces = 1

    def draw_face(self, ink: CardInk, card: CardData, face: int,
                  options: CardOptions) -> None:
        p = card.record
        ink.fill_background()
        rank = p.get("rank", "private")
        role = ink.say(RANKS[rank]) if rank in RANKS else rank
        who = ink.say("player character") if p.get("is_pc") else ink.say("NPC")
        sub = f"{role} · {who}" + (f" · {card.unit_name}" if card.unit_name else "")
        ink.band(_name(ink, p, card.id), sub)
        self._stats(ink, p)
        self._movement(ink, card)
        self._weapons(ink, card)
        if options.tallies:
            self._tallies(ink, card, options)
        ink.notes()
        ink.footnote()
        ink.frame()

    def _stats(self, ink: CardInk, p: Mapping[str, Any]) -> None:
        vf = ink.font(15, bold=True, serif=True)
        lf = ink.font(6.2, bold=True)
        for r, (key, label) in zip(ink.tiles(len(STATS), 31.0), STATS, strict=True):
            value = signed(p[key]) if key == "training_experience" else str(p[key])
            ink.text(r.x(), r.top() + 17.5, value, vf, mark=mark_of(p, key), align="c",
                     width=r.width())
            ink.text(r.x(), r.bottom() - 4, ink.say(label), lf, color=FAINT, align="c",
                     width=r.width())

    def _weapons(self, ink: CardInk, card: CardData) -> None:
        p = card.record
        mpi = card.metres_per_inch or _default_mpi()
        ink.heading(ink.say("Weapons"),
                    note=ink.say("1 AP: RoF × d10 ≤ Acc; past Range only a 1"))
        heads = [(ink.say("Range"), 50), (ink.say("RoF"), 20), (ink.say("Dmg"), 20),
                 (ink.say("MM"), 20)]
        cols = [Col(w, h) for h, w in heads] + [Col(ink.width - 110, "", "l")]
        ink.table(cols, [], size=7.0, row_h=8.0)
        ids = list(p.get("weapons") or ())
        if p.get("has_grenades") and "hand-grenade" in card.related and \
                "hand-grenade" not in ids:
            ids.append("hand-grenade")
        for wid in ids:
            self._weapon(ink, card.related.get(wid), wid, cols, mpi)
        if not p.get("has_grenades"):
            ink.line(ink.say("no grenades"), size=6.4, italic=True, color=FAINT)

    def _weapon(self, ink: CardInk, w: Mapping[str, Any] | None, wid: str, cols: list[Col],
                mpi: float) -> None:
        """One weapon: its name on a shaded band, then its numbers in `cols`."""
        nf = ink.font(7.6, bold=True)
        top = ink.y
        ink.fill(Rect(ink.x0, top, ink.width, 18.5), SHADE)
        ink.y += 7.8
        name = _name(ink, w, wid) or wid
        ink.text(ink.x0 + 1, ink.y, ink.fit(name, nf, ink.width - 2), nf)
        ink.y += 1.2
        if w is None:
            ink.line(ink.say("not in the library"), size=6.6, italic=True, color=HIT)
            ink.y = top + 19.5
            return
        extra = []
        if w.get("armour_piercing") is not None:
            extra.append((ink.say(msg("AP {piercing}", piercing=w["armour_piercing"])),
                          mark_of(w, "armour_piercing")))
        flags = (("one shot", w.get("single_shot")), ("stationary", w.get("stationary_only")))
        extra += [(ink.say(t), "") for t, on in flags if on]
        note = ", ".join(t for t, _ in extra)
        note_mark = next((m for _, m in extra if m), "")
        ink.table(cols, [[(_metres(ink, w["range_m"]) + f" ({_inches(w['range_m'], mpi)})",
                           mark_of(w, "range_m")),
                          (str(w["rate_of_fire"]), mark_of(w, "rate_of_fire")),
                          (str(w["damage"]), mark_of(w, "damage")),
                          (str(w.get("morale_modifier", 0)), mark_of(w, "morale_modifier")),
                          (note, note_mark)]],
                  header=False, shade=False, size=7.2, row_h=8.6)
        ink.y = top + 19.5

    def _movement(self, ink: CardInk, card: CardData) -> None:
        mpi = card.metres_per_inch or _default_mpi()
        one = float(rule_number("movement.metres_per_ap"))
        two = float(rule_number("movement.two_ap_m"))
        sprint = float(rule_number("movement.sprint_m"))
        if card.readings.get("sprint") == "45m":      # §4.A-8 read as 3 × 15 m
            sprint = 3 * float(rule_number("movement.metres_per_ap"))
        ink.heading(ink.say("Move"), note=ink.say("3 AP a turn"))
        cols = [Col(ink.width / 3, ink.say(msg("{n} AP", n=1))),
                Col(ink.width / 3, ink.say(msg("{n} AP", n=2))),
                Col(ink.width / 3, ink.say("sprint, 3 AP"))]
        ink.table(cols, [[_metres(ink, m) + f" ({_inches(m, mpi)})"
                          for m in (one, two, sprint)]],
                  size=7.2, row_h=9.6)

    def _tallies(self, ink: CardInk, card: CardData, options: CardOptions) -> None:
        p = card.record
        st = card.state if options.state else {}
        mk = card.markers if options.state else {}
        ink.heading(ink.say("In play"), note=ink.say("tick as the game goes"))
        hp = int(p["hp"])
        left = st.get("hp", hp)
        lost = max(0, hp - int(left)) if isinstance(left, int | float) else 0
        ink.boxes(ink.say("Wounds (HP)"), hp, lost)
        cap = int(rule_number("suppression.cap"))
        ink.boxes(ink.say("Suppression"), cap, int(mk.get("suppression", 0) or 0))
        ink.boxes(ink.say("Ammunition"), 12, 0)
        casualty = st.get("casualty") if options.state else None
        if casualty:
            ink.line(str(casualty).replace("-", " ").upper(), size=7.5, bold=True, color=HIT)


#: the layouts the ruleset declares (Ruleset.cards), by profile kind
LAYOUTS = {"vehicle": VehicleCard(), "character": InfantryCard()}
