"""Cards: the multi-use deck, Draw Cards, spending cards, the Legacy auction.

Every card is an ability, a currency value and one wild resource.
Draw Cards (1 action): take a face-up card from the 5-card row, or draw 2
blind and keep 1 (the other is discarded). Playing a card for its ability
or spending it as currency are free actions on your turn (assumed: the
rulebook gives no action cost); as a wild resource it is spent inside a
payment (:mod:`hexkit_soot.rules.network`), and when goods fall short the
payer chooses which cards of their hand to spend (:func:`wild_cards`:
identical cards are one option; with one way nothing is asked). A Legacy card played for its
ability leaves the game; spent as currency or wild it is discarded like
any card. Discarding 2 cards gives 1 bonus action, once per round. The row
is refilled in the Market Update; a Legacy card dealt into it is auctioned
at once by blind bids, each bidder asked once in turn order for a bid from 0
to all their currency (highest pays the bank; ties to the earliest in turn
order; a 0 bid is legal). Hand limit 7 at the end of the round.

Source: rulebook, §15 "Cards", "Legacy cards", Phase 5 (hand limit).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import attrs

from hexkit.components import Deck, EmptyPolicy, FillEmptySlots, MarketRow
from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import (BonusDiscard, Choose, DrawCards, HandLimitDiscard, KeepDrawn, LegacyBid,
                                 SootDecision)
from hexkit_soot.effects import Ctx, has_play, lookup
from hexkit_soot.ledger import data, gain_currency, spend_currency
from hexkit_soot.rules.network import less, pool_at, shortfall
from hexkit_soot.rules.payment import Need, Pick, settle, units_of, ways
from hexkit_soot.rules.steps import free_action, main_action, opt, optf, refuse_masked
from hexkit_soot.state import Goods, SootState
from hexkit_soot.state import tally as _tally  # "what was played" counters
from hexkit_soot.views import HIDDEN

__all__ = ["card_deck", "card_row", "draw_blind", "refill_row", "legacy_in_row", "card_id", "card_name", "start_auction", "wild_cards", "build_payment", "BuildPayment",
           "ask_hand_limit", "DrawHandler", "KeepHandler", "BonusHandler", "LimitHandler", "BidHandler"]


def card_id(state: SootState, name: str) -> int:
    """Index of a card name in the data (for answers).

    Args:
        state: the game.
        name: a card's name.
    """
    return data(state).card_ids[name]


def card_name(state: SootState, cid: int) -> str:
    """Card name of an index.

    Args:
        state: the game.
        cid: a card index (from :func:`card_id`).
    """
    return list(data(state).cards)[cid]


_FILL = FillEmptySlots()
"""The card and contract rows' refill rule: every empty slot, in slot order."""


def card_deck(state: SootState) -> Deck[str]:
    """The card deck as a core :class:`~hexkit.components.Deck` over the state's own lists.

    Draw pile ``SootState.deck`` (top last), discard pile ``SootState.discard``;
    an empty draw pile takes the discards back, shuffled (policy
    ``RESHUFFLE``). Changing the deck changes the state, and the saved state
    keeps its two lists (the clone copies them as before).

    Args:
        state: the game.

    Source: rulebook, §15 "Cards" (the multi-use deck).
    """
    return Deck(state.deck, state.discard, EmptyPolicy.RESHUFFLE)


def card_row(state: SootState) -> MarketRow[str, FillEmptySlots]:
    """The 5-card row as a core :class:`~hexkit.components.MarketRow` over ``SootState.card_row``.

    Fixed slots, ``""`` marking an empty one, refilled from :func:`card_deck`
    by :class:`~hexkit.components.FillEmptySlots` in the Market Update only
    (a card taken leaves its slot empty until then).

    Args:
        state: the game.

    Source: rulebook, §15 "Cards"; Phase 1 (Market Update).
    """
    return MarketRow(cast("list[str | None]", state.card_row), card_deck(state), _FILL, None, "")


def _note_reshuffle(state: SootState, deck: Deck[str], draws: int) -> None:
    """Log the reshuffle that drawing ``draws`` cards from ``deck`` is about to make."""
    if draws > len(deck.draw_pile) and deck.discard_pile:
        state.note(None, "the card deck was reshuffled")


