"""Where the dice come from: the app's seeded generator, or faces typed from real dice.

Typing is previewed by the referee (engine.play.typed.resolve_typed): when the faces
run out, the engine's `DiceError` says which step needs how many of which die — exactly
the fields shown next; a face the die does not have (11 on a d10, a letter) is refused
with the engine's message and its field is marked. The steps the typed faces decide are
shown as they are filled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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

if TYPE_CHECKING:
    from engine.dice import Die
    from engine.play.typed import DiceGroup
    from engine.protocol import Context, Resolution

ERROR_STYLE = "color: #b3261e;"
INFO_STYLE = "color: #444;"
OK_STYLE = "color: #1f7a3a;"
BAD_FIELD_STYLE = "background: #ffd9d6; border: 1px solid #b3261e;"
SEED_LIMIT = 2 ** 63 - 1  # the largest seed the app draws itself; a typed one may be larger
FIELDS_PER_ROW = 10


def group_text(g: DiceGroup) -> str:
    """"Hit roll — 5 × d10": the dice one step asks for, in the reader's language."""
    return f"{loc(g.label)} — {g.count} × {loc(g.die)}"


@dataclass(frozen=True, slots=True)
class ShownGroup:
    """A row of dice fields: the step's dice (engine.play.typed.DiceGroup) and its text."""

    label: str
    die: str
    count: int
    text: str


def __getattr__(name: str) -> object:
    """The typed preview lives in the engine (engine.play.typed); its names are read here
    on first use (the engine comes in after the window)."""
    if name in ("DiceGroup", "TypedRun", "resolve_typed", "resolved_so_far"):
        from engine.play import typed

        return getattr(typed, name)
    raise AttributeError(name)


def roll_app(ctx: Context, seed: int) -> Resolution:
    """Resolve with the app's generator at `seed`, or with the game's sealed dice when it
    is played with them (engine.play.dice_source). Not logged: a door rolls through the
    referee (engine.play.Referee.roll)."""
    from engine.play import AppDice, dice_source

    game = getattr(ctx, "game", None)
    if game is None:
        game = next((c.game for c in getattr(ctx, "contexts", ()) if c.game is not None),
                    None)
    return ctx.resolve(dice_source(AppDice(seed), game))


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
        self.groups: list[ShownGroup] = []
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
        groups = [ShownGroup(g.label, g.die, g.count, group_text(g)) for g in groups]
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
