"""Configuration, the one kind of decision, and the state of a game of Hex.

The saved form of a state is small: which colour is on each cell, and who
has won. The union-find groups that make win detection fast are a cache
(:attr:`HexState.links`), rebuilt from the cells when a saved state is
loaded, and left out of equality and JSON.

Source: RULES.md §1 (board size), §3 (turns), §4 (swap).
"""

from __future__ import annotations

from typing import Any

import attrs

from hexkit.errors import ConfigError
from hexkit.game import Decision, GameConfig, PlayerId, State
from hexkit.hexes import Hex

from hexkit_hexgame.actions import MAX_SIZE
from hexkit_hexgame.board import Board, board
from hexkit_hexgame.connection import Connections

__all__ = ["HexConfig", "ChooseCell", "HexState", "DEFAULT_SIZE"]

DEFAULT_SIZE = 11
"""The board side used unless the config says otherwise (the usual tournament size)."""


def _check_size(_: Any, __: Any, size: int) -> None:
    if type(size) is not int or not 1 <= size <= MAX_SIZE:
        raise ConfigError(f"board size must be an integer from 1 to {MAX_SIZE}, not {size!r}")


@attrs.frozen(kw_only=True)
class HexConfig(GameConfig):
    """How to set up a game of Hex.

    Attributes:
        players: always 2.
        variants: ``{"swap"}`` to play with the swap rule (RULES.md §4).
        size: cells per side, 1 to 26 (default 11).

    >>> HexConfig(size=9, variants={"swap"}).size
    9
    """

    size: int = attrs.field(default=DEFAULT_SIZE, validator=_check_size)


@attrs.frozen(kw_only=True)
class ChooseCell(Decision):
    """The only question Hex asks: where does the mover put a stone?

    Attributes:
        may_swap: whether the swap is also on offer (White's first turn
            under the swap rule).
    """

    may_swap: bool = False


@attrs.define(kw_only=True, slots=True, eq=True)
class HexState(State):
    """A game of Hex in progress.

    Attributes:
        config: the game's :class:`HexConfig`.
        cells: the owner of each cell (``None`` when empty), by cell index
            ``row * size + column``; ``cells[i]`` is the cell ``board.hexes[i]``.
        winner: the seat that has joined its edges, once the game is over.
        links: cached stone groups (not saved; rebuilt from ``cells``).
    """

    config: HexConfig = attrs.field(factory=HexConfig)
    cells: list[PlayerId | None] = attrs.field(factory=list)
    winner: PlayerId | None = None
    _links: Connections | None = attrs.field(
        init=False, default=None, eq=False, repr=False, alias="_links"
    )

    @property
    def board(self) -> Board:
        """The shared geometry of this state's board."""
        return board(self.config.size)

    @property
    def links(self) -> Connections:
        """The stone groups, rebuilt from :attr:`cells` when not cached."""
        if self._links is None:
            self._links = Connections.of(self.board, self.cells)
        return self._links

    def stone(self, h: Hex) -> PlayerId | None:
        """The owner of the stone on ``h``, or ``None`` (empty or off the board)."""
        index = self.board.index(h)
        return None if index is None else self.cells[index]
