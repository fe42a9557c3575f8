"""Butterfly Effect (seed 003, rules file 04): operatives' combat with d6 pools, distance
bands, simultaneous fire, cover and camouflage, and the stealth duel."""

from .ruleset import RULESET

__all__ = ["RULESET"]
