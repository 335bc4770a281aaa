"""Rules audit fixes (batch A): each test builds a small position and checks the rulebook's numbers."""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit_soot import GAME
from hexkit_soot.actions import Choose, Step
from hexkit_soot.grid import hex_code
from hexkit_soot.ledger import data, from_supply
from hexkit_soot.rules.flow import advance
from hexkit_soot.effects.verbs import build_route
from hexkit_soot.rules.milestones import check_rail_link
from hexkit_soot.rules.refine import fire
from hexkit_soot.rules.routes import set_route
from hexkit_soot.state import CENTRAL_CITY, RAIL, SootState, add_goods

from tests.soot.helpers import bid, camp, connect, facility, give, place, settle, start


def answer(state: SootState, code: str, arg: int | None = None) -> None:
    """Apply the legal answer with ``code`` (and ``arg`` if given)."""
    state.invalidate_legal()  # positions are edited by hand between answers
    legal = GAME.legal_actions(state)
    pick = next(a for a in legal if a.code == code and (arg is None or a.arg == arg))
    GAME.apply(state, pick)


def give_cargo(state: SootState, player: int, goods: dict[str, int], caravan: int = 0) -> None:
    """Load goods from the supply onto one of a player's caravans."""
    cargo = state.players[player].caravans[caravan].cargo
    for g, n in goods.items():
        add_goods(cargo, g, from_supply(state, g, n))


def codes(state: SootState) -> list[tuple[str, int]]:
    """The legal answers as (code, arg) pairs."""
    state.invalidate_legal()
    return [(a.code, a.arg) for a in GAME.legal_actions(state)]


# -- 1. every Legacy card dealt in one refill is auctioned -------------------------------------

def test_two_legacy_cards_in_one_refill_are_both_auctioned_in_slot_order() -> None:
    s = start(("Merchant", "Industrialist"))
    s.pending.clear()
    s.card_row[1] = ""
    s.card_row[3] = ""
    s.deck += ["The Panic", "The Royal Charter"]  # drawn from the end: Royal Charter to slot 1, Panic to slot 3
    assert not any(data(s).cards[c].legacy for c in s.deck[-4:-2])  # the refill after the auctions
    s.phase, s.cursor = "market", 3
    advance(s)
    assert s.auction == "The Royal Charter" and s.pending[-1].kind == "cards.bid"
    bid(s, 3)  # P0 (Merchant, 8¤)
    bid(s, 1)  # P1 (Industrialist, 2¤)
    assert s.auction == "The Panic" and s.pending[-1].kind == "cards.bid"
    assert s.card_row[1] == "" and s.card_row[3] == "The Panic"
    bid(s, 0)
    bid(s, 2)
    p0, p1 = s.players
    assert p0.hand == ["The Royal Charter"] and p0.currency == 8 - 3
    assert p1.hand == ["The Panic"] and p1.currency == 0
    # both slots refilled with ordinary cards, and the round goes on
    assert all(c and not data(s).cards[c].legacy for c in s.card_row)
    assert s.phase == "actions" and s.auction == ""


# -- 2. the Founder's Charter pays for any use by another player, and for facilities built -------

def test_charter_pays_when_another_player_fires_their_own_facility_there() -> None:
    s = start(("Merchant", "Industrialist"))
    at = Hex(2, 0)
    settle(s, at, founder=0)
    facility(s, at, "Sawmill", owner=1)
    facility(s, at, "Sawmill", owner=0)
    c0, c1 = s.players[0].currency, s.players[1].currency
    s.players[1].caravans[0].loc = at
    give_cargo(s, 1, {"Timber": 2, "Grain": 1})
    fire(s, 1, at, 0)  # P1's own Sawmill in P0's settlement: no fee, the bank pays P0's Charter
    assert s.players[1].currency == c1 and s.players[0].currency == c0 + 1
    assert s.players[1].loose[at] == {"Lumber": 3}  # Industrialist: +1 on an owned facility
    s.players[0].caravans[0].loc = at
    give_cargo(s, 0, {"Timber": 2, "Grain": 1})
    fire(s, 0, at, 1)  # the founder's own use pays no Charter
    assert s.players[0].currency == c0 + 1


