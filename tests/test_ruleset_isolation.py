"""Nothing ruleset-specific outside its package (issue 9): no discovered ruleset's id,
name, package name or data keys (its options, actions, declared facts, weapons, profiles,
profile fields) appear in app/, geometry/ or the generic engine — only in
engine/rulesets/<its package>/ (its card layouts included: engine/rulesets/<pkg>/cards.py).

A data key counts when it is distinctive (it has "_", "-", a digit or a space: "tank_fire",
"mg42", "us-rifleman"); a plain word ("shoot", "order", "flamer") is ordinary English and
the generic code may use it in prose. Names the protocol itself defines (the built-in facts,
the fields of its declarations, the scenario format's fields, role names, the turn's own
state keys) are its vocabulary, not a ruleset's; ALLOWED lists the few others with the
reason each is generic.

What a ruleset declares as its vocabulary (issue 36: `Ruleset.vocabulary` — its marker
names, unit and group state keys, badge words and the profile fields the board reads) is
checked harder: not even a plain word ("terror", "pinned") may be a string literal of the
generic code or a message of the app's translation source, since generic code that spells
one keeps a list of ruleset words instead of reading the declarations.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

from engine.board_rules import MARK_TONES, SHAPE_TONES, TONES
from engine.costs import Cost
from engine.protocol import (
    BUILTIN_FACTS,
    ROLE_KINDS,
    BadgeLook,
    BoardHints,
    FactSpec,
    Organisation,
    ProfileKeys,
    Role,
    Ruleset,
    Term,
    Vocabulary,
)
from engine.rulesets.registry import list_rulesets
from engine.scenario import Group, Scenario, Unit
from engine.triggers import BOUNDARIES, MOVE
from engine.turns import TURN_KEYS, TURN_STATE, TurnHooks, TurnStructure

ROOT = Path(__file__).resolve().parents[1]
#: modules outside the ruleset packages that may name a ruleset: none (a ruleset declares its
#: card layouts, actions, board hints … on its Ruleset, in its own package)
REGISTERED: tuple[str, ...] = ()
#: generic names that happen to equal a ruleset's key, and why they are generic
ALLOWED = {
    "facing_model": "engine.measure's facing models (geometry) and `warboard measure "
                    "--facing-model`; a ruleset's reading reaches them through "
                    "BoardHints.facing_model",
    "casualty": "engine.model's RemoveUnit: the reason a unit left the table when none is "
                "given",
    "order": "the scenario format's remembered key order (engine.scenario_io) and the "
             "order of sides and activations",
}


def package_of(rs: Ruleset) -> str:
    mods = {type(a).__module__.split(".")[2] for a in rs.actions
            if type(a).__module__.startswith("engine.rulesets.")}
    assert len(mods) == 1, (rs.id, mods)
    return mods.pop()


def _distinctive(term: str) -> bool:
    return bool(re.search(r"[_\-\d ]", term))


def vocabulary() -> set[str]:
    """The protocol's own names: its declarations' fields, the scenario format's, the role
    names and kinds actions fill, the turn's own state keys and boundaries, the tones the
    board colours."""
    names = set(BUILTIN_FACTS)
    for cls in (Ruleset, BoardHints, TurnStructure, TurnHooks, Cost, Organisation, Role,
                FactSpec, Vocabulary, Term, ProfileKeys, Unit, Group, Scenario):
        names |= {f.name for f in dataclasses.fields(cls)}
    names |= set(BadgeLook._fields) | set(ROLE_KINDS) | set(TURN_KEYS) | set(TURN_STATE)
    names |= {*BOUNDARIES, MOVE, *TONES, *SHAPE_TONES, *MARK_TONES, "removed"}
    names |= {r.name for rs in list_rulesets() for a in rs.actions for r in a.roles}
    return names


def declared(rs: Ruleset) -> set[str]:
    """The words `rs` declares as its vocabulary: marker names, unit and group state keys,
    the profile fields the board reads, its badge words (two letters or more: a lone
    letter is no word) and the sides it gives a colour."""
    v = rs.vocabulary
    badges = {b.strip() for b in v.badge_labels()}
    return v.keys() | set(v.profile.fields()) | {b for b in badges if len(b) >= 2} \
        | v.side_names()


def declared_terms() -> dict[str, set[str]]:
    """Every ruleset's declared words but the protocol's own and ALLOWED, by ruleset id —
    a word two rulesets declare ("suppression") is still a ruleset's word."""
    shared = vocabulary() | set(ALLOWED)
    return {rs.id: {t for t in declared(rs) if t not in shared} for rs in list_rulesets()}


