"""Warehouse capacity (interpretation I40): 12 bulk goods per node, ingredients exempt.

Every way goods enter a network asks the network's room: gains beyond it are
lost to the supply; unloading, buying and trades are offered only up to it.

Source: rulebook, "Warehouses & Network" (nodes); Components, "Cultural
Artifacts and Specialty Materials" (not warehoused against capacity),
"Token supply" (warehouse caps); the number 12 is assumed.
"""

from __future__ import annotations

import pytest

from hexkit.errors import InvalidRecordError
from hexkit.hexes import Hex
from hexkit.serialize import codec
from hexkit_soot import GAME
from hexkit_soot.actions import Choose, Step
from hexkit_soot.ledger import data, gain_goods, to_supply
from hexkit_soot.rules.communities import gain_ingredient
from hexkit_soot.rules.explore import collect
from hexkit_soot.rules.network import network_capacity, network_load, network_room
from hexkit_soot.rules.production import run_production
from hexkit_soot.rules.refine import fire
from hexkit_soot.state import CENTRAL_CITY, BindingContract, SootState, add_goods

from tests.soot.helpers import answer, camp, facility, give, legal, place, settle, start

A = Hex(1, 0)
B = Hex(-1, 0)


def holdings(state: SootState, player: int, goods: dict[str, int]) -> None:
    """Replace a player's network stock (the old stock goes back to the supply)."""
    p = state.players[player]
    for g, n in p.stock.items():
        to_supply(state, g, n)
    p.stock = {}
    give(state, player, goods)


def turn(state: SootState, player: int = 0) -> SootState:
    """``player`` to choose a main action, 3 actions left."""
    state.pending[-1] = Step(player=player, prompt="turn", kind="turn")
    state.players[player].actions = 3
    return state


def gid(state: SootState, good: str) -> int:
    return list(data(state).goods).index(good)


def offered(state: SootState, code: str, good: str) -> bool:
    return any(a.code == code and a.arg == gid(state, good) for a in legal(state))


# -- the measure ----------------------------------------------------------------
def test_capacity_is_twelve_per_node_and_a_warehouse_adds_twelve() -> None:
    s = start(("Rancher", "Industrialist"))
    holdings(s, 0, {"Timber": 12})
    assert network_capacity(s, 0) == 12 and network_load(s, 0) == 12 and network_room(s, 0) == 0
    camp(s, A, 0, "Farm")
    s.players[0].warehouses.append(A)
    assert network_capacity(s, 0) == 24 and network_room(s, 0) == 12
    settle(s, B, founder=1)
    s.players[0].warehouses.append(B)
    assert network_capacity(s, 0) == 36 and network_room(s, 0) == 24
    assert network_capacity(s, 1) == 12  # the other player's network is untouched


def test_a_founded_depot_town_is_a_node_with_its_own_room() -> None:
    s = start()
    settle(s, A, founder=0, spec="Depot Town")
    assert network_capacity(s, 0) == 24 and network_capacity(s, 1) == 12


def test_ingredients_never_count() -> None:
    s = start()
    holdings(s, 0, {"Stone": 12, "Cultural Artifact": 3, "Specialty Material": 2})
    assert network_load(s, 0) == 12 and network_room(s, 0) == 0
    assert gain_ingredient(s, 0, "Cultural Artifact", "test") == 1
    assert s.players[0].stock["Cultural Artifact"] == 4
    assert gain_goods(s, 0, "Specialty Material", 2) == 2  # ingredients always fit
    assert gain_goods(s, 0, "Timber", 1) == 0  # a bulk good does not


def test_the_capacity_is_a_number_in_the_data() -> None:
    s = start()
    assert data(s).numbers.warehouse_capacity == 12
    s.config = GAME.make_config(players=2, overrides={"numbers.warehouse_capacity": 5})
    assert network_capacity(s, 0) == 5


# -- gains beyond the room are lost --------------------------------------------
def test_production_into_a_full_network_is_lost_to_the_supply() -> None:
    s = start(("Rancher", "Industrialist"))
    camp(s, A, 0, "Farm")
    s.players[0].warehouses.append(A)  # capacity 24
    holdings(s, 0, {"Timber": 23})
    grain = s.supply.count("Grain")
    run_production(s)  # the Rancher's Farm makes 2 Grain; 1 fits
    assert s.players[0].stock == {"Timber": 23, "Grain": 1}
    assert s.supply.count("Grain") == grain - 1
    assert A not in s.players[0].loose  # not left on the tile either
    assert any("1 Grain lost: the warehouse network is full" in e.text for e in s.log)
    run_production(s)
    assert s.players[0].stock == {"Timber": 23, "Grain": 1} and s.supply.count("Grain") == grain - 1


