"""The observation of a game of Hex for learning agents (:mod:`hexkit.rl`).

Shape for a board of side ``n``: planes ``(3, n, n)`` then 5 features, a
``float32`` vector of ``3 * n * n + 5`` numbers.

=========  ==================================================================
plane      meaning (``[c, row, col]`` is the cell ``Hex(col, row)``)
=========  ==================================================================
black      1 where a Black stone (seat 0, joins top and bottom) stands
white      1 where a White stone (seat 1, joins left and right) stands
empty      1 on an empty cell
=========  ==================================================================

Features: ``black_to_move``, ``white_to_move``, ``viewer_black``,
``viewer_white``, ``swap_available`` (White may take the swap now). Colours
are absolute, not "mine/theirs": the two sides have different goals. Hex
has no hidden information, so every seat's observation holds the same
planes. The planes are OpenSpiel's ``hex`` cell order (``row * n + col``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hexkit.game import PlayerId
from hexkit.rl import Encoder, Float32Array, ObservationSpec

from hexkit_hexgame.board import BLACK
from hexkit_hexgame.state import HexConfig, HexState

__all__ = ["HexEncoder", "PLANES", "FEATURES"]

PLANES = ("black", "white", "empty")
"""The names of the planes, in order."""
FEATURES = ("black_to_move", "white_to_move", "viewer_black", "viewer_white", "swap_available")
"""The names of the features, in order."""

_BLACK = BLACK


class HexEncoder(Encoder):
    """Encodes a Hex view as ``(3, n, n)`` planes and 5 features.

    Incremental: the planes of the last board seen are kept with a copy of its
    cells; a board that differs from it by one more stone (the usual next
    decision, found from the sums of the empty cells' numbers and then checked
    cell for cell against the copy) changes two numbers, any other board is
    encoded afresh. The result is the same either way.

    Args:
        config: the game's config (``size`` fixes the shape).
    """

    def __init__(self, config: HexConfig) -> None:
        n = self._n = config.size
        self.spec = ObservationSpec(PLANES, n, n, FEATURES, low=0.0, high=1.0)
        self._rows = np.arange(n * n)
        self._cut = 3 * n * n  # where the features start
        # the last board seen: a copy of its cells, the sum and count of its empty cells'
        # numbers, and its vector (planes written, features zero)
        self._cells: list[Any] | None = None
        self._free = (0, 0)
        self._vec = np.zeros(self.spec.size, dtype=np.float32)

    def fill(self, view: Any, player: PlayerId, planes: Float32Array, features: Float32Array) -> None:
        vector = self.vector(view, player)
        planes[...] = vector[:self._cut].reshape(planes.shape)
        features[:] = vector[self._cut:]

    def _planes(self, state: HexState) -> Float32Array:
        """The vector with the planes of ``state``'s board (features zero), kept for the next call."""
        cells = state.cells
        last = self._cells
        free = state.free_cells
        count, total = len(free), sum(free)
        if last is not None and last == cells:
            return self._vec
        if last is not None and count == self._free[0] - 1:
            k = self._free[1] - total  # the one cell filled since the last board
            n2 = len(last)
            if 0 <= k < n2 and last[k] is None and cells[k] is not None:
                last[k] = cells[k]
                if last == cells:
                    vec = self._vec
                    vec[2 * n2 + k] = 0.0
                    vec[(0 if cells[k] is _BLACK else n2) + k] = 1.0
                    self._free = (count, total)
                    return vec
        n = self._n
        vec = self._vec = np.zeros(self.spec.size, dtype=np.float32)
        # IntEnum hashing is slow: test identity, once per cell
        kinds = np.fromiter([2 if c is None else 0 if c is _BLACK else 1 for c in cells],
                            dtype=np.intp, count=n * n)
        vec[:self._cut].reshape(3, n * n)[kinds, self._rows] = 1.0
        self._cells = cells.copy()
        self._free = (count, total)
        return vec

    def vector(self, state: Any, player: PlayerId) -> Float32Array:
        """The observation vector of a Hex state (or view) seen by ``player`` (a new array)."""
        s: HexState = state
        out = self._planes(s).copy()
        cut = self._cut
        top = s.pending[-1] if s.pending else None
        if top is not None:
            out[cut + top.player] = 1.0
            if s.step == 1 and getattr(top, "may_swap", False):
                out[cut + 4] = 1.0
        out[cut + 2 + player] = 1.0
        return out
