"""`warboard ruleset check FOLDER`: a house ruleset written as data (docs/house-rules.md)
read as the program reads it, every problem named with its file, line and field;
`warboard ruleset list`: every ruleset the program finds, and the house ones it refused."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.i18n import QT_TR_NOOP, tr

from .base import CliError, _emit, command, language


def _ruleset_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("what", choices=("check", "list"),
                   help=tr("check: read a ruleset folder and report its problems; "
                           "list: the rulesets found"))
    p.add_argument("folder", metavar="FOLDER", nargs="?",
                   help=tr("the ruleset's folder (holding rules.toml)"))
    p.add_argument("--json", action="store_true", help=tr("print JSON instead of text"))


def _check(folder: Path, as_json: bool) -> int:
    from engine.house.folder import RULES_FILE, load_folder

    if not (folder / RULES_FILE).is_file():
        raise CliError(tr("{folder}: no {file} in this folder").format(folder=folder,
                                                                       file=RULES_FILE))
    try:
        rs = load_folder(folder)
    except (ValueError, RecursionError, MemoryError) as e:
        _emit({"ok": False, "problem": str(e)}, str(e), as_json,
              sys.stdout if as_json else sys.stderr)
        return 1
    out = {"ok": True, "id": rs.id, "name": rs.name, "actions": [a.id for a in rs.actions],
           "profiles": len(rs.profiles), "weapons": len(rs.weapons)}
    from engine.i18n import localized

    name = localized(rs, language(), rs.id)
    out["name"] = name
    text = tr("{name}: {actions} actions, {profiles} profiles, {weapons} weapons — no "
              "problems found").format(name=name, actions=len(rs.actions),
                                       profiles=len(rs.profiles), weapons=len(rs.weapons))
    _emit(out, text, as_json, sys.stdout)
    return 0


def _list(as_json: bool) -> int:
    from engine.rulesets.registry import house, house_errors, list_rulesets

    found = house().folders
    from engine.i18n import localized

    rows = [{"id": rs.id, "name": localized(rs, language(), rs.id),
             "folder": str(found[rs.id]) if rs.id in found else None}
            for rs in list_rulesets()]
    errors = house_errors()
    if as_json:
        _emit({"rulesets": rows, "refused": errors}, "", True, sys.stdout)
        return 0
    for row in rows:
        where = f"  ({row['folder']})" if row["folder"] else ""
        print(f"{row['name']}{where}")
    for e in errors:
        print(tr("refused: {problem}").format(problem=e), file=sys.stderr)
    return 0


@command("ruleset", QT_TR_NOOP("check a house ruleset written as data, or list the rulesets "
                               "found"), _ruleset_arguments)
def cmd_ruleset(args: argparse.Namespace) -> int:
    """Exit 0 when the folder's ruleset reads cleanly, 1 with its first problem named."""
    if args.what == "list":
        return _list(args.json)
    if not args.folder:
        raise CliError(tr("ruleset check: the ruleset's FOLDER is required"))
    return _check(Path(args.folder), args.json)
