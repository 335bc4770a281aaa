"""Train cars and Wasteland tiles go through core Supply views made from the state's counts."""

from __future__ import annotations

import pytest

from hexkit.components import ComponentError, InsufficientError, Supply
from hexkit_empyreal import GAME
from hexkit_empyreal.data import CITY, WASTELAND
from hexkit_empyreal.effects import verbs as v
from hexkit_empyreal.effects.registry import EffectContext
from hexkit_empyreal.rules.network import TRAIN_CAR, add_car, car_supply, remove_car
from hexkit_empyreal.rules.wasteland import WASTELAND_TILE, place_wasteland, wasteland_supply
from hexkit_empyreal.state import EmpyrealState, board

from tests.empyreal.helpers import KL, KT, begin, legal, put, sandbox, strs


def _free_cells(state: EmpyrealState) -> list[int]:
    """Every cell that is not a City (the sandbox makes them all Desert, empty)."""
    return [c for c in range(board(state).size) if state.terrain[c] != CITY]


def test_a_company_supply_at_set_up_holds_33_with_2_out() -> None:
    state = GAME.new(GAME.make_config(players=3), 2)
    while state.players[2].cars_left > 33:  # until its two headquarters cars are placed
        GAME.apply(state, GAME.legal_actions(state)[0])
    supply = car_supply(state, 2)
    assert isinstance(supply, Supply)
    assert supply.stock == {TRAIN_CAR: 33} and supply.out == {TRAIN_CAR: 2} and supply.total(TRAIN_CAR) == 35
    assert sum(cars.count(2) for cars in state.cars) == 2


def test_the_35th_car_empties_the_supply_and_the_36th_is_refused() -> None:
    state = sandbox((KL, KT))
    free = _free_cells(state)
    for c in free[:34]:
        assert add_car(state, 0, c)
    assert state.players[0].cars_left == 1
    assert car_supply(state, 0).out == {TRAIN_CAR: 34}
    assert add_car(state, 0, free[34])  # the 35th
    assert state.players[0].cars_left == 0
    assert car_supply(state, 0) == Supply({TRAIN_CAR: 0}, {TRAIN_CAR: 35})
    before = GAME.clone(state)
    assert not add_car(state, 0, free[35])  # the 36th: a defined refusal, nothing changes
    assert state == before and state.cars[free[35]] == () and not state.players[0].net >> free[35] & 1
    assert state.players[1].cars_left == 35  # another Company's supply is its own
    begin(state, 0, v.build_track(EffectContext(state, 0, "test"), v.ANY_TERRAIN))
    assert strs(legal(state)) == ["done"]  # no build is offered without a car


def test_a_car_returned_goes_back_to_its_company_supply() -> None:
    state = sandbox((KL, KT))
    free = _free_cells(state)
    for c in free[:35]:
        add_car(state, 0, c)
    remove_car(state, 0, free[3])
    assert state.players[0].cars_left == 1 and state.cars[free[3]] == ()
    assert car_supply(state, 0).out == {TRAIN_CAR: 34}
    assert not state.players[0].net >> free[3] & 1
    assert add_car(state, 0, free[40]) and state.players[0].cars_left == 0


def test_returning_a_car_never_taken_raises_and_changes_nothing() -> None:
    state = sandbox((KL, KT))
    c = put(state, 2, 1, cars=[0])
    state.players[0].cars_left = 35  # by hand: a car on the map that left no gap in the supply
    before = GAME.clone(state)
    with pytest.raises(InsufficientError, match="cannot put back 1 'train car', only 0 taken out"):
        remove_car(state, 0, c)
    assert state == before and state.cars[c] == (0,)


def test_a_count_above_the_printed_cars_is_refused_by_the_view() -> None:
    state = sandbox((KL, KT))
    state.players[1].cars_left = 36
    with pytest.raises(ComponentError, match="negative counts"):
        car_supply(state, 1)


def test_the_20_wasteland_tiles_run_out_then_place_wasteland_does_nothing() -> None:
    state = sandbox((KL, KT))
    assert state.wasteland == 20 and wasteland_supply(state) == Supply({WASTELAND_TILE: 20}, {})
    free = _free_cells(state)
    for c in free[:19]:
        place_wasteland(state, 0, c)
    assert state.wasteland == 1 and wasteland_supply(state).out == {WASTELAND_TILE: 19}
    last, spare = free[19], free[20]
    add_car(state, 0, spare)  # In-Network: a hex Place Wasteland could take
    place_wasteland(state, 1, last)  # the 20th tile
    assert state.terrain[last] == WASTELAND and state.wasteland == 0
    assert wasteland_supply(state) == Supply({WASTELAND_TILE: 0}, {WASTELAND_TILE: 20})
    assert state.played["wastelands_placed"] == [19, 1]
    state.goods[spare] = (0,)
    before = GAME.clone(state)
    assert place_wasteland(state, 0, spare) == 0  # the supply is exhausted: no effect
    assert state == before and state.terrain[spare] != WASTELAND and state.goods[spare] == (0,)
    begin(state, 0, v.place_wasteland(EffectContext(state, 0, "test")))
    assert state.pending == []  # no hex is offered: the effect is skipped
    one_left = GAME.clone(before)
    one_left.wasteland = 1  # by hand, for contrast: with a tile the same effect asks where
    begin(one_left, 0, v.place_wasteland(EffectContext(one_left, 0, "test")))
    assert spare in {board(one_left).index[a.hex] for a in legal(one_left)}
