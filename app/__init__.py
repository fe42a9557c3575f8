"""Warboard's desktop program: the window, the board, its tools, docks and dialogs, and the
`warboard` command line.

What may import what inside app/ (an import goes down this list, never up, and no two
modules import each other, not even inside a function; the import-linter contract "No
import loops inside app/" in pyproject.toml checks it, and lists the few loops left to
break and the imports made for type checking only):

1. Entry points: app.main, app.cli (and its commands), app.self_test.
2. app.window: builds the main window and installs the modules app.modules lists by name
   (importlib), so it imports none of them. That is the one boundary of lazy loading: a
   listed module is imported when it is installed, and a dock builds its contents when
   first shown (app.panels.docks.LazyDock).
3. The installed modules: the tools (app.tools.*), files, docks (app.panels.*,
   app.log_dock), menus (app.library_menu, app.help_menu, ...), groups, zones, room, zoom.
   They reach one another through `window.services` (app.services), never by importing
   one another's objects off the window.
4. What they open on first use: dialogs and views (app.*_dialog(s), app.*_view,
   app.panels.readings_form, ...). A dialog never imports the menu or dock that opens it;
   what both need lives in a module of its own below them (app.help_texts,
   app.log_text).
5. The board (app.board: scene, view, items, labels) and shared widgets.
6. Foundations: app.services (types only), then app.i18n, which reads the saved language
   through app.settings, which finds its file through app.recent; app.heap,
   app.ui_thread.

Below app/ come engine/ and geometry/ (pyproject's layers contract).
"""
