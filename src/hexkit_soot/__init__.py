"""hexkit_soot: Soot & Timber, the base game for 2-6 players, as a hexkit plugin.

>>> from hexkit_soot import GAME
>>> state = GAME.new(GAME.make_config(players=3), seed=1)
>>> GAME.current_player(state)
2

Rules live in :mod:`hexkit_soot.rules` (one module per rule), components in
``data/*.toml`` (:mod:`hexkit_soot.data`), effects of cards, events and
upgrades in :mod:`hexkit_soot.effects`.
"""

from hexkit_soot.actions import Choose, Step
from hexkit_soot.config import SootConfig
from hexkit_soot.data import SootData, load_data
from hexkit_soot.game import GAME, SootGame
from hexkit_soot.render import render_state as render_text
from hexkit_soot.state import Player, SootState

__all__ = ["GAME", "SootGame", "SootConfig", "SootState", "Player", "Choose", "Step", "SootData", "load_data", "render_text"]
