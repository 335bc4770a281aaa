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
from hexkit.rl import Encoder, Float32Array, Int8Array, ObservationSpec, scalar_view

from hexkit_hexgame.board import BLACK
from hexkit_hexgame.state import HexConfig, HexState

__all__ = ["HexEncoder", "PLANES", "FEATURES", "legal_mask_array"]

PLANES = ("black", "white", "empty")
"""The names of the planes, in order."""
FEATURES = ("black_to_move", "white_to_move", "viewer_black", "viewer_white", "swap_available")
"""The names of the features, in order."""

_BLACK = BLACK


class HexEncoder(Encoder):
    """Encodes a Hex view as ``(3, n, n)`` planes and 5 features.

    Incremental, by the cells' revision stamps (:attr:`HexState.revision
    <hexkit_hexgame.state.HexState.revision>`): the planes of the last board
    seen are kept with its stamp. The same stamp is the same board (a clone,
    a view, the state asked again): nothing is read. A board one stone on
    from it (its ``before`` stamp is the one kept) changes two numbers. Any
    other board is encoded afresh. The result is the same either way.

    Args:
        config: the game's config (``size`` fixes the shape).
    """

    def __init__(self, config: HexConfig) -> None:
        n = self._n = config.size
        self.spec = ObservationSpec(PLANES, n, n, FEATURES, low=0.0, high=1.0)
        self._rows = np.arange(n * n)
        self._cut = 3 * n * n  # where the features start
        # the last board seen: its cells' stamp and its vector (planes written, features zero)
        self._rev = 0
        self._vec = np.zeros(self.spec.size, dtype=np.float32)
        self._mv = scalar_view(self._vec)

    def fill(self, view: Any, player: PlayerId, planes: Float32Array, features: Float32Array) -> None:
        vector = self.vector(view, player)
        planes[...] = vector[:self._cut].reshape(planes.shape)
        features[:] = vector[self._cut:]

    def _planes(self, state: HexState) -> Float32Array:
        """The vector with the planes of ``state``'s board (features zero), kept for the next call."""
        rev = state._rev
        if rev == self._rev:
            return self._vec
        k = state._rev_cell
        if k >= 0 and state._rev_prev == self._rev:  # one stone on from the board kept
            n2 = self._n * self._n
            mv = self._mv
            mv[2 * n2 + k] = 0.0
            mv[(0 if state.cells[k] is _BLACK else n2) + k] = 1.0
            self._rev = rev
            return self._vec
        n = self._n
        vec = self._vec = np.zeros(self.spec.size, dtype=np.float32)
        self._mv = scalar_view(vec)
        # IntEnum hashing is slow: test identity, once per cell
        kinds = np.fromiter([2 if c is None else 0 if c is _BLACK else 1 for c in state.cells],
                            dtype=np.intp, count=n * n)
        vec[:self._cut].reshape(3, n * n)[kinds, self._rows] = 1.0
        self._rev = rev
        return vec

    def vector(self, state: Any, player: PlayerId) -> Float32Array:
        """The observation vector of a Hex state (or view) seen by ``player`` (a new array)."""
        s: HexState = state
        out = self._planes(s).copy()
        cut = self._cut
        pending = s.pending
        if pending:
            top = pending[-1]
            out[cut + top.player] = 1.0
            if getattr(top, "may_swap", False):
                out[cut + 4] = 1.0
        out[cut + 2 + player] = 1.0
        return out


_MASKS: dict[int, list[Any]] = {}
"""Per board size: ``[stamp, mask of the empty cells (swap 0), a memoryview of it]`` of the last board seen."""


def legal_mask_array(state: HexState) -> Int8Array:
    """The legal mask of ``state`` as a new ``int8`` array (1 legal), OpenSpiel's numbering.

    What :func:`hexkit.rl.legal_mask_array` returns for Hex (its fast path,
    :meth:`HexGame.legal_mask_array <hexkit_hexgame.rules.HexGame.legal_mask_array>`):
    the empty cells, then the swap. Kept by the cells' revision stamps as the
    observation's planes are: the same stamp copies the mask kept, a board one
    stone on clears one number, any other board is read afresh.
    """
    cells = state.cells
    n2 = len(cells)
    if not state.pending:
        return np.zeros(n2 + 1, dtype=np.int8)
    memo = _MASKS.get(n2)
    if memo is None:
        memo = _MASKS[n2] = [0, None, None]
    rev = state._rev
    if rev != memo[0]:
        k = state._rev_cell
        if k >= 0 and state._rev_prev == memo[0]:
            memo[2][k] = 0
        else:
            base = np.zeros(n2 + 1, dtype=np.int8)
            base[:n2] = np.fromiter([c is None for c in cells], dtype=np.int8, count=n2)
            memo[1], memo[2] = base, base.data
        memo[0] = rev
    out: Int8Array = memo[1].copy()
    if state.step == 1:
        top = state.pending[-1]
        if getattr(top, "may_swap", False):
            out[n2] = 1
    return out
