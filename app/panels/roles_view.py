"""An action's roles as editors, one per declared role, chosen by the role's kind.

Nothing here knows a role by name: `Action.roles` says each role's name, label and kind
(engine.protocol.ROLE_KINDS) and the view draws the editor the kind calls for —

- unit, responder: a unit list and "Pick on board";
- units: a checkable list and "Pick on board" (click each, Enter when done);
- group: the scenario's groups and "Pick a member on board";
- point: the point and "Pick on board";
- template: the template's shape and its point ("Pick on board");
- weapon: the weapons the acting unit carries.

An action that reads template facts (engine.protocol.FactSpec scope "template") without a
template role gets one, optional: the facts need a template laid somewhere.
`values()` gives role name → what the engine's `Ruleset.context(roles=…)` takes (unit ids,
lists of ids, a group id, a point, a TemplatePlacement, a weapon id).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QWidget,
)

from app.i18n import loc, tr, unit_choice

from .elided_combo import ElidedComboBox
from .list_sync import sync_combo, sync_list

if TYPE_CHECKING:
    from engine.protocol import GroupRef, Role

NONE = "—"
#: The height of a units list (about five rows; more scroll).
LIST_PX = 110
#: request(mode, prompt, on_pick, exclude, chosen): asks the board (the pick tool)
PickRequest = Callable[..., None]




def _row(*widgets: QWidget) -> QWidget:
    w = QWidget()
    h = QHBoxLayout(w)
    h.setContentsMargins(0, 0, 0, 0)
    for x in widgets:
        h.addWidget(x, 1 if isinstance(x, QComboBox | QListWidget | QLabel) else 0)
    return w


def _check_item(text: str, unit_id: str) -> QListWidgetItem:
    """A row of a units list: the unit's name, checkable, unchecked."""
    item = QListWidgetItem(text)
    item.setToolTip(text)   # the list elides a long name in the middle: the whole one here
    item.setData(Qt.ItemDataRole.UserRole, unit_id)
    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
    item.setCheckState(Qt.CheckState.Unchecked)
    return item


def role_title(role) -> str:
    """A role's title in the interface's language ("Target (one man)", "Цель (один
    человек)"): its label through the glossary, capitalised as Role.title is."""
    text = loc(role.label) if role.label else loc(role.name.replace("_", " "))
    return text[:1].upper() + text[1:]


#: How an English role label that is a whole noun phrase already begins ("the shooter",
#: "a fighter of the formation", "his squad", "where the group stands"): the prompt for it
#: puts no "the" of its own before it.
PHRASE_STARTS = ("the ", "a ", "an ", "his ", "her ", "its ", "their ", "where ", "who ",
                 "which ", "what ")


def role_prompt(role, action: object, ruleset: str | None = None) -> str:
    """What the player is asked for a role not chosen yet, in the interface's language:
    "Choose the target for Search & Aim", "Choose the point to move toward for Move" — the
    role's label as the noun phrase it is (an article added only where it has none).
    `action` is the action itself (its own name in each language) or its English label."""
    english = role.label or role.name.replace("_", " ")
    phrase = loc(english, ruleset)
    action = loc(action, ruleset)
    if english.lower().startswith(PHRASE_STARTS):
        return tr("Choose {role} for {action}").format(role=phrase, action=action)
    return tr("Choose the {role} for {action}").format(role=phrase, action=action)


def point_text(point: tuple[float, float] | None) -> str:
    return NONE if point is None else f'x {point[0]:.2f}"  y {point[1]:.2f}"'


