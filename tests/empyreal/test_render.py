"""The text picture of the map."""

from __future__ import annotations

from hexkit_empyreal import render_text

from tests.empyreal.helpers import KL, KT, put, sandbox


def test_render_shows_terrain_goods_cars_and_cities() -> None:
    state = sandbox((KL, KT))
    put(state, 2, 1, "Lake", goods=["blue"], cars=[0, 1])
    text = render_text(state)
    first = text.splitlines()[1]  # row r = 1
    assert "CY" in first and "Lb:01" in first  # the yellow City (1,1); Lake, blue Good, seats 0 and 1
    assert "0: Kings' Line (Runika Zenanen) mana 5/5 cars left 34" in text
    assert "City (4,3) (blue): blue Double Demand, blue Triple Demand, blue Quadruple Demand" in text  # 2 players
