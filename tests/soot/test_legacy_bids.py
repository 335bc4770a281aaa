"""Legacy blind bids: each bidder's whole bid is one answer, 0 up to all their currency.

Rulebook §15.3: all players bid currency in secret and reveal together; the
highest bid pays the bank and takes the card; a tie goes to the tied player
earliest in the current turn order; a 0 bid is legal. No cap: a player
holding 15¤ may bid 15. Rules 0.4.0 asks each bidder once
(:class:`~hexkit_soot.actions.LegacyBid`), so how many questions a bidder
answers says nothing of the bid (0.3.x built a bid from +1 / +5 / place
answers, and the count of raises showed in the step counter).
"""

from __future__ import annotations

import copy
import json

import pytest

from hexkit.errors import IllegalActionError, InvalidRecordError, VersionMismatchError
from hexkit.record import GameRecord, record_from_json, record_to_json
from hexkit.serialize import codec
from hexkit_soot import GAME
from hexkit_soot.actions import Choose, LegacyBid
from hexkit_soot.rules.cards import start_auction
from hexkit_soot.state import SootState
from hexkit_soot.views import HIDDEN_BID
from tests.soot.helpers import answer, bid, legal, start

CARD = "The Panic"


def _auction(currency: tuple[int, ...]) -> SootState:
    """A Legacy card in row slot 0 auctioned among players holding ``currency`` (by seat)."""
    names = ("Merchant", "Rancher", "Prospector", "Industrialist")[: len(currency)]
    s = start(names)
    s.pending.clear()
    for seat, money in enumerate(currency):
        s.players[seat].currency = money
    s.deck.remove(CARD) if CARD in s.deck else None
    s.card_row[0] = CARD
    start_auction(s, 0)
    return s


def test_one_question_per_bidder_whatever_the_bid() -> None:
    for amount in (0, 1, 7, 12):
        s = _auction((12, 12))
        asked = []
        while s.auction:
            q = s.pending[-1]
            assert isinstance(q, LegacyBid) and q.kind == "cards.bid" and q.slot == 0
            asked.append(q.player)
            bid(s, amount if q.player == s.order[0] else 0)
        assert asked == s.order  # each bidder once, in turn order, for a bid of 0, 1, 7 or 12


def test_the_answers_are_every_bid_from_zero_to_the_purse() -> None:
    s = _auction((7, 3))
    bidder = s.pending[-1].player
    money = s.players[bidder].currency
    assert [(a.code, a.arg, a.label) for a in legal(s)] == [("bid", n, f"bid {n}¤") for n in range(money + 1)]
    assert s.pending[-1].prompt == f"blind bid for {CARD}: 0 to {money}¤"


def test_another_seats_view_does_not_show_a_placed_bid() -> None:
    views = []
    for amount in (2, 9):
        s = _auction((9, 9))
        first, second = s.order
        bid(s, amount)
        assert s.bids[first] == amount and s.pending[-1].player == second
        view = GAME.view(s, second)
        assert view.bids[first] == HIDDEN_BID and GAME.view(s, first).bids[first] == amount
        views.append(codec(GAME).state_to_dict(view))
    # the second bidder's view is the same whether the first bid 2 or 9: the question, the log, the counters
    assert views[0] == views[1]
    assert "bid 9" not in json.dumps(views[1]) and "9¤" not in json.dumps(views[1]["state"]["log"])


@pytest.mark.parametrize("arg", [-1, 10, 15])
def test_a_bid_outside_zero_to_the_purse_is_refused_and_changes_nothing(arg: int) -> None:
    s = _auction((9, 9))
    before = codec(GAME).state_to_dict(s)
    with pytest.raises(IllegalActionError):
        GAME.apply(s, Choose(code="bid", arg=arg))
    assert codec(GAME).state_to_dict(s) == before


def test_highest_bid_pays_it_and_takes_the_card() -> None:
    s = _auction((10, 10, 10))
    for amount in (3, 6, 4):  # in turn order
        bid(s, amount)
    winner = s.order[1]
    assert CARD in s.players[winner].hand and s.card_row[0] == "" and s.auction == "" and s.bids == []
    assert [s.players[p].currency for p in s.order] == [10, 4, 10]
    assert f"bids revealed: P{s.order[0]} 3, P{s.order[1]} 6, P{s.order[2]} 4" in [e.text for e in s.log]


def test_a_tie_goes_to_the_earliest_in_turn_order() -> None:
    s = _auction((10, 10, 10))
    for amount in (2, 5, 5):  # the second and third tie at 5: the second, earlier in turn order, wins
        bid(s, amount)
    assert CARD in s.players[s.order[1]].hand
    assert [s.players[p].currency for p in s.order] == [10, 5, 10]


def test_all_bids_zero_give_the_card_to_the_first_in_turn_order_for_nothing() -> None:
    s = _auction((4, 4))
    bid(s, 0)
    bid(s, 0)
    assert CARD in s.players[s.order[0]].hand and s.players[s.order[0]].currency == 4


