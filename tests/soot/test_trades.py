"""Trades between players and Binding Trade Contracts, on hand-built positions."""

from __future__ import annotations

import copy

import pytest

from hexkit.errors import IllegalActionError, InvalidRecordError
from hexkit.hexes import Hex
from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit_soot import GAME
from hexkit_soot.actions import Choose
from hexkit_soot.ledger import data, to_supply
from hexkit_soot.rules.trades import deadline_menu, enforce_bindings, offers_left
from hexkit_soot.state import BindingContract, Caravan, SootState

from tests.soot.helpers import give, start


def answer(state: SootState, code: str, arg: int | None = None) -> None:
    """Apply the legal answer with ``code`` (and ``arg`` if given)."""
    legal = GAME.legal_actions(state)
    pick = next(a for a in legal if a.code == code and (arg is None or a.arg == arg))
    GAME.apply(state, pick)


def codes(state: SootState) -> list[tuple[str, int]]:
    """The pending question's answers as ``(code, arg)`` (recomputed: tests edit states by hand)."""
    state.invalidate_legal()
    return [(a.code, a.arg) for a in GAME.legal_actions(state)]


def gid(state: SootState, good: str) -> int:
    """A good's id (the ``arg`` of ``give``/``ask`` answers)."""
    return list(data(state).goods).index(good)


def holdings(state: SootState, player: int, goods: dict[str, int], currency: int) -> None:
    """Set a player's network stock and currency (the old stock goes back to the supply)."""
    p = state.players[player]
    for g, n in list(p.stock.items()):
        to_supply(state, g, n)
    p.stock = {}
    give(state, player, goods)
    p.currency = currency


def two_players(p0: dict[str, int], c0: int, p1: dict[str, int], c1: int) -> SootState:
    """Round 1, P0 to move, with the given networks and currency."""
    s = start(("Merchant", "Rancher"))
    holdings(s, 0, p0, c0)
    holdings(s, 1, p1, c1)
    assert s.pending[-1].kind == "turn" and s.pending[-1].player == 0
    return s


def open_offer(s: SootState, target: int = 1, binding: bool = False) -> None:
    answer(s, "Offer Trade")
    answer(s, "player", 2 * target + int(binding))


def snapshot(s: SootState) -> str:
    return codec(GAME).state_to_json(s)


# -- trades ----------------------------------------------------------------
def test_multi_good_offer_accepted_moves_exactly_the_bundles_both_ways() -> None:
    s = two_players({"Timber": 3, "Stone": 1}, 10, {"Iron Ore": 2, "Grain": 1}, 4)
    open_offer(s)
    answer(s, "give", gid(s, "Timber"))
    answer(s, "give", gid(s, "Timber"))
    for net in (-1, -2, -3):  # the offerer adds 1¤ at a time
        answer(s, "currency", net)
    answer(s, "ask", gid(s, "Iron Ore"))
    answer(s, "propose")
    step = s.pending[-1]
    assert step.kind == "trade.answer" and step.player == 1  # the target answers out of turn
    assert s.log[-1].text == "offers P1 2 Timber + 3¤ for 1 Iron Ore"
    answer(s, "accept")
    assert s.players[0].stock == {"Timber": 1, "Stone": 1, "Iron Ore": 1} and s.players[0].currency == 7
    assert s.players[1].stock == {"Iron Ore": 1, "Grain": 1, "Timber": 2} and s.players[1].currency == 7
    assert (s.log[-1].player, s.log[-1].text) == (0, "trades 2 Timber + 3¤ to P1 for 1 Iron Ore")
    assert s.offer is None and s.pending[-1].kind == "turn" and s.pending[-1].player == 0
    assert s.players[0].actions == 4  # trading is free


