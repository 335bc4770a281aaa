"""The agent spec ``strong``: each game's own strongest player.

A game MAY offer its strongest agent with the optional hook
``strong_agent(self, seed: int) -> Agent`` (a planner tuned to its rules).
:class:`StrongAgent` builds that agent on its first :meth:`~StrongAgent.act`,
when it learns which game it plays, and hands every decision to it; a game
without the hook gets the best generic agent, :class:`~hexkit.agents.mcts.MCTSAgent`
at its defaults. So ``--agents strong`` works for every installed game, and
a result row's spec stays ``"strong"`` whichever agent that meant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexkit.agents.base import Agent
from hexkit.agents.mcts import MCTSAgent
from hexkit.game import Game, State

__all__ = ["StrongAgent", "strong_agent_for"]


def strong_agent_for(game: Game[Any, Any], seed: int) -> Agent:
    """The game's own strong agent (its ``strong_agent`` hook), or MCTS at
    its defaults for a game without one.

    Raises:
        TypeError: if the hook returns something that is not an agent.
    """
    hook = getattr(game, "strong_agent", None)
    if hook is None:
        return MCTSAgent(seed=seed)
    agent = hook(seed)
    if not isinstance(agent, Agent):
        raise TypeError(
            f"{game.info.name}.strong_agent() returned a {type(agent).__name__}, not an agent"
        )
    return agent


class StrongAgent:
    """Delegates to the strongest agent the game it plays offers.

    Args:
        seed: passed to the game's ``strong_agent`` hook (or to MCTS).

    Attributes:
        inner: the agent decisions go to, once the first decision is taken.
    """

    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.inner: Agent | None = None
        self._game: Game[Any, Any] | None = None

    def act(self, game: Game[Any, Any], view: State, legal: Sequence[Any]) -> Any:
        """Return the game's strong agent's choice among ``legal``.

        The inner agent is built on the first call; an agent seated in a
        game of another kind later gets a new one for that game.
        """
        if self.inner is None or self._game is not game:
            self.inner = strong_agent_for(game, self.seed)
            self._game = game
        return self.inner.act(game, view, legal)
