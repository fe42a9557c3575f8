"""A game of a ruleset's sample scenario played in Russian at the engine (no tests here):
every action of every unit (or formation) at every target, resolved with scripted dice and
rendered in Russian, the results applied, a turn crossed; what players would read is
collected and any English word in it listed (issue #16).

English means a Latin word of three letters or more that is neither a proper name of the
table (units, groups, sides, the scenario, records that keep a Latin name in Russian) nor
a code name quoted from the rules' sources (option ids, data keys)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from engine.dice import Die
from engine.facts import facts_for
from engine.i18n import localized
from engine.model import Game, ModelError, apply_change
from engine.protocol import ActionRefused, MissingRole, scenario_groups
from engine.readings import readings_for
from engine.render import render
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_scenario
from engine.wording import change_words
from resources.loader import resource
from tests import russian_words as words
from tests.russian_words import table_words

SCENARIOS = {
    "civil-war-company": "civil-war-vasylivka.json",
    "boets-sci-fi": "boets-velian-ridge.json",
    "butterfly-effect": "butterfly-night-approach.json",
    "keno-platoon": "keno-orchard.json",
}
#: words that stay Latin in a Russian text: units of measure, formats, the program's name
ALLOW = {"Warboard", "HP", "LOS", "BBCode", "MG", "AP"}
#: what the engine's texts quote that is not a word (see tests/russian_words.py)
STRIP = (f"{words.CODE_NAMES}|{words.SECTIONS}",)


class CycleDice:
    """Scripted dice for a walk of thousands of actions: a fixed cycle of fractions of
    the die (high, low, middle …) turned into faces, the same each run."""

    kind = "script"
    seed = None
    CYCLE = (0.95, 0.05, 0.55, 0.8, 0.3, 0.99, 0.15, 0.65)

    def __init__(self) -> None:
        self.i = 0

    def roll(self, die: Die, n: int, *, label: str) -> list[int]:
        out = []
        for _ in range(n):
            frac = self.CYCLE[self.i % len(self.CYCLE)]
            self.i += 1
            out.append(min(die.sides, 1 + int(frac * die.sides)))
        return out


def allowed_words(scenario, rid: str) -> set[str]:
    """The proper names of the table: units, groups, sides, terrain pieces (by id), the
    scenario, the Latin words the ruleset's records keep in Russian."""
    pieces = [p.id for p in getattr(scenario, "terrain", ()) or ()]
    return table_words(scenario, rid, always=ALLOW, also=pieces)


def english(texts: Iterable[str], allowed: set[str]) -> list[str]:
    """The texts with a Latin word that is not allowed, each once (code names and the
    rules' section marks are not words)."""
    return words.english(texts, allowed, strip=STRIP)


@dataclass
class Walk:
    """What a game of the sample scenario showed in Russian."""

    rid: str
    game: Game
    texts: list[str] = field(default_factory=list)
    rendered: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    refused_actions: set[str] = field(default_factory=set)
    resolved: dict[str, int] = field(default_factory=dict)
    applied: list[str] = field(default_factory=list)
    crossed: list[str] = field(default_factory=list)

    def read(self, *texts) -> None:
        self.texts += [localized(t, "ru", self.rid) for t in texts if t]


def open_game(rid: str) -> Game:
    scenario = load_scenario(Path(str(resource("scenarios", SCENARIOS[rid]))))
    return Game.from_meta(scenario, {})


def _weapons(rs, unit, scenario) -> list[str | None]:
    profile = rs.profile_of(unit, scenario.profiles)
    carried = profile.get("weapons") or []
    if isinstance(carried, dict):
        carried = list(carried)
    ids = [w if isinstance(w, str) else (w.get("id") if isinstance(w, dict) else None)
           for w in carried]
    known = [w for w in ids if w and _is_weapon(rs, w)]
    return known or list(rs.weapons) or [None]    # a ruleset whose profiles list none


