"""Civil War company (seed 001): a company of platoon stands fires with one d6 per stand
(hit → result → cover), and the company fired on retreats, takes Terror markers, loses
platoons and tests SERIOUS / FEAR with 2d6; machine guns by crew quality; artillery with
3" / 5" templates scattered by d6 − accuracy.

data.py (numbers from resources/rulesets/civil-war-company/), modifiers.py (which table
lines apply), fire_rules.py (plan / roll / price a volley), aftermath.py (the tests after
fire), artillery_rules.py (accuracy, scatter, stands under the template), board.py
(geometry inside a resolution), companies.py (stands and company state on the board),
fire.py / artillery.py / morale_actions.py (the actions), cards.py (the printed cards'
layouts); ruleset.py assembles `RULESET`.
"""

from .ruleset import RULESET

__all__ = ["RULESET"]
