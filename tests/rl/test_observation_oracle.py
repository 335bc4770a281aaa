"""The fast encoders give, value for value, the observation of the encoders of 2026-12-03.

The encoders as they were before they were made incremental are kept under
``tests/rl/oracle/`` as the reference. Every seat's observation is compared
with the reference encoding of ``game.view(state, seat)`` at every decision
of random games (a few hundred states per game and player count), with games
interleaved so the encoders' memos of "the last state seen" are exercised
both when they apply and when they do not.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import hexkit
from hexkit.rl import encoder_for, legal_mask_array, observation
from hexkit.rl.spaces import action_space_size, legal_indices

from tests.rl.oracle.empyreal_observation import EmpyrealEncoder as OldEmpyreal
from tests.rl.oracle.hex_observation import HexEncoder as OldHex
from tests.rl.oracle.soot_observation import SootEncoder as OldSoot

ORACLES: dict[str, Any] = {"hex": OldHex, "empyreal": OldEmpyreal, "soot": OldSoot}


def _old_mask(game: Any, state: Any) -> np.ndarray:
    mask = np.zeros(action_space_size(game, state.config), dtype=np.int8)
    mask[legal_indices(game, state)] = 1
    return mask


@pytest.mark.parametrize(("name", "players", "options", "seeds", "limit"), [
    ("hex", 2, {"size": 5}, 12, 400), ("hex", 2, {"size": 11, "variants": ("swap",)}, 4, 400),
    ("empyreal", 2, {}, 2, 300), ("empyreal", 4, {}, 2, 300),
    ("soot", 2, {}, 2, 300), ("soot", 4, {}, 2, 300),
])
def test_observations_equal_the_reference(name: str, players: int, options: dict[str, Any],
                                          seeds: int, limit: int) -> None:
    game = hexkit.load_game(name)
    variants = options.pop("variants", ())
    config = game.make_config(players, variants, **options)
    oracle = ORACLES[name](config)
    new = encoder_for(game, config)
    assert new.spec == oracle.spec
    # several games at once, advanced in turn, so each call may follow a call on another game
    games = [(game.new(config, seed), random.Random(seed)) for seed in range(seeds)]
    checked = 0
    while games and checked < limit * players:
        for state, rng in list(games):
            if game.is_over(state):
                games.remove((state, rng))
                continue
            order = list(range(players))
            rng.shuffle(order)
            for seat in order:
                got = observation(game, state, seat)
                want = oracle.encode(game.view(state, seat), seat)
                assert got.dtype == np.float32 and got.shape == want.shape
                assert np.array_equal(got, want), (
                    f"{name} step {state.step} seat {seat}: differs at "
                    f"{[new.spec.features[i - new.spec.plane_size] if i >= new.spec.plane_size else i for i in np.flatnonzero(got != want)[:8]]}")
                got[:] = -1.0  # a caller may write into its observation: the next one is unaffected
                checked += 1
            mask = legal_mask_array(game, state)
            assert mask.dtype == np.int8 and np.array_equal(mask, _old_mask(game, state))
            mask[:] = 0
            legal = game.legal_actions(state)
            if rng.random() < 0.1:  # a clone, played on: the original's memo must not leak into it
                twin = game.clone(state)
                game.apply(twin, legal[rng.randrange(len(legal))])
                for seat in range(players):
                    assert np.array_equal(observation(game, twin, seat),
                                          oracle.encode(game.view(twin, seat), seat))
            game.apply(state, legal[rng.randrange(len(legal))])
    assert checked >= min(limit * players, 150)


def test_rewrite_replaces_a_section_only() -> None:
    from hexkit.rl import rewrite

    vec = np.zeros(8, dtype=np.float32)
    spots: dict[str, Any] = {}
    rewrite(vec, spots, "a", [1, 3], [2.0, 5.0])
    rewrite(vec, spots, "b", [6], 1.0)
    assert vec.tolist() == [0, 2, 0, 5, 0, 0, 1, 0]
    rewrite(vec, spots, "a", [2], [7.0])  # a's old marks go, b's stay
    assert vec.tolist() == [0, 0, 7, 0, 0, 0, 1, 0]
    rewrite(vec, spots, "a", [], [])
    assert vec.tolist() == [0, 0, 0, 0, 0, 0, 1, 0]


@pytest.mark.parametrize("name", ["empyreal", "soot"])
def test_cached_numbering_is_not_shared_with_callers(name: str) -> None:
    """The numbers of a decision are computed once and reused, but every caller gets its own list."""
    game = hexkit.load_game(name)
    state = game.new(game.make_config(2), 3)
    first = legal_indices(game, state)
    first.append(-5)
    again = legal_indices(game, state)
    assert again == first[:-1] and -5 not in again
    mask = legal_mask_array(game, state)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(again)
    from hexkit.rl.spaces import apply_index, index_to_action

    chosen = again[-1]
    action = index_to_action(game, state, chosen)
    twin = game.clone(state)
    apply_index(game, state, chosen)
    game.apply(twin, action)
    assert tuple(game.legal_actions(state)) == tuple(game.legal_actions(twin)) and state == twin


@pytest.mark.parametrize(("name", "keeps"), [("empyreal", True), ("soot", False)])
def test_masks_kept_by_legal_numbers_for_small_spaces_only(name: str, keeps: bool) -> None:
    """Empyreal's masks (about 2,000 numbers) are copies of one kept per legal-number tuple;
    Soot's (36,849 numbers) are made afresh and none is kept; a caller's change reaches neither."""
    from hexkit.rl.spaces import space_for

    game = hexkit.load_game(name)
    state = game.new(game.make_config(2), 5)
    space: Any = space_for(game, state.config)
    space._masks.clear()
    first = legal_mask_array(game, state)
    first[:] = 1  # the caller's own array
    again = legal_mask_array(game, state)
    assert np.array_equal(again, _old_mask(game, state)) and again is not first
    assert (tuple(legal_indices(game, state)) in space._masks) is keeps
    assert len(space._masks) == (1 if keeps else 0)