def test_target_pays_currency_and_goods_for_goods() -> None:
    s = two_players({"Coal": 2}, 0, {"Grain": 1}, 6)
    open_offer(s)
    answer(s, "give", gid(s, "Coal"))
    answer(s, "give", gid(s, "Coal"))
    answer(s, "currency", 5)  # the larger step
    answer(s, "ask", gid(s, "Grain"))
    answer(s, "propose")
    answer(s, "accept")
    assert s.players[0].stock == {"Grain": 1} and s.players[0].currency == 5
    assert s.players[1].stock == {"Coal": 2} and s.players[1].currency == 1
    assert s.log[-1].text == "trades 2 Coal to P1 for 1 Grain + 5¤"


def test_declined_offer_moves_nothing() -> None:
    s = two_players({"Timber": 3}, 10, {"Iron Ore": 2}, 4)
    open_offer(s)
    answer(s, "give", gid(s, "Timber"))
    answer(s, "ask", gid(s, "Iron Ore"))
    answer(s, "propose")
    stocks = [p.stock.copy() for p in s.players]
    money = [p.currency for p in s.players]
    answer(s, "decline")
    assert [p.stock for p in s.players] == stocks and [p.currency for p in s.players] == money
    assert s.offer is None and s.log[-1].text == "declined P0's offer" and s.log[-1].player == 1


def test_special_goods_trade_like_any_other() -> None:
    s = two_players({"Cultural Artifact": 1}, 0, {"Specialty Material": 1}, 0)
    open_offer(s)
    answer(s, "give", gid(s, "Cultural Artifact"))
    answer(s, "ask", gid(s, "Specialty Material"))
    answer(s, "propose")
    answer(s, "accept")
    assert s.players[0].stock == {"Specialty Material": 1}
    assert s.players[1].stock == {"Cultural Artifact": 1}


def test_two_offers_per_player_per_round_cancelled_ones_count() -> None:
    s = two_players({"Timber": 3}, 10, {"Iron Ore": 2}, 4)
    assert data(s).numbers.trade_offers_per_round == 2
    open_offer(s)
    answer(s, "cancel")
    assert s.log[-1].text == "cancelled an offer to P1 before proposing it" and offers_left(s, 0) == 1
    open_offer(s)
    answer(s, "give", gid(s, "Timber"))
    answer(s, "ask", gid(s, "Iron Ore"))
    answer(s, "propose")
    answer(s, "decline")
    assert offers_left(s, 0) == 0
    assert ("Offer Trade", 0) not in codes(s)
    s.players[0].used = []  # what the next round does (rules/flow.py)
    assert ("Offer Trade", 0) in codes(s)


def test_options_are_limited_to_what_both_players_hold() -> None:
    s = two_players({"Timber": 1}, 2, {"Iron Ore": 1}, 0)
    s.players[0].caravans = [Caravan(loc=Hex(0, 0), cargo={"Steel": 1})]  # Tier 3, never traded
    open_offer(s)
    first = codes(s)
    assert ("give", gid(s, "Timber")) in first and ("ask", gid(s, "Iron Ore")) in first
    assert ("give", gid(s, "Steel")) not in first
    assert [a for c, a in first if c == "currency"] == [-1]  # P1 has no currency; P0 has 2¤
    answer(s, "give", gid(s, "Timber"))
    answer(s, "ask", gid(s, "Iron Ore"))
    answer(s, "currency", -1)
    later = codes(s)
    assert not any(c in ("give", "ask") for c, _ in later)  # every unit held is already in the offer
    assert [a for c, a in later if c == "currency"] == [-2, 0]
    before = snapshot(s)
    with pytest.raises(IllegalActionError):
        GAME.apply(s, Choose(code="give", arg=gid(s, "Timber")))
    with pytest.raises(IllegalActionError):
        GAME.apply(s, Choose(code="currency", arg=-7))
    assert snapshot(s) == before


def test_a_good_is_not_both_given_and_asked() -> None:
    s = two_players({"Timber": 2, "Stone": 1}, 0, {"Timber": 2, "Grain": 1}, 0)
    open_offer(s)
    answer(s, "give", gid(s, "Timber"))
    assert ("ask", gid(s, "Timber")) not in codes(s) and ("ask", gid(s, "Grain")) in codes(s)
    answer(s, "ask", gid(s, "Grain"))
    assert ("give", gid(s, "Timber")) in codes(s)  # more of what is already given is fine


