"""Place Wasteland."""

from __future__ import annotations

from hexkit.hexes import Hex

from hexkit_empyreal import GAME, PickHex
from hexkit_empyreal.data import WASTELAND
from hexkit_empyreal.effects import verbs as v
from hexkit_empyreal.effects.registry import EffectContext

from tests.empyreal.helpers import KL, KT, begin, cell, legal, put, sandbox


def test_place_wasteland_destroys_goods_keeps_cars() -> None:
    state = sandbox((KL, KT))
    put(state, 2, 1, goods=["yellow"], cars=[0, 1])
    put(state, 3, 1, "Wasteland")
    supply = state.supply[0]
    begin(state, 0, v.place_wasteland(EffectContext(state, 0, "test")))
    hexes = {str(a.hex) for a in legal(state)}
    # In-Network or Network-Adjacent, not a City (1,1), not Wasteland (3,1).
    assert hexes == {"(2,1)", "(3,0)", "(2,0)", "(1,2)", "(2,2)"}
    GAME.apply(state, PickHex(Hex(2, 1)))
    c = cell(state, 2, 1)
    assert state.terrain[c] == WASTELAND and state.goods[c] == () and state.cars[c] == (0, 1)
    assert state.supply[0] == supply + 1
    assert state.wasteland == 19


def test_no_tile_left_means_no_effect() -> None:
    state = sandbox((KL, KT))
    put(state, 2, 1, cars=[0])
    state.wasteland = 0
    begin(state, 0, v.place_wasteland(EffectContext(state, 0, "test")))
    assert state.pending == []


def test_bartok_goods_go_to_the_folio() -> None:
    state = sandbox((KL, KT))
    put(state, 2, 1, goods=["yellow"], cars=[0])
    begin(state, 0, v.place_wasteland(EffectContext(state, 0, "test"), to_folio=True))
    GAME.apply(state, PickHex(Hex(2, 1)))
    assert state.players[0].goods[0] == 1
