"""The one `ast` scan of message templates that the Russian tests share: every call of
msg() (or another named maker, such as the renderer's `st.w`) whose first argument is a
literal string — or a conditional of literals — in a folder's Python files, so a new
untranslated template fails by file and line."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[2]


class Found(NamedTuple):
    """One template as written: its file (relative to the repository), line and text."""

    file: str
    line: int
    template: str


def literals(node: ast.AST) -> list[str]:
    """The literal strings an argument can be: a constant, or either side of `a if c else b`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return literals(node.body) + literals(node.orelse)
    return []


def _called(func: ast.AST) -> str | None:
    """The name a call is made by: `msg(…)` and `st.w(…)` alike."""
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def scan(folder: Path, makers: tuple[str, ...] = ("msg",)) -> list[Found]:
    """Every template of `makers`' calls in `folder`'s *.py files (not its subfolders)."""
    out = []
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args and _called(node.func) in makers:
                out.extend(Found(str(path.relative_to(ROOT)), node.lineno, t)
                           for t in literals(node.args[0]))
    return out


def raised_strings(path: Path) -> list[Found]:
    """Every `raise Error("…")` or `raise Error(f"…")` in a file: an error whose message
    (its last positional argument; the ones before may name the field) is a plain or
    formatted string, which no reader's language can show (a msg() template can)."""
    out = []
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            message = node.exc.args[-1]
            if isinstance(message, ast.JoinedStr) or literals(message):
                out.append(Found(str(path.relative_to(ROOT)), node.lineno,
                                 ast.unparse(message)))
    return out