def test_charter_pays_for_a_facility_built_but_not_for_a_warehouse() -> None:
    s = start(("Merchant", "Industrialist"))
    at = Hex(2, 0)
    settle(s, at, founder=0)
    connect(s, at)  # route access (I51)
    s.players[1].builders[0] = at
    give(s, 1, {"Lumber": 2, "Stone": 2, "Timber": 2})
    c0 = s.players[0].currency
    names = list(data(s).facilities)
    s.pending[-1:] = [Step(kind="turn", player=1)]
    answer(s, "Build Structure")
    answer(s, "build", hex_code(at) * 32 + names.index("Warehouse"))
    assert at in s.players[1].warehouses and s.players[0].currency == c0
    s.pending[-1:] = [Step(kind="turn", player=1)]
    answer(s, "Build Structure")
    answer(s, "build", hex_code(at) * 32 + names.index("Sawmill"))
    assert s.settlements[at].facilities[-1].owner == 1 and s.players[0].currency == c0 + 1


# -- 6. camp limits count foundings ----------------------------------------------------------------

def test_camp_limit_counts_camps_founded_so_abandoning_frees_no_place() -> None:
    s = start(("Merchant", "Industrialist"))  # Merchant: 4 camps
    farm = Hex(1, 0)
    place(s, farm, "Plains")
    p = s.players[0]
    p.builders[0] = farm
    p.camps_founded = 3  # three camps founded earlier, all abandoned since
    give(s, 0, {"Timber": 2, "Stone": 2})
    answer(s, "Found Camp")
    answer(s, "camp", hex_code(farm) * 16 + list(data(s).camps).index("Farm"))
    assert p.camps_founded == 4 and s.camps[farm].owner == 0
    s.pending[-1:] = [Step(kind="turn", player=0)]
    answer(s, "Abandon Camp", hex_code(farm))
    assert farm not in s.camps and p.camps_founded == 4 and p.points == 1 + 2  # founding points (first Agriculture camp) are kept
    assert "Found Camp" not in [c for c, _ in codes(s)]
    assert "4 of 4 camps founded" in GAME.explain_illegal(s, Choose(code="Found Camp"))


# -- 3. First Rail Link: the player's own rail, checked on rail laid and on settlement founded ----

def test_first_rail_link_goes_to_the_rail_owner_when_a_settlement_is_founded_at_its_end() -> None:
    s = start(("Railroad Baron", "Town Founder", "Merchant"))
    a, b = Hex(1, 0), Hex(2, 0)
    for h in (a, b, Hex(-1, 0), Hex(-2, 0)):
        place(s, h)
    build_route(s, 0, CENTRAL_CITY, a, RAIL)
    build_route(s, 0, a, b, RAIL)  # P0's rail ends on bare land
    build_route(s, 2, CENTRAL_CITY, Hex(-1, 0), RAIL)  # unrelated rail links nothing
    assert "First Rail Link" not in s.milestones
    s.players[1].builders[0] = b
    give(s, 1, {"Timber": 2})  # the Town Founder's package has 2 Grain, 2 Stone
    s.pending[-1:] = [Step(kind="turn", player=1)]
    points = [p.points for p in s.players]
    answer(s, "Found Settlement")
    answer(s, "settle", hex_code(b) * 8 + list(data(s).settlements).index("Frontier Settlement"))
    answer(s, "spec", 0)
    assert s.milestones["First Rail Link"] == 0
    assert s.players[0].points == points[0] + 3 and s.players[1].points == points[1] + 4  # P1: founding only