def _is_weapon(rs, wid: str) -> bool:
    try:
        rs.weapon(wid)
    except (KeyError, ValueError):
        return False
    return True


def contexts(game: Game, rid: str) -> Iterator[tuple]:
    """(action, actor, target, context or the refusal) of every action the units of the
    table can take, at every other unit; the contexts a role cannot be filled for (a
    missing fact, a role of no kind here) are left out."""
    rs = get_ruleset(rid)
    sc = game.scenario
    groups = scenario_groups(sc)
    readings = readings_for(rs, game)
    for action in rs.actions:
        actor_role = action.role("actor")
        by_group = actor_role is not None and actor_role.kind == "group"
        actors = [g for g in groups if groups[g].members] if by_group else \
            [u.id for u in game.units]
        for by in actors:
            head = groups[by].members[0] if by_group else game.unit(by)
            if not by_group and rs.why_not(action.id, head, profiles=sc.profiles):
                continue
            weapons = _weapons(rs, head, sc) if action.role("weapon") else [None]
            for target in [None, *game.units]:
                if target is not None and target.id == head.id:
                    continue
                for weapon in weapons:
                    yield action, by, target, _context(game, rs, action, by, head, target,
                                                       weapon, readings, groups)


def _context(game, rs, action, by, head, target, weapon, readings, groups):
    sc = game.scenario
    point = (target.x, target.y) if target is not None else (head.x + 6.0, head.y)
    roles = {}
    others = [u for u in game.units if u.id not in (head.id, getattr(target, "id", None))]
    for r in action.roles:
        if r.name in ("actor", "target", "targets", "weapon", "point"):
            continue
        if r.kind == "unit" and others:
            roles[r.name] = others[0]
    try:
        facts = facts_for(sc, action, by, target.id if target else None,
                          point=point if action.role("point") else None, ruleset=rs,
                          weapon=weapon, rules=readings, groups=groups)
        return rs.context(action.id, actor=by if by in groups else head, target=target,
                          weapon=weapon, point=point if action.role("point") else None,
                          facts=facts, rules=readings, game=game, roles=roles or None,
                          groups=groups)
    except ActionRefused as e:
        return e
    except (MissingRole, ValueError, KeyError):
        return None


def play(rid: str, *, apply_each: int = 1) -> Walk:
    """Every action of the sample table resolved in Russian; the first `apply_each`
    results of each action applied (a new game state for the next); the turn ended."""
    game = open_game(rid)
    walk = Walk(rid, game)
    rs = get_ruleset(rid)
    for action, _by, _target, ctx in list(contexts(game, rid)):
        if ctx is None or (not isinstance(ctx, ActionRefused) and _gone(game, ctx)):
            continue
        if isinstance(ctx, ActionRefused):
            walk.refusals.append(localized(ctx.text, "ru", rid))
            walk.refused_actions.add(action.id)
            continue
        try:
            res = ctx.resolve(CycleDice())
            ctx.odds()
        except ActionRefused as e:
            walk.refusals.append(localized(e.text, "ru", rid))
            walk.refused_actions.add(action.id)
            continue
        walk.resolved[action.id] = walk.resolved.get(action.id, 0) + 1
        walk.rendered.append(render(res, "text", lang="ru"))
        walk.read(res.summary, *(s.outcome for s in res.steps), *(s.note for s in res.steps),
                  *(s.label for s in res.steps), *(r for s in res.steps for r in s.results),
                  *(s.base_label for s in res.steps),
                  *(x for s in res.steps for m in s.modifiers for x in (m.label, m.reason)),
                  *(getattr(e, "reason", "") for e in res.change.effects),
                  *change_words(res.change, res.names))
        if walk.resolved[action.id] <= apply_each and res.change.effects:
            try:
                apply_change(game, res.change)
            except ModelError:
                continue
            walk.applied.append(action.id)
    walk.crossed = cross_turn(walk, rs)
    return walk


