"""Boets sci-fi, Fighter level (seed 002): squads, platoons and companies of one armlist
with derived commander LDR, d20 ≥ LDR Leadership tests, command takeover, Panic retreats
toward the own table edge, templates that scatter by d20 and hit friends.

data.py (numbers from resources/rulesets/boets-sci-fi/), leadership.py (pure rules),
organisation.py (§4.1 checks), formations.py (fighters' formations on the board),
morale.py / fire.py (the actions), turn_hooks.py; ruleset.py assembles `RULESET`.
"""

from .ruleset import RULESET

__all__ = ["RULESET"]
