"""The table picture: an image under the board (a forum map, a scan, a rectified photo of the
real table), placed on the table in inches, saved in the game file itself.

`Backdrop` is the image's bytes (PNG or JPEG, checked by engine.photo.header) and an affine
placement from image pixels to table inches, with how opaque and whether it shows. It is
part of the game (`Game.backdrop`) and changes through the `SetBackdrop` effect, so it is
undone, redone and autosaved like any edit. The game file keeps it in its own `backdrop`
table (engine/gamefile_schema.py), made only when a game has a picture: a game without one
is the same file as before.
"""

from __future__ import annotations

import base64
import hashlib
import math
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from engine.i18n import msg
from engine.model import Effect, Game, ModelError, register_path
from engine.photo.header import ImageRefused, image_info

__all__ = ["Backdrop", "SetBackdrop", "fit_to_table", "stretch_to_table", "scaled_by_points",
           "backdrop_from_image", "placement_problem", "backdrop_to_json", "backdrop_from_json"]

#: Image pixels → table inches: x = a·u + b·v + c, y = d·u + e·v + f.
Affine = tuple[float, float, float, float, float, float]


@dataclass(frozen=True, slots=True)
class Backdrop:
    """An image placed on the table. `transform` maps image pixels to table inches;
    `calibration` says how a photo was fitted (residual at the markers …), empty for a
    plain image."""

    image: bytes
    fmt: str
    width: int
    height: int
    transform: Affine
    opacity: float = 1.0
    visible: bool = True
    calibration: dict = field(default_factory=dict, compare=False)
    sha256: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.sha256:
            object.__setattr__(self, "sha256", hashlib.sha256(self.image).hexdigest())

    def with_(self, **changes: Any) -> Backdrop:
        """A copy with some fields changed (the image and its hash kept)."""
        return replace(self, **changes)

    def to_table(self, u: float, v: float) -> tuple[float, float]:
        a, b, c, d, e, f = self.transform
        return a * u + b * v + c, d * u + e * v + f

    def corners(self) -> list[tuple[float, float]]:
        """The image's corners on the table, inches (top-left, clockwise)."""
        w, h = self.width, self.height
        return [self.to_table(0, 0), self.to_table(w, 0), self.to_table(w, h),
                self.to_table(0, h)]


def placement_problem(transform: Any) -> Any:
    """Why `transform` cannot place an image (a message), or None."""
    if not (isinstance(transform, list | tuple) and len(transform) == 6 and all(
            isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)
            and abs(x) < 1e7 for x in transform)):
        return msg("expected six finite numbers")
    a, b, _c, d, e, _f = transform
    if abs(a * e - b * d) < 1e-12:
        return msg("the image would be squeezed to a line")
    return None


def fit_to_table(width: int, height: int, table_w: float, table_h: float) -> Affine:
    """The image as large as fits on the table, its proportions kept, centred."""
    s = min(table_w / width, table_h / height)
    return (s, 0.0, (table_w - s * width) / 2, 0.0, s, (table_h - s * height) / 2)


def stretch_to_table(width: int, height: int, table_w: float, table_h: float) -> Affine:
    """The image's corners on the table's corners (a map drawn edge to edge)."""
    return (table_w / width, 0.0, 0.0, 0.0, table_h / height, 0.0)


def scaled_by_points(transform: Affine, p1: tuple[float, float], p2: tuple[float, float],
                     distance_in: float) -> Affine:
    """The placement rescaled about `p1` so that the two table points `p1`, `p2` (where
    the player clicked on the picture) are `distance_in` apart: the picture's own scale
    set from one known length."""
    now = math.dist(p1, p2)
    if now < 1e-9 or not (math.isfinite(distance_in) and distance_in > 0):
        raise ValueError(msg("two different points and a distance above 0 are needed"))
    k = distance_in / now
    a, b, c, d, e, f = transform
    x0, y0 = p1
    return (k * a, k * b, x0 + k * (c - x0), k * d, k * e, y0 + k * (f - y0))


def backdrop_from_image(data: bytes, table_w: float, table_h: float, *,
                        stretch: bool = False) -> Backdrop:
    """A picture from an image file's bytes, fitted to the table (ImageRefused naming
    why an image is not taken)."""
    info = image_info(data)
    place = stretch_to_table if stretch else fit_to_table
    return Backdrop(data, info.fmt, info.width, info.height,
                    place(info.width, info.height, table_w, table_h), 0.6)