def draw_blind(state: SootState) -> str | None:
    """Draw the top card, reshuffling the discard pile in when the deck is empty.

    Args:
        state: the game.

    Returns:
        The card, or ``None`` when the deck and the discard pile are both empty.
    """
    deck = card_deck(state)
    _note_reshuffle(state, deck, 1)
    return deck.draw(state.rng)


def refill_row(state: SootState) -> list[int]:
    """Fill empty card row slots; return the slots that received a Legacy card.

    Args:
        state: the game.
    """
    row = card_row(state)
    slots = state.card_row
    empty = [i for i, c in enumerate(slots) if not c]
    _note_reshuffle(state, row.deck, len(empty))
    row.refill(state.rng)
    cards = data(state).cards
    return [i for i in empty if slots[i] and cards[slots[i]].legacy]


def legacy_in_row(state: SootState) -> list[int]:
    """Card row slots holding a Legacy card, in slot order.

    Every auction has a winner who takes the card, so a Legacy card in the
    row is one dealt by the refill and not yet auctioned.

    Args:
        state: the game.

    Returns:
        The slots, lowest first.

    Source: rulebook, Phase 1 step 3; §15.3 Legacy auction.
    """
    cards = data(state).cards
    return [i for i, c in enumerate(state.card_row) if c and cards[c].legacy]


def _draw_ok(state: SootState, player: PlayerId) -> bool:
    return any(state.card_row) or bool(state.deck) or bool(state.discard)


@main_action("Draw Cards", _draw_ok)
def start(state: SootState, player: PlayerId) -> None:
    """Choose a row card or the blind draw."""
    state.pending.append(DrawCards(player=player, prompt="Draw Cards: row or blind?"))


class DrawHandler(Handler[SootState, DrawCards, Choose]):
    """The :class:`~hexkit_soot.actions.DrawCards` question: a row card or the blind draw.

    Source: rulebook, §15 "Cards" (Draw Cards).
    """

    def answers(self, state: SootState, question: DrawCards) -> Sequence[Choose]:
        """``Choose("row", slot)`` per card in the row, then ``Choose("blind", 0)`` while a pile holds a card."""
        options = [opt("row", i, f"take {c} from the row") for i, c in enumerate(state.card_row) if c]
        if state.deck or state.discard:
            options.append(opt("blind", 0, "draw 2 blind, keep 1"))
        return options

    def resolve(self, state: SootState, question: DrawCards, answer: Choose) -> None:
        """Take the row card, or draw 2 and ask which to keep."""
        player = question.player
        p = state.players[player]
        if answer.code == "row":
            card = card_row(state).take(answer.arg, refill=False)
            p.hand.append(card)
            state.note(player, f"took {card} from the card row")
            return
        drawn = [c for c in (draw_blind(state), draw_blind(state)) if c is not None]
        if len(drawn) == 1:
            p.hand.append(drawn[0])
            state.note(player, "drew 1 card blind")
            return
        state.pending.append(KeepDrawn(player=player, prompt="Draw Cards: keep which?",
                                       drawn=tuple(card_id(state, c) for c in drawn)))


_HIDDEN_KEEP = (opt("keep", -1, "?"),)
_HIDDEN_DISCARD = (opt("discard", -1, "?"),)


def _other_seat(state: SootState, player: PlayerId) -> bool:
    """Whether ``state`` is another seat's view of ``player``'s question."""
    return state.viewer is not None and state.viewer != player


class KeepHandler(Handler[SootState, KeepDrawn, Choose]):
    """The :class:`~hexkit_soot.actions.KeepDrawn` question: which drawn card to keep.

    Source: rulebook, §15 "Cards" (draw 2 blind, keep 1).
    """

    def answers(self, state: SootState, question: KeepDrawn) -> Sequence[Choose]:
        """``Choose("keep", card)`` per distinct card drawn; one masked answer in another seat's view."""
        if _other_seat(state, question.player) or any(c < 0 for c in question.drawn):
            return _HIDDEN_KEEP
        # two copies of one card are one answer (keeping either is the same)
        return tuple(dict.fromkeys(opt("keep", c, f"keep {card_name(state, c)}") for c in question.drawn))

    def resolve(self, state: SootState, question: KeepDrawn, answer: Choose) -> None:
        """Keep one drawn card, discard the other."""
        if answer.arg < 0:  # a masked question (another seat's view) is never answered
            refuse_masked(state, question, answer, "Draw Cards")
        kept = card_name(state, answer.arg)
        others = [card_name(state, c) for c in question.drawn]
        others.remove(kept)
        state.players[question.player].hand.append(kept)
        deck = card_deck(state)
        for other in others:
            deck.discard(other)
        state.note(question.player, "drew 2 cards blind and kept 1")


