"""What the Russian walks (tests/app/test_russian_walk.py, tests/engine/russian_walk.py)
count as English, in one place: a Latin word of three letters or more that is neither on
the walk's allowlist (the proper names of the table, formats, units of measure) nor in a
part of the text the walk strips first (markup, file names, code names quoted from the
rules' sources). Each walk says what it strips and what it always allows."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from engine.rulesets.registry import get_ruleset

LATIN = re.compile(r"[A-Za-z][A-Za-z'’]{2,}")

# Parts of a text that are not words to translate, for `english(strip=...)`: each entry is
# removed in turn (an entry may join several with "|", removed as one pattern).
#: rich-text markup and entities
MARKUP = r"<[^>]+>|&\w+;"
#: file names and paths (Open Recent, the file dialogs)
FILE_NAMES = r"(/[\w.+-]+)+/?|\b[\w./-]+\.(json|warboard|txt|png|svg|pdf|md)\b"
#: code names quoted from the rules' sources: option ids, data keys ("a.b", "a_b[c]")
CODE_NAMES = r"\b\w+[._]\w+(\.\w+|\[\w+\])*"
#: the rules' section marks (§4.15, §5.5-2)
SECTIONS = r"§[\w.\-–]+"
#: the words of the sources' citations: seed lines, issues
CITATIONS = r"\b(seed|issue|max|IH|L\d+)\b"


def table_words(scenario, rid: str, always: Iterable[str] = (),
                also: Iterable[str] = ()) -> set[str]:
    """The Latin words a Russian text of this table may keep: `always` (the walk's own
    list), and those of the table's proper names — the scenario, the ruleset (id and
    name), units (id, name, side, profile), groups (id, name, side), `also` (more texts
    the walk shows by name), and the record names the ruleset keeps in Latin in Russian."""
    rs = get_ruleset(rid)
    texts: list[str] = [scenario.name, rid, rs.name, *also]
    for u in scenario.units:
        texts += [u.id, u.label, u.side, u.profile]
    for g in getattr(scenario, "groups", ()) or ():
        texts += [str(g.id), str(getattr(g, "name", "") or ""),
                  str(getattr(g, "side", "") or "")]
    texts += record_names(dict(rs.profiles)) + record_names(dict(rs.weapons))
    words = set(always)
    for t in texts:
        words.update(LATIN.findall(t))
    return words


def record_names(node) -> list[str]:
    """The Russian forms (`*_ru`) in ruleset records, and the names and models that have
    none (a proper name with no Russian form: a crew member, "MG 34")."""
    out: list[str] = []
    if isinstance(node, dict):
        for k, v in node.items():
            if k.endswith("_ru") and isinstance(v, str):
                out.append(v)
            elif k in ("name", "model") and isinstance(v, str) and not node.get(f"{k}_ru"):
                out.append(v)
            out += record_names(v)
    elif isinstance(node, list | tuple):
        for v in node:
            out += record_names(v)
    return out


#: a word cut short with an ellipsis to fit (a long name in a card's title band)
ELIDED = re.compile(r"(\w+)…")


def english(texts: Iterable[str], allowed: set[str], strip: Sequence[str]) -> list[str]:
    """The texts (each once, sorted) with a Latin word not in `allowed`, once the parts
    `strip` names are taken out; a word cut short with "…" counts as the allowed word it
    begins ("compa…" of a group named "… company": the font decides where the cut falls)."""
    patterns = [re.compile(p) for p in strip]
    found = []
    for t in texts:
        plain = ELIDED.sub(lambda m: _completed(m.group(1), allowed), str(t))
        for p in patterns:
            plain = p.sub(" ", plain)
        if any(w not in allowed for w in LATIN.findall(plain)):
            found.append(str(t).strip())
    return sorted(set(found))


def _completed(head: str, allowed: set[str]) -> str:
    """The allowed word `head` begins, or `head` itself."""
    return next((w for w in sorted(allowed) if w.startswith(head)), head)
