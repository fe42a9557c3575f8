"""`python -m bench [IDS...] [--full] [--tools select,zoom] [--tables 500,2000]`: run the
registered performance targets (`--tools` / `--tables`: only those board events of P8/P9).

Exit status 0 when every target run says ok, 1 when any says FAIL or a module failed.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import traceback

from bench import REGISTRY, Options, line, sort_key

#: Modules that register targets. Add yours here (P4 odds, P5 repaint, P6 start, P7 save).
MODULES: tuple[str, ...] = ("bench.geometry_bench", "bench.board_bench", "bench.gamefile_bench",
                            "bench.odds_bench", "bench.tools_bench", "bench.autosave_bench",
                            "bench.volley_bench", "bench.photo_bench", "bench.bases_bench",
                            "bench.cli_bench", "bench.house_bench", "bench.switch_bench",
                            "bench.start_bench")


def _names(text: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in text.split(",") if n.strip())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("ids", nargs="*", help="targets to run (default: all), e.g. P1 P3")
    parser.add_argument("--full", action="store_true",
                        help="time slow baselines over all their work, not a sample")
    parser.add_argument("--tools", default="",
                        help="P8/P9: only these tools' events, e.g. select,zoom (default: all)")
    parser.add_argument("--tables", default="",
                        help="P8/P9: only these tables, e.g. 500,2000 (default: all)")
    args = parser.parse_args(argv)
    failed = False
    for name in MODULES:
        try:
            importlib.import_module(name)
        except Exception:  # a broken module must not hide the others' figures
            print(f"{name}: import failed\n{traceback.format_exc()}", file=sys.stderr)
            failed = True
    wanted = {i.upper() for i in args.ids}
    unknown = wanted - REGISTRY.keys()
    if unknown:
        print(f"ids: unknown target(s) {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    options = Options(full=args.full, tools=_names(args.tools), tables=_names(args.tables))
    for tid in sorted(REGISTRY, key=sort_key):
        if wanted and tid not in wanted:
            continue
        t = REGISTRY[tid]
        try:
            out = t.run(options)
        except Exception:
            print(f"{t.id} {t.name} error FAIL", flush=True)
            traceback.print_exc()
            failed = True
            continue
        failed |= not out.ok
        print(line(t, out), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