def test_a_player_holding_fifteen_bids_fifteen_and_pays_it() -> None:
    s = _auction((15, 3))
    first, other = s.order
    s.players[first].currency, s.players[other].currency = 15, 3
    s.pending[-1] = LegacyBid(player=first, slot=0, prompt="bid")
    s.invalidate_legal()
    assert max(a.arg for a in legal(s)) == 15
    bid(s, 15)
    assert s.pending[-1].player == other
    bid(s, 3)
    assert CARD in s.players[first].hand
    assert s.players[first].currency == 0 and s.players[other].currency == 3


# -- saves and records of rules 0.3.x -----------------------------------------------------------

def _old_save(s: SootState, running: int = -1) -> dict:  # type: ignore[type-arg]
    """``s`` (a bid asked of the first bidder) as rules 0.3.3 saved it: an untagged bid step, its
    running amount (``-1``: not begun) in ``state.bids``."""
    q = s.pending[-1]
    saved = copy.deepcopy(codec(GAME).state_to_dict(s))
    saved["version"] = "0.3.3"
    saved["state"]["pending"][-1] = {
        "player": q.player, "prompt": f"blind bid for {CARD}: raise it by 1 or 5, or place it", "kind": "cards.bid",
        "tag": "", "data": [s.order.index(q.player), q.slot],
        "options": [{"code": "bid", "arg": 1, "label": "raise the bid by 1"},
                    {"code": "bid", "arg": 5, "label": "raise the bid by 5"},
                    {"code": "bid", "arg": 0, "label": "place the bid"}]}
    saved["state"]["bids"][q.player] = running
    return saved


def test_a_0_3_save_is_refused_by_version_unless_asked() -> None:
    s = _auction((9, 9))
    with pytest.raises(VersionMismatchError, match="0.3.3"):
        codec(GAME).state_from_dict(_old_save(s))


def test_a_0_3_save_with_a_bid_not_begun_loads_as_one_bid_question() -> None:
    s = _auction((9, 9))
    loaded = codec(GAME).state_from_dict(_old_save(s), allow_version_mismatch=True)
    q = loaded.pending[-1]
    assert isinstance(q, LegacyBid) and q.player == s.order[0] and q.slot == 0
    assert [a.arg for a in legal(loaded)] == list(range(10))
    bid(loaded, 4)
    bid(loaded, 3)
    assert CARD in loaded.players[s.order[0]].hand and loaded.players[s.order[0]].currency == 5


def test_a_0_3_save_in_the_middle_of_a_raise_is_refused_naming_the_bid_and_version() -> None:
    s = _auction((9, 9))
    first = s.order[0]
    with pytest.raises(InvalidRecordError, match=rf"state\.bids\.{first}") as caught:
        codec(GAME).state_from_dict(_old_save(s, running=6), allow_version_mismatch=True)
    assert "holds a bid of 6: a running bid of a rules 0.3.x save" in str(caught.value)
    assert "rules 0.4.0 (a bid is one answer)" in str(caught.value)


def test_a_0_3_bid_step_that_does_not_fit_is_refused_naming_the_field() -> None:
    s = _auction((9, 9))
    saved = _old_save(s)
    saved["state"]["pending"][-1]["data"] = [0]
    with pytest.raises(InvalidRecordError, match=r"data: a 'cards.bid' question holds \[bidder's place"):
        codec(GAME).state_from_dict(saved, allow_version_mismatch=True)
    saved = _old_save(s)
    saved["state"]["pending"][-1]["options"] = [{"code": "qty", "arg": 1}]
    with pytest.raises(InvalidRecordError, match=r"options: a 'cards.bid' question's answers are 'bid' choices"):
        codec(GAME).state_from_dict(saved, allow_version_mismatch=True)


def test_a_bid_question_whose_bids_do_not_follow_the_turn_order_is_refused() -> None:
    s = _auction((9, 9))
    bid(s, 2)
    saved = codec(GAME).state_to_dict(s)
    first = s.order[0]
    saved["state"]["bids"][first] = -1  # the first bidder has not bid, but the second is asked
    with pytest.raises(InvalidRecordError, match=rf"state\.bids\.{first}") as caught:
        codec(GAME).state_from_dict(saved)
    assert "bids before" in str(caught.value)
    saved = codec(GAME).state_to_dict(s)
    saved["state"]["pending"][-1]["slot"] = 3
    with pytest.raises(InvalidRecordError, match=r"state\.pending\.\d+\.slot"):
        codec(GAME).state_from_dict(saved)


def test_a_0_3_record_is_refused_by_version_as_every_other_rules_version() -> None:
    record = GameRecord("soot", "0.3.3", GAME.make_config(players=2), 1, [])
    with pytest.raises(VersionMismatchError, match="0.3.3"):
        record_from_json(GAME, record_to_json(GAME, record))
    assert record_from_json(GAME, record_to_json(GAME, record), allow_version_mismatch=True).version == "0.3.3"


def test_answer_helper_refuses_what_is_not_offered() -> None:
    s = _auction((2, 2))
    with pytest.raises(AssertionError, match="no legal answer bid 3"):
        answer(s, "bid", 3)
