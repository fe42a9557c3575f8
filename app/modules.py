"""The modules the main window installs at start-up, in order: each has
`install(window) -> object` (kept in `window.modules[name]`).

TOOL_MODULES add board tools (the select tool first: it is the default); WINDOW_MODULES add
everything else (files, log dock, …). Add one line per module; commit this file alone.
"""

TOOL_MODULES: tuple[str, ...] = (
    "app.tools.select",
    "app.tools.rotate", "app.tools.measure", "app.tools.threat", "app.tools.arcs",
    "app.tools.template", "app.tools.terrain_edit", "app.tools.units",
    "app.tools.pick",
)

WINDOW_MODULES: tuple[str, ...] = (
    "app.files",
    "app.log_dock",
    "app.library_dialog",
    "app.panels.turn_dock",
    "app.panels.action_panel",
    "app.panels.tests_dock",
)
