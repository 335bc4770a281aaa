"""Fixes from the rules audit (branch fix-b): trails under roads, route access,
the Outer District tile, walker speed, the Warehouse and the Charter, public
objective ties.

Source: rulebook, "Trails", "Agents & Movement", "Settlements", "Founder's
Charter", "Objectives", §23 (Outer District); reference card "MOVE".
"""

from __future__ import annotations

import pytest

from hexkit.errors import InvalidRecordError
from hexkit.hexes import Hex
from hexkit_soot import GAME
from hexkit_soot.actions import Choose, Step
from hexkit_soot.grid import edge_code, hex_code
from hexkit_soot.ledger import data
from hexkit_soot.render import render_map, render_routes
from hexkit_soot.rules.camps import camp_kinds_at
from hexkit_soot.rules.explore import open_edges, tile_label
from hexkit_soot.rules.settlements import settlement_types_at, slots_of
from hexkit_soot.rules.access import route_access
from hexkit_soot.rules.market import markets_for
from hexkit_soot.rules.objectives import objective_points
from hexkit_soot.rules.movement import caravan_reach, explore_reach, trail_reach
from hexkit_soot.rules.routes import anchors, has_trail, route_at, set_route
from hexkit_soot.rules.structures import buildable
from hexkit_soot.state import CENTRAL_CITY, OUTER_HEX, OUTER_TILE, RAIL, ROAD, TRAIL, SootState, add_goods, touch_map
from hexkit_soot.svg import SootStyle

from tests.soot.helpers import answer, camp, connect, give, legal, place, settle, start

A, B, C, E = Hex(1, 0), Hex(2, 0), Hex(3, 0), Hex(4, 0)


def position(archetypes: tuple[str, ...] = ("Merchant", "Industrialist"), player: int = 0) -> SootState:
    """Round 1, ``player`` to choose a main action, with 3 actions left."""
    state = start(archetypes)
    state.pending[-1] = Step(player=player, prompt="turn", kind="turn")
    state.players[player].actions = 3
    return state


def offered(state: SootState, code: str, arg: int | None = None) -> bool:
    return any(a.code == code and (arg is None or a.arg == arg) for a in legal(state))


def cargo(state: SootState, goods: dict[str, int], player: int = 0, caravan: int = 0) -> None:
    """Put goods from the supply on a caravan."""
    c = state.players[player].caravans[caravan]
    for g, n in goods.items():
        state.supply.take_exact(g, n)
        add_goods(c.cargo, g, n)


# -- 1. a trail stays under a road or rail -------------------------------------------

def trail_under_rival_road(state: SootState) -> None:
    """A public trail Central City - A, then P1's road built over it."""
    place(state, A)
    set_route(state, CENTRAL_CITY, A, TRAIL, -1)
    set_route(state, CENTRAL_CITY, A, ROAD, 1)


def test_a_road_built_over_a_trail_keeps_the_trail() -> None:
    s = position()
    place(s, A)
    set_route(s, CENTRAL_CITY, A, TRAIL, -1)
    s.players[0].builders = [Hex(-3, 0)]  # away from the trail: only the Central City anchors P0 besides it
    give(s, 0, {"Timber": 1, "Stone": 1})
    answer(s, "Build Route")
    answer(s, "road")
    answer(s, "edge", edge_code(CENTRAL_CITY, 0))
    if offered(s, "done"):
        answer(s, "done")
    d = CENTRAL_CITY.neighbors().index(A)
    assert route_at(s, CENTRAL_CITY, d) == ROAD and has_trail(s, CENTRAL_CITY, d)
    assert has_trail(s, A, (d + 3) % 6)
    assert s.trails == {CENTRAL_CITY: 1 << d, A: 1 << ((d + 3) % 6)}
    assert A in anchors(s, 1)  # a hex with a trail anchors everyone's routes, road on top or not


