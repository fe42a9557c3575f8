"""The walk of every action × actor × target × weapon (own or not) of a sample scenario
through the engine's resolve and odds, as `warboard resolve` / `odds` call them: what
ends in a refusal is fine, what ends in an exception the command line would show as a
traceback or as Python's own text is a finding."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.dice import DiceError, RandomDice
from engine.facts import facts_for
from engine.i18n import Text
from engine.measure import MeasureError
from engine.model import Game
from engine.options import SchemaError
from engine.protocol import Action, ActionRefused, Ruleset
from engine.protocol.facts import FactMissing
from engine.rulesets.registry import get_ruleset
from engine.scenario import Scenario, Unit

__all__ = ["Finding", "walk"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One call that did not end cleanly: where, which door, what it raised."""

    action: str
    actor: str
    target: str | None
    weapon: str | None
    door: str
    error: str


def _clean(e: BaseException) -> bool:
    """A refusal the command line prints as the rules' own words: ActionRefused, or a
    ValueError (the CLI catches those) whose message the engine wrote (a `msg` Text or a
    SchemaError / MeasureError / DiceError naming the field). KeyError, TypeError … and a
    ValueError with Python's own text are not."""
    if isinstance(e, ActionRefused | SchemaError | MeasureError | DiceError | FactMissing):
        return True
    return isinstance(e, ValueError) and bool(e.args) and isinstance(e.args[0], Text)


def _representatives(scenario: Scenario) -> list[Unit]:
    """One unit of each side and profile: the rules read a unit by its profile, side and
    state, so the rest of a squad walks the same paths (the walk stays a few seconds)."""
    seen: dict[tuple[str, str], Unit] = {}
    for u in scenario.units:
        seen.setdefault((u.side, u.profile), u)
    return list(seen.values())


def _weapons(rs: Ruleset, action: Action, actor: Unit, scenario: Scenario) -> list[str | None]:
    """None (the default weapon), every weapon the actor's profile names and one weapon of
    every other kind it does not carry, own or not alike."""
    if not action.role("weapon"):
        return [None]
    profile = rs.profile_of(actor, scenario.profiles) or {}
    own = [w for w in profile.get("weapons") or () if w in rs.weapons]
    own += [w for w in rs.weapons if w.startswith(f"{actor.profile}.")]
    kinds: dict[object, str] = {}
    for wid, w in rs.weapons.items():
        if wid not in own:
            kinds.setdefault(w.get("kind", wid), wid)
    return [None, *dict.fromkeys(own), *kinds.values()]


def _calls(scenario: Scenario) -> Iterator[tuple]:
    rs = get_ruleset(scenario.ruleset)
    units = _representatives(scenario)
    for action in rs.actions:
        targets = [None, *units] if action.role("target") else [None]
        for actor in units:
            if action not in rs.actions_for(actor, profiles=scenario.profiles):
                continue
            weapons = _weapons(rs, action, actor, scenario)
            for target in targets:
                if target is actor:
                    continue
                yield rs, action, actor, target, weapons


def walk(scenario: Scenario, seed: int = 1) -> tuple[int, list[Finding]]:
    """(calls made, findings) over every action × actor × target × weapon."""
    game = Game(scenario)
    calls, found = 0, []
    for rs, action, actor, target, weapons in _calls(scenario):
        tid = target.id if target is not None else None
        try:
            facts = facts_for(scenario, action, actor.id, tid, ruleset=rs)
        except Exception as e:  # noqa: BLE001 — the walk records what the CLI would hit
            if not _clean(e):
                found.append(Finding(action.id, actor.id, tid, None, "facts", repr(e)))
            continue
        for wid in weapons:
            for door in ("odds", "resolve"):
                calls += 1
                try:
                    ctx = rs.context(action.id, actor=actor, target=target, weapon=wid,
                                     facts=facts, game=game)
                    ctx.odds() if door == "odds" else ctx.resolve(RandomDice(seed))
                except Exception as e:  # noqa: BLE001
                    if not _clean(e):
                        found.append(Finding(action.id, actor.id, tid, wid, door, repr(e)))
    return calls, found