# --------------------------------------------------------------------------- JSON form


def backdrop_to_json(b: Backdrop, *, with_image: bool = True) -> dict:
    """The picture as plain JSON (the image as base64 when `with_image`; the game file
    stores the bytes beside this in a BLOB)."""
    d = {"format": b.fmt, "width": b.width, "height": b.height, "sha256": b.sha256,
         "transform": list(b.transform), "opacity": b.opacity, "visible": b.visible}
    if b.calibration:
        d["calibration"] = b.calibration
    if with_image:
        d["image"] = base64.b64encode(b.image).decode("ascii")
    return d


def backdrop_from_json(d: Any, image: Any = None) -> Backdrop:
    """A picture from its JSON form and its bytes (or the JSON's "image"), every field
    checked: ValueError(field, message) names the first bad one."""
    if not isinstance(d, dict):
        raise BackdropError("", msg("expected an object"))
    if image is None:
        try:
            image = base64.b64decode(d.get("image", ""), validate=True)
        except (ValueError, TypeError):
            raise BackdropError("image", msg("not base64 data")) from None
    if not isinstance(image, bytes):
        raise BackdropError("image", msg("expected the image's bytes"))
    try:
        info = image_info(image)
    except ImageRefused as e:
        raise BackdropError("image", e.args[0]) from None
    for key, want in (("format", info.fmt), ("width", info.width), ("height", info.height)):
        if d.get(key) != want:
            raise BackdropError(key, msg("the image is {want}, the row says {got}",
                                         want=want, got=repr(d.get(key))))
    sha = hashlib.sha256(image).hexdigest()
    if d.get("sha256") != sha:
        raise BackdropError("sha256", msg("the image's bytes do not match their hash"))
    why = placement_problem(d.get("transform"))
    if why is not None:
        raise BackdropError("transform", why)
    opacity = d.get("opacity", 1.0)
    if isinstance(opacity, bool) or not isinstance(opacity, int | float) or \
            not 0.0 <= opacity <= 1.0:
        raise BackdropError("opacity", msg("expected a number from 0 to 1, got {got}",
                                           got=repr(opacity)))
    visible = d.get("visible", True)
    if not isinstance(visible, bool):
        raise BackdropError("visible", msg("expected true or false, got {got}",
                                           got=repr(visible)))
    calibration = d.get("calibration", {})
    if not isinstance(calibration, dict):
        raise BackdropError("calibration", msg("expected an object"))
    return Backdrop(image, info.fmt, info.width, info.height,
                    tuple(float(x) for x in d["transform"]), float(opacity), visible,
                    calibration, sha)


class BackdropError(ValueError):
    """A stored picture refused: `field` names the field, `message` says why."""

    def __init__(self, field_name: str, message: Any) -> None:
        super().__init__(message)
        self.field = field_name
        self.message = message


# --------------------------------------------------------------------------- the effect


def _read(game: Game, path: list) -> tuple[bool, Any]:
    return game.backdrop is not None, game.backdrop


def _write(game: Game, path: list, present: bool, value: Any) -> None:
    if present and not isinstance(value, Backdrop):
        raise ModelError(msg("the table picture: expected a picture, got {got}",
                             got=type(value).__name__))
    game.backdrop = value if present else None


register_path("backdrop", _read, _write)


@dataclass(frozen=True, slots=True)
class SetBackdrop(Effect):
    """Put a picture under the table, change its placement or look, or take it away
    (None). The picture travels whole: an image is immutable bytes, so undo keeps the
    old one by reference."""

    value: Backdrop | None
    kind: ClassVar[str] = "set_backdrop"

    def __post_init__(self) -> None:
        if isinstance(self.value, dict):  # read back from its to_dict form
            object.__setattr__(self, "value", backdrop_from_json(self.value))

    def writes(self, game):
        return [(["backdrop"], self.value is not None, self.value)]

    def apply(self, game: Game) -> list[list]:
        was, old = _read(game, ["backdrop"])
        _write(game, ["backdrop"], self.value is not None, self.value)
        game._touched.add(("backdrop", None))
        return [[["backdrop"], was, old]]

    def describe(self) -> str:
        if self.value is None:
            return "table picture removed"
        return f"table picture {self.value.width}×{self.value.height}"

    def to_dict(self) -> dict:
        return {"kind": self.kind,
                "value": None if self.value is None else backdrop_to_json(self.value)}
