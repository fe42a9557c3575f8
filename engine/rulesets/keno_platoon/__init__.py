"""Keno vs "Steel", platoon level (seed 004): the chain of command, alternating
activations of two actions, passed actions and the communication test, reorganisation
(merge, detach) and movement with the 2dN combat move."""

from .ruleset import RULESET

__all__ = ["RULESET"]
