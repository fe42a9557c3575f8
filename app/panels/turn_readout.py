"""The Turn dock's read-outs: the side acting (in its board colour), the order of sides,
the initiative roll, this turn's activations, who may still act and the tests due.

A mixin of `TurnDock` (app/panels/turn_dock.py), which owns the labels and the palette:
each method words what `engine.turns` / `engine.triggers` say of the game; none decides.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

from app.i18n import loc, side_text, tr

#: Names listed in the "may still act" and "tests due" lines before "… N more".
MAX_NAMES = 6


def _text_on(colour: QColor) -> str:
    return "#111418" if colour.lightnessF() > 0.6 else "#ffffff"


class TurnReadout:
    """The turn's labels (mixed into TurnDock)."""

    def _side_name(self, side: str) -> str:
        """The side by its name in the game's ruleset."""
        game = self.game
        return side_text(side, game.scenario.ruleset if game is not None else None)

    def _chip(self, side: str | None, bold: bool = True) -> str:
        import html
        if side is None:
            return "—"
        c = self.palette.colour(side)
        weight = "font-weight: bold; " if bold else ""
        return (f'<span style="{weight}background: {c.name()}; color: {_text_on(c)}; '
                f'padding: 0 4px;">&nbsp;{html.escape(self._side_name(side))}&nbsp;</span>')

    def _show_may_act(self, game) -> None:
        from engine import turns
        ids = turns.may_act(game, self.structure)
        names = [self._name(game, u) for u in ids]
        if len(names) > MAX_NAMES:
            names = [*names[:MAX_NAMES], self.tr("… {0} more").format(len(ids) - MAX_NAMES)]
        self.may_act_label.setText(self.tr("May still act: {0}").format(", ".join(names))
                                   if ids else self.tr("Nobody may act now"))
        self.may_act_label.setToolTip("\n".join(self._name(game, u) for u in ids))

    def _show_due(self, game) -> None:
        from engine import triggers
        due = [d for d in triggers.due(game) if game.on_table(d.get("unit", ""))]
        self.due_label.setVisible(bool(due))
        if due:
            items = "; ".join(f"{self._name(game, d['unit'])}: {self._test_label(d['test'])}"
                              for d in due[:MAX_NAMES])
            if len(due) > MAX_NAMES:
                items += "; " + self.tr("… {0} more").format(len(due) - MAX_NAMES)
            self.due_label.setText(self.tr("Tests due (Tests dock): {0}").format(items))
        else:
            self.due_label.clear()

    def _test_label(self, test: str) -> str:
        """A test's label from the game's ruleset (its id when the ruleset lacks it)."""
        from engine.rulesets.registry import get_ruleset

        game = self.game
        try:
            return loc(get_ruleset(game.scenario.ruleset).action(test), game.scenario.ruleset)
        except (KeyError, ValueError, AttributeError):
            return test

    def _structure_text(self) -> str:
        s = self.structure
        # (app.i18n.tr: the shared context lupdate files these under)
        parts = [{"sides": tr("side turns"), "alternating": tr("alternating activations"),
                  "rounds": tr("combat rounds")}[s.kind]]
        if s.phases:
            parts.append(" → ".join(loc(p) for p in s.phases))
        if s.ap_per_unit:
            parts.append(tr("{0} AP per unit").format(s.ap_per_unit))
        if s.actions_per_activation:
            parts.append(tr("{0} actions per activation").format(s.actions_per_activation))
        if s.actions_per_turn:
            parts.append(tr("{0} action(s) per unit per round").format(s.actions_per_turn))
        if s.ambush:
            parts.append(tr("an ambushing side goes first"))
        if s.allies:
            parts.append(tr("allied players interleave"))
        if s.initiative:
            when = tr("each turn") if s.initiative.when == "each_turn" else tr("once per game")
            flag = " (" + tr("PROPOSED") + ")" if s.initiative.proposed else ""
            die = tr("the ruleset's die per side") if s.hooks.initiative_die is not None \
                else loc(s.initiative.die.name)
            parts.append(tr("initiative {0} {1}").format(die, when) + flag)
        return "; ".join(parts)

    def _show_side(self, side: str | None) -> None:
        if side is None:
            self.side_label.setText(self.tr("nobody acting"))
            self.side_label.setStyleSheet("color: #555; padding: 2px 6px;")
            return
        c = self.palette.colour(side)
        players = self._players(side)
        name = self._side_name(side)
        self.side_label.setText(f"{name} ({', '.join(players)})" if players else name)
        self.side_label.setStyleSheet(f"background: {c.name()}; color: {_text_on(c)}; "
                                      "font-weight: bold; padding: 2px 6px; "
                                      "border-radius: 3px;")

    def _players(self, side: str) -> list[str]:
        """The players sharing `side` (allies), in the order their units are listed."""
        from engine import turns
        game = self.game
        if game is None or not self.structure.allies:
            return []
        return list(dict.fromkeys(p for u in game.units_of(side)
                                  if (p := turns.player_of(u)) is not None))

    def _show_order(self, game) -> None:
        from engine import turns
        order = turns.sides_order(game)
        rolled = bool(game.activation_order)
        chips = " → ".join(self._chip(s, s == game.active_side) for s in order)
        note = "" if rolled or self.structure.initiative is None else \
            ' <span style="color:#555">' + self.tr("(not rolled yet)") + "</span>"
        self.order_label.setText(self.tr("Order: {0}").format(chips) + note)

    def _show_initiative(self, game) -> None:
        from engine import turns
        last = game.state.get("initiative")
        if not isinstance(last, dict):
            due = turns.initiative_due(game, self.structure)
            self.initiative_label.setText(self.tr("Initiative: roll it to start") if due else "")
            return
        faces = last.get("rolls", {})
        rolls = ", ".join(f"{self._side_name(side)} {' → '.join(str(f) for f in fs)}"
                          for side, fs in faces.items())
        tie = self.tr(" (ties re-rolled)") if any(len(fs) > 1 for fs in faces.values()) \
            else ""
        self.initiative_label.setText(self.tr("Initiative (turn {0}): {1}").format(
            last.get("turn"), rolls) + tie)

    def _show_activations(self, game) -> None:
        import html

        from engine import turns
        items = turns.activations(game)
        sides = self.structure.kind == "sides"
        title = self.tr("Done this turn: ") if sides else self.tr("Activations this turn: ")
        self.activations_label.setVisible(bool(items) or not sides)
        if not items:
            self.activations_label.setText(title + self.tr("none yet"))
            return
        parts = []
        for i, a in enumerate(items, 1):
            who = html.escape(self._name(game, a.get("unit")) if a.get("unit") else "")
            kind = a.get("kind")
            if kind == "side":
                text = self.tr("turn done")
            elif kind == "pass":
                text = self.tr("let its slot go")
            elif kind == "ambush":
                text = self.tr("ambush sprung")
            elif kind in ("passed", "pass failed"):
                src = html.escape(self._name(game, a.get("from")))
                text = (self.tr("{0} (passed by {1}, failed)") if kind == "pass failed"
                        else self.tr("{0} (passed by {1})")).format(who, src)
            else:
                text = who
            parts.append(f"{i}. {self._chip(a.get('side'), False)} {text}")
        self.activations_label.setText(title + " &nbsp; ".join(parts))

    @staticmethod
    def _name(game, unit_id: str | None) -> str:
        if unit_id is None:
            return ""
        try:
            return game.unit(unit_id).label
        except (KeyError, ValueError):
            return unit_id

