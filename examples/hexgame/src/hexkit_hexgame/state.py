"""Configuration, the one kind of decision, and the state of a game of Hex.

The saved form of a state is small: which colour is on each cell, who has
won, and what each seat has played (stones and swaps). The union-find
groups that make win detection fast are a cache
(:attr:`HexState.links`), rebuilt from the cells when a saved state is
loaded, and left out of equality and JSON.

Source: RULES.md §1 (board size), §3 (turns), §4 (swap).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

import attrs

from hexkit.errors import ConfigError
from hexkit.flow import Question
from hexkit.game import GameConfig, GameInfo, State
from hexkit.hexes import Hex
from hexkit.revision import next_revision

from hexkit_hexgame.actions import MAX_SIZE, Place
from hexkit_hexgame.board import Board, Colour, board_for
from hexkit_hexgame.connection import Connections

__all__ = ["HexConfig", "ChooseCell", "HexState", "DEFAULT_SIZE", "PLAYED", "new_played"]

PLAYED = ("moves", "swaps")
"""The mechanisms a study counts in Hex: stones placed, and the swap (RULES.md §3, §4)."""


def new_played() -> dict[str, list[int]]:
    """Every counter of :data:`PLAYED` at zero for both seats."""
    return {name: [0, 0] for name in PLAYED}

DEFAULT_SIZE = 11
"""The board side used unless the config says otherwise (the usual tournament size)."""


def _check_size(_: Any, __: Any, size: int) -> None:
    if type(size) is not int or not 1 <= size <= MAX_SIZE:
        raise ConfigError(f"board size must be an integer from 1 to {MAX_SIZE}, not {size!r}")


def _check_cells(state: HexState, _: Any, cells: list[Colour | None]) -> None:
    n = state.config.size
    if len(cells) != n * n:
        raise ValueError(f"a {n}x{n} board has {n * n} cells, not {len(cells)}")


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

    def check(self, info: GameInfo) -> None:
        """The base checks, and no ``data`` or ``overrides``: Hex has no data files,
        so a value there would change nothing and is refused, not ignored.

        Raises:
            ConfigError: naming the unused field.
        """
        super().check(info)
        if self.data is not None:
            raise ConfigError(f"hex has no data files to replace; config.data must be null,"
                              f" not {self.data!r}")
        if self.overrides:
            paths = ", ".join(map(str, self.overrides))
            raise ConfigError(f"hex does not read data overrides; {paths} would change nothing")


@attrs.frozen(kw_only=True)
class ChooseCell(Question):
    """The only question Hex asks: where does the mover put a stone?

    Attributes:
        may_swap: whether the swap is also on offer (White's first turn
            under the swap rule).
    """

    may_swap: bool = False


# Validators run when a state is made or loaded, not on assignment: hooks on
# assignment would give the class a Python-level __setattr__, slowing every move.
@attrs.define(kw_only=True, slots=True, eq=True, on_setattr=attrs.setters.NO_OP)
class HexState(State):
    """A game of Hex in progress.

    Only :attr:`config`, :attr:`cells` and :attr:`winner` (with the base
    fields) are saved and compared. The rest are caches derived from the
    cells, copied by :meth:`HexGame.clone <hexkit_hexgame.rules.HexGame.clone>`
    and rebuilt on first use after loading.

    Attributes:
        config: the game's :class:`HexConfig`.
        cells: the colour of the stone on each cell (``None`` when empty), by
            cell index ``row * size + column``; ``cells[i]`` is the cell
            ``board.hexes[i]``.
        winner: the colour that has joined its edges, once the game is over.
        played: what each seat has done, by mechanism (:data:`PLAYED`): the
            stones placed (``moves``) and the swaps taken (``swaps``).
    """

    config: HexConfig = attrs.field(factory=HexConfig)
    cells: list[Colour | None] = attrs.field(factory=list, validator=_check_cells)
    winner: Colour | None = None
    played: dict[str, list[int]] = attrs.field(factory=lambda: new_played())
    _board: Board | None = attrs.field(
        init=False, default=None, eq=False, repr=False, alias="_board"
    )
    _links: Connections | None = attrs.field(
        init=False, default=None, eq=False, repr=False, alias="_links"
    )
    _free: list[Place] | None = attrs.field(
        init=False, default=None, eq=False, repr=False, alias="_free"
    )
    _free_cells: list[int] | None = attrs.field(
        init=False, default=None, eq=False, repr=False, alias="_free_cells"
    )
    # Revision stamps of the cells (hexkit.revision): a new stamp for every change of
    # ``cells``, written by fill() and forget() alone; never saved or compared.
    _rev: int = attrs.field(init=False, factory=next_revision, eq=False, repr=False, alias="_rev")
    _rev_prev: int = attrs.field(init=False, default=0, eq=False, repr=False, alias="_rev_prev")
    _rev_cell: int = attrs.field(init=False, default=-1, eq=False, repr=False, alias="_rev_cell")

    @property
    def board(self) -> Board:
        """The shared geometry of this state's board."""
        shared = self._board
        if shared is None:
            shared = self._board = board_for(self.config.size)
        return shared

    @property
    def links(self) -> Connections:
        """The groups of stones and the edges they touch (cached)."""
        if self._links is None:
            self._links = Connections.of(self.board, self.cells)
        return self._links

    @property
    def free(self) -> list[Place]:
        """A :class:`Place` on each empty cell, in cell order (cached)."""
        free = self._free
        return self._index_free()[1] if free is None else free

    @property
    def revision(self) -> tuple[int, int, int]:
        """The cells' revision stamps ``(now, before, cell)`` (:mod:`hexkit.revision`).

        ``now`` changes with every change of :attr:`cells` (a state and its
        clone share it until one of them moves; a loaded or new state gets a
        fresh one). When ``cell >= 0``, the cells at stamp ``now`` are those at
        stamp ``before`` plus the one stone now on ``cell`` (the usual next
        move), so an observer that remembers ``before`` updates one cell;
        ``cell`` is ``-1`` when no such step is known (a swap, a change by hand).
        """
        return self._rev, self._rev_prev, self._rev_cell

    @property
    def free_cells(self) -> list[int]:
        """The indices of the empty cells, ascending (cached, parallel to :attr:`free`)."""
        free_cells = self._free_cells
        return self._index_free()[0] if free_cells is None else free_cells

    def _index_free(self) -> tuple[list[int], list[Place]]:
        places = self.board.places
        free_cells = self._free_cells = [i for i, owner in enumerate(self.cells) if owner is None]
        free = self._free = [places[i] for i in free_cells]
        return free_cells, free

    def fill(self, cell: int, colour: Colour) -> None:
        """Put a stone of ``colour`` on the empty ``cell``, keeping the caches of empty cells.

        Does not check the rules (that is :meth:`HexGame.apply
        <hexkit.game.Game.apply>`'s job) nor update :attr:`links`.
        """
        free_cells, free = self._free_cells, self._free
        if free_cells is None or free is None:
            free_cells, free = self._index_free()
        at = bisect_left(free_cells, cell)
        del free_cells[at]
        del free[at]
        self.cells[cell] = colour
        self._rev_prev = self._rev
        self._rev = next_revision()
        self._rev_cell = cell

    def forget(self) -> None:
        """Drop the caches, after changing :attr:`cells` by hand (they are rebuilt on use),
        and stamp the cells afresh (:attr:`revision`: no known step from the last stamp)."""
        self._links = self._free = self._free_cells = self._legal = None  # not _board: fixed
        self._rev = next_revision()
        self._rev_prev, self._rev_cell = 0, -1

    def stone(self, h: Hex) -> Colour | None:
        """The colour of the stone on ``h``, or ``None`` (empty or off the board)."""
        index = self.board.index(h)
        return None if index is None else self.cells[index]
