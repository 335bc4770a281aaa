"""hexkit_empyreal: the complete Empyreal: Spells & Steam engine as a hexkit plugin.

>>> from hexkit_empyreal import GAME
>>> state = GAME.new(GAME.make_config(3), seed=1)
>>> GAME.current_player(state)
2

Registered under the entry point name ``empyreal``.
"""

from hexkit_empyreal.actions import (
    Activate,
    Build,
    Choose,
    DeliverTo,
    Done,
    Move,
    PickGood,
    PickHex,
    PlaceAt,
    UseSpecialist,
)
from hexkit_empyreal.config import EmpyrealConfig
from hexkit_empyreal.game import EmpyrealGame
from hexkit_empyreal.render import render_text
from hexkit_empyreal.state import EmpyrealState, PlayerState, TurnState

__all__ = [
    "GAME",
    "EmpyrealGame",
    "EmpyrealConfig",
    "EmpyrealState",
    "PlayerState",
    "TurnState",
    "Activate",
    "Build",
    "Choose",
    "DeliverTo",
    "Done",
    "Move",
    "PickGood",
    "PickHex",
    "PlaceAt",
    "UseSpecialist",
    "render_text",
]

GAME = EmpyrealGame()
"""The game object the ``empyreal`` entry point names."""
