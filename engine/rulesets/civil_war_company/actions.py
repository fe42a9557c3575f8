"""Every Civil War action, in the order the app lists them."""

from __future__ import annotations

from .fire import Fire

__all__ = ["ACTIONS"]

ACTIONS = (Fire(),)