def test_no_offer_when_nobody_can_give_anything() -> None:
    s = two_players({}, 5, {}, 5)  # currency on both sides only: no exchange of goods possible
    assert ("Offer Trade", 0) not in codes(s)
    give(s, 1, {"Grain": 1})
    assert ("Offer Trade", 0) in codes(s)  # P0 can buy P1's Grain


def test_a_proposal_needs_something_on_both_sides() -> None:
    s = two_players({"Timber": 2}, 3, {"Iron Ore": 1}, 3)
    open_offer(s)
    assert ("propose", 0) not in codes(s)
    answer(s, "give", gid(s, "Timber"))
    assert ("propose", 0) not in codes(s)  # a gift is not a trade
    answer(s, "currency", 1)
    assert ("propose", 0) in codes(s)


def test_an_offer_takes_at_most_the_edit_limit() -> None:
    s = two_players({"Timber": 10}, 0, {"Iron Ore": 10}, 0)
    limit = data(s).numbers.trade_edits_max
    open_offer(s)
    for _ in range(limit):
        answer(s, "give", gid(s, "Timber"))
    assert sorted(codes(s)) == [("cancel", 0)]  # no ask was added: nothing to propose
    assert s.offer is not None and s.offer.give == {"Timber": limit}


def test_accept_is_not_offered_when_the_goods_are_gone() -> None:
    s = two_players({"Timber": 1}, 0, {"Iron Ore": 1}, 0)
    open_offer(s)
    answer(s, "give", gid(s, "Timber"))
    answer(s, "ask", gid(s, "Iron Ore"))
    answer(s, "propose")
    assert codes(s) == [("accept", 1), ("decline", 0)]
    s.players[1].stock = {}  # the asked good is no longer there
    assert codes(s) == [("decline", 0)]
    before = snapshot(s)
    with pytest.raises(IllegalActionError):
        GAME.apply(s, Choose(code="accept", arg=1))
    assert snapshot(s) == before


# -- Binding Trade Contracts ----------------------------------------------
def sign(s: SootState, promise: dict[str, int], price: int, due: int | None = None) -> None:
    """P0 offers P1 a contract for ``promise`` at ``price`` (steps of 5 then 1); P1 accepts."""
    open_offer(s, binding=True)
    for good, n in promise.items():
        for _ in range(n):
            answer(s, "give", gid(s, good))
    net = 0
    while net < price:
        net += 5 if price - net >= 5 else 1
        answer(s, "currency", net)
    if due is not None:
        answer(s, "due", due)
    answer(s, "propose")
    answer(s, "accept")


def test_binding_contract_deadline_menu_is_this_round_to_two_rounds_on() -> None:
    s = two_players({"Timber": 1}, 0, {}, 9)
    assert deadline_menu(s) == [1, 2, 3]
    open_offer(s, binding=True)
    assert s.offer is not None and s.offer.deadline == 2
    assert [a for c, a in codes(s) if c == "due"] == [1, 3]
    s.round, s.last_round = 12, 13
    assert deadline_menu(s) == [12, 13]  # never past the known last round


