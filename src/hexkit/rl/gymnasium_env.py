"""A Gymnasium single-agent environment: one learning seat, the others played by agents.

>>> from hexkit.rl import gym_env
>>> env = gym_env("hex", size=5, opponents="random")
>>> obs, info = env.reset(seed=0)
>>> obs["observation"].shape, int(obs["action_mask"].sum())
((80,), 25)

=================  ============================================================
action space       ``Discrete(spaces.action_space_size(game, config))``
observation        ``Dict(observation=Box(float32, (spec.size,)),
                   action_mask=Box(int8, (action_space_size,)))`` for the
                   learning seat (from its view only); the mask is also
                   ``info["action_mask"]``
opponents          an agent spec (``"greedy"``, ``"mcts:iterations=50"``,
                   :mod:`hexkit.agents.spec`) for every other seat, or one
                   spec per other seat in seat order; each sees only its view
seat               the learning seat (default 0); ``None`` takes seat
                   ``seed % players`` so a learner meets every seat
reward             0 until the end, then the seat's :meth:`~hexkit.game.Game.returns`
                   (plus ``shaping`` times the change of ``game.evaluate`` from
                   the seat's view over its step and the opponents' replies)
illegal action     ``illegal="penalty"`` (default): the episode ends with reward
                   ``-1`` and ``info["illegal_action"] = True``, the state
                   unchanged; ``"raise"``: :class:`~hexkit.errors.IllegalActionError`
                   (a non-integer such as ``1.5`` is illegal, not rounded)
after the end      ``step`` raises ``RuntimeError`` until :meth:`reset`
truncation         after ``max_steps`` decisions of the game (all seats)
=================  ============================================================

Version history: 1, first release (hexkit 0.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from hexkit.rl import spaces as _sp
from hexkit.agents.spec import check_agent_spec, make_agent
from hexkit.errors import ConfigError, IllegalActionError
from hexkit.game import Game, GameConfig, State
from hexkit.rl.encoding import encoder_for, legal_mask_array, observation
from hexkit.rl.pettingzoo_env import make_game_config, resolve
from hexkit.rng import derive_seed

__all__ = ["HexkitGymEnv", "gym_env"]


class HexkitGymEnv(gym.Env[dict[str, Any], np.int64]):
    """One seat of a hexkit game as a Gymnasium environment (see the module docstring).

    Args:
        game: the game object.
        config: its config.
        opponents: one agent spec for every other seat, or one per other seat.
        seat: the learning seat, or ``None`` for ``seed % players``.
        shaping: weight of the shaped reward from ``game.evaluate`` (0: off).
        max_steps: truncate after this many decisions (``None``: ``info.max_decisions``).
        illegal: ``"penalty"`` or ``"raise"``.

    Raises:
        ConfigError: naming the bad argument (unknown agent, wrong number of
            opponents, a seat outside the game, bad shaping, max_steps or illegal).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: Game[Any, Any], config: GameConfig, *,
                 opponents: str | Sequence[str] = "random", seat: int | None = 0,
                 shaping: float = 0.0, max_steps: int | None = None,
                 illegal: str = "penalty", render_mode: str | None = None) -> None:
        n = config.players
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ConfigError(f"opponents: {n - 1} specs needed for a {n}-player game, not {len(specs)}")
        for spec in specs:
            check_agent_spec(spec)
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise ConfigError(f"seat must be 0..{n - 1} or None, not {seat!r}")
        if not isinstance(shaping, (int, float)) or shaping < 0:
            raise ConfigError(f"shaping must be a number >= 0, not {shaping!r}")
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise ConfigError(f"max_steps must be a positive integer or None, not {max_steps!r}")
        if illegal not in ("penalty", "raise"):
            raise ConfigError(f"illegal must be 'penalty' or 'raise', not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game, self.config = game, config
        self.opponent_specs = specs
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.shaping = float(shaping)
        self.max_steps = max_steps or game.info.max_decisions
        self.illegal = illegal
        self.render_mode = render_mode
        self.encoder = encoder_for(game, config)
        self.num_actions = _sp.action_space_size(game, config)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(self.encoder.spec.low, self.encoder.spec.high, (self.encoder.spec.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.num_actions)
        self.state: State | None = None
        self._agents: dict[int, Any] = {}
        self._value = 0.0
        self._over = False  # the episode ended (terminated, truncated or an illegal action)

    def _live(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        return self.state

    def _observe(self) -> tuple[dict[str, Any], dict[str, Any]]:
        state = self._live()
        obs = observation(self.game, state, self.seat)
        if self.game.current_player(state) == self.seat:
            mask = legal_mask_array(self.game, state)
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}, {"action_mask": mask, "seat": self.seat,
                                                           "step": state.step}

    def _value_now(self) -> float:
        state = self._live()
        return self.game.evaluate(self.game.view(state, self.seat), self.seat) if self.shaping else 0.0

    def _reply(self) -> None:
        """Let the opponents answer until the learning seat is to move or the game ends."""
        state = self._live()
        game = self.game
        while not game.is_over(state) and state.step < self.max_steps:
            mover = game.current_player(state)
            if mover is None or mover == self.seat:
                return
            legal = game.legal_actions(state)
            game.apply(state, self._agents[mover].act(game, game.view(state, mover), legal))

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Set a game up (seed ``seed``, else one drawn from the env's generator) and let
        the opponents move until the learning seat is to move.

        Returns:
            ``(observation, info)``.
        """
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31 - 1)) if seed is None else seed
        n = self.config.players
        self.seat = game_seed % n if self.fixed_seat is None else self.fixed_seat
        others = [s for s in range(n) if s != self.seat]
        self._agents = {s: make_agent(spec, derive_seed(game_seed, "agent", s))
                        for s, spec in zip(others, self.opponent_specs)}
        self.state = self.game.new(self.config, game_seed)
        self._over = False
        self._reply()
        self._value = self._value_now()
        return self._observe()

    def step(self, action: Any) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply the learning seat's action number, then the opponents' replies.

        Returns:
            ``(observation, reward, terminated, truncated, info)``.

        Raises:
            IllegalActionError: for an illegal number (a number not offered, or
                not an integer: ``1.5``), with ``illegal="raise"``.
            RuntimeError: the episode is over (call :meth:`reset`).
        """
        state = self._live()
        if self._over:
            raise RuntimeError("the episode is over: call reset() before step()")
        try:
            index = _sp.action_number(action)  # an int or numpy integer; never a bool, or a float read as one
            _sp.apply_index(self.game, state, index)
        except IllegalActionError:
            if self.illegal == "raise":
                raise
            self._over = True
            obs, info = self._observe()
            return obs, -1.0, True, False, {**info, "illegal_action": True}
        self._reply()
        reward = 0.0
        if self.shaping:
            value = self._value_now()
            reward += self.shaping * (value - self._value)
            self._value = value
        terminated = self.game.is_over(state)
        if terminated:
            reward += self.game.returns(state)[self.seat]
        truncated = not terminated and state.step >= self.max_steps
        self._over = terminated or truncated
        obs, info = self._observe()
        return obs, reward, terminated, truncated, info

    def render(self) -> str | None:
        """The last five log lines (``render_mode="ansi"``), else ``None``."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        return "\n".join(str(entry) for entry in self.state.log[-5:])


def gym_env(game: str | Game[Any, Any], players: int | None = None, *, variants: Any = (),
            opponents: str | Sequence[str] = "random", seat: int | None = 0,
            shaping: float = 0.0, max_steps: int | None = None, illegal: str = "penalty",
            render_mode: str | None = None, **options: Any) -> HexkitGymEnv:
    """A Gymnasium environment for one seat of a registered game.

    Args:
        game: registry name or game object.
        players: seats (default the game's smallest count).
        variants: optional rules.
        opponents: agent spec(s) for the other seats (``"greedy"``).
        seat: the learning seat, or ``None`` to rotate with the seed.
        shaping: weight of the shaped reward from ``game.evaluate``.
        max_steps: truncate after this many decisions.
        illegal: ``"penalty"`` or ``"raise"``.
        render_mode: ``None`` or ``"ansi"``.
        **options: other config fields (``size=5`` for Hex).

    Raises:
        ConfigError: for a bad config or option.
    """
    g = resolve(game)
    return HexkitGymEnv(g, make_game_config(g, players, variants, **options), opponents=opponents,
                        seat=seat, shaping=shaping, max_steps=max_steps, illegal=illegal,
                        render_mode=render_mode)