def names(game: Game) -> dict[str, str]:
    """Unit and group ids → their names, as the Effects line shows them."""
    out = {u.id: u.label for u in game.units}
    out.update({str(g): str(getattr(grp, "name", "") or g)
                for g, grp in scenario_groups(game.scenario).items()})
    return out


def _gone(game: Game, ctx) -> bool:
    """Whether a unit of the context left the table since it was made (merged, killed)."""
    named = [ctx.target, *(ctx.role(r.name) for r in ctx.action.roles if r.kind == "unit")]
    ids = [u.id for u in ctx.units("actor")] + [u.id for u in named if u is not None]
    return not all(game.on_table(i) for i in ids)


def cross_turn(walk: Walk, rs) -> list[str]:
    """End the turn (and every phase or side before it); then what the ruleset says of
    it: the due tests' reasons (its triggers), each unit's flags and why it may not act."""
    from engine import triggers, turns

    game = walk.game
    structure = turns.structure_of(rs)
    said = []
    for step in ("next_phase", "next_activation", "end_turn"):
        fn = getattr(turns, step)
        try:
            change = fn(game, structure)
        except (turns.TurnError, ValueError):
            continue
        apply_change(game, change)
        said.append(step)
        walk.read(change.label, *change_words(change, names(game)))
    for entry in triggers.due(game):
        walk.read(entry.get("label"))
    walk.read(*(t.label for t in structure.hooks.triggers))    # due or not, as offered
    hooks = structure.hooks
    for u in game.units:
        if hooks is not None and hooks.flags is not None:
            walk.read(*hooks.flags(game, u))
        if hooks is not None and hooks.can_act is not None:
            walk.read(hooks.can_act(game, u))
    return said


def organisation_texts(rid: str) -> list[str]:
    """The organisation check of the sample in Russian: as it opens, with every group cut
    down to its first member and no commander (sizes, commanders, chains all wrong), with
    every unit's commander pointing at a unit of another side, and its lock once the turn
    is crossed."""
    from engine import organisation

    said: list[str] = []

    def read(game: Game) -> None:
        said.extend(localized(n.said(), "ru", rid) for n in organisation.check(game))

    read(open_game(rid))
    cut = open_game(rid)
    for g in cut.scenario.groups:
        g.members[:] = g.members[:1]
        g.commander = None
    read(cut)
    crossed = open_game(rid)
    units = crossed.scenario.units
    for u, other in zip(units, units[1:] + units[:1], strict=True):
        if hasattr(u, "parent"):
            u.parent = other.id
    read(crossed)
    walk = Walk(rid, crossed)
    cross_turn(walk, get_ruleset(rid))
    said.append(localized(organisation.locked(crossed), "ru", rid))
    return [s for s in said if s]


def board_texts(walk: Walk) -> list[str]:
    """What the board shows of the game the walk left, in Russian: every unit's badge
    tips, the shapes its state draws (labels, tips), its drag's allowance, the board's
    warnings and the zones round each selected unit (label, marks, their short words);
    the ruleset's distance bands (labels, notes)."""
    from engine import board_rules

    game, rid = walk.game, walk.rid
    sc = game.scenario
    out: list = []
    for u in game.units:
        out += [b.tip for b in board_rules.state_badges(sc, u)]
        out += [x for s in board_rules.state_shapes(sc, u) for x in (s.label, s.tip)]
        allowance = board_rules.move_allowance_m(sc, u)
        if allowance is not None:
            out.append(allowance[1])
        for z in board_rules.selection_zones(game, u):
            out += [z.label, *(x for m in z.marks for x in (m.text, m.short))]
        scheme = board_rules.weapon_scheme(sc, u)
        if scheme is not None:
            out += [x for b in scheme[1].bands for x in (b.label, b.note)]
    out += [b.tip for badges in board_rules.board_warnings(sc).values() for b in badges]
    return [localized(t, "ru", rid) for t in out if t]
