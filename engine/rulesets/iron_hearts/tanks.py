"""Iron Hearts tank rules: placeholder so the package imports. Owned by helper IH-B.

ruleset.py assembles `infantry.ACTIONS + tanks.ACTIONS` and `infantry.OPTIONS + tanks.OPTIONS`.
"""

ACTIONS: list = []
OPTIONS: list = []
