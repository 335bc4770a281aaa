# A frozen copy of the encoder as it was on main at d4709df (2026-12-03), kept as the
# reference of tests/rl/test_observation_oracle.py. Do not edit: the fast encoder must match it.
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

    Args:
        config: the game's config (``size`` fixes the shape).
    """

    def __init__(self, config: HexConfig) -> None:
        n = self._n = config.size
        self.spec = ObservationSpec(PLANES, n, n, FEATURES, low=0.0, high=1.0)
        self._rows = np.arange(n * n)

    def fill(self, view: Any, player: PlayerId, planes: Float32Array, features: Float32Array) -> None:
        state: HexState = view
        n = self._n
        # IntEnum hashing is slow: test identity, once per cell
        kinds = np.fromiter([2 if c is None else 0 if c is _BLACK else 1 for c in state.cells],
                            dtype=np.intp, count=n * n)
        planes.reshape(3, n * n)[kinds, self._rows] = 1.0
        top = state.pending[-1] if state.pending else None
        if top is not None:
            features[top.player] = 1.0
            features[4] = float(getattr(top, "may_swap", False) and state.step == 1)
        features[2 + player] = 1.0
