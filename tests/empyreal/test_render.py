"""The text picture of a state: map, legend, Companies and their Networks, Demand Tiles."""

from __future__ import annotations

from hexkit_empyreal import render_text
from hexkit_empyreal.actions import MainAction
from hexkit_empyreal.render import network_pieces

from tests.empyreal.helpers import KL, KT, begin, cell, put, sandbox


def two_companies():
    state = sandbox((KL, KT))
    put(state, 2, 1, "Lake", goods=["blue"], cars=[0, 1])
    put(state, 3, 1, "Lake", goods=["blue", "blue"], cars=[0])
    put(state, 5, 2, "Lake", goods=["blue"], cars=[0])  # next to the blue City (4,3), apart from the others
    return state


def test_the_map_shows_terrain_goods_cars_and_cities_with_row_coordinates() -> None:
    text = render_text(two_companies())
    rows = {line.split()[0]: line for line in text.splitlines() if line[:3].strip().lstrip("-").isdigit()}
    assert rows["1"].split()[:5] == ["1", "0", "D", "[y3]", "Lb"]  # r 1 starts at q 0; (1,1) the yellow City
    assert rows["1"].split()[5:9] == ["01", "Lbb", "0", "D"]  # (2,1): a blue Good, seats 0 and 1; (3,1) 2 Goods
    assert "[b3]" in rows["3"]  # the blue City (4,3): Double, Triple and Quadruple left at 2 players
    assert "Goods (lower case after it): y yellow Hylatine, g green Heartwood," in text


def test_the_header_names_the_round_and_the_seat_to_play() -> None:
    state = two_companies()
    begin(state, 1, MainAction(player=1))
    assert render_text(state).splitlines()[0] == f"Round 1, play: seat 1 ({KT}) to play"
    state.end_triggered = True
    assert render_text(state).splitlines()[0] == f"Round 1, play: seat 1 ({KT}) to play (the game end is triggered)"


def test_each_company_lists_its_network_pieces_goods_and_cities() -> None:
    state = two_companies()
    assert network_pieces(state, 0) == [[cell(state, 2, 1), cell(state, 3, 1)], [cell(state, 5, 2)]]
    lines = render_text(state).splitlines()
    at = lines.index("seat 0 Kings' Line (Captain Runika Zenanen): 0 VP, 5 mana (0 spent), Conductor at Start")
    assert lines[at + 1] == "  Network: 3 train cars placed in 2 pieces, 32 left: (2,1) (3,1) | (5,2)"
    assert lines[at + 2] == "  In-Network Goods: 4 blue; can deliver to: (4,3) blue"
    assert lines[at + 3] == "  Delivered: 0 Goods; Demand Tiles: none"
    assert "  Network: 1 train car placed in 1 piece, 34 left: (2,1)" in lines


def test_demand_tiles_left_are_listed_by_city_with_goods_and_vp() -> None:
    state = two_companies()
    state.stands[1] = [(3, 1), (3, 1), (4, 0)]  # two blue Triples and a red Double moved there
    lines = render_text(state).splitlines()
    assert "Demand Tiles left in each City (Double 2 Goods -> 1 VP, Triple 3 Goods -> 2 VP, Quadruple 4 Goods -> 3 VP):" in lines
    assert "  (4,3) blue City: red Double, Triple x2" in lines
