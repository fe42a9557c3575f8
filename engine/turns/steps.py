"""The turn steps: start and end a turn, next phase, hand over, activate, ambush, spend.

Each reads the game and returns an unapplied Change (never applies it), so the app runs
every step undoably and a test can revert it exactly.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import ledger
from engine.i18n import msg, side_record
from engine.model import (
    AdjustState,
    Change,
    Effect,
    Game,
    LogEntry,
    SetGame,
    SetGameState,
    SetState,
)
from engine.triggers import Crossing
from engine.turns.boundaries import crossing_change, record_slot
from engine.turns.queries import (
    actions_left,
    activating,
    ambush_side,
    ap_left,
    initiative_due,
    need_active,
    sides_order,
    to_activate,
    unit_on_table,
    why_cannot_act,
)
from engine.turns.structure import TURN_KEYS, TURN_STATE, TurnError, TurnStructure


def _turn_reset(game: Game, structure: TurnStructure) -> list[Effect]:
    """Per-unit resets of a new turn: full AP, and the turn's flags cleared."""
    out: list[Effect] = []
    keys = (*TURN_KEYS, *structure.clear_each_turn)
    for u in game.units:
        if structure.ap_per_unit is not None \
                and u.state.get("ap_left") != structure.ap_per_unit:
            out.append(SetState(u.id, "ap_left", structure.ap_per_unit))
        out += [SetState(u.id, k, None) for k in keys if k in u.state]
    return out + ledger.clear_effects(game)


def _first_side(structure: TurnStructure, order: list[str]) -> str | None:
    if structure.kind == "rounds":
        return None
    return order[0] if order else None


def _game_reset(game: Game, structure: TurnStructure, order: list[str],
                turn: int) -> list[Effect]:
    """The turn-wide state of a turn `turn` starting: cleared, except an ambush declared
    for several rounds that runs on into it (its side acts first again)."""
    first = structure.phases[0] if structure.phases else None
    running = _ambush_running_into(game, turn)
    out: list[Effect] = [SetGame("active_side", running or _first_side(structure, order)),
                         SetGame("phase", first)]
    for key in TURN_STATE:
        if key in game.state and not (key == "ambush" and running):
            out.append(SetGameState(key, None))
    return out


def _ambush_running_into(game: Game, turn: int) -> str | None:
    """The side whose ambush, declared in an earlier round, still runs in round `turn`."""
    amb = game.state.get("ambush")
    if not isinstance(amb, Mapping) or not isinstance(amb.get("turn"), int):
        return None
    until = amb.get("until", amb["turn"])
    return amb.get("side") if amb["turn"] < turn <= until else None


def _start_crossings(structure: TurnStructure, order: list[str]) -> list[Crossing]:
    """The boundaries a new turn crosses: its start, and the first side's (and phase's)
    when the order is known."""
    out = [Crossing("turn_start")]
    first = _first_side(structure, order)
    if structure.kind == "sides" and first is not None:
        out.append(Crossing("side_start", side=first))
        if structure.phases:
            out.append(Crossing("phase_start", side=first, phase=structure.phases[0]))
    return out


def _end_crossings(game: Game, structure: TurnStructure) -> list[Crossing]:
    """The boundaries ending the running turn: the activation, phase, side, then turn."""
    out: list[Crossing] = []
    unit = activating(game)
    if unit is not None:
        out.append(Crossing("activation_end", side=game.active_side, unit=unit))
    if game.phase is not None:
        out.append(Crossing("phase_end", side=game.active_side, phase=game.phase))
    if game.active_side is not None and (structure.kind == "sides"
                                         or ambush_side(game) is not None):
        out.append(Crossing("side_end", side=game.active_side))
    out.append(Crossing("turn_end"))
    return out


def start_turn(game: Game, structure: TurnStructure) -> Change:
    """Start the current turn afresh: every unit's AP back to the full allowance, the
    turn's flags and ledger cleared, the first side (and phase) acting, no activations
    yet; the start-of-turn tests fall due."""
    order = [] if initiative_due(game, structure) else sides_order(game)
    effects = _turn_reset(game, structure) + _game_reset(game, structure, order, game.turn)
    return crossing_change(game, structure, msg("Start of turn {turn}", turn=game.turn),
                           effects, [], _start_crossings(structure, order), fresh=True)


def end_turn(game: Game, structure: TurnStructure) -> Change:
    """End this turn and start the next: the effects deferred to the end of the turn, the
    turn number +1 and the start-of-turn resets. When initiative is rolled each turn the
    order is cleared until it is rolled again."""
    nxt = game.turn + 1
    effects: list[Effect] = [SetGame("turn", nxt)]
    ini = structure.initiative
    if ini is not None and ini.when == "each_turn" and len(game.sides) > 1:
        order: list[str] = []
        if game.activation_order:
            effects.append(SetGame("activation_order", []))
    else:
        order = sides_order(game)
    effects += _turn_reset(game, structure) + _game_reset(game, structure, order, nxt)
    first = _ambush_running_into(game, nxt) or _first_side(structure, order)
    if not order:
        said = msg("End of turn {turn}; turn {next} begins: roll initiative", turn=game.turn,
                   next=nxt)
    elif first:
        said = msg("End of turn {turn}; turn {next} begins: {side} acts", turn=game.turn,
                   next=nxt, side=_named(game, first))
    else:
        said = msg("End of turn {turn}; turn {next} begins: every side acts", turn=game.turn,
                   next=nxt)
    return crossing_change(game, structure, said,
                           effects, _end_crossings(game, structure),
                           _start_crossings(structure, order))


