"""Where the dice come from: the app's seeded generator, or faces typed from real dice.

Typing works by resolving with the faces entered so far (`resolve_typed`). When they run
out, the engine's `DiceError` says which step needs how many of which die — exactly the
fields shown next; a face the die does not have (11 on a d10, a letter) is refused with
the engine's message and its field is marked. The steps already decided by the typed faces
are shown as they are filled: a resolution only ever reads its dice in order, so every step
the typed faces complete is final whatever the later dice will be (`resolved_so_far`
replays the action with stand-in faces after the typed ones and keeps only those steps).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QRegularExpression, Qt, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.i18n import loc, tr
from engine import seeds
from engine.i18n import Text, said

if TYPE_CHECKING:
    from engine.dice import DiceError, Die
    from engine.protocol import Context, Resolution, Step

ERROR_STYLE = "color: #b3261e;"
INFO_STYLE = "color: #444;"
OK_STYLE = "color: #1f7a3a;"
BAD_FIELD_STYLE = "background: #ffd9d6; border: 1px solid #b3261e;"
SEED_LIMIT = 2 ** 63 - 1  # the largest seed the app draws itself; a typed one may be larger
FIELDS_PER_ROW = 10


@dataclass(frozen=True, slots=True)
class DiceGroup:
    """The dice one step asks for: its label (the dice label), the die and how many."""

    label: str
    die: str
    count: int

    @property
    def text(self) -> str:
        return f"{loc(self.label)} — {self.count} × {loc(self.die)}"


@dataclass(slots=True)
class TypedRun:
    """The result of resolving with the typed faces so far.

    `resolution` is set when the faces sufficed; `steps` are the steps decided so far;
    `groups` the dice fields to show (the steps rolled, then the one that needs more);
    `error` the engine's DiceError (ran out: reason "missing"; a refused face: "face");
    `refusal` any other refusal of the rules (not loaded, out of range …)."""

    resolution: Resolution | None = None
    steps: list[Step] = field(default_factory=list)
    groups: list[DiceGroup] = field(default_factory=list)
    error: DiceError | None = None
    refusal: str | None = None
    used: int = 0  # how many typed values the resolution read

    @property
    def needs(self) -> DiceGroup | None:
        e = self.error
        if e is not None and e.step is not None and e.needed is not None:
            return DiceGroup(e.step, e.die or "?", e.needed)
        return None


@functools.cache
def _stand_in() -> type:
    """The replay dice class (made on first use: engine.dice comes in after the window)."""
    from engine.dice import TypedDice

    class _StandIn(TypedDice):
        """The typed faces, then stand-in faces (each die's 1) once they run out — only to
        learn which steps the typed faces decide; never shown or logged."""

        kind = "typed"  # the faces shown are the typed ones

        def roll(self, d: Die, n: int, *, label: str) -> list[int]:
            left = len(self.remaining)
            if n > left:
                self._values.extend([1] * (n - left))
            return super().roll(d, n, label=label)

    return _StandIn


def resolved_so_far(ctx: Context, values: Sequence[str | int], typed: int) -> list[Step]:
    """The steps decided by the first `typed` faces (in order), from a replay with stand-in
    faces after them. A step whose dice go past the typed ones ends the list."""
    try:
        res = ctx.resolve(_stand_in()(list(values[:typed])))
    except (ValueError, KeyError):
        return []
    out, seen = [], 0
    for s in res.steps:
        seen += len(s.faces)
        if seen > typed:
            break
        out.append(s)
    return out


def resolve_typed(ctx: Context, values: Sequence[str | int]) -> TypedRun:
    """Resolve `ctx` with the typed `values` and say what is still needed."""
    from engine.dice import DiceError, TypedDice
    dice = TypedDice(list(values))
    run = TypedRun()
    try:
        res = ctx.resolve(dice)
    except DiceError as err:
        run.error = err
    except (ValueError, KeyError) as err:
        text = said(err)
        run.refusal = text if isinstance(text, Text) else str(err).strip("'\"")
    else:
        run.resolution = res
        run.steps = list(res.steps)
    run.groups = [DiceGroup(r.label, r.die, len(r.faces)) for r in dice.records if r.faces]
    run.used = sum(g.count for g in run.groups)
    need = run.needs
    if need is not None:
        run.groups.append(need)
    if run.resolution is None:
        run.steps = resolved_so_far(ctx, values, run.used)
    return run


def roll_app(ctx: Context, seed: int) -> Resolution:
    """Resolve with the app's generator at `seed` (so the roll can be replayed), or with
    the game's sealed dice when it is played with them (engine.sealed)."""
    from engine.sealed import app_dice

    return ctx.resolve(app_dice(_game_of(ctx), seed))


def _game_of(ctx) -> object:
    """The game a context (or each context of a joint one) reads; None when it reads none."""
    if hasattr(ctx, "game"):
        return ctx.game
    return next((c.game for c in getattr(ctx, "contexts", ()) if c.game is not None), None)


# --------------------------------------------------------------------------- widget


class DiceField(QLineEdit):
    """One die's face: digits only, narrow; the die is kept for the hint."""

    def __init__(self, d: Die, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.die = d
        self.setFixedWidth(38)
        self.setMaxLength(len(str(d.sides)) + 1)
        self.setPlaceholderText(d.name)
        self.setToolTip(tr("a face of the {die}, 1–{sides}").format(die=d.name, sides=d.sides))

    def complete(self) -> bool:
        """No further digit can make a face of this die: move on to the next field."""
        t = self.text().strip()
        return t.isdigit() and int(t) * 10 > self.die.sides


class DiceEntry(QWidget):
    """App dice (seed shown, Roll) or typed dice (one field per die the next step needs).

    Signals: `roll_requested(seed)`, `typed_changed()`, `mode_changed(str)`.
    `set_groups(groups)` lays out the fields (keeping what was typed by position);
    `values()` are the typed faces in order up to the first empty field."""

    roll_requested = Signal(object)  # a seed up to 2**63 - 1: Signal(int) is a C++ int
    typed_changed = Signal()
    mode_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.groups: list[DiceGroup] = []
        self.fields: list[DiceField] = []
        self.group_labels: list[QLabel] = []
        self.app_radio = QRadioButton(tr("App dice"))
        self.typed_radio = QRadioButton(tr("Enter dice"))
        self.app_radio.setChecked(True)
        self.mode_group = QButtonGroup(self)
        self.mode_group.addButton(self.app_radio)
        self.mode_group.addButton(self.typed_radio)
        self.app_radio.toggled.connect(self._mode_toggled)
        self.seed_edit = QLineEdit(str(seeds.draw_seed()))
        self.seed_edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{1,19}")))
        self.seed_edit.setToolTip(tr("The generator's seed: the same seed replays the same roll"))
        #: The player typed the seed (it was not the app's draw): the log marks it chosen.
        self.seed_chosen = False
        self.seed_edit.textEdited.connect(self._seed_typed)
        self.new_seed_button = QPushButton(tr("New seed"))
        self.new_seed_button.clicked.connect(self.new_seed)
        self.roll_button = QPushButton(tr("Roll"))
        self.roll_button.setDefault(True)
        self.roll_button.clicked.connect(self._roll)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        modes = QHBoxLayout()
        modes.addWidget(self.app_radio)
        modes.addWidget(self.typed_radio)
        modes.addStretch(1)
        self.app_row = QWidget()
        app = QHBoxLayout(self.app_row)
        app.setContentsMargins(0, 0, 0, 0)
        app.addWidget(QLabel(tr("Seed")))
        app.addWidget(self.seed_edit, 1)
        app.addWidget(self.new_seed_button)
        app.addWidget(self.roll_button)
        self.typed_box = QWidget()
        self.typed_grid = QGridLayout(self.typed_box)
        self.typed_grid.setContentsMargins(0, 0, 0, 0)
        self.typed_grid.setColumnStretch(1, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(modes)
        lay.addWidget(self.app_row)
        lay.addWidget(self.typed_box)
        lay.addWidget(self.message)
        from app.settings import dice_source

        self.set_mode(dice_source())  # Settings ▸ Dice: where a new resolution starts
        self._mode_toggled(True)

    # --- mode and seed ----------------------------------------------------------------------

    @property
    def mode(self) -> str:
        """"app" or "typed"."""
        return "app" if self.app_radio.isChecked() else "typed"

    def set_mode(self, mode: str) -> None:
        (self.app_radio if mode == "app" else self.typed_radio).setChecked(True)

    def _mode_toggled(self, _on: bool) -> None:
        self.app_row.setVisible(self.mode == "app")
        self.typed_box.setVisible(self.mode == "typed")
        self.mode_changed.emit(self.mode)

    def seed(self) -> int:
        text = self.seed_edit.text().strip()
        return int(text) if text else 0  # any size: the seed used is the seed shown

    def new_seed(self) -> int:
        seed = seeds.draw_seed()
        self.seed_edit.setText(str(seed))
        self.seed_chosen = False
        return seed

    def _seed_typed(self, _text: str) -> None:
        self.seed_chosen = True

    def _roll(self) -> None:
        self.roll_requested.emit(self.seed())

    # --- typed fields -----------------------------------------------------------------------

    def set_groups(self, groups: Sequence[DiceGroup]) -> None:
        """Show one field per die of `groups`; text already typed stays by position."""
        from engine.dice import die
        groups = list(groups)
        if groups == self.groups:
            return
        texts = [f.text() for f in self.fields]
        focus = next((i for i, f in enumerate(self.fields) if f.hasFocus()), None)
        while self.typed_grid.count():
            w = self.typed_grid.takeAt(0).widget()
            if w is not None:
                w.hide()
                w.setParent(None)
                w.deleteLater()
        self.groups, self.fields, self.group_labels = groups, [], []
        for row, g in enumerate(groups):
            label = QLabel(g.text)
            self.group_labels.append(label)
            self.typed_grid.addWidget(label, row, 0)
            cells = QWidget()
            h = QGridLayout(cells)
            h.setContentsMargins(0, 0, 0, 0)
            h.setHorizontalSpacing(4)
            for k in range(g.count):
                f = DiceField(die(g.die))
                if len(self.fields) < len(texts):
                    f.setText(texts[len(self.fields)])
                f.textEdited.connect(lambda _t, field=f: self._edited(field))
                self.fields.append(f)
                h.addWidget(f, k // FIELDS_PER_ROW, k % FIELDS_PER_ROW)
            h.setColumnStretch(FIELDS_PER_ROW, 1)
            self.typed_grid.addWidget(cells, row, 1)
        if focus is not None and focus < len(self.fields):
            self.fields[focus].setFocus()

    def values(self) -> list[str]:
        """The typed faces, in order, up to the first empty field."""
        out = []
        for f in self.fields:
            t = f.text().strip()
            if not t:
                break
            out.append(t)
        return out

    def _edited(self, f: DiceField) -> None:
        self.mark_refused(None)
        self.typed_changed.emit()
        if f.complete() and f in self.fields:
            i = self.fields.index(f)
            if i + 1 < len(self.fields) and not self.fields[i + 1].text():
                self.fields[i + 1].setFocus()

    def clear_typed(self) -> None:
        for f in self.fields:
            f.clear()

    def mark_refused(self, position: int | None) -> None:
        """Mark the field at `position` (None clears every mark)."""
        for i, f in enumerate(self.fields):
            f.setStyleSheet(BAD_FIELD_STYLE if i == position else "")

    def refused_position(self) -> int | None:
        return next((i for i, f in enumerate(self.fields) if f.styleSheet()), None)

    def set_message(self, text: str, kind: str = "info") -> None:
        style = {"error": ERROR_STYLE, "ok": OK_STYLE}.get(kind, INFO_STYLE)
        self.message.setStyleSheet(style)
        self.message.setText(text)
        self.message.setVisible(bool(text))
