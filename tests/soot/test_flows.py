"""Rules checked through the decision flow: answers as a player gives them."""

from __future__ import annotations

import pytest

from hexkit.errors import IllegalActionError
from hexkit.validation import StateValidationError
from hexkit.hexes import Hex
from hexkit_soot import GAME
from hexkit_soot.actions import Choose, Step
from hexkit_soot.effects import Hook, modify
from hexkit_soot.grid import hex_code
from hexkit_soot.ledger import data
from hexkit_soot.rules.communities import interaction_cost
from hexkit_soot.state import CENTRAL_CITY, Community, SootState

from tests.soot.helpers import base, bid, camp, connect, facility, give, place, settle, start


def answer(state: SootState, code: str, arg: int | None = None) -> None:
    """Apply the legal answer with ``code`` (and ``arg`` if given)."""
    legal = GAME.legal_actions(state)
    pick = next(a for a in legal if a.code == code and (arg is None or a.arg == arg))
    GAME.apply(state, pick)


def test_explore_through_the_menu_surveys_the_unchosen_tile() -> None:
    s = start(("Merchant", "Rancher"))
    assert s.pending[-1].player == 0
    answer(s, "Explore")
    answer(s, "draw")
    step = s.pending[-1]
    assert step.kind == "explore.tile" and len(GAME.legal_actions(s)) == 2
    answer(s, "tile", 0)
    answer(s, "hex")
    assert len(s.tiles) == 2 and len(s.survey) == 1 and s.surveyors == [0]
    assert s.players[0].explorers[0] != CENTRAL_CITY
    assert s.players[0].actions == 3  # 4 at 2 players, one used


def test_taking_a_rivals_survey_pays_them_one() -> None:
    s = start(("Merchant", "Rancher"))
    s.survey, s.surveyors = [5], [1]
    answer(s, "Explore")
    before0, before1 = s.players[0].currency, s.players[1].currency
    answer(s, "survey", 0)
    answer(s, "hex")
    assert s.players[0].currency == before0 - 1 and s.players[1].currency == before1 + 1


def test_prospector_draws_three() -> None:
    s = start(("Prospector", "Rancher"))
    assert modify(s, 0, Hook.EXPLORE_DRAW, 2) == 3
    answer(s, "Explore")
    answer(s, "draw")
    assert len(GAME.legal_actions(s)) == 3


def test_first_passer_takes_the_event_token_and_leads_next_round() -> None:
    s = start(("Merchant", "Rancher", "Prospector"))
    assert s.order == [0, 1, 2] and s.event_token == 2
    answer(s, "Pass")       # P0 (seat order in round 1)
    answer(s, "Pass")       # P1
    answer(s, "Pass")       # P2
    assert s.event_token == 0
    while s.round == 1:
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert s.order == [0, 1, 2]


def test_pass_order_sets_next_rounds_order() -> None:
    s = start(("Merchant", "Rancher", "Prospector"))
    answer(s, "Market Transaction") if any(a.code == "Market Transaction" for a in GAME.legal_actions(s)) else None
    while s.pending[-1].kind != "turn":
        GAME.apply(s, GAME.legal_actions(s)[0])
    # P1 passes first, then P2, then P0
    answer(s, "Pass")  # P1
    answer(s, "Pass")  # P2
    answer(s, "Pass")  # P0
    while s.round == 1:
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert s.order == [1, 2, 0] and s.event_token == 1


def test_illegal_answer_names_the_rule_and_changes_nothing() -> None:
    s = start(("Merchant", "Rancher"))
    from hexkit.serialize import codec

    before = codec(GAME).state_to_json(s)
    with pytest.raises(IllegalActionError) as err:
        GAME.apply(s, Choose(code="Upgrade Settlement"))
    assert "Builder" in err.value.rule and "Soot" in err.value.rule
    assert codec(GAME).state_to_json(s) == before


