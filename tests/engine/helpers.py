"""Helpers the engine tests share (no tests here)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.model import Change, Game, ModelError, apply_change, revert_change


def check_revert_and_redo(make_game: Callable[[], Game], state: Callable[[Game], str],
                          batches: Iterable[Iterable]) -> None:
    """Apply each batch of effects as one Change to a fresh game (a refused change must leave
    no trace), revert them one by one through every earlier state back to a fresh game, then
    redo them all to the same end state. `state` is what must match (a JSON string)."""
    g = make_game()
    states = [state(g)]
    applied = []
    for batch in batches:
        ch = Change(list(batch))
        try:
            apply_change(g, ch)
        except ModelError:
            assert state(g) == states[-1]  # a refused change leaves no trace
            continue
        applied.append(ch)
        states.append(state(g))
    end = state(g)
    for ch in reversed(applied):
        revert_change(g, ch)
        states.pop()
        assert state(g) == states[-1]
    assert state(g) == state(make_game())
    for ch in applied:  # redo reproduces the same end state
        apply_change(g, ch)
    assert state(g) == end
