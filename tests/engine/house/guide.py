"""The ruleset docs/house-rules.md builds, written out of the guide's own code blocks
(each ```toml file=NAME block appended to NAME, in order) into a folder."""

from __future__ import annotations

import re
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[3] / "docs" / "house-rules.md"
_BLOCK = re.compile(r"^```(?:toml|json) file=(\S+)\n(.*?)^```", re.M | re.S)


def blocks() -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in _BLOCK.finditer(GUIDE.read_text("utf-8"))]


def build(folder: Path) -> Path:
    """Write the guide's ruleset into `folder` (made); returns the ruleset's folder."""
    rules = folder / "frontier-skirmish"
    rules.mkdir(parents=True, exist_ok=True)
    for name, text in blocks():
        target = folder / name if name.endswith(".json") else rules / name
        with target.open("a", encoding="utf-8") as f:
            f.write(text + "\n")
    return rules