def next_phase(game: Game, structure: TurnStructure) -> Change:
    """The active side moves on to its next phase."""
    if not structure.phases:
        raise TurnError("phases: this ruleset's turn has none")
    side = need_active(game, structure)
    if game.phase is None:
        nxt = structure.phases[0]
    else:
        if game.phase not in structure.phases:
            raise TurnError(f"phase: {game.phase!r} is not one of "
                            f"{', '.join(structure.phases)}")
        i = structure.phases.index(game.phase)
        if i + 1 >= len(structure.phases):
            then = msg("end the turn") if structure.kind == "sides" and \
                sides_order(game)[-1] == side else msg("hand over to the next side")
            raise TurnError(msg("{phase} is the last phase: {then}", phase=game.phase,
                                then=then))
        nxt = structure.phases[i + 1]
    ends = [Crossing("phase_end", side=side, phase=game.phase)] if game.phase else []
    return crossing_change(game, structure, msg("{side}: {phase} phase", side=_named(game, side),
                                                    phase=nxt),
                           [SetGame("phase", nxt)], ends,
                           [Crossing("phase_start", side=side, phase=nxt)])


def next_activation(game: Game, structure: TurnStructure) -> Change:
    """Hand over. Sides: the active side's turn ends and the next side in order acts (from
    its first phase). Alternating: the running activation ends (or, if the side activated
    nobody, it lets its slot go) and the next side that still has units to activate acts.
    Rounds: the ambushing side has spent its actions; every side acts from now on."""
    side = need_active(game, structure)
    first = structure.phases[0] if structure.phases else None
    if structure.kind == "rounds":
        return crossing_change(game, structure, msg("{side} has sprung its ambush; every side acts",
                                                    side=_named(game, side)),
                               [record_slot(game, {"side": side, "unit": None, "kind": "ambush"}),
                                SetGame("active_side", None)],
                               [Crossing("side_end", side=side)], [])
    if structure.kind == "sides":
        order = sides_order(game)
        i = order.index(side) if side in order else len(order)
        if i + 1 >= len(order):
            raise TurnError(msg("{side} is the last side this turn: end the turn",
                                side=_named(game, side)))
        nxt = order[i + 1]
        ends = ([Crossing("phase_end", side=side, phase=game.phase)] if game.phase else []) \
            + [Crossing("side_end", side=side)]
        starts = [Crossing("side_start", side=nxt)] + \
            ([Crossing("phase_start", side=nxt, phase=first)] if first else [])
        return crossing_change(game, structure, msg("{side} ends its turn; {next} acts",
                                                    side=_named(game, side),
                                                    next=_named(game, nxt)),
                               [record_slot(game, {"side": side, "unit": None, "kind": "side"}),
                                SetGame("active_side", nxt), SetGame("phase", first)], ends, starts)
    effects: list[Effect] = []
    unit = activating(game)
    ends: list[Crossing] = []
    if unit is None:
        effects.append(record_slot(game, {"side": side, "unit": None, "kind": "pass"}))
        done = msg("{side} lets its activation go", side=_named(game, side))
    else:
        effects.append(SetGameState("activating", None))
        if game.on_table(unit) and "actions_left" in game.unit(unit).state:
            effects.append(SetState(unit, "actions_left", None))
        done = msg("{unit} ends its activation", unit=game.unit(unit).label)
        ends.append(Crossing("activation_end", side=side, unit=unit))
    # the side that just acted counts as done for this slot: look past it
    nxt = _next_side_after(game, structure, side, unit)
    effects += [SetGame("active_side", nxt), SetGame("phase", first if nxt else game.phase)]
    then = msg("{side} activates", side=_named(game, nxt)) if nxt else \
        msg("every unit has activated: end the turn")
    return crossing_change(game, structure, msg("{done}; {then}", done=done, then=then), effects,
                           ends, [])


def _next_side_after(game: Game, structure: TurnStructure, side: str,
                     finishing: str | None) -> str | None:
    """The next side (after `side`, cyclically, `side` itself last) with a unit left to
    activate, counting `finishing` as done."""
    order = sides_order(game)
    i = order.index(side) if side in order else -1
    for k in range(1, len(order) + 1):
        s = order[(i + k) % len(order)]
        if [u for u in to_activate(game, s, structure) if u != finishing]:
            return s
    return None


