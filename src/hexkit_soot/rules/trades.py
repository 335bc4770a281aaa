"""Trades between players and Binding Trade Contracts.

The rulebook lets any players trade at any time of the Action phase, for
free and in public, and lets a player sign Binding Trade Contracts (free,
at most 2 open per player) whose undelivered units cost the seller 2¤ each
when the deadline round's Upkeep begins.

A trade here is an offer built one small question at a time, so every
question has a short, enumerable list of answers:

1. ``Offer Trade`` on the turn menu (a free action);
2. the kind (a trade or a Binding Trade Contract) and the target player, in
   one question;
3. the offer itself, one answer at a time: ``give`` one more unit of a good,
   ``ask`` one more unit of a good, ``currency`` (the net amount moves by 1
   or by ``trade_currency_step``), ``due`` (a contract's deadline), then
   ``propose`` or ``cancel``;
4. the target answers ``accept`` or ``decline`` (a question for the target
   player, asked out of turn).

Goods given or asked come from and go to warehouse networks (special goods,
Cultural Artifacts and Specialty Materials, included). A trade moves every
listed good and the net currency at once and is logged as one line
("P0 trades 2 Timber + 3¤ to P1 for 1 Iron Ore").

A Binding Trade Contract is offered by the seller: goods (any units of one
or more goods) to deliver by a deadline round, for a price. The buyer pays
the price when signing; the contract holds it until delivery. Delivery is
a free action of the seller on their turn ("Deliver Binding"), from their
network, one good at a time and as many units as they hold (partial
delivery); each delivery pays the seller the price's share for those
units (``price * units delivered // units still owed``; the last delivery
takes the rest). When the deadline round's Upkeep begins, each undelivered
unit costs the seller 2¤ to the buyer and the buyer gets back the price
still held.

Interpretations (assumed):

* Only the player whose question is pending can act, so trading is a free
  action of your own turn: you propose on your turn and the other player
  answers out of turn.
* At most ``trade_offers_per_round`` (2) offers per player per round,
  trades and contracts together; an offer counts when started, even if
  cancelled. An offer takes at most ``trade_edits_max`` (8) answers to
  build. Both sides of a proposal must be non-empty (no gifts).
* Goods move between warehouse networks only. Tier 3 goods are never in a
  network (rulebook, "Warehouses & Network"), and no rule hands goods from
  caravan to caravan, so Tier 3 goods cannot be traded or contracted.
* Offer lists only what the players hold: a trade's goods and currency
  must be in both networks, and a good is not both given and asked; the
  accept answer is offered only while they still are. Each network must
  have room for the bulk goods a trade brings it net (I40): an offer that
  would overfill one cannot be proposed or accepted (units may be added in
  any order while building it), and a delivery stops at the buyer's room. A contract may promise more units than the seller holds, but
  only of goods the seller owns somewhere (network, caravans, tiles).
* "Max 2 open per player" counts a contract for both the seller and the
  buyer. A contract's deadline is this round up to
  ``binding_deadline_rounds`` (2) later, never past the game's known last
  round; contracts still open at the game's final Upkeep are settled then.
* The penalty goes to the buyer and is capped at the seller's currency
  (nothing goes negative; the rest is forgiven).

Source: rulebook, "Trading", "Binding Trade Contracts"; "Warehouses &
Network"; "Communities" (special goods).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.errors import InvalidRecordError
from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit_soot.actions import AnswerOffer, BuildOffer, Choose, OfferTarget
from hexkit_soot.ledger import data, gain_currency, hand_over_goods, spend_currency, transfer_currency
from hexkit_soot.rules.game_end import game_over_now
from hexkit_soot.rules.network import network_room, tier3
from hexkit_soot.rules.steps import free_action, opt, optf
from hexkit_soot.state import BindingContract, Goods, SootState, TradeOffer, add_goods
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = [
    "OFFER",
    "DELIVER",
    "open_bindings",
    "offers_left",
    "bundle_text",
    "deadline_menu",
    "enforce_bindings",
    "check_trades",
    "TargetHandler",
    "BuildHandler",
    "AnswerHandler",
]

OFFER = "Offer Trade"
"""The free action that starts an offer (a trade or a Binding Trade Contract)."""
DELIVER = "Deliver Binding"
"""The free action that delivers goods owed under a Binding Trade Contract."""
_USED = "trade"
"""The marker in ``PlayerState.used`` counting this round's offers."""


