"""The Actions dock's dice: roll the app's dice or preview typed faces through the play
service (`engine.play.Referee.roll` / `preview`), and show the resolution or the refusal.

A mixin of `ActionPanel` (app/panels/action_panel.py): the dock owns the widgets
(`dice_entry`, `steps_view`) and the state (`plan`, `rolled`, `resolution`,
`shown_resolution`); these methods keep them in step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.i18n import loc, tr
from engine.i18n import said

from .action_messages import dice_prompt, error_text

if TYPE_CHECKING:
    from engine.joint import JointResolution
    from engine.protocol import Resolution


class DiceFlow:
    """Rolled or typed dice → the resolution shown (mixed into ActionPanel)."""

    def _dice_setup_changed(self) -> None:
        self.resolution = self.rolled = None
        self._show_dice_state()

    def _show_dice_state(self) -> None:
        """App dice: wait for Roll. Typed dice: resolve with what is typed so far."""
        ctx = self.context
        self.dice_entry.roll_button.setEnabled(ctx is not None)
        if self.dice_entry.mode == "typed":
            self._typed_changed()
        elif self.resolution is None:
            self.steps_view.clear_steps()
            self.shown_resolution = None
        self._set_buttons()

    def roll(self, seed: int | None = None) -> Resolution | None:
        """Roll the app's dice through the referee at `seed` (default: the seed shown; a
        seed given here, or typed into the field, is logged as chosen): the roll is logged
        at once, applied or not, a re-roll of an unapplied roll named as one."""
        from engine.play import AppDice

        plan = self.plan
        if plan is None:
            return None
        chosen = seed is not None or self.dice_entry.seed_chosen
        seed = self.dice_entry.seed() if seed is None else seed
        try:
            rolled = self.referee.roll(plan, AppDice(seed, chosen))
        except (ValueError, KeyError) as err:
            self._show_refusal([], error_text(err))
            return None
        self.rolled = rolled
        self._show_complete(rolled.resolution)
        self.dice_entry.set_message(
            self.tr("Rolled with the sealed dice.") if rolled.seed is None
            else self.tr("Rolled with the app's dice, seed {seed}.").format(seed=rolled.seed),
            "ok")
        return rolled.resolution

    def _typed_changed(self) -> None:
        """Typed dice are previewed (not rolls: nothing is logged until Apply)."""
        from .dice_entry import group_text

        plan = self.plan
        entry = self.dice_entry
        if plan is None:
            entry.set_groups([])
            self.steps_view.clear_steps()
            self.resolution = self.shown_resolution = self.rolled = None
            self._set_buttons()
            return
        run = self.referee.preview(plan, entry.values())
        self.run = run
        entry.set_groups(run.groups)
        err = run.error
        if run.resolution is not None:
            entry.mark_refused(None)
            entry.set_message(tr("All dice entered.") if run.groups else tr("No dice needed."),
                              "ok")
            self.rolled = self.referee.typed(run)
            self._show_complete(run.resolution)
            return
        self.resolution = self.shown_resolution = self.rolled = None
        pending = group_text(run.needs) if run.needs else ""
        if run.refusal is not None:
            self._show_refusal(run.steps, run.refusal)
        elif err is not None and err.reason == "face":
            entry.mark_refused(err.position)
            entry.set_message(loc(said(err)), "error")
            self.steps_view.show_steps(run.steps, pending=pending, ruleset=self._ruleset_id())
        elif err is not None:
            entry.mark_refused(None)
            entry.set_message(dice_prompt(err), "info")
            self.steps_view.show_steps(run.steps, pending=pending, ruleset=self._ruleset_id())
        self._set_buttons()

    def _show_complete(self, res: Resolution | JointResolution) -> None:
        self.resolution = self.shown_resolution = res
        self._show_steps(res)
        self._set_buttons()

