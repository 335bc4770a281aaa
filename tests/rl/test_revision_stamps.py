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


@pytest.mark.parametrize(("players", "variants", "seeds"), [
    (2, (), 4), (3, ("open",), 3), (4, (), 3), (5, ("expert",), 2), (6, ("team",), 2),
])
def test_empyreal_stamped_encoder_equals_scratch(players: int, variants: tuple[str, ...], seeds: int) -> None:
    game = hexkit.load_game("empyreal")
    config = game.make_config(players, variants)
    assert _play(game, config, seeds=seeds, limit=150 * players, players=players) >= 100


def _sections(state: Any) -> dict[int, Any]:
    """The values each Empyreal revision section covers (``hexkit_empyreal.state``), as copies."""
    from hexkit_empyreal.state import (REV_AWARDS, REV_MAP, REV_MARKET, REV_STACKS, REV_STANDS, REV_SUPPLY,
                                       folio_rev, mana_rev)

    out: dict[int, Any] = {
        REV_MAP: (list(state.terrain), list(state.goods)),
        REV_SUPPLY: (dict(state.supply.stock), state.wasteland),
        REV_MARKET: (list(state.market), list(state.deck), list(state.discard)),
        REV_STACKS: ([s[:] for s in state.stacks], [s[:] for s in state.box]),
        REV_AWARDS: (list(state.awards), list(state.award_offer), list(state.award_box)),
        REV_STANDS: [s[:] for s in state.stands],
    }
    for seat, p in enumerate(state.players):
        out[folio_rev(seat)] = (p.company, p.captain, p.captain_ready, p.engineer, p.engineer_ready, p.surveyor,
                                p.surveyor_used, list(p.station_masters), p.over_surveyor,
                                list(p.railyard), list(p.goods), list(p.tiles))
        out[mana_rev(seat)] = (p.pool.available, p.pool.spent)
    return out


@pytest.mark.parametrize(("players", "variants"), [(2, ()), (3, ("expert",)), (4, ()), (5, ("open",)), (6, ())])
def test_empyreal_every_change_is_stamped(players: int, variants: tuple[str, ...]) -> None:
    """Between two decisions, a section whose values changed has a new stamp (and a clone, a
    view and a load keep or renew them as :mod:`hexkit.revision` says)."""
    game = hexkit.load_game("empyreal")
    config = game.make_config(players, variants)
    codec = serialize.codec(game)
    changed: set[int] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new(config, seed)
        while not game.is_over(state):
            before, stamps = _sections(state), list(state._revs)
            legal = game.legal_actions(state)
            game.apply(state, legal[rng.randrange(len(legal))])
            after = _sections(state)
            for section, values in after.items():
                if values != before[section]:
                    changed.add(section)
                    assert state._revs[section] != stamps[section], (
                        f"section {section} changed at step {state.step} ({state.log[-1].text}) with no new stamp")
        assert game.clone(state)._revs == state._revs
        assert game.view(state, 0)._revs == state._revs
        loaded = codec.state_from_json(codec.state_to_json(state))
        assert not set(loaded._revs) & set(state._revs)  # fresh on load
    assert len(changed) >= 6 + players  # the audit saw the sections move
