"""The Tests dock: the unit-wide tests a ruleset declares (`Action.kind == "test"`) that
the selected unit can take (`Ruleset.actions_for`) — Iron Hearts' start-of-turn
suppression tests, overcome, the commander's rally, stat and skill checks, detection, the
death roll — with the same facts / odds / roll / enter dice / apply flow as the action
panel. It is the action panel filtered on kind, not a copy.
"""

from __future__ import annotations

from .action_panel import ActionPanel, is_test
from .docks import add_view_dock


class TestsDock(ActionPanel):
    """An ActionPanel listing only the ruleset's tests (those the selected unit can take)."""

    __test__ = False  # not a pytest class, whatever its name

    def __init__(self, window) -> None:
        super().__init__(window, title="Tests", object_name="tests-dock", accept=is_test)


def install(window) -> TestsDock:
    """The Tests dock, tabbed with the Actions dock (View ▸ Tests, Ctrl+Shift+T)."""
    dock = TestsDock(window)
    add_view_dock(window, dock, "&Tests", "Ctrl+Shift+T", tab_with=ActionPanel)
    window.tests_dock = dock
    return dock
