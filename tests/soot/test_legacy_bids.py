"""Legacy blind bids: up to all the bidder's currency, built by +1 / +5 / place.

Rulebook §15.3: "all players secretly fist-bid currency ... Highest bid
pays the bank". No cap: a player holding 15¤ may bid 15.
"""

from __future__ import annotations

from hexkit_soot import GAME
from hexkit_soot.rules.cards import start_auction
from hexkit_soot.views import HIDDEN_BID
from tests.soot.helpers import answer, bid, legal, start


def _auction(currency: tuple[int, int]):  # type: ignore[no-untyped-def]
    s = start(("Merchant", "Rancher"))
    s.pending.clear()
    s.players[0].currency, s.players[1].currency = currency
    s.card_row[0] = "The Panic"
    start_auction(s, 0)
    return s


def test_a_player_holding_fifteen_bids_fifteen_and_pays_it() -> None:
    s = _auction((15, 3))
    first = s.order[0]
    other = s.order[1]
    s.players[first].currency, s.players[other].currency = 15, 3
    bid(s, 15)  # 5 + 5 + 5 reaches all 15¤: the bid is placed without a further answer
    assert s.pending[-1].player == other
    bid(s, 3)
    assert "The Panic" in s.players[first].hand
    assert s.players[first].currency == 0 and s.players[other].currency == 3


def test_the_same_three_answers_at_every_amount_and_the_running_bid_is_hidden() -> None:
    s = _auction((12, 12))
    bidder = s.pending[-1].player
    for _ in range(3):
        assert sorted((a.code, a.arg) for a in legal(s)) == [("bid", 0), ("bid", 1), ("bid", 5)]
        answer(s, "bid", 1)
    assert s.bids[bidder] == 3
    assert GAME.view(s, 1 - bidder).bids[bidder] == HIDDEN_BID
    answer(s, "bid", 5)
    answer(s, "bid", 5)  # 13 would pass the 12¤ held: capped at 12 and placed
    assert s.bids[bidder] == 12 and s.pending[-1].player != bidder


def test_place_at_once_bids_zero() -> None:
    s = _auction((8, 8))
    bidder = s.pending[-1].player
    answer(s, "bid", 0)
    assert s.bids[bidder] == 0
