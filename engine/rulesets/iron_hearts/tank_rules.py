"""Iron Hearts tank rules as plain functions of facts: crew, T&E, aim, speed, the turn's AP.

The actions in tanks.py read the board and the unit's state, then ask these functions; the
functions take only numbers, names and dicts, so each rule can be tested on its own and a
referee can read what decided a case ("aim lost: the target moved 62 m ≥ 50 m").

Per-unit state keys a tank uses (plain JSON, in `unit.state`):
- "crew": {post: {"status": "ok" | "wounded" | "killed", "at": post}} — who sits where;
  a member whose "at" differs from his own post is a substitute (01 §4.14-3, IH-9).
- the turn log {"turn": n, "ap": ["move", "fire", …], "te": None | "aim" | "fire" |
  "hit_location", "hull": 0/1, "turret": 0/1, "coax": None | "ranging",
  "reload_no_loader": bool} — this turn's AP sequence and once-per-turn uses, kept in
  the activation ledger (engine.ledger; tank_common.ledger_log reads it). A
  "turn_log" state key of a game saved before the ledger is still read; a log for an
  older turn counts as empty.
- "aim": {"target", "x", "y", "cover"} — the kept aim and where the target stood;
  "failed_aims": consecutive failed aims at the current target; "target": current target;
  "loaded": main gun loaded (default True); "penetrations": times this vehicle was
  penetrated; "systems": damaged systems; "status": "knocked_out" / "destroyed";
  "shaken_turn": turn in which the vehicle was shaken.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from engine.i18n import msg
from engine.protocol.refusal import ActionRefused
from engine.wording import distance

__all__ = [
    "AIM_BREAK_M", "crew_state", "seat_map", "missing_posts", "member_at",
    "crew_te", "round_te", "failed_aim_bonus", "aim_holds", "run_length", "speed_category",
    "move_allowance", "empty_turn_log", "turn_log", "ap_spent", "RuleRefused",
]

#: The aim is kept until the target moves this far (01 §4.15-1d).
AIM_BREAK_M = 50.0
STATUSES = ("ok", "wounded", "killed")


class RuleRefused(ActionRefused):
    """The rules forbid the action as declared; the message says which rule and why (the
    protocol's one refusal, engine.protocol.ActionRefused)."""


# --------------------------------------------------------------------------- crew


def crew_state(card: Mapping[str, Any], state: Mapping[str, Any] | None,
               where: str = "state.crew") -> dict[str, dict]:
    """Every card post with its member's status and seat; posts missing from the state are
    aboard, unhurt, at their own post. Bad entries raise RuleRefused naming the field."""
    given = (state or {}).get("crew") or {}
    if not isinstance(given, Mapping):
        raise RuleRefused(f"{where}: expected a table of posts, got {given!r}")
    out: dict[str, dict] = {}
    for post in card["crew"]:
        entry = dict(given.get(post) or {})
        status = entry.get("status", "ok")
        at = entry.get("at", post)
        if status not in STATUSES:
            raise RuleRefused(f"{where}.{post}.status: expected one of "
                              f"{' | '.join(STATUSES)}, got {status!r}")
        if at is not None and at not in card["crew"]:
            raise RuleRefused(f"{where}.{post}.at: {at!r} is not a post of this vehicle")
        out[post] = {"status": status, "at": at}
    for post in given:
        if post not in card["crew"]:
            raise RuleRefused(f"{where}.{post}: not a post of this vehicle")
    seats = [e["at"] for e in out.values() if e["status"] == "ok" and e["at"] is not None]
    dup = next((s for s in seats if seats.count(s) > 1), None)
    if dup:
        raise RuleRefused(f"{where}: two crew members sit at the {dup}'s post")
    return out


def seat_map(crew: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """Post → the member (named by his own post) sitting there, for members able to act."""
    return {e["at"]: post for post, e in crew.items()
            if e["status"] == "ok" and e["at"] is not None}


def missing_posts(crew: Mapping[str, Mapping[str, Any]]) -> set[str]:
    """Posts nobody able sits at. A substitute leaves his own post empty, so its penalty
    applies instead of the one of the post he took (01 §4.14-3, IH-9)."""
    seated = seat_map(crew)
    return {post for post in crew if post not in seated}


def member_at(card: Mapping[str, Any], crew: Mapping[str, Mapping[str, Any]],
              post: str) -> dict | None:
    """The card record of the member sitting at `post` (a substitute uses his own stats)."""
    who = seat_map(crew).get(post)
    return None if who is None else dict(card["crew"][who], post=who)


def round_te(x: Fraction, rounding: str = "half_toward_zero") -> int:
    """A mean T&E as a whole number: half toward zero (PROPOSED, 01 §4.A-28), half away
    from zero, or toward zero (truncate)."""
    if rounding == "truncate":
        return math.trunc(x)
    sign = -1 if x < 0 else 1
    a = abs(x)
    whole, frac = divmod(a, 1)
    if frac > Fraction(1, 2) or (frac == Fraction(1, 2) and rounding == "half_away_from_zero"):
        whole += 1
    return sign * int(whole)


def crew_te(card: Mapping[str, Any], crew: Mapping[str, Mapping[str, Any]],
            counts: str = "aboard", rounding: str = "half_toward_zero") -> int:
    """Crew T&E = mean T&E of the crew (01 §3.4): of those aboard and able (default) or of
    the whole card crew; 0 with nobody aboard."""
    if counts == "card":
        posts = list(card["crew"])
    else:
        posts = [p for p, e in crew.items() if e["status"] == "ok"]
    if not posts:
        return 0
    mean = Fraction(sum(card["crew"][p]["training_experience"] for p in posts), len(posts))
    return round_te(mean, rounding)


# --------------------------------------------------------------------------- aim


def failed_aim_bonus(failures: int, reading: str = "capped") -> int:
    """Aim bonus after `failures` consecutive failed aims (01 §4.15-1c, §4.A-20, IH-10).

    capped (Reading A): +1, +2, +2, …; cumulative (B): +1, +3, +5, +7, …;
    cumulative_from_third (C as we read it): +1, +2, +4, +6, …"""
    if failures < 0:
        raise ValueError(f"failed_aims: expected a whole number ≥ 0, got {failures}")
    if failures == 0:
        return 0
    if reading == "capped":
        return min(failures, 2)
    if reading == "cumulative":
        return 2 * failures - 1
    if reading == "cumulative_from_third":
        return 1 if failures == 1 else 2 * (failures - 1)
    raise ValueError(f"failed_aim_bonus: unknown reading {reading!r}")


def aim_holds(moved_m: float, cover_then: int, cover_now: int, in_arc: bool,
              limit_m: float = AIM_BREAK_M) -> tuple[bool, str]:
    """Whether a kept aim still holds (01 §4.15-1d): lost when the target moved ≥ 50 m,
    took cover (its cover level rose, PROPOSED), or left the turret's side (out of arc)."""
    if moved_m >= limit_m:
        return False, msg("the target moved {moved} m ≥ {limit} m", moved=distance(moved_m),
                          limit=f"{limit_m:g}")
    if cover_now > cover_then:
        return False, msg("the target took cover (cover {before} → {now})",
                          before=cover_then, now=cover_now)
    if not in_arc:
        return False, "the target left the turret's side (the turret must turn)"
    return True, msg("aim kept (moved {moved} m < {limit} m, no new cover, in arc)",
                     moved=distance(moved_m), limit=f"{limit_m:g}")


# --------------------------------------------------------------------------- turn and speed


def empty_turn_log(turn: int) -> dict:
    return {"turn": turn, "ap": [], "te": None, "hull": 0, "turret": 0, "coax": None,
            "reload_no_loader": False}


def turn_log(state: Mapping[str, Any], turn: int) -> dict:
    """This turn's log from the unit state; a log of another turn counts as a fresh one."""
    log = state.get("turn_log")
    if not isinstance(log, Mapping) or log.get("turn") != turn:
        return empty_turn_log(turn)
    return {**empty_turn_log(turn), **log, "ap": list(log.get("ap", []))}


AP_ENTRIES = ("move", "fire", "aim", "search", "reload", "change_target", "rotate_hull",
              "rotate_turret", "mg")


def ap_spent(log: Mapping[str, Any]) -> int:
    """AP used this turn: one per entry of the sequence."""
    return len(log["ap"])


def run_length(sequence: Sequence[str]) -> int:
    """Consecutive Move AP at the end of the sequence (the run the next AP continues)."""
    k = 0
    for entry in reversed(sequence):
        if entry != "move":
            break
        k += 1
    return k


def speed_category(run: int) -> str:
    """01 §4.A-29 PROPOSED: 0 stationary, 1 slow, 2 medium, 3 full (consecutive Move AP)."""
    return ("stationary", "slow", "medium", "full")[min(run, 3)]


def move_allowance(speeds: Sequence[float], run_before: int, ap: int) -> tuple[float, float]:
    """(metres already driven in this run, metres this move may add) when `ap` more
    consecutive Move AP continue a run of `run_before` (01 §4.12-1, IH-6)."""
    if run_before + ap > len(speeds):
        raise RuleRefused(f"move: {run_before} + {ap} consecutive AP is more than the "
                          f"{len(speeds)} the speed table gives")
    before = speeds[run_before - 1] if run_before else 0.0
    return before, speeds[run_before + ap - 1] - before
