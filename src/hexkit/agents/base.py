"""The agent protocol and the uniform random agent."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from hexkit.game import Game, State
from hexkit.rng import Rng

__all__ = ["Agent", "RandomAgent"]


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action for the player to move.

    An agent sees only ``view`` (the state as its player may see it, from
    :meth:`Game.view`) and the legal actions; it must return one of them.
    """

    name: str

    def act(self, game: Game[Any, Any], view: State, legal: Sequence[Any]) -> Any:
        """Return one element of ``legal``."""
        ...


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded stream.

    Args:
        seed: seeds the agent's :class:`~hexkit.rng.Rng`.
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, game: Game[Any, Any], view: State, legal: Sequence[Any]) -> Any:
        """Return a uniformly chosen legal action."""
        return legal[self.rng.randbelow(len(legal))]
