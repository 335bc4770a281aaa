"""hexkit games through OpenSpiel: random simulation test, MCTS, and Hex against native ``hex``."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

from hexkit.rl.openspiel import RECALL, HexkitEvaluator, register  # noqa: E402


def load(name: str, **params: Any) -> Any:
    return pyspiel.load_game(register(name), params)


def test_declared_types() -> None:
    T = pyspiel.GameType
    hex_type = load("hex", size=5).get_type()
    assert hex_type.chance_mode == T.ChanceMode.DETERMINISTIC
    assert hex_type.information == T.Information.PERFECT_INFORMATION
    for name in ("empyreal", "soot"):
        kind = load(name).get_type()
        assert kind.chance_mode == T.ChanceMode.SAMPLED_STOCHASTIC
        assert kind.information == T.Information.IMPERFECT_INFORMATION
        assert kind.provides_information_state_string and kind.provides_information_state_tensor
    game = load("soot", players=3, seed=4)
    assert game.num_players() == 3 and game.num_distinct_actions() == 36860
    assert game.max_game_length() == 5500


@pytest.mark.parametrize(("name", "params", "sims"), [
    ("hex", {"size": 5}, 20), ("hex", {"size": 4, "variants": "swap"}, 10),
    ("empyreal", {}, 1), ("soot", {}, 1),
])
def test_random_sim_test(name: str, params: dict[str, Any], sims: int) -> None:
    pyspiel.random_sim_test(load(name, **params), num_sims=sims, serialize=False, verbose=False)


def test_information_state_hides_what_the_seat_may_not_see() -> None:
    game = load("soot", players=2, seed=3)
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.hexkit_state.round < 2:
        state.apply_action(rng.choice(state.legal_actions()))
    other = state.clone()
    hidden = other.hexkit_state
    hidden.deck.reverse()
    hidden.tile_stack.reverse()
    hidden.invalidate_legal()
    for seat in (0, 1):
        assert state.information_state_string(seat) == other.information_state_string(seat)
        assert state.observation_tensor(seat) == other.observation_tensor(seat)
        assert state.information_state_tensor(seat) == other.information_state_tensor(seat)
    assert state.information_state_string(0) != state.information_state_string(1)
    size = len(state.observation_tensor(0))
    assert game.information_state_tensor_size() == size + 1 + RECALL
    for seat in (0, 1):
        tensor = np.asarray(state.information_state_tensor(seat), np.float32)
        own = [item.action for item in state.full_history() if item.player == seat]
        assert np.array_equal(tensor[:size], np.asarray(state.observation_tensor(seat), np.float32))
        assert tensor[size] == np.float32(len(own) / game.max_game_length())
        recent = (np.asarray(own[::-1][:RECALL], np.float32) + 1) / game.num_distinct_actions()
        assert np.array_equal(tensor[size + 1:size + 1 + len(recent)], recent)
        assert not tensor[size + 1 + len(recent):].any()
    assert state.information_state_tensor(0) != state.information_state_tensor(1)
    sample = state.resample_from_infostate(0, lambda: 0.25)
    assert sample.hexkit_state.players[0].hand == state.hexkit_state.players[0].hand
    assert sample.current_player() == state.current_player()


def _bot(game: Any, seed: int, simulations: int, evaluator: Any) -> Any:
    return mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator,
                        solve=False, random_state=np.random.RandomState(seed))


@pytest.mark.parametrize(("name", "params", "simulations"), [
    # Soot's default is 1 player (the solo game, where the Trust may win and every seat gets 0): 2 here
    ("hex", {"size": 4}, 30), ("empyreal", {}, 2), ("soot", {"players": 2}, 2),
])
def test_mcts_plays_whole_games(name: str, params: dict[str, Any], simulations: int) -> None:
    game = load(name, **params)
    if name == "hex":
        evaluator: Any = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    else:
        evaluator = HexkitEvaluator()
    bots = [_bot(game, seat, simulations, evaluator) for seat in range(game.num_players())]
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    returns = state.returns()
    assert sorted(returns)[-1] > 0 and abs(sum(returns) - 1.0) < 1e-9


def test_mcts_beats_random_at_hex() -> None:
    game = load("hex", size=3)
    evaluator = mcts.RandomRolloutEvaluator(2, np.random.RandomState(0))
    wins = 0
    for g in range(6):
        bot = _bot(game, g, 60, evaluator)
        rng = random.Random(g)
        seat = g % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == seat:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        wins += state.returns()[seat] == 1.0
    assert wins >= 5


def play_both(size: int, swap: bool, seed: int) -> tuple[int, int]:
    """One random game in the wrapped hexkit Hex and native ``hex`` in lockstep."""
    ours = load("hex", size=size, variants="swap" if swap else "").new_initial_state()
    theirs = pyspiel.load_game("hex", {"board_size": size, "swap": swap}).new_initial_state()
    rng = random.Random(seed)
    while not theirs.is_terminal():
        assert not ours.is_terminal()
        assert ours.current_player() == theirs.current_player()
        legal = ours.legal_actions()
        assert legal == theirs.legal_actions(), f"seed {seed}, move {len(theirs.history())}"
        action = legal[rng.randrange(len(legal))]
        ours.apply_action(action)
        theirs.apply_action(action)
    assert ours.is_terminal() and ours.history() == theirs.history()
    winner = 0 if theirs.returns()[0] > 0 else 1
    assert ours.returns() == [1.0 - winner, float(winner)]
    return len(theirs.history()), winner


@pytest.mark.parametrize(("size", "swap", "games"), [(5, False, 60), (7, True, 40), (11, False, 20)])
def test_wrapped_hex_agrees_with_native_hex(size: int, swap: bool, games: int) -> None:
    results = [play_both(size, swap, seed) for seed in range(games)]
    assert {w for _, w in results} == {0, 1}


def _agreement(games: int) -> dict[tuple[int, bool], int]:
    """Play ``games`` lockstep games over sizes 5/7/9/11, every third with swap; games per (size, swap)."""
    played: dict[tuple[int, bool], int] = {}
    for seed in range(games):
        size, swap = (5, 7, 9, 11)[seed % 4], seed % 3 == 0
        play_both(size, swap, seed)
        played[size, swap] = played.get((size, swap), 0) + 1
    return played


def test_wrapped_hex_agrees_with_native_hex_100_games() -> None:
    """The first 100 games of the 1,000-game soak agreement, in the normal suite (a few seconds)."""
    played = _agreement(100)
    assert sum(played.values()) == 100 and len(played) == 8  # every size, with and without swap


@pytest.mark.soak
def test_wrapped_hex_agrees_with_native_hex_1000_games() -> None:
    assert sum(_agreement(1000).values()) == 1000