# -- reading the state ---------------------------------------------------
def open_bindings(state: SootState, player: PlayerId) -> int:
    """Binding Trade Contracts ``player`` has open (as seller or buyer).

    Args:
        state: the game.
        player: the seat concerned.

    Returns:
        The number of open contracts naming ``player``.

    Source: rulebook, "Binding Trade Contracts" (max 2 open per player).
    """
    return sum(1 for b in state.bindings if player in (b.seller, b.buyer))


def offers_left(state: SootState, player: PlayerId) -> int:
    """Offers ``player`` may still start this round.

    Args:
        state: the game.
        player: the seat concerned.

    Returns:
        ``trade_offers_per_round`` minus the offers started this round.

    Source: assumed (the engine's bound on trading; see the module docstring).
    """
    return data(state).numbers.trade_offers_per_round - state.players[player].used.count(_USED)


def _tradeable(state: SootState, goods: Goods) -> list[str]:
    """Goods of ``goods`` that may change hands (every good but Tier 3), sorted."""
    return sorted(goods.keys() - data(state).tier3_goods)


def _any_tradeable(state: SootState, goods: Goods) -> bool:
    """Whether ``goods`` holds a good that may change hands (cheap: the turn menu calls it)."""
    return not data(state).tier3_goods.issuperset(goods)


def _special(state: SootState, good: str) -> bool:
    """Whether ``good`` is an ingredient (kept behind the owner's screen)."""
    return good in data(state).special_goods


def _ingredients(state: SootState, player: PlayerId) -> int:
    """How many ingredients ``player`` holds: public, whatever the view hides.

    In another player's view the kinds are out of ``stock`` and only their
    number is left (``PlayerState.screened``); in a full state ``screened`` is 0.
    """
    stock = state.players[player].stock
    return state.players[player].screened + sum(stock.get(g, 0) for g in data(state).special_goods)


def _holds(state: SootState, player: PlayerId, goods: Goods) -> bool:
    """Whether ``player``'s network holds ``goods``.

    Behind a screen (another player's view) only the number of ingredients
    is known, so ingredients are checked by number there; offers are built
    from what was held and nothing changes before the answer, so both
    checks agree where they are used.
    """
    p = state.players[player]
    specials = 0
    for g, n in goods.items():
        if p.screened and _special(state, g):
            specials += n
        elif p.stock.get(g, 0) < n:
            return False
    return specials <= p.screened


def _net_in(state: SootState, offer: TradeOffer) -> int:
    """Bulk units the target's network gains net from a trade (negative: the offerer's gains)."""
    give = sum(n for g, n in offer.give.items() if not _special(state, g))
    ask = sum(n for g, n in offer.ask.items() if not _special(state, g))
    return give - ask


def _fits(state: SootState, offer: TradeOffer) -> bool:
    """Whether both networks have room for the bulk goods a trade brings them net (I40)."""
    if offer.binding:
        return True  # goods move on delivery, within the buyer's room then
    net = _net_in(state, offer)
    if net > 0:
        return net <= network_room(state, offer.target)
    return -net <= network_room(state, offer.offerer)


def _owned_kinds(state: SootState, player: PlayerId) -> list[str]:
    """Tradeable goods ``player`` owns anywhere (network, caravans, tiles), sorted."""
    p = state.players[player]
    kinds = set(p.stock)
    for goods in p.loose.values():
        kinds.update(goods)
    for c in p.caravans:
        kinds.update(c.cargo)
    return sorted(kinds - data(state).tier3_goods)


def _owns_any(state: SootState, player: PlayerId) -> bool:
    """Whether ``player`` owns a tradeable good anywhere (cheap form of :func:`_owned_kinds`)."""
    p = state.players[player]
    return (_any_tradeable(state, p.stock) or any(_any_tradeable(state, g) for g in p.loose.values())
            or any(_any_tradeable(state, c.cargo) for c in p.caravans))


