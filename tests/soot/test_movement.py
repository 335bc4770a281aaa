"""Caravan movement in legs: stops, allowance, fuel, tolls, where goods may be left.

Source: rulebook, "Agents & Movement" (Move), "Extract" (goods on a tile
load during any Move), "Production" (camp tile cap 2), reference card "MOVE".
"""

from __future__ import annotations

import pytest

from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit_soot import GAME
from hexkit_soot.actions import Choose, Step
from hexkit_soot.grid import hex_code
from hexkit_soot.ledger import data
from hexkit_soot.rules.camps import camp_kinds_at, goods_on_tile
from hexkit_soot.rules.movement import caravan_reach
from hexkit_soot.rules.routes import set_route
from hexkit_soot.state import CENTRAL_CITY, RAIL, ROAD, TRAIL, Camp, SootState, add_goods

from tests.soot.helpers import camp, give, place, settle, start

A, B, C, E = Hex(1, 0), Hex(2, 0), Hex(3, 0), Hex(4, 0)


def position(archetypes: tuple[str, ...] = ("Merchant", "Industrialist")) -> SootState:
    """Round 1, P0 to choose a main action, with 3 actions left."""
    state = start(archetypes)
    state.pending[-1] = Step(player=0, prompt="turn", kind="turn")
    state.players[0].actions = 3
    return state


def legal(state: SootState) -> list[Choose]:
    state.invalidate_legal()
    return list(GAME.legal_actions(state))


def codes(state: SootState) -> list[str]:
    return [str(a) for a in legal(state)]


def answer(state: SootState, code: str, arg: int | None = None) -> None:
    for a in legal(state):
        if a.code == code and (arg is None or a.arg == arg):
            GAME.apply(state, a)
            return
    raise AssertionError(f"no legal answer {code} {arg}; legal: {codes(state)}")


def offered(state: SootState, code: str, good: str | None = None) -> bool:
    gid = list(data(state).goods).index(good) if good else None
    return any(a.code == code and (gid is None or a.arg == gid) for a in legal(state))


def begin(state: SootState, caravan: int = 0) -> None:
    """P0 takes a Move and picks a caravan: it stands at its first stop."""
    answer(state, "Move")
    answer(state, "agent", 16 + caravan)


def leg(state: SootState, to: Hex) -> None:
    answer(state, "go")
    answer(state, "hex", hex_code(to))


def load(state: SootState, good: str, n: int = 1) -> None:
    for _ in range(n):
        answer(state, "load", list(data(state).goods).index(good))


def unload(state: SootState, good: str, n: int = 1) -> None:
    for _ in range(n):
        answer(state, "unload", list(data(state).goods).index(good))


def cargo(state: SootState, goods: dict[str, int], caravan: int = 0, player: int = 0) -> None:
    """Put goods from the supply on a caravan."""
    c = state.players[player].caravans[caravan]
    for g, n in goods.items():
        state.supply.take_exact(g, n)
        add_goods(c.cargo, g, n)


def line(state: SootState, kind: int, n: int, owner: int = 0, first: Hex = CENTRAL_CITY) -> list[Hex]:
    """``n`` Plains hexes east of ``first`` joined by ``kind`` segments (trails are public)."""
    hexes = [Hex(first.q + i, first.r) for i in range(1, n + 1)]
    prev = first
    for h in hexes:
        place(state, h)
        set_route(state, prev, h, kind, -1 if kind == TRAIL else owner)
        prev = h
    return hexes


# -- legs ---------------------------------------------------------------------------

def test_drive_one_road_hex_load_at_camp_drive_on_and_unload_at_a_warehouse() -> None:
    s = position()
    p = s.players[0]
    camp(s, A, 0, "Farm")
    settle(s, B, founder=1)
    p.warehouses.append(B)
    set_route(s, CENTRAL_CITY, A, ROAD, 0)
    set_route(s, A, B, ROAD, 0)
    give(s, 0, {"Grain": 2}, at=A)
    give(s, 0, {"Coal": 1})
    grain, coal, currency = p.stock.get("Grain", 0), p.stock["Coal"], p.currency
    begin(s)
    leg(s, A)  # 6 of 12 points: one road hex
    assert not offered(s, "unload")
    load(s, "Grain", 2)
    leg(s, B)  # the other 6 points
    assert p.caravans[0].loc == B and p.caravans[0].cargo == {"Grain": 2}
    assert not offered(s, "go")  # the allowance is spent
    unload(s, "Grain", 2)
    answer(s, "done")
    answer(s, "done")
    assert p.caravans[0].cargo == {} and p.stock["Grain"] == grain + 2 and A not in p.loose
    assert p.stock.get("Coal", 0) == coal - 1  # laden on a road: 1 fuel, from the network
    assert p.currency == currency  # own roads: no toll
    assert p.actions == 2


