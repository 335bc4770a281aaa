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


@pytest.fixture(scope="module")
def midgame() -> dict:
    """A 4-player game in progress (round 5), saved."""
    from hexkit.rng import Rng

    state = GAME.new(GAME.make_config(players=4), 3)
    chooser = Rng(3)
    while state.round < 5:
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
    return codec(GAME).state_to_dict(state)


def _tampered(saved: dict, path: tuple, value: object) -> dict:
    import copy

    data = copy.deepcopy(saved)
    node = data["state"]
    for key in path[:-1]:
        node = node[key]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


_DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "field", "reason"),
    [
        (("order",), [1, 0, 3, 9], "state.order.3", "seat 9 is not one of 0..3"),
        (("order",), [1, 1, 2, 3], "state.order", "a seat appears twice"),
        (("event_token",), 8, "state.event_token", "seat 8"),
        (("triggered_by",), 12, "state.triggered_by", "seat 12"),
        (("viewer",), 9, "state.viewer", "seat 9"),
        (("phase",), "bogus", "state.phase", "'bogus' is not one of"),
        (("players", 1, "archetype"), "Wizard", "state.players.1.archetype.0", "'Wizard' is not an archetype"),
        (("players", 0, "hand"), ["No Such Card"], "state.players.0.hand.0", "'No Such Card' is not a card"),
        (("players", 2, "stock", "Unobtainium"), 1, "state.players.2.stock.Unobtainium", "is not a good"),
        (("players", 0, "caravans", 0, "loc"), "(50,50)", "state.players.0.caravans.0.loc", "(50,50) is not an explored hex"),
        (("supply", "Coal"), -1, "state.supply.Coal", "must not be negative"),
        (("supply", "Coal"), 999, "state.supply.Coal", "Coal tokens on the table, the game has"),
        (("pending", -1, "kind"), "bogus", "state.pending", "no rule answers a 'bogus' question"),
        (("pending",), [], "state.pending", "the game is not over"),
        (("players", 0, "currency"), _DELETE, "state.players[0]", "missing field 'currency'"),
    ],
)
def test_impossible_references_are_refused_naming_the_field(
    midgame: dict, path: tuple, value: object, field: str, reason: str
) -> None:
    with pytest.raises(InvalidRecordError) as info:
        codec(GAME).state_from_dict(_tampered(midgame, path, value))
    assert info.value.field.startswith(field) and reason in str(info.value), info.value


def test_the_midgame_state_itself_loads(midgame: dict) -> None:
    assert codec(GAME).state_to_dict(codec(GAME).state_from_dict(midgame)) == midgame


@pytest.mark.parametrize("table", ["prices", "floors"])
def test_a_missing_price_track_is_refused(saved: dict, table: str) -> None:
    """Dropping a tracked good's price or floor used to load and fail later with a KeyError."""
    import copy

    data = copy.deepcopy(saved)
    del data["state"][table]["Bronze"]
    with pytest.raises(InvalidRecordError, match="is missing: every tracked good has a price and a floor") as info:
        codec(GAME).state_from_dict(data)
    assert info.value.field == f"state.{table}.Bronze"


def test_a_price_below_its_floor_is_refused(saved: dict) -> None:
    import copy

    data = copy.deepcopy(saved)
    data["state"]["floors"]["Bronze"] = data["state"]["prices"]["Bronze"] + 1
    with pytest.raises(InvalidRecordError, match="below its floor") as info:
        codec(GAME).state_from_dict(data)
    assert info.value.field == "state.prices.Bronze"
