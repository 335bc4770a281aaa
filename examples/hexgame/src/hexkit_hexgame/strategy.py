"""Reading a position with :mod:`hexkit.paths`: how far each player is from winning.

These are analysis helpers for agents, pictures and tutorials; the rules do
not need them (win detection is :mod:`hexkit_hexgame.connection`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit.paths import connected_groups, distances_from

if TYPE_CHECKING:
    from hexkit_hexgame.state import HexState

__all__ = ["stones_to_connect", "winning_chain"]


def stones_to_connect(state: HexState, player: PlayerId) -> int | None:
    """The fewest more stones ``player`` needs to join their edges, ignoring the opponent's replies.

    A shortest path in which the player's own stones cost nothing, empty
    cells cost one and the opponent's stones block, starting just beyond
    the player's first edge.

    Args:
        state: the position.
        player: 0 (Black, top to bottom) or 1 (White, left to right).

    Returns:
        The count, ``0`` if the edges are already joined, or ``None`` if the
        opponent has cut every path.

    >>> from hexkit_hexgame import GAME
    >>> state = GAME.new(GAME.make_config(2, size=5))
    >>> stones_to_connect(state, 0)
    5
    """
    n = state.config.size
    cells = state.board.cells
    owners = state.cells

    def cost(_: Hex, to: Hex) -> int | None:
        index = cells.get(to)
        if index is None:
            return None
        owner = owners[index]
        return 1 if owner is None else 0 if owner == player else None

    if player == 0:
        starts = [Hex(q, -1) for q in range(n + 1)]
        goal = [Hex(q, n - 1) for q in range(n)]
    else:
        starts = [Hex(-1, r) for r in range(n + 1)]
        goal = [Hex(n - 1, r) for r in range(n)]
    reached = distances_from(starts, cost)
    costs = [int(reached[h]) for h in goal if h in reached]
    return min(costs) if costs else None


def winning_chain(state: HexState) -> frozenset[Hex]:
    """The winner's group of stones that joins their two edges (empty while the game goes on).

    Args:
        state: the position.

    Returns:
        The hexes of the winning group.
    """
    winner = state.winner
    if winner is None:
        return frozenset()
    n = state.config.size
    hexes = state.board.hexes
    mine = [hexes[i] for i, owner in enumerate(state.cells) if owner == winner]
    axis = 1 if winner == 0 else 0  # Black's edges are rows (r), White's columns (q)
    for group in connected_groups(mine):
        ends = {h[axis] for h in group}
        if 0 in ends and n - 1 in ends:
            return group
    return frozenset()
