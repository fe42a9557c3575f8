"""List modules and functions that break the house size rules.

The style brief asks for modules of at most ~600 lines and functions of at
most ~80 lines (the ``def`` line to the last line of the body, docstring and
decorators included).  This walks the product packages with ``ast`` so the
lead can see what is left without reading every file.

Usage: ``python tools/long_functions.py [--module-limit N] [--function-limit N] [PATH ...]``
(default paths: app engine geometry).  Exits 1 when anything is over.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path

DEFAULT_PATHS = ("app", "engine", "geometry")


def _python_files(paths: list[str]) -> Iterator[Path]:
    for name in paths:
        root = Path(name)
        if root.is_file():
            yield root
        else:
            yield from sorted(root.rglob("*.py"))


def _functions(
    tree: ast.AST, prefix: str = ""
) -> Iterator[tuple[str, int, int]]:
    """Yield (qualified name, first line, line count) of every def."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min(
                [node.lineno] + [d.lineno for d in node.decorator_list]
            )
            last = node.end_lineno or node.lineno
            name = f"{prefix}{node.name}"
            yield name, first, last - first + 1
            yield from _functions(node, f"{name}.")
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node, f"{prefix}{node.name}.")
        else:
            yield from _functions(node, prefix)


def report(
    paths: list[str], module_limit: int, function_limit: int
) -> tuple[list[str], list[str]]:
    """Return the lines describing long modules and long functions."""
    modules: list[str] = []
    functions: list[str] = []
    for path in _python_files(paths):
        text = path.read_text(encoding="utf-8")
        lines = len(text.splitlines())
        if lines > module_limit:
            modules.append(f"{path}: {lines} lines")
        tree = ast.parse(text, filename=str(path))
        for name, first, count in _functions(tree):
            if count > function_limit:
                functions.append(f"{path}:{first} {name}: {count} lines")
    return modules, functions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=list(DEFAULT_PATHS))
    parser.add_argument("--module-limit", type=int, default=600)
    parser.add_argument("--function-limit", type=int, default=80)
    args = parser.parse_args(argv)
    modules, functions = report(
        args.paths, args.module_limit, args.function_limit
    )
    print(f"Modules over {args.module_limit} lines: {len(modules)}")
    for line in modules:
        print(f"  {line}")
    print(f"Functions over {args.function_limit} lines: {len(functions)}")
    for line in functions:
        print(f"  {line}")
    return 1 if modules or functions else 0


if __name__ == "__main__":
    sys.exit(main())