def test_laden_rival_without_fuel_or_currency_still_takes_the_trail_free() -> None:
    s = position()
    trail_under_rival_road(s)
    cargo(s, {"Grain": 2})
    p = s.players[0]
    p.currency = 0
    p.stock.pop("Coal", None)
    assert A not in caravan_reach(s, 0, 0)  # the road leg owes fuel and a toll it cannot pay
    free = trail_reach(s, 0, 0, caravan_reach(s, 0, 0))
    assert free[A].cost == 12 and not free[A].powered and free[A].owners == frozenset()
    supply, rival = s.supply.counts(), s.players[1].currency
    answer(s, "Move")
    answer(s, "agent", 16)
    answer(s, "go")
    assert not offered(s, "hex", hex_code(A))
    answer(s, "trail", hex_code(A))
    assert p.caravans[0].loc == A and p.caravans[0].cargo == {"Grain": 2}
    assert s.supply.stock == supply and p.currency == 0 and s.players[1].currency == rival  # no fuel, no toll
    assert not offered(s, "go")  # a trail hex takes the whole allowance


def test_laden_caravan_chooses_road_with_fuel_and_toll_or_trail_for_free() -> None:
    for choice in ("hex", "trail"):
        s = position()
        trail_under_rival_road(s)
        cargo(s, {"Grain": 1, "Coal": 1})
        p, rival = s.players[0], s.players[1]
        cur, rcur = p.currency, rival.currency
        answer(s, "Move")
        answer(s, "agent", 16)
        answer(s, "go")
        assert offered(s, "hex", hex_code(A)) and offered(s, "trail", hex_code(A))
        answer(s, choice, hex_code(A))
        if offered(s, "fuel"):
            answer(s, "fuel")
        c = p.caravans[0]
        assert c.loc == A
        if choice == "hex":  # the road: 6 of 12 points, 1 fuel, 1¤ toll to P1
            assert c.cargo == {"Grain": 1} and p.currency == cur - 1 and rival.currency == rcur + 1
            assert offered(s, "go")
        else:  # the trail: all 12 points, nothing owed
            assert c.cargo == {"Grain": 1, "Coal": 1} and p.currency == cur and rival.currency == rcur
            assert not offered(s, "go")


def test_livestock_caravan_takes_the_trail_under_a_road_at_equal_speed() -> None:
    s = position()
    trail_under_rival_road(s)
    cargo(s, {"Livestock": 1})
    path = caravan_reach(s, 0, 0)[A]
    assert path.cost == 6 and not path.powered and path.owners == frozenset()  # trail 2 = road 2
    unladen = position()
    trail_under_rival_road(unladen)
    assert caravan_reach(unladen, 0, 0)[A].cost == 6  # an empty caravan uses the road's speed


def test_rail_over_a_trail_is_faster_and_the_trail_stays_for_the_free_way() -> None:
    s = position()
    place(s, A)
    set_route(s, CENTRAL_CITY, A, TRAIL, -1)
    set_route(s, CENTRAL_CITY, A, RAIL, 1)
    cargo(s, {"Grain": 1, "Coal": 1})
    fast = caravan_reach(s, 0, 0)
    assert fast[A].cost == 3 and fast[A].powered and fast[A].owners == frozenset({1})
    assert trail_reach(s, 0, 0, fast)[A].cost == 12
    assert trail_reach(s, 0, 0, fast, paid=frozenset({1}), fuelled=True) == {}  # nothing left to save


def test_trail_marks_are_cloned_checked_and_drawn() -> None:
    s = position()
    trail_under_rival_road(s)
    copy = GAME.clone(s)
    set_route(copy, A, B, TRAIL, -1)
    assert B not in s.trails and B in copy.trails
    GAME.validate_state(s)
    assert f"P1: road {CENTRAL_CITY}-{A} over a trail" in render_routes(s)
    assert render_routes(s).splitlines()[0] == "trails: 1"
    titles = [link.title for link in SootStyle(s).links()]
    assert titles == ["road of P1 over a trail"]
    s.trails.clear()
    set_route(s, A, B, TRAIL, -1)
    s.trails.pop(A)
    with pytest.raises(InvalidRecordError, match="state.trails"):
        GAME.validate_state(s)


