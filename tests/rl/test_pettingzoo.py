"""The PettingZoo AEC environment passes PettingZoo's own conformance tests."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from hexkit.errors import ConfigError, IllegalActionError  # noqa: E402
from hexkit.rl import aec_env  # noqa: E402

CASES = [("hex", 2, {"size": 5}), ("empyreal", 2, {}), ("soot", 2, {}), ("soot", 4, {})]


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_api_test(name: str, players: int, options: dict[str, int]) -> None:
    api_test(aec_env(name, players, **options), num_cycles=60)


@pytest.mark.parametrize(("name", "players", "options"), CASES[:3])
def test_seed_test(name: str, players: int, options: dict[str, int]) -> None:
    seed_test(lambda: aec_env(name, players, **options), num_cycles=30)


def test_hex_game_ends_with_returns() -> None:
    env = aec_env("hex", size=3)
    env.reset(seed=0)
    for index in (0, 1, 3, 4, 6):  # Black: a1 a2 a3 down column 0; White elsewhere
        agent = env.agent_selection
        obs, *_ = env.last()
        assert obs["action_mask"][index] == 1
        env.step(index)
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": 1.0, "player_1": 0.0}
    for agent in list(env.agents):
        env.step(None)
    assert env.agents == []
    with pytest.raises(RuntimeError, match="call reset"):  # was a KeyError: 'player_0'
        env.step(0)


@pytest.mark.parametrize("action", [1.5, "x", "1", True, False, np.bool_(True), np.float64(1.0), np.array([1])])
def test_a_number_that_is_not_an_integer_is_illegal(action: object) -> None:
    env = aec_env("hex", size=5)
    env.reset(seed=0)
    before = env.state.log[:] if env.state is not None else None
    with pytest.raises(IllegalActionError, match="an action number is an integer"):
        env.step(action)
    assert env.state is not None and env.state.log == before and env.state.step == 0
    env.step(np.int64(1))  # a numpy integer is an integer
    env.step(np.array(2))  # so is a 0-d integer array (a policy's argmax)
    assert env.state.step == 2


def test_step_before_reset_says_to_reset() -> None:
    env = aec_env("hex", size=5)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step"):  # was AttributeError: agent_selection
        env.step(0)


def test_shaped_reward_and_truncation() -> None:
    env = aec_env("empyreal", 2, shaping=0.1, max_steps=20)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    total = 0.0
    while env.agents:
        obs, reward, term, trunc, _ = env.last()
        total += abs(reward)
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.state is not None and env.state.step == 20
    assert total > 0


def test_bad_options_are_refused() -> None:
    with pytest.raises(ConfigError, match="shaping"):
        aec_env("hex", shaping=-1)
    with pytest.raises(ConfigError, match="max_steps"):
        aec_env("hex", max_steps=0)
    with pytest.raises(ConfigError, match="players"):
        aec_env("hex", 3)
