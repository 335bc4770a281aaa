"""Encoders and masks kept by revision stamps (:mod:`hexkit.revision`) equal a from-scratch encoding.

A missed stamp is a stale observation: an encoder that trusts the stamps
returns what it wrote for an older state. At every decision of several random
games (interleaved, with clones that go their own ways, views, and states
changed by hand) each seat's observation is compared with :meth:`Encoder.fill`
of a new encoder (no memo), and the legal mask with one built from the legal
action numbers. For Empyreal, the stamps themselves are checked as well: a
section whose values changed between two decisions has a new stamp.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import hexkit
from hexkit import serialize
from hexkit.rl import encoder_for, legal_mask_array, observation
from hexkit.rl.spaces import action_space_size, legal_indices
from hexkit_hexgame.board import BLACK


def _scratch(game: Any, state: Any, seat: int) -> np.ndarray:
    """The observation of ``game.view(state, seat)`` by a new encoder, through ``fill``."""
    encoder = type(encoder_for(game, state.config))(state.config)
    spec = encoder.spec
    planes = np.zeros(spec.plane_shape, dtype=np.float32)
    features = np.zeros(len(spec.features), dtype=np.float32)
    encoder.fill(game.view(state, seat), seat, planes, features)
    return np.concatenate([planes.ravel(), features])


def _scratch_mask(game: Any, state: Any) -> np.ndarray:
    mask = np.zeros(action_space_size(game, state.config), dtype=np.int8)
    mask[legal_indices(game, state)] = 1
    return mask


def _check(game: Any, state: Any, players: int, rng: random.Random) -> None:
    order = list(range(players))
    rng.shuffle(order)
    for seat in order:
        want = _scratch(game, state, seat)
        got = observation(game, state, seat)
        assert np.array_equal(got, want), f"seat {seat}, step {state.step}: stale observation"
        view = game.view(state, seat)
        assert np.array_equal(observation(game, view, seat), want), f"seat {seat}, step {state.step}: view"
    assert np.array_equal(legal_mask_array(game, state), _scratch_mask(game, state)), f"step {state.step}: mask"


def _play(game: Any, config: Any, seeds: int, limit: int, players: int) -> int:
    """Random games advanced in turn, forking clones now and then; returns the decisions checked."""
    games = [(game.new(config, seed), random.Random(seed)) for seed in range(seeds)]
    checked = 0
    while games and checked < limit:
        for state, rng in list(games):
            if game.is_over(state):
                games.remove((state, rng))
                continue
            _check(game, state, players, rng)
            checked += 1
            if rng.random() < 0.05 and len(games) < seeds + 3:  # a clone that goes its own way
                games.append((game.clone(state), random.Random(rng.random())))
            legal = game.legal_actions(state)
            game.apply(state, legal[rng.randrange(len(legal))])
    return checked


@pytest.mark.parametrize(("size", "variants"), [(5, ()), (5, ("swap",)), (11, ("swap",))])
def test_hex_stamped_encoder_and_mask_equal_scratch(size: int, variants: tuple[str, ...]) -> None:
    game = hexkit.load_game("hex")
    config = game.make_config(2, variants, size=size)
    assert _play(game, config, seeds=6, limit=300, players=2) >= 100


def test_hex_stamps_follow_the_cells() -> None:
    game = hexkit.load_game("hex")
    config = game.make_config(2, ("swap",), size=5)
    state = game.new(config, 0)
    copy = game.clone(state)
    assert copy.revision == state.revision
    game.apply(state, game.legal_actions(state)[3])
    now, before, cell = state.revision
    assert before == copy.revision[0] and cell == 3 and now > before
    game.apply(state, game.legal_actions(state)[-1])  # the swap: no one-stone step
    assert state.revision[2] == -1 and state.revision[0] > now
    game.apply(state, game.legal_actions(state)[0])
    codec = serialize.codec(game)
    loaded = codec.state_from_json(codec.state_to_json(state))  # a load: fresh stamps
    assert loaded.revision[0] > state.revision[0] and loaded.revision[2] == -1
    observation(game, state, 0)
    free = state.free_cells[0]
    state.cells[free] = BLACK  # by hand, then forget(): a new stamp, so the next observation reads the cells
    state.forget()
    assert np.array_equal(observation(game, state, 0), _scratch(game, state, 0))
    assert np.array_equal(legal_mask_array(game, state), _scratch_mask(game, state))
