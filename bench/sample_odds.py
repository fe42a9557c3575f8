"""Every action of every sample table, as the `odds` command plans it: each action × actor
(each unit that can take it, or each group for a group's action) × target (each other
unit; its position for a point role) × weapon (each of the ruleset's weapons for a weapon
role), planned through the referee with the facts measured on the table. What the rules
refuse (out of range, out of sight, not their weapon) is left out: it has no odds.

P4 times the exact odds of each of these (bench/odds_bench.py), and
tests/engine/test_sample_odds_fixture.py (a sample of them) and `--check` (all of them)
compare their exact fractions with a recorded fixture, so a faster odds path is checked to
give the same Fractions.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from engine.model import Game
from engine.odds import OutcomeDistribution
from engine.play import PlayRequest, plan
from engine.protocol import Action, Context, Ruleset
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_scenario

__all__ = ["SCENARIOS", "SampleCall", "sample_calls", "planned", "request", "exact_odds", "record"]

SCENARIOS = Path(__file__).resolve().parents[1] / "resources" / "scenarios"
#: Role kinds filled with the target (a unit role) or its position (a point role).
_UNIT_KINDS = ("unit",)


@dataclass(frozen=True, slots=True)
class SampleCall:
    """One odds request on a sample table: its scenario file and the roles given."""

    scenario: str
    action: str
    actor: str
    target: str | None
    weapon: str | None

    @property
    def key(self) -> str:
        return "|".join((self.scenario, self.action, self.actor, self.target or "-",
                         self.weapon or "-"))


def _game(scenario: str) -> Game:
    return Game.from_meta(load_scenario(SCENARIOS / scenario), {})


def _actors(rs: Ruleset, action: Action, game: Game) -> list[str]:
    role = action.role("actor")
    if role is not None and role.kind == "group":
        return [g.id for g in game.scenario.groups]
    return [u.id for u in game.scenario.units
            if action in rs.actions_for(u, profiles=game.scenario.profiles)]


def _weapons(rs: Ruleset, game: Game, actor: str) -> list[str | None]:
    """None (the default weapon), the weapons the actor's profile names (or its
    profile-prefixed ones) and the weapons no profile on the table names (support weapons
    anyone may call on, as the Boets shell and artillery, or every weapon of a ruleset
    whose profiles name none)."""
    profiles = game.scenario.profiles

    def named(unit) -> list[str]:
        p = rs.profile_of(unit, profiles) or {}
        return [w for w in p.get("weapons") or () if w in rs.weapons] + \
            [w for w in rs.weapons if w.startswith(f"{unit.profile}.")]

    units = {u.id: u for u in game.scenario.units}
    anyone = {w for u in units.values() for w in named(u)}
    own = named(units[actor]) if actor in units else []
    return [None, *dict.fromkeys(own), *(w for w in rs.weapons if w not in anyone)]


def _aimed(action: Action) -> bool:
    """The action takes a unit, some units or a point besides its actor."""
    return any(r.name != "actor" and r.kind in ("unit", "units", "point")
               for r in action.roles)


def request(game: Game, call: SampleCall) -> PlayRequest:
    """The referee's request for `call`: the target in every required unit role (and the
    `target` / `targets` roles), its position in a point role."""
    rs = get_ruleset(game.scenario.ruleset)
    action = rs.action(call.action)
    roles, point = {}, None
    t = call.target
    for r in action.roles:
        if t is None or r.name in ("actor", "weapon"):
            continue
        if r.kind == "point":
            u = game.unit(t)
            point = (u.x, u.y)
        elif r.kind in _UNIT_KINDS and r.name != "target" and r.required:
            roles[r.name] = t
    names = {r.name for r in action.roles}
    return PlayRequest(game, call.action, call.actor, roles=roles,
                       target=t if "target" in names else None,
                       targets=(t,) if "targets" in names and t is not None else (),
                       point=point, weapon=call.weapon)


def sample_calls(scenario: str) -> Iterator[SampleCall]:
    """Every action × actor × target × weapon of the sample table `scenario`."""
    game = _game(scenario)
    rs = get_ruleset(game.scenario.ruleset)
    units = [u.id for u in game.scenario.units]
    for action in rs.actions:
        for actor in _actors(rs, action, game):
            weapons = _weapons(rs, game, actor) if action.role("weapon") else [None]
            targets = [u for u in units if u != actor] if _aimed(action) else [None]
            for target in targets:
                for weapon in weapons:
                    yield SampleCall(scenario, action.id, actor, target, weapon)


def planned(scenario: str) -> Iterator[tuple[SampleCall, Context, OutcomeDistribution]]:
    """(call, its planned context, its odds) for every call of `scenario` the rules accept
    and can price (a refusal at planning or at the odds is left out)."""
    game = _game(scenario)
    for call in sample_calls(scenario):
        try:
            ctx = plan(request(game, call)).context
            odds = ctx.odds()
        except Exception:  # noqa: BLE001 — a refusal, in whatever type the rules raise it
            continue
        yield call, ctx, odds


def _plain(o: object) -> object:
    if isinstance(o, tuple | list):
        return [_plain(x) for x in o]
    if isinstance(o, bool | int | str) or o is None:
        return o
    return str(o)


def exact_odds(dist: OutcomeDistribution) -> dict:
    """The odds as JSON with every probability an exact "n/d" and the outcomes in order
    (no floats: two of these are equal only when every Fraction is)."""
    return {"label": str(dist.label),
            "outcomes": [[_plain(o), str(Fraction(p))] for o, p in dist.outcomes],
            "parts": {str(k): exact_odds(v) for k, v in dist.parts.items()}}


def record(scenarios: list[str]) -> dict[str, dict]:
    """{call key: exact odds} for every accepted call of each scenario."""
    return {call.key: exact_odds(odds) for s in scenarios for call, _, odds in planned(s)}


def check(path: Path) -> list[str]:
    """The calls whose exact odds now differ from the file's (or that the rules now refuse
    or newly accept), every call of every sample table."""
    import gzip
    import json

    with gzip.open(path, "rt", encoding="utf-8") as f:
        want = json.load(f)
    got = record(sorted(p.name for p in SCENARIOS.glob("*.json")))
    return sorted(k for k in want.keys() | got.keys() if want.get(k) != got.get(k))


def main(argv: list[str] | None = None) -> int:
    """`python -m bench.sample_odds OUT.json.gz`: record the exact odds of every call of
    every sample table (the fixture tests/engine/test_sample_odds_fixture.py reads);
    `--check FILE`: compare them all with a recording instead (exit 1 on a difference)."""
    import argparse
    import gzip
    import json

    parser = argparse.ArgumentParser(prog="python -m bench.sample_odds")
    parser.add_argument("out", type=Path)
    parser.add_argument("--check", action="store_true",
                        help="compare with the file instead of writing it")
    args = parser.parse_args(argv)
    if args.check:
        diff = check(args.out)
        for key in diff:
            print(f"differs: {key}")
        print(f"{args.out}: {len(diff)} calls differ")
        return 1 if diff else 0
    scenarios = sorted(p.name for p in SCENARIOS.glob("*.json"))
    data = record(scenarios)
    with gzip.open(args.out, "wt", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    print(f"{args.out}: {len(data)} calls")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