class RoleEditor:
    """The editor of one role. `row` is the form's field widget; `combo`, `list`, `label`,
    `pick` and `shape` are the parts its kind uses (None otherwise)."""

    def __init__(self, role: Role, changed: Callable[[], None], request: PickRequest) -> None:
        from geometry.templates import TEMPLATE_SHAPES
        self.role = role
        self._changed = changed
        self._request = request
        self.combo: QComboBox | None = None
        self.list: QListWidget | None = None
        self.label: QLabel | None = None
        self.pick: QPushButton | None = None
        self.shape: QComboBox | None = None
        self.point: tuple[float, float] | None = None
        self.chosen: list[str] = []
        #: the ids whose rows are ticked in `list` (rows are made unticked)
        self._ticked: set[str] = set()
        self._pending: Any = None   # a choice set before the list was filled
        kind = role.kind
        parts: list[QWidget] = []
        if kind in ("unit", "responder", "group", "weapon"):
            self.combo = ElidedComboBox()
            self.combo.currentIndexChanged.connect(lambda _i: self._changed())
            parts.append(self.combo)
        if kind == "units":
            self.list = QListWidget()
            self.list.setMaximumHeight(LIST_PX)
            self.list.setMinimumHeight(LIST_PX)   # rows enough to see, then it scrolls
            self.list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
            self.list.itemChanged.connect(self._checked)
            parts.append(self.list)
        if kind == "template":
            self.shape = QComboBox()
            self.shape.addItem(NONE, None)
            for s in TEMPLATE_SHAPES:
                self.shape.addItem(loc(s), s)
            self.shape.currentIndexChanged.connect(lambda _i: self._changed())
            parts.append(self.shape)
        if kind in ("point", "template"):
            self.label = QLabel(NONE)
            parts.append(self.label)
        if kind != "weapon":
            self.pick = QPushButton(tr("Pick a member on board") if kind == "group"
                                    else tr("Pick on board"))
            self.pick.setToolTip(loc(role.doc) if role.doc else tr("Choose on the board"))
            self.pick.clicked.connect(self.request_pick)
            parts.append(self.pick)
        self.row = _row(*parts)
        self.row.setToolTip(loc(role.doc) if role.doc else "")
        self.groups: Mapping[str, GroupRef] = {}

    def reset(self) -> None:
        """Back to a fresh editor's state (nothing chosen), its lists' rows kept."""
        self._pending = None
        if self.shape is not None:
            self.shape.blockSignals(True)
            self.shape.setCurrentIndex(0)
            self.shape.blockSignals(False)
        self.set_value(None, emit=False)

    # --- filling ----------------------------------------------------------------------------

    def fill(self, units: Sequence[Any], actor_id: str | None,
             groups: Mapping[str, GroupRef], weapons: Sequence[tuple[str, str]]) -> None:
        """Refill the choices (the current one kept when still there)."""
        self.groups = groups
        others = [u for u in units if u.id != actor_id]
        box = self.combo
        if box is not None:
            keep = self._pending if self._pending is not None else box.currentData()
            self._pending = None
            if self.role.kind == "weapon":
                want = [(tr("(the unit's own)"), None), *((loc(n), w) for w, n in weapons)]
            elif self.role.kind == "group":
                want = [(NONE, None), *((f"{loc(g)} ({len(g.members)})", g.id)
                                        for g in groups.values())]
            else:
                want = [(NONE, None), *((unit_choice(u), u.id) for u in others)]
            box.blockSignals(True)
            sync_combo(box, want)  # only the rows that differ: a selection changes one
            box.setCurrentIndex(max(0, box.findData(keep)))
            box.blockSignals(False)
        if self.list is not None:
            lst = self.list
            lst.blockSignals(True)
            rows_changed = sync_list(lst, [(unit_choice(u), u.id) for u in others],
                                     _check_item)
            self._show_checks(rows_changed)
            lst.blockSignals(False)
            ids = [u.id for u in others]
            self.chosen = [c for c in self.chosen if c in ids]

    def _show_checks(self, rows_changed: bool = False) -> None:
        """Tick the rows of the units chosen (only the rows whose tick changes; nothing to
        do when the ticks and the rows are as they were, or rows came but none is chosen)."""
        lst, chosen = self.list, set(self.chosen)
        if chosen == self._ticked and not (rows_changed and chosen):
            return
        self._ticked = chosen
        checked, unchecked = Qt.CheckState.Checked, Qt.CheckState.Unchecked
        for i in range(lst.count()):
            it = lst.item(i)
            state = checked if it.data(Qt.ItemDataRole.UserRole) in chosen else unchecked
            if it.checkState() != state:
                it.setCheckState(state)

    # --- values -----------------------------------------------------------------------------

    def value(self) -> Any:
        from engine.protocol import TemplatePlacement
        kind = self.role.kind
        if kind == "units":
            return list(self.chosen) or None
        if kind == "point":
            return self.point
        if kind == "template":
            shape = self.shape.currentData() if self.shape is not None else None
            if shape is None or self.point is None:
                return None
            return TemplatePlacement(shape, *self.point)
        return self.combo.currentData() if self.combo is not None else None

    def set_value(self, value: Any, *, emit: bool = True) -> None:
        from engine.protocol import TemplatePlacement
        kind = self.role.kind
        if kind == "units":
            self.chosen = list(value or [])
            if self.list is not None:
                self.list.blockSignals(True)
                self._show_checks()
                self.list.blockSignals(False)
        elif kind in ("point", "template"):
            if isinstance(value, TemplatePlacement):
                self.shape.setCurrentIndex(max(0, self.shape.findData(value.shape)))
                value = (value.x, value.y)
            self.point = tuple(value) if value is not None else None
            self.label.setText(point_text(self.point))
        elif self.combo is not None:
            i = self.combo.findData(value)
            self._pending = value if i < 0 and value is not None else None
            self.combo.blockSignals(True)
            self.combo.setCurrentIndex(max(0, i))
            self.combo.blockSignals(False)
        if emit:
            self._changed()

    def _checked(self, _item: QListWidgetItem) -> None:
        lst = self.list
        checked = [lst.item(i).data(Qt.ItemDataRole.UserRole) for i in range(lst.count())
                   if lst.item(i).checkState() == Qt.CheckState.Checked]
        # keep the click order of those still checked, then the new ones
        self._ticked = set(checked)
        self.chosen = [t for t in self.chosen if t in checked] + \
            [t for t in checked if t not in self.chosen]
        self._changed()

    # --- the board --------------------------------------------------------------------------

    def request_pick(self) -> None:
        kind = self.role.kind
        name = loc(self.role.label) if self.role.label else self.role.name
        if kind in ("unit", "responder"):
            self._request("unit", tr("Click the {0}").format(name), self.set_value)
        elif kind == "units":
            self._request("units", tr("Click the units (again to drop one)"),
                          self.set_value, chosen=self.chosen)
        elif kind == "group":
            self._request("unit", tr("Click a member of the group"), self._member_picked,
                          allow_actor=True)
        else:
            self._request("point", tr("Click the point"), self.set_value)

    def _member_picked(self, unit_id: str | None) -> None:
        """The group a clicked unit belongs to (the smallest, when nested)."""
        hits = [g for g in self.groups.values() if unit_id in g.member_ids]
        if hits:
            self.set_value(min(hits, key=lambda g: len(g.members)).id)


