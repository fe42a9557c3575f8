"""Nothing ruleset-specific outside its package (issue 9): no discovered ruleset's id,
name, package name or data keys (its options, actions, declared facts, weapons, profiles,
profile fields) appear in app/, geometry/ or the generic engine — only in
engine/rulesets/<its package>/ (its card layouts included: engine/rulesets/<pkg>/cards.py).

A data key counts when it is distinctive (it has "_", "-", a digit or a space: "tank_fire",
"mg42", "us-rifleman"); a plain word ("shoot", "order", "flamer") is ordinary English and
the generic code may use it. Names the protocol itself defines (the built-in facts, the
fields of its declarations) are its vocabulary, not a ruleset's; ALLOWED lists the few
others with the reason each is generic.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from engine.costs import Cost
from engine.protocol import BUILTIN_FACTS, BoardHints, FactSpec, Organisation, Role, Ruleset
from engine.rulesets.registry import list_rulesets
from engine.turns import TurnHooks, TurnStructure

ROOT = Path(__file__).resolve().parents[1]
#: modules outside the ruleset packages that may name a ruleset: none (a ruleset declares its
#: card layouts, actions, board hints … on its Ruleset, in its own package)
REGISTERED: tuple[str, ...] = ()
#: generic names that happen to equal a ruleset's key, and why they are generic
ALLOWED = {
    "facing_model": "engine.measure's facing models (geometry) and `warboard measure "
                    "--facing-model`; a ruleset's reading reaches them through "
                    "BoardHints.facing_model",
}


def package_of(rs: Ruleset) -> str:
    mods = {type(a).__module__.split(".")[2] for a in rs.actions
            if type(a).__module__.startswith("engine.rulesets.")}
    assert len(mods) == 1, (rs.id, mods)
    return mods.pop()


def _distinctive(term: str) -> bool:
    return bool(re.search(r"[_\-\d ]", term))


def vocabulary() -> set[str]:
    """The protocol's own names."""
    names = set(BUILTIN_FACTS)
    for cls in (Ruleset, BoardHints, TurnStructure, TurnHooks, Cost, Organisation, Role,
                FactSpec):
        names |= {f.name for f in dataclasses.fields(cls)}
    return names


def ruleset_terms(rs: Ruleset) -> set[str]:
    """What names this ruleset and no other: its id, name, package, distinctive keys —
    options, facts, actions, weapons, profiles, profile fields, the per-unit state keys
    its turn clears (`clear_each_turn`: "cannot_act", "grenade_turn") and its group
    kinds ("mortar_battery")."""
    from engine.turns import structure_of

    pkg = package_of(rs)
    own = {rs.id, rs.id.replace("-", "_"), pkg, rs.name.split("(")[0].strip()}
    keys = {o.id for o in rs.options} | {f.name for f in rs.facts} \
        | {a.id for a in rs.actions} | set(rs.weapons) | set(rs.profiles) \
        | {k for schema in rs.profile_fields.values() for k in schema} \
        | set(structure_of(rs).clear_each_turn) \
        | {k.id for k in (rs.organisation.kinds if rs.organisation else ())}
    return own | {k for k in keys if _distinctive(k)}


#: what the scan reads: the code, and the app's other text files (its Qt translation source)
SCANNED = ("*.py", "*.ts", "*.qss", "*.qml", "*.ui", "*.json", "*.toml", "*.md", "*.txt",
           "*.yaml", "*.yml", "*.ini", "*.cfg")


def generic_files() -> list[Path]:
    """app/, geometry/ and engine/ without the ruleset packages (registry.py stays): every
    file of SCANNED kinds, not only the Python."""
    out = []
    for top in ("app", "geometry", "engine"):
        for p in sorted(q for pat in SCANNED for q in (ROOT / top).rglob(pat)):
            rel = p.relative_to(ROOT).as_posix()
            if rel.startswith(REGISTERED):
                continue
            parts = rel.split("/")
            if parts[:2] == ["engine", "rulesets"] and len(parts) > 3:
                continue  # a ruleset's own package
            out.append(p)
    return out