# -- 4. walkers move at their own speed on every route --------------------------------

def test_walkers_are_not_carried_faster_by_rail_or_river() -> None:
    s = position()
    for h in (A, B, C, E):
        place(s, h, river=True)
    s.water[CENTRAL_CITY] = True
    prev = CENTRAL_CITY
    for h in (A, B, C, E):
        set_route(s, prev, h, RAIL, 0)
        prev = h
    reach = explore_reach(s, 0, CENTRAL_CITY, "Builder")
    assert sorted(reach) == [A, B]  # 2 hexes, although rail and river would carry a caravan 4
    assert reach[B].cost == 12 and reach[B].wild == []  # on rail: no trail laid
    caravan = caravan_reach(s, 0, 0)
    assert E in caravan and caravan[E].cost == 12
    s.route_kind.clear()
    s.route_owner.clear()
    touch_map(s)  # the map changed by hand: stamped as the rules' writers do (hexkit_soot.memo)
    reach = explore_reach(s, 0, CENTRAL_CITY, "Explorer")
    assert sorted(reach) == [A, B] and len(reach[B].wild) == 2  # river hexes are wilderness to a walker


def test_agent_bonus_walker_moves_three_on_rail() -> None:
    s = position(("Prospector", "Merchant"))
    prev = CENTRAL_CITY
    for h in (A, B, C, E):
        place(s, h)
        set_route(s, prev, h, RAIL, 1)
        prev = h
    assert sorted(explore_reach(s, 0, CENTRAL_CITY, "Explorer")) == [A, B, C]
    assert sorted(explore_reach(s, 0, CENTRAL_CITY, "Builder")) == [A, B]


# -- 2. route access to a settlement ---------------------------------------------------

def lone_settlement(state: SootState, at: Hex = C) -> None:
    """P1's Market Town on ``at``, with no route to it; P0's Builder stands there with a Sawmill's cost."""
    settle(state, at, founder=1)
    state.players[0].builders = [at]
    give(state, 0, {"Timber": 2, "Lumber": 2, "Stone": 1})


def test_builder_alone_gives_no_route_access_a_trail_does() -> None:
    s = position()
    lone_settlement(s)
    assert not route_access(s, 0, C) and buildable(s, 0, C) == []
    assert not offered(s, "Build Structure")
    connect(s, C)
    assert route_access(s, 0, C) and "Sawmill" in buildable(s, 0, C) and "Warehouse" in buildable(s, 0, C)
    answer(s, "Build Structure")
    answer(s, "build", hex_code(C) * 32 + list(data(s).facilities).index("Sawmill"))
    assert s.settlements[C].facilities[-1].name == "Sawmill"


def test_route_access_over_any_owners_road_to_your_camp_and_over_open_rivers() -> None:
    s = position()
    lone_settlement(s)
    camp(s, B, 0, "Farm", river=True)
    assert not route_access(s, 0, C)
    set_route(s, B, C, ROAD, 1)  # a rival's road to P0's camp
    assert route_access(s, 0, C) and not route_access(s, 1, C)  # P1 has no camp, caravan or node there
    s.route_kind.clear()
    s.route_owner.clear()
    place(s, C, river=True)  # the settlement's hex is water too: a river link B-C
    s.round = 9
    assert route_access(s, 0, C)
    s.round = 10  # rivers frozen in rounds 10-11
    assert not route_access(s, 0, C) and buildable(s, 0, C) == []
    s.round = 12
    assert route_access(s, 0, C)


def test_a_caravan_or_a_node_there_gives_access_and_a_camp_warehouse_needs_none() -> None:
    s = position()
    lone_settlement(s)
    give(s, 0, {"Grain": 1})
    assert C not in markets_for(s, 0)
    s.players[0].caravans[0].loc = C
    cargo(s, {"Grain": 1})
    assert route_access(s, 0, C) and C in markets_for(s, 0)
    s.players[0].caravans[0].loc = CENTRAL_CITY
    s.players[0].warehouses.append(C)  # a warehouse node there
    assert route_access(s, 0, C) and C in markets_for(s, 0)
    far = Hex(-3, 0)
    camp(s, far, 0, "Farm")
    s.players[0].warehouses.clear()
    s.players[0].builders = [far]
    assert not route_access(s, 0, far) and buildable(s, 0, far) == ["Warehouse"]


