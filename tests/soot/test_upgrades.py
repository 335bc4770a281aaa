"""One test per upgrade tile (18 archetype upgrades, Trail Boss, Sanitation Works).

Each test builds a small position, gives the tile (or buys it through the
Buy Upgrade action) and checks the number the tile changes, through the
rule that uses it where the rule announces it.

Source: rulebook §21 (archetypes and their upgrades), "Gaining agents"
(#19 Trail Boss), "Soot" (Sanitation Works); data ``archetypes.toml``.
"""

from __future__ import annotations

import pytest

import hexkit_soot.effects.upgrades  # noqa: F401  (registers the upgrades)
from hexkit.hexes import Hex
from hexkit_soot import GAME
from hexkit_soot.actions import Choose, Step
from hexkit_soot.effects import Hook, modify
from hexkit_soot.effects.reactions import Moment, notify
from hexkit_soot.grid import hex_code
from hexkit_soot.ledger import data
from hexkit_soot.rules.camps import camp_cost, place_camp
from hexkit_soot.rules.setup import give_package
from hexkit_soot.state import CENTRAL_CITY, RAIL, ROAD, Camp, Caravan, Facility, Settlement, SootState

from tests.soot.helpers import answer, balance_supply, base, legal, raw

E1 = Hex(1, 0)
E2 = Hex(2, 0)


def tile_id(state: SootState, terrain: str, site: str = "", river: bool = False) -> int:
    return data(state).tile_list().index((terrain, site, river))


def position(archetypes: tuple[str, ...] = ("Railroad Baron", "Merchant"), upgrades: tuple[str, ...] = ()) -> SootState:
    """Round 2, Action phase, P0's turn; Plains at (1,0) and (2,0); P0 owns ``upgrades``."""
    state = GAME.new(GAME.make_config(len(archetypes)), seed=3)
    state.pending.clear()
    for seat, name in enumerate(archetypes):
        give_package(state, seat, name)
    state.round = 2
    state.phase = "actions"
    state.order = list(range(len(archetypes)))
    for p in state.players:
        p.actions = 3
    state.tiles[E1] = tile_id(state, "Plains")
    state.tiles[E2] = tile_id(state, "Plains")
    state.players[0].upgrades.extend(upgrades)
    state.pending.append(Step(player=0, prompt="turn", kind="turn"))
    return state


def codes(state: SootState) -> list[tuple[str, int]]:
    return [(a.code, a.arg) for a in legal(state)]


def test_every_upgrade_tile_is_registered() -> None:
    from hexkit_soot.effects import missing

    d = data(position())
    names = sorted(n for n, u in d.upgrades.items() if u.archetype)
    assert len(names) == 18
    assert missing(names, need_play=False) == []


def test_every_registered_upgrade_part_documents_its_source() -> None:
    from hexkit_soot.effects import lookup

    for name, up in data(position()).upgrades.items():
        found = lookup(name)
        if found is None:
            continue  # Trail Boss: worked by the Buy Upgrade rule itself
        parts = [found.play, *found.modifiers.values()]
        docs = [f.__doc__ or "" for f in parts if f is not None and f.__module__ == "hexkit_soot.effects.upgrades"]
        if up.archetype:
            assert docs, name  # every archetype upgrade has a part here
        assert all("Source:" in d for d in docs), name


# -- Railroad Baron -------------------------------------------------------------

def test_rail_depot_first_build_route_of_the_round_is_free() -> None:
    state = position(upgrades=("Rail Depot",))
    state.players[0].stock.update({"Timber": 3, "Stone": 2})
    answer(state, "Build Route")
    assert state.players[0].actions == 3  # the first Build Route of the round is free
    answer(state, "road")
    answer(state, "edge")
    if state.pending[-1].kind == "pay":  # a Railroad Baron chooses what the discount waives
        answer(state, "way")
    answer(state, "done")
    assert state.players[0].used == ["Rail Depot"]  # marked when the free Build Route ends
    assert state.pending[-1].player == 1  # the cycle moved on; P0's next turn:
    state.pending[-1] = Step(player=0, prompt="turn", kind="turn")
    answer(state, "Build Route")
    assert state.players[0].actions == 2  # the second one is not
    assert modify(state, 1, Hook.ROUTE_FREE_ACTION, 0) == 0


