"""The state of a game of Beacons: the board, each player's hand and oil, the deck.

Everything here is an attrs class, so hexkit's converter saves and loads
it with no code of ours. The board's geometry (:data:`board`) is the same
for every game of a size and is not saved: a state keeps only what changes.

Source: RULES.md §1 (board), §2 (cards and oil).
"""

from __future__ import annotations

from functools import cache

import attrs

from hexkit.components import Deck, Pool
from hexkit.game import State
from hexkit.hexes import Hex
from hexkit.hexmap import HexMap

__all__ = ["HIDDEN", "PlayerState", "BeaconsState", "board", "board_index"]

HIDDEN = "?"
"""What a view shows in place of a card its viewer may not see."""


@cache
def board(radius: int) -> tuple[Hex, ...]:
    """The hexes of a board of ``radius``, centre first, ring by ring (shared by all states)."""
    return tuple(HexMap.hexagon(radius, None))


@cache
def board_index(radius: int) -> dict[Hex, int]:
    """The position of each hex of :func:`board` in the state's lists."""
    return {h: i for i, h in enumerate(board(radius))}


@attrs.define(kw_only=True)
class PlayerState:
    """What one player holds.

    Attributes:
        hand: terrain cards, in the order drawn (secret: RULES.md §2).
        oil: the player's oil, capped (a core :class:`~hexkit.components.Pool`).
    """

    hand: list[str] = attrs.field(factory=list)
    oil: Pool = attrs.field(factory=Pool)

    def copy(self) -> PlayerState:
        """An independent copy."""
        return PlayerState(hand=self.hand.copy(), oil=self.oil.copy())


@attrs.define(kw_only=True)
class BeaconsState(State):
    """A game of Beacons in progress.

    Attributes:
        terrain: the terrain of each hex, in :func:`board` order.
        lit: the seat whose beacon is on each hex, or ``None``.
        players: one :class:`PlayerState` per seat.
        deck: the terrain cards to draw and the discards (a core
            :class:`~hexkit.components.Deck`; its order is secret).
        turns: turns played so far.
    """

    terrain: list[str] = attrs.field(factory=list)
    lit: list[int | None] = attrs.field(factory=list)
    players: list[PlayerState] = attrs.field(factory=list)
    deck: Deck[str] = attrs.field(factory=Deck)
    turns: int = 0
