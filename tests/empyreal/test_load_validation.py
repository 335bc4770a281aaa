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


def _errors(data: dict) -> dict[str, str]:
    from hexkit.validation import StateValidationError

    with pytest.raises(StateValidationError) as info:
        codec(GAME).state_from_dict(data)
    return {e.field: e.reason for e in info.value.errors}


def test_goods_beyond_the_35_of_a_colour_are_refused(saved: dict) -> None:
    # Components: 210 Goods, 35 of each colour; every one is in the supply, on the map or on a folio
    state = saved["state"]
    on_map = sum(goods.count(0) for goods in state["goods"])
    on_folios = sum(p["goods"][0] for p in state["players"])
    assert state["supply"][0] + on_map + on_folios == 35
    more = copy.deepcopy(saved)
    more["state"]["supply"][0] += 1
    assert _errors(more) == {"state.supply.0": f"{state['supply'][0] + 1} in the supply + {on_map + on_folios} on"
                                               " the map and folios is not the game's 35"}
    delivered = copy.deepcopy(saved)
    delivered["state"]["players"][1]["goods"][0] += 999
    assert list(_errors(delivered)) == ["state.supply.0"]


def test_terrain_changes_only_under_a_wasteland_tile(saved: dict) -> None:
    # Wasteland: a placed tile covers the printed terrain; 20 tiles in all (rulebook, Components)
    from hexkit_empyreal.board import board_for
    from hexkit_empyreal.data import TERRAINS, WASTELAND

    state = codec(GAME).state_from_dict(saved)
    printed = board_for(state.layout, state.config).start_terrain
    placed = sum(1 for c, t in enumerate(state.terrain) if t == WASTELAND and printed[c] != WASTELAND)
    assert state.wasteland + placed == 20
    cell = next(c for c, t in enumerate(state.terrain) if t < WASTELAND and t == printed[c])
    repainted = copy.deepcopy(saved)
    repainted["state"]["terrain"][cell] = (printed[cell] + 1) % WASTELAND
    assert _errors(repainted) == {f"state.terrain.{cell}": (
        f"{TERRAINS[(printed[cell] + 1) % WASTELAND]} on a hex printed {TERRAINS[printed[cell]]}: only a Wasteland"
        " tile changes a hex's terrain")}
    from_nowhere = copy.deepcopy(saved)
    from_nowhere["state"]["terrain"][cell] = WASTELAND  # a Wasteland tile the supply did not give
    assert _errors(from_nowhere) == {"state.wasteland": (
        f"{state.wasteland} left + {placed + 1} placed on the map is not the game's 20")}


def test_demand_tiles_are_the_ones_set_up_placed(saved: dict) -> None:
    # Place Demands at 3 players: each City's stand holds 1 Double, 2 Triples and 1 Quadruple of its colour
    state = saved["state"]
    tiles = [tuple(t) for stand in state["stands"] for t in stand] + [
        tuple(t) for p in state["players"] for t in p["tiles"]]
    assert len(tiles) == 4 * len(state["stands"])
    colour = tiles[0][0]
    invented = copy.deepcopy(saved)
    invented["state"]["players"][0]["tiles"].append([colour, 2])
    assert _errors(invented) == {"state.stands": f"2 Quadruple of colour {colour} in the stands and on folios;"
                                                 " set-up placed 1"}


def test_more_locked_mana_than_the_player_holds_is_refused(saved: dict) -> None:
    # mana gained by this turn's activations is locked, and it is part of what the player holds
    state = saved["state"]
    mover = state["turn"]["player"]
    held = state["players"][mover]["mana"]
    fine = copy.deepcopy(saved)
    fine["state"]["turn"]["locked"] = held
    assert codec(GAME).state_from_dict(fine).turn.locked == held
    wrong = copy.deepcopy(saved)
    wrong["state"]["turn"]["locked"] = held + 1
    assert _errors(wrong) == {"state.turn.locked": f"{held + 1} mana locked, but P{mover} holds {held}"}
