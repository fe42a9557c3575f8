"""Every command-line example in the README and the guide (docs/guide/) runs as written
(issue 16): each `warboard
COMMAND …` line of a ```sh block and each inline `warboard COMMAND …` span that names real
files (a reference to a command alone, such as `warboard measure`, is not an example; no
FILE / UNIT placeholders, no `…`, no `[optional]` or `a|b` syntax) is run from a
scratch folder holding a copy of resources/scenarios, and must exit 0."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from app import cli
from app.main import main

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
GUIDE = ROOT / "docs" / "guide"


def documents() -> list[Path]:
    """The README and every page of the guide."""
    return [README, *sorted(GUIDE.glob("*.md"))]
#: A word in capitals (FILE, UNIT, OUT …) is a placeholder; so are these marks of syntax.
PLACEHOLDER = re.compile(r"\b[A-Z][A-Z0-9_]+\b|…|\.\.\.|\||\[")


def _candidates(text: str) -> list[str]:
    """The `warboard …` commands of the README: lines of ```sh blocks, then inline spans
    (which may run over a line break)."""
    found: list[str] = []
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    for block in blocks:
        for line in block.splitlines():
            line = line.split(" #")[0].strip()
            if line.startswith("warboard "):
                found.append(line)
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    for span in re.findall(r"`(warboard [^`]+)`", prose):
        found.append(" ".join(span.split()))
    return found


def examples() -> list[str]:
    out = []
    text = "\n".join(p.read_text(encoding="utf-8") for p in documents())
    for line in _candidates(text):
        words = line.split()
        if len(words) < 3 or words[1] not in cli.COMMANDS or PLACEHOLDER.search(line):
            continue
        out.append(line)
    return out


def test_the_readme_has_runnable_examples():
    found = examples()
    assert len(found) >= 10, found
    assert {line.split()[1] for line in found} >= {"measure", "odds", "resolve", "picture"}


@pytest.mark.parametrize("line", examples())
def test_readme_example_runs(line, tmp_path, monkeypatch, qapp):
    shutil.copytree(ROOT / "resources" / "scenarios", tmp_path / "resources" / "scenarios")
    monkeypatch.chdir(tmp_path)
    assert main(shlex.split(line)[1:]) == 0, line