# -- cards as wild resources -----------------------------------------------------

def wild_cards(state: SootState, step: SootDecision, answer: Choose, cost: Goods, at: Hex | None, *,
               given: tuple[int, ...]) -> tuple[str, ...] | None:
    """The cards the payer spends as wild resources on ``cost``; ``None`` when they were asked.

    :func:`build_payment` without a discount.

    Args:
        state: the game.
        step: the question whose answer is being handled.
        answer: that answer.
        cost: goods to pay, by name.
        at: where the goods must be (``None``: the network).
        given: the payment's answers so far (see :func:`build_payment`).

    Returns:
        The cards to spend (empty when the goods suffice), or ``None``.

    Source: rulebook, "Cards" (every card is also 1 wild resource).
    """
    found = build_payment(state, step, answer, cost, at, given=given)
    return None if found is None else found.cards


@attrs.frozen
class BuildPayment:
    """What a building payment takes, as the payer chose it.

    Attributes:
        goods: the goods to pay (the cost less the units waived).
        waived: the units a discount took off, by name.
        cards: the cards spent as wild resources.
    """

    goods: Goods
    waived: Goods
    cards: tuple[str, ...]


def _waiver_need(cost: Goods, waive: int, pool: Goods, hand: int) -> Need:
    """The units a discount may waive: every distinct choice of ``waive``
    units of ``cost`` that leaves a cost the goods and cards can pay."""
    need = Need.of("discount waives", waive, [(g, 1, n) for g, n in sorted(cost.items())])
    choices = ways(need) or [()]
    payable = tuple(w for w in choices if shortfall(less(cost, dict(w)), pool) <= hand)
    return attrs.evolve(need, only=payable or tuple(choices), question="Discount: which resources does it waive?")


def build_payment(
    state: SootState, step: SootDecision, answer: Choose, cost: Goods, at: Hex | None, waive: int = 0, *,
    given: tuple[int, ...],
) -> BuildPayment | None:
    """What the payer spends on a building cost; ``None`` when they were asked.

    Call it in the paying handler before anything changes, and pass the
    result to :func:`~hexkit_soot.rules.network.pay`. First the payer
    chooses which ``waive`` units of ``cost`` a discount takes off (asked
    only when several choices leave a cost they can pay: a player short of
    one unit waives that one), then, for each unit the goods usable at
    ``at`` (with the network) still miss, which card covers it. Identical
    choices are one; a single choice is made without a question.

    Args:
        state: the game.
        step: the question whose answer is being handled (its handler runs
            again once the payer has answered: a ``Step``'s, or a typed
            question's :class:`~hexkit_soot.rules.payment.SettlingHandler`).
        answer: that answer.
        cost: goods to pay before the discount, by name.
        at: where the goods must be (``None``: the network).
        waive: units a discount takes off (:func:`~hexkit_soot.rules.network.waivable`).
        given: the payment's answers so far (``()`` when the question is
            first answered; the handler run again passes those handed to it).

    Returns:
        The payment, or ``None`` when a question was asked.

    Source: rulebook, "Cards" (every card is also 1 wild resource),
    "Explorer and Builder together" and §21 (resource discounts).
    """
    hand = state.players[step.player].hand
    pool = pool_at(state, step.player, at, network=True)
    waiver = _waiver_need(cost, waive, pool, len(hand)) if waive > 0 else None

    def rest(done: Sequence[Pick]) -> Goods:
        return less(cost, units_of(done[:1])) if waiver is not None else cost

    def stages(done: Sequence[Pick]) -> Need | None:
        if waiver is not None and not done:
            return waiver
        if len(done) > (waiver is not None):
            return None
        short = shortfall(rest(done), pool)
        if short <= 0 or short > len(hand):
            return None
        cards = data(state).cards
        names = sorted(set(hand), key=lambda c: (cards[c].value, c))
        return Need.of("cards as wild resources", short, [(c, 1, hand.count(c)) for c in names], private=True)

    picks = settle(state, step, answer, stages, given)
    if picks is None:
        return None
    waived = units_of(picks[:1]) if waiver is not None else {}
    spent = picks[1:] if waiver is not None else picks
    return BuildPayment(
        goods=rest(picks), waived=waived, cards=tuple(c for pick in spent for c, n in pick for _ in range(n))
    )


