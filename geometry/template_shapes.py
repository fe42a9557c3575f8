"""The names of the templates a player can lay: plain data, with no numpy or shapely, so the
command line can offer them as choices before any geometry loads (geometry.templates
re-exports them beside the shapes they name)."""

from __future__ import annotations

TEMPLATE_SHAPES: tuple[str, ...] = ("blast-3", "blast-5", "flamer")
