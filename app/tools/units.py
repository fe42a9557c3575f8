"""The units tool: place units from the ruleset's profiles on their real bases, duplicate
(Ctrl+D), delete (Del), and set a unit's side and name — each one undoable change.

The list offers the profiles the scenario defines, the ones its units already use (with the
base they stand on) and the ruleset's library profiles. A library profile that names no
base stands on the base its units have in the ruleset's shipped tables, else on a 25 mm
round base (a vehicle card on 50×100 mm), and the list says so;
a base taken from the scenario's own units is the real one. Units go through engine.model's
AddUnit / EditUnit / DeleteUnit, so the model checks them exactly as a loaded scenario.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.i18n import loc, side_text, tr

from .base import PanelTool, ToolPanel

if TYPE_CHECKING:
    from geometry.bases import BaseShape

if TYPE_CHECKING:
    from engine.model import Change
    from engine.protocol import ProfileKeys
    from engine.scenario import Scenario, Unit


def default_base(vehicle: bool = False) -> BaseShape:
    """The base a library profile without a base size is placed on: a figure's, or a
    vehicle's (also `DEFAULT_BASE`, `DEFAULT_VEHICLE_BASE`, made on first use: geometry
    comes in after the window is up)."""
    from geometry.bases import BaseShape

    return BaseShape.rect(50, 100) if vehicle else BaseShape.round(25)


def __getattr__(name: str) -> object:
    if name == "DEFAULT_BASE":
        return default_base()
    if name == "DEFAULT_VEHICLE_BASE":
        return default_base(vehicle=True)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True, slots=True)
class ProfileChoice:
    """A profile offered for placing: its id, a readable name, its base and where the base
    size comes from ("scenario" units, the profile itself, or the default)."""

    id: str
    name: str
    base: BaseShape
    base_from: str
    turret: bool = False
    #: the base is ours, not the rules' (the profile names its base among its PROPOSED values)
    base_proposed: bool = False

    @property
    def text(self) -> str:
        note = tr(" (default base)") if self.base_from == "default" else \
            tr(" (PROPOSED base)") if self.base_proposed else ""
        return tr("{profile} — {base}").format(profile=self.name, base=base_text(self.base)) + note


def base_text(base: BaseShape) -> str:
    if base.shape == "round":
        return tr("{0} mm round").format(f"{base.width_mm:g}")
    return tr("{w}×{d} mm {shape}").format(w=f"{base.width_mm:g}", d=f"{base.depth_mm:g}",
                                           shape=tr(base.shape))


def base_json(base: BaseShape) -> dict:
    """A base in the scenario format's JSON form."""
    if base.shape == "round":
        return {"shape": "round", "diameter_mm": base.width_mm}
    return {"shape": base.shape, "width_mm": base.width_mm, "depth_mm": base.depth_mm}


def _profile_base(profile: object, field: str | None) -> BaseShape | None:
    """The base a profile record names in its ruleset's base `field` (its vocabulary's
    ProfileKeys.base: {"shape": …}), if it holds a valid one."""
    from geometry.bases import BaseShape
    raw = profile.get(field) if field and isinstance(profile, dict) else None
    if not isinstance(raw, dict):
        return None
    try:
        if raw.get("shape") == "round":
            return BaseShape.round(raw["diameter_mm"])
        return BaseShape(raw.get("shape"), raw["width_mm"], raw["depth_mm"])
    except (KeyError, TypeError, ValueError):
        return None


def _flag(record: object, field: str | None) -> bool:
    """Whether the profile record sets its ruleset's flag `field` (turret, vehicle) true."""
    return bool(field) and isinstance(record, dict) and record.get(field) is True


def _profile_keys(ruleset_id: str) -> ProfileKeys:
    """The profile fields the ruleset declares the board may read; none when it is not
    installed or fails."""
    from engine.protocol import ProfileKeys

    try:
        from engine.rulesets.registry import get_ruleset

        return get_ruleset(ruleset_id).vocabulary.profile
    except Exception:  # noqa: BLE001 - a broken ruleset must not stop the board editor
        return ProfileKeys()


