"""Hidden information beyond face-down piles and hands: screens, blind bids, private questions.

:meth:`~hexkit_soot.game.SootGame.redact` and
:meth:`~hexkit_soot.game.SootGame.determinize` use these helpers.

* **Ingredients behind the screen.** Each player keeps their Cultural
  Artifacts and Specialty Materials behind a screen. Another player's view
  takes both kinds out of that player's ``stock`` and keeps only their
  number, in ``PlayerState.screened``. What stays public: the supply of each kind
  (tokens on the table; a Community Interaction needs a token of the kind
  chosen), every player's number of ingredients (taking or spending one is a
  public action), and ingredients on caravans or lying on a hex (on the map).
  So the tokens of each kind hidden behind the rivals' screens together are
  known, not how they are split among the rivals; with two players nothing
  is left to guess, as at the table. A determinisation deals those tokens
  out at random, each rival getting as many as they hold.
* **Blind bids.** Another player's bid in a Legacy auction shows as
  :data:`HIDDEN_BID` once placed (``-1`` still means "not yet bid"); a
  determinisation draws it uniformly from what they could bid.
* **Private questions.** Another player's pending question whose answers
  would show their hidden things (dealt objectives, drawn or held cards, the
  kinds behind their screen) shows one masked answer per answer code.

Source: rulebook, Components ("Cultural Artifacts and Specialty Materials:
... keep behind your screen"; "12 tokens of each"), "Community
Interaction", "Legacy cards" (blind auction), "Set-up" (secret objectives).
"""

from __future__ import annotations

import attrs

from hexkit.errors import HexkitError
from hexkit.game import PlayerId
from hexkit.rng import Rng
from hexkit_soot.actions import Choose, SootQuestion, Step
from hexkit_soot.ledger import data
from hexkit_soot.rules.communities import INGREDIENTS
from hexkit_soot.state import SootState, add_goods

__all__ = [
    "HIDDEN",
    "HIDDEN_BID",
    "PRIVATE_QUESTIONS",
    "hide_screens",
    "deal_screens",
    "hidden_tokens",
    "hide_bids",
    "guess_bids",
    "hide_questions",
]

HIDDEN = "?"
"""A card another player's view does not show (in a hand or the deck).

The agreed name of both games (Empyreal's ``game.HIDDEN``); other hidden
values are ``HIDDEN_<WHAT>``."""

HIDDEN_BID = -2
"""Another player's blind bid, placed but not revealed, as a view shows it."""

PRIVATE_QUESTIONS = frozenset({"setup.secret", "cards.keep", "cards.bonus", "cards.limit", "pay.private"})
"""Questions whose answers always list the asker's hidden things: dealt
objectives, two cards drawn blind, cards in hand (discards, cards spent as
wild resources). A ``Step`` of these kinds is masked here; ``"setup.secret"``
is a typed question now (:class:`~hexkit_soot.actions.DiscardSecret`), whose
handler gives another seat's view the one masked answer itself, and the
card kinds and ``"pay.private"`` (:class:`~hexkit_soot.actions.ChoosePrivatePayment`)
are typed questions marked :attr:`~hexkit_soot.actions.SootQuestion.private`
(masked by :func:`hide_questions`)."""


def hide_screens(view: SootState, viewer: PlayerId) -> None:
    """Take every other player's ingredients out of their stock, keeping only the number.

    Args:
        view: the view being made (changed in place; a view again is unchanged).
        viewer: who looks.
    """
    for seat, p in enumerate(view.players):
        if seat != viewer:
            for good in INGREDIENTS:
                p.screened += p.stock.pop(good, 0)


def hidden_tokens(view: SootState, good: str) -> int:
    """Tokens of ``good`` behind screens whose kinds ``view`` hides.

    Every token is in the supply, in a network, on a caravan or lying on a
    hex; those the view does not place are behind the rivals' screens.

    Args:
        view: a view.
        good: one of the ingredients.
    """
    placed = view.supply.count(good)
    for p in view.players:
        placed += p.stock.get(good, 0)
        placed += sum(goods.get(good, 0) for goods in p.loose.values())
        placed += sum(c.cargo.get(good, 0) for c in p.caravans)
    return data(view).goods[good].tokens - placed