def activate(game: Game, structure: TurnStructure, unit_id: str) -> Change:
    """The active side activates one of its units (alternating): it is marked activated
    and gets the activation's actions; the start-of-activation tests fall due."""
    if structure.kind != "alternating":
        raise TurnError("activate: this ruleset's sides act with all their units in turn"
                        if structure.kind == "sides" else
                        "activate: in a combat round every unit simply takes its action")
    side = need_active(game, structure)
    u = unit_on_table(game, unit_id)
    running = activating(game)
    if running is not None:
        raise TurnError(msg("{unit} is still activating: hand over (next activation) first",
                            unit=game.unit(running).label))
    if u.side != side:
        raise TurnError(msg("{unit} is {owner}'s: {side} is activating", unit=u.label,
                            owner=u.side, side=side))
    if u.state.get("activated"):
        raise TurnError(msg("{unit} has already activated this turn (only a passed action "
                            "activates it again)", unit=u.label))
    why = why_cannot_act(game, structure, u.id)
    if why:
        raise TurnError(msg("{unit} cannot act this turn: {why}", unit=u.label, why=why))
    effects: list[Effect] = [SetState(u.id, "activated", True),
                             SetGameState("activating", u.id),
                             record_slot(game, {"side": side, "unit": u.id, "kind": "activation"})]
    if structure.actions_per_activation is not None:
        effects.append(SetState(u.id, "actions_left", structure.actions_per_activation))
    return crossing_change(game, structure, msg("{side}: {unit} activates", side=side,
                                                unit=u.label), effects, [],
                           [Crossing("activation_start", side=side, unit=u.id)])


def declare_ambush(game: Game, structure: TurnStructure, side: str) -> Change:
    """`side` opens fire from hiding (04 §4.7): this round it spends all its
    active actions first; the others act once it has (next activation)."""
    if not structure.ambush:
        raise TurnError("ambush: this ruleset's turn has no ambush side going first")
    if side not in game.sides:
        raise TurnError(f"ambush: {side!r} is not a side of this game "
                        f"({', '.join(game.sides)})")
    if ambush_side(game) is not None:
        raise TurnError(msg("ambush: {side} already ambushes this round",
                            side=ambush_side(game)))
    if ledger.current(game):
        raise TurnError(msg("ambush: declared before anyone acts in the round (undo the "
                            "actions first)"))
    rounds = structure.hooks.ambush_rounds(game) if structure.hooks.ambush_rounds else 1
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise TurnError(f"ambush: the ruleset's ambush length must be a whole number of "
                        f"rounds ≥ 1, got {rounds!r}")
    how_long = msg("this round") if rounds == 1 else msg("for {n} rounds", n=rounds)
    return crossing_change(game, structure, msg("{side} ambushes: it acts first {how_long}",
                                                side=side, how_long=how_long),
                           [SetGameState("ambush", {"turn": game.turn, "side": side,
                                                    "until": game.turn + rounds - 1}),
                            SetGame("active_side", side)], [], [Crossing("side_start", side=side)])


def spend(game: Game, structure: TurnStructure, unit_id: str, n: int = 1) -> Change:
    """Mark `n` AP (or, without AP, `n` actions of the running activation or round) as
    spent on something the app did not resolve ("other actions", a physical-table move);
    it is recorded in the ledger as "spend"."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise TurnError(f"spend.n: expected a whole number ≥ 1, got {n!r}")
    u = unit_on_table(game, unit_id)
    if structure.ap_per_unit is not None:
        left = ap_left(game, u.id, structure) or 0
        if n > left:
            raise TurnError(msg("{unit} has {left} AP left this turn; this needs {n}",
                                unit=u.label, left=left, n=n))
        return Change([AdjustState(u.id, "ap_left", -n, minimum=0,
                                   default=structure.ap_per_unit),
                       ledger.RecordAction(ledger.entry(u.id, "spend", side=u.side, ap=n))],
                      msg("{unit}: {n} AP spent ({left} left)", unit=u.label, n=n,
                          left=left - n))
    if structure.actions_per_activation is not None or structure.kind == "rounds":
        left = actions_left(game, u.id, structure) or 0
        if n > left:
            raise TurnError(msg("{unit} has {left} action(s) left; this needs {n}",
                                unit=u.label, left=left, n=n))
        return Change([AdjustState(u.id, "actions_left", -n, minimum=0, default=left),
                       ledger.RecordAction(ledger.entry(u.id, "spend", side=u.side,
                                                        actions=n))],
                      msg("{unit}: {n} action(s) spent ({left} left)", unit=u.label, n=n,
                          left=left - n))
    raise TurnError("spend: this ruleset counts neither AP nor actions")


def turn_entry(turn: int, action: str, change: Change, actor: str | None = None) -> LogEntry:
    """The log line of a turn step (end of turn, hand-over, activation …): its label and
    what it set."""
    return LogEntry(turn, actor, action, None, (), change.label,
                    {"turn_step": action, "sets": change.describe()})


def _named(game: Game, side: str) -> dict[str, str]:
    """A side as a message field: its names in every language (not its id)."""
    return side_record(side, game.scenario.ruleset)