def _is_vehicle(scenario: Scenario, profile_id: str, turret: bool) -> bool:
    """Whether a unit of this profile is a vehicle, as the ruleset says (BoardHints; a
    turret says so whatever the ruleset)."""
    from engine.board_rules import is_vehicle
    from engine.scenario import Unit

    return is_vehicle(scenario, Unit("_probe", "_", profile_id, 0.0, 0.0, default_base(),
                                     turret=0.0 if turret else None))


def _library_profiles(ruleset_id: str) -> dict:
    """The ruleset's library profiles; empty when the ruleset is not installed or fails."""
    try:
        from engine.rulesets.registry import get_ruleset

        return dict(get_ruleset(ruleset_id).profiles)
    except Exception:  # noqa: BLE001 - a broken ruleset must not stop the board editor
        return {}


_sample_cache: dict[str, dict[str, BaseShape]] = {}


def sample_bases(ruleset_id: str) -> dict[str, BaseShape]:
    """Profile id → the base its units stand on in the shipped tables of this ruleset
    (resources/scenarios): the model's real base where the data names none. Read once."""
    if ruleset_id not in _sample_cache:
        from engine.scenario_io import ScenarioError, load_demo, shipped_scenarios

        bases: dict[str, BaseShape] = {}
        for file, _title in shipped_scenarios():
            try:
                sample = load_demo(file)
            except (ScenarioError, OSError, ValueError):
                continue
            if sample.ruleset == ruleset_id:
                for u in sample.units:
                    bases.setdefault(u.profile, u.base)
        _sample_cache[ruleset_id] = bases
    return _sample_cache[ruleset_id]


def profile_catalogue(scenario: Scenario, library: dict | None = None,
                      samples: dict[str, BaseShape] | None = None) -> list[ProfileChoice]:
    """Profiles to place, by id: the scenario's own, those its units use, the library's.
    Base: the profile's own base, else the base the scenario's units stand on, else the one
    its units stand on in the ruleset's shipped tables (`sample_bases`), else 25 mm round
    for a figure and 50×100 mm for a vehicle card."""
    library = _library_profiles(scenario.ruleset) if library is None else library
    samples = sample_bases(scenario.ruleset) if samples is None else samples
    own = scenario.profiles or {}
    keys = _profile_keys(scenario.ruleset)
    used: dict[str, BaseShape] = {}
    for u in scenario.units:
        used.setdefault(u.profile, u.base)
    out: dict[str, ProfileChoice] = {}
    for pid in [*own, *used, *library]:
        if pid in out:
            continue
        record = own.get(pid) or library.get(pid) or {}
        name = record.get("name") if isinstance(record, dict) else None
        base, source = _profile_base(record, keys.base), "profile"
        if base is None and pid in used:
            base, source = used[pid], "scenario"
        if base is None and pid in samples:
            base, source = samples[pid], "sample"
        turret = _flag(record, keys.turret)
        if base is None:
            vehicle = _flag(record, keys.vehicle) or _is_vehicle(scenario, pid, turret)
            base, source = default_base(vehicle), "default"
        shown = loc(record, scenario.ruleset) if name else pid
        proposed = source == "profile" and bool(keys.proposed) and \
            keys.base in (record.get(keys.proposed) or ())
        out[pid] = ProfileChoice(pid, shown, base, source, turret, proposed)
    return sorted(out.values(), key=lambda c: (c.base_from == "default", c.name.lower()))


def new_unit_id(stem: str, taken: set[str]) -> str:
    n = 1
    while f"{stem}-{n}" in taken:
        n += 1
    return f"{stem}-{n}"


def side_chosen(combo: QComboBox) -> str:
    """The side a side box names: the listed side shown by its name, else what was typed
    (a new side's name is its id)."""
    text = combo.currentText().strip()
    i = combo.currentIndex()
    if i >= 0 and combo.itemText(i) == combo.currentText():
        return str(combo.itemData(i) or text)
    return text


