"""Pictures of a Hex position: text for terminals, a style for SVG.

In both, each row is shifted half a cell right of the one above, so the
rhombus looks as it does on a real board: a cell touches the two cells
below-left and below it. In text, Black's stones are ``x`` and White's
``o``; the stones of the winning chain are capitals. In SVG
(:func:`hexkit.render.render_state_svg` through
:meth:`HexGame.svg_style <hexkit_hexgame.rules.HexGame.svg_style>`), the
board's sides are drawn in the colour of the player who owns them, the
winning chain is ringed in gold, and the coordinates the log uses (columns
``a``, ``b``, ..., rows ``1``, ``2``, ...) stand along the edges.
"""

from __future__ import annotations

from collections.abc import Sequence
from string import ascii_lowercase

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit.hexmap import HexMap
from hexkit.render import EdgeHighlight, LegendEntry, Marker, Style
from hexkit.render import render_text as hex_text

from hexkit_hexgame.board import BLACK, PLAYER_NAMES, WHITE
from hexkit_hexgame.state import HexState
from hexkit_hexgame.strategy import winning_chain

__all__ = ["render_text", "MARKS", "HexStyle", "svg_picture", "STONE_COLOURS"]

MARKS = ("x", "o")
"""The mark of each seat's stones in text."""

STONE_COLOURS = ("#222222", "#f8f8f8")
"""The colour of each seat's stones in SVG."""

_BOARD = "#e9d8a6"
_CHAIN = "#d4a017"


def render_text(state: HexState) -> str:
    """Draw the board with coordinates and a line saying who moves or who won.

    The cells are laid out by :func:`hexkit.render.render_text`.

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
     1 . X .  1
     2  o X .  2
     3   X o .  3
         a b c
    Black (x, top-bottom) has won
    """
    n = state.config.size
    board = state.board
    chain = winning_chain(state)

    def mark(h: Hex) -> str:
        owner = state.cells[board.cells[h]]
        if owner is None:
            return "."
        return MARKS[owner].upper() if h in chain else MARKS[owner]

    rows = hex_text(board.cells, mark).splitlines()
    letters = " ".join(ascii_lowercase[:n])
    lines = [f"   {letters}"]
    lines += [f"{r + 1:>2} {line}  {r + 1}" for r, line in enumerate(rows)]
    lines.append(f"{' ' * (n + 2)}{letters}")
    if state.winner is not None:
        lines.append(f"{_who(state.winner)} has won")
    else:
        decision = state.decision()
        lines.append(f"{_who(BLACK if decision is None else decision.player)} to move")
    return "\n".join(lines)


def _who(player: int) -> str:
    edges = "top-bottom" if player == 0 else "left-right"
    return f"{PLAYER_NAMES[player]} ({MARKS[player]}, {edges})"


class HexStyle(Style[PlayerId | None]):
    """How to draw a position as SVG: stones as markers, edges in their owner's colour.

    Args:
        state: the position to draw.
    """

    def __init__(self, state: HexState) -> None:
        self.state = state
        self.chain = winning_chain(state)

    def fill(self, h: Hex, content: PlayerId | None) -> str:
        """Every cell has the board's colour."""
        return _BOARD

    def markers(self, h: Hex, content: PlayerId | None) -> Sequence[Marker]:
        """A stone, ringed in gold if it is part of the winning chain."""
        if content is None:
            return ()
        ring = _CHAIN if h in self.chain else "#555555"
        return [Marker(color=STONE_COLOURS[content], size=0.55, stroke=ring)]

    def tooltip(self, h: Hex, content: PlayerId | None) -> str:
        """The cell's name and hex (``"c2 (2,1)"``), and its owner."""
        owner = "empty" if content is None else PLAYER_NAMES[content]
        return f"{self.state.board.names[self.state.board.cells[h]]} {h}: {owner}"

    def edges(self) -> Sequence[EdgeHighlight]:
        """Each outer side of the board in the colour of the player who owns it."""
        n = self.state.config.size
        sides = []
        for h in self.state.board.hexes:
            for direction, (q, r) in enumerate(h.neighbors()):
                if 0 <= q < n and 0 <= r < n:
                    continue
                owner = BLACK if not 0 <= r < n else WHITE
                sides.append(EdgeHighlight(hex=h, direction=direction, color=_EDGE[owner]))
        return sides

    def title(self) -> str:
        """Board size, move count and who moves or has won."""
        state = self.state
        n = state.config.size
        if state.winner is not None:
            status = f"{PLAYER_NAMES[state.winner]} has won"
        else:
            decision = state.decision()
            status = f"{PLAYER_NAMES[BLACK if decision is None else decision.player]} to move"
        return f"Hex {n}x{n}, move {state.step}: {status}"

    def captions(self) -> Sequence[tuple[Hex, str]]:
        """The board's coordinates, as the log names cells: column letters
        above and below the board, row numbers left and right of it."""
        n = self.state.config.size
        columns = [(Hex(q, r), ascii_lowercase[q]) for r in (-1, n) for q in range(n)]
        rows = [(Hex(q, r), str(r + 1)) for q in (-1, n) for r in range(n)]
        return columns + rows

    def legend(self) -> Sequence[LegendEntry]:
        """Which colour joins which edges."""
        return [
            LegendEntry(_EDGE[0], "Black joins top and bottom"),
            LegendEntry(_EDGE[1], "White joins left and right"),
        ]


_EDGE = ("#222222", "#c8c8c8")


def svg_picture(state: HexState) -> tuple[HexMap[PlayerId | None], HexStyle]:
    """The map (owner by hex) and style that draw ``state``; the game's ``svg_style`` hook."""
    cells = state.cells
    return HexMap({h: cells[i] for i, h in enumerate(state.board.hexes)}), HexStyle(state)
