"""What the board tools ask the scenario's ruleset while a unit is dragged or measured — how
far one AP of movement takes it, whether it moves as a vehicle, its first weapon's range
bands, the badges its state shows, the shapes its state draws on the table (where a
battery's last template landed) — through the ruleset's declared BoardHints. Each answer
is None where the ruleset (or an unknown ruleset) has none; the board then falls back to
its own setting."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.i18n import msg
from engine.scenario import Scenario, Unit
from geometry.ranges import RangeScheme

if TYPE_CHECKING:
    from engine.model import Game
    from engine.protocol import BoardHints


def _hints(scenario: Scenario) -> BoardHints:
    """The ruleset's hints, loaded on first use (the rulesets pull in icepool: start-up
    leaves them for after the first paint)."""
    from engine.protocol import BoardHints
    from engine.rulesets.registry import RulesetNotFound, get_ruleset

    try:
        return get_ruleset(scenario.ruleset).board
    except RulesetNotFound:
        return BoardHints()


@dataclass(frozen=True, slots=True)
class UnitBadge:
    """A badge a ruleset declares for a unit's state (penetrations, damaged systems, crew
    lost, knocked out): its short text, a tooltip line, and a tone the board colours —
    "damage", "loss", "out" (out of the fight), "info" or "warning" (a rule the board's
    layout breaks, e.g. out of command distance)."""

    key: str
    text: str
    tip: str
    tone: str = "info"


TONES = ("damage", "loss", "out", "info", "warning")

#: How a zone marks a unit: inside it and fine, reachable at a cost, out of it.
MARK_TONES = ("in", "test", "out")


@dataclass(frozen=True, slots=True)
class ZoneMark:
    """A unit a zone concerns, marked on the board: its tone ("in", "test", "out"), a line
    saying why ("in sight, 2.0\": no comm test") and a short tag drawn beside it ("5/8")."""

    unit: str
    tone: str
    text: str
    short: str = ""

    def __post_init__(self) -> None:
        if self.tone not in MARK_TONES:
            raise ValueError(f"zone mark tone: expected one of {', '.join(MARK_TONES)}, "
                             f"got {self.tone!r}")


@dataclass(frozen=True, slots=True)
class BoardZone:
    """An area a ruleset draws round the selected unit (a shapely geometry in table
    inches), its name, and the units it concerns, marked."""

    label: str
    area: Any
    marks: tuple[ZoneMark, ...] = ()


def selection_zones(game: Game, unit: Unit) -> list[BoardZone]:
    """The zones the game's ruleset draws round `unit` when it is selected (none when the
    ruleset declares none)."""
    hook = _hints(game.scenario).selection_zones
    return [] if hook is None else list(hook(game, unit))


def state_badges(scenario: Scenario, unit: Unit) -> list[UnitBadge]:
    """The badges the scenario's ruleset declares for `unit`'s state; none for a unit with
    no state (so a fresh table never loads a ruleset to draw its first frame)."""
    if not unit.state:
        return []
    hook = _hints(scenario).state_badges
    return [] if hook is None else list(hook(unit))


@dataclass(frozen=True, slots=True)
class BoardShape:
    """A shape a ruleset asks the board to draw for a unit's state, in table inches: a
    circle (`points` = its centre, `radius_in`), a polygon (`points` = its ring) or a line
    (`points` = its vertices, drawn dashed with an arrow head at the end when `arrow`).
    `label` is printed beside it, `tip` is its tooltip; `tone` is one of SHAPE_TONES,
    which the board colours: "hit" (where something struck), "aim" (where it was aimed),
    "info"."""

    key: str
    kind: str
    points: tuple[tuple[float, float], ...]
    radius_in: float = 0.0
    label: str = ""
    tip: str = ""
    tone: str = "info"
    arrow: bool = False

    def __post_init__(self) -> None:
        if self.kind not in SHAPE_KINDS:
            raise ValueError(f"board shape {self.key}.kind: expected one of "
                             f"{', '.join(SHAPE_KINDS)}, got {self.kind!r}")
        if self.tone not in SHAPE_TONES:
            raise ValueError(f"board shape {self.key}.tone: expected one of "
                             f"{', '.join(SHAPE_TONES)}, got {self.tone!r}")
        need = {"circle": 1, "polygon": 3, "line": 2}[self.kind]
        if len(self.points) < need:
            raise ValueError(f"board shape {self.key}.points: a {self.kind} needs at least "
                             f"{need} point{'s' if need > 1 else ''}, got {len(self.points)}")
        if self.kind == "circle" and not self.radius_in > 0:
            raise ValueError(f"board shape {self.key}.radius_in: expected a number > 0, "
                             f"got {self.radius_in!r}")


SHAPE_KINDS = ("circle", "polygon", "line")
SHAPE_TONES = ("hit", "aim", "info")


def state_shapes(scenario: Scenario, unit: Unit) -> list[BoardShape]:
    """The shapes the scenario's ruleset draws for `unit`'s state (none for a unit with no
    state, as for the badges)."""
    if not unit.state:
        return []
    hook = _hints(scenario).state_shapes
    return [] if hook is None else list(hook(unit) or ())


def board_warnings(scenario: Scenario) -> dict[str, list[UnitBadge]]:
    """The badges the scenario's ruleset gives units for the board as a whole (a fighter
    out of his unit's command distance), by unit id; none without groups (so a fresh
    table never loads a ruleset to draw its first frame) or without the hook."""
    if not scenario.groups:
        return {}
    hook = _hints(scenario).board_warnings
    if hook is None:
        return {}
    return {uid: list(badges) for uid, badges in hook(scenario).items() if badges}


def is_vehicle(scenario: Scenario, unit: Unit) -> bool:
    """Vehicles use terrain's vehicle movement (buildings impassable); a turret says so
    whatever the ruleset."""
    hook = _hints(scenario).is_vehicle
    return unit.turret is not None or (hook is not None and bool(hook(unit)))


def move_allowance_m(scenario: Scenario, unit: Unit, ap: int = 1) -> tuple[float, str] | None:
    """Metres for `ap` AP of movement (default one) and where the figure comes from, or
    None. ValueError when the ruleset refuses that many AP."""
    if ap < 1:
        raise ValueError(f"AP: expected 1 or more, got {ap}")
    hints = _hints(scenario)
    if ap > 1 and hints.move_allowance_ap_m is not None:
        return hints.move_allowance_ap_m(unit, ap)
    one = None if hints.move_allowance_m is None else hints.move_allowance_m(unit)
    if one is None or ap == 1:
        return one
    metres, source = one
    return ap * metres, msg("{ap} × {source}", ap=ap, source=source)


def weapon_scheme(scenario: Scenario, unit: Unit) -> tuple[str, RangeScheme] | None:
    """The unit's first weapon's name and range scheme, or None."""
    hook = _hints(scenario).weapon_scheme
    return None if hook is None else hook(unit)


def move_triggers(scenario: Scenario) -> tuple:
    """The triggers the scenario's ruleset checks after a move on the board (engine.
    triggers, at "move"); none for a ruleset without a turn structure."""
    from engine.rulesets.registry import RulesetNotFound, get_ruleset
    from engine.triggers import MOVE

    try:
        ts = get_ruleset(scenario.ruleset).turn_structure
    except RulesetNotFound:
        return ()
    if ts is None:
        return ()
    return tuple(t for t in ts.hooks.triggers if t.at == MOVE)
