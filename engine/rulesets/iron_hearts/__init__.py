"""Iron Hearts (seed 000): WWII skirmish with d10 roll-under tests, suppression and tanks.

Infantry rules (helper IH-A) live in infantry.py and the modules it gathers (shooting,
morale, melee), tank rules (helper IH-B) in tanks.py; ruleset.py assembles both into the
`RULESET` that the registry discovers here, on the package.
"""

from .ruleset import RULESET

__all__ = ["RULESET"]
