"""The Goods supply is the core's Supply: saved as before, its ``out`` counted on load."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from hexkit.components import InsufficientError, Supply
from hexkit.errors import InvalidRecordError
from hexkit.serialize import codec
from hexkit.testing import play_random
from hexkit_empyreal import GAME
from hexkit_empyreal.rules import goods as ledger
from hexkit_empyreal.state import GoodsSupply, goods_out

GOLDEN = Path(__file__).parent / "golden"


def test_setup_deals_from_a_core_supply() -> None:
    state = GAME.new(GAME.make_config(players=3), 4)
    supply = state.supply
    assert isinstance(supply, GoodsSupply) and isinstance(supply, Supply)
    on_map = [sum(g.count(c) for g in state.goods) for c in range(6)]
    assert list(supply) == [35 - n for n in on_map]
    assert supply.out == {c: n for c, n in enumerate(on_map) if n}
    assert all(supply.total(c) == 35 for c in range(6))


def test_saved_shape_is_the_list_of_counts_and_loads_back_equal() -> None:
    state, _ = play_random(GAME, GAME.make_config(players=4), 9)
    c = codec(GAME)
    saved = c.state_to_dict(state)
    assert saved["state"]["supply"] == list(state.supply)
    assert all(isinstance(n, int) for n in saved["state"]["supply"])
    back = c.state_from_dict(json.loads(json.dumps(saved)))
    assert back == state and back.supply.out == state.supply.out


def test_an_old_save_loads_with_out_counted_from_map_and_folios() -> None:
    saved = json.loads((GOLDEN / "4p-activate.json").read_text())  # written before the Supply
    state = codec(GAME).state_from_dict(saved)
    assert list(state.supply) == saved["state"]["supply"]
    assert state.supply.out == goods_out(state, 6)
    assert all(state.supply.total(c) == 35 for c in range(6))


def test_clone_keeps_an_independent_goods_supply() -> None:
    state = GAME.new(GAME.make_config(players=2), 1)
    copy = GAME.clone(state)
    assert type(copy.supply) is GoodsSupply and copy.supply == state.supply
    cell = next(i for i, g in enumerate(copy.goods) if g)
    colour = copy.goods[cell][0]
    ledger.cell_to_supply(copy, cell, colour)
    assert copy.supply[colour] == state.supply[colour] + 1
    assert copy.supply.out.get(colour, 0) == state.supply.out[colour] - 1


def test_reads_as_the_list_of_counts() -> None:
    supply = GoodsSupply.from_counts([3, 0, 5])
    assert (len(supply), list(supply), supply[2]) == (3, [3, 0, 5], 5)
    with pytest.raises(IndexError, match="no Good colour 3"):
        supply[3]
    features = np.zeros(4, dtype=np.float32)
    features[1:4] = supply  # the RL encoder's read
    assert features.tolist() == [0.0, 3.0, 0.0, 5.0]


def test_the_ledger_moves_goods_through_take_and_put_back() -> None:
    state = GAME.new(GAME.make_config(players=2), 2)
    empty = next(i for i, g in enumerate(state.goods) if not g)
    state.supply.take(1, state.supply[1])  # every blue Good out (nowhere: a hand-built position)
    assert ledger.supply_to_cell(state, empty, 1) is False and state.goods[empty] == ()
    state.supply.put_back(1, 2)
    assert ledger.supply_to_cell(state, empty, 1) is True and state.goods[empty] == (1,)
    with pytest.raises(InsufficientError):
        state.supply.put_back(5, 999)


def test_validate_state_names_goods_out_that_do_not_add_up() -> None:
    state = GAME.new(GAME.make_config(players=2), 3)
    state.supply.out[0] = state.supply.out.get(0, 0) + 1  # one Good out that is nowhere
    with pytest.raises(InvalidRecordError, match="state.supply.*do not match"):
        GAME.validate_state(state)


def test_folio_and_turn_copies_set_every_field() -> None:
    """The fast copies set the slots directly: none may be left out."""
    import attrs as _attrs

    from hexkit_empyreal.state import PlayerState, TurnState

    state, _ = play_random(GAME, GAME.make_config(players=3), 4)
    for part in (state.players[0], state.turn):
        copy = part.copy()
        for field in _attrs.fields(type(part)):
            assert getattr(copy, field.name) == getattr(part, field.name), field.name
        assert copy == part and type(copy) in (PlayerState, TurnState)
    ps = state.players[1]
    twin = ps.copy()
    twin.railyard.append("x"), twin.goods.__setitem__(0, 99), twin.pool.gain(1)
    assert ps.railyard[-1:] != ["x"] and ps.goods[0] != 99 and twin.pool != ps.pool
