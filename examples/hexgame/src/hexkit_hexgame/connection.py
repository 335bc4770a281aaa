"""Which stones are joined: union-find over the cells plus four edge nodes.

Every stone is a node, and so is each edge of the board. A new stone is
merged with its same-coloured neighbours and with the edges it lies on;
its owner has won when their two edge nodes are in one group. That is a few
list operations per move, with no search, and copying the state is one
``list.copy``.

Source: RULES.md §5 (joining the two edges wins).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.game import PlayerId

from hexkit_hexgame.board import Board

__all__ = ["Connections"]


class Connections:
    """Union-find forest with path halving.

    Args:
        parent: the parent of every node; a root is its own parent.
    """

    __slots__ = ("parent",)

    def __init__(self, parent: list[int]) -> None:
        self.parent = parent

    @classmethod
    def empty(cls, board: Board) -> Connections:
        """No stones yet: every cell and edge node alone."""
        return cls(list(range(board.size * board.size + 4)))

    @classmethod
    def of(cls, board: Board, cells: Sequence[PlayerId | None]) -> Connections:
        """The groups of the stones on ``cells`` (used after loading a saved state)."""
        links = cls.empty(board)
        # add() expects each stone to be new (its cell a group of its own),
        # so the stones are put down one at a time, as in play.
        placed: list[PlayerId | None] = [None] * len(cells)
        for cell, owner in enumerate(cells):
            if owner is not None:
                placed[cell] = owner
                links.add(board, placed, cell, owner)
        return links

    def copy(self) -> Connections:
        """An independent copy."""
        return Connections(self.parent.copy())

    def find(self, node: int) -> int:
        """The root of ``node``'s group."""
        parent = self.parent
        while (up := parent[node]) != node:
            parent[node] = node = parent[up]
        return node

    def add(
        self, board: Board, cells: Sequence[PlayerId | None], cell: int, owner: PlayerId
    ) -> bool:
        """Merge a stone just put on ``cell`` with its group and edges.

        Args:
            board: the board's geometry.
            cells: owner of every cell, ``cells[cell] == owner`` already.
            cell: the cell of the new stone.
            owner: its colour.

        Returns:
            Whether ``owner`` now joins their two edges.
        """
        parent = self.parent
        find = self.find
        for other in board.neighbours[cell]:
            if cells[other] == owner:
                # find(other), inlined: this loop is the hottest in a playout
                while (up := parent[other]) != other:
                    parent[other] = other = parent[up]
                parent[other] = cell
        for edge in board.edge_links[owner][cell]:
            parent[find(edge)] = cell
        first, second = board.goals[owner]
        return find(first) == cell and find(second) == cell