def test_community_interaction_costs_by_prestige_and_forms_a_pact_at_three() -> None:
    s = start(("Merchant", "Rancher"))
    at = Hex(1, 0)
    place(s, at)
    s.communities[at] = Community(kind="Tribal Capital", favor=[2, 0])
    s.players[0].explorers[0] = at
    base = data(s).numbers.interaction_base_cost  # assumed, calibrated (6)
    assert interaction_cost(s, 0) == base and interaction_cost(s, 1) == base - 1  # Rancher starts Good
    before = s.players[0].currency
    answer(s, "Community Interaction")
    answer(s, "interact", hex_code(at) * 2 + 0)
    assert s.players[0].currency == before - base
    assert s.players[0].stock["Cultural Artifact"] == 1
    assert s.players[0].prestige == 1
    assert s.communities[at].pact == 0 and s.communities[at].favor[0] == 3


def test_pacted_community_closed_to_rivals() -> None:
    s = start(("Merchant", "Rancher"))
    at = Hex(1, 0)
    place(s, at)
    s.communities[at] = Community(kind="Trading Post", favor=[3, 0], pact=0)
    s.players[1].explorers[0] = at
    from hexkit_soot.rules.communities import _options

    assert _options(s, 1) == []


def test_contract_fulfilled_at_the_central_city() -> None:
    s = start(("Merchant", "Rancher"))
    idx = [c.name for c in data(s).contracts].index("Timber for the Yards")
    s.contract_row[0] = idx
    answer(s, "Claim Contract", 0)
    give(s, 0, {"Timber": 3})
    points, cur, prices = s.players[0].points, s.players[0].currency, dict(s.prices)
    answer(s, "Fulfil Contract", idx)
    assert s.players[0].points == points + 2 and s.players[0].currency == cur + 8  # 3 Timber's worth 6 + 2
    assert "Timber" not in s.players[0].stock or s.players[0].stock["Timber"] == 1  # Merchant started with 1
    assert s.players[0].contracts_done == 1
    assert s.prices == prices  # contracts never move a track


def test_two_copies_of_one_contract_are_one_answer_each_and_fulfil_one_at_a_time() -> None:
    """3-4 players hold up to two copies of a contract (2 of each in the deck): the menu offers
    Fulfil and Abandon once for both, and fulfilling takes one copy."""
    s = start(("Merchant", "Rancher"))
    idx = [c.name for c in data(s).contracts].index("Timber for the Yards")
    s.contract_row[0] = s.contract_row[1] = idx
    answer(s, "Claim Contract", 0)
    answer(s, "Claim Contract", 1)
    give(s, 0, {"Timber": 6})
    menu = list(GAME.legal_actions(s))
    assert [a.code for a in menu].count("Fulfil Contract") == 1
    assert [a.code for a in menu].count("Abandon Contract") == 1
    points = s.players[0].points
    answer(s, "Fulfil Contract", idx)
    assert s.players[0].contracts == [idx] and s.players[0].points == points + 2
    answer(s, "Fulfil Contract", idx)
    assert s.players[0].contracts == [] and s.players[0].points == points + 4


def test_loans_take_and_repay() -> None:
    s = start(("Merchant", "Rancher"))
    cur = s.players[0].currency
    answer(s, "Take Loan")
    answer(s, "Take Loan")
    assert s.players[0].loans == 2 and s.players[0].currency == cur + 10
    assert not any(a.code == "Take Loan" for a in GAME.legal_actions(s))  # 2 at 2 players
    answer(s, "Repay Loan")
    assert s.players[0].loans == 1 and s.players[0].currency == cur + 3


def test_legacy_auction_highest_bid_pays_ties_to_turn_order() -> None:
    s = start(("Merchant", "Rancher", "Prospector"))
    from hexkit_soot.rules.cards import start_auction

    s.pending.clear()
    s.card_row[0] = "The Panic"
    start_auction(s, 0)
    bid(s, 2)   # P0
    bid(s, 2)   # P1
    bid(s, 1)   # P2
    assert "The Panic" in s.players[0].hand and s.card_row[0] == ""
    assert s.players[0].currency == 8 - 2 and s.players[1].currency == 2


def test_hand_limit_discards_down_to_seven() -> None:
    s = start(("Merchant", "Rancher"))
    s.players[0].hand = ["Bank Draft"] * 9
    from hexkit_soot.rules.cards import ask_hand_limit

    s.pending.clear()
    assert ask_hand_limit(s, 0)
    answer(s, "discard")
    answer(s, "discard")
    assert len(s.players[0].hand) == 7 and s.discard[-2:] == ["Bank Draft", "Bank Draft"]


