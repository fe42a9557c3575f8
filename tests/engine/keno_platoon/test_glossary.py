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


def test_morale_labels_read_in_russian_in_the_merge_step_and_the_turn_flags():
    """label_morale (§3, §8-6) is a message: English as it was ("Shaken" in the merge step,
    "shaken" among the Turn dock's flags), Russian the record's own name_ru, the rules'
    term with its abbreviation (потрясённые (По)); no English word left."""
    from engine.i18n import localized
    from engine.rulesets.keno_platoon import common, turn_hooks
    from engine.scenario import Group
    from engine.turns import activate
    from tests.engine.russian_walk import ALLOW, english

    from .helpers import T, act, game_of, push, unit
    from .test_golden import start

    rid = RULESET.id
    assert [localized(common.label_morale(s), "ru", rid) for s in ("steady", "shaken",
                                                                    "broken")] == \
        ["стойкие (Ст)", "потрясённые (По)", "разбитые (Ра)"]
    a = unit("a", 10, 10, figures=2, quality="d10", level=3, morale="broken")
    b = unit("b", 11, 10, figures=3, quality="d6", level=2, morale="steady")
    g = game_of([a, b, unit("f", 50, 40, side="steel", profile="steel-tank")],
                [Group("plt", "platoon", ["a", "b"], side="keno")], sides=["keno", "steel"])
    start(g, [6, 1])
    push(g, activate(g, T, "a"))
    outcome = act(g, "merge_groups", "a", other="b").steps[0].outcome
    assert outcome == "5 figures, d6, level 2, Shaken"
    ru = localized(outcome, "ru", rid)
    assert ru == "5 фиг., к6, уровень 2, потрясённые (По)", ru
    flags = turn_hooks.flags(g, g.unit("a"))
    assert flags[0] == "shaken"
    shown = [localized(f, "ru", rid) for f in flags]
    assert shown[0] == "потрясённые (По)"
    assert english([ru, *shown], ALLOW) == []