def deal_screens(sample: SootState, viewer: PlayerId, rng: Rng) -> None:
    """Deal the hidden ingredient tokens back behind the rivals' screens at random.

    The tokens of each kind not visible anywhere are shuffled together and
    dealt, each rival taking as many as their ``screened`` count: every
    arrangement of the tokens is equally likely. The draws depend only on
    what the view shows.

    Args:
        sample: a copy of the view (changed in place).
        viewer: who looks.
        rng: the source of the deal.

    Raises:
        HexkitError: if the view's counts do not add up (tokens lost or
            invented elsewhere: a bug, never a player's doing).
    """
    wanted = sum(p.screened for p in sample.players)
    if not wanted:
        return
    pool = [good for good in INGREDIENTS for _ in range(max(0, hidden_tokens(sample, good)))]
    if len(pool) != wanted:
        counts = {good: hidden_tokens(sample, good) for good in INGREDIENTS}
        raise HexkitError(f"view for P{viewer}: {wanted} screened ingredients but {counts} unplaced tokens")
    _deal_offered(sample, pool)
    rng.shuffle(pool)
    for p in sample.players:
        for good in pool[: p.screened]:
            add_goods(p.stock, good, 1)
        del pool[: p.screened]
        p.screened = 0


def _deal_offered(sample: SootState, pool: list[str]) -> None:
    """Give a rival the ingredients their open trade offer publicly gives.

    An offer on the table shows that the offerer holds what it gives, so
    those tokens are dealt to them first (the rest at random as usual);
    otherwise a guess could make the offer impossible and its acceptance
    illegal in the guess while it is legal in the game.
    """
    offer = sample.offer
    if offer is None or offer.binding:  # a contract may promise goods not yet held
        return
    p = sample.players[offer.offerer]
    for good in INGREDIENTS:
        for _ in range(min(offer.give.get(good, 0), p.screened)):
            if good not in pool:
                break
            pool.remove(good)
            add_goods(p.stock, good, 1)
            p.screened -= 1


def hide_bids(view: SootState, viewer: PlayerId) -> None:
    """Show other players' placed blind bids as :data:`HIDDEN_BID`.

    Args:
        view: the view being made (changed in place).
        viewer: who looks.
    """
    view.bids = [b if seat == viewer or b < 0 else HIDDEN_BID for seat, b in enumerate(view.bids)]


def guess_bids(sample: SootState, rng: Rng) -> None:
    """Draw each hidden bid uniformly from 0 to what its bidder could bid.

    Bids are placed in turn order during the Market Update, so a bidder's
    currency has not changed since.

    Args:
        sample: a copy of a view (changed in place).
        rng: the source of the guesses.
    """
    for seat, b in enumerate(sample.bids):
        if b == HIDDEN_BID:  # placed or still being raised: at most all the bidder's currency
            sample.bids[seat] = rng.randbelow(sample.players[seat].currency + 1)


def hide_questions(view: SootState, viewer: PlayerId) -> None:
    """Mask the answers of other players' private questions.

    A question is private when its kind is in :data:`PRIVATE_QUESTIONS` (a
    typed one: its class is ``private``), or when its asker keeps ingredients
    behind a screen and an answer (or the tag) names an ingredient: a Market
    Transaction, a trade offer, a caravan load or a payment would show the
    kinds. A typed question names them through its fields
    (:meth:`~hexkit_soot.actions.SootQuestion.goods_named`, or by name in
    :meth:`~hexkit_soot.actions.SootQuestion.texts_named`) and is shown as its
    :meth:`~hexkit_soot.actions.SootQuestion.masked` form.
    Call after :func:`hide_screens`.

    Args:
        view: the view being made (changed in place).
        viewer: who looks.
    """
    view.pending = [_masked(s) if isinstance(s, Step) and _private(view, s, viewer)
                    else s.masked() if isinstance(s, SootQuestion) and _screened(view, s, viewer)
                    else s for s in view.pending]


def _screened(view: SootState, q: SootQuestion, viewer: PlayerId) -> bool:
    """A typed question whose answers name an ingredient behind its asker's screen (as a ``Step``'s labels would).

    The one rule for every typed question (:meth:`~hexkit_soot.actions.SootQuestion.goods_named`,
    :meth:`~hexkit_soot.actions.SootQuestion.masked`); a
    :attr:`~hexkit_soot.actions.SootQuestion.private` one is masked for every other seat.
    """
    if q.player == viewer:
        return False
    if q.private:  # its answers always list hidden things (cards in hand)
        return True
    if not view.players[q.player].screened:
        return False
    texts = q.texts_named()
    if any(ingredient in text for text in texts for ingredient in INGREDIENTS):
        return True
    named = q.goods_named()
    if not named:
        return False
    goods = list(data(view).goods)
    return any(0 <= g < len(goods) and any(ingredient in goods[g] for ingredient in INGREDIENTS) for g in named)


def _private(view: SootState, step: Step, viewer: PlayerId) -> bool:
    if step.player == viewer:
        return False
    if step.kind in PRIVATE_QUESTIONS:
        return True
    if not view.players[step.player].screened:
        return False
    return any(good in step.tag or any(good in o.label for o in step.options) for good in INGREDIENTS)


def _masked(step: Step) -> Step:
    options = tuple(dict.fromkeys(Choose(code=o.code, arg=-1, label="?") for o in step.options))
    return attrs.evolve(step, options=options, data=tuple(-1 for _ in step.data))
