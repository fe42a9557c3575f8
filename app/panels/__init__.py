"""Engine panels: the docks where the board's facts meet the ruleset's rules.

- action_panel — the Actions dock (unit, action, roles, facts, options, odds, dice, steps,
  apply, copy); tests_dock — the same panel filtered on `Action.kind == "test"`;
- facts_view, options_view, odds_chart, dice_entry, steps_view — its parts, each built
  from the ruleset protocol's declarations only.

The pick tool that fills roles from the board is app/tools/pick.py. The turn tracker
(turn_dock) lives here too.
"""
