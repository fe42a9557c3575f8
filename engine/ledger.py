"""The activation ledger: who acted, with what action and weapon, in this activation, phase
and turn — the record every cost check reads (`engine.costs`) and the Turn dock shows.

It lives in the game state, as plain JSON, so it is saved with the game and every entry is
part of the Change of the action that made it (undo takes it back):

- `game.state["ledger"]` — {"turn": n, "entries": [entry, …]}: this turn's entries, in
  order; a ledger of an older turn counts as empty (the turn operations also clear it);
- `game.state["ledger_battle"]` — {unit: {key: count}}: what a unit used once per battle.

An entry: {"unit", "side", "action", "weapon" (id or None), "ap", "actions" (what it
cost), "ap_on" (what each AP was spent on, for rulesets that read the sequence — a vehicle's
"move, fire, move"), "activation" (the index of the unit's activation in
`game.state["activations"]`, None outside one), "phase", "keys" (the once-per keys it
used), "marks" (ruleset notes: what else it used this turn, e.g. crew T&E on the aim),
"override" (true when the player applied it over a refusal)}.

Entries are appended by the `RecordAction` effect, which reads the ledger when it is
applied, so two resolutions made from the same prior state both land.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from engine.i18n import join, msg
from engine.model import EFFECT_KINDS, Change, Effect, Game, ModelError

__all__ = ["LEDGER", "BATTLE", "SCOPES", "Scope", "RecordAction", "entries", "has_entries",
           "current", "activation_index", "uses", "weapons_used", "ap_sequence", "marks", "acted",
           "records", "clear_effects", "entry"]

LEDGER = "ledger"
BATTLE = "ledger_battle"
SCOPES = ("activation", "phase", "turn", "battle")
Scope = Literal["activation", "phase", "turn", "battle"]


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON data (what the ledger holds), several times faster than
    `copy.deepcopy`; anything else is left to `copy.deepcopy`."""
    kind = type(value)
    if kind is dict:
        return {k: _copy(v) for k, v in value.items()}
    if kind is list:
        return [_copy(v) for v in value]
    if value is None or kind in (str, int, float, bool):
        return value
    return copy.deepcopy(value)


def _stored(game: Game | None) -> Sequence[dict]:
    """This turn's entries as the game state holds them, not copied: for readers that only
    read (the public functions hand out copies; every write goes through a Change, which
    copies what it stores)."""
    if game is None:
        return ()
    led = game.state.get(LEDGER)
    if not isinstance(led, Mapping) or led.get("turn") != game.turn:
        return ()
    return led.get("entries") or ()


def current(game: Game | None) -> list[dict]:
    """This turn's entries (copies); [] without a game or for a ledger of another turn."""
    return _copy(list(_stored(game)))


def activation_index(game: Game | None, unit_id: str) -> int | None:
    """Index in `game.state["activations"]` of the unit's running activation (its own or
    a passed one), None when it is not in one: the key "once per activation" counts by."""
    if game is None:
        return None
    acts = game.state.get("activations") or []
    running = game.state.get("activating") == unit_id
    try:
        left = game.unit(unit_id).state.get("actions_left")
    except ModelError:
        return None
    if not running and left is None:
        return None
    for i in range(len(acts) - 1, -1, -1):
        a = acts[i]
        if a.get("unit") == unit_id and a.get("kind") in ("activation", "passed"):
            return i
    return None


def entries(game: Game | None, unit: str | None = None, scope: Scope = "turn") -> list[dict]:
    """Entries of this turn (scope "turn"), of the unit's running activation ("activation")
    or of the current phase ("phase"), optionally of one unit."""
    return _copy(_selected(game, unit, scope))


def has_entries(game: Game | None, unit: str | None = None, scope: Scope = "turn") -> bool:
    """Whether `entries` has any, without copying them."""
    return bool(_selected(game, unit, scope))


def _selected(game: Game | None, unit: str | None, scope: Scope) -> list[dict]:
    """`entries` without the copies: the stored entries themselves, to be read only."""
    if scope not in ("activation", "phase", "turn"):
        raise ValueError(f"ledger scope: expected activation | phase | turn, got {scope!r}")
    out = [e for e in _stored(game) if unit is None or e.get("unit") == unit]
    if scope == "activation":
        idx = activation_index(game, unit) if unit is not None else None
        out = [e for e in out if idx is not None and e.get("activation") == idx]
    elif scope == "phase":
        phase = game.phase if game is not None else None
        out = [e for e in out if e.get("phase") == phase]
    return out