def test_binding_contract_multi_unit_signed_and_delivered_in_parts() -> None:
    s = two_players({"Timber": 1}, 0, {}, 9)
    s.players[0].caravans = [Caravan(loc=Hex(0, 0), cargo={"Stone": 1})]  # owned, not in the network
    sign(s, {"Timber": 2, "Stone": 1}, 7, due=3)  # promises more than P0 holds now
    assert s.bindings == [BindingContract(seller=0, buyer=1, goods={"Timber": 2, "Stone": 1}, price=7, deadline=3)]
    assert s.players[1].currency == 2  # the price is paid in and held by the contract
    assert s.log[-1].text == ("signed a Binding Trade Contract: P0 delivers 1 Stone + 2 Timber by round 3; "
                              "7¤ paid in, held until delivery")
    deliver = [(c, a) for c, a in codes(s) if c == "Deliver Binding"]
    assert deliver == [("Deliver Binding", gid(s, "Timber"))]  # contract 0: only Timber is at hand
    answer(s, "Deliver Binding", gid(s, "Timber"))
    assert s.players[0].currency == 2 and s.bindings[0].price == 5  # 7 * 1 // 3
    assert s.bindings[0].goods == {"Timber": 1, "Stone": 1} and s.players[1].stock == {"Timber": 1}
    give(s, 0, {"Timber": 1, "Stone": 1})
    answer(s, "Deliver Binding", gid(s, "Timber"))
    assert s.players[0].currency == 4 and s.bindings[0].price == 3  # 5 * 1 // 2
    answer(s, "Deliver Binding", gid(s, "Stone"))
    assert s.players[0].currency == 7 and s.bindings == []  # the last unit takes the rest
    assert s.players[1].stock == {"Timber": 2, "Stone": 1} and s.players[1].currency == 2
    assert s.log[-1].text == "fulfilled the Binding Trade Contract with P1"


def test_delivery_pays_the_whole_price_at_once() -> None:
    s = two_players({"Timber": 3}, 0, {}, 9)
    sign(s, {"Timber": 3}, 6)
    answer(s, "Deliver Binding", gid(s, "Timber"))
    assert s.players[0].currency == 6 and s.players[0].stock == {} and s.players[1].stock == {"Timber": 3}
    assert s.log[-2].text == "delivers 3 Timber to P1 under a Binding Trade Contract and collects 6¤"


def test_penalty_two_per_undelivered_unit_paid_to_the_buyer() -> None:
    s = two_players({}, 10, {}, 0)
    s.bindings = [BindingContract(seller=0, buyer=1, goods={"Timber": 2, "Stone": 1}, price=5, deadline=1),
                  BindingContract(seller=1, buyer=0, goods={"Grain": 1}, price=1, deadline=2)]
    enforce_bindings(s)
    assert s.players[0].currency == 10 - 6  # 3 units x 2¤
    assert s.players[1].currency == 6 + 5  # the penalty and the price held back
    assert s.bindings == [BindingContract(seller=1, buyer=0, goods={"Grain": 1}, price=1, deadline=2)]


def test_penalty_is_capped_at_the_sellers_currency() -> None:
    s = two_players({}, 4, {}, 0)
    s.bindings = [BindingContract(seller=0, buyer=1, goods={"Timber": 3}, price=2, deadline=1)]
    enforce_bindings(s)
    assert s.players[0].currency == 0 and s.players[1].currency == 4 + 2
    assert s.log[-1].text.endswith("paid 4¤ (2¤ forgiven: no more currency); P1 gets back 2¤")


def test_penalty_when_the_deadline_rounds_upkeep_begins() -> None:
    s = two_players({"Timber": 1}, 3, {}, 9)
    sign(s, {"Timber": 3}, 6, due=1)
    for _ in range(2):  # both players pass: Upkeep of round 1 begins
        while s.pending[-1].kind != "turn":
            answer(s, GAME.legal_actions(s)[0].code)
        answer(s, "Pass")
    assert s.bindings == [] and s.round >= 1
    assert any(e.text == "failed to deliver 3 Timber to P1 by round 1: paid 3¤ (3¤ forgiven: no more currency); "
               "P1 gets back 6¤" for e in s.log)


def test_open_contracts_are_settled_at_the_games_last_upkeep() -> None:
    s = two_players({}, 2, {}, 0)
    s.round, s.last_round = 12, 12
    s.bindings = [BindingContract(seller=0, buyer=1, goods={"Timber": 1}, price=3, deadline=13)]
    enforce_bindings(s)
    assert s.bindings == [] and s.players[0].currency == 0 and s.players[1].currency == 5