# -- 5. a Warehouse is not a facility for the Founder's Charter ------------------------

def test_warehouse_at_a_rivals_settlement_pays_no_charter_a_facility_pays_one() -> None:
    s = position()
    lone_settlement(s)
    connect(s, C)
    founder = s.players[1]
    before = founder.currency
    answer(s, "Build Structure")
    answer(s, "build", hex_code(C) * 32 + list(data(s).facilities).index("Warehouse"))
    assert C in s.players[0].warehouses and founder.currency == before
    s.pending[-1] = Step(player=0, prompt="turn", kind="turn")
    give(s, 0, {"Timber": 2, "Stone": 1})
    answer(s, "Build Structure")
    answer(s, "build", hex_code(C) * 32 + list(data(s).facilities).index("Sawmill"))
    assert founder.currency == before + 1


# -- 6. public objectives: a tie for first uses up the runner-up's place ---------------

@pytest.mark.parametrize(("camps", "points"), [
    ((3, 3, 1), [4, 4, 0]),  # tied leaders take first and second; the next is third
    ((3, 1, 1), [4, 2, 2]),  # a tie for second: full 2 points to each
    ((3, 2, 1), [4, 2, 0]),
    ((2, 2, 2), [4, 4, 4]),
])
def test_public_objective_ties(camps: tuple[int, int, int], points: list[int]) -> None:
    s = start(("Merchant", "Rancher", "Prospector"))
    s.public = [[o.name for o in data(s).public_objectives].index("Land Baron")]
    for player, n in enumerate(camps):
        for i in range(n):
            camp(s, Hex(i + 1, player - 4), player, "Farm")
    assert [objective_points(s)[p]["Land Baron"] for p in range(3)] == points


# -- 3. the Outer District tile (5-6 players) -------------------------------------------

FIVE = ("Merchant", "Rancher", "Prospector", "Industrialist", "Railroad Baron")


def test_outer_district_tile_is_attached_to_the_central_city_at_setup() -> None:
    s = start(FIVE)
    assert s.tiles[OUTER_HEX] == OUTER_TILE and OUTER_HEX in CENTRAL_CITY.neighbors()
    assert tile_label(s, OUTER_TILE) == "Outer District"
    assert OUTER_HEX not in start(FIVE[:4]).tiles  # 4 players: no district
    assert OUTER_HEX not in open_edges(s, CENTRAL_CITY) and len(open_edges(s, CENTRAL_CITY)) == 5
    assert camp_kinds_at(s, OUTER_HEX) == [] and settlement_types_at(s, OUTER_HEX) == []
    reach = explore_reach(s, 0, CENTRAL_CITY, "Builder")
    assert OUTER_HEX in reach and len(reach[OUTER_HEX].wild) == 1  # land: walked, and a trail blazed
    GAME.validate_state(s)


def test_outer_district_unlocks_two_central_city_slots_and_is_drawn() -> None:
    s = start(FIVE)
    s.pending[-1] = Step(player=0, prompt="turn", kind="turn")
    s.players[0].actions = 3
    assert slots_of(s, CENTRAL_CITY) == 4
    assert render_map(s).splitlines()[0] == "  0 C.* O."  # the district east of the city, agents on the city
    style = SootStyle(s)
    assert style.label(OUTER_HEX, OUTER_TILE) == "OD" and style.fill(OUTER_HEX, OUTER_TILE) == "#8a7b72"
    give(s, 0, {"Cut Stone": 4})
    answer(s, "Unlock Outer District")
    assert s.outer_district == 2 and slots_of(s, CENTRAL_CITY) == 6 and s.players[0].points == 2
    assert "O+" in render_map(s) and SootStyle(s).label(OUTER_HEX, OUTER_TILE) == "OD +2"
