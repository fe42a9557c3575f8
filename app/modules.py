"""The modules the main window installs at start-up, in order: each has
`install(window) -> object` (kept in `window.modules[name]`).

TOOL_MODULES add the board tools — app.tools.catalog every tool's action (a tool's module is
imported when it is first used), the select tool's Move bar, the rotation handles and the
arcs — and WINDOW_MODULES everything else (files, log dock, …). Add one line per module;
commit this file alone.

When the program starts, window modules not in BEFORE_SHOW are installed just after the
window is first shown, over the game already on the board: their `install` must take that
game as it is (read `window.editor.game`), not wait for `game_replaced`.
"""

TOOL_MODULES: tuple[str, ...] = (
    "app.tools.catalog", "app.tools.select", "app.tools.rotate", "app.tools.arcs",
)

WINDOW_MODULES: tuple[str, ...] = (
    "app.files",
    "app.panels.dock_catalog",
    "app.library_menu",
    "app.panels.readings_dialog",
    "app.groups",
    "app.picture_menu",
    "app.backdrop",
    "app.turn_post_dialog",
    "app.sealed_dice",
    "app.zones",
    "app.settings_dialog",
    "app.room",
    "app.zoom",
    "app.first_run",
    "app.help_menu",
    "app.own_rules",
    "app.unit_menu",
)

#: Modules the first paint needs, or that must be in before a file is opened (the files
#: controller opens `warboard FILE`): installed before the window is first shown, with every
#: tool module. The other window modules (hidden docks, the Library menu) are installed just
#: after it is shown (`MainWindow.finish_startup`).
BEFORE_SHOW: frozenset[str] = frozenset({"app.files"})


def startup_split(names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """`names` in their order, cut at the first that may wait for the window to be shown:
    (installed before the first paint, installed just after). Cutting rather than picking
    keeps the install order whatever is deferred."""
    first = set(TOOL_MODULES) | BEFORE_SHOW
    cut = next((i for i, name in enumerate(names) if name not in first), len(names))
    return names[:cut], names[cut:]
