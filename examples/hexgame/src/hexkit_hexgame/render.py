"""A text picture of a Hex position.

Each row is shifted half a cell right of the one above, so the rhombus
looks as it does on a real board: a cell touches the two cells below-left
and below it. Black's stones are ``x``, White's ``o``; the stones of the
winning chain are capitals.
"""

from __future__ import annotations

from string import ascii_lowercase

from hexkit_hexgame.board import PLAYER_NAMES
from hexkit_hexgame.state import HexState
from hexkit_hexgame.strategy import winning_chain

__all__ = ["render_text", "MARKS"]

MARKS = ("x", "o")
"""The mark of each seat's stones."""


def render_text(state: HexState) -> str:
    """Draw the board with coordinates and a line saying who moves or who won.

    Args:
        state: the position.

    Returns:
        The picture, one line per row plus a header and a status line.

    >>> from hexkit_hexgame import GAME, parse_action
    >>> state = GAME.new(GAME.make_config(2, size=3))
    >>> for name in ["b1", "a2", "b2", "b3", "a3"]:
    ...     GAME.apply(state, parse_action(name))
    >>> print(render_text(state))
        a b c
     1  . X .  1
      2  o X .  2
       3  X o .  3
          a b c
    Black (x, top-bottom) has won
    """
    n = state.config.size
    chain = winning_chain(state)
    hexes = state.board.hexes
    letters = " ".join(ascii_lowercase[:n])
    lines = [f"    {letters}"]
    for row in range(n):
        marks = []
        for col in range(n):
            index = row * n + col
            owner = state.cells[index]
            mark = "." if owner is None else MARKS[owner]
            marks.append(mark.upper() if hexes[index] in chain else mark)
        label = f"{row + 1:>2}"
        lines.append(f"{' ' * row}{label}  {' '.join(marks)}  {row + 1}")
    lines.append(f"{' ' * (n + 3)}{letters}")
    if state.winner is not None:
        status = f"{_who(state.winner)} has won"
    else:
        decision = state.decision()
        mover = 0 if decision is None else decision.player
        status = f"{_who(mover)} to move"
    lines.append(status)
    return "\n".join(lines)


def _who(player: int) -> str:
    edges = "top-bottom" if player == 0 else "left-right"
    return f"{PLAYER_NAMES[player]} ({MARKS[player]}, {edges})"