def test_rail_depot_is_marked_used_by_the_route_built_moment() -> None:
    state = position(upgrades=("Rail Depot",))
    notify(state, 0, Moment.ROUTE_BUILT, {"free": 0})
    assert state.players[0].used == []
    notify(state, 0, Moment.ROUTE_BUILT, {"free": 1})
    assert state.players[0].used == ["Rail Depot"]
    assert modify(state, 0, Hook.ROUTE_FREE_ACTION, 0) == 0


def _road(state: SootState, owner: int) -> None:
    from hexkit_soot.rules.routes import set_route

    set_route(state, CENTRAL_CITY, E1, ROAD, owner)
    set_route(state, E1, E2, ROAD, owner)


def _drive(state: SootState, player: int, to: Hex) -> None:
    """P``player`` takes a Move with caravan 0 straight to ``to``."""
    balance_supply(state)
    state.pending[-1] = Step(player=player, prompt="turn", kind="turn")
    answer(state, "Move")
    answer(state, "agent", 16)
    answer(state, "go")
    answer(state, "hex", hex_code(to))
    answer(state, "done")
    answer(state, "done")


def test_switching_yard_tolls_are_two() -> None:
    for upgrades, toll in (((), 1), (("Switching Yard",), 2)):
        state = position(upgrades=upgrades)
        _road(state, 0)
        state.players[1].caravans[0].cargo = {"Coal": 1, "Grain": 1}
        _drive(state, 1, E2)
        assert state.players[1].currency == 8 - toll
        assert state.players[0].currency == 4 + toll
        assert state.players[1].caravans[0].cargo == {"Grain": 1}  # the Coal was burned as fuel


def test_express_line_no_fuel_on_rail() -> None:
    from hexkit_soot.rules.routes import set_route

    for upgrades, cargo in (((), {"Grain": 1}), (("Express Line",), {"Coal": 1, "Grain": 1})):
        state = position(upgrades=upgrades)
        set_route(state, CENTRAL_CITY, E1, RAIL, 0)
        set_route(state, E1, E2, RAIL, 0)
        state.players[0].caravans[0].cargo = {"Coal": 1, "Grain": 1}
        _drive(state, 0, E2)
        assert state.players[0].caravans[0].loc == E2
        assert state.players[0].caravans[0].cargo == cargo


# -- Town Founder --------------------------------------------------------------------

def test_land_office_camps_and_settlements_cost_less() -> None:
    from hexkit_soot.rules.settlements import _cost as settlement_cost

    state = position(("Town Founder", "Merchant"))
    assert camp_cost(state, 0, E1, "Farm") == ({"Timber": 1, "Stone": 1}, 1, 0)
    assert settlement_cost(state, 0, E1, "Frontier Settlement")[1] == 0
    assert sum(settlement_cost(state, 0, E1, "Frontier Settlement")[0].values()) == 6
    state.players[0].upgrades.append("Land Office")
    assert camp_cost(state, 0, E1, "Farm") == ({"Timber": 1, "Stone": 1}, 1, 1)  # 1 of 2 waived, the owner's choice
    assert settlement_cost(state, 0, E1, "Frontier Settlement")[1] == 2  # 2 of 6 waived
    assert settlement_cost(state, 1, E1, "Frontier Settlement")[1] == 0


def _settlement(state: SootState, at: Hex, founder: int, spec: str = "Market Town") -> Settlement:
    s = Settlement(kind="Frontier Settlement", spec=spec, founder=founder)
    state.settlements[at] = s
    return s


def test_municipal_planning_town_upgrade_scores_two_more() -> None:
    for upgrades, points in (((), 3), (("Municipal Planning",), 5)):
        state = position(("Town Founder", "Merchant"), upgrades)
        _settlement(state, E1, 0)
        p = state.players[0]
        p.builders = [E1]
        p.loose[E1] = {"Lumber": 2, "Cut Stone": 2, "Processed Foods": 1}
        balance_supply(state)
        answer(state, "Upgrade Settlement")
        answer(state, "upgrade", hex_code(E1))
        assert state.settlements[E1].tier == 2
        assert p.points == points + 3  # + the First Town milestone (3)


