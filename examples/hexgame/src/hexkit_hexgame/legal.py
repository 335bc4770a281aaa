"""The legal actions of a position as a cheap, immutable sequence.

:meth:`HexGame.legal_actions <hexkit_hexgame.rules.HexGame.legal_actions>`
returns a :class:`LegalActions`: a tuple of the actions (copied from a
list the state keeps up to date) whose membership test, which
:meth:`~hexkit.game.Game.apply` runs on every move, looks at one cell
instead of comparing the action with every legal one.

Source: RULES.md §3 (any empty cell) and §4 (the swap).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from hexkit_hexgame.actions import HexAction, Place, Swap
from hexkit_hexgame.board import Board, Colour

__all__ = ["LegalActions"]


class LegalActions(Sequence[HexAction]):
    """The legal actions: a ``Place`` on each empty cell in cell order, then the swap if on offer.

    A snapshot of one position: later moves do not change it. Membership
    (``action in legal``) takes constant time; indexing, ``len`` and
    iteration are a tuple's.

    Args:
        step: the step of the position (the game reuses the view within a step).
        board: the board's geometry.
        cells: the owner of each cell; the view keeps this list, so pass a copy.
        actions: the legal actions, in order.
        swap: whether :data:`~hexkit_hexgame.actions.SWAP` is among them.
    """

    __slots__ = ("step", "_board", "_cells", "_actions", "_swap")

    def __init__(
        self,
        step: int,
        board: Board,
        cells: list[Colour | None],
        actions: tuple[HexAction, ...],
        swap: bool,
    ) -> None:
        self.step = step
        self._board = board
        self._cells = cells
        self._actions = actions
        self._swap = swap

    def __contains__(self, action: object) -> bool:
        if type(action) is Place:
            try:
                index = self._board.cells.get(action.hex)
            except TypeError:  # an unhashable "hex"
                return False
            return index is not None and self._cells[index] is None
        return self._swap and type(action) is Swap

    def __len__(self) -> int:
        return len(self._actions)

    @overload
    def __getitem__(self, index: int) -> HexAction: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[HexAction, ...]: ...

    def __getitem__(self, index: int | slice) -> HexAction | tuple[HexAction, ...]:
        return self._actions[index]

    def __iter__(self) -> Iterator[HexAction]:
        return iter(self._actions)

    def __repr__(self) -> str:
        return f"LegalActions({list(self._actions)!r})"
