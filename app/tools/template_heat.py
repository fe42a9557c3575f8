"""The template tool's landing odds as shown: the heat map's image and the panel's and
the log's rows, worked out on values only, so the tool may run them on a worker thread
(app/tools/template.py shows the result on the interface thread)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtGui import QImage

from .template_panel import percent

if TYPE_CHECKING:
    from geometry.template_odds import DistanceScheme, Heatmap, TemplateOdds

#: Heat map colour: a warm ramp over a transparent table, alpha growing with the chance.
HEAT_RAMP = ((255, 236, 160), (250, 160, 60), (214, 60, 30), (140, 10, 30))


def __getattr__(name: str) -> object:
    """`HEAT_RGB`: the ramp as a numpy array (numpy comes in after the window is up)."""
    if name == "HEAT_RGB":
        import numpy as np

        return np.array(HEAT_RAMP, float)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def heat_image(heat: Heatmap) -> QImage:
    """The heat map as an image, one pixel per cell. The ramp runs from transparent at 0 to
    dark red at the map's own highest chance (√ scale, so small chances still show); the
    panel names that highest chance. Opacity grows from 0, so the map's edge fades out
    instead of drawing a stepped rim over dark terrain."""
    import numpy as np

    heat_rgb = np.array(HEAT_RAMP, float)
    v = np.clip(heat.values, 0.0, 1.0)
    top = float(v.max()) if v.size else 0.0
    t = np.sqrt(v / top) if top > 0 else np.zeros_like(v)
    pos = t * (len(HEAT_RAMP) - 1)
    lo = np.floor(pos).astype(int).clip(0, len(HEAT_RAMP) - 2)
    frac = pos - lo
    rest = 1 - frac
    h, w = v.shape
    rgba = np.empty((h, w, 4), dtype=np.uint8)
    for c in range(3):  # channel by channel: the ramp's arithmetic without (h, w, 3) temps
        ramp = heat_rgb[:, c]
        rgba[..., c] = np.rint(ramp[lo] * rest + ramp[lo + 1] * frac)
    rgba[..., 3] = np.rint(200.0 * t)
    img = QImage(rgba.data, w, h, 4 * w, QImage.Format.Format_RGBA8888)
    return img.copy()  # own the pixels: the numpy buffer goes away


@dataclass(frozen=True, slots=True)
class Worked:
    """What a placement's odds give, all made away from the interface (on a worker
    thread): the odds, the heat map and its image, the panel's rows and the log's."""

    odds: TemplateOdds
    heat: Heatmap
    image: QImage | None
    rows: list[tuple[str, str, str]]
    logged: list[dict]


def worked_out(shape: str, aim: tuple[float, float], scheme: DistanceScheme, polys: list,
               ids: list[str], names: dict[str, str],
               clip: tuple[float, float, float, float]) -> Worked:
    """The landing odds and heat map of a blast aimed at `aim`, with what shows them: pure
    work on values (QImage may be made on any thread), so it may run on a worker."""
    from geometry.template_odds import coverage_raster, template_odds
    odds = template_odds(shape, aim, scheme, polys, ids)
    heat = coverage_raster(shape, aim, scheme, clip=clip)
    ranked = odds.ranked()
    return Worked(odds, heat, heat_image(heat) if heat.values.size else None,
                  [(names[i], percent(pu), percent(ph)) for i, pu, ph in ranked],
                  [{"id": i, "under": round(pu, 4), "hole": round(ph, 4)}
                   for i, pu, ph in ranked])
