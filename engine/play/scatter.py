"""A template's scatter rolled outside an action (the template tool): the dice drawn by
the engine's board service, the landing logged as one line of the roll log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.i18n import Text, msg

if TYPE_CHECKING:
    from engine.board_ops import Scattered, ScatterRule
    from engine.measure import TemplateResult
    from engine.model import LogEntry

    from .request import DiceSpec
    from .service import Referee

__all__ = ["ScatterRoll", "scatter", "under_text", "template_entry"]


@dataclass(frozen=True, slots=True)
class ScatterRoll:
    """Where the template landed, the dice's seed (None: not the app's generator), the
    source in words and the log line written."""

    landed: Scattered
    seed: int | None
    source: Text | str
    entry: LogEntry


def under_text(result: TemplateResult, names: dict[str, str]) -> Text:
    """Who is under the template, for the log line (a message: the Log dock shows it in
    the reader's language)."""
    if not result.under:
        return msg(": nobody under it")
    parts = ", ".join(f"{names.get(i, i)} {100 * f:.0f}%" for i, f in result.under)
    if result.hole:
        return msg(": under {units}; hole: {hole}", units=parts,
                   hole=names.get(result.hole, result.hole))
    return msg(": under {units}", units=parts)


def template_entry(game: Any, result: TemplateResult, *, summary: Any, dice: tuple = (),
                   actor: str | None = None, extra: dict | None = None) -> LogEntry:
    """The log line of a template laid or scattered."""
    from engine.model import LogEntry

    details = {"template": result.to_dict(), **(extra or {})}
    return LogEntry(game.turn, actor, "template", result.hole, tuple(dice), summary, details)


def scatter(referee: Referee, shape: str, aim: tuple[float, float], rule: ScatterRule,
            dice: DiceSpec, *, bearing: float | None = None,
            scheme: str = "") -> ScatterRoll:
    """Scatter `shape` aimed at `aim` with `dice` (a typed `bearing` replaces the
    direction die) and log where it landed."""
    from engine.board_ops import BoardOps

    from .request import AppDice
    from .service import dice_source

    game = referee.game
    source = dice_source(dice, game)
    landed = BoardOps(game).scatter(shape, aim, rule, source, bearing=bearing)
    if isinstance(dice, AppDice):
        said = "sealed dice" if source.seed is None else msg("app dice, seed {seed}",
                                                             seed=source.seed)
    else:
        said = "typed dice"
    names = {u.id: u.label for u in game.scenario.units}
    x, y = aim
    entry = template_entry(
        game, landed.template, dice=landed.rolls,
        summary=msg('{shape} at ({x:.2f}, {y:.2f}) scattered {distance:g}" at '
                    "{bearing:g}° ({source}){under}", shape=shape, x=x, y=y,
                    distance=landed.distance, bearing=landed.bearing, source=said,
                    under=under_text(landed.template, names)),
        extra={"scheme": scheme, "source": said})
    if referee.keeps_log:
        referee.table.log(entry)
    return ScatterRoll(landed, source.seed if isinstance(dice, AppDice) else None, said, entry)
