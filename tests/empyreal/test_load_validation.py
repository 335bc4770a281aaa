"""A saved Empyreal state with impossible numbers is refused, naming the field."""

from __future__ import annotations

import copy

import pytest

from hexkit.errors import ConfigError, InvalidRecordError
from hexkit.serialize import codec
from hexkit.testing import play_random
from hexkit_empyreal import GAME


@pytest.fixture(scope="module")
def saved() -> dict:
    state, _ = play_random(GAME, GAME.make_config(players=3), 5)
    return codec(GAME).state_to_dict(state)


def _cell_with_cars(data: dict) -> int:
    return next(i for i, cars in enumerate(data["state"]["cars"]) if cars)


@pytest.mark.parametrize(
    ("edit", "field", "message"),
    [
        (lambda s: s["players"][1].__setitem__("mana", -2), "state.players.1.mana", "outside 0..10"),
        (lambda s: s["players"][0].__setitem__("mana", 11), "state.players.0.mana", "outside 0..10"),
        (lambda s: s["players"][2].__setitem__("cars_left", 40), "state.players.2.cars_left", "is not 35"),
        (lambda s: s["players"][0].__setitem__("net", 1), "state.players.0.net", "does not match"),
        (lambda s: s.__setitem__("wasteland", 21), "state.wasteland", "outside 0..20"),
        (lambda s: s["supply"].__setitem__(0, -1), "state.supply", "negative"),
        (lambda s: s["players"].pop(), "state.players", "2 folios for a 3-player game"),
        (lambda s: s["players"][0].__setitem__("company", "Nowhere Line"), "state.players.0.company",
         "'Nowhere Line' is not known"),
        (lambda s: s["players"][1].__setitem__("goods", [0, 0]), "state.players.1.goods", "2 counts"),
        (lambda s: s["players"][2].pop("mana"), "state.players[2]", "missing field 'mana'"),
    ],
)
def test_impossible_numbers_are_refused(saved: dict, edit, field: str, message: str) -> None:  # noqa: ANN001
    data = copy.deepcopy(saved)
    edit(data["state"])
    with pytest.raises(InvalidRecordError, match=message) as info:
        codec(GAME).state_from_dict(data)
    assert info.value.field == field


def test_an_unknown_seat_on_the_map_is_refused(saved: dict) -> None:
    data = copy.deepcopy(saved)
    cell = _cell_with_cars(data)
    data["state"]["cars"][cell] = [7]
    with pytest.raises(InvalidRecordError, match="unknown seat 7") as info:
        codec(GAME).state_from_dict(data)
    assert info.value.field == f"state.cars.{cell}"


def test_the_saved_state_itself_loads_and_names_factions(saved: dict) -> None:
    state = codec(GAME).state_from_dict(saved)
    factions = GAME.factions(state)
    assert len(factions) == 3 and all("(" in f for f in factions)
    assert GAME.turns(state) == state.round >= 1


def test_a_negative_rule_number_override_is_refused() -> None:
    with pytest.raises(ConfigError, match="start_mana must not be negative"):
        GAME.new(GAME.make_config(3, overrides={"rules.start_mana": -3}), 1)


def test_a_mana_or_turn_of_the_wrong_shape_is_named_by_field() -> None:
    import copy
    import json

    from hexkit.errors import InvalidRecordError
    from hexkit.serialize import codec
    from hexkit_empyreal import GAME

    state_codec = codec(GAME)
    saved = json.loads(state_codec.state_to_json(GAME.new(GAME.make_config(2), 1)))
    for path, value, field, reason in (
        (("players", 0, "mana"), "3", "state.players[0].mana", "expected an integer, not '3'"),
        (("players", 1, "spent"), [1], "state.players[1].spent", "expected an integer, not [1]"),
        (("turn",), 9, "state.turn", "expected TurnState: expected a JSON object of its fields"),
    ):
        broken = copy.deepcopy(saved)
        node = broken["state"]
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
        try:
            state_codec.state_from_json(json.dumps(broken))
        except InvalidRecordError as exc:
            assert exc.field == field and reason in exc.reason, (exc.field, exc.reason)
        else:
            raise AssertionError(f"{field} = {value!r} loaded")