def test_goods_are_not_picked_up_in_passing() -> None:
    s = position()
    p = s.players[0]
    a, b = line(s, RAIL, 2)
    s.camps[a] = Camp(owner=0, kind="Farm")
    give(s, 0, {"Grain": 2}, at=a)
    begin(s)
    leg(s, b)
    assert p.caravans[0].cargo == {} and p.loose[a] == {"Grain": 2}


@pytest.mark.parametrize(
    "kind,load_,speed",
    [(TRAIL, {}, 1), (TRAIL, {"Livestock": 1}, 2), (ROAD, {}, 2), (RAIL, {}, 4), (None, {}, 4)],
    ids=["trail", "trail-livestock", "road", "rail", "river"],
)
def test_allowance_is_never_exceeded_in_one_leg_or_many(kind: int | None, load_: dict[str, int], speed: int) -> None:
    s = position()
    car = s.players[0].caravans[0]
    if kind is None:  # a river: water hexes, no route needed
        first = Hex(1, 0)
        place(s, first, river=True)
        hexes = [Hex(q, 0) for q in range(2, 8)]
        for h in hexes:
            place(s, h, river=True)
        car.loc = first
    else:
        hexes = line(s, kind, 6)
    cargo(s, load_)
    reach = caravan_reach(s, 0, 0)
    assert hexes[speed - 1] in reach and hexes[speed] not in reach
    begin(s)
    legs = 0
    while offered(s, "go"):
        leg(s, hexes[legs])
        legs += 1
    assert legs == speed and car.loc == hexes[speed - 1]


def test_mixed_routes_share_one_allowance_across_legs() -> None:
    s = position()
    car = s.players[0].caravans[0]
    set_route(s, CENTRAL_CITY, A, ROAD, 0)  # 6 points
    for h in (A, B, C, E):
        place(s, h)
    set_route(s, A, B, RAIL, 0)  # 3 points each
    set_route(s, B, C, RAIL, 0)
    set_route(s, C, E, RAIL, 0)
    assert set(caravan_reach(s, 0, 0)) == {A, B, C}
    begin(s)
    leg(s, A)
    assert set(caravan_reach(s, 0, 0, spent=6)) == {CENTRAL_CITY, B, C}
    leg(s, C)
    assert car.loc == C and not offered(s, "go")


# -- fuel and tolls ---------------------------------------------------------------------

def test_fuel_once_per_caravan_per_move_on_road_whatever_the_legs() -> None:
    for hops in ([A, B], [B]):
        s = position()
        line(s, ROAD, 2)
        cargo(s, {"Coal": 2, "Grain": 1})
        begin(s)
        for h in hops:
            leg(s, h)
        assert s.players[0].caravans[0].cargo == {"Coal": 1, "Grain": 1}, hops


def test_the_player_chooses_which_fuel_burns_and_from_where() -> None:
    s = position()
    a, b = line(s, ROAD, 2)
    p = s.players[0]
    p.stock = {}
    give(s, 0, {"Charcoal": 1})  # in the network at the Central City, the start node
    cargo(s, {"Coal": 1, "Grain": 1})
    begin(s)
    answer(s, "go")
    answer(s, "hex", hex_code(a))
    assert s.pending[-1].kind == "pay"
    assert sorted(codes(s)) == ["fuel for caravan 0: 1 Charcoal from the network",
                                "fuel for caravan 0: 1 Coal from the caravan"]
    assert p.caravans[0].loc == CENTRAL_CITY  # nothing moves or is paid before the choice
    answer(s, "way", next(o.arg for o in legal(s) if "Charcoal" in str(o)))
    assert p.stock == {} and p.caravans[0].cargo == {"Coal": 1, "Grain": 1}
    assert p.caravans[0].loc == a
    assert s.log[-2].text == "caravan 0 burned 1 Charcoal on the road"


