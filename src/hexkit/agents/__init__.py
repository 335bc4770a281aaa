"""Agents: anything that picks an action from a view and the legal actions.

* :class:`RandomAgent`: uniform over the legal actions.
* :class:`GreedyAgent`: one decision of lookahead scored by the game's
  :meth:`~hexkit.game.Game.evaluate`.
* :class:`MCTSAgent`: information-set UCT for any game and player count.
* :class:`StrongAgent` (spec ``strong``): the game's own strong agent from
  its optional ``strong_agent(seed)`` hook, else MCTS at its defaults.

:func:`make_agent` builds one from a short spec such as
``"mcts:iterations=400:rollout=greedy"``.

A game gives the greedy agent (and MCTS's priors and rollout cut-offs) its
judgement by overriding :meth:`~hexkit.game.Game.evaluate`; the default is
the score lead.
"""

from hexkit.agents.base import Agent, RandomAgent
from hexkit.agents.greedy import GreedyAgent
from hexkit.agents.mcts import MCTSAgent
from hexkit.agents.strong import StrongAgent
from hexkit.agents.spec import AGENTS, AgentSpecError, make_agent, parse_agent_spec

__all__ = [
    "AGENTS",
    "Agent",
    "AgentSpecError",
    "GreedyAgent",
    "MCTSAgent",
    "RandomAgent",
    "StrongAgent",
    "make_agent",
    "parse_agent_spec",
]
