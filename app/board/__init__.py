"""The board: the table drawn to scale, its terrain and units, and the view onto it."""

from .scene import BoardScene
from .view import BoardView

__all__ = ["BoardScene", "BoardView"]