def test_a_warehouse_farm_no_longer_fills_the_network_without_limit() -> None:
    # The audit's case: a Rancher's Farm with a warehouse on it made 2 Grain a
    # round into the network (2 -> 12 Grain in 5 rounds, and on for ever).
    s = start(("Rancher", "Industrialist"))
    camp(s, A, 0, "Farm")
    s.players[0].warehouses.append(A)
    assert s.players[0].stock == {"Grain": 2, "Livestock": 2}
    for _ in range(5):
        run_production(s)
    assert s.players[0].stock["Grain"] == 12  # under the cap: as before
    for _ in range(15):
        run_production(s)
    assert s.players[0].stock["Grain"] == 22  # 22 Grain + 2 Livestock = 24 = 2 nodes x 12
    assert network_load(s, 0) == network_capacity(s, 0) == 24
    assert s.supply.count("Grain") == data(s).goods["Grain"].tokens - 22


def test_explore_grants_stop_at_the_room_left() -> None:
    s = start()
    holdings(s, 0, {"Stone": 11})
    place(s, A, "Hill", "Iron Ore")
    s.round = 2  # Thaw: the collection is doubled, 2 Stone + 2 Iron Ore
    ore = s.supply.count("Iron Ore")
    collect(s, 0, A)
    assert s.players[0].stock == {"Stone": 12}  # 1 Stone fits; the rest stays in the supply
    assert s.supply.count("Iron Ore") == ore


def test_refine_outputs_beyond_the_room_are_lost() -> None:
    s = start(("Industrialist", "Merchant"))
    settle(s, A, founder=1)
    facility(s, A, "Sawmill", 0)
    s.players[0].warehouses.append(A)  # A is P0's node: capacity 24
    holdings(s, 0, {"Timber": 2, "Stone": 22})
    c = s.players[0].caravans[0]
    c.loc = A
    s.supply.take_exact("Grain", 1)
    add_goods(c.cargo, "Grain", 1)  # the food use cost comes from the caravan
    lumber = s.supply.count("Lumber")
    fire(s, 0, A, 0)  # 2 Timber out, room 2; 2 Lumber + 1 (Industrialist) made
    assert s.players[0].stock == {"Stone": 22, "Lumber": 2}
    assert s.supply.count("Lumber") == lumber - 2
    assert "1 lost: the warehouse network is full" in s.log[-1].text


# -- voluntary moves are offered up to the room ----------------------------------
def test_unload_options_stop_at_capacity() -> None:
    s = turn(start())
    holdings(s, 0, {"Stone": 10})
    c = s.players[0].caravans[0]
    for g, n in {"Grain": 3, "Cultural Artifact": 1, "Steel": 1}.items():
        s.supply.take_exact(g, n)
        add_goods(c.cargo, g, n)
    answer(s, "Move")
    answer(s, "agent", 16)
    answer(s, "unload", gid(s, "Grain"))
    answer(s, "unload", gid(s, "Grain"))
    assert network_load(s, 0) == 12 and c.cargo["Grain"] == 1
    assert not offered(s, "unload", "Grain")  # full: the third Grain stays aboard
    assert offered(s, "unload", "Cultural Artifact") and offered(s, "unload", "Steel")
    answer(s, "unload", gid(s, "Steel"))  # Tier 3: loose on the hex, not in the network
    answer(s, "unload", gid(s, "Cultural Artifact"))
    assert s.players[0].loose[CENTRAL_CITY] == {"Steel": 1}
    assert s.players[0].stock == {"Stone": 10, "Grain": 2, "Cultural Artifact": 1}


def test_loading_frees_room_for_another_good_at_the_same_stop() -> None:
    s = turn(start())
    holdings(s, 0, {"Stone": 12})
    c = s.players[0].caravans[0]
    s.supply.take_exact("Grain", 1)
    add_goods(c.cargo, "Grain", 1)
    answer(s, "Move")
    answer(s, "agent", 16)
    assert not offered(s, "unload", "Grain")
    answer(s, "load", gid(s, "Stone"))
    answer(s, "unload", gid(s, "Grain"))
    assert s.players[0].stock == {"Stone": 11, "Grain": 1} and c.cargo == {"Stone": 1}