def ruleset_terms(rs: Ruleset) -> set[str]:
    """What names this ruleset and no other: its id, name, package, distinctive keys —
    options, facts, actions, weapons, profiles, profile fields, the per-unit state keys
    its turn clears (`clear_each_turn`: "cannot_act", "grenade_turn"), its group kinds
    ("mortar_battery") and its declared vocabulary ("commander_exposed")."""
    from engine.turns import structure_of

    pkg = package_of(rs)
    own = {rs.id, rs.id.replace("-", "_"), pkg, rs.name.split("(")[0].strip()}
    keys = {o.id for o in rs.options} | {f.name for f in rs.facts} \
        | {a.id for a in rs.actions} | set(rs.weapons) | set(rs.profiles) \
        | {k for schema in rs.profile_fields.values() for k in schema} \
        | set(structure_of(rs).clear_each_turn) \
        | {k.id for k in (rs.organisation.kinds if rs.organisation else ())} \
        | declared(rs)
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
    token = re.compile(r"[\w-]+")
    for path, text in files:
        # a term's first word, when made of [\w-], can match only as a whole [\w-]+ token
        # of the text (the pattern's bounds): terms whose first word is no token are skipped
        words = set(token.findall(text))
        folded = {w.lower() for w in words}
        lines = text.splitlines()
        for (rid, t), rx in patterns.items():
            first = t.split()[0]
            if token.fullmatch(first) and (
                    first.lower() not in folded if rx.flags & re.IGNORECASE
                    else first not in words):
                continue
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


def literal_hits(files: list[tuple[str, str]], terms: dict[str, set[str]]) -> list[str]:
    """'path:line: ruleset: term' for every string literal of the Python files, and every
    message of the translation sources, that is exactly a declared term (spaces aside)."""
    by_term: dict[str, list[str]] = {}
    for rid, ts in terms.items():
        for t in ts:
            by_term.setdefault(t, []).append(rid)
    out = []
    for path, text in files:
        if path.endswith(".py"):
            found = [(n.lineno, n.value) for n in ast.walk(ast.parse(text))
                     if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        elif path.endswith(".ts"):
            found = [(text.count("\n", 0, m.start()) + 1, m.group(1))
                     for m in re.finditer(r"<source>([^<]*)</source>", text)]
        else:
            continue
        for line, value in found:
            for rid in by_term.get(value.strip(), ()):
                out.append(f"{path}:{line}: {rid}: {value.strip()!r}")
    return sorted(out, key=lambda h: (h.split(":")[0], int(h.split(":")[1])))


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


def test_every_ruleset_declares_its_vocabulary():
    """The words the board once listed itself come from the declarations now (issue 36)."""
    terms = declared_terms()
    assert {"suppression", "pinned", "shaken", "hp", "commander_exposed", "PIN", "SHK",
            "turret"} <= terms["iron-hearts"] | vocabulary()
    assert {"terror", "suppressed", "routing", "officer", "reds", "whites"} \
        <= terms["civil-war-company"]
    assert {"wounds", "panicking"} <= terms["boets-sci-fi"]
    assert "suppression" in terms["keno-platoon"]       # two rulesets' word: still theirs
    for rs in list_rulesets():
        assert rs.vocabulary.profile.fields(), rs.id


def test_no_declared_word_is_spelt_in_generic_code():
    files = [(p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8"))
             for p in generic_files()]
    found = literal_hits(files, declared_terms())
    assert not found, "declared ruleset words spelt outside the ruleset's package:\n" + \
        "\n".join(found)


def test_the_literal_scan_finds_a_planted_word():
    terms = declared_terms()
    planted = [("app/board/x.py", 'BADGES = {\n    "terror": ("T", "#7b4fa3"),\n}\n'),
               ("engine/y.py", 'def f(u):\n    """Reads "pinned" in prose."""\n'
                               '    return u.markers.get("suppression ")\n'),
               ("app/i18n/z.ts", "<message>\n<source>SHK</source>\n</message>\n"),
               ("app/i18n/w.ts", "<message>\n<source>S</source>\n</message>\n")]
    found = literal_hits(planted, terms)
    assert [":".join(f.split(":")[:2]) for f in found] == \
        ["app/board/x.py:2", "app/i18n/z.ts:2", "engine/y.py:3", "engine/y.py:3"]
    assert {f.split(": ")[1] for f in found if f.startswith("engine/y.py")} == \
        {"iron-hearts", "keno-platoon"}
