"""Observations: fixed shapes per config, computed from the view only.

For each game, two states that differ only in what a seat may not see give
that seat the same observation; a change it can see changes it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import hexkit
from hexkit.rl import GenericEncoder, ObservationError, encoder_for, legal_mask_array, observation
from hexkit.rl.spaces import action_space_size
from hexkit.rng import Rng


def _play(game: Any, state: Any, steps: int, seed: int, until: Any = None) -> Any:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over(state) or (until is not None and until(state)):
            break
        game.apply(state, rng.choice(list(game.legal_actions(state))))
    return state


@pytest.mark.parametrize(("name", "players", "plane_shape", "actions"), [
    ("hex", 2, (3, 5, 5), 26), ("empyreal", 2, (28, 5, 18), 1953), ("empyreal", 4, (28, 10, 14), 2127),
    ("soot", 2, (40, 15, 15), 36860), ("soot", 4, (40, 19, 19), 36860),
])
def test_shapes_fixed_per_config(name: str, players: int, plane_shape: tuple[int, ...], actions: int) -> None:
    game = hexkit.load_game(name)
    config = game.make_config(players, size=5) if name == "hex" else game.make_config(players)
    spec = encoder_for(game, config).spec
    assert spec.plane_shape == plane_shape
    assert len(set(spec.features)) == len(spec.features)
    for seed in (1, 2):
        state = _play(game, game.new(config, seed), 150, seed)
        for seat in range(players):
            obs = observation(game, state, seat)
            assert obs.shape == (spec.size,) and obs.dtype == np.float32
            assert np.isfinite(obs).all()
        mask = legal_mask_array(game, state)
        assert mask.shape == (action_space_size(game, config),) == (actions,)
        assert mask.sum() == len(game.legal_actions(state))


def test_hex_planes_read_the_board() -> None:
    game = hexkit.load_game("hex")
    state = game.new(game.make_config(2, {"swap"}, size=3))
    game.apply_index(state, 4)  # Black on the centre cell (row 1, col 1)
    spec = encoder_for(game, state.config).spec
    planes, features = spec.split(observation(game, state, 1))
    assert planes[0].tolist() == [[0, 0, 0], [0, 1, 0], [0, 0, 0]]
    assert planes[1].sum() == 0 and planes[2].sum() == 8
    assert features.tolist() == [0, 1, 0, 1, 1]  # White to move, White looks, may swap


def test_hex_same_board_same_observation() -> None:
    game = hexkit.load_game("hex")
    a = _play(game, game.new(game.make_config(2, size=5), 3), 7, 3)
    b = game.clone(a)
    b.rng = Rng(99)  # the only thing Hex hides: the random source
    for seat in (0, 1):
        assert np.array_equal(observation(game, a, seat), observation(game, b, seat))
    free = game.legal_actions(b)[0]
    game.apply(b, free)
    assert not np.array_equal(observation(game, a, 0), observation(game, b, 0))


def test_empyreal_hidden_parts_do_not_show() -> None:
    game = hexkit.load_game("empyreal")
    a = _play(game, game.new(game.make_config(3), 5), 120, 5)
    b = game.clone(a)
    b.rng = Rng(7)
    b.deck = list(reversed(b.deck))
    b.stacks = [list(reversed(s)) for s in b.stacks]
    b.award_box = list(reversed(b.award_box))
    b.box = [list(reversed(s)) for s in b.box]
    b.invalidate_legal()
    assert a.deck != b.deck and a.stacks != b.stacks
    for seat in range(3):
        if a.pending and a.pending[-1].player == seat and type(a.pending[-1]).__name__ == "ChooseSpecialist":
            continue  # this seat is looking at a stack
        assert np.array_equal(observation(game, a, seat), observation(game, b, seat)), seat
    c = game.clone(a)
    c.players[1].pool.available += 1  # open information: every seat sees it
    c.invalidate_legal()  # changed by hand: fresh revision stamps, as after any change outside apply
    for seat in range(3):
        assert not np.array_equal(observation(game, a, seat), observation(game, c, seat))


def test_soot_hidden_parts_do_not_show() -> None:
    game = hexkit.load_game("soot")
    a = _play(game, game.new(game.make_config(3), 11), 3000, 11,
              until=lambda s: s.round >= 2 and all(len(p.hand) for p in s.players) and s.deck)
    assert a.players[1].hand and a.deck
    b = game.clone(a)
    b.rng = Rng(3)
    # seat 1 holds another card; the card it held goes into the deck
    b.players[1].hand = b.players[1].hand.copy()
    swap = next(i for i, c in enumerate(b.deck) if c != b.players[1].hand[0])
    b.deck = b.deck.copy()
    b.players[1].hand[0], b.deck[swap] = b.deck[swap], b.players[1].hand[0]
    b.deck.reverse()
    b.tile_stack = list(reversed(b.tile_stack))
    b.secret_deck = list(reversed(b.secret_deck))
    b.invalidate_legal()
    assert np.array_equal(observation(game, a, 0), observation(game, b, 0))
    assert np.array_equal(observation(game, a, 2), observation(game, b, 2))
    assert not np.array_equal(observation(game, a, 1), observation(game, b, 1))  # seat 1 sees its hand
    c = game.clone(a)
    c.players[2].currency += 3  # public
    assert not np.array_equal(observation(game, a, 0), observation(game, c, 0))


def test_encoders_read_views_only() -> None:
    game = hexkit.load_game("soot")
    state = game.new(game.make_config(2), 1)
    encoder = encoder_for(game, state.config)
    with pytest.raises(ObservationError, match="game.view"):
        encoder.encode(state, 0)
    with pytest.raises(ObservationError, match="viewer is 1"):
        encoder.encode(game.view(state, 1), 0)
    with pytest.raises(ObservationError, match="player must be a seat"):
        observation(game, state, 2)


def test_generic_encoder_for_a_game_without_hook() -> None:
    from tests.toygame import GAME as toy  # noqa: PLC0415

    config = toy.make_config(toy.info.min_players)
    encoder = encoder_for(toy, config)
    assert isinstance(encoder, GenericEncoder)
    state = toy.new(config, 0)
    obs = observation(toy, state, 0)
    n = toy.info.max_players
    assert obs[0] == 1 and obs[n + toy.current_player(state)] == 1


@pytest.mark.parametrize(("name", "players", "seeds"), [("soot", 2, 2), ("soot", 4, 1), ("empyreal", 2, 3),
                                                        ("empyreal", 4, 2)])
def test_full_state_fast_path_equals_the_view(name: str, players: int, seeds: int) -> None:
    """An encoder with ``reads_full_state`` writes, from the full state, exactly what it writes from the view.

    Every seat at every decision of random games: the fast path of
    :func:`hexkit.rl.observation` never shows a seat more than its view.
    """
    import random

    from hexkit.rl import encoder_for

    game = hexkit.load_game(name)
    config = game.make_config(players)
    encoder = encoder_for(game, config)
    assert encoder.reads_full_state
    checked = 0
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new(config, seed)
        while not game.is_over(state):
            for seat in range(players):
                fast = observation(game, state, seat)
                slow = encoder.encode(game.view(state, seat), seat)
                assert np.array_equal(fast, slow), f"{name} seed {seed} step {state.step} seat {seat}"
                checked += 1
            legal = game.legal_actions(state)
            game.apply(state, legal[rng.randrange(len(legal))])
    assert checked > 100


def test_the_shapes_table_of_docs_rl_md_is_the_encoders() -> None:
    """Every row of docs/rl.md's shapes table is what ``encoder_for(...).spec`` gives today."""
    import re
    from pathlib import Path

    import hexkit
    from hexkit.rl import encoder_for

    text = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(empyreal|soot)` (\d)(?:-(\d))? \| `\((\d+), (\d+), (\d+)\)` \| (\d+) \| ([\d,]+) \|$",
                      text, re.M)
    assert len(rows) == 7
    for name, low, high, c, h, w, features, size in rows:
        game = hexkit.load_game(name)
        for players in range(int(low), int(high or low) + 1):
            spec = encoder_for(game, game.make_config(players)).spec
            assert (len(spec.planes), spec.height, spec.width) == (int(c), int(h), int(w)), (name, players)
            assert (len(spec.features), spec.size) == (int(features), int(size.replace(",", ""))), (name, players)


def test_scalar_view_writes_the_numbers_of_the_array() -> None:
    from hexkit.rl import scalar_view

    vector = np.zeros(5, dtype=np.float32)
    view = scalar_view(vector)
    view[3] = 2
    view[1] = 0.5
    view[3] += 1.0
    assert vector.tolist() == [0.0, 0.5, 0.0, 3.0, 0.0]
    assert view[1] == 0.5


@pytest.mark.parametrize("name", ["empyreal", "soot"])
def test_another_seats_view_gives_no_observation(name: str) -> None:
    """Seat 1's view lacks seat 0's hand: encoding it for seat 0 was a wrong vector, silently."""
    game = hexkit.load_game(name)
    state = game.new(game.make_config(players=3), 1)
    with pytest.raises(ObservationError, match="seat 1's view; it cannot give seat 0's observation"):
        observation(game, game.view(state, 1), 0)
    assert observation(game, game.view(state, 1), 1).shape == observation(game, state, 1).shape
    assert (observation(game, game.view(state, 1), 1) == observation(game, state, 1)).all()