def test_at_most_two_open_contracts_per_player() -> None:
    s = two_players({"Timber": 4}, 0, {}, 20)
    sign(s, {"Timber": 1}, 1)
    sign(s, {"Timber": 1}, 1)
    assert len(s.bindings) == 2
    s.players[0].used = []
    open_offer(s)  # a trade is still possible, a third contract is not
    assert s.offer is not None and not s.offer.binding
    answer(s, "cancel")
    answer(s, "Offer Trade")
    assert ("player", 3) not in codes(s)


def test_accept_of_a_contract_needs_room_when_answered() -> None:
    s = two_players({"Timber": 1}, 0, {}, 9)
    open_offer(s, binding=True)
    answer(s, "give", gid(s, "Timber"))
    answer(s, "currency", 1)
    answer(s, "propose")
    s.bindings = [BindingContract(seller=1, buyer=0, goods={"Grain": 1}, price=0, deadline=3)] * 2
    assert codes(s) == [("decline", 0)]


def test_tier3_goods_cannot_be_contracted() -> None:
    s = two_players({}, 5, {"Grain": 1}, 5)
    s.players[0].caravans = [Caravan(loc=Hex(0, 0), cargo={"Steel": 2})]
    answer(s, "Offer Trade")
    assert codes(s) == [("player", 2)]  # a trade (buying Grain), no contract


# -- saved states ------------------------------------------------------------
@pytest.fixture(scope="module")
def saved() -> dict:
    s = two_players({"Timber": 2}, 5, {"Iron Ore": 1}, 9)
    sign(s, {"Timber": 1}, 2)
    open_offer(s)
    answer(s, "give", gid(s, "Timber"))
    return codec(GAME).state_to_dict(s)


def test_a_saved_state_with_an_offer_and_a_contract_round_trips(saved: dict) -> None:
    state = codec(GAME).state_from_dict(saved)
    assert state.bindings[0].goods == {"Timber": 1} and state.offer is not None
    assert state.offer.give == {"Timber": 1} and state.offer.target == 1
    clone = GAME.clone(state)
    clone.offer.give["Timber"] = 5  # type: ignore[union-attr]
    clone.bindings[0].goods["Timber"] = 5
    assert state.offer.give == {"Timber": 1} and state.bindings[0].goods == {"Timber": 1}


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("bindings", 0, "price"), -1, "state.bindings.0.price"),
        (("bindings", 0, "goods", "Timber"), 0, "state.bindings.0.goods.Timber"),
        (("bindings", 0, "goods"), {"Steel": 1}, "state.bindings.0.goods.Steel"),
        (("bindings", 0, "buyer"), 0, "state.bindings.0.buyer"),
        (("bindings", 0, "seller"), 7, "state.bindings.0.seller"),
        (("bindings", 0, "deadline"), 15, "state.bindings.0.deadline"),
        (("offer", "target"), 0, "state.offer.target"),
        (("offer", "give", "Timber"), -2, "state.offer.give.Timber"),
        (("offer", "edits"), -1, "state.offer.edits"),
    ],
)
def test_broken_trades_in_a_saved_state_are_refused(saved: dict, path: tuple, value: object, field: str) -> None:
    data = copy.deepcopy(saved)
    node = data["state"]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(InvalidRecordError) as info:
        codec(GAME).state_from_dict(data)
    assert info.value.field == field, info.value


def test_three_open_contracts_for_one_player_are_refused(saved: dict) -> None:
    data = copy.deepcopy(saved)
    data["state"]["bindings"] *= 3
    with pytest.raises(InvalidRecordError, match="more than 2 open contracts"):
        codec(GAME).state_from_dict(data)


