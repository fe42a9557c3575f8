"""Iron Hearts (seed 000): WWII skirmish with d10 roll-under tests, suppression and tanks.

Infantry rules (helper IH-A) live in infantry-side modules, tank rules (helper IH-B) in
tanks.py; ruleset.py assembles both into the `RULESET` the registry discovers.
"""
