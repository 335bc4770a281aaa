"""Rules audit fixes (batch A): each test builds a small position and checks the rulebook's numbers."""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit_soot import GAME
from hexkit_soot.ledger import D
from hexkit_soot.rules.flow import advance
from hexkit_soot.state import SootState

from tests.soot.helpers import start


def answer(state: SootState, code: str, arg: int | None = None) -> None:
    """Apply the legal answer with ``code`` (and ``arg`` if given)."""
    legal = GAME.legal_actions(state)
    pick = next(a for a in legal if a.code == code and (arg is None or a.arg == arg))
    GAME.apply(state, pick)


def codes(state: SootState) -> list[tuple[str, int]]:
    """The legal answers as (code, arg) pairs."""
    return [(a.code, a.arg) for a in GAME.legal_actions(state)]


# -- 1. every Legacy card dealt in one refill is auctioned -------------------------------------

def test_two_legacy_cards_in_one_refill_are_both_auctioned_in_slot_order() -> None:
    s = start(("Merchant", "Industrialist"))
    s.pending.clear()
    s.card_row[1] = ""
    s.card_row[3] = ""
    s.deck += ["The Panic", "The Royal Charter"]  # drawn from the end: Royal Charter to slot 1, Panic to slot 3
    assert not any(D(s).cards[c].legacy for c in s.deck[-4:-2])  # the refill after the auctions
    s.phase, s.cursor = "market", 3
    advance(s)
    assert s.auction == "The Royal Charter" and s.pending[-1].kind == "cards.bid"
    answer(s, "bid", 3)  # P0 (Merchant, 8¤)
    answer(s, "bid", 1)  # P1 (Industrialist, 2¤)
    assert s.auction == "The Panic" and s.pending[-1].kind == "cards.bid"
    assert s.card_row[1] == "" and s.card_row[3] == "The Panic"
    answer(s, "bid", 0)
    answer(s, "bid", 2)
    p0, p1 = s.players
    assert p0.hand == ["The Royal Charter"] and p0.currency == 8 - 3
    assert p1.hand == ["The Panic"] and p1.currency == 0
    # both slots refilled with ordinary cards, and the round goes on
    assert all(c and not D(s).cards[c].legacy for c in s.card_row)
    assert s.phase == "actions" and s.auction == ""