# -- random play -----------------------------------------------------------
def test_random_play_trades_within_bounds() -> None:
    """Random 2-player games trade, sign and deliver; no offer chain exceeds its bound."""
    limit = data(two_players({}, 0, {}, 0)).numbers.trade_edits_max
    seen = {"trades ": 0, "signed a Binding": 0, "delivers ": 0}
    for seed in range(12):
        state = GAME.new(GAME.make_config(players=2), seed)
        chooser = Rng(seed)
        chain = 0
        while not GAME.is_over(state):
            kind = state.pending[-1].kind  # type: ignore[attr-defined]
            chain = chain + 1 if kind.startswith("trade.") else 0
            assert chain <= limit + 3  # whom, the edits, propose or cancel, the answer
            legal = GAME.legal_actions(state)
            GAME.apply(state, legal[chooser.randbelow(len(legal))])
            assert all(p.currency >= 0 for p in state.players)
            assert all(b.price >= 0 and b.units() > 0 for b in state.bindings)
        for e in state.log:
            for key in seen:
                seen[key] += e.text.startswith(key)
        if all(seen.values()):
            break
    assert all(n > 0 for n in seen.values()), seen



# -- ingredients behind a screen ------------------------------------------------
def test_asking_for_ingredients_shows_no_more_than_the_screen() -> None:
    """P1 holds 1 Specialty Material: P0 may ask for either kind (only the
    number of ingredients is public), in the full state and in P0's view alike;
    asked the wrong kind, P1 cannot accept."""
    s = two_players({"Timber": 2}, 5, {"Specialty Material": 1}, 0)
    open_offer(s)
    kinds = {gid(s, "Cultural Artifact"), gid(s, "Specialty Material")}
    asks = {arg for code, arg in codes(s) if code == "ask"}
    assert asks == kinds
    view = GAME.view(s, 0)
    assert {a.arg for a in GAME.legal_actions(view) if a.code == "ask"} == kinds
    answer(s, "give", gid(s, "Timber"))
    answer(s, "ask", gid(s, "Cultural Artifact"))
    assert {code for code, _ in codes(s) if code == "ask"} == set()  # one ingredient, one asked
    answer(s, "propose")
    assert codes(s) == [("decline", 0)]  # P1 has no Cultural Artifact
    assert [(a.code, a.arg) for a in GAME.legal_actions(GAME.view(s, 1))] == [("decline", 0)]


def test_an_offer_of_an_ingredient_is_acceptable_in_the_targets_view_too() -> None:
    s = two_players({"Cultural Artifact": 1}, 0, {"Timber": 1}, 0)
    open_offer(s)
    answer(s, "give", gid(s, "Cultural Artifact"))
    answer(s, "ask", gid(s, "Timber"))
    answer(s, "propose")
    assert codes(s) == [("accept", 1), ("decline", 0)]
    assert [(a.code, a.arg) for a in GAME.legal_actions(GAME.view(s, 1))] == [("accept", 1), ("decline", 0)]
    answer(s, "accept")
    assert s.players[1].stock.get("Cultural Artifact") == 1 and s.players[0].stock.get("Timber") == 1


def test_a_guess_of_hidden_ingredients_keeps_what_an_open_offer_gives() -> None:
    """P0 offers a Cultural Artifact while also holding a Specialty Material:
    every determinisation of P1's view leaves the Artifact with P0, so the
    accept P1 sees stays legal in every guess (greedy agents apply it there)."""
    s = start(("Merchant", "Rancher", "Prospector"))
    holdings(s, 0, {"Cultural Artifact": 1, "Specialty Material": 1}, 0)
    holdings(s, 1, {"Timber": 1}, 0)
    holdings(s, 2, {"Cultural Artifact": 1, "Specialty Material": 1}, 0)  # the split is P1's to guess
    open_offer(s)
    answer(s, "give", gid(s, "Cultural Artifact"))
    answer(s, "ask", gid(s, "Timber"))
    answer(s, "propose")
    view = GAME.view(s, 1)
    assert view.players[0].screened == 2 and "Cultural Artifact" not in view.players[0].stock
    assert view.players[2].screened == 2
    for seed in range(20):
        guess = GAME.determinize(view, 1, Rng(seed))
        assert guess.players[0].stock.get("Cultural Artifact", 0) >= 1, seed
        assert ("accept", 1) in [(a.code, a.arg) for a in GAME.legal_actions(guess)]
