"""Hex, the connection game, as a hexkit plugin: the "write your own game" example.

Two players take turns putting a stone on an empty cell of an ``n`` by ``n``
rhombus (11 by default, any size from 1 to 26). Black (seat 0) moves first
and wins by joining the top and bottom edges with a chain of stones; White
(seat 1) joins left and right. The rules are in ``RULES.md`` beside this
package.

>>> import hexkit
>>> game = hexkit.load_game("hex")
>>> state = game.new(game.make_config(2, size=5, variants={"swap"}), seed=1)
>>> game.apply(state, Place(hexkit.Hex(2, 1)))
>>> game.legal_actions(state)[-1]
Swap()

==================  =========================================================
registry name       ``hex`` (entry-point group ``hexkit.games``)
players             2
config              :class:`HexConfig`: ``size`` (1-26, default 11), variant ``swap``
actions             :class:`Place` ``(hex)``, :class:`Swap` ``()``
action numbers      cell ``row * size + col``, swap ``size * size``
                    (:meth:`HexGame.legal_mask`, :meth:`HexGame.apply_index`)
decisions           :class:`ChooseCell` (``may_swap`` on White's first turn)
state               :class:`HexState`: ``cells`` (owner or ``None``), ``winner``
information         perfect; no randomness after set-up
scores              1 for the winner, 0 for the loser; no draws
maximum length      ``size * size`` actions, plus one with the swap
==================  =========================================================

The numbering agrees with OpenSpiel's ``hex`` game (``board_size = size``,
``swap`` on or off), whose player 0 is also the top-bottom player.

Version history: 1.0.0, first release; 1.1.0, the state's random source is
derived from the seed by a keyed hash (the same seed gives another game) and
records write a place by its cell name (``{"type": "Place", "hex": "j5"}``,
as the log does), not ``"(9,4)"``.
"""

from hexkit_hexgame.actions import (
    SWAP,
    HexAction,
    Place,
    Swap,
    action_to_index,
    cell_name,
    index_to_action,
    num_distinct_actions,
    parse_action,
    parse_cell,
)
from hexkit_hexgame.board import BLACK, COLOURS, PLAYER_NAMES, WHITE, Board, Colour, board_for
from hexkit_hexgame.render import render_text
from hexkit_hexgame.rules import EDGE_NAMES, HexGame
from hexkit_hexgame.state import DEFAULT_SIZE, ChooseCell, HexConfig, HexState
from hexkit_hexgame.strategy import stones_to_connect, winning_chain

__all__ = [
    "GAME",
    "HexGame",
    "HexConfig",
    "HexState",
    "ChooseCell",
    "Place",
    "Swap",
    "SWAP",
    "HexAction",
    "Board",
    "board_for",
    "Colour",
    "BLACK",
    "WHITE",
    "COLOURS",
    "PLAYER_NAMES",
    "EDGE_NAMES",
    "DEFAULT_SIZE",
    "cell_name",
    "parse_action",
    "parse_cell",
    "num_distinct_actions",
    "action_to_index",
    "index_to_action",
    "render_text",
    "stones_to_connect",
    "winning_chain",
]

GAME = HexGame()
"""The game object the registry loads (``hexkit.load_game("hex")``)."""