# -- free actions with cards --------------------------------------------------

def _currency_options(state: SootState, player: PlayerId) -> list[Choose]:
    if not state.players[player].hand:  # decided before any lookup
        return []
    cards = data(state).cards
    # another seat's view shows the hand face down: those cards are listed by no one
    return [optf("Spend Card", card_id(state, c), "spend {} as {}¤", c, cards[c].value)
            for c in sorted(set(state.players[player].hand) - {HIDDEN})]


@free_action("Spend Card", _currency_options)
def on_spend(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Spend a card as currency."""
    name = card_name(state, answer.arg)
    state.players[player].hand.remove(name)
    card_deck(state).discard(name)
    gain_currency(state, player, data(state).cards[name].value, f"spent {name}")


def _ability_options(state: SootState, player: PlayerId) -> list[Choose]:
    hand = state.players[player].hand
    if not hand:  # the common case, decided before any lookup
        return []
    out = []
    for c in sorted(set(hand)):
        found = lookup(c)
        if found is None or found.play is None:
            continue
        if found.playable is not None and not found.playable(Ctx(state=state, player=player, source=c)):
            continue
        out.append(optf("Play Card", card_id(state, c), "play {} for its ability", c))
    return out


@free_action("Play Card", _ability_options)
def on_play(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Play a card for its ability (Legacy cards leave the game)."""
    name = card_name(state, answer.arg)
    p = state.players[player]
    p.hand.remove(name)
    if data(state).cards[name].legacy:
        state.legacy_gone.append(name)
    else:
        card_deck(state).discard(name)
    state.note(player, f"played {name}")
    _tally(state, "cards_played", player)
    found = lookup(name)
    if found is not None and found.play is not None and has_play(name):
        found.play(Ctx(state=state, player=player, source=name))


def _discard_options(state: SootState, player: PlayerId) -> list[Choose]:
    p = state.players[player]
    if "discard" in p.used or len(p.hand) < 2:
        return []
    return [opt("Discard for Action", 0, "discard 2 cards for 1 bonus action")]


@free_action("Discard for Action", _discard_options)
def on_discard_bonus(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Start the bonus: choose the first card to discard."""
    state.players[player].used.append("discard")
    state.pending.append(BonusDiscard(player=player, prompt="discard a card (2 to go)", left=2))


def _hand_options(state: SootState, player: PlayerId) -> Sequence[Choose]:
    """``Choose("discard", card)`` per distinct card of ``player``'s hand; one masked answer in another seat's view."""
    if _other_seat(state, player):
        return _HIDDEN_DISCARD
    return tuple(opt("discard", card_id(state, c), f"discard {c}") for c in sorted(set(state.players[player].hand)))


def _discard(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Discard the card ``answer`` names from ``player``'s hand (never a masked placeholder: the handlers refuse it)."""
    name = card_name(state, answer.arg)
    state.players[player].hand.remove(name)
    card_deck(state).discard(name)


class BonusHandler(Handler[SootState, BonusDiscard, Choose]):
    """The :class:`~hexkit_soot.actions.BonusDiscard` question: a card to discard for the bonus action.

    Source: rulebook, §15 "Cards" (discard 2 cards for 1 bonus action, once per round).
    """

    def answers(self, state: SootState, question: BonusDiscard) -> Sequence[Choose]:
        """A card of the hand (:func:`_hand_options`)."""
        return _hand_options(state, question.player)

    def resolve(self, state: SootState, question: BonusDiscard, answer: Choose) -> None:
        """Discard one card; after the second, gain the bonus action."""
        player = question.player
        if answer.arg < 0:  # a masked question (another seat's view) is never answered
            refuse_masked(state, question, answer, "discard")
        _discard(state, player, answer)
        left = question.left - 1
        if left:
            state.pending.append(BonusDiscard(player=player, prompt=f"discard a card ({left} to go)", left=left))
        else:
            state.players[player].actions += 1
            state.note(player, "discarded 2 cards for a bonus action")


def ask_hand_limit(state: SootState, player: PlayerId) -> bool:
    """Ask ``player`` to discard down to the hand limit; return whether asked.

    Args:
        state: the game.
        player: the seat whose hand is checked.

    Source: rulebook, Phase 5 (hand limit 7).
    """
    excess = len(state.players[player].hand) - data(state).numbers.hand_limit
    if excess > 0:
        state.pending.append(HandLimitDiscard(player=player, prompt=f"discard a card ({excess} to go)"))
        return True
    return False


class LimitHandler(Handler[SootState, HandLimitDiscard, Choose]):
    """The :class:`~hexkit_soot.actions.HandLimitDiscard` question: a card to discard down to the limit.

    Source: rulebook, Phase 5 (hand limit 7).
    """

    def answers(self, state: SootState, question: HandLimitDiscard) -> Sequence[Choose]:
        """A card of the hand (:func:`_hand_options`)."""
        return _hand_options(state, question.player)

    def resolve(self, state: SootState, question: HandLimitDiscard, answer: Choose) -> None:
        """Discard one card for the hand limit; ask again while still over it."""
        if answer.arg < 0:  # a masked question (another seat's view) is never answered
            refuse_masked(state, question, answer, "discard")
        _discard(state, question.player, answer)
        ask_hand_limit(state, question.player)


# -- the Legacy blind auction ---------------------------------------------------

def start_auction(state: SootState, slot: int) -> None:
    """Start the blind auction of the Legacy card in row ``slot``: everyone bids in turn order.

    Args:
        state: the game.
        slot: the card row slot holding the Legacy card.
    """
    state.auction = state.card_row[slot]
    state.bids = [-1] * state.config.players
    state.note(None, f"Legacy card {state.auction} entered the row: blind auction")
    _ask_bid(state, state.order[0], slot)


def _ask_bid(state: SootState, bidder: PlayerId, slot: int) -> None:
    """Ask ``bidder`` for their blind bid (one answer, 0 up to their currency)."""
    state.pending.append(LegacyBid(player=bidder, slot=slot,
                                   prompt=f"blind bid for {state.auction}: 0 to {state.players[bidder].currency}¤"))


class BidHandler(Handler[SootState, LegacyBid, Choose]):
    """The :class:`~hexkit_soot.actions.LegacyBid` question: a bidder's blind bid, in one answer.

    Source: rulebook, §15.3 "Legacy cards" ("all players secretly fist-bid
    currency"; highest pays the bank and takes the card; ties to the earliest
    in turn order; a 0 bid is legal).
    """

    def answers(self, state: SootState, question: LegacyBid) -> Sequence[Choose]:
        """``Choose("bid", n)`` for ``n`` from 0 to the bidder's currency, labelled ``"bid 7¤"``."""
        return tuple(opt("bid", n, f"bid {n}¤") for n in range(state.players[question.player].currency + 1))

    def resolve(self, state: SootState, question: LegacyBid, answer: Choose) -> None:
        """Place the bid; ask the next bidder in turn order, or after the last reveal and award."""
        player, slot = question.player, question.slot
        state.bids[player] = answer.arg
        k = state.order.index(player)
        if k + 1 < len(state.order):
            _ask_bid(state, state.order[k + 1], slot)
            return
        best = max(state.bids)
        winner = next(p for p in state.order if state.bids[p] == best)  # a tie: the earliest in turn order
        state.note(None, "bids revealed: " + ", ".join(f"P{p} {state.bids[p]}" for p in state.order))
        spend_currency(state, winner, best)
        state.players[winner].hand.append(state.auction)
        state.note(winner, f"won {state.auction} for {best}¤")
        card_row(state).take(slot, refill=False)  # the auctioned card (in the winner's hand)
        state.auction = ""
        state.bids = []