_STAND_INS: dict[str, type[QWidget]] = {"combo": QComboBox, "shape": QComboBox,
                                         "pick": QPushButton, "list": QListWidget,
                                         "label": QLabel}


class RolesView(QWidget):
    """`set_roles(roles)`, `fill(...)`, `values()`, `editor(name)`; `changed()` on any
    edit. `request` asks the board for a pick (the panel's pick tool)."""

    changed = Signal(str)   # the name of the role edited

    def __init__(self, request: PickRequest, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.request = request
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        # every role's title goes above its field, which takes the dock's whole width: a
        # long title ("Moving squad or platoon (required)", longer in Russian) does not cut
        # the unit's name to "1st cybe", nor a title beside it the target's name to
        # "Gefr. Vogel (a…" or the squad list's rows at 1280×800
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        self.editors: dict[str, RoleEditor] = {}
        #: editors of roles not shown now, kept for when an action has that role again
        self._spare: dict[Role, RoleEditor] = {}
        self._absent: dict[str, QWidget] = {}
        self.roles: tuple[Role, ...] = ()
        #: role name → (kind, value) chosen under earlier actions: an action that has a
        #: role of the same name and kind starts with it (aim, then fire at the same tank)
        self.memory: dict[str, tuple[str, Any]] = {}

    def set_roles(self, roles: Sequence[Role]) -> None:
        """One editor per role (the actor role is the panel's unit choice and has none,
        unless it is a group). Values of roles kept by name and kind stay."""
        roles = tuple(r for r in roles if not (r.name == "actor" and r.kind == "unit"))
        if roles == self.roles:
            return
        self.remember()
        kept = self.memory
        self._put_away()
        self.roles = roles
        for r in roles:
            ed = self._spare.pop(r, None)
            if ed is None:
                ed = RoleEditor(r, lambda n=r.name: self.changed.emit(n), self.request)
            else:
                ed.reset()
            self.editors[r.name] = ed
            self.form.addRow(role_title(r) + ("" if not r.required else tr(" (required)")),
                             ed.row)
            # a layout shows a new child only from the event loop: show it now, so the
            # row is there as soon as the action is chosen
            ed.row.show()
            label = self.form.labelForField(ed.row)
            if label is not None:
                label.show()
            if r.name in kept and kept[r.name][0] == r.kind and kept[r.name][1] is not None:
                ed.set_value(kept[r.name][1], emit=False)

    def _put_away(self) -> None:
        """Take the editors' rows out of the form and keep the editors (by role) for the
        next action with the same role: their unit lists stay filled (a fresh editor
        filled 500 rows per list, on every selection of a unit of another kind)."""
        while self.form.rowCount():
            taken = self.form.takeRow(0)
            label = taken.labelItem.widget() if taken.labelItem is not None else None
            if label is not None:
                label.hide()
                label.deleteLater()
            field = taken.fieldItem.widget() if taken.fieldItem is not None else None
            if field is not None:
                field.hide()
        for ed in self.editors.values():
            self._spare[ed.role] = ed
        self.editors.clear()

    def remember(self) -> None:
        for n, e in self.editors.items():
            v = e.value()
            if v is None:
                self.memory.pop(n, None)
            else:
                self.memory[n] = (e.role.kind, v)

    def fill(self, units: Sequence[Any], actor_id: str | None,
             groups: Mapping[str, GroupRef], weapons: Sequence[tuple[str, str]]) -> None:
        for ed in self.editors.values():
            ed.fill(units, actor_id, groups, weapons)

    def editor(self, name: str) -> RoleEditor | None:
        return self.editors.get(name)

    def part(self, name: str, part: str, *kinds: str) -> QWidget:
        """A widget of the editor of role `name` — else of the first non-actor role of one
        of `kinds` — by part: "combo", "pick", "list", "shape", "label" or "row". The
        caller names the role (a test, a script): a hidden stand-in when the action shown
        has no such role, so it can be asked whether it is visible."""
        ed = self.editors.get(name)
        if ed is None or (getattr(ed, part, None) is None and part != "row"):
            ed = next((e for e in self.of_kind(*kinds) if e.role.name != "actor"
                       and (part == "row" or getattr(e, part, None) is not None)), None)
        if ed is not None and (part == "row" or getattr(ed, part, None) is not None):
            return ed.row if part == "row" else getattr(ed, part)
        key = f"{name}:{part}"
        if key not in self._absent:
            w = _STAND_INS.get(part, QWidget)(self)
            w.hide()
            self._absent[key] = w
        return self._absent[key]

    def of_kind(self, *kinds: str) -> list[RoleEditor]:
        return [e for e in self.editors.values() if e.role.kind in kinds]

    def values(self) -> dict[str, Any]:
        """Role name → value, the roles left empty omitted."""
        return {n: v for n, e in self.editors.items() if (v := e.value()) is not None}

    def clear_values(self, *kinds: str) -> None:
        """Empty the editors of `kinds` (all when none given), without signalling."""
        for e in self.editors.values():
            if not kinds or e.role.kind in kinds:
                e.set_value(None, emit=False)
        for n, (kind, _v) in list(self.memory.items()):
            if not kinds or kind in kinds:
                del self.memory[n]
