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
suppression and ammunition. Marks: "d" demo value, "P" PROPOSED (see layout.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QT_TR_NOOP, QRectF
from PySide6.QtGui import QPainter

from app.i18n import loc, tr

from ..layout import (
    FAINT,
    HIT,
    SHADE,
    CardData,
    CardOptions,
    Col,
    Ink,
    num,
    signed,
)

__all__ = ["VehicleCard", "InfantryCard", "RULESET", "LAYOUTS"]

RULESET = "iron-hearts"
# (English, marked for translation: drawn through tr())
POSTS = {"commander": QT_TR_NOOP("Commander"), "gunner": QT_TR_NOOP("Gunner"),
         "loader": QT_TR_NOOP("Loader"), "driver": QT_TR_NOOP("Driver"),
         "co_driver": QT_TR_NOOP("Co-driver")}
SHORT_POSTS = {"commander": QT_TR_NOOP("cmdr"), "gunner": QT_TR_NOOP("gunner"),
               "loader": QT_TR_NOOP("loader"), "driver": QT_TR_NOOP("driver"),
               "co_driver": QT_TR_NOOP("co-drv")}
FEATURES = {"advanced_optics": QT_TR_NOOP("advanced optics (less fire penalty for weather, "
                                          "time of day)"),
            "radio": QT_TR_NOOP("radio")}
RANKS = {"private": QT_TR_NOOP("Private"), "nco": QT_TR_NOOP("NCO"),
         "officer": QT_TR_NOOP("Officer")}
FACE_NAMES = {"front": QT_TR_NOOP("Front"), "side": QT_TR_NOOP("Side"), "rear": QT_TR_NOOP("Rear")}


def _default_mpi() -> float:
    from engine.rulesets.iron_hearts.data import rules

    return float(rules()["metres_per_inch"])


def _inches(metres: float, mpi: float) -> str:
    v = metres / mpi
    return f'{v:.0f}"' if abs(v - round(v)) < 0.05 else f'{v:.1f}"'


def _mark(rec: Mapping[str, Any], key: str) -> str:
    """"P" for a field the record lists as proposed, "d" for a demo record's field that is
    not from the seed, "" otherwise."""
    if key in (rec.get("proposed") or ()):
        return "P"
    if rec.get("demo") and key not in (rec.get("from_seed") or ()):
        return "d"
    return ""


# --------------------------------------------------------------------------- vehicle


class VehicleCard:
    faces = 2

    def draw_face(self, painter: QPainter, rect: QRectF, card: CardData, face: int,
                  options: CardOptions) -> None:
        ink = Ink(painter, rect)
        ink.fill_background()
        if face == 0:
            self._front(ink, card, options)
        else:
            self._back(ink, card, options)
        ink.frame()

    # ---- front

    def _front(self, ink: Ink, card: CardData, options: CardOptions) -> None:
        v = card.record
        demo = "d" if v.get("demo") else ""
        title = loc(v, RULESET) if v.get("name") else card.id
        sub = " ".join(filter(None, [v.get("model", ""), f"· {card.unit_name}"
                                     if card.unit_name else ""]))
        ink.band(title, sub, right=tr("{0} pts").format(v["cost_points"]), right_mark=demo)
        f = ink.font(7.4)
        b = ink.font(7.4, bold=True)
        ink.y += 7.5
        x = ink.text(ink.x0, ink.y, tr("Class "), b)
        x = ink.text(x, ink.y, loc(str(v["vehicle_class"]), RULESET).capitalize(), f, mark=demo)
        x = ink.text(x + 8, ink.y, tr("DM "), b)
        x = ink.text(x, ink.y, signed(v["damage_modifier_received"]), f, mark=demo)
        extra = [tr("screens {0}").format(v["screens"]) if v.get("screens") else "",
                 tr("{0} target").format(loc(v.get("size"), RULESET))
                 if v.get("size", "normal") != "normal" else "",
                 "" if v.get("turret", True) else "no turret"]
        extra = ", ".join(e for e in extra if e)
        if extra:
            ink.text(x + 8, ink.y, extra, ink.font(6.8, italic=True), mark=demo)

        mpi = card.metres_per_inch or _default_mpi()
        ink.heading(tr("Speed"), note=tr("consecutive Move AP · 1\" = {0} m").format(f"{mpi:g}"))
        speeds = v["speed_m_by_ap"]
        flags = list(v.get("speed_proposed") or [False] * 3)
        cols = [Col(ink.width / 3, tr("{0} AP").format(i + 1)) for i in range(3)]
        ink.table(cols, [[(tr("{0} m").format(num(s)) + f"  ({_inches(s, mpi)})",
                           "P" if flags[i] else "")
                          for i, s in enumerate(speeds)]], size=7.6, row_h=10.5)

        crew = v["crew"]
        state_crew = (card.state.get("crew") or {}) if options.state else {}
        ink.heading(tr("Crew"), mark=demo, note=tr("Acc · Guts · T&E"))
        cols = [Col(45, tr("post"), "l"), Col(ink.width - 45 - 3 * 18, tr("name"), "l"),
                Col(18, tr("Acc")), Col(18, tr("Guts")), Col(18, "T&E")]
        rows, struck = [], []
        for post, m in crew.items():
            status = (state_crew.get(post) or {}).get("status", "ok")
            name = m.get("name") or "—"
            if m.get("radio_operator"):
                name += " " + tr("(radio)")
            if status != "ok":
                name += " " + {"killed": tr("KIA"), "wounded": tr("WIA")}.get(status,
                                                                            status.upper())
            rows.append([tr(POSTS.get(post, post)), name, str(m["accuracy"]), str(m["guts"]),
                         signed(m["training_experience"])])
            struck.append(status == "killed")
        ink.table(cols, rows, size=6.9, row_h=8.6, first_bold=True, struck=struck)

        feats = [tr(FEATURES[x]) if x in FEATURES else x.replace("_", " ")
                 for x in v.get("features") or ()]
        ink.heading(tr("Features"))
        ink.line("; ".join(feats) if feats else tr("none"), size=6.8)

        if options.tallies:
            self._tallies(ink, card, options)
        ink.footnote()

    def _tallies(self, ink: Ink, card: CardData, options: CardOptions) -> None:
        st = card.state if options.state else {}
        mk = card.markers if options.state else {}
        ink.heading(tr("In play"), note=tr("tick as the game goes"))
        ink.boxes(tr("Penetrations"), 8, int(st.get("penetrations", 0) or 0))
        systems = list(st.get("systems") or ())
        ink.y += 9.6
        x = ink.x0
        lf = ink.font(6.6, bold=True)
        ink.text(x, ink.y - 0.8, tr("Damaged"), lf)
        x += 48
        for sid in ("gun", "engine", "radio"):
            x = self._check(ink, x, loc(sid, RULESET), sid in systems) + 6
        ink.y += 9.6
        x = ink.x0 + 48
        x = self._check(ink, x, tr("shaken"), bool(mk.get("shaken"))) + 6
        x = self._check(ink, x, tr("knocked out"),
                        st.get("status") in ("knocked_out", "destroyed")) + 6
        ink.boxes(tr("Ammunition"), 12, 0)

    @staticmethod
    def _check(ink: Ink, x: float, label: str, on: bool) -> float:
        return ink.check(x, label, on, size=6.4)

    # ---- back

    def _back(self, ink: Ink, card: CardData, options: CardOptions) -> None:
        from engine.rulesets.iron_hearts.tank_data import HIT_LOCATION

        v = card.record
        demo = "d" if v.get("demo") else ""
        ink.band(loc(v, RULESET) if v.get("name") else card.id,
                 tr("armour · weapons · penetration"),
                 right=v.get("model", ""))

        # armour by facing and hit location (column heads: the d10 of the location table)
        ink.heading(tr("Armour (AV)"), mark=demo, note=tr("hit location: d10 on the struck face"))
        locs = []
        for e in HIT_LOCATION:
            faces = f"{e['low']}" if e["low"] == e["high"] else f"{e['low']}–{e['high']}"
            name = {"weak_spot": tr("weak")}.get(e["location"], loc(e["location"], RULESET))
            locs.append((f"{name} {faces}", e["armour"], "P" if e["proposed"] else ""))
        w0 = 30.0
        cw = (ink.width - w0) / len(locs)
        cols = [Col(w0, "", "l")] + [Col(cw, name, "c", mark) for name, _, mark in locs]
        rows = []
        for face in ("front", "side", "rear"):
            av = v["armour"][face]
            row: list[Any] = [tr(FACE_NAMES[face])]
            for _, which, _m in locs:
                row.append(str(min(av.values())) if which == "lowest" else str(av[which]))
            rows.append(row)
        ink.table(cols, rows, size=7.4, row_h=9.0, first_bold=True)

        # weapons: a name line, then its numbers in columns
        ink.heading(tr("Weapons"), mark=demo, note=tr("Dmg = damage to men"))
        heads = [(tr("Range"), 30), (tr("RoF"), 20), (tr("Dmg"), 20), (tr("MM"), 20),
                 (tr("DM"), 20)]
        crew_w = ink.width - sum(w for _, w in heads)
        cols = [Col(w, h) for h, w in heads] + [Col(crew_w, tr("crew"), "l")]
        ink.table(cols, [], size=6.8, row_h=8.2)
        nf = ink.font(6.9, bold=True)
        for wid, w in v["weapons"].items():
            top = ink.y
            ink.p.fillRect(QRectF(ink.x0, top, ink.width, 15.8), SHADE)
            ink.y += 7.0
            shown = loc(w, RULESET) if w.get("name") else wid
            ink.text(ink.x0 + 1, ink.y, ink.fit(shown, nf, ink.width - 2), nf)
            ink.y += 0.6
            crew = (tr(SHORT_POSTS[w["crewed_by"]]) if w["crewed_by"] in SHORT_POSTS
                    else w["crewed_by"],
                    "P" if w.get("crewed_by_proposed") else "")
            ammo = ", ".join(w.get("ammo_types") or ())
            ink.table(cols, [[tr("{0} m").format(num(w["range_m"])), str(w["rate_of_fire"]),
                              str(w["damage_personnel"]), str(w["morale_modifier"]),
                              signed(w["damage_modifier"]),
                              (crew[0] + (f" · {ammo}" if ammo else ""), crew[1])]],
                      header=False, shade=False, size=6.9, row_h=8.2)
            ink.y = top + 15.8 + 0.8

        self._penetration(ink, v, demo)
        ink.footnote()

    def _penetration(self, ink: Ink, v: Mapping[str, Any], demo: str) -> None:
        gun = next((w for w in v["weapons"].values() if w["kind"] == "main_gun"), None)
        if gun is None:
            return
        step = float(gun["range_m"])
        ink.heading(tr("Main gun penetration"), mark=demo,
                    note=tr("penetrates when > AV"))
        table = gun.get("penetration_table") or []
        if table:
            w0 = 44.0
            cw = (ink.width - w0) / 10
            cols = [Col(w0, tr("step \\ d10"), "l")] + [Col(cw, str(i + 1)) for i in range(10)]
            rows = [[tr("{0} (≤{1} m)").format(b + 1, num(step * (b + 1)))] + [str(x) for x in row]
                    for b, row in enumerate(table)]
            ink.table(cols, rows, size=6.3, row_h=7.6, first_bold=True)
        else:
            w0 = 26.0
            cw = (ink.width - w0) / 5
            cols = [Col(w0, "", "l")] + [Col(cw, tr("step {0}").format(b + 1)) for b in range(5)]
            rows = [[tr("up to")] + [tr("{0} m").format(num(step * (b + 1))) for b in range(5)],
                    ["d10 +"] + [signed(int(gun["penetration"]) - b) for b in range(5)]]
            ink.table(cols, rows, size=6.8, row_h=8.6, first_bold=True)


# --------------------------------------------------------------------------- infantry


STATS = (("accuracy", QT_TR_NOOP("Accuracy")), ("melee", QT_TR_NOOP("Melee")),
         ("guts", QT_TR_NOOP("Guts")),
         ("training_experience", QT_TR_NOOP("T&E")), ("hp", QT_TR_NOOP("HP")))


class InfantryCard:
    faces = 1

    def draw_face(self, painter: QPainter, rect: QRectF, card: CardData, face: int,
                  options: CardOptions) -> None:
        p = card.record
        ink = Ink(painter, rect)
        ink.fill_background()
        rank = p.get("rank", "private")
        role = tr(RANKS[rank]) if rank in RANKS else rank
        who = tr("player character") if p.get("is_pc") else tr("NPC")
        sub = f"{role} · {who}" + (f" · {card.unit_name}" if card.unit_name else "")
        ink.band(loc(p, RULESET) if p.get("name") else card.id, sub)
        self._stats(ink, p)
        self._movement(ink, card)
        self._weapons(ink, card)
        if options.tallies:
            self._tallies(ink, card, options)
        ink.notes()
        ink.footnote()
        ink.frame()

    def _stats(self, ink: Ink, p: Mapping[str, Any]) -> None:
        vf = ink.font(15, bold=True, serif=True)
        lf = ink.font(6.2, bold=True)
        for r, (key, label) in zip(ink.tiles(len(STATS), 31.0), STATS, strict=True):
            value = signed(p[key]) if key == "training_experience" else str(p[key])
            ink.text(r.x(), r.top() + 17.5, value, vf, mark=_mark(p, key), align="c",
                     width=r.width())
            ink.text(r.x(), r.bottom() - 4, tr(label), lf, color=FAINT, align="c",
                     width=r.width())

    def _weapons(self, ink: Ink, card: CardData) -> None:
        p = card.record
        mpi = card.metres_per_inch or _default_mpi()
        ink.heading(tr("Weapons"), note=tr("1 AP: RoF × d10 ≤ Acc; past Range only a 1"))
        heads = [(tr("Range"), 50), (tr("RoF"), 20), (tr("Dmg"), 20), (tr("MM"), 20)]
        cols = [Col(w, h) for h, w in heads] + [Col(ink.width - 110, "", "l")]
        ink.table(cols, [], size=7.0, row_h=8.0)
        ids = list(p.get("weapons") or ())
        if p.get("has_grenades") and "hand-grenade" in card.related and \
                "hand-grenade" not in ids:
            ids.append("hand-grenade")
        nf = ink.font(7.6, bold=True)
        for wid in ids:
            w = card.related.get(wid)
            top = ink.y
            ink.p.fillRect(QRectF(ink.x0, top, ink.width, 18.5), SHADE)
            ink.y += 7.8
            name = (loc(w, RULESET) if w and w.get("name") else None) or wid
            ink.text(ink.x0 + 1, ink.y, ink.fit(name, nf, ink.width - 2), nf)
            ink.y += 1.2
            if w is None:
                ink.line(tr("not in the library"), size=6.6, italic=True, color=HIT)
                ink.y = top + 19.5
                continue
            extra = []
            if w.get("armour_piercing") is not None:
                extra.append((tr("AP {0}").format(w["armour_piercing"]),
                              _mark(w, "armour_piercing")))
            extra += [(t, "") for t, on in (("one shot", w.get("single_shot")),
                                            ("stationary", w.get("stationary_only"))) if on]
            note = ", ".join(t for t, _ in extra)
            note_mark = next((m for _, m in extra if m), "")
            ink.table(cols, [[(tr("{0} m").format(num(w["range_m"]))
                               + f" ({_inches(w['range_m'], mpi)})",
                               _mark(w, "range_m")),
                              (str(w["rate_of_fire"]), _mark(w, "rate_of_fire")),
                              (str(w["damage"]), _mark(w, "damage")),
                              (str(w.get("morale_modifier", 0)), _mark(w, "morale_modifier")),
                              (note, note_mark)]],
                      header=False, shade=False, size=7.2, row_h=8.6)
            ink.y = top + 19.5
        if not p.get("has_grenades"):
            ink.line(tr("no grenades"), size=6.4, italic=True, color=FAINT)

    def _movement(self, ink: Ink, card: CardData) -> None:
        from engine.rulesets.iron_hearts.data import rule_number

        mpi = card.metres_per_inch or _default_mpi()
        one = float(rule_number("movement.metres_per_ap"))
        two = float(rule_number("movement.two_ap_m"))
        sprint = float(rule_number("movement.sprint_m"))
        if card.readings.get("sprint") == "45m":      # §4.A-8 read as 3 × 15 m
            sprint = 3 * float(rule_number("movement.metres_per_ap"))
        ink.heading(tr("Move"), note=tr("3 AP a turn"))
        cols = [Col(ink.width / 3, tr("1 AP")), Col(ink.width / 3, tr("2 AP")),
                Col(ink.width / 3, tr("sprint, 3 AP"))]
        ink.table(cols, [[tr("{0} m").format(num(m)) + f" ({_inches(m, mpi)})"
                          for m in (one, two, sprint)]],
                  size=7.2, row_h=9.6)

    def _tallies(self, ink: Ink, card: CardData, options: CardOptions) -> None:
        from engine.rulesets.iron_hearts.data import rule_number

        p = card.record
        st = card.state if options.state else {}
        mk = card.markers if options.state else {}
        ink.heading(tr("In play"), note=tr("tick as the game goes"))
        hp = int(p["hp"])
        left = st.get("hp", hp)
        lost = max(0, hp - int(left)) if isinstance(left, int | float) else 0
        ink.boxes(tr("Wounds (HP)"), hp, lost)
        cap = int(rule_number("suppression.cap"))
        ink.boxes(tr("Suppression"), cap, int(mk.get("suppression", 0) or 0))
        ink.boxes(tr("Ammunition"), 12, 0)
        casualty = st.get("casualty") if options.state else None
        if casualty:
            ink.line(str(casualty).replace("-", " ").upper(), size=7.5, bold=True, color=HIT)


#: discovered by app.cards.layout (see app/cards/rulesets/__init__.py)
LAYOUTS = {(RULESET, "vehicle"): VehicleCard(), (RULESET, "character"): InfantryCard()}
