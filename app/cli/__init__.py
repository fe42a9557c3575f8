"""The command line: the engine's answers without the window (design.md, "Command line").

One module per subcommand (measure, template, cards, resolve, odds, picture, organisation,
verify, help) over one argument layer (app.cli.base: the registry, the shared argument
types, the parser and the language). Each subcommand is a pair of functions — one
declaring its arguments, one doing the work — registered in COMMANDS with `@command`;
importing its module registers it, in the order `warboard help` lists them. `run(argv)`
parses and dispatches. Problems the user can fix (a bad file, an unknown unit id, a
malformed argument) print one line on stderr and return exit status 2, as argparse does
for its own errors; nothing here raises SystemExit. The commands that roll (resolve) and
price (odds) go through the referee (engine.play), as the docks do.

Engine modules are imported inside the functions that use them: app.main imports this
package on every start, window or not.
"""

from __future__ import annotations

from . import (  # noqa: I001 (registration order is help's order)  # noqa: I001
    action_args,
    cards,
    help,
    measure,
    odds,
    organisation,
    photo,
    picture,
    post,
    resolve,
    ruleset,
    template,
    verify,
    witness,
)
from .base import (
    COMMANDS,
    PROG,
    USAGE_ERROR,
    CliError,
    Command,
    _install_language,
    command,
    finite_float,
    key_value,
    language,
    modifier_spec,
    open_scenario,
    scatter_spec,
    set_language,
    unit_list,
    warn_off_table,
)
from .dispatch import build_parser, run
from .help import overview
from .odds import odds_dict, odds_text
from .verify import VERIFY_FAILED

__all__ = ["COMMANDS", "PROG", "USAGE_ERROR", "VERIFY_FAILED", "CliError", "Command",
           "_install_language", "action_args", "build_parser", "cards", "command",
           "finite_float", "help", "key_value", "language", "measure", "modifier_spec",
           "odds", "odds_dict", "odds_text", "open_scenario", "organisation", "overview",
           "photo", "picture", "post", "resolve", "ruleset", "run", "scatter_spec", "set_language",
           "template", "unit_list", "verify", "warn_off_table", "witness"]