def test_first_rail_link_needs_one_owners_rail_and_counts_rail_laid_by_a_card() -> None:
    s = start(("Railroad Baron", "Town Founder", "Merchant"))
    a, b, c = Hex(1, 0), Hex(2, 0), Hex(2, -1)
    for h in (a, c):
        place(s, h)
    settle(s, b, founder=1)
    set_route(s, CENTRAL_CITY, a, RAIL, 0)
    build_route(s, 1, a, b, RAIL)  # a rail path of two owners is no one's link
    assert "First Rail Link" not in s.milestones
    build_route(s, 0, a, c, RAIL)  # as The Golden Spike or any effect lays it (effects.verbs)
    assert "First Rail Link" not in s.milestones
    build_route(s, 0, c, b, RAIL)
    assert s.milestones["First Rail Link"] == 0 and s.players[0].points == 3


def test_first_rail_link_completed_for_several_at_once_acting_player_then_turn_order() -> None:
    s = start(("Railroad Baron", "Town Founder", "Merchant"))
    b = Hex(2, 0)
    for h in (Hex(1, 0), Hex(1, -1), Hex(2, -1), b):
        place(s, h)
    set_route(s, CENTRAL_CITY, Hex(1, 0), RAIL, 0)
    set_route(s, Hex(1, 0), b, RAIL, 0)
    set_route(s, CENTRAL_CITY, Hex(1, -1), RAIL, 2)
    set_route(s, Hex(1, -1), Hex(2, -1), RAIL, 2)
    set_route(s, Hex(2, -1), b, RAIL, 2)
    settle(s, b, founder=1)
    s.order = [1, 2, 0]
    trial = GAME.clone(s)
    check_rail_link(trial, 1)  # the founder has no rail: the next in turn order with a link
    assert trial.milestones["First Rail Link"] == 2
    check_rail_link(s, 0)  # the acting player comes first
    assert s.milestones["First Rail Link"] == 0


# -- 4. Livestock Empire: 1 Leather, a choice per Ranch each Production ---------------------------

def _production(state: SootState) -> None:
    """Start the Production phase; it stops at the first question."""
    state.pending.clear()
    state.passed = list(state.order)
    state.phase, state.cursor = "production", 0
    advance(state)


def test_livestock_empire_asks_once_per_ranch_and_gives_exactly_one_leather() -> None:
    s = start(("Rancher", "Industrialist"))
    r1, r2, farm, rival, full = Hex(1, 0), Hex(2, 0), Hex(3, 0), Hex(4, 0), Hex(5, 0)
    camp(s, r1, 0, "Ranch")
    camp(s, r2, 0, "Ranch")
    camp(s, farm, 0, "Farm")
    camp(s, rival, 1, "Ranch")
    camp(s, full, 0, "Ranch")
    give(s, 1, {"Grain": 2}, at=full)  # the tile is full: nothing to choose there
    s.players[0].upgrades.append("Livestock Empire")
    _production(s)
    asked = []
    while s.pending[-1].kind == "production.ranch":
        step = s.pending[-1]
        asked.append(step.at)
        assert step.player == 0 and [(o.code, o.arg) for o in GAME.legal_actions(s)] == [("ranch", 0), ("ranch", 1)]
        answer(s, "ranch", 1 if len(asked) == 1 else 0)
    assert asked == [r1, r2]
    loose = s.players[0].loose
    assert loose[r1] == {"Leather": 1}  # not 2: the Rancher's +1 is Livestock production
    assert loose[r2] == {"Livestock": 2}  # Livestock with the Rancher's +1
    assert loose[farm] == {"Grain": 2} and s.players[1].loose[rival] == {"Livestock": 1}
    assert full not in loose


# -- 5. special goods feed Luxury recipes and satisfy contracts -------------------------------------