def uses(game: Game | None, unit: str, key: str, scope: Scope) -> int:
    """How many times `unit` used once-per key `key` (an action id unless the action names
    another) in `scope`."""
    if scope == "battle":
        if game is None:
            return 0
        return int(((game.state.get(BATTLE) or {}).get(unit) or {}).get(key, 0))
    return sum(1 for e in _selected(game, unit, scope) if key in (e.get("keys") or ()))


def weapons_used(game: Game | None, unit: str, scope: Scope = "turn") -> list[str]:
    """Weapon ids the unit used in `scope`, in order (repeats kept)."""
    if scope == "battle":
        raise ValueError("ledger.weapons_used: the battle ledger keeps once-per keys only")
    return [e["weapon"] for e in _selected(game, unit, scope) if e.get("weapon")]


def ap_sequence(game: Game | None, unit: str) -> list[str]:
    """What each AP of the unit was spent on this turn, in order ("move", "fire", …)."""
    out: list[str] = []
    for e in _selected(game, unit, "turn"):
        out += list(e.get("ap_on") or [])
    return out


def marks(game: Game | None, unit: str) -> dict[str, Any]:
    """The ruleset's marks for the unit this turn, later entries winning."""
    out: dict[str, Any] = {}
    for e in _selected(game, unit, "turn"):
        out.update(e.get("marks") or {})
    return _copy(out)


def acted(game: Game | None, scope: Scope = "turn") -> list[str]:
    """Units with an entry in `scope` ("turn" or "phase"), in the order they first acted."""
    seen: dict[str, None] = {}
    for e in _selected(game, None, scope):
        seen.setdefault(e["unit"], None)
    return list(seen)


def entry(unit: str, action: str, *, side: str | None = None, weapon: str | None = None,
          ap: int = 0, actions: int = 0, ap_on: Sequence[str] | None = None,
          keys: Iterable[str] = (), battle_keys: Iterable[str] = (),
          marks: Mapping[str, Any] | None = None, override: bool = False) -> dict:
    """A ledger entry (activation and phase are filled when it is applied)."""
    return {"unit": unit, "side": side, "action": action, "weapon": weapon, "ap": int(ap),
            "actions": int(actions),
            "ap_on": list(ap_on) if ap_on is not None else [action] * int(ap),
            "keys": list(keys), "battle_keys": list(battle_keys),
            "marks": dict(marks or {}), "override": bool(override)}


@dataclass(frozen=True)
class RecordAction(Effect):
    """Append one entry to this turn's ledger (and its once-per-battle keys to the battle
    ledger), read at apply time so entries from one prior state all land."""

    entry: dict
    kind: ClassVar[str] = "record_action"

    def writes(self, game):
        e = dict(self.entry)        # the Change copies what it writes: no deep copy here
        unit = e.get("unit")
        if not isinstance(unit, str):
            raise ModelError(f"record_action.entry.unit: expected a unit id, got {unit!r}")
        game.unit(unit)
        e.setdefault("activation", activation_index(game, unit))
        e.setdefault("phase", game.phase)
        out = [(["game", "state", LEDGER], True,
                {"turn": game.turn, "entries": [*_stored(game), e]})]
        battle_keys = e.get("battle_keys") or []
        if battle_keys:
            battle = dict(game.state.get(BATTLE) or {})
            mine = battle[unit] = dict(battle.get(unit) or {})
            for k in battle_keys:
                mine[k] = int(mine.get(k, 0)) + 1
            out.append((["game", "state", BATTLE], True, battle))
        return out

    def describe(self) -> str:
        e = self.entry
        cost = [msg("{n} AP", n=e["ap"]) if e.get("ap") else "",
                msg("{n} action(s)", n=e["actions"]) if e.get("actions") else ""]
        cost = [p for p in cost if p]
        said = (msg("{unit}: {action} with {weapon} recorded", unit=e.get("unit"),
                    action=e.get("action"), weapon=e["weapon"])
                if e.get("weapon") else
                msg("{unit}: {action} recorded", unit=e.get("unit"),
                    action=e.get("action")))
        if cost:
            said = msg("{said} ({cost})", said=said, cost=join(", ", cost))
        return msg("{said} (cost overridden)", said=said) if e.get("override") else said


EFFECT_KINDS.setdefault(RecordAction.kind, RecordAction)


def records(change: Change, unit: str, action: str) -> bool:
    """Whether `change` already records `action` by `unit` (an action that wrote its own
    entry, with its marks: the engine then adds none)."""
    return any(isinstance(e, RecordAction) and e.entry.get("unit") == unit
               and e.entry.get("action") == action for e in change.effects)


def clear_effects(game: Game) -> list[Effect]:
    """What a new turn does to the ledger: this turn's entries go (the battle's stay)."""
    from engine.model import SetGameState

    return [SetGameState(LEDGER, None)] if LEDGER in game.state else []
