"""What a door asks the referee for: one frozen request naming everything a play reads.

A door (the Actions dock, the Tests dock, a `warboard` verb) turns its widgets or its
arguments into a `PlayRequest`; the referee (engine.play.service) does the rest, so two
doors given the same request plan, price, roll and log the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

if TYPE_CHECKING:
    from engine.dice import DiceSource
    from engine.model import Game
    from engine.options import Modifier
    from engine.protocol import Ruleset

__all__ = ["PlayRequest", "Answer", "AppDice", "TypedFaces", "Scripted", "DiceSpec"]


@dataclass(frozen=True, slots=True)
class Answer:
    """Return fire: `responder` answers the actor with `action` (default: the same one)."""

    responder: str
    action: str | None = None
    weapon: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PlayRequest:
    """One action (or test) to plan: the game and its ruleset, the action, the actor (a
    unit or group id) and its roles, the action's options, the readings laid over the
    game's own, the facts entered by hand (`overrides`), the modifiers agreed at the table
    (step, Modifier) and, for return fire, the `answer`.

    `roles` take what `Ruleset.context` takes (unit ids or Units, a group id, a point, a
    TemplatePlacement, a weapon id); `target`, `targets`, `weapon` and `point` are the
    protocol's named roles, given apart for the doors that have a field for each.
    `template` is what the template facts are measured under when no role lays one.
    """

    game: Game
    action: str
    actor: str
    roles: Mapping[str, Any] = field(default_factory=dict)
    target: str | None = None
    targets: tuple[str, ...] = ()
    weapon: str | None = None
    point: tuple[float, float] | None = None
    template: Any = None
    options: Mapping[str, Any] = field(default_factory=dict)
    readings: Mapping[str, Any] = field(default_factory=dict)
    overrides: Mapping[str, Any] = field(default_factory=dict)
    modifiers: tuple[tuple[str, Modifier], ...] = ()
    answer: Answer | None = None
    ruleset: Ruleset | None = None


@dataclass(frozen=True, slots=True)
class AppDice:
    """The app's dice: the seeded generator at `seed` (None: a new seed), or the game's
    sealed dice when it is played with them. `chosen`: the player picked the seed."""

    seed: int | None = None
    chosen: bool = False


@dataclass(frozen=True, slots=True)
class TypedFaces:
    """Faces read off physical dice, in the order the steps roll them (a sequence, or
    the text typed: "3,5,1" or "3 5 1")."""

    faces: tuple[int | str, ...] | str


@dataclass(frozen=True, slots=True)
class Scripted:
    """A dice source given as it is (scripted dice in tests and worked examples)."""

    source: DiceSource


DiceSpec = Union[AppDice, TypedFaces, Scripted]  # noqa: UP007 (a runtime alias)
