"""Where house rulesets are found: the folders under resources/rulesets/ that hold a
rules.toml, the game master's own rulesets folder (<data folder>/rulesets/, next to the
unit library), and any folder named in $WARBOARD_RULESETS (os.pathsep-separated; each a
ruleset folder or a folder of them). One that cannot be read is reported, never fatal:
the others still load."""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from engine.house.folder import RULES_FILE, is_house_folder, load_folder
from engine.protocol import Ruleset

__all__ = ["HouseRulesets", "house_folders", "user_rulesets_folder", "load_house"]

ENV = "WARBOARD_RULESETS"


def user_rulesets_folder() -> Path:
    """The game master's rulesets folder: <$WARBOARD_DATA_DIR or the user data folder>/
    rulesets (made when first asked for)."""
    import platformdirs

    base = os.environ.get("WARBOARD_DATA_DIR") or platformdirs.user_data_dir(
        "warboard", appauthor=False)
    return Path(base) / "rulesets"


def _children(folder: Path) -> list[Path]:
    if is_house_folder(folder):
        return [folder]
    try:
        return sorted(p for p in folder.iterdir() if p.is_dir() and is_house_folder(p))
    except OSError:
        return []


def house_folders() -> list[Path]:
    """Every folder holding a house ruleset, the shipped ones first."""
    shipped = Path(str(files("resources.rulesets")))
    out = _children(shipped) if shipped.is_dir() else []
    out += _children(user_rulesets_folder())
    for extra in filter(None, os.environ.get(ENV, "").split(os.pathsep)):
        out += _children(Path(extra))
    return list(dict.fromkeys(out))


@dataclass
class HouseRulesets:
    """The house rulesets that loaded (by id, with their folders) and what did not."""

    rulesets: dict[str, Ruleset]
    folders: dict[str, Path]
    errors: list[str]


def load_house(taken: set[str]) -> HouseRulesets:
    """Load every house folder; `taken` are the ids the Python rulesets use (a house
    ruleset may not replace one)."""
    found = HouseRulesets({}, {}, [])
    for folder in house_folders():
        try:
            rs = load_folder(folder)
        except (ValueError, RecursionError, MemoryError) as e:
            found.errors.append(f"{folder / RULES_FILE}: {e}")
            continue
        if rs.id in taken or rs.id in found.rulesets:
            other = found.folders.get(rs.id, "a ruleset of the program")
            found.errors.append(f"{folder / RULES_FILE}: ruleset.id: {rs.id!r} is already "
                                f"the id of {other}")
            continue
        found.rulesets[rs.id] = rs
        found.folders[rs.id] = folder
    return found