def test_revenue_office_charter_pays_on_sales() -> None:
    for upgrades, charter in (((), 0), (("Revenue Office",), 2)):  # Town Founder's Charter pays 2
        state = position(("Town Founder", "Merchant"), upgrades)
        far = Hex(1, 1)
        state.tiles[far] = tile_id(state, "Plains")
        _settlement(state, far, 0)
        state.players[1].caravans[0].loc = far
        state.players[1].caravans[0].cargo = {"Grain": 1}
        state.pending[-1] = Step(player=1, prompt="turn", kind="turn")
        answer(state, "Market Transaction")
        answer(state, "hex", hex_code(far))
        answer(state, "sell", list(data(state).goods).index("Grain"))
        answer(state, "qty", 1)
        assert state.players[1].currency == 8 + 2
        assert state.players[0].currency == 4 + charter


# -- Industrialist -------------------------------------------------------------------------

def _mill_town(state: SootState, owner: int, facility: str) -> Settlement:
    s = _settlement(state, E1, 1, spec="Mill Town")
    s.facilities.append(Facility(name=facility, owner=owner))
    return s


def test_efficient_furnace_one_less_fuel_never_below_one() -> None:
    from hexkit_soot.rules.refine import firing_plan

    state = position(("Industrialist", "Merchant"))
    facs = data(state).facilities
    state.players[0].loose[E1] = {"Iron Ore": 2, "Grain": 2, "Coal": 3}
    assert firing_plan(state, 0, E1, facs["Smelter"]) == ({"Iron Ore": 2, "Coal": 2}, 2)
    state.players[0].upgrades.append("Efficient Furnace")
    assert firing_plan(state, 0, E1, facs["Smelter"]) == ({"Iron Ore": 2, "Coal": 1}, 1)
    assert firing_plan(state, 0, E1, facs["Grist Mill"]) == ({"Grain": 2, "Coal": 1}, 1)


def test_vertical_integration_loads_outputs_after_refine() -> None:
    state = position(("Industrialist", "Merchant"), ("Vertical Integration",))
    _mill_town(state, 0, "Sawmill")
    p = state.players[0]
    p.caravans[0].loc = E1
    p.caravans[0].cargo = {"Grain": 1}
    p.loose[E1] = {"Lumber": 3, "Timber": 1}
    notify(state, 0, Moment.REFINE_DONE, {"hexes": (E1,)})
    assert sorted(codes(state)) == [("load", hex_code(E1)), ("skip", 0)]
    answer(state, "load", hex_code(E1))
    assert p.caravans[0].cargo == {"Grain": 1, "Lumber": 3}
    assert p.loose[E1] == {"Timber": 1}  # not an output of the Sawmill
    assert state.pending[-1].kind == "turn"


def test_vertical_integration_may_be_skipped_and_needs_a_caravan() -> None:
    state = position(("Industrialist", "Merchant"), ("Vertical Integration",))
    _mill_town(state, 0, "Sawmill")
    p = state.players[0]
    p.loose[E1] = {"Lumber": 3}
    notify(state, 0, Moment.REFINE_DONE, {"hexes": (E1,)})
    assert state.pending[-1].kind == "turn"  # no caravan there: nothing asked
    p.caravans[0].loc = E1
    notify(state, 0, Moment.REFINE_DONE, {"hexes": (E1,)})
    answer(state, "skip")
    assert p.loose[E1] == {"Lumber": 3} and p.caravans[0].cargo == {}


def test_master_engineer_one_restricted_action() -> None:
    from hexkit_soot.rules.actions import start_actions

    state = position(("Industrialist", "Merchant"), ("Master Engineer",))
    start_actions(state)
    assert [(p.actions, p.restricted) for p in state.players] == [(4, 1), (4, 0)]  # 2 players: 4 actions


# -- Prospector ------------------------------------------------------------------------------

def test_prospecting_gear_explore_draws_four() -> None:
    for upgrades, drawn in (((), 3), (("Prospecting Gear",), 4)):
        state = position(("Prospector", "Merchant"), upgrades)
        answer(state, "Explore")
        answer(state, "draw")
        assert len(state.drawn) == drawn
        assert len([c for c, _ in codes(state) if c == "tile"]) == drawn


