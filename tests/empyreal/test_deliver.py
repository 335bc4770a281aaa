"""Deliver and Demand Tiles, with the rulebook's delivery example."""

from __future__ import annotations

import pytest

from hexkit.errors import IllegalActionError
from hexkit.hexes import Hex

from hexkit_empyreal import GAME, Choose, DeliverTo, Done, PickGood
from hexkit_empyreal.actions import DeliverChoice

from tests.empyreal.helpers import KL, KT, begin, cell, legal, put, sandbox, strs


def runika_delivery():
    """Kings' Line next to the blue City (4,3) with 3 blue Goods In-Network,
    one of them on a car not connected to the rest."""
    state = sandbox((KL, KT))
    put(state, 5, 2, "Lake", goods=["blue"], cars=[0])
    put(state, 5, 1, "Lake", goods=["blue"], cars=[0])
    put(state, 0, 4, "Lake", goods=["blue"], cars=[0])  # disconnected
    put(state, 3, 2, "Lake", goods=["blue"])  # not In-Network
    return state


def deliver_all(state, colour="blue", city=Hex(4, 3)):
    begin(state, 0, DeliverChoice(player=0, mode="eol"))
    GAME.apply(state, DeliverTo(city, colour))
    while any(isinstance(a, PickGood) for a in legal(state)):
        GAME.apply(state, next(a for a in legal(state) if isinstance(a, PickGood)))
    GAME.apply(state, Done())


def test_delivery_example_three_blue_goods_triple_demand() -> None:
    state = runika_delivery()
    deliver_all(state)
    ps = state.players[0]
    assert ps.goods[3] == 3  # blue is colour 3
    assert state.goods[cell(state, 0, 4)] == ()  # the disconnected Good was delivered too
    assert state.goods[cell(state, 3, 2)] == (3,)  # not In-Network: stays
    assert strs(legal(state)) == ["choose Double Demand (1 VP)", "choose Triple Demand (2 VP)", "done"]
    GAME.apply(state, Choose("Triple Demand (2 VP)"))
    assert ps.tiles == [(3, 1)]
    assert GAME.scores(state).totals[0] == 3 + 2


def test_take_any_one_tile_you_qualify_for() -> None:
    state = runika_delivery()
    put(state, 5, 0, "Lake", goods=["blue"], cars=[0])
    stand = 1
    state.stands[stand] = [(3, 0)]  # Triple and Quadruple already taken
    deliver_all(state)
    assert state.players[0].goods[3] == 4
    assert strs(legal(state)) == ["choose Double Demand (1 VP)", "done"]


def test_four_goods_delivered_take_the_quadruple_worth_3_vp() -> None:
    state = runika_delivery()
    put(state, 5, 0, "Lake", goods=["blue"], cars=[0])  # a fourth blue Good In-Network
    deliver_all(state)
    ps = state.players[0]
    assert ps.goods[3] == 4
    assert strs(legal(state)) == [
        "choose Double Demand (1 VP)", "choose Triple Demand (2 VP)", "choose Quadruple Demand (3 VP)", "done",
    ]
    GAME.apply(state, Choose("Quadruple Demand (3 VP)"))
    assert ps.tiles == [(3, 2)]
    assert GAME.scores(state).totals[0] == 4 + 3


def test_only_network_adjacent_cities() -> None:
    state = runika_delivery()
    begin(state, 0, DeliverChoice(player=0, mode="eol"))
    assert strs(legal(state)) == ["deliver blue Goods to the City at (4,3)", "done"]
    with pytest.raises(IllegalActionError, match=r"the City at \(1,1\) is not Network-Adjacent"):
        GAME.apply(state, DeliverTo(Hex(1, 1), "yellow"))


def test_one_good_delivery_earns_no_tile_and_limit() -> None:
    state = runika_delivery()
    begin(state, 0, DeliverChoice(player=0, mode="effect", limit=1, tiles=False))
    GAME.apply(state, DeliverTo(Hex(4, 3), "blue"))
    GAME.apply(state, PickGood(Hex(5, 2)))
    assert strs(legal(state)) == ["done"]
    GAME.apply(state, Done())
    assert state.players[0].goods[3] == 1 and state.players[0].tiles == []
    assert state.log[-1].text == "Kings' Line delivered 1 blue Good to (4,3)"


def test_delivery_log_counts_goods_in_english() -> None:
    from hexkit_empyreal.rules.deliver import goods_phrase

    state = runika_delivery()
    deliver_all(state)
    assert "Kings' Line delivered 3 blue Goods to (4,3)" in [e.text for e in state.log]
    assert (goods_phrase(1, "grey"), goods_phrase(2)) == ("1 grey Good", "2 Goods")