def hits(files: list[tuple[str, str]], terms: dict[str, set[str]]) -> list[str]:
    """'path:line: ruleset: term' for every term found in the (path, text) files."""
    out = []
    # a name of several words may be broken over lines (a docstring, a "# …" comment)
    gap = r"\s+(?:#\s*)?"
    patterns = {(rid, t): re.compile(r"(?<![\w-])" + gap.join(map(re.escape, t.split()))
                                     + r"(?![\w-])", re.IGNORECASE if " " in t else 0)
                for rid, ts in terms.items() for t in ts}
    for path, text in files:
        lines = text.splitlines()
        for (rid, t), rx in patterns.items():
            for m in rx.finditer(text):
                i = text.count("\n", 0, m.start()) + 1
                out.append(f"{path}:{i}: {rid}: {t!r}: {lines[i - 1].strip()[:90]}")
    return sorted(out, key=lambda h: (h.split(":")[0], int(h.split(":")[1])))


def all_terms() -> dict[str, set[str]]:
    rulesets = list_rulesets()
    terms = {rs.id: ruleset_terms(rs) for rs in rulesets}
    shared = vocabulary() | set(ALLOWED)
    seen: dict[str, int] = {}
    for ts in terms.values():
        for t in ts:
            seen[t] = seen.get(t, 0) + 1
    # a key two rulesets share is common vocabulary ("weapons", "range_m"), not either's
    return {rid: {t for t in ts if t not in shared and seen[t] == 1}
            for rid, ts in terms.items()}


def test_every_ruleset_is_found_and_has_terms():
    terms = all_terms()
    assert len(terms) >= 5
    ih = terms["iron-hearts"]
    assert {"iron-hearts", "iron_hearts", "Iron Hearts", "tank_fire", "mg42",
            "cannot_act", "grenade_turn"} <= ih
    assert "mortar_battery" in terms["keno-platoon"]


def test_the_scan_covers_engine_geometry_and_app_as_the_issue_says():
    """#9's grep criterion: engine/ outside engine/rulesets/<id>/, geometry/, and app/
    outside the modules a ruleset registers — every file there, the translation source
    included; the ruleset packages and registered modules are the only ones left out."""
    scanned = {p.relative_to(ROOT).as_posix() for p in generic_files()}
    everything = {p.relative_to(ROOT).as_posix() for top in ("app", "geometry", "engine")
                  for p in (ROOT / top).rglob("*") if p.is_file()
                  and "__pycache__" not in p.parts and f"*{p.suffix}" in SCANNED}
    left_out = everything - scanned
    assert {"engine/costs.py", "engine/rulesets/registry.py", "geometry/ranges.py",
            "app/panels/action_panel.py", "app/i18n/warboard_ru.ts"} <= scanned
    for rel in left_out:
        parts = rel.split("/")
        assert rel.startswith(REGISTERED) or (parts[:2] == ["engine", "rulesets"]
                                              and len(parts) > 3), rel
    for rs in list_rulesets():
        pkg = package_of(rs)
        assert not any(r.startswith(f"engine/rulesets/{pkg}/") for r in scanned), pkg


def test_no_ruleset_is_named_outside_its_package():
    files = [(p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8"))
             for p in generic_files()]
    found = hits(files, all_terms())
    assert not found, "ruleset-specific names outside the ruleset's package:\n" + \
        "\n".join(found)


def test_the_scan_finds_a_planted_name():
    terms = all_terms()
    planted = [("app/panels/x.py", "x = 1\nif rs.id == 'iron-hearts':\n    pass\n"),
               ("engine/y.py", "# the Iron Hearts way\nopts['tank_fire']\n"),
               ("geometry/z.py", "ranges = {'tank_gun': 1}  # keno's\nshoot = 2\n")]
    found = hits(planted, terms)
    assert [f.split(":")[0] + ":" + f.split(":")[1] for f in found] == \
        ["app/panels/x.py:2", "engine/y.py:1", "engine/y.py:2"] + \
        (["geometry/z.py:1"] if "tank_gun" in set().union(*terms.values()) else [])
    assert not hits([("app/a.py", "def shoot(order): return flamer\n")], terms)
    # a name broken over two lines of a docstring is still found
    broken = hits([("engine/w.py", '"""a card (an Iron\n    Hearts vehicle)"""\n')], terms)
    assert [h.split(":")[1] for h in broken] == ["1"]
