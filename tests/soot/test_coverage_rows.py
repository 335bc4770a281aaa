"""Rules-coverage rows that had no number-asserting test (issue 11).

Rulebook: Phase 2 ("3 actions per round (4 at 2 players)", one at a time,
cycling; bonus actions: 2 cards = +1 once a round, Overtime +1 with +2 food
once a round); Phase 1 (events on even rounds only); Build Costs
(Warehouse 2 Lumber + 1 Stone; at most 2 warehouses); Central City and
Upgrade Settlement (each City hosts 1 Tier 3 facility); Market ("Central
City / Market Towns / River Ports").
"""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit_soot import GAME
from hexkit_soot.ledger import data
from hexkit_soot.rules.market import markets_for
from hexkit_soot.rules.market_update import run_market_update
from hexkit_soot.rules.settlements import is_market
from hexkit_soot.rules.structures import buildable
from hexkit_soot.rules.upkeep import food_bill
from hexkit_soot.state import Caravan, Facility
from tests.soot.helpers import answer, camp, connect, give, legal, settle, start


def _codes(s) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.code for a in legal(s)]


def test_three_actions_at_three_and_four_players_four_at_two() -> None:
    for arches, n in ((("Merchant", "Rancher"), 4), (("Merchant", "Rancher", "Prospector"), 3),
                      (("Merchant", "Rancher", "Prospector", "Industrialist"), 3)):
        s = start(arches)
        assert [p.actions for p in s.players] == [n] * len(arches)


def test_actions_are_taken_one_at_a_time_in_turn_order() -> None:
    s = start(("Merchant", "Rancher", "Prospector"))
    first, second = s.order[0], s.order[1]
    assert s.pending[-1].player == first
    answer(s, "Draw Cards")
    while s.pending[-1].player == first:
        GAME.apply(s, legal(s)[0])
    assert s.players[first].actions == 2
    assert s.pending[-1].player == second and s.players[second].actions == 3


def test_overtime_one_more_action_two_more_food_once_a_round() -> None:
    s = start(("Merchant", "Rancher"))
    p = s.players[0]
    bill = food_bill(s, 0)
    answer(s, "Overtime")
    assert p.actions == 5
    assert food_bill(s, 0) == bill + 2
    assert "Overtime" not in _codes(s)


def test_discarding_two_cards_gives_one_action_once_a_round() -> None:
    s = start(("Merchant", "Rancher"))
    p = s.players[0]
    p.hand = ["Bank Draft"] * 4
    answer(s, "Discard for Action")
    answer(s, "discard")
    answer(s, "discard")
    assert p.actions == 5 and len(p.hand) == 2
    assert "Discard for Action" not in _codes(s)  # two cards still in hand, but once a round


def test_events_only_on_even_rounds() -> None:
    for rnd, asked in ((3, False), (4, True), (5, False), (6, True)):
        s = start(("Merchant", "Rancher"))
        s.pending.clear()
        s.round, s.phase, s.cursor = rnd, "market", 0
        run_market_update(s)
        kinds = [step.kind for step in s.pending]
        assert ("event.choose" in kinds) is asked
        assert (s.event_now >= 0) is asked


def test_warehouse_costs_two_lumber_and_one_stone_and_at_most_two() -> None:
    s = start(("Merchant", "Rancher"))
    p = s.players[0]
    p.stock = {}
    p.hand = []
    farms = [Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    for h in farms:
        camp(s, h, 0, "Farm")
    p.builders[0] = farms[0]
    give(s, 0, {"Lumber": 1, "Stone": 1})
    assert "Warehouse" in buildable(s, 0, farms[0])
    assert "Build Structure" not in _codes(s)  # 1 Lumber short, no card, no discount
    give(s, 0, {"Lumber": 1})
    answer(s, "Build Structure")
    answer(s, "build")
    assert p.warehouses == [farms[0]] and p.stock == {}
    p.warehouses.append(farms[1])
    assert data(s).numbers.warehouses_max == 2
    assert "Warehouse" not in buildable(s, 0, farms[2])  # the limit is 2


def test_a_city_hosts_one_tier3_facility() -> None:
    s = start(("Merchant", "Rancher"))
    city = Hex(3, 0)
    settle(s, city, founder=0, tier=3)
    connect(s, city)
    tier3 = set(data(s).facilities_of_tier(3))
    assert tier3 and tier3 <= set(buildable(s, 0, city))
    s.settlements[city].facilities.append(Facility(name=sorted(tier3)[0], owner=1))
    assert tier3.isdisjoint(buildable(s, 0, city))
    settle(s, Hex(-3, 0), founder=0, tier=2)
    connect(s, Hex(-3, 0))
    assert tier3.isdisjoint(buildable(s, 0, Hex(-3, 0)))  # a Town hosts none


def test_a_river_port_is_a_market_location_a_mill_town_is_not() -> None:
    s = start(("Merchant", "Rancher"))
    port, mill = Hex(3, 0), Hex(-3, 0)
    settle(s, port, founder=1, spec="River Port", kind="River Settlement")
    settle(s, mill, founder=1, spec="Mill Town", kind="River Settlement")
    connect(s, port)
    connect(s, mill)
    assert is_market(s, port) and not is_market(s, mill)
    s.players[0].caravans = [Caravan(loc=port), Caravan(loc=mill)]
    assert port in markets_for(s, 0) and mill not in markets_for(s, 0)
