"""The play service: one referee behind every door (docks, tools, the command line).

A door builds a `PlayRequest`; `Referee` plans it (facts measured once), prices the exact
odds, rolls from the injected dice source, prices the cost and applies one undoable
Change, logging every roll of the app's dice whether it is applied or not.
"""

from .plan import NotOffered, Plan, plan
from .request import Answer, AppDice, DiceSpec, PlayRequest, Scripted, TypedFaces
from .scatter import ScatterRoll, scatter
from .service import Applied, Odds, Priced, Referee, Rolled, dice_source, log_lines
from .tables import GameTable, Table
from .typed import DiceGroup, TypedRun, resolve_typed

__all__ = ["Answer", "AppDice", "Applied", "DiceGroup", "DiceSpec", "GameTable",
           "NotOffered", "Odds", "Plan", "PlayRequest", "Priced", "Referee", "Rolled",
           "ScatterRoll", "Scripted", "Table", "TypedFaces", "TypedRun", "dice_source",
           "log_lines", "plan", "resolve_typed", "scatter"]
