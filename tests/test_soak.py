"""The soak: all three games played by random and greedy agents over many seeds.

After every step the live state passes its game's ``validate_state`` (the
checks a loaded save must pass), every 25 steps it round-trips through
JSON, and no exception escapes the rules; each game ends, scores and
returns. CI plays one short game of each; ``make soak`` (marker ``soak``)
plays many full ones with random seat counts and variants. Empyreal's
Spellcar market conservation soaks in ``tests/empyreal/test_soak_market.py``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from hexkit.agents import RandomAgent
from hexkit.agents.greedy import GreedyAgent
from hexkit.registry import load_game
from hexkit.serialize import codec

GAMES = ("empyreal", "soot", "hex")

JSON_EVERY = 25
"""Steps between JSON round trips of the live state."""


def _config(name: str, rng: random.Random, short: bool) -> Any:
    """A random legal config of ``name`` (short: a small board or few rounds, for CI)."""
    game = load_game(name)
    if name == "hex":
        return game.make_config(2, rng.sample(["swap"], rng.randint(0, 1)), size=rng.randint(2, 5 if short else 11))
    players = 2 if short else rng.randint(game.info.min_players, game.info.max_players)
    variants = [v for v in sorted(game.info.variants) if rng.random() < 0.25]
    options = {"round_limit": 3} if short and name == "empyreal" else {}
    try:
        return game.make_config(players, variants, **options)
    except Exception:  # an impossible variant combination (Team needs an even split)
        return game.make_config(players, **options)


def soak_game(name: str, seed: int, short: bool = False, max_steps: int = 20_000) -> int:
    """Play one seeded game of ``name`` with a random mix of random and greedy agents, checking every step.

    Returns:
        The number of steps played.

    Raises:
        AssertionError: naming the game, seed and step, when a check fails or the rules raise.
    """
    rng = random.Random(seed)
    game = load_game(name)
    config = _config(name, rng, short)
    greedy = [rng.random() < 0.3 for _ in range(config.players)]
    if short:  # one greedy seat and one random seat: both kinds of agent, quickly
        greedy = [i == 0 for i in range(config.players)]
    agents = [GreedyAgent(seed=seed + i) if g else RandomAgent(seed=seed + i) for i, g in enumerate(greedy)]
    state = game.new(config, seed)
    c = codec(game)
    step = 0
    try:
        game.validate_state(state)
        while not game.is_over(state):
            assert step < max_steps, "no end in sight"
            seat = game.current_player(state)
            assert seat is not None, "the game is not over but nobody is to move"
            legal = game.legal_actions(state)
            assert legal, "the game is not over but there is no legal action"
            game.apply(state, agents[seat].act(game, game.view(state, seat), legal))
            step += 1
            game.validate_state(state)
            if step % JSON_EVERY == 0:
                assert c.state_from_json(c.state_to_json(state)) == state, "the JSON round trip changed the state"
        sheet = game.scores(state)
        assert len(sheet.totals) == config.players
        returns = game.returns(state)
        assert len(returns) == config.players and max(returns) > 0
    except Exception as exc:
        raise AssertionError(f"{name} seed {seed} ({config}) step {step}: {type(exc).__name__}: {exc}") from exc
    return step


@pytest.mark.parametrize("name", GAMES)
def test_one_short_game_of_each_is_valid_at_every_step(name: str) -> None:
    steps = soak_game(name, 1, short=True)
    assert steps >= {"hex": 2, "soot": 300, "empyreal": 30}[name]


@pytest.mark.soak
@pytest.mark.parametrize("chunk", range(4))
@pytest.mark.parametrize("name", GAMES)
def test_soak(name: str, chunk: int) -> None:
    per_chunk = {"hex": 200, "soot": 6, "empyreal": 10}[name]
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        soak_game(name, 1000 + seed)