def bundle_text(goods: Goods, currency: int = 0) -> str:
    """A readable bundle: ``"2 Timber + 1 Stone + 3¤"`` (``"nothing"`` when empty).

    Args:
        goods: units by good.
        currency: currency in the bundle (0: none).

    Returns:
        The text.

    Source: rulebook, "Trading" (all trades are public: the log says what moved).
    """
    parts = [f"{n} {g}" for g, n in sorted(goods.items())]
    if currency:
        parts.append(f"{currency}¤")
    return " + ".join(parts) or "nothing"


def _sides(offer: TradeOffer) -> tuple[str, str]:
    """What the offerer gives and what the target gives, as text."""
    give_cur = -offer.currency if offer.currency < 0 else 0
    ask_cur = offer.currency if offer.currency > 0 else 0
    return bundle_text(offer.give, give_cur), bundle_text(offer.ask, ask_cur)


def deadline_menu(state: SootState) -> list[int]:
    """Rounds a new Binding Trade Contract may fall due.

    Args:
        state: the game.

    Returns:
        This round up to ``binding_deadline_rounds`` later, capped at the hard
        cap and at the last round once the Frontier has closed.

    Source: rulebook, "Binding Trade Contracts" (a deadline round); the menu is assumed.
    """
    nums = data(state).numbers
    last = state.last_round if state.last_round > 0 else nums.hard_cap
    top = min(last, state.round + nums.binding_deadline_rounds)
    return list(range(state.round, top + 1))


# -- starting an offer ---------------------------------------------------
def _can_trade(state: SootState, a: PlayerId, b: PlayerId) -> bool:
    """Whether ``a`` could propose some non-empty trade to ``b``.

    Warehouse room (I40) never rules a trade out here: a player without
    bulk goods has their whole capacity free, and two players holding bulk
    goods can swap one for one.
    """
    pa, pb = state.players[a], state.players[b]
    goods_a = _any_tradeable(state, pa.stock)
    if goods_a and pb.currency > 0:  # a's goods for b's currency: the common case, decided first
        return True
    goods_b = _any_tradeable(state, pb.stock) or pb.screened > 0
    return (goods_a and goods_b) or (goods_b and pa.currency > 0)


def _can_buy(state: SootState, buyer: PlayerId) -> bool:
    """Whether ``buyer`` could sign one more Binding Trade Contract (room and currency for a price)."""
    return state.players[buyer].currency > 0 and open_bindings(state, buyer) < data(state).numbers.binding_open_max


def _can_sell(state: SootState, seller: PlayerId) -> bool:
    """Whether ``seller`` could offer one more Binding Trade Contract."""
    return open_bindings(state, seller) < data(state).numbers.binding_open_max and _owns_any(state, seller)


def _targets(state: SootState, player: PlayerId) -> OfferTarget:
    """The offers ``player`` can start, a trade or a contract with each other player, as the question asking it."""
    seller = _can_sell(state, player)
    others = [q for q in range(state.config.players) if q != player]
    return OfferTarget(player=player, prompt="Offer: what, to whom?",
                       trade=tuple(q for q in others if _can_trade(state, player, q)),
                       contract=tuple(q for q in others if seller and _can_buy(state, q)))


def _target_options(question: OfferTarget) -> list[Choose]:
    """The answers of ``question``: arg ``2 * target`` for a trade, ``2 * target + 1`` for a Binding Trade Contract."""
    out = []
    for q in sorted({*question.trade, *question.contract}):
        if q in question.trade:
            out.append(optf("player", 2 * q, "offer P{} a trade", q))
        if q in question.contract:
            out.append(optf("player", 2 * q + 1, "offer P{} a Binding Trade Contract", q))
    return out


# Answers that never change, made once (in the menu or the offer at every turn).
_OFFER_ANSWER = opt(OFFER, 0, "offer a trade or a Binding Trade Contract")
_PROPOSE = opt("propose", 0, "propose")
_CANCEL = opt("cancel", 0, "cancel the offer")


def _offer_options(state: SootState, player: PlayerId) -> list[Choose]:
    if state.offer is not None or offers_left(state, player) <= 0:
        return []
    others = range(state.config.players)
    players = state.players
    # _can_trade's common yes, asked once for the offerer: their tradeable goods for a rival's currency
    goods = _any_tradeable(state, players[player].stock)
    for q in others:  # a trade with someone: the common case, found in a plain loop
        if q != player and ((goods and players[q].currency > 0) or _can_trade(state, player, q)):
            return [_OFFER_ANSWER]
    if _can_sell(state, player) and any(_can_buy(state, q) for q in others if q != player):
        return [_OFFER_ANSWER]
    return []


