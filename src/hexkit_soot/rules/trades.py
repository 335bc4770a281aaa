"""Trades between players and Binding Trade Contracts.

Trading is free and public during the Action phase. To keep every
question small, a trade is an offer of one unit of a good from your
network for a price from a short menu (its market value -1, at, or +1),
which the other player accepts or declines; promises are not binding.
A Binding Trade Contract (free, at most 2 open per player) is an offer to
deliver one unit by the end of the next round, paid on delivery;
delivering is a free action of the seller, and each undelivered unit costs
the seller 2¤ to the buyer when the deadline round's Upkeep begins.

Interpretations (assumed): one trade offer per player per round (so random
play cannot loop); the penalty goes to the buyer; trades move goods between
networks.

Source: rulebook, "Trading", "Binding Trade Contracts".
"""

from __future__ import annotations

from hexkit.game import PlayerId
from hexkit_soot.actions import Choose, Step
from hexkit_soot.ledger import D, good_value, transfer_currency
from hexkit_soot.rules.network import tier3
from hexkit_soot.rules.steps import ask, free_action, handles, opt
from hexkit_soot.state import BindingContract, SootState, TradeOffer, add_goods

__all__ = ["enforce_bindings", "open_bindings"]


def open_bindings(state: SootState, player: PlayerId) -> int:
    """Binding Trade Contracts ``player`` has open (as seller or buyer).

    Args:
        state: the game.
        player: the seat concerned.
    """
    return sum(1 for b in state.bindings if player in (b.seller, b.buyer))


def _offer_options(state: SootState, player: PlayerId) -> list[Choose]:
    p = state.players[player]
    if "trade" in p.used or not any(not tier3(state, g) for g in p.stock):
        return []
    out = [opt("Offer Trade", 0, "offer a trade")]
    if open_bindings(state, player) < D(state).numbers.binding_open_max:
        out.append(opt("Offer Trade", 1, "offer a Binding Trade Contract"))
    return out


@free_action("Offer Trade", _offer_options)
def on_offer(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Choose the other player."""
    state.players[player].used.append("trade")
    limit = D(state).numbers.binding_open_max
    options = [opt("player", q, f"offer to P{q}") for q in range(state.config.players)
               if q != player and (not answer.arg or open_bindings(state, q) < limit)]
    if options:
        ask(state, player, "trade.target", options, "Trade: with whom?", data=(answer.arg,))


@handles("trade.target")
def on_target(state: SootState, step: Step, answer: Choose) -> None:
    """Choose the good."""
    names = list(D(state).goods)
    p = state.players[step.player]
    options = [opt("good", names.index(g), f"offer 1 {g}") for g in sorted(p.stock) if not tier3(state, g)]
    ask(state, step.player, "trade.good", options, "Trade: which good?", data=(step.data[0], answer.arg))


@handles("trade.good")
def on_good(state: SootState, step: Step, answer: Choose) -> None:
    """Choose the price."""
    good = list(D(state).goods)[answer.arg]
    value = good_value(state, good)
    options = [opt("price", v, f"ask {v}¤") for v in sorted({max(0, value - 1), value, value + 1})]
    ask(state, step.player, "trade.price", options, "Trade: price?", data=(*step.data, answer.arg))


@handles("trade.price")
def on_price(state: SootState, step: Step, answer: Choose) -> None:
    """Put the offer to the other player."""
    binding, target, gid = step.data
    good = list(D(state).goods)[gid]
    state.offer = TradeOffer(offerer=step.player, target=target, give=good, give_units=1,
                             currency=answer.arg, binding=bool(binding))
    kind = "Binding Trade Contract" if binding else "trade"
    state.note(step.player, f"offers P{target} a {kind}: 1 {good} for {answer.arg}¤")
    options = [opt("decline", 0, "decline")]
    if binding or state.players[target].currency >= answer.arg:
        options.insert(0, opt("accept", 1, "accept"))
    ask(state, target, "trade.answer", options, f"P{step.player} offers 1 {good} for {answer.arg}¤")


@handles("trade.answer")
def on_answer(state: SootState, step: Step, answer: Choose) -> None:
    """Accept or decline."""
    offer = state.offer
    state.offer = None
    if offer is None:
        return
    if answer.code != "accept":
        state.note(step.player, "declined the offer")
        return
    if offer.binding:
        state.bindings.append(BindingContract(seller=offer.offerer, buyer=offer.target, good=offer.give,
                                              units=1, price=offer.currency, deadline=state.round + 1))
        state.note(step.player, f"signed a Binding Trade Contract with P{offer.offerer}, due by round {state.round + 1}")
        return
    seller = state.players[offer.offerer]
    add_goods(seller.stock, offer.give, -1)
    add_goods(state.players[offer.target].stock, offer.give, 1)
    transfer_currency(state, offer.target, offer.offerer, offer.currency, f"bought 1 {offer.give}")


def _deliver_options(state: SootState, player: PlayerId) -> list[Choose]:
    p = state.players[player]
    return [opt("Deliver Binding", i, f"deliver 1 {b.good} to P{b.buyer}")
            for i, b in enumerate(state.bindings)
            if b.seller == player and p.stock.get(b.good, 0) >= 1 and state.players[b.buyer].currency >= b.price]


@free_action("Deliver Binding", _deliver_options)
def on_deliver(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Deliver the goods of a Binding Trade Contract and collect the price."""
    b = state.bindings.pop(answer.arg)
    add_goods(state.players[player].stock, b.good, -1)
    add_goods(state.players[b.buyer].stock, b.good, 1)
    transfer_currency(state, b.buyer, player, b.price, f"Binding Trade Contract for 1 {b.good}")


def enforce_bindings(state: SootState) -> None:
    """At the start of Upkeep: sellers pay 2¤ per undelivered unit of contracts due this round.

    Args:
        state: the game.
    """
    penalty = D(state).numbers.binding_penalty
    keep = []
    for b in state.bindings:
        if b.deadline > state.round:
            keep.append(b)
            continue
        owed = penalty * b.units
        paid = min(owed, state.players[b.seller].currency)
        state.players[b.seller].currency -= paid
        state.players[b.buyer].currency += paid
        state.note(b.seller, f"broke a Binding Trade Contract: paid {paid}¤ to P{b.buyer}")
    state.bindings = keep
