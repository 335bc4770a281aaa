"""A PettingZoo AEC environment for any registered hexkit game.

>>> from hexkit.rl import aec_env
>>> env = aec_env("hex", size=5)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), obs["observation"].shape, obs["action_mask"].shape
(['action_mask', 'observation'], (80,), (26,))

=================  ============================================================
agents             ``player_0`` ... ``player_{n-1}``: seat ``i`` of the game
action space       ``Discrete(spaces.action_space_size(game, config))``: the game's
                   action numbers (:meth:`hexkit.game.Game.apply_index`)
observation        ``Dict(observation=Box(float32, (spec.size,)),
                   action_mask=Box(int8 0/1, (action_space_size,)))``: the seat's
                   :func:`hexkit.rl.observation` (from its view only) and the
                   legal mask (all zeros for a seat not to move)
agent order        the game's :meth:`~hexkit.game.Game.current_player`, not a
                   fixed cycle: a seat may answer several decisions in a row
rewards            0 until the end, then :meth:`~hexkit.game.Game.returns`
                   (1 win, ties split, 0 otherwise); with ``shaping=c`` also
                   ``c`` times the change of ``game.evaluate(view, seat)``
                   over each step, for every seat
truncation         after ``max_steps`` decisions (default the game's
                   ``info.max_decisions``)
seeding            ``reset(seed=s)`` sets the game up with seed ``s``; without a
                   seed the next of a counter started at 0
=================  ============================================================

Version history: 1, first release (hexkit 0.1).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from hexkit.rl import spaces as _sp
from hexkit.errors import ConfigError, IllegalActionError
from hexkit.game import Game, GameConfig, State
from hexkit.registry import load_game
from hexkit.rl.encoding import Float32Array, Int8Array, encoder_for, legal_mask_array, observation

__all__ = ["HexkitAECEnv", "aec_env", "make_game_config", "resolve"]


def resolve(game: str | Game[Any, Any]) -> Game[Any, Any]:
    """A game object from a registry name (or the object itself)."""
    return load_game(game) if isinstance(game, str) else game


def make_game_config(game: Game[Any, Any], players: int | None, variants: Any = (),
                     **options: Any) -> GameConfig:
    """``game.make_config`` with the game's smallest player count as default.

    Raises:
        ConfigError: for a bad player count, variant or option.
    """
    config: GameConfig = game.make_config(game.info.min_players if players is None else players,
                                          variants, **options)
    return config


class HexkitAECEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one hexkit game config (see the module docstring).

    Args:
        game: the game object.
        config: its config (fixes every space).
        shaping: weight of the shaped reward from ``game.evaluate`` (0: off).
        max_steps: truncate after this many decisions (``None``: ``info.max_decisions``).
        render_mode: ``None`` or ``"ansi"`` (the last log lines).

    Raises:
        ConfigError: for a negative shaping weight or a bad ``max_steps`` or render mode.
    """

    metadata = {"render_modes": ["ansi"], "name": "hexkit_v1", "is_parallelizable": False}

    def __init__(self, game: Game[Any, Any], config: GameConfig, *, shaping: float = 0.0,
                 max_steps: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if not isinstance(shaping, (int, float)) or shaping < 0:
            raise ConfigError(f"shaping must be a number >= 0, not {shaping!r}")
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise ConfigError(f"max_steps must be a positive integer or None, not {max_steps!r}")
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = game
        self.config = config
        self.shaping = float(shaping)
        self.max_steps = max_steps or game.info.max_decisions
        self.render_mode = render_mode
        self.encoder = encoder_for(game, config)
        self.num_actions = _sp.action_space_size(game, config)
        self.metadata = {**self.metadata, "name": f"hexkit_{game.info.name}_v1"}
        self.possible_agents = [f"player_{i}" for i in range(config.players)]
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self._zeros = True  # every reward of the last step is 0 (nothing to reset or add up)
        self.agents = self.possible_agents[:]
        size = self.encoder.spec.size
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(self.encoder.spec.low, self.encoder.spec.high, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.state: State | None = None
        self._next_seed = 0
        self._values: list[float] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The ``Dict`` observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(A)``: the game's action numbers."""
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        try:
            return self._seats[agent]
        except KeyError:
            raise ValueError(f"{agent!r} is not an agent of this environment") from None

    def _live(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def observe(self, agent: str) -> dict[str, Any]:
        """The seat's observation vector and legal mask (zeros unless it is to move)."""
        state = self.state
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        seat = self._seat(agent)
        obs: Float32Array = observation(self.game, state, seat)
        if self.game.current_player(state) == seat:
            mask: Int8Array = legal_mask_array(self.game, state)
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Set a game up with seed ``seed`` (else the next of a counter from 0)."""
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.state = self.game.new(self.config, seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._zeros = True
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._values = self._evaluations() if self.shaping else []
        self._select()

    def _evaluations(self) -> list[float]:
        state = self._live()
        return [self.game.evaluate(self.game.view(state, p), p) for p in range(self.config.players)]

    def _select(self) -> None:
        mover = self.game.current_player(self._live())
        if mover is not None:
            self.agent_selection = self.possible_agents[mover]

    def step(self, action: Any) -> None:
        """Apply the selected agent's action number (``None`` for a finished agent).

        Raises:
            IllegalActionError: for an illegal number, or one that is not an
                integer (``1.5``, ``"x"``); the game is unchanged.
            ValueError: for ``None`` from an agent still to move.
            RuntimeError: every agent is done (call :meth:`reset`).
        """
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if not self.agents:
            raise RuntimeError("the game is over and every agent is done: call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live()
        self._cumulative_rewards[agent] = 0.0
        if action is None:
            raise ValueError(f"{agent} is to move; None is only for a finished agent")
        index = _sp.action_number(action)  # an int or numpy integer; never a bool, or a float read as one
        _sp.apply_index(self.game, state, index)
        if not self._zeros:
            self.rewards = {a: 0.0 for a in self.agents}
            self._zeros = True
        if self.shaping:
            values = self._evaluations()
            for p, a in enumerate(self.possible_agents):
                self.rewards[a] = self.shaping * (values[p] - self._values[p])
            self._values = values
            self._zeros = False
        if self.game.is_over(state):
            for p, value in enumerate(self.game.returns(state)):
                self.rewards[self.possible_agents[p]] += value
            self._zeros = False
            self.terminations = {a: True for a in self.agents}
        elif state.step >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        else:
            self._select()
        if not self._zeros:  # adding zeros changes nothing
            self._accumulate_rewards()

    def render(self) -> str | None:
        """The last five log lines (``render_mode="ansi"``), else ``None``."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        return "\n".join(str(entry) for entry in self.state.log[-5:])

    def close(self) -> None:
        """Drop the game."""
        self.state = None


def aec_env(game: str | Game[Any, Any], players: int | None = None, *, variants: Any = (),
            shaping: float = 0.0, max_steps: int | None = None, render_mode: str | None = None,
            **options: Any) -> HexkitAECEnv:
    """A PettingZoo AEC environment for a registered game.

    Args:
        game: registry name (``"soot"``) or game object.
        players: seats (default the game's smallest count).
        variants: optional rules.
        shaping: weight of the shaped reward from ``game.evaluate`` (0: off).
        max_steps: truncate after this many decisions.
        render_mode: ``None`` or ``"ansi"``.
        **options: other config fields (``size=5`` for Hex).

    Raises:
        UnknownGameError: for a name no plugin registered.
        ConfigError: for a bad config or env option.
    """
    g = resolve(game)
    return HexkitAECEnv(g, make_game_config(g, players, variants, **options), shaping=shaping,
                        max_steps=max_steps, render_mode=render_mode)
