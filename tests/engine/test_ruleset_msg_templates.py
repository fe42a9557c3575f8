"""Every msg() template Civil War, Boets, Butterfly Effect and Keno write has a Russian
translation (issue #16): the templates are found by scanning each package's source with
`ast` — a msg() call whose first argument is a literal (or a conditional of literals) — so
a new untranslated one fails here; one of fields and signs only ('{unit}: {why}') needs
none. Each translation keeps exactly its template's fields."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.i18n import glossary, in_context

from .msg_scan import ROOT, literals, scan

PACKAGES = {
    "civil-war-company": "civil_war_company",
    "boets-sci-fi": "boets_sci_fi",
    "butterfly-effect": "butterfly_effect",
    "keno-platoon": "keno_platoon",
}
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
FIELD = re.compile(r"\{(\w+)[^{}]*\}")


def templates(package: str) -> dict[str, str]:
    """template → "file:line" of every msg() call in engine/rulesets/<package>/."""
    out: dict[str, str] = {}
    for found in scan(ROOT / "engine" / "rulesets" / package):
        out.setdefault(found.template, f"{Path(found.file).name}:{found.line}")
    return out


def _words(template: str) -> bool:
    """Whether the template has words to translate (not only fields and signs such as
    '{unit}: {why}' or '{old:g}° → {new:g}°')."""
    plain = re.sub(r"\{[^{}]*\}", " ", template)
    return any(not w.isupper() for w in re.findall(r"[A-Za-z]{2,}", plain))  # "HP" stays


def _fields(text: str) -> set[str]:
    plain = re.sub(r"\{(\w+)\|[^{}]*\}", r"{\1}", text)
    return set(FIELD.findall(plain))


@pytest.mark.parametrize("rid", sorted(PACKAGES))
def test_every_msg_template_has_russian(rid):
    found = templates(PACKAGES[rid])
    assert len(found) > 10, "the scan found the package's templates"
    ru = {**glossary("ru", ""), **glossary("ru", rid)}
    # a printed card's template may have its Russian in the [cards] table only
    for t in found:
        if t not in ru and in_context(t, "cards") in ru:
            ru[t] = ru[in_context(t, "cards")]
    missing = [f"{where}: {t!r}" for t, where in found.items()
               if _words(t) and (t not in ru or not CYRILLIC.search(ru[t]))]
    assert not missing, f"{len(missing)} msg() templates without Russian in " \
        f"resources/rulesets/{rid}/glossary_ru.toml:\n" + "\n".join(missing)
    wrong = [f"{t!r}: {ru[t]!r}" for t in found if t in ru and _fields(t) != _fields(ru[t])]
    assert not wrong, "translations with other fields than their template:\n" + \
        "\n".join(wrong)


def test_a_template_of_fields_and_signs_needs_no_translation():
    assert not _words("{unit}: {why}") and not _words('{inches:g}" ({move_class})')
    assert not _words("−{n} HP ({before} → {after})")       # an abbreviation kept in Russian
    assert _words("{unit} goes prone")


def test_the_scan_sees_a_conditional_template():
    tree = ast.parse('msg("a {x}" if c else "b {x}", x=1)')
    call = tree.body[0].value
    assert literals(call.args[0]) == ["a {x}", "b {x}"]
