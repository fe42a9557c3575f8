"""Read data shipped inside the package (demo scenarios, rulesets), wherever it is installed.

`importlib.resources` finds the files in a source tree, an installed wheel or a frozen build
alike, so no caller builds a path from `__file__`.
"""

from __future__ import annotations

import json
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

PACKAGE = "resources"


def resource(*parts: str) -> Traversable:
    """The packaged file at `parts` below resources/, e.g. resource("scenarios", "x.json")."""
    node = files(PACKAGE)
    for part in parts:
        node = node.joinpath(part)
    return node


def read_text(*parts: str) -> str:
    """A packaged text file, decoded as UTF-8."""
    return resource(*parts).read_text(encoding="utf-8")


def read_json(*parts: str) -> Any:
    """A packaged JSON file, parsed."""
    return json.loads(read_text(*parts))


def list_names(*parts: str, suffix: str = "") -> list[str]:
    """File names in a packaged folder ending with `suffix`, sorted (e.g. the demo scenarios)."""
    return sorted(
        n.name for n in resource(*parts).iterdir() if n.is_file() and n.name.endswith(suffix)
    )