@free_action(OFFER, _offer_options)
def on_offer(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Start an offer (it counts against this round's limit): ask for its kind and target.

    Args:
        state: the game.
        player: the offerer.
        answer: ``Offer Trade``.

    Source: rulebook, "Trading"; "Binding Trade Contracts".
    """
    state.players[player].used.append(_USED)
    question = _targets(state, player)
    if question.trade or question.contract:  # always, as the menu entry checks the same conditions
        state.offer = TradeOffer(offerer=player)
        state.pending.append(question)


class TargetHandler(Handler[SootState, OfferTarget, Choose]):
    """The :class:`~hexkit_soot.actions.OfferTarget` question: what kind of offer, to whom.

    Source: rulebook, "Trading".
    """

    def answers(self, state: SootState, question: OfferTarget) -> Sequence[Choose]:
        """``Choose("player", 2 * q)`` for a trade, ``2 * q + 1`` for a contract, seat by seat."""
        return tuple(_target_options(question))

    def resolve(self, state: SootState, question: OfferTarget, answer: Choose) -> None:
        """Record the target and start building the offer."""
        _on_target(state, answer)


def _on_target(state: SootState, answer: Choose) -> None:
    """Record the target and start building the offer.

    Args:
        state: the game.
        answer: ``player`` with arg ``2 * target`` (trade) or ``2 * target + 1`` (contract).

    Source: rulebook, "Trading".
    """
    offer = state.offer
    if offer is None:
        return
    offer.target = answer.arg // 2
    offer.binding = bool(answer.arg % 2)
    if offer.binding:
        menu = deadline_menu(state)
        offer.deadline = menu[1] if len(menu) > 1 else menu[0]
    _ask_build(state, offer)


# -- building the offer --------------------------------------------------
# The answers naming one good ("give 1 more Timber") depend only on the data's
# good ids: made once per data (through optf, so they are the shared objects)
# and looked up by the good's name at every question, where optf would build and
# hash its key each time (an offer asks one question per change, 18% of a random
# playout's decisions).
_BY_GOOD: tuple[object, dict[str, Choose], dict[str, Choose], dict[str, Choose]] = (None, {}, {}, {})
"""The data the tables below were made for, then the answers by good name: ``give``,
``promise`` (a Binding Trade Contract's goods) and ``ask``."""


def _good_tables(d: object) -> tuple[object, dict[str, Choose], dict[str, Choose], dict[str, Choose]]:
    """:data:`_BY_GOOD` for the data ``d`` (emptied when the data changes)."""
    global _BY_GOOD
    if _BY_GOOD[0] is not d:
        _BY_GOOD = (d, {}, {}, {})
    return _BY_GOOD


def _good_answer(table: dict[str, Choose], code: str, template: str, good: str, ids: dict[str, int]) -> Choose:
    """``optf(code, ids[good], template, good)``, kept in ``table`` by the good's name."""
    answer = table[good] = optf(code, ids[good], template, good)
    return answer


def _give_options(state: SootState, offer: TradeOffer, names: Sequence[str]) -> list[Choose]:
    d = data(state)
    ids = d.good_ids
    _, gives, promises, _ = _good_tables(d)
    if offer.binding:
        return [promises.get(g) or _good_answer(promises, "give", "promise 1 more {}", g, ids)
                for g in _owned_kinds(state, offer.offerer)]
    stock = state.players[offer.offerer].stock
    tier3_goods, give, ask = d.tier3_goods, offer.give, offer.ask
    # sorted(stock) less the Tier 3 goods is _tradeable(state, stock), in the same order
    return [gives.get(g) or _good_answer(gives, "give", "give 1 more {}", g, ids)
            for g in sorted(stock) if g not in tier3_goods and give.get(g, 0) < stock[g] and g not in ask]


def _ask_options(state: SootState, offer: TradeOffer, names: Sequence[str]) -> list[Choose]:
    if offer.binding:
        return []
    # Ingredient kinds are offered whenever the target holds more ingredients
    # than already asked: the split by kind is behind their screen.
    d = data(state)
    stock = state.players[offer.target].stock
    specials = d.special_goods
    ask, give = offer.ask, offer.give
    room = _ingredients(state, offer.target) - sum(ask.get(g, 0) for g in specials)
    ids = d.good_ids
    asks = _good_tables(d)[3]
    tier3_goods = d.tier3_goods
    # in name order (sorted(stock), as _tradeable lists them)
    out = [asks.get(g) or _good_answer(asks, "ask", "ask 1 more {}", g, ids)
           for g in sorted(stock)
           if g not in tier3_goods and g not in specials and ask.get(g, 0) < stock[g] and g not in give]
    if room > 0:
        out.extend(asks.get(g) or _good_answer(asks, "ask", "ask 1 more {}", g, ids) for g in specials if g not in give)
        out.sort(key=lambda o: names[o.arg])  # the ingredients among the others, by name
    return out


_CURRENCY_ANSWERS: dict[tuple[int, int], Choose] = {}
"""The currency answers by the offer's target and the new net value (their labels read both)."""


def _currency_option(offer: TradeOffer, value: int) -> Choose:
    key = (offer.target, value)
    answer = _CURRENCY_ANSWERS.get(key)
    if answer is None:
        if len(_CURRENCY_ANSWERS) >= 4096:
            _CURRENCY_ANSWERS.clear()
        if value > 0:
            answer = optf("currency", value, "currency: P{} pays {}¤", offer.target, value)
        elif value < 0:
            answer = optf("currency", value, "currency: you pay {}¤", -value)
        else:
            answer = opt("currency", value, "currency: none")
        _CURRENCY_ANSWERS[key] = answer
    return answer


def _currency_options(state: SootState, offer: TradeOffer) -> list[Choose]:
    """New net currency values one step away that both players can pay."""
    step = data(state).numbers.trade_currency_step
    top = state.players[offer.target].currency
    bottom = 0 if offer.binding else -state.players[offer.offerer].currency
    values = sorted({offer.currency + d for d in (-step, -1, 1, step)})
    return [_currency_option(offer, v) for v in values if bottom <= v <= top]


def _complete(offer: TradeOffer) -> bool:
    """Both sides non-empty."""
    if offer.binding:
        return bool(offer.give) and offer.currency > 0
    return bool(offer.give or offer.currency < 0) and bool(offer.ask or offer.currency > 0)


def _ask_build(state: SootState, offer: TradeOffer) -> None:
    """Ask the offerer for the next change to the offer."""
    gives: list[Choose] = []
    asks: list[Choose] = []
    currencies: list[Choose] = []
    dues: list[Choose] = []
    if offer.edits < data(state).numbers.trade_edits_max:
        names = data(state).good_names
        gives = _give_options(state, offer, names)
        asks = _ask_options(state, offer, names)
        currencies = _currency_options(state, offer)
        if offer.binding:
            dues = [optf("due", r, "due by round {}", r) for r in deadline_menu(state) if r != offer.deadline]
    propose = _complete(offer) and _fits(state, offer)
    out = gives + asks + currencies + dues
    if propose:
        out.append(_PROPOSE)
    out.append(_CANCEL)
    give, get = _sides(offer)
    if offer.binding:
        prompt = f"Contract with P{offer.target}: deliver {give} by round {offer.deadline} for {get}"
    else:
        prompt = f"Trade with P{offer.target}: give {give}, get {get}"
    question = BuildOffer(
        player=offer.offerer, prompt=prompt, give=tuple([o.arg for o in gives]), ask=tuple([o.arg for o in asks]),
        currency=tuple([o.arg for o in currencies]), due=tuple([o.arg for o in dues]), propose=propose)
    global _LAST_BUILT
    _LAST_BUILT = (question, offer.target, offer.binding, tuple(out))
    state.pending.append(question)


_LAST_BUILT: tuple[BuildOffer | None, PlayerId, bool, tuple[Choose, ...]] = (None, -1, False, ())
"""The last question :func:`_ask_build` asked, the offer's target and kind it was
asked for, and its answers: :func:`_build_options` hands them back when that same
question object is listed for an offer with that target and kind (the labels read
them), instead of making them again (a random playout lists every one it asks)."""


def _build_options(state: SootState, question: BuildOffer) -> tuple[Choose, ...]:
    """The answers of ``question``, as :func:`_ask_build` listed them (one masked ``"?"`` per kind when screened)."""
    if question.screened:
        kinds = (("give", question.give), ("ask", question.ask), ("currency", question.currency),
                 ("due", question.due), ("propose", question.propose), ("cancel", True))
        return tuple(opt(code, -1, "?") for code, present in kinds if present)
    offer = state.offer
    asked, target, binding, answers = _LAST_BUILT
    if asked is question and offer is not None and target == offer.target and binding == offer.binding:
        return answers
    names = data(state).good_names
    verb = "promise" if offer is not None and offer.binding else "give"
    out = [optf("give", g, f"{verb} 1 more {{}}", names[g]) for g in question.give]
    out += [optf("ask", g, "ask 1 more {}", names[g]) for g in question.ask]
    if offer is not None:
        out += [_currency_option(offer, v) for v in question.currency]
    out += [optf("due", r, "due by round {}", r) for r in question.due]
    if question.propose:
        out.append(_PROPOSE)
    out.append(_CANCEL)
    return tuple(out)


class BuildHandler(Handler[SootState, BuildOffer, Choose]):
    """The :class:`~hexkit_soot.actions.BuildOffer` question: change the offer, propose it or cancel it.

    Source: rulebook, "Trading"; "Binding Trade Contracts".
    """

    def answers(self, state: SootState, question: BuildOffer) -> Sequence[Choose]:
        """The changes offered, then ``propose`` (when complete) and ``cancel``."""
        return _build_options(state, question)

    def resolve(self, state: SootState, question: BuildOffer, answer: Choose) -> None:
        """Apply one change to the offer, propose it, or cancel it."""
        _on_build(state, question.player, answer)


def _on_build(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Apply one change to the offer, propose it, or cancel it.

    Args:
        state: the game.
        player: the offerer.
        answer: ``give``/``ask`` (good id), ``currency`` (the new net value),
            ``due`` (round), ``propose`` or ``cancel``.

    Source: rulebook, "Trading"; "Binding Trade Contracts".
    """
    offer = state.offer
    if offer is None:
        return
    if answer.code == "cancel":
        state.offer = None  # never proposed, so nothing is withdrawn; it still counts toward the round's offers
        state.note(player, f"cancelled an offer to P{offer.target} before proposing it")
        return
    if answer.code == "propose":
        _propose(state, offer)
        return
    names = data(state).good_names
    if answer.code == "give":
        add_goods(offer.give, names[answer.arg], 1)
    elif answer.code == "ask":
        add_goods(offer.ask, names[answer.arg], 1)
    elif answer.code == "currency":
        offer.currency = answer.arg
    elif answer.code == "due":
        offer.deadline = answer.arg
    offer.edits += 1
    _ask_build(state, offer)


def _propose(state: SootState, offer: TradeOffer) -> None:
    """Log the offer and put it to the target."""
    give, get = _sides(offer)
    if offer.binding:
        terms = f"a Binding Trade Contract: {give} by round {offer.deadline} for {get}"
    else:
        terms = f"{give} for {get}"
    state.note(offer.offerer, f"offers P{offer.target} {terms}")
    state.pending.append(AnswerOffer(player=offer.target, prompt=f"P{offer.offerer} offers you {terms}"))


# -- answering -----------------------------------------------------------
def _still_possible(state: SootState, offer: TradeOffer) -> bool:
    """Whether an accepted offer can happen now: the goods, currency and contract room are there."""
    a, b = state.players[offer.offerer], state.players[offer.target]
    if offer.binding:
        limit = data(state).numbers.binding_open_max
        return (b.currency >= offer.currency and open_bindings(state, offer.offerer) < limit
                and open_bindings(state, offer.target) < limit)
    if not (_holds(state, offer.offerer, offer.give) and _holds(state, offer.target, offer.ask)):
        return False
    if not _fits(state, offer):
        return False
    return a.currency >= -offer.currency and b.currency >= offer.currency


def _answer_options(state: SootState) -> tuple[Choose, ...]:
    """The target's answers: accept (while the offer can still happen) and decline."""
    if state.offer is not None and _still_possible(state, state.offer):
        return (opt("accept", 1, "accept"), opt("decline", 0, "decline"))
    return (opt("decline", 0, "decline"),)


class AnswerHandler(Handler[SootState, AnswerOffer, Choose]):
    """The :class:`~hexkit_soot.actions.AnswerOffer` question: accept or decline.

    Source: rulebook, "Trading"; "Binding Trade Contracts".
    """

    def answers(self, state: SootState, question: AnswerOffer) -> Sequence[Choose]:
        """``accept`` (if possible now) and ``decline``."""
        return _answer_options(state)

    def resolve(self, state: SootState, question: AnswerOffer, answer: Choose) -> None:
        """Accept (carry out the trade or sign the contract) or decline."""
        offer = state.offer
        state.offer = None
        if offer is None:
            return
        if answer.code != "accept":
            state.note(question.player, f"declined P{offer.offerer}'s offer")
        elif offer.binding:
            _sign(state, offer)
        else:
            _exchange(state, offer)


def _exchange(state: SootState, offer: TradeOffer) -> None:
    """Move both bundles and the net currency at once."""
    a, b = state.players[offer.offerer], state.players[offer.target]
    for g, n in offer.give.items():
        hand_over_goods(state, offer.offerer, offer.target, g, n)
    for g, n in offer.ask.items():
        hand_over_goods(state, offer.target, offer.offerer, g, n)
    if offer.currency > 0:
        _must_transfer(state, offer.target, offer.offerer, offer.currency)
    else:
        _must_transfer(state, offer.offerer, offer.target, -offer.currency)
    _tally(state, "trades_accepted", offer.target)
    give, get = _sides(offer)
    state.note(offer.offerer, f"trades {give} to P{offer.target} for {get}")


def _must_transfer(state: SootState, payer: PlayerId, payee: PlayerId, n: int) -> None:
    """Move ``n`` ¤ that :func:`_still_possible` checked ``payer`` holds."""
    if not transfer_currency(state, payer, payee, n):
        raise RuntimeError(f"P{payer} must pay {n}¤ to P{payee} but holds {state.players[payer].currency}¤")


def _sign(state: SootState, offer: TradeOffer) -> None:
    """The buyer pays the price into the contract; the contract opens."""
    spend_currency(state, offer.target, offer.currency)  # held in the contract until delivery
    state.bindings.append(BindingContract(seller=offer.offerer, buyer=offer.target, goods=dict(offer.give),
                                          price=offer.currency, deadline=offer.deadline))
    state.note(offer.target, f"signed a Binding Trade Contract: P{offer.offerer} delivers "
                             f"{bundle_text(offer.give)} by round {offer.deadline}; "
                             f"{offer.currency}¤ paid in, held until delivery")


# -- delivering and enforcing --------------------------------------------
def _deliver_options(state: SootState, player: PlayerId) -> list[Choose]:
    if not state.bindings:  # the common case, decided before any lookup
        return []
    ids = data(state).good_ids
    stock = state.players[player].stock
    out = []
    for i, b in enumerate(state.bindings):
        if b.seller != player:
            continue
        for g in sorted(b.goods):
            k = _deliverable(state, b, g, stock.get(g, 0))
            if k:
                out.append(opt(DELIVER, i * len(ids) + ids[g],
                               f"deliver {k} {g} to P{b.buyer} (contract due round {b.deadline})"))
    return out


def _deliverable(state: SootState, b: BindingContract, good: str, held: int) -> int:
    """Units of ``good`` the seller can deliver now: owed, held, and within the buyer's room (I40)."""
    k = min(b.goods[good], held)
    if not _special(state, good):
        k = min(k, network_room(state, b.buyer))
    return k


@free_action(DELIVER, _deliver_options)
def on_deliver(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Deliver one good of a contract (as many units as held) and collect its share of the price.

    Args:
        state: the game.
        player: the seller.
        answer: ``Deliver Binding`` with arg ``contract * goods + good id``.

    Source: rulebook, "Binding Trade Contracts"; partial delivery and the
    buyer's room (I40) are assumed.
    """
    names = list(data(state).goods)
    b = state.bindings[answer.arg // len(names)]
    good = names[answer.arg % len(names)]
    k = _deliverable(state, b, good, state.players[player].stock[good])
    owed = b.units()
    paid = b.price if k == owed else b.price * k // owed
    hand_over_goods(state, player, b.buyer, good, k)
    add_goods(b.goods, good, -k)  # the contract owes k fewer
    b.price -= paid
    gain_currency(state, player, paid)
    state.note(player, f"delivers {k} {good} to P{b.buyer} under a Binding Trade Contract and collects {paid}¤")
    if not b.goods:
        state.bindings.remove(b)
        state.note(player, f"fulfilled the Binding Trade Contract with P{b.buyer}")


def enforce_bindings(state: SootState) -> None:
    """When Upkeep begins: settle the contracts due this round (all of them in the game's last round).

    Each undelivered unit costs the seller ``binding_penalty`` (2¤) to the
    buyer, at most what the seller has; the buyer gets back the price still
    held.

    Args:
        state: the game.

    Source: rulebook, "Binding Trade Contracts" (2¤ per undelivered unit,
    paid when the deadline round's Upkeep begins).
    """
    penalty = data(state).numbers.binding_penalty
    final = game_over_now(state)
    keep = []
    for b in state.bindings:
        if b.deadline > state.round and not final:
            keep.append(b)
            continue
        seller = state.players[b.seller]
        owed = penalty * b.units()
        paid = min(owed, seller.currency)
        transfer_currency(state, b.seller, b.buyer, paid)  # paid <= the seller's currency
        gain_currency(state, b.buyer, b.price)  # the price held in the contract
        short = f" ({owed - paid}¤ forgiven: no more currency)" if paid < owed else ""
        state.note(b.seller, f"failed to deliver {bundle_text(b.goods)} to P{b.buyer} by round "
                             f"{b.deadline}: paid {paid}¤{short}; P{b.buyer} gets back {b.price}¤")
    state.bindings = keep


# -- loading -------------------------------------------------------------
def _check_goods(state: SootState, where: str, goods: Goods) -> None:
    for g, n in goods.items():
        if g not in data(state).goods or tier3(state, g):
            raise InvalidRecordError(f"{where}.{g}", "is not a good that can be traded")
        if n <= 0:
            raise InvalidRecordError(f"{where}.{g}", f"must be positive, got {n}")


def _check_seat(state: SootState, where: str, seat: int, allow_none: bool = False) -> None:
    if not (0 <= seat < state.config.players or (allow_none and seat == -1)):
        raise InvalidRecordError(where, f"{seat} is not a seat of this {state.config.players}-player game")


def check_trades(state: SootState) -> None:
    """Refuse a loaded state whose open offer or contracts break the trading rules.

    Args:
        state: the loaded game.

    Raises:
        InvalidRecordError: naming the field (``"state.bindings.0.price"``).

    Source: rulebook, "Trading", "Binding Trade Contracts".
    """
    nums = data(state).numbers
    for i, b in enumerate(state.bindings):
        where = f"state.bindings.{i}"
        _check_seat(state, f"{where}.seller", b.seller)
        _check_seat(state, f"{where}.buyer", b.buyer)
        if b.buyer == b.seller:
            raise InvalidRecordError(f"{where}.buyer", "a contract needs two different players")
        if not b.goods:
            raise InvalidRecordError(f"{where}.goods", "an open contract owes at least one unit")
        _check_goods(state, f"{where}.goods", b.goods)
        if b.price < 0:
            raise InvalidRecordError(f"{where}.price", f"must not be negative, got {b.price}")
        if not 1 <= b.deadline <= nums.hard_cap:
            raise InvalidRecordError(f"{where}.deadline", f"{b.deadline} is outside 1..{nums.hard_cap}")
    for seat in range(len(state.players)):
        if open_bindings(state, seat) > nums.binding_open_max:
            raise InvalidRecordError("state.bindings", f"P{seat} has more than {nums.binding_open_max} open contracts")
    offer = state.offer
    if offer is None:
        return
    _check_seat(state, "state.offer.offerer", offer.offerer)
    _check_seat(state, "state.offer.target", offer.target, allow_none=True)
    if offer.target == offer.offerer:
        raise InvalidRecordError("state.offer.target", "an offer needs two different players")
    _check_goods(state, "state.offer.give", offer.give)
    _check_goods(state, "state.offer.ask", offer.ask)
    if offer.binding and (offer.ask or offer.currency < 0):
        raise InvalidRecordError("state.offer", "a contract asks only a price (currency >= 0) of the buyer")
    if offer.edits < 0:
        raise InvalidRecordError("state.offer.edits", f"must not be negative, got {offer.edits}")
