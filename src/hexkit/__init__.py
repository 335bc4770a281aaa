"""hexkit: a typed library for hex-map board games.

The core (hex grids, components, scoring, the game protocol, agents and
simulation) knows no game. Games are plugins found by name::

    >>> import hexkit
    >>> "hex" in hexkit.available_games()
    True
"""

from hexkit.errors import (
    ConfigError,
    HexkitError,
    IllegalActionError,
    InvalidRecordError,
    UnknownGameError,
)
from hexkit.game import (
    Decision,
    Game,
    GameConfig,
    GameInfo,
    Information,
    LogEntry,
    PlayerId,
    ScoreSheet,
    State,
)
from hexkit.hexes import Hex
from hexkit.match import Match
from hexkit.record import GameRecord, record_from_json, record_to_json, replay
from hexkit.registry import available_games, load_game
from hexkit.rng import Rng

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "Decision",
    "Game",
    "GameConfig",
    "GameInfo",
    "GameRecord",
    "Hex",
    "HexkitError",
    "IllegalActionError",
    "Information",
    "InvalidRecordError",
    "LogEntry",
    "Match",
    "PlayerId",
    "Rng",
    "ScoreSheet",
    "State",
    "UnknownGameError",
    "available_games",
    "load_game",
    "record_from_json",
    "record_to_json",
    "replay",
]
