"""The benchmark harness behind `make bench` / `python -m bench` (design.md, Performance).

Each target is a function registered with `@target("P1", "measure-pair")`; it returns its
figures and whether it met its goal. `python -m bench` imports the modules listed in
`bench.__main__.MODULES` (each registers its targets on import), runs them in id order and
prints one line per target: `P1 measure-pair median_ms=0.41 target_ms=1 ok`.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Options:
    """Run-wide switches: `full` times the slow baselines over all their work; `tools` and
    `tables` (empty: all) pick the board events P8/P9 drive (`--tools select,zoom`)."""

    full: bool = False
    tools: tuple[str, ...] = ()
    tables: tuple[str, ...] = ()


@dataclass
class Outcome:
    """What one target measured: key=value figures and whether the goal was met."""

    figures: dict[str, object]
    ok: bool


@dataclass
class Target:
    id: str
    name: str
    run: Callable[[Options], Outcome]
    module: str = field(default="")


REGISTRY: dict[str, Target] = {}


def target(id: str, name: str) -> Callable[[Callable[[Options], Outcome]], Callable]:
    """Register a benchmark target under its id (P1 ...); ids are unique."""

    def register(fn: Callable[[Options], Outcome]) -> Callable[[Options], Outcome]:
        if id in REGISTRY:
            raise ValueError(f"bench target {id} registered twice")
        REGISTRY[id] = Target(id, name, fn, fn.__module__)
        return fn

    return register


def fmt(value: object) -> str:
    """A figure as printed: floats to 3 significant digits (2 decimals at least below 100)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if value == 0 or abs(value) >= 100:
            return f"{value:.0f}"
        return f"{value:.3g}" if abs(value) < 1 else f"{value:.2f}"
    return str(value)


def line(t: Target, out: Outcome) -> str:
    figures = " ".join(f"{k}={fmt(v)}" for k, v in out.figures.items())
    return f"{t.id} {t.name} {figures} {'ok' if out.ok else 'FAIL'}"


def timings_ms(fn: Callable[[], object], repeat: int, warmup: int = 1) -> list[float]:
    """Wall times of `repeat` calls in milliseconds, after `warmup` untimed calls."""
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def median_ms(fn: Callable[[], object], repeat: int, warmup: int = 1) -> float:
    return statistics.median(timings_ms(fn, repeat, warmup))


def sort_key(target_id: str) -> tuple[str, int, str]:
    """P2 before P10: letters, then the number, then the rest."""
    head = target_id.rstrip("0123456789")
    digits = target_id[len(head):]
    return (head, int(digits) if digits else -1, target_id)
