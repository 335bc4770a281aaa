"""Hex refuses loaded positions no game reaches, naming every broken field; a seeded mutation corpus."""

from __future__ import annotations

import json
import random

import pytest

from hexkit.errors import InvalidRecordError
from hexkit.serialize import codec
from hexkit.testing import mutate_one, refused_or_plays_on
from hexkit.validation import StateValidationError

from hexkit_hexgame import GAME, parse_action

CODEC = codec(GAME)


def _saved(moves: list[str], size: int = 3, variants: tuple[str, ...] = ()) -> dict:
    state = GAME.new(GAME.make_config(2, variants, size=size))
    for name in moves:
        GAME.apply(state, parse_action(name))
    return json.loads(CODEC.state_to_json(state))


def _load(data: dict):
    return CODEC.state_from_json(json.dumps(data))


def test_a_real_position_loads() -> None:
    data = _saved(["b1", "a2", "b2"])
    assert _load(data).step == 3
    won = _saved(["b1", "a2", "b2", "b3", "a3"])
    assert GAME.winner(_load(won)) == 0
    swapped = _saved(["b1", "swap", "a1"], variants=("swap",))
    assert _load(swapped).pending[-1].player == 1


def test_a_finished_chain_with_no_winner_is_refused() -> None:
    data = _saved(["b1", "a2", "b2", "b3", "a3"])
    data["state"]["winner"] = None
    data["state"]["pending"] = [{"player": 1, "prompt": "", "may_swap": False}]
    with pytest.raises(InvalidRecordError) as caught:
        _load(data)
    assert caught.value.field == "state.winner"
    assert "Black has joined top and bottom" in str(caught.value)


def test_every_problem_is_named_at_once() -> None:
    data = _saved(["b1", "a2"])
    data["state"]["winner"] = 1  # White has not joined its edges
    data["state"]["step"] = 5  # two stones after five actions
    with pytest.raises(StateValidationError) as caught:
        _load(data)
    fields = {e.field for e in caught.value.errors}
    assert {"state.winner", "state.step"} <= fields


def test_the_wrong_seat_to_move_is_refused() -> None:
    data = _saved(["b1"])
    data["state"]["pending"][0]["player"] = 0  # Black again
    with pytest.raises(InvalidRecordError, match="White is to move") as caught:
        _load(data)
    assert caught.value.field == "state.pending.0.player"


def _mutation_corpus(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        state = GAME.new(GAME.make_config(2, rng.choice([(), ("swap",)]), size=rng.randint(2, 5)))
        for _ in range(rng.randint(0, len(state.cells))):
            if GAME.is_over(state):
                break
            GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
        yield mutate_one(rng, json.loads(CODEC.state_to_json(state)), skip=("config",),
                         flags=(True, False, None, 0, 1, 2, -1), ints=(-1, -7, 2, 3, 999), texts=("", "bogus", "?"))


@pytest.mark.parametrize("seed", range(3))
def test_mutated_states_are_refused_or_play_on(seed: int) -> None:
    assert sum(refused_or_plays_on(GAME, path, data) for path, data in _mutation_corpus(120, seed)) > 0


@pytest.mark.soak
def test_mutated_states_soak() -> None:
    for seed in range(100, 130):
        test_mutated_states_are_refused_or_play_on(seed)