def test_binding_contract_penalty_at_the_deadline_upkeep() -> None:
    from hexkit_soot.rules.trades import enforce_bindings
    from hexkit_soot.state import BindingContract

    s = start(("Merchant", "Rancher"))
    s.bindings = [BindingContract(seller=0, buyer=1, goods={"Stone": 1}, price=3, deadline=1)]
    c0, c1 = s.players[0].currency, s.players[1].currency
    enforce_bindings(s)  # 2 for the undelivered unit, and the 3 the contract held goes back
    assert s.bindings == [] and s.players[0].currency == c0 - 2 and s.players[1].currency == c1 + 2 + 3


def test_scrub_soot_costs_one_per_cube_up_to_three() -> None:
    s = start(("Merchant", "Rancher"))
    s.players[0].soot = 5
    answer(s, "Scrub Soot")
    assert [a.arg for a in GAME.legal_actions(s)] == [1, 2, 3]
    cur = s.players[0].currency
    answer(s, "qty", 3)
    assert s.players[0].soot == 2 and s.players[0].currency == cur - 3


def test_build_structure_reserved_slot_and_charter() -> None:
    s = start(("Merchant", "Rancher"))
    at = Hex(2, 0)
    settle(s, at, founder=1)
    connect(s, at)  # route access (I51)
    st = s.settlements[at]
    st.reserve_owner, st.reserve_until = 1, 3
    facility(s, at, "Sawmill", 1)
    from hexkit_soot.rules.structures import buildable, free_slots

    assert free_slots(s, at, 0) == 0 and free_slots(s, at, 1) == 1
    s.round = 4
    assert free_slots(s, at, 0) == 1
    assert "Tannery" in buildable(s, 0, at)


def test_city_trains_one_caravan_per_game() -> None:
    s = start(("Merchant", "Rancher"))
    at = Hex(2, 0)
    settle(s, at, founder=1, tier=3)
    s.players[0].builders[0] = at
    give(s, 0, {"Grain": 3})
    n = len(s.players[0].caravans)
    answer(s, "Train Caravan")
    answer(s, "train", hex_code(at))
    assert len(s.players[0].caravans) == n + 1 and s.players[0].caravans[-1].loc == at
    assert s.settlements[at].trained
    GAME.validate_state(s)  # the trained caravan is one the load checks allow
    s.players[1].caravans.append(s.players[1].caravans[0])
    with pytest.raises(StateValidationError, match=r"'state\.settlements': 2 caravans trained but 1 Cities marked"):
        GAME.validate_state(s)  # but a City trains one caravan a game, whoever it is for


def test_struggling_settlement_hosts_no_market() -> None:
    s = start(("Merchant", "Rancher"))
    at = Hex(4, 0)
    settle(s, at, founder=1, spec="Market Town")
    from hexkit_soot.rules.settlements import is_market

    assert is_market(s, at)
    s.settlements[at].struggling = True
    assert not is_market(s, at)


def test_view_hides_hands_and_keeps_the_movers_actions() -> None:
    s = start(("Merchant", "Rancher"))
    s.players[1].hand = ["Bank Draft", "Foreman"]
    view = GAME.view(s, 0)
    assert view.players[1].hand == ["?", "?"]
    assert view.tile_stack == [-1] * len(s.tile_stack)
    assert tuple(GAME.legal_actions(view)) == tuple(GAME.legal_actions(s))
    sample = GAME.determinize(view, 0, __import__("hexkit").Rng(3))
    assert len(sample.players[1].hand) == 2 and "?" not in sample.players[1].hand
    assert sorted(sample.tile_stack) != [-1] * len(s.tile_stack)


