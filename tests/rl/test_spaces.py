"""Stable action numbers (hexkit.rl.spaces): sizes, round trips, masks, meaning across states."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import hexkit
from hexkit.errors import ActionSpaceError, IllegalActionError
from hexkit.rl import legal_mask_array
from hexkit.rl.spaces import (
    KeyedSpace,
    action_space_size,
    action_to_index,
    apply_index,
    index_to_action,
    legal_indices,
    space_for,
)

SIZES = [("empyreal", 2, 1953), ("empyreal", 3, 1953), ("empyreal", 4, 2127), ("empyreal", 6, 2223),
         ("soot", 2, 36860), ("soot", 4, 36860), ("soot", 6, 36860)]


@pytest.mark.parametrize(("name", "players", "size"), SIZES)
def test_sizes_are_fixed_per_config(name: str, players: int, size: int) -> None:
    game = hexkit.load_game(name)
    config = game.make_config(players)
    space = space_for(game, config)
    assert isinstance(space, KeyedSpace) and space.overflow == 256
    assert space.size == action_space_size(game, config) == size


@pytest.mark.parametrize(("name", "players"), [("empyreal", 2), ("empyreal", 4), ("soot", 2), ("soot", 4)])
def test_numbers_round_trip_and_masks_are_the_legal_actions(name: str, players: int) -> None:
    game = hexkit.load_game(name)
    config = game.make_config(players)
    space = space_for(game, config)
    assert isinstance(space, KeyedSpace)
    listed = len(space.keys)
    meaning: dict[int, Any] = {}  # number -> key, over every state seen
    decisions = spilled = total = 0
    for seed in (11, 12):
        rng = random.Random(seed)
        state = game.new(config, seed)
        while not game.is_over(state):
            legal = list(game.legal_actions(state))
            numbers = legal_indices(game, state)
            mask = legal_mask_array(game, state)
            assert mask.shape == (space.size,) and mask.dtype == np.int8
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(numbers)
            assert len(set(numbers)) == len(legal) == int(mask.sum())
            decision = state.pending[-1]
            for action, n in zip(legal, numbers):
                assert index_to_action(game, state, n) is action
                assert action_to_index(game, state, action) == n
                if n < listed:
                    key = space.key(decision, action)
                    assert space.keys[n] == key
                    assert meaning.setdefault(n, key) == key  # the same action in every state
                else:
                    spilled += 1
            decisions += 1
            total += len(legal)
            apply_index(game, state, numbers[rng.randrange(len(numbers))])
    assert decisions > 300
    # the overflow (legal-order numbers) is rare: under 1% of the legal actions here
    assert spilled <= 0.01 * total


def test_soot_keys_are_question_kind_code_and_arg() -> None:
    game = hexkit.load_game("soot")
    config = game.make_config(2)
    state = game.new(config, 3)
    space = space_for(game, config)
    assert isinstance(space, KeyedSpace)
    decision = state.pending[-1]
    for action, n in zip(game.legal_actions(state), legal_indices(game, state)):
        assert space.keys[n] == (decision.kind, action.code, action.arg)
    explore = space.keys.index(("turn", "Explore", 0))
    assert space.meaning(explore) == "turn: Explore 0"


def test_empyreal_build_numbers_name_a_hex() -> None:
    game = hexkit.load_game("empyreal")
    config = game.make_config(2)
    space = space_for(game, config)
    assert isinstance(space, KeyedSpace)
    builds = [k for k in space.keys if isinstance(k, tuple) and k[0] == "Build"]
    assert len(builds) == len({k[1] for k in builds}) > 50  # one number per map hex
    assert space.meaning(space.keys.index(("Done",))) == "Done"


def test_bad_numbers_are_refused_and_change_nothing() -> None:
    game = hexkit.load_game("soot")
    config = game.make_config(2)
    state = game.new(config, 0)
    before = hexkit.load_game("soot").clone(state)
    space = space_for(game, config)
    illegal = space.keys.index(("market.qty", "qty", 1))  # not the question pending at set-up
    with pytest.raises(ActionSpaceError, match="is not legal now"):
        index_to_action(game, state, illegal)
    for bad in (-1, space.size, illegal):
        with pytest.raises(IllegalActionError):
            apply_index(game, state, bad)
    assert state.step == before.step and state.pending == before.pending


def test_the_tutorial_hex_keeps_openspiels_numbering() -> None:
    game = hexkit.load_game("hex")
    config = game.make_config(2, size=5)
    assert space_for(game, config) is game._space(config) or action_space_size(game, config) == 26
    state = game.new(config)
    assert legal_indices(game, state) == game.legal_indices(state)


# Digests of the full key lists as numbered before the catalogues moved into their plugins
# (hexkit.rl.*_catalogue, 2026-12-03): the numbers must never change.
PINNED_NUMBERING = [
    ("empyreal", 2, 1953, "840128d2869ea266"),
    ("empyreal", 4, 2127, "2b252149aa2f3278"),
    ("soot", 2, 36860, "80f39dd29a2633b5"),
    ("soot", 4, 36860, "80f39dd29a2633b5"),
]


@pytest.mark.parametrize(("name", "players", "size", "digest"), PINNED_NUMBERING)
def test_action_numbering_is_pinned(name: str, players: int, size: int, digest: str) -> None:
    import hashlib

    from hexkit.rl.spaces import KeyedSpace, space_for

    game = hexkit.load_game(name)
    space = space_for(game, game.make_config(players))
    assert isinstance(space, KeyedSpace) and space.size == size
    assert hashlib.sha256(repr(space.keys).encode()).hexdigest()[:16] == digest


def test_plugins_declare_their_catalogues_and_modules() -> None:
    import hexkit.rl.soot_catalogue as shim
    import hexkit_soot.catalogue as moved
    from hexkit_soot.config import MODULE_NAMES

    assert hexkit.load_game("soot").info.action_catalogue == "hexkit_soot.catalogue:action_space"
    assert hexkit.load_game("empyreal").info.action_catalogue == "hexkit_empyreal.catalogue:action_space"
    assert hexkit.load_game("soot").info.modules == MODULE_NAMES
    assert hexkit.load_game("hex").info.action_catalogue == ""
    assert shim.action_space is moved.action_space


def test_keyed_numbers_by_identity_equal_numbers_by_key() -> None:
    """The identity memo of a KeyedSpace gives the numbers its keys give, for repeated,
    equal-but-distinct, unlisted, repeated-key and unhashable actions, and unhashable contexts."""
    space = KeyedSpace(["a", "b", "c"], key=lambda decision, action: action[0], overflow=4,
                       context=lambda decision: decision)
    a, b, c, z = ("a", 1), ("b", 1), ("c", 1), ("z", 1)
    assert space.numbers("q", (a, b, c)) == [0, 1, 2]
    assert space.numbers("q", (c, a)) == [2, 0]  # the same objects: remembered by identity
    assert space.numbers("q", (("c", 1), ("a", 1))) == [2, 0]  # equal, distinct objects
    assert space.numbers("q", (z, a, ("a", 2))) == [3, 0, 4]  # unlisted, then a repeated key: overflow
    assert space.numbers("q", [["b", 1], a]) == [1, 0]  # an unhashable action
    assert space.numbers(["q"], (b, z)) == [1, 3]  # an unhashable context
    with pytest.raises(ActionSpaceError):
        space.numbers("q", tuple(("z", i) for i in range(5)))  # more unlisted than the overflow


@pytest.mark.parametrize("players", [2, 4])
def test_soots_wider_bids_moved_no_earlier_number(players: int) -> None:
    """Rules 0.4.0 asks a Legacy bid as one answer (0 to the purse): bids 10-20 were appended
    (hexkit_soot.catalogue.INT_ARGS_LATER), so the 36,593 keys numbered before keep their numbers."""
    import hashlib

    game = hexkit.load_game("soot")
    space = space_for(game, game.make_config(players))
    assert isinstance(space, KeyedSpace)
    assert hashlib.sha256(repr(space.keys[:36593]).encode()).hexdigest()[:16] == "4795ac0a572e8077"
    assert list(space.keys[36593:]) == [("cards.bid", "bid", n) for n in range(10, 21)]
