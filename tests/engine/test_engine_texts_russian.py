"""Every message the generic engine and Iron Hearts write (issue #16) has its Russian: the
`msg("…")` templates (and the renderer's `st.w("…")` phrases) are found by reading the
source with `ast`, so a new untranslated one fails here by name, file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.i18n import glossary

from .msg_scan import ROOT, Found, scan

#: source folders → the glossary scope their messages are looked up in ("" the generic one)
SOURCES = {"engine": "", "engine/protocol": "", "engine/turns": "", "engine/model": "",
           "engine/rulesets/iron_hearts": "iron-hearts"}


def templates(folder: Path) -> list[Found]:
    """(file, line, template) of every msg("…") / .w("…") call with a literal template."""
    return scan(folder, ("msg", "w"))


def test_the_scan_finds_the_engine_messages():
    found = {t for _f, _l, t in templates(ROOT / "engine")}
    assert "{who} has {left} AP left: {action} costs {ap} AP" in found
    assert "d{sides}" in found


@pytest.mark.parametrize("folder", list(SOURCES))
def test_every_message_has_russian(folder):
    scope = SOURCES[folder]
    ru = {**glossary("ru", ""), **(glossary("ru", scope) if scope else {})}
    missing = [f"{f}:{line}: {t!r}" for f, line, t in templates(ROOT / folder)
               if t not in ru]
    assert missing == [], f"{len(missing)} messages with no Russian:\n" + "\n".join(missing)