def test_build_refine_sell_through_the_menus() -> None:
    """Integration is profit: build a Smelter, fire it, sell the Pig Iron at a frontier market."""
    s = start(("Industrialist", "Rancher"))
    at = Hex(4, 0)
    settle(s, at, founder=0, spec="Market Town")
    s.players[0].builders[0] = at
    s.players[0].warehouses.append(at)
    give(s, 0, {"Stone": 2, "Iron Ore": 1, "Coal": 1})  # with the package: 3 Stone, 2 Iron Ore, 1 Timber, 2 Coal
    answer(s, "Build Structure")
    names = list(data(s).facilities)
    answer(s, "build", hex_code(at) * 32 + names.index("Smelter"))
    assert [f.name for f in s.settlements[at].facilities] == ["Smelter"]
    while s.pending[-1].player != 0:  # the rival's turn
        answer(s, "Pass")
    assert s.players[0].stock.get("Iron Ore") == 2 and s.players[0].stock.get("Coal") == 2
    answer(s, "Refine")
    answer(s, "fire", hex_code(at) * 8 + 0)
    assert s.players[0].stock["Pig Iron"] == 3  # 2 + the Industrialist's 1
    assert s.players[0].soot == 1  # 2 fuel -> 1 soot
    assert s.milestones == {}
    answer(s, "Market Transaction")
    if s.pending[-1].kind == "market.where":
        answer(s, "hex", hex_code(at))
    answer(s, "sell", list(data(s).goods).index("Pig Iron"))
    before = s.players[0].currency
    answer(s, "qty", 3)
    pig_iron = base(s, "Pig Iron")
    assert s.players[0].currency == before + 3 * (pig_iron + 2)  # frontier premium, Thaw
    assert s.prices["Pig Iron"] == max(data(s).goods["Pig Iron"].minimum, pig_iron - 3)


def test_explain_illegal_play_card() -> None:
    s = start(("Merchant", "Rancher"))
    from hexkit_soot.rules.cards import card_id

    with pytest.raises(IllegalActionError) as err:
        GAME.apply(s, Choose(code="Play Card", arg=card_id(s, "Smoke Scrubbers")))
    assert "does not hold Smoke Scrubbers" in err.value.rule
    s.players[0].hand.append("Smoke Scrubbers")
    s.invalidate_legal()
    with pytest.raises(IllegalActionError) as err:
        GAME.apply(s, Choose(code="Play Card", arg=card_id(s, "Smoke Scrubbers")))
    assert err.value.rule == "Smoke Scrubbers needs soot on your track"


def test_found_settlement_scores_by_season_and_places_the_charter() -> None:
    s = start(("Town Founder", "Merchant"))
    at = Hex(2, 0)
    place(s, at, "Plains")
    s.players[0].builders[0] = at
    give(s, 0, {"Timber": 2})  # the package has 2 Grain, 2 Stone
    answer(s, "Found Settlement")
    kinds = list(data(s).settlements)
    answer(s, "settle", hex_code(at) * 8 + kinds.index("Frontier Settlement"))
    answer(s, "spec", 0)
    st = s.settlements[at]
    assert st.spec == "Market Town" and st.founder == 0 and st.reserve_owner == -1
    assert s.pending[-1].kind == "settlement.reserve" and s.pending[-1].player == 0
    answer(s, "reserve", 1)
    assert st.reserve_owner == 0 and st.reserve_until == 4
    assert s.players[0].points == 4  # Thaw
    assert s.players[0].currency == 4 - 3
    s2 = start(("Town Founder", "Merchant"))
    s2.round = 8
    from hexkit_soot.rules.settlements import founding_points

    assert founding_points(s2) == 3
    s2.round = 11
    assert founding_points(s2) == 2


def test_upgrade_to_town_claims_first_town() -> None:
    s = start(("Merchant", "Rancher"))
    at = Hex(2, 0)
    settle(s, at, founder=1)
    s.players[0].builders[0] = at
    give(s, 0, {"Lumber": 2, "Cut Stone": 2, "Processed Foods": 1})
    answer(s, "Upgrade Settlement")
    answer(s, "upgrade", hex_code(at))
    assert s.settlements[at].tier == 2
    assert s.players[0].points == 3 + 3  # Town points + First Town milestone
    assert s.milestones == {"First Town": 0}


