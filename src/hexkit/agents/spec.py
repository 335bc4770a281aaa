"""Agents by name: ``"random"``, ``"greedy"``, ``"mcts:iterations=400:rollout=greedy"``.

The command line, :mod:`hexkit.sim` and scripts name agents with a short
*spec*: the agent's name, then optional ``:key=value`` parameters passed to
its constructor. The name is one of :data:`AGENTS` or the dotted import
path of an agent class (``my_agents.EpsilonGreedy:epsilon=0.2``), which
every worker process can import by itself. Values are read as ``int``, then ``float``, then
``none``/``true``/``false``, else kept as text. The spec is what a result
line records, so a study says exactly which agents played.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import Any

from hexkit.agents.base import Agent, RandomAgent
from hexkit.agents.greedy import GreedyAgent
from hexkit.agents.mcts import MCTSAgent
from hexkit.errors import ConfigError

__all__ = ["AGENTS", "AgentSpecError", "parse_agent_spec", "make_agent", "check_agent_spec"]

AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
}
"""Agent constructors by name; each takes a ``seed`` keyword."""


class AgentSpecError(ConfigError):
    """An agent spec names an unknown agent or a bad parameter."""


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered == "none":
        return None
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _factory(name: str) -> Callable[..., Agent]:
    if name in AGENTS:
        return AGENTS[name]
    module_name, dot, attribute = name.rpartition(".")
    if dot and module_name:
        try:
            found = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError) as exc:
            raise AgentSpecError(f"cannot load agent {name!r}: {exc}") from None
        if callable(found):
            factory: Callable[..., Agent] = found
            return factory
        raise AgentSpecError(f"agent {name!r} is a {type(found).__name__}, not a class")
    raise AgentSpecError(
        f"unknown agent {name!r}; known agents: {', '.join(AGENTS)} (or module.Class)"
    )


def parse_agent_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``"mcts:iterations=400"`` into ``("mcts", {"iterations": 400})``.

    Raises:
        AgentSpecError: on an unknown agent or a part without ``=``.
    """
    name, *parts = spec.strip().split(":")
    _factory(name)
    params: dict[str, Any] = {}
    for part in parts:
        key, eq, text = part.partition("=")
        if not eq or not key:
            raise AgentSpecError(f"agent {spec!r}: parameter {part!r} is not key=value")
        params[key] = _value(text)
    return name, params


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build the agent a spec names, seeded with ``seed``.

    Raises:
        AgentSpecError: on an unknown agent, parameter or parameter value.
    """
    name, params = parse_agent_spec(spec)
    factory = _factory(name)
    accepted = inspect.signature(factory).parameters
    unknown = sorted(set(params) - set(accepted) | ({"seed"} & set(params)))
    if unknown:
        names = ", ".join(p for p in accepted if p != "seed")
        raise AgentSpecError(f"agent {spec!r}: unknown parameter {unknown[0]!r} (accepts: {names})")
    try:
        return factory(seed=seed, **params)
    except (TypeError, ValueError) as exc:
        raise AgentSpecError(f"agent {spec!r}: {exc}") from None


def check_agent_spec(spec: str) -> str:
    """Return ``spec`` unchanged if it builds an agent.

    Raises:
        AgentSpecError: as :func:`make_agent`.
    """
    make_agent(spec, 0)
    return spec