def test_specialty_material_feeds_the_luxury_manufactory() -> None:
    s = start(("Merchant", "Industrialist"))
    facility(s, CENTRAL_CITY, "Luxury Manufactory", 0)
    give(s, 0, {"Cloth": 1, "Specialty Material": 1, "Grain": 1})  # the Merchant's package has 1 Grain
    s.pending[-1:] = [Step(kind="turn", player=0)]
    answer(s, "Refine")
    answer(s, "fire", hex_code(CENTRAL_CITY) * 8)
    p = s.players[0]
    assert p.loose[CENTRAL_CITY] == {"Luxury Goods": 1}
    assert "Specialty Material" not in p.stock and "Cloth" not in p.stock and "Grain" not in p.stock


def test_contracts_ask_for_special_goods_and_are_fulfilled_from_the_screen() -> None:
    s = start(("Merchant", "Industrialist"))
    cts = data(s).contracts
    assay = next(i for i, c in enumerate(cts) if c.name == "Assay Office Order")
    ball = next(i for i, c in enumerate(cts) if c.name == "Governor's Ball")
    assert cts[assay].goods == {"Copper Wire": 1, "Specialty Material": 1} and cts[assay].tier == 2
    assert cts[ball].goods == {"Luxury Goods": 1, "Cultural Artifact": 1} and cts[ball].tier == 3
    p = s.players[0]
    p.contracts = [assay, ball]
    give(s, 0, {"Copper Wire": 1, "Specialty Material": 1, "Cultural Artifact": 1})
    give(s, 0, {"Luxury Goods": 1}, at=CENTRAL_CITY)  # Tier 3 goods are never in the network
    points, currency = p.points, p.currency
    s.pending[-1:] = [Step(kind="turn", player=0)]
    assert ("Fulfil Contract", assay) in codes(s) and ("Fulfil Contract", ball) in codes(s)
    answer(s, "Fulfil Contract", assay)
    answer(s, "Fulfil Contract", ball)
    assert p.points == points + 4 + 7 and p.currency == currency + cts[assay].currency + cts[ball].currency
    assert p.stock == {"Grain": 1, "Timber": 1} and not p.loose.get(CENTRAL_CITY) and p.contracts == []
    assert s.supply.count("Specialty Material") == 12 and s.supply.count("Cultural Artifact") == 12


# -- 7. smaller effects ----------------------------------------------------------------------------

def test_rail_depot_build_route_may_be_taken_with_no_action_left() -> None:
    s = start(("Railroad Baron", "Merchant"))
    p = s.players[0]
    p.upgrades.append("Rail Depot")
    give(s, 0, {"Timber": 2, "Stone": 1})
    place(s, Hex(1, 0))
    p.actions = 0
    s.pending[-1:] = [Step(kind="turn", player=0)]
    assert [c for c, _ in codes(s) if c in ("Build Route", "Explore", "Move")] == ["Build Route"]
    answer(s, "Build Route")
    answer(s, "road")
    answer(s, "edge")
    answer(s, "way")  # the Baron's discount waives the Timber or the Stone: the player's choice
    assert p.actions == 0 and p.used == ["Rail Depot"]
    s.pending[-1:] = [Step(kind="turn", player=0)]
    assert "Build Route" not in [c for c, _ in codes(s)]  # once per round
    assert "no actions left" in GAME.explain_illegal(s, Choose(code="Build Route"))


def test_prospector_doubles_the_goods_granted_not_the_neighbours_currency() -> None:
    from hexkit_soot.rules.explore import collect

    for rnd, goods_mult, cur_mult in ((1, 4, 2), (4, 2, 1)):  # Thaw x2 on everything; Prospector x2 on grants
        s = start(("Prospector", "Rancher"))
        s.round = rnd
        new = Hex(1, 0)
        place(s, new, "Hill", "Iron Ore")
        s.water[new] = True  # a water overlay placed by an event
        place(s, Hex(1, -1))
        place(s, Hex(2, -1))  # three explored neighbours: the Central City and these two
        grant = data(s).terrains["Hill"].grant
        p = s.players[0]
        p.stock.clear()  # room for 12 goods in the network (warehouse capacity, I40)
        before, currency = dict(p.stock), p.currency
        collect(s, 0, new)
        gained = {g: n - before.get(g, 0) for g, n in p.stock.items() if n != before.get(g, 0)}
        expected = {grant: goods_mult, "Fish": goods_mult}
        expected["Iron Ore"] = expected.get("Iron Ore", 0) + goods_mult
        assert gained == expected
        assert p.currency == currency + 2 * cur_mult