def test_found_camp_and_extract_through_the_menus() -> None:
    s = start(("Prospector", "Merchant"))
    at = Hex(1, 0)
    place(s, at, "Hill", "Coal")
    s.players[0].builders[0] = at
    answer(s, "Found Camp")
    kinds = list(data(s).camps)
    answer(s, "camp", hex_code(at) * 16 + kinds.index("Mining Camp"))
    assert s.camps[at].kind == "Mining Camp" and s.stacks[at] == 6
    assert s.players[0].currency == 3  # the Prospector pays no currency
    assert s.players[0].points == 1 + 2
    while s.pending[-1].player != 0:
        answer(s, "Pass")
    s.players[0].caravans[0].loc = at
    answer(s, "Extract")
    answer(s, "hex", hex_code(at))
    answer(s, "normal")
    assert s.players[0].caravans[0].cargo == {"Coal": 2} and s.stacks[at] == 4


def test_buy_upgrade_costs_two_and_scores_one() -> None:
    s = start(("Merchant", "Rancher"))
    give(s, 0, {"Stone": 1})
    up = data(s).upgrades["Trade Empire"]
    cur = s.players[0].currency
    answer(s, "Buy Upgrade")
    answer(s, "upgrade", up.number)
    assert "Trade Empire" in s.players[0].upgrades
    assert s.players[0].currency == cur - 2 and s.players[0].points == 1
    from hexkit_soot.rules.market import buy_price

    assert buy_price(s, 0, "Coke") == base(s, "Coke")  # listed price, no +1


def test_first_rail_link_and_fine_goods_and_full_chain() -> None:
    from hexkit_soot.rules.milestones import check_rail_link
    from hexkit_soot.rules.refine import fire
    from hexkit_soot.rules.routes import set_route
    from hexkit_soot.state import RAIL

    s = start(("Merchant", "Rancher"))
    settle(s, Hex(2, 0), founder=1)
    place(s, Hex(1, 0))
    set_route(s, CENTRAL_CITY, Hex(1, 0), RAIL, 1)
    check_rail_link(s, 1)
    assert "First Rail Link" not in s.milestones
    set_route(s, Hex(1, 0), Hex(2, 0), RAIL, 1)
    check_rail_link(s, 1)
    assert s.milestones["First Rail Link"] == 1
    facility(s, CENTRAL_CITY, "Smelter", 0)  # (a Tier 2 here only for the test)
    facility(s, CENTRAL_CITY, "Steelworks", 0)
    give(s, 0, {"Iron Ore": 2, "Coal": 6, "Coke": 1})
    fire(s, 0, CENTRAL_CITY, 0)   # Pig Iron made this round
    fire(s, 0, CENTRAL_CITY, 1)   # Steel from it
    assert s.milestones["First of the Fine Goods"] == 0 and s.milestones["The Full Chain"] == 0
    assert s.players[0].loose[CENTRAL_CITY] == {"Steel": 1}  # Tier 3 goods are never warehoused


def test_settlement_types_by_terrain_river_and_spacing() -> None:
    from hexkit_soot.rules.settlements import settlement_types_at

    s = start()
    place(s, Hex(1, 0), "Plains")
    assert settlement_types_at(s, Hex(1, 0)) == ["Frontier Settlement"]  # next to the Central City: no spacing (I8, 0.3.2)
    place(s, Hex(3, 0), "Plains")
    assert settlement_types_at(s, Hex(3, 0)) == ["Frontier Settlement"]
    place(s, Hex(4, 0), "Swamp", river=True)
    assert settlement_types_at(s, Hex(3, 0)) == ["Frontier Settlement", "River Settlement"]
    place(s, Hex(0, 3), "Mountain")
    assert settlement_types_at(s, Hex(0, 3)) == ["Mining Settlement"]


def test_trade_offer_accepted_moves_goods_and_currency() -> None:
    s = start(("Merchant", "Rancher"))
    answer(s, "Offer Trade")
    answer(s, "player", 2)  # a trade with P1
    goods = list(data(s).goods)
    answer(s, "give", goods.index("Timber"))
    answer(s, "currency", 1)
    answer(s, "currency", 2)
    answer(s, "propose")
    assert s.pending[-1].player == 1 and s.pending[-1].kind == "trade.answer"
    c0, c1 = s.players[0].currency, s.players[1].currency
    answer(s, "accept")
    assert s.players[1].stock["Timber"] == 1 and "Timber" not in s.players[0].stock
    assert s.players[0].currency == c0 + 2 and s.players[1].currency == c1 - 2
    assert s.pending[-1].player == 0 and s.pending[-1].kind == "turn"  # back to the offerer's turn
