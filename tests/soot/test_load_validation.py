"""A saved Soot & Timber state with impossible numbers is refused, naming the field."""

from __future__ import annotations

import pytest

from hexkit.errors import InvalidRecordError
from hexkit.serialize import codec
from hexkit.testing import play_random
from hexkit_soot import GAME


@pytest.fixture(scope="module")
def saved() -> dict:
    state, _ = play_random(GAME, GAME.make_config(players=3), 11)
    return codec(GAME).state_to_dict(state)


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("players", 1, "currency"), -4, "state.players.1.currency"),
        (("players", 0, "soot"), 11, "state.players.0.soot"),
        (("players", 2, "loans"), 9, "state.players.2.loans"),
        (("round",), 15, "state.round"),
        (("players", 0, "currency"), 2.5, "state.players"),
    ],
)
def test_impossible_numbers_are_refused(saved: dict, path: tuple, value: object, field: str) -> None:
    import copy

    data = copy.deepcopy(saved)
    node = data["state"]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(InvalidRecordError) as info:
        codec(GAME).state_from_dict(data)
    assert info.value.field.startswith(field), info.value


def test_a_missing_player_record_is_refused(saved: dict) -> None:
    import copy

    data = copy.deepcopy(saved)
    data["state"]["players"].pop()
    with pytest.raises(InvalidRecordError, match="2 player records for a 3-player game"):
        codec(GAME).state_from_dict(data)


def test_the_saved_state_itself_loads(saved: dict) -> None:
    state = codec(GAME).state_from_dict(saved)
    assert GAME.factions(state) == [p.archetype for p in state.players]
    assert all(GAME.factions(state))
    assert GAME.turns(state) == state.round >= 12