def show_side(combo: QComboBox, side: str) -> None:
    """Show `side` in a side box: by its name when listed, else as written."""
    i = combo.findData(side)
    if i >= 0:
        combo.setCurrentIndex(i)
    else:
        combo.setCurrentText(side)


class UnitsPanel(ToolPanel):
    """The profile list, the side for new units, and the selected unit's fields."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Units"), "units-panel", parent)

    def build(self) -> None:
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.addWidget(QLabel(tr("Profile to place:")))
        self.profiles = QListWidget()
        lay.addWidget(self.profiles, 2)
        self.place_button = QPushButton(tr("Place on the table (P)"))
        self.place_button.setCheckable(True)
        self.place_button.setToolTip(tr(
            "While on, a click on the table places the chosen profile (once; hold Shift to "
            "place several). Off: a click only selects."))
        lay.addWidget(self.place_button)
        form = QFormLayout()
        self.new_side = QComboBox()
        self.new_side.setEditable(True)
        form.addRow(tr("Side of new units"), self.new_side)
        lay.addLayout(form)

        box = QGroupBox(tr("Selected unit"))
        bl = QFormLayout(box)
        self.unit_id = QLabel("—")
        self.unit_id.setProperty("verbatim", True)  # the file's id, which this editor edits
        bl.addRow(tr("Id"), self.unit_id)
        self.name = QLineEdit()
        self.name.setPlaceholderText(tr("(none: the id is shown)"))
        bl.addRow(tr("Name"), self.name)
        self.side = QComboBox()
        self.side.setEditable(True)
        bl.addRow(tr("Side"), self.side)
        row = QHBoxLayout()
        self.apply_button = QPushButton(tr("Apply"))
        self.duplicate_button = QPushButton(tr("Duplicate (Ctrl+D)"))
        self.delete_button = QPushButton(tr("Delete (Del)"))
        for b in (self.apply_button, self.duplicate_button, self.delete_button):
            row.addWidget(b)
        bl.addRow(row)
        lay.addWidget(box)
        self.unit_box = box
        lay.addWidget(self.message)
        self.setWidget(body)

    def set_sides(self, sides: list[str]) -> None:
        """The sides to choose from, by their names (a new side may be typed)."""
        for combo in (self.new_side, self.side):
            keep = side_chosen(combo)
            combo.blockSignals(True)
            combo.clear()
            for s in sides:
                combo.addItem(side_text(s), s)
            show_side(combo, keep or (sides[0] if sides else ""))
            combo.blockSignals(False)

    def chosen_profile(self) -> ProfileChoice | None:
        item = self.profiles.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def choose_profile(self, profile_id: str) -> None:
        for i in range(self.profiles.count()):
            if self.profiles.item(i).data(Qt.ItemDataRole.UserRole).id == profile_id:
                self.profiles.setCurrentRow(i)
                return
        raise KeyError(f"profile: {profile_id!r} is not in the list")


class UnitsTool(PanelTool):
    id = "units"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, window) -> None:
        super().__init__(window, UnitsPanel(window))
        self.panel.when_built(self._wire_panel)
        window.selection_changed.connect(self._show_selected)
        window.editor.changed.connect(lambda _ids: self._show_selected())
        window.editor.game_replaced.connect(self._game_replaced)

    def _wire_panel(self) -> None:
        p = self.panel
        p.apply_button.clicked.connect(self.apply_fields)
        p.name.returnPressed.connect(self.apply_fields)
        p.duplicate_button.clicked.connect(self.duplicate)
        p.delete_button.clicked.connect(self.delete)
        p.profiles.itemClicked.connect(lambda _item: self.set_placing(True))
        p.place_button.toggled.connect(self._placing_toggled)

    # --- life cycle -------------------------------------------------------------------------

    def activate(self) -> None:
        self.refresh_profiles()
        super().activate()
        self._show_selected()
        self._placing_toggled(self.placing)

    @property
    def placing(self) -> bool:
        """Place mode: a click on empty table places the chosen profile."""
        return self.panel.place_button.isChecked()

    def set_placing(self, on: bool) -> None:
        self.panel.place_button.setChecked(on)

    def _placing_toggled(self, on: bool) -> None:
        choice = self.panel.chosen_profile()
        if on and choice is not None:
            self.panel.show_message(tr("Click the table to place {name} (Shift: several); "
                                       "Esc or P stops.").format(name=choice.name))
        else:
            self.panel.show_message(tr("Choose a profile (or press P) to place it; click a "
                                       "unit to edit it."))

    def _game_replaced(self) -> None:
        """Refill the list now only if it is shown: the catalogue reads the ruleset's library
        (slow, and not needed to draw the table); `activate` fills it when the tool is chosen."""
        if self.window.tools.active is self:
            self.refresh_profiles()

    def refresh_profiles(self) -> None:
        """Fill the list from the game's scenario and ruleset."""
        if self.window.game is None:
            return
        scenario = self.editor.game.scenario
        keep = self.panel.chosen_profile()
        self.panel.profiles.clear()
        for choice in profile_catalogue(scenario):
            item = QListWidgetItem(choice.text)
            item.setData(Qt.ItemDataRole.UserRole, choice)
            self.panel.profiles.addItem(item)
        if keep is not None:
            try:
                self.panel.choose_profile(keep.id)
            except KeyError:
                pass
        if self.panel.profiles.currentRow() < 0 and self.panel.profiles.count():
            self.panel.profiles.setCurrentRow(0)
        self.panel.set_sides(self._sides())

    def _sides(self) -> list[str]:
        game = self.editor.game
        return list(dict.fromkeys([*game.sides, *(u.side for u in game.all_units())]))

    # --- events -----------------------------------------------------------------------------

    def press(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if ev.button() != Qt.MouseButton.LeftButton or self.window.game is None:
            return False
        item = self.view.unit_at(ev.position().toPoint())
        if item is not None:
            self.window.select_unit(item.unit.id)
            return True
        if not self.placing:  # a stray click on the table places nothing
            self.window.select_unit(None)
            return False
        placed = self.place(pos.x(), pos.y())
        if placed is not None and not ev.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.panel.place_button.blockSignals(True)  # keep the "Placed …" message
            self.set_placing(False)
            self.panel.place_button.blockSignals(False)
        return True

    def key(self, ev: QKeyEvent) -> bool:
        if ev.key() == Qt.Key.Key_P and not ev.modifiers():
            self.set_placing(not self.placing)
            return True
        if ev.key() == Qt.Key.Key_Escape and self.placing:
            self.set_placing(False)
            return True
        if ev.key() == Qt.Key.Key_D and ev.modifiers() == Qt.KeyboardModifier.ControlModifier:
            self.duplicate()
            return True
        if ev.key() == Qt.Key.Key_Delete and self.window.selected_unit_id is not None:
            self.delete()
            return True
        return False

    # --- edits ------------------------------------------------------------------------------

    def place(self, x: float, y: float) -> str | None:
        """Place the chosen profile at (x, y) for the chosen side; returns the new id."""
        from engine.edits import AddUnit
        from engine.model import Change
        from engine.scenario import deployment_facing
        choice = self.panel.chosen_profile()
        if choice is None:
            self.panel.show_message(tr("Choose a profile to place."), error=True)
            return None
        side = side_chosen(self.panel.new_side)
        if not side:
            self.panel.show_message(tr("side of new units: expected a side's name"),
                                    error=True)
            return None
        uid = new_unit_id(choice.id, self._taken())
        facing = deployment_facing(self.editor.game.scenario.table, side)
        record = {"id": uid, "side": side, "profile": choice.id, "x": round(x, 3),
                  "y": round(y, 3), "facing": facing, "base": base_json(choice.base)}
        if choice.turret:
            record["turret"] = 0.0
        if not self._push(Change([AddUnit(record)], label=tr("Place {name} {id}").format(
                name=choice.name, id=uid))):
            return None
        self.window.select_unit(uid)
        return uid

    def duplicate(self) -> str | None:
        """A copy of the selected unit beside it (same profile, base, side and facing; fresh
        markers and state)."""
        from engine.edits import AddUnit
        from engine.model import Change
        from engine.scenario_io import scenario_to_dict
        unit = self._selected()
        if unit is None:
            return None
        game = self.editor.game
        index = [u.id for u in game.scenario.units].index(unit.id)
        record = scenario_to_dict(game.scenario)["units"][index]
        for key in ("markers", "state"):
            record.pop(key, None)
        uid = new_unit_id(unit.profile, self._taken())
        record["id"] = uid
        record["x"] = round(unit.x + unit.base.width_in + 0.25, 3)
        if unit.name:
            record["name"] = tr("{name} (copy)").format(name=unit.name)
        if not self._push(Change([AddUnit(record)], label=tr("Duplicate {unit}").format(
                unit=unit.label))):
            return None
        self.window.select_unit(uid)
        return uid

    def delete(self) -> bool:
        from engine.edits import DeleteUnit
        from engine.model import Change
        unit = self._selected()
        if unit is None:
            return False
        return self._push(Change([DeleteUnit(unit.id)], label=tr("Delete {unit}").format(
            unit=unit.label)))

    def apply_fields(self) -> bool:
        """Set the selected unit's name and side from the panel's fields."""
        from engine.edits import EditUnit
        from engine.model import Change
        unit = self._selected()
        if unit is None:
            return False
        name = self.panel.name.text().strip() or None
        side = side_chosen(self.panel.side)
        if not side:
            self.panel.show_message(tr("side: expected a side's name, got nothing"),
                                    error=True)
            return False
        if name is not None and len(name) > 80:
            self.panel.show_message(tr("name: expected at most 80 characters, got {n}").format(
                n=len(name)), error=True)
            return False
        changes = {}
        if name != unit.name:
            changes["name"] = name
        if side != unit.side:
            changes["side"] = side
        if not changes:
            return False
        what = tr(" and ").join(
            (tr("name {value}") if k == "name" else tr("side {value}")).format(value=v)
            if v is not None else tr("no name") for k, v in changes.items())
        return self._push(Change([EditUnit(unit.id, changes)],
                                 label=tr("Set {unit}: {what}").format(unit=unit.label,
                                                                      what=what)))

    # --- helpers ----------------------------------------------------------------------------

    def _selected(self) -> Unit | None:
        uid = self.window.selected_unit_id
        if uid is None:
            self.panel.show_message(tr("Select a unit first (click it)."), error=True)
            return None
        return self.editor.game.unit(uid)

    def _taken(self) -> set[str]:
        game = self.editor.game
        return {u.id for u in game.all_units()} | {p.id for p in game.scenario.terrain}

    def _push(self, change: Change) -> bool:
        from engine.i18n import said
        from engine.model import ModelError
        try:
            self.editor.push(change)
        except ModelError as err:
            self.panel.show_message(loc(said(err)), error=True)
            return False
        self.panel.show_message(change.label + ".")
        return True

    def _show_selected(self, *_args) -> None:
        if self.window.game is None or not self.panel.built:  # built: it reads the unit
            return
        uid = self.window.selected_unit_id
        unit = None
        if uid is not None and self.editor.game.on_table(uid):
            unit = self.editor.game.unit(uid)
        self.panel.unit_box.setEnabled(unit is not None)
        self.panel.set_sides(self._sides())
        self.panel.unit_id.setText(unit.id if unit else "—")
        self.panel.name.setText(unit.name or "" if unit else "")
        show_side(self.panel.side, unit.side if unit else "")
