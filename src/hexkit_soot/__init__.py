"""hexkit_soot: Soot & Timber for 1-6 players (solo against the Trust) and its modules, as a hexkit plugin.

>>> from hexkit_soot import GAME
>>> state = GAME.new(GAME.make_config(players=3), seed=1)
>>> GAME.current_player(state)
2

Rules live in :mod:`hexkit_soot.rules` (one module per rule), components in
``data/*.toml`` (:mod:`hexkit_soot.data`), effects of cards, events and
upgrades in :mod:`hexkit_soot.effects`.
"""

from typing import TYPE_CHECKING

from hexkit_soot.actions import Choose, Step
from hexkit_soot.config import SootConfig
from hexkit_soot.data import SootData, load_data
from hexkit_soot.render import render_text
from hexkit_soot.state import PlayerState, SootState

if TYPE_CHECKING:
    from hexkit_soot.game import GAME, SootGame


def __getattr__(name: str) -> object:
    """``GAME`` and ``SootGame``, imported on first use: making the game object
    registers the rules, so importing one rule module alone registers nothing."""
    if name in ("GAME", "SootGame"):
        from hexkit_soot import game

        return getattr(game, name)
    raise AttributeError(f"module 'hexkit_soot' has no attribute {name!r}")

__all__ = ["GAME", "SootGame", "SootConfig", "SootState", "PlayerState", "Choose", "Step", "SootData", "load_data", "render_text"]
