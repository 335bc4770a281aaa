"""The text picture of a Beacons position (``hexkit play`` prints it).

An empty hex shows its terrain's letter (``f`` forest); a lit one the
capital letter and the seat (``F0``).
"""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit.render import render_text as hex_text

from hexkit_beacons.data import game_data
from hexkit_beacons.state import BeaconsState, board

__all__ = ["render_text"]


def render_text(state: BeaconsState) -> str:
    """The board, then one line per player (cards held, oil), then who moves.

    >>> from hexkit_beacons import GAME
    >>> print(render_text(GAME.new(GAME.make_config(2), seed=1)))  # doctest: +NORMALIZE_WHITESPACE
        h   f   h
      h   h   f   h
    f   f   f   m   m
      m   f   m   m
        m   h   f
    P0: 2 cards, 2 oil
    P1: 2 cards, 2 oil
    P0 to move
    """
    data = game_data(state.config)
    letters = {t.name: t.letter for t in data.terrains}
    index = {h: i for i, h in enumerate(board(data.numbers.radius))}

    def cell(h: Hex) -> str:
        i = index[h]
        owner = state.lit[i]
        letter = letters[state.terrain[i]]
        return letter if owner is None else f"{letter.upper()}{owner}"

    lines = [hex_text(index, cell, width=2)]
    lines += [f"P{seat}: {len(p.hand)} cards, {p.oil.available} oil" for seat, p in enumerate(state.players)]
    decision = state.decision()
    lines.append("game over" if decision is None else f"P{decision.player} to move")
    return "\n".join(lines)