def test_purchase_quantity_menu_stops_at_the_room_left() -> None:
    s = turn(start())
    holdings(s, 0, {"Stone": 10})
    s.players[0].currency = 30
    answer(s, "Market Transaction")
    answer(s, "buy", gid(s, "Timber"))
    assert [a.arg for a in legal(s)] == [1, 2]  # 3 per transaction, 2 units of room
    answer(s, "qty", 2)
    assert s.players[0].stock == {"Stone": 10, "Timber": 2} and s.players[0].currency == 24


def test_a_full_network_is_offered_tier3_goods_only_at_its_node() -> None:
    s = turn(start())
    holdings(s, 0, {"Stone": 12})
    s.players[0].currency = 30
    answer(s, "Market Transaction")
    buys = {a.label.split(" at ")[0] for a in legal(s) if a.code == "buy"}
    tier3 = {f"buy {n}" for n, g in data(s).goods.items() if g.kind == "tracked" and g.tier == 3}
    assert buys == tier3


def test_market_is_not_on_the_menu_when_nothing_could_be_bought_or_sold() -> None:
    s = turn(start())
    s.config = GAME.make_config(players=2, overrides={"numbers.warehouse_capacity": 0})
    holdings(s, 0, {})
    s.players[0].currency = 5  # enough for Timber, not for a Tier 3 good
    assert not any(a.code == "Market Transaction" for a in legal(s))
    s.players[0].currency = 40
    answer(s, "Market Transaction")
    assert legal(s) and all(data(s).goods[list(data(s).goods)[a.arg]].tier == 3 for a in legal(s))


# -- trades ---------------------------------------------------------------------
def test_a_trade_that_overfills_the_target_cannot_be_proposed() -> None:
    s = turn(start(("Merchant", "Rancher")))
    holdings(s, 0, {"Timber": 3})
    holdings(s, 1, {"Stone": 11})
    s.players[0].currency, s.players[1].currency = 0, 10
    answer(s, "Offer Trade")
    answer(s, "player", 2)
    answer(s, "give", gid(s, "Timber"))
    answer(s, "give", gid(s, "Timber"))  # P1 would hold 13: not proposable
    answer(s, "currency", 1)
    assert not any(a.code == "propose" for a in legal(s))
    answer(s, "ask", gid(s, "Stone"))  # 2 for 1: P1 ends at 12
    answer(s, "propose")
    answer(s, "accept")
    assert s.players[1].stock == {"Stone": 10, "Timber": 2} and network_room(s, 1) == 0


def test_two_full_networks_can_still_swap_one_for_one() -> None:
    s = turn(start(("Merchant", "Rancher")))
    holdings(s, 0, {"Timber": 12})
    holdings(s, 1, {"Stone": 12})
    answer(s, "Offer Trade")
    answer(s, "player", 2)
    answer(s, "give", gid(s, "Timber"))
    answer(s, "ask", gid(s, "Stone"))
    answer(s, "propose")
    answer(s, "accept")
    assert s.players[0].stock == {"Timber": 11, "Stone": 1} and s.players[1].stock == {"Stone": 11, "Timber": 1}


def test_binding_delivery_stops_at_the_buyers_room() -> None:
    s = turn(start(("Merchant", "Rancher")))
    holdings(s, 0, {"Timber": 4})
    holdings(s, 1, {"Stone": 10})
    s.players[0].currency = 0
    s.bindings.append(BindingContract(seller=0, buyer=1, goods={"Timber": 4}, price=8, deadline=2))
    labels = [a.label for a in legal(s) if a.code == "Deliver Binding"]
    assert labels == ["deliver 2 Timber to P1 (contract due round 2)"]
    answer(s, "Deliver Binding")
    assert s.players[1].stock == {"Stone": 10, "Timber": 2} and s.players[0].currency == 4  # half the price for half the units
    assert s.bindings[0].goods == {"Timber": 2}
    assert not any(a.code == "Deliver Binding" for a in legal(s))


# -- loading a saved state -------------------------------------------------------
def test_a_saved_state_with_an_overfull_network_is_refused() -> None:
    s = start()
    holdings(s, 0, {"Stone": 12, "Cultural Artifact": 4})
    text = codec(GAME).state_to_json(s)
    assert codec(GAME).state_from_json(text).players[0].stock["Stone"] == 12
    s.players[0].stock["Stone"] = 13
    s.supply.take_exact("Stone", 1)
    with pytest.raises(InvalidRecordError, match=r"state\.players\.0\.stock.*13 bulk goods.*capacity of 12"):
        codec(GAME).state_from_json(codec(GAME).state_to_json(s))
