"""Every Civil War action, in the order the app lists them."""

from __future__ import annotations

from .artillery import ArtilleryFire
from .fire import Fire
from .morale_actions import Rally, RollAmmunition, RoutMove, StartActivation, SuppressionTest

__all__ = ["ACTIONS"]

ACTIONS = (Fire(), ArtilleryFire(), RoutMove(), Rally(), SuppressionTest(), RollAmmunition(),
           StartActivation())
