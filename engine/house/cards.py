"""The printed card of a house ruleset's unit: its name, the stats the file's [cards]
table lists (all declared stats by default) under their own names, and tick boxes for
the markers it lists — drawn with the app's ink like any ruleset's card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import CardData, CardInk, CardOptions, Col, card_title, num, proposed_mark
from engine.house.spec import StatSpec
from engine.options import SchemaError

__all__ = ["StatCard"]


class StatCard:
    """A one-face card from the declared stats (engine.cards.CardLayout)."""

    faces = 1

    def __init__(self, stats: Mapping[str, StatSpec], table: Mapping[str, Any],
                 weapons: Mapping[str, Mapping[str, Any]] | None = None,
                 weapon_stats: Mapping[str, StatSpec] | None = None) -> None:
        unknown = [k for k in table if k not in ("stats", "tallies")]
        if unknown:
            raise SchemaError(f"cards.{unknown[0]}: unknown field (fields: stats, tallies)")
        self.stats = dict(stats)
        self.fields = list(table.get("stats") or stats)
        for i, name in enumerate(self.fields):
            if name not in stats:
                raise SchemaError(f"cards.stats[{i}]: {name!r} is not a declared stat")
        self.weapons = dict(weapons or {})
        self.weapon_stats = dict(weapon_stats or {})
        self.tallies = [(str(t.get("marker", "")), int(t.get("boxes", 6)),
                         str(t.get("label", t.get("marker", ""))))
                        for t in table.get("tallies") or ()]

    def _label(self, ink: CardInk, name: str) -> str:
        spec = self.stats[name]
        return ink.say({"name": spec.label or name, "name_ru": spec.label_ru})

    def _weapons(self, ink: CardInk, card: CardData) -> None:
        """The unit's weapons, one row each with the declared weapon stats."""
        rows = [self.weapons[w] for w in card.record.get("weapons") or ()
                if w in self.weapons]
        if not rows:
            return
        ink.heading(ink.say("Weapons"))
        names = list(self.weapon_stats)
        each = 36.0
        first = max(40.0, ink.width - each * len(names))
        cols = [Col(first, "", "l"), *(Col(each, ink.say(
            {"name": self.weapon_stats[n].label or n,
             "name_ru": self.weapon_stats[n].label_ru})) for n in names)]
        ink.table(cols, [[ink.say(r), *(num(r.get(n, self.weapon_stats[n].default))
                                        for n in names)] for r in rows], first_bold=True)

    def draw_face(self, ink: CardInk, card: CardData, face: int,
                  options: CardOptions) -> None:
        ink.fill_background()
        ink.band(card.unit_name or card_title(ink, card),
                 card_title(ink, card) if card.unit_name else "")
        width = ink.label_column(*(self._label(ink, n) for n in self.fields))
        for name in self.fields:
            value = card.state.get(name) if options.state and name in card.state \
                else card.record.get(name, self.stats[name].default)
            ink.line(ink.say(num(value)) if isinstance(value, str) else num(value),
                     label=self._label(ink, name), label_w=width,
                     mark=proposed_mark(card.record, name))
        self._weapons(ink, card)
        if options.tallies:
            for marker, boxes, label in self.tallies:
                filled = int(card.markers.get(marker, 0) or 0) if options.state else 0
                ink.boxes(ink.say(label), boxes, min(filled, boxes), label_w=width)
        ink.footnote()
        ink.frame()
