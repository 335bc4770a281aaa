"""The board's geometry, computed once per size and shared by every state.

Cells are numbered row by row: the cell in column ``col`` and row ``row``
(both from 0) is ``Hex(q=col, r=row)`` and has index ``row * size + col``.
Four extra union-find nodes stand for the edges, so "Black has joined top
and bottom" is one comparison (see :mod:`hexkit_hexgame.connection`).

Source: RULES.md §1 (board) and §2 (edges).
"""

from __future__ import annotations

import enum
from functools import cache

import attrs

from hexkit.hexes import Hex
from hexkit.hexmap import HexMap

from hexkit_hexgame.actions import MAX_SIZE, Place, cell_name

__all__ = ["Board", "board_for", "Colour", "BLACK", "WHITE", "COLOURS", "PLAYER_NAMES"]


class Colour(enum.IntEnum):
    """The colour of a stone; its value is the seat of the player who owns it.

    Saved as that number, so a saved state holding any other value is refused
    when loaded.
    """

    BLACK = 0
    """Seat 0: moves first and joins the top and bottom edges."""
    WHITE = 1
    """Seat 1: joins the left and right edges."""


BLACK = Colour.BLACK
WHITE = Colour.WHITE
COLOURS = (Colour.BLACK, Colour.WHITE)
"""The colour of each seat (a tuple, faster to index than calling ``Colour``)."""
PLAYER_NAMES = ("Black", "White")
"""Colour names by seat, as the log and the picture use them."""


@attrs.frozen(eq=False)
class Board:
    """Static facts of an ``n`` by ``n`` board (immutable; one per size).

    Attributes:
        size: cells per side.
        cells: the board as a :class:`~hexkit.hexmap.HexMap` from hex to cell index.
        hexes: the hex of each cell index.
        places: the :class:`~hexkit_hexgame.actions.Place` action of each
            cell, made once so that legal-action lists share them.
        names: the name of each cell (``"c2"``).
        neighbours: the cell indices adjacent to each cell.
        edge_links: ``edge_links[player][cell]``: the edge nodes that a stone
            of ``player`` on ``cell`` touches.
        goals: ``goals[player]``: the two edge nodes that ``player`` must
            join (top and bottom for Black, left and right for White); the
            four edge nodes are numbered after the cells.
    """

    size: int
    cells: HexMap[int]
    hexes: tuple[Hex, ...]
    places: tuple[Place, ...]
    names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    edge_links: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    goals: tuple[tuple[int, int], tuple[int, int]]

    def index(self, h: Hex) -> int | None:
        """The cell index of ``h``, or ``None`` if it is not on this board."""
        return self.cells.get(h)


@cache
def board_for(size: int) -> Board:
    """The shared :class:`Board` of one size (built on first use).

    Args:
        size: cells per side, 1 to :data:`MAX_SIZE`.

    Returns:
        The board.

    Raises:
        ValueError: if ``size`` is out of range.
    """
    if not 1 <= size <= MAX_SIZE:
        raise ValueError(f"a Hex board has 1 to {MAX_SIZE} cells per side, not {size}")
    cells = HexMap({h: index for index, h in enumerate(HexMap.rhombus(size, size, 0))})
    hexes = tuple(cells)
    n = size * size
    top, bottom, left, right = n, n + 1, n + 2, n + 3
    neighbours = tuple(tuple(cells[m] for m in cells.neighbors_in_map(h)) for h in hexes)
    black = tuple(
        tuple(node for node, on in ((top, h.r == 0), (bottom, h.r == size - 1)) if on)
        for h in hexes
    )
    white = tuple(
        tuple(node for node, on in ((left, h.q == 0), (right, h.q == size - 1)) if on)
        for h in hexes
    )
    return Board(
        size=size,
        cells=cells,
        hexes=hexes,
        places=tuple(Place(h) for h in hexes),
        names=tuple(cell_name(h) for h in hexes),
        neighbours=neighbours,
        edge_links=(black, white),
        goals=((top, bottom), (left, right)),
    )
