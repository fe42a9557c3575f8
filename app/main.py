"""`warboard`: the desktop program, or one of its command-line twins."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Dispatch: a known subcommand answers on the command line; otherwise open the window."""
    args = list(sys.argv[1:] if argv is None else argv)
    from app.i18n import lang_from_args

    try:
        _lang, rest = lang_from_args(args)
    except ValueError as e:
        print(f"warboard: error: {e}", file=sys.stderr)
        return 2
    if rest:  # a plain `warboard` opens the window without importing the command line
        from app import cli

        if rest[0] in cli.COMMANDS:
            return cli.run(args)
        if rest[:1] in (["-h"], ["--help"]):
            cli.set_language(_lang)
            sys.stdout.write(cli.overview())
            return 0
    if args[:1] == ["--self-test"]:
        from app import self_test

        return self_test.run()
    from app.window import run_gui

    return run_gui(args)


if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # the bundle: a process it spawns (app.offload)
        import multiprocessing  # runs its work here and leaves

        multiprocessing.freeze_support()
    sys.exit(main())