def test_deep_survey_two_more_depletion_tokens() -> None:
    site = Hex(0, 1)
    for upgrades, extra in (((), 0), (("Deep Survey",), 2)):
        state = position(("Prospector", "Merchant"), upgrades)
        state.tiles[site] = tile_id(state, "Hill", "Iron Ore")
        place_camp(state, 0, site, "Mining Camp")
        assert state.stacks[site] == data(state).sites["Iron Ore"].stack + extra


def test_deep_survey_adds_two_to_a_stack_already_on_the_map() -> None:
    site = Hex(0, 1)
    state = position(("Prospector", "Merchant"), ("Deep Survey",))
    state.tiles[site] = tile_id(state, "Hill", "Iron Ore")
    state.stacks[site] = 1  # left by an abandoned camp
    place_camp(state, 0, site, "Mining Camp")
    assert state.stacks[site] == 1 + 2  # every site you camp (the camp limit counts foundings)


def test_claim_stakes_three_camps_without_resources() -> None:
    state = position(("Prospector", "Merchant"))
    state.players[0].stock.update({"Timber": 2, "Grain": 2})  # 1 Timber, 1 Stone, 1 Iron Ore, 2+1 Grain
    answer(state, "Buy Upgrade")
    answer(state, "upgrade", data(state).upgrades["Claim Stakes"].number)
    p = state.players[0]
    assert "Claim Stakes" in p.upgrades and p.counters["Claim Stakes"] == 3
    assert p.points == 1 and p.currency == 3 - 2
    assert camp_cost(state, 0, E1, "Farm") == ({}, 0, 0)  # Prospector: camps cost no currency either
    for left in (2, 1, 0):
        notify(state, 0, Moment.CAMP_FOUNDED, {"hex": E1, "kind": "Farm"})
        assert p.counters["Claim Stakes"] == left
    assert camp_cost(state, 0, E1, "Farm") == ({"Timber": 1, "Stone": 1}, 0, 0)


# -- Merchant ----------------------------------------------------------------------------------------

def test_market_intelligence_holds_three_contracts() -> None:
    from hexkit_soot.rules.contracts import contract_limit

    state = position(("Merchant", "Rancher"), ("Market Intelligence",))
    assert (contract_limit(state, 0), contract_limit(state, 1)) == (3, 2)


def _no_legacy_auction(state: SootState) -> None:
    """Take the Legacy cards out of the card deck, so that the next card row
    refill deals none and starts no auction (whatever the seed shuffled)."""
    cards = data(state).cards
    state.deck = [c for c in state.deck if not cards[c].legacy]
    state.discard = [c for c in state.discard if not cards[c].legacy]


def test_commodity_futures_moves_a_price_at_the_market_update() -> None:
    from hexkit_soot.rules.market_update import run_market_update

    state = position(("Merchant", "Rancher"), ("Commodity Futures",))
    _no_legacy_auction(state)
    state.pending.clear()
    state.round, state.phase, state.cursor = 3, "market", 1
    state.flux = []  # two players: the Market Flux deck would move prices too
    state.flux_discard = []
    assert run_market_update(state) is False
    assert state.pending[-1].player == 0 and ("skip", 0) in codes(state)
    answer(state, "good", list(data(state).goods).index("Copper Wire"))
    answer(state, "down")
    assert state.prices["Copper Wire"] == base(state, "Copper Wire") - 1
    assert state.phase == "actions"  # the Market Update went on to the Action phase


def test_commodity_futures_may_skip_and_does_nothing_on_purchase() -> None:
    state = position(("Merchant", "Rancher"))
    state.players[0].stock.update({"Stone": 1})
    balance_supply(state)
    prices = dict(state.prices)
    answer(state, "Buy Upgrade")
    answer(state, "upgrade", data(state).upgrades["Commodity Futures"].number)
    assert state.pending[-1].kind == "turn" and state.prices == prices


def test_trade_empire_buys_without_markup() -> None:
    from hexkit_soot.rules.market import buy_price

    state = position(("Merchant", "Rancher"))
    lumber = base(state, "Lumber")
    assert buy_price(state, 0, "Lumber") == lumber + 1
    state.players[0].upgrades.append("Trade Empire")
    assert buy_price(state, 0, "Lumber") == lumber
    assert buy_price(state, 0, "Timber") == raw(state, "Timber")
    assert buy_price(state, 1, "Lumber") == lumber + 1


# -- Rancher -----------------------------------------------------------------------------------------