def test_no_fuel_on_trails_and_rivers() -> None:
    s = position()
    a = line(s, TRAIL, 1)[0]
    cargo(s, {"Coal": 1})
    begin(s)
    leg(s, a)
    assert s.players[0].caravans[0].cargo == {"Coal": 1}
    s = position()
    for h in (A, B):
        place(s, h, river=True)
    s.players[0].caravans[0].loc = A
    cargo(s, {"Coal": 1})
    begin(s)
    leg(s, B)
    assert s.players[0].caravans[0].cargo == {"Coal": 1}


def test_fuel_may_come_from_a_node_passed_on_an_earlier_leg() -> None:
    s = position()
    p = s.players[0]
    a, b = line(s, RAIL, 2)
    p.stock = {}
    give(s, 0, {"Coal": 1})
    give(s, 0, {"Grain": 1}, at=a)
    begin(s)
    leg(s, a)  # unladen from the Central City (a node): no fuel yet
    load(s, "Grain")
    assert b in caravan_reach(s, 0, 0, spent=3, node_seen=True)
    assert b not in caravan_reach(s, 0, 0, spent=3)  # nothing to burn without the node
    leg(s, b)
    assert p.stock == {} and p.caravans[0].cargo == {"Grain": 1}


def test_tolls_once_per_distinct_rival_owner_across_legs() -> None:
    s = position(("Merchant", "Industrialist", "Prospector"))
    for h in (A, B, C):
        place(s, h)
    set_route(s, CENTRAL_CITY, A, RAIL, 1)
    set_route(s, A, B, RAIL, 2)
    set_route(s, B, C, RAIL, 1)
    cargo(s, {"Coal": 1, "Grain": 1})
    money = [p.currency for p in s.players]
    begin(s)
    for h in (A, B, C):
        leg(s, h)
    assert [p.currency for p in s.players] == [money[0] - 2, money[1] + 1, money[2] + 1]
    assert s.players[0].caravans[0].cargo == {"Grain": 1}  # and one fuel


# -- the per-stop bound -----------------------------------------------------------------

def test_a_good_loaded_at_a_stop_cannot_be_unloaded_there_and_vice_versa() -> None:
    s = position()
    p = s.players[0]
    p.stock = {"Grain": 2, "Timber": 1}
    cargo(s, {"Grain": 1, "Stone": 1})
    begin(s)
    assert offered(s, "load", "Grain") and offered(s, "unload", "Grain")
    unload(s, "Grain")
    assert not offered(s, "load", "Grain")
    load(s, "Timber")
    assert not offered(s, "unload", "Timber") and offered(s, "unload", "Stone")


def test_one_stop_ends_within_two_loads_per_unit_of_capacity() -> None:
    s = position()
    s.players[0].stock = {"Grain": 3, "Coal": 3, "Stone": 1}
    cargo(s, {"Grain": 1, "Timber": 3})
    begin(s)
    memo: dict[object, int] = {}

    def longest(state: SootState) -> int:
        car = state.players[0].caravans[0]
        key = (tuple(sorted(car.cargo.items())), tuple(sorted(state.players[0].stock.items())),
               state.pending[-1])  # the stop: what was loaded and unloaded here
        if key not in memo:
            best = 0
            for a in legal(state):
                if a.code in ("load", "unload"):
                    nxt = GAME.clone(state)
                    GAME.apply(nxt, a)
                    best = max(best, 1 + longest(nxt))
            memo[key] = best
        return memo[key]

    cap = data(s).numbers.caravan_capacity
    assert longest(s) == 2 * cap  # the 4 units aboard unloaded, then 4 Coal and Stone loaded


# -- where goods may lie: the camp tile cap -----------------------------------------------

