"""Soot refuses indices into the data that are out of range and negative counters, naming all of them."""

from __future__ import annotations

import json

import pytest

from hexkit.serialize import codec
from hexkit.testing import play_random
from hexkit.validation import StateValidationError

from hexkit_soot import GAME

CODEC = codec(GAME)


def _saved() -> dict:
    state = GAME.new(GAME.make_config(3), 4)
    for _ in range(60):
        GAME.apply(state, GAME.legal_actions(state)[0])
    return json.loads(CODEC.state_to_json(state))


def test_a_real_state_loads() -> None:
    CODEC.state_from_json(json.dumps(_saved()))


def test_out_of_range_indices_and_negative_counts_are_all_named() -> None:
    data = _saved()
    body = data["state"]
    body["contract_deck"][0] = 999
    body["event_now"] = 999
    body["players"][1]["actions"] = -1
    body["public"][0] = 999
    with pytest.raises(StateValidationError) as caught:
        CODEC.state_from_json(json.dumps(data))
    fields = {e.field for e in caught.value.errors}
    assert fields == {"state.contract_deck.0", "state.event_now", "state.players.1.actions", "state.public.0"}


def test_a_finished_game_loads() -> None:
    state, _ = play_random(GAME, GAME.make_config(2), 3)
    assert CODEC.state_from_json(CODEC.state_to_json(state)) == state


def test_more_shared_upgrade_copies_than_set_up_deals_are_refused() -> None:
    """A 3-player game has ceil(3/2) = 2 copies of each shared upgrade; a purchase only takes one away."""
    data = _saved()
    body = data["state"]
    name = next(iter(body["shared_upgrades"]))
    assert body["shared_upgrades"][name] <= 2
    body["shared_upgrades"][name] = 99
    with pytest.raises(StateValidationError) as caught:
        CODEC.state_from_json(json.dumps(data))
    [error] = caught.value.errors
    assert error.field == f"state.shared_upgrades.{name}"
    assert "99 copies left, but a 3-player game has 2 of each shared upgrade" in str(caught.value)
