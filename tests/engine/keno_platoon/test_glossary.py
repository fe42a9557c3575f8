"""Russian beside English for what Keno writes (COMMON: every record, action and option):
each action's `label_ru`, each option's label and each fixed step label in the ruleset's
glossary (resources/rulesets/keno-platoon/glossary_ru.toml), Cyrillic, none left empty."""

from __future__ import annotations

import re
import tomllib

from engine.rulesets.keno_platoon import RULESET
from resources.loader import resource

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _terms() -> dict[str, str]:
    return tomllib.loads(resource("rulesets", "keno-platoon", "glossary_ru.toml")
                         .read_text(encoding="utf-8"))["terms"]


def test_every_action_has_a_russian_label():
    for a in RULESET.actions:
        assert CYRILLIC.search(getattr(a, "label_ru", "")), a.id


def test_every_option_and_fixed_step_label_is_in_the_glossary():
    terms = _terms()
    for o in RULESET.options:
        assert CYRILLIC.search(terms.get(o.label, "")), o.id
    for label in ("Normal move", "Communication test", "Reaction test (PROPOSED)",
                  "Morale test (PROPOSED)", "Casualty sorting (PROPOSED)", "through", "lost",
                  "Steady", "Shaken", "Broken"):
        assert CYRILLIC.search(terms.get(label, "")), label
    assert all(v.strip() for v in terms.values())
