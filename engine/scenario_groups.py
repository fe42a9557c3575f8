"""Groups of a scenario (squads, platoons, …): reading one, and checking that all of them
fit the table — members that exist, one group of a kind each, no loops, no chain deeper
than MAX_GROUP_DEPTH.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.i18n import msg
from engine.scenario import Group, Scenario
from engine.scenario_fields import (
    GROUP_KEYS,
    MAX_GROUP_DEPTH,
    ScenarioError,
    _at,
    _bool,
    _extra,
    _ident,
    _list,
    _object,
    _optional,
    _required,
    _text,
)


def parse_group(v: Any, path: str) -> Group:
    """A group from its scenario JSON object. Its members, commander and deputy are only
    checked against the rest of the scenario by `check_groups`."""
    d = _object(v, path)
    members_path = _at(path, "members")
    members = [_ident(m, _at(members_path, j))
               for j, m in enumerate(_list(_required(d, "members", path), members_path))]
    off = _bool(d["off_table"], _at(path, "off_table")) if "off_table" in d else False
    return Group(
        id=_ident(_required(d, "id", path), _at(path, "id")),
        kind=_ident(_required(d, "kind", path), _at(path, "kind")),
        members=members,
        name=_optional(d, "name", path, _text),
        name_ru=_optional(d, "name_ru", path, _text),
        side=_optional(d, "side", path, _ident),
        commander=_optional(d, "commander", path, _ident),
        deputy=_optional(d, "deputy", path, _ident),
        off_table=off,
        markers=copy.deepcopy(_object(d.get("markers", {}), _at(path, "markers"))),
        state=copy.deepcopy(_object(d.get("state", {}), _at(path, "state"))),
        extra=_extra(d, GROUP_KEYS),
    )


def check_groups(s: Scenario) -> None:
    """Groups fit the scenario: members name units or groups, once each; a unit or group is
    in at most one group of a kind; no group contains itself; commander and deputy are
    units (and two different ones). ScenarioError names the field ("groups[1].members[0]")."""
    units = {u.id for u in s.units}
    index = {g.id: i for i, g in enumerate(s.groups)}
    owner: dict[tuple[str, str], int] = {}  # (kind, member) -> group index
    for i, g in enumerate(s.groups):
        path = _at("groups", i)
        seen: set[str] = set()
        for j, m in enumerate(g.members):
            where = _at(_at(path, "members"), j)
            if m not in units and m not in index:
                raise ScenarioError(where, msg("no unit or group with id {id}", id=repr(m)))
            if m in seen:
                raise ScenarioError(where, msg("{id} is listed twice", id=repr(m)))
            seen.add(m)
            if m == g.id:
                raise ScenarioError(where, msg("group {id} cannot contain itself",
                                               id=repr(g.id)))
            other = owner.setdefault((g.kind, m), i)
            if other != i:
                raise ScenarioError(where, msg(
                    "unit {id} is already in {kind} {other} (groups[{index}]); it may belong "
                    "to one {kind} only" if m in units else
                    "group {id} is already in {kind} {other} (groups[{index}]); it may belong "
                    "to one {kind} only",
                    id=repr(m), kind=g.kind, other=repr(s.groups[other].id), index=other))
        for key in ("commander", "deputy"):
            ident = getattr(g, key)
            if ident is not None and ident not in units:
                raise ScenarioError(_at(path, key), msg(
                    "no unit with id {id} (a group, not a unit)" if ident in index else
                    "no unit with id {id}", id=repr(ident)))
        if g.commander is not None and g.commander == g.deputy:
            raise ScenarioError(_at(path, "deputy"), msg("{id} is already the commander",
                                                         id=repr(g.deputy)))
    _check_group_loops(s, index)


def _check_group_loops(s: Scenario, index: dict[str, int]) -> None:
    """No group is its own member through other groups, and no chain of groups in groups
    is deeper than MAX_GROUP_DEPTH: depth-first without recursion (a hostile chain 3,000
    deep must get this message, not a RecursionError), each finding naming the member
    field that closes the loop or passes the depth."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    height: dict[str, int] = {}  # levels of groups from this one down, itself included
    for root in s.groups:
        if root.id in state:
            continue
        state[root.id] = 1
        stack: list[tuple[str, int]] = [(root.id, 0)]  # (group, next member to visit)
        while stack:
            gid, j = stack[-1]
            members = s.groups[index[gid]].members
            if j == len(members):
                height[gid] = 1 + max((height[m] for m in members if m in index), default=0)
                state[gid] = 2
                stack.pop()
                continue
            stack[-1] = (gid, j + 1)
            m = members[j]
            if m not in index:
                continue
            where = _at(_at(_at("groups", index[gid]), "members"), j)
            if state.get(m) == 1:
                raise ScenarioError(where, msg("membership loop: {member} already contains "
                                               "{group}", member=repr(m), group=repr(gid)))
            deep = len(stack) + (height[m] if m in state else 1)
            if deep > MAX_GROUP_DEPTH:
                raise ScenarioError(where, msg(
                    "groups nested too deep: group {member} lies more than {most} groups "
                    "down the chain from {top}", member=repr(m), most=MAX_GROUP_DEPTH,
                    top=repr(stack[0][0])))
            if m not in state:
                state[m] = 1
                stack.append((m, 0))