def test_unload_onto_own_camp_tile_only_up_to_two_goods() -> None:
    s = position()
    p = s.players[0]
    a = line(s, TRAIL, 1)[0]
    s.camps[a] = Camp(owner=0, kind="Farm")
    give(s, 0, {"Grain": 1}, at=a)
    cargo(s, {"Grain": 3})
    begin(s)
    leg(s, a)
    unload(s, "Grain")
    assert not offered(s, "unload")
    assert goods_on_tile(s, a) == 2 and p.caravans[0].cargo == {"Grain": 2}


@pytest.mark.parametrize("where,allowed", [("wilderness", False), ("rival camp", False), ("settlement", True)])
def test_where_a_caravan_may_leave_goods(where: str, allowed: bool) -> None:
    s = position()
    a = line(s, TRAIL, 1)[0]
    if where == "rival camp":
        camp(s, a, 1, "Farm")
    elif where == "settlement":
        settle(s, a, founder=1)
    cargo(s, {"Grain": 1, "Steel": 1})
    begin(s)
    leg(s, a)
    assert offered(s, "unload", "Grain") is allowed and offered(s, "unload", "Steel") is allowed


def test_tier3_goods_unloaded_at_the_central_city_stay_loose() -> None:
    s = position()
    cargo(s, {"Steel": 1})
    begin(s)
    unload(s, "Steel")
    assert s.players[0].loose[CENTRAL_CITY] == {"Steel": 1} and "Steel" not in s.players[0].stock


def test_no_camp_where_more_than_two_goods_lie_whoever_owns_them() -> None:
    s = position()
    place(s, A)
    give(s, 0, {"Grain": 4}, at=A)
    assert camp_kinds_at(s, A) == []
    s = position()
    place(s, A)
    give(s, 0, {"Grain": 1}, at=A)
    give(s, 1, {"Timber": 2}, at=A)
    assert camp_kinds_at(s, A) == []
    s.players[1].loose[A] = {"Timber": 1}
    s.supply.put_back("Timber", 1)
    assert "Farm" in camp_kinds_at(s, A)


def test_production_and_extraction_count_every_owners_goods_on_the_tile() -> None:
    from hexkit_soot.rules.extract import extract_at
    from hexkit_soot.rules.production import run_production

    s = position()
    camp(s, A, 0, "Farm")
    give(s, 1, {"Gold": 2}, at=A)  # e.g. a rival's Silver Strike on the tile
    run_production(s)
    assert A not in s.players[0].loose and goods_on_tile(s, A) == 2
    camp(s, B, 0, "Mining Camp", terrain="Hill", site="Iron Ore")
    give(s, 1, {"Gold": 1}, at=B)
    car = s.players[0].caravans[0]
    car.loc = B
    cargo(s, {"Grain": 4})  # the caravan is full
    assert extract_at(s, 0, B) == 1 and goods_on_tile(s, B) == 2


# -- random play: every Move ends within the documented bound ----------------------------

@pytest.mark.parametrize("players,seed", [(2, 5), (4, 6)])
def test_every_move_ends_within_its_bound(players: int, seed: int) -> None:
    moves = 0
    for game_seed in range(seed, seed + 5):  # random games until more than 10 Moves were checked
        moves += _random_game_moves_within_bound(players, game_seed)
        if moves > 10:
            break
    assert moves > 10


def _random_game_moves_within_bound(players: int, seed: int) -> int:
    """Play one random game, checking each Move's answers against the bound; the Moves made."""
    state = GAME.new(GAME.make_config(players=players), seed)
    chooser = Rng(seed ^ 0x5EED)
    moves = 0
    while not GAME.is_over(state):
        legal_ = GAME.legal_actions(state)
        action = legal_[chooser.randbelow(len(legal_))]
        top = state.pending[-1]
        if getattr(top, "kind", "") == "turn" and action.code == "Move":
            p = state.players[top.player]
            bound = 2 + 2 * (len(p.explorers) + len(p.builders)) + 50 * len(p.caravans)
            GAME.apply(state, action)
            answers = 1
            while state.pending and getattr(state.pending[-1], "kind", "").startswith("move."):
                legal_ = GAME.legal_actions(state)
                GAME.apply(state, legal_[chooser.randbelow(len(legal_))])
                answers += 1
            assert answers <= bound
            moves += 1
        else:
            GAME.apply(state, action)
    return moves
