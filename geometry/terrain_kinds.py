"""The terrain kinds and what each means before a piece overrides it: plain data, with
no numpy or shapely, so the window's terrain panel can list them before geometry loads
(geometry.terrain re-exports them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Movement = Literal["normal", "difficult", "impassable", "obstacle"]


@dataclass(frozen=True, slots=True)
class KindDefaults:
    """What a terrain kind means before a piece overrides it."""

    blocks_los: bool
    cover: int
    movement: Movement
    vehicle_movement: Movement
    los_depth_in: float | None = None  # woods: blocks only past this much along a line
    is_line: bool = False
    thickness_in: float = 0.0  # lines only
    hill: bool = False  # blocks between two units both off it


KINDS: dict[str, KindDefaults] = {
    "building": KindDefaults(True, 3, "difficult", "impassable"),
    "woods": KindDefaults(True, 1, "difficult", "difficult", los_depth_in=2.0),
    "hill": KindDefaults(False, 0, "normal", "normal", hill=True),
    "wall": KindDefaults(False, 2, "obstacle", "obstacle", is_line=True, thickness_in=0.25),
    "hedge": KindDefaults(False, 1, "obstacle", "obstacle", is_line=True, thickness_in=0.5),
    "trench": KindDefaults(False, 4, "normal", "normal"),
    "fortification": KindDefaults(False, 4, "normal", "normal"),
    "rough": KindDefaults(False, 1, "difficult", "difficult"),
    "crops": KindDefaults(False, 1, "difficult", "difficult"),
    "water": KindDefaults(False, 0, "impassable", "impassable"),
    "road": KindDefaults(False, 0, "normal", "normal"),
    # a railway line: crossed freely; rail vehicles keep to its intact pieces (05 §6-5)
    "railway": KindDefaults(False, 0, "normal", "normal", is_line=True, thickness_in=1.0),
}