def test_provisioner_sells_food_from_a_caravan_at_a_market_too() -> None:
    s = start(("Rancher", "Merchant"))  # the Rancher's package: 2 Grain, 2 Livestock in the network
    p = s.players[0]
    p.upgrades.append("Provisioner")
    names = list(data(s).goods)
    field = Hex(1, 0)
    place(s, field)
    p.caravans[0].loc = CENTRAL_CITY
    give_cargo(s, 0, {"Fish": 2, "Timber": 1}, caravan=0)
    p.caravans[1].loc = field  # not a market: its food cannot be sold
    give_cargo(s, 0, {"Grain": 1}, caravan=1)
    s.pending[-1:] = [Step(kind="turn", player=0)]
    offered = sorted(a for c, a in codes(s) if c == "Provisioner")
    fish = names.index("Fish") + 64 * 1
    assert offered == sorted([names.index("Grain"), names.index("Livestock"), fish])
    currency = p.currency
    answer(s, "Provisioner", fish)
    answer(s, "Provisioner", fish)
    assert p.currency == currency + 2 * 2 and p.caravans[0].cargo == {"Timber": 1}
    assert ("Provisioner", fish) not in codes(s)


def test_deep_survey_adds_two_tokens_each_time_a_site_is_camped() -> None:
    from hexkit_soot.rules.camps import abandon_camp, place_camp

    s = start(("Prospector", "Merchant"))
    s.players[0].upgrades.append("Deep Survey")
    site = Hex(1, 0)
    place(s, site, "Hill", "Iron Ore")
    printed = data(s).sites["Iron Ore"].stack
    place_camp(s, 0, site, "Mining Camp")
    assert s.stacks[site] == printed + 2
    s.stacks[site] = 1  # worked almost out
    abandon_camp(s, 0, site, "voluntarily")
    assert s.stacks[site] == 1  # the stack stays for whoever claims the site next
    place_camp(s, 0, site, "Mining Camp")
    assert s.stacks[site] == 1 + 2 and s.players[0].camps_founded == 2
    abandon_camp(s, 0, site, "voluntarily")
    place_camp(s, 1, site, "Mining Camp")  # a rival without the tile adds nothing
    assert s.stacks[site] == 3


def test_double_shift_extra_firing_is_for_your_own_facility_not_a_rented_one() -> None:
    from hexkit_soot.effects import activate

    s = start(("Merchant", "Rancher"))
    at = Hex(2, 0)
    settle(s, at, founder=0)
    facility(s, at, "Sawmill", owner=1)  # rented by P0
    facility(s, at, "Sawmill", owner=0)
    give(s, 0, {"Timber": 8, "Grain": 4}, at=at)
    activate(s, "Double Shift", 0)
    s.pending[-1:] = [Step(kind="turn", player=0)]
    rented, own = hex_code(at) * 8, hex_code(at) * 8 + 1
    currency = s.players[0].currency
    answer(s, "Refine")
    answer(s, "fire", rented)
    assert ("fire", rented) not in codes(s) and ("fire", own) in codes(s)
    answer(s, "fire", own)
    assert ("fire", own) in codes(s)  # the extra firing
    answer(s, "fire", own)
    assert s.pending[-1].kind == "turn"  # nothing left to fire: the Refine ended
    assert s.players[0].loose[at] == {"Lumber": 6, "Timber": 2, "Grain": 1}  # enough for one more, not allowed
    assert s.players[0].currency == currency - 2  # one fee; P0 is the founder: no Charter
