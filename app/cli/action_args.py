"""What `resolve` and `odds` share: their arguments, and the play request (engine.play)
they make, each refusal naming the flag at fault."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.i18n import tr

if TYPE_CHECKING:
    pass

from .base import (
    CliError,
    _loc,
    _open_game,
    _pairs,
    _said,
    key_value,
    modifier_spec,
    table_inches,
    unit_list,
    warn_off_table,
)


def _action_arguments(p: argparse.ArgumentParser) -> None:
    """What `resolve` and `odds` share: the action, its roles, options, rules and facts,
    and the answering action resolved with it (return fire)."""
    from geometry.template_shapes import TEMPLATE_SHAPES

    p.add_argument("file", metavar="FILE", help=tr("scenario .json or .warboard game"))
    p.add_argument("action", metavar="ACTION",
                   help=tr("an action of the scenario's ruleset (its id, e.g. shoot)"))
    p.add_argument("--by", required=True, metavar="UNIT",
                   help=tr("the acting unit (a group id when the action's actor is a group)"))
    p.add_argument("--target", metavar="UNIT", help=tr("the target unit"))
    p.add_argument("--targets", type=unit_list, metavar="U1,U2",
                   help=tr("several targets (squad members); facts are measured to --target, "
                        "else to the first of these"))
    p.add_argument("--weapon", metavar="W", help=tr("weapon id (default: the action's own)"))
    p.add_argument("--point", nargs=2, type=table_inches, metavar=("X", "Y"),
                   help=tr("a point on the table, inches (a template's centre, a destination)"))
    p.add_argument("--template", choices=TEMPLATE_SHAPES,
                   help=tr("lay this template at --point (a flamer from the actor toward it) "
                        "to measure the units under it"))
    for name, what in (("role", tr("any role the action declares, by name: a unit id, ids "
                                "separated by commas, a group id, a point X,Y, a template "
                                "SHAPE@X,Y[>TX,TY] or a weapon id, as its kind needs")),
                       ("option", tr("an action option, e.g. volleys=3")),
                       ("rule", tr("a ruleset option (a reading), e.g. OPTION=VALUE;"
                                " overrides the game's own readings (Game > Rules readings)")),
                       ("fact", tr("a fact entered by hand, e.g. cover=2 or los=no, a per-member"
                                " fact as los_each=a1:yes,a2:no (the real table wins over "
                                "its mirror)"))):
        p.add_argument(f"--{name}", action="append", type=key_value, default=[],
                       metavar="K=V", help=tr("{what}; repeat for more").format(what=what))
    p.add_argument("--modifier", action="append", type=modifier_spec, default=[],
                   metavar="STEP:VALUE[:TO]:LABEL",
                   help=tr("a modifier agreed at the table for one declared step, e.g. "
                        "hit:-2:smoke or fire:+2:pool:veterans; TO is target (default), "
                        "roll, pool (dice in a pool) or die_step (d8 -> d6 is -1); repeat"))
    joint = p.add_argument_group(
        tr("return fire"), tr("resolve an answer together with ACTION, both against the table "
                              "as it is now (one prior state): the steps side by side, one "
                              "merged change, the joint odds"))
    joint.add_argument("--return-fire", metavar="UNIT",
                       help=tr("the unit that answers (it acts on --by)"))
    joint.add_argument("--return-action", metavar="ACTION",
                       help=tr("the answering action (default: ACTION)"))
    joint.add_argument("--return-weapon", metavar="W", help=tr("the answering unit's weapon"))
    joint.add_argument("--return-option", action="append", type=key_value, default=[],
                       metavar="K=V", help=tr("an option of the answering action; repeat"))
    p.add_argument("--json", action="store_true", help=tr("print JSON instead of text"))


def _resolve_arguments(p: argparse.ArgumentParser) -> None:
    from engine.render import FORMATS

    _action_arguments(p)
    source = p.add_mutually_exclusive_group()
    source.add_argument("--dice", metavar="3,5,1,...",
                        help=tr("faces of physical dice, in the order the steps roll them"))
    source.add_argument("--seed", type=int, metavar="N",
                        help=tr("seed of the app's dice (printed when not given, to replay)"))
    p.add_argument("--format", choices=FORMATS, default="text",
                   help=tr("text, markdown or bbcode (forum posts); default text"))
    p.add_argument("--apply", action="store_true",
                   help=tr("apply the effects to FILE (a game file also logs the roll); the "
                        "action's declared cost is charged, or refused when not available"))
    p.add_argument("--override-cost", action="store_true",
                   help=tr("with --apply: apply even when the cost is not available (the real "
                        "table wins); the ledger marks it"))


@dataclass
class _Setup:
    """An action ready to resolve: the game it reads, where it came from, the referee
    over it and the validated plan (with --return-fire, the answer's context too)."""

    game: Any
    path: Path
    is_game_file: bool
    referee: Any
    plan: Any

    @property
    def ctx(self):
        return self.plan.lead

    @property
    def answer(self):
        return self.plan.answer




def _unit_of(game, unit_id: str, flag: str):
    from engine.model import ModelError

    try:
        return game.unit(unit_id)
    except ModelError:
        raise CliError(tr("{flag}: no unit with id {id!r}").format(flag=flag, id=unit_id)) \
            from None


def _point(text: str, flag: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise CliError(tr("{flag}: expected a point X,Y (inches), got {text!r}").format(
            flag=flag, text=text)) from None
    return (x, y)


def _role_value(game, role, text: str):
    """`--role NAME=TEXT` as the value its kind needs (CliError naming the role)."""
    from engine.protocol import TemplatePlacement

    flag = f"--role {role.name}"
    if role.kind in ("unit", "responder"):
        return _unit_of(game, text, flag)
    if role.kind == "units":
        return [_unit_of(game, t, flag) for t in unit_list(text)]
    if role.kind == "point":
        return _point(text, flag)
    if role.kind == "template":
        shape, sep, rest = text.partition("@")
        if not sep:
            raise CliError(tr("{flag}: expected SHAPE@X,Y[>TX,TY], got {text!r}").format(
                flag=flag, text=text))
        at, _, toward = rest.partition(">")
        x, y = _point(at, flag)
        return TemplatePlacement(shape.strip(), x, y,
                                 _point(toward, flag) if toward else None)
    return text   # a group id (looked up by the context) or a weapon id


def _action_of(args: argparse.Namespace, game):
    """(ruleset, action) named by FILE's ruleset and ACTION."""
    from engine.rulesets.registry import RulesetNotFound, get_ruleset

    try:
        rs = get_ruleset(game.scenario.ruleset)
    except RulesetNotFound as e:
        raise CliError(f"{args.file}: {_said(e)}") from None
    try:
        return rs, rs.action(args.action)
    except KeyError as e:
        raise CliError(f"ACTION: {_loc(e.args[0], rs.id)}") from None


def _actor_arg(args: argparse.Namespace, game, action) -> str:
    """--by, checked: a group id for a group actor (with a member on the table), else a
    unit id."""
    from engine.protocol import scenario_groups

    actor_role = action.role("actor")
    if actor_role is None or actor_role.kind != "group":
        return _unit_of(game, args.by, "--by").id
    groups = scenario_groups(game.scenario)
    if args.by not in groups:
        known = ", ".join(groups) or tr("none in this scenario")
        raise CliError(tr("--by: no group {group!r} (groups: {known})").format(
            group=args.by, known=known))
    if not groups[args.by].members:
        raise CliError(tr("--by: group {group!r} has no member on the table").format(
            group=args.by))
    return args.by


def _roles_arg(args: argparse.Namespace, game, action) -> dict[str, Any]:
    """--role NAME=VALUE for each role the action declares (CliError naming the role)."""
    roles = {}
    for name, text in _pairs(args.role, "--role").items():
        role = action.role(name)
        if role is None:
            known = ", ".join(r.name for r in action.roles)
            raise CliError(tr("--role {role}: {action} has no such role (roles: {known})").format(
                role=name, action=action.id, known=known))
        roles[name] = _role_value(game, role, text)
    return roles


def _checked_values(args: argparse.Namespace, game, rs, action):
    """(options, readings, facts by hand) from --option, --rule and --fact, validated so
    that each refusal names its flag."""
    from engine.facts import parse_fact
    from engine.options import SchemaError, validate_options
    from engine.readings import readings_for

    options, rules = _pairs(args.option, "--option"), _pairs(args.rule, "--rule")
    try:
        validate_options(action.options, options, action.id)
    except SchemaError as e:
        raise CliError(f"--option {_said(e)}") from None
    try:
        readings_for(rs, game, rules)
    except SchemaError as e:
        raise CliError(f"--rule {_said(e)}") from None
    given = _pairs(args.fact, "--fact")
    reads = tuple(action.fact_names)
    unknown = [k for k in given if k not in reads]
    if unknown:  # a typo would otherwise be stored and silently ignored
        raise CliError(tr("--fact {fact}: {action} reads no such fact (it reads: {reads})")
                       .format(fact=unknown[0], action=action.id,
                               reads=", ".join(reads) or tr("none")))
    try:
        overrides = {k: parse_fact(k, v, rs.fact_spec(k, action)) for k, v in given.items()}
        for k, v in overrides.items():
            rs.fact_spec(k, action).check(v)
        if args.weapon:
            rs.weapon(args.weapon)
    except SchemaError as e:
        flag = "--weapon" if str(e).startswith("weapon") else "--fact"
        raise CliError(f"{flag} {_said(e)}") from None
    return options, rules, overrides


def _warn_points(args: argparse.Namespace, scenario, roles: dict[str, Any]) -> None:
    from engine.protocol import TemplatePlacement

    if args.point:
        warn_off_table(scenario, *args.point, "--point")
    for name, value in roles.items():
        if isinstance(value, TemplatePlacement):
            warn_off_table(scenario, value.x, value.y, f"--role {name}")
        elif isinstance(value, tuple) and len(value) == 2 and \
                all(isinstance(v, float) for v in value):
            warn_off_table(scenario, *value, f"--role {name}")


def _request(args: argparse.Namespace, game):
    """The PlayRequest the arguments name, each checked with a refusal naming its flag."""
    from engine.play import PlayRequest
    from engine.protocol import TemplatePlacement

    rs, action = _action_of(args, game)
    actor = _actor_arg(args, game, action)
    if args.target:
        _unit_of(game, args.target, "--target")
    for t in args.targets or ():
        _unit_of(game, t, "--targets")
    roles = _roles_arg(args, game, action)
    options, rules, overrides = _checked_values(args, game, rs, action)
    _warn_points(args, game.scenario, roles)
    template = next((v for v in roles.values() if isinstance(v, TemplatePlacement)),
                    args.template)
    answer = _answer(args)
    return PlayRequest(game, action.id, actor, roles=roles, target=args.target,
                       targets=tuple(args.targets or ()), weapon=args.weapon,
                       point=tuple(args.point) if args.point else None, template=template,
                       options=options, readings=rules, overrides=overrides,
                       modifiers=tuple(args.modifier), answer=answer, ruleset=rs)


def _setup(args: argparse.Namespace) -> _Setup:
    """The validated plan of ACTION on FILE through the referee (engine.play): its facts
    measured on the table with the --fact values on top, the game's readings under the
    --rule values; every refusal names the argument at fault (an action --by cannot take
    at all, such as a vehicle action asked of a rifleman, is one)."""
    from engine.options import SchemaError
    from engine.play import GameTable, NotOffered, Referee
    from engine.play.plan import AnswerRefused
    from engine.protocol import MissingRole

    game, is_game_file = _open_game(args.file)
    request = _request(args, game)
    referee = Referee(GameTable(game, keeps_log=is_game_file))
    try:
        plan = referee.plan(request)
    except AnswerRefused as e:
        raise CliError(f"--return-fire {args.return_fire}: {_said(e.error)}") from None
    except NotOffered as e:
        raise CliError(f"--by {e.unit.id} ({e.unit.profile}): "
                       f"{_loc(e.why, request.ruleset.id)}") from None
    except _measure_error() as e:
        raise CliError(f"--{_said(e)}" if str(e).startswith(("point", "target")) else _said(e)) \
            from None
    except MissingRole as e:  # the role's own flag, in words
        raise _missing(e) from None
    except SchemaError as e:
        flag = "--modifier " if ".modifiers:" in str(e) else ""
        raise CliError(f"{flag}{_said(e)}") from None
    return _Setup(game, Path(args.file), is_game_file, referee, plan)


class _NeverRaised(Exception):
    """Stands in an `except` for an error class whose module is not loaded."""


def _measure_error() -> type[Exception]:
    """engine.measure's MeasureError once it is loaded, else an error nothing raises: a
    plan that measured nothing (a morale test) cannot have raised it, and the command
    need not load the geometry to name it (an `except` clause is evaluated only when an
    error reaches it)."""
    results = sys.modules.get("engine.measure.results")
    return results.MeasureError if results is not None else _NeverRaised


def _missing(e) -> CliError:
    name = e.role.name
    flag = f"--{name}" if name in ("target", "targets", "weapon", "point") else \
        f"--role {name}=…"
    return CliError(tr("{flag}: {action} needs the {role} ({kind}); give it with {option}")
                    .format(flag=flag, action=e.action.label, role=e.role.title.lower(),
                            kind=e.role.kind, option=flag.rstrip("=…")))


#: the flags that fill a role by its name (the protocol's keywords), and the actor's
_ROLE_FLAGS = {"actor": "--by", "target": "--target", "targets": "--targets",
               "weapon": "--weapon", "point": "--point"}


def _refused(err, ctx) -> CliError:
    """A refusal of the rules (engine.protocol.ActionRefused) as the CLI says it: after
    the flag that sets the argument at fault, as the panel says "Not possible: …"."""
    from engine.protocol import argument_of, refusal_argument

    arg = argument_of(err, ctx.action)
    text = str(err.text)
    shown = _said(err, ctx.ruleset.id)
    if arg is None:
        named = text.startswith((f"{ctx.action.id}:", f"{ctx.action.label}:"))
        head = "" if named else f"{ctx.action.id}: "
        return CliError(tr("not possible: {why}").format(why=f"{head}{shown}"))
    for prefix, flag in (("facts.", "--fact"), ("options.", "--option"),
                         ("rules.", "--rule")):
        if arg.startswith(prefix):
            where = f"{flag} {arg[len(prefix):]}"
            break
    else:
        where = "--by" if arg.startswith("state.") else \
            _ROLE_FLAGS.get(arg, f"--role {arg}")
    head = refusal_argument(text)
    if head in (arg, arg.split(".")[-1]):  # the head names the flag: said once, by the flag
        shown = shown[len(head) + 2:] if shown.startswith(f"{head}: ") else \
            shown.split(": ", 1)[-1]  # the head in the reader's words ("цель: …")
    tail = shown
    if tail.startswith(f"{arg}: "):
        tail = tail[len(arg) + 2:]
    return CliError(tr("{flag}: not possible: {why}").format(flag=where, why=tail))


def _answer(args: argparse.Namespace):
    """The --return-fire answer (None without it); a flag given without it is refused."""
    from engine.play import Answer

    if args.return_fire is None:
        for flag in ("return_action", "return_weapon"):
            if getattr(args, flag):
                raise CliError(tr("{flag}: needs --return-fire UNIT").format(
                    flag="--" + flag.replace("_", "-")))
        if args.return_option:
            raise CliError(tr("{flag}: needs --return-fire UNIT").format(flag="--return-option"))
        return None
    return Answer(args.return_fire, args.return_action, args.return_weapon,
                  _pairs(args.return_option, "--return-option"))