def test_agricultural_mastery_food_upkeep_two_lower() -> None:
    from hexkit_soot.rules.upkeep import food_bill

    state = position(("Rancher", "Merchant"))
    for i in range(3):
        state.camps[Hex(i, 2)] = Camp(owner=0, kind="Farm")
    state.camps[Hex(3, 2)] = Camp(owner=1, kind="Farm")
    assert food_bill(state, 0) == 3
    state.players[0].upgrades.append("Agricultural Mastery")
    assert food_bill(state, 0) == 1
    assert food_bill(state, 1) == 1
    state.camps.pop(Hex(0, 2))
    state.camps.pop(Hex(1, 2))
    assert food_bill(state, 0) == 0


def _production(state: SootState) -> None:
    """Start the Production phase (it stops at the first question)."""
    from hexkit_soot.rules.flow import advance

    state.pending.clear()
    state.passed = list(state.order)  # the next round's turn order comes from the passes
    state.phase, state.cursor = "production", 0
    advance(state)


def test_livestock_empire_ranch_makes_one_leather_when_the_owner_chooses() -> None:
    state = position(("Rancher", "Merchant"), ("Livestock Empire",))
    ranch = Hex(0, 2)
    state.tiles[ranch] = tile_id(state, "Plains")
    state.camps[ranch] = Camp(owner=0, kind="Ranch")
    _no_legacy_auction(state)  # the next round's Market Update asks nothing then
    _production(state)
    step = state.pending[-1]
    assert step.kind == "production.ranch" and step.player == 0
    assert sorted(codes(state)) == [("ranch", 0), ("ranch", 1)]
    answer(state, "ranch", 1)
    assert state.players[0].loose[ranch] == {"Leather": 1}  # 1 Leather: the Rancher's +1 is for Livestock
    assert state.round == 3 and state.pending[-1].kind == "turn"  # the round ended, the next began


def test_livestock_empire_purchase_asks_nothing() -> None:
    state = position(("Rancher", "Merchant"))
    state.players[0].stock.update({"Timber": 1})
    answer(state, "Buy Upgrade")
    answer(state, "upgrade", data(state).upgrades["Livestock Empire"].number)
    p = state.players[0]
    assert "Livestock Empire" in p.upgrades and state.pending[-1].kind == "turn"
    assert p.stock == {"Grain": 2, "Livestock": 1} and p.currency == 0 and p.points == 1


def test_livestock_empire_not_asked_without_the_tile() -> None:
    state = position(("Rancher", "Merchant"))
    ranch = Hex(0, 2)
    state.tiles[ranch] = tile_id(state, "Plains")
    state.camps[ranch] = Camp(owner=0, kind="Ranch")
    _production(state)
    assert all(st.kind != "production.ranch" for st in state.pending)
    assert state.players[0].loose[ranch] == {"Livestock": 2}  # Rancher: +1 production


def test_provisioner_sells_food_for_two_each_without_an_action() -> None:
    state = position(("Rancher", "Merchant"), ("Provisioner",))
    names = list(data(state).goods)
    assert sorted(a for c, a in codes(state) if c == "Provisioner") == sorted(
        [names.index("Grain"), names.index("Livestock")])
    answer(state, "Provisioner", names.index("Livestock"))
    answer(state, "Provisioner", names.index("Livestock"))
    p = state.players[0]
    assert p.currency == 2 + 4 and p.stock == {"Grain": 2} and p.actions == 3
    assert [a for c, a in codes(state) if c == "Provisioner"] == [names.index("Grain")]


def test_provisioner_and_revenue_office_purchase_only_open_their_effect() -> None:
    state = position(("Rancher", "Merchant"))
    state.players[0].stock["Grain"] = 3
    answer(state, "Buy Upgrade")
    answer(state, "upgrade", data(state).upgrades["Provisioner"].number)
    assert state.players[0].stock == {"Grain": 1, "Livestock": 2}  # cost: 2 Grain
    assert "Provisioner" in state.log[-1].text
    assert state.pending[-1].kind == "turn"
    state = position(("Town Founder", "Merchant"))
    state.players[0].stock["Timber"] = 1
    answer(state, "Buy Upgrade")
    answer(state, "upgrade", data(state).upgrades["Revenue Office"].number)
    assert state.players[0].upgrades == ["Revenue Office"]
    assert state.players[0].stock == {"Grain": 1, "Stone": 2} and state.players[0].currency == 2
    assert "Revenue Office" in state.log[-1].text


