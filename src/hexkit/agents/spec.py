"""Agents by name: ``"random"``, ``"greedy"``, ``"mcts:iterations=400:rollout=greedy"``, ``"strong"``.

The command line, :mod:`hexkit.sim` and scripts name agents with a short
*spec*: the agent's name, then optional ``:key=value`` parameters passed to
its constructor. The name is one of :data:`AGENTS` or the dotted import
path of an agent class (``my_agents.EpsilonGreedy:epsilon=0.2``), which
every worker process can import by itself. Values are read as ``int``, then ``float``, then
``none``/``true``/``false``, else kept as text, and then checked against the
constructor's annotation (or the type of its default), so
``mcts:iterations=x`` fails before any game starts with
``agent 'mcts:iterations=x': iterations must be an integer, not 'x'``.
The spec is what a result line records, so a study says exactly which
agents played.

A spec read from a file or sent by a client of the server is checked with
:func:`installed_agent_spec` instead: only the names of :data:`AGENTS`,
checked as text, so nothing a file names is ever imported.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import types
import typing
from collections.abc import Callable
from typing import Any

from hexkit.agents.base import Agent, RandomAgent
from hexkit.agents.greedy import GreedyAgent
from hexkit.agents.mcts import MCTSAgent
from hexkit.agents.strong import StrongAgent
from hexkit.errors import ConfigError

__all__ = ["AGENTS", "AgentSpecError", "parse_agent_spec", "make_agent", "check_agent_spec",
           "split_agent_specs", "installed_agent_spec"]

AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
    "strong": StrongAgent,
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


_KINDS: dict[Any, str] = {int: "an integer", float: "a number", bool: "true or false",
                          str: "text", type(None): "none"}


def _hints(factory: Callable[..., Agent]) -> dict[str, Any]:
    """The constructor's resolved annotations (empty when they cannot be read)."""
    target = factory.__init__ if inspect.isclass(factory) else factory
    try:
        return typing.get_type_hints(target)
    except Exception:  # unresolvable forward references: check by default value only
        return {}


def _options(annotation: Any) -> list[Any] | None:
    """The simple types (and literal values, as 1-tuples) an annotation
    allows; ``None`` if it is not one we can check."""
    origin = typing.get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        found: list[Any] = []
        for member in typing.get_args(annotation):
            options = _options(member)
            if options is None:
                return None
            found += options
        return found
    if origin is typing.Literal:
        return [(value,) for value in typing.get_args(annotation)]
    if annotation is None or annotation is type(None):
        return [type(None)]
    if annotation in _KINDS:
        return [annotation]
    return None


def _fits(value: Any, option: Any) -> bool:
    if isinstance(option, tuple):
        return bool(value == option[0] and type(value) is type(option[0]))
    if option is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if option is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, option)


def _checked(spec: str, factory: Callable[..., Agent], params: dict[str, Any],
             raw: dict[str, str]) -> dict[str, Any]:
    """``params`` checked against the constructor's annotations (or, without
    one, the type of the default); ints given for float parameters become
    floats."""
    hints = _hints(factory)
    accepted = inspect.signature(factory).parameters
    checked = dict(params)
    for key, value in params.items():
        options = _options(hints[key]) if key in hints else None
        convert = True
        if options is None and key not in hints:
            # No annotation: an int or float default takes any number, a
            # bool default true or false.
            default = accepted[key].default
            kind = type(default)
            if kind in (int, float):
                options, convert = [float], False
            elif kind is bool:
                options = [bool]
        if options is None:
            continue
        if any(_fits(value, option) for option in options):
            if convert and float in options and int not in options and type(value) is int:
                checked[key] = float(value)
            continue
        # A text value such as "none" or "true" may still be wanted as text.
        if str in options:
            checked[key] = raw[key]
            continue
        wanted = [repr(o[0]) if isinstance(o, tuple) else _KINDS[o] for o in options]
        expected = " or ".join(dict.fromkeys(wanted))
        raise AgentSpecError(f"agent {spec!r}: {key} must be {expected}, not {raw[key]!r}")
    return checked


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build the agent a spec names, seeded with ``seed``.

    The spec is parsed and checked once per process (a study builds an
    agent per seat per game from the same few specs).

    Raises:
        AgentSpecError: on an unknown agent, parameter or parameter value.
    """
    factory, params = _plan(spec)
    try:
        return factory(seed=seed, **params)
    except (TypeError, ValueError) as exc:
        raise AgentSpecError(f"agent {spec!r}: {exc}") from None


@functools.lru_cache(maxsize=256)
def _plan(spec: str) -> tuple[Callable[..., Agent], dict[str, Any]]:
    """The constructor and checked parameters of ``spec`` (cached; callers
    must not change the returned dict, :func:`make_agent` unpacks it)."""
    name, params = parse_agent_spec(spec)
    factory = _factory(name)
    accepted = inspect.signature(factory).parameters
    unknown = sorted(set(params) - set(accepted) | ({"seed"} & set(params)))
    if unknown:
        names = ", ".join(p for p in accepted if p != "seed")
        raise AgentSpecError(f"agent {spec!r}: unknown parameter {unknown[0]!r} (accepts: {names})")
    raw = {key: text for key, _, text in (part.partition("=") for part in spec.strip().split(":")[1:])}
    return factory, _checked(spec, factory, params, raw)


def check_agent_spec(spec: str) -> str:
    """Return ``spec`` unchanged if it builds an agent.

    Raises:
        AgentSpecError: as :func:`make_agent`.
    """
    make_agent(spec, 0)
    return spec


def split_agent_specs(text: str) -> list[str]:
    """The agent specs of a comma-separated list (``--agents strong,greedy``), each checked.

    Raises:
        AgentSpecError: for an empty list or an empty entry (``"greedy,"``, ``"a,,b"``),
            naming it, or a spec :func:`check_agent_spec` refuses.

    >>> split_agent_specs("greedy, mcts:iterations=50")
    ['greedy', 'mcts:iterations=50']
    """
    specs = [s.strip() for s in text.split(",")]
    if not any(specs):
        raise AgentSpecError("agents: at least one agent is needed (random, greedy, mcts, strong)")
    if not all(specs):
        raise AgentSpecError(f"agents: {text!r} has an empty entry; separate the specs by single commas")
    return [check_agent_spec(s) for s in specs]


def installed_agent_spec(spec: str, field: str) -> str:
    """Return ``spec`` unchanged if it names an installed agent (one of
    :data:`AGENTS`) with good parameters; never imports anything.

    For specs that come from a file (a record, a results row, a campaign
    file) or from a client of the server: an import reference
    (``module.Class``) is accepted only where a person types it on the
    command line or in Python.

    Args:
        spec: the agent spec.
        field: where the spec came from, named in the error (``seats[1]``).

    Raises:
        AgentSpecError: naming ``field``, for a name that is not installed
            (checked on the text, before anything is imported) or a bad
            parameter.
    """
    if not isinstance(spec, str):
        raise AgentSpecError(f"{field}: an agent spec is text, not {type(spec).__name__}")
    name = spec.strip().split(":")[0]
    if name not in AGENTS:
        raise AgentSpecError(f"{field}: {spec!r} is not an installed agent (import references are not"
                             f" accepted here); installed agents: {', '.join(AGENTS)}")
    try:
        check_agent_spec(spec)
    except AgentSpecError as exc:
        raise AgentSpecError(f"{field}: {exc}") from None
    return spec
