"""The Gymnasium environment passes Gymnasium's env checker; opponents play from their views."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from hexkit.errors import ConfigError, IllegalActionError  # noqa: E402
from hexkit.rl import gym_env  # noqa: E402


@pytest.mark.parametrize(("name", "players", "options", "opponents"), [
    ("hex", 2, {"size": 5}, "greedy"), ("empyreal", 2, {}, "random"), ("soot", 3, {}, "random"),
])
def test_check_env(name: str, players: int, options: dict[str, int], opponents: str) -> None:
    env = gym_env(name, players, opponents=opponents, **options)
    check_env(env, skip_render_check=True)


def _episode(env: object, seed: int) -> tuple[float, int]:
    obs, info = env.reset(seed=seed)  # type: ignore[attr-defined]
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)  # type: ignore[attr-defined]
        total += float(reward)
        steps += 1
        if terminated or truncated:
            return total, steps


def test_hex_episode_rewards_the_result() -> None:
    env = gym_env("hex", size=4, opponents="random", seat=None)
    results = [_episode(env, seed) for seed in range(20)]
    assert {r for r, _ in results} <= {0.0, 1.0}
    assert 0 < sum(r for r, _ in results) < 20
    assert _episode(env, 5) == results[5]  # same seed, same episode


def test_illegal_action_penalty_and_raise() -> None:
    env = gym_env("hex", size=3)
    obs, _ = env.reset(seed=0)
    env.step(4)
    obs, reward, terminated, _, info = env.step(4)  # Black's centre stone is there
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(RuntimeError, match="episode is over"):  # found by a new-user run: it played on
        env.step(0)
    env.reset(seed=0)
    assert env.step(np.int64(4))[1:3] == (0.0, False)  # a numpy integer is an action number
    strict = gym_env("hex", size=3, illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step(99)
    with pytest.raises(IllegalActionError, match="an action number is an integer"):
        strict.step(1.5)  # was read as action 1
    with pytest.raises(IllegalActionError, match="not a bool"):
        strict.step(True)  # was read as action 1
    obs, reward, terminated, _, _ = strict.step(4)
    assert not terminated  # the refused steps changed nothing


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ConfigError, match="opponents: 1 specs needed"):
        gym_env("hex", opponents=["random", "random"])
    with pytest.raises(ConfigError, match="seat must be"):
        gym_env("hex", seat=2)
    with pytest.raises(ConfigError, match="unknown agent"):
        gym_env("hex", opponents="nobody")
    with pytest.raises(ConfigError, match="illegal"):
        gym_env("hex", illegal="ignore")