# -- shared upgrades -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "copies"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_set_up_deals_ceil_half_the_players_copies_of_each_shared_upgrade(players: int, copies: int) -> None:
    """Rulebook: shared upgrade #19 Trail Boss, "⌈N/2⌉ copies in play" (Sanitation Works alike)."""
    state = GAME.new(GAME.make_config(players), 1)
    assert state.shared_upgrades == {"Trail Boss": copies, "Sanitation Works": copies}


def test_trail_boss_gains_an_agent() -> None:
    state = position(("Merchant", "Rancher"))
    state.players[0].stock.update({"Lumber": 2, "Leather": 1, "Processed Foods": 1})
    balance_supply(state)
    answer(state, "Buy Upgrade")
    answer(state, "upgrade", 19)
    answer(state, "agent", 1)  # a Builder
    p = state.players[0]
    assert p.builders == [CENTRAL_CITY, CENTRAL_CITY]
    assert state.shared_upgrades["Trail Boss"] == 0  # ceil(2/2) = 1 copy
    assert p.currency == 8 - 2 and p.points == 1
    GAME.validate_state(state)  # the second Builder is one the load checks allow


def test_sanitation_works_removes_a_soot_each_upkeep() -> None:
    from hexkit_soot.rules.upkeep import run_upkeep

    state = position(("Merchant", "Rancher"), ("Sanitation Works",))
    state.pending.clear()
    state.phase, state.cursor, state.round = "upkeep", 0, 2
    state.players[0].soot = 3
    state.players[1].soot = 3
    state.players[0].caravans = [Caravan(loc=CENTRAL_CITY)]
    assert run_upkeep(state) is True
    assert [p.soot for p in state.players] == [2, 3]


# -- through the rules that announce the moment ----------------------------------------------

def test_claim_stakes_counts_down_with_found_camp_actions() -> None:
    state = position(("Prospector", "Merchant"), ("Claim Stakes",))
    state.players[0].counters["Claim Stakes"] = 3
    state.players[0].builders = [E1]
    stock = dict(state.players[0].stock)
    answer(state, "Found Camp")
    kinds = list(data(state).camps)
    answer(state, "camp", hex_code(E1) * 16 + kinds.index("Farm"))
    assert state.players[0].stock == stock
    assert state.players[0].counters["Claim Stakes"] == 2


def test_vertical_integration_asks_after_a_real_refine() -> None:
    state = position(("Industrialist", "Merchant"), ("Vertical Integration",))
    _mill_town(state, 0, "Sawmill")
    p = state.players[0]
    p.caravans[0].loc = E1
    p.loose[E1] = {"Timber": 2, "Grain": 1}
    answer(state, "Refine")
    answer(state, "fire", hex_code(E1) * 8)
    answer(state, "load", hex_code(E1))
    assert p.caravans[0].cargo == {"Lumber": 3}  # 2 + the Industrialist's 1


@pytest.mark.parametrize(("players", "seed", "steps"), [(2, 1, 100), (4, 2, 300), (6, 3, 300)])
def test_all_tiles_at_once_keep_the_invariants_to_the_end(players: int, seed: int, steps: int) -> None:
    """One player owns every upgrade tile at once; random play then runs to the end of the game."""
    from hexkit.rng import Rng

    from hexkit_soot.effects import Ctx, lookup
    from tests.soot.test_cards import check_bounds, midgame, resolve

    state = midgame(players, seed, steps)
    assert state is not None
    tokens = {name: g.tokens for name, g in data(state).goods.items()}
    player = state.pending[-1].player
    for name in data(state).upgrades:
        state.players[player].upgrades.append(name)
        found = lookup(name)
        if found is not None and found.play is not None:
            found.play(Ctx(state=state, player=player, source=name))
            state.invalidate_legal()
            resolve(state, seed)
    chooser = Rng(seed)
    steps_left = 20_000
    while not GAME.is_over(state) and steps_left:
        check_bounds(state, tokens)
        options = GAME.legal_actions(state)
        assert options
        GAME.apply(state, options[chooser.randbelow(len(options))])
        steps_left -= 1
    assert GAME.is_over(state)
    check_bounds(state, tokens)
