"""Market Transaction: buy or sell one good type, up to 3 units (Merchant 5).

Only at market locations (Central City, Market Towns, River Ports; not a
Struggling one), with a caravan of yours there or when the location is one
of your warehouse nodes, and route access to it (:mod:`.access`, I51). All units trade at the pre-move price; the track
moves once afterwards. Selling: the listed price per unit, +2 per unit at a
market 4+ hexes from the Central City (frontier premium), +1 per unit in
Boom; then the track falls 1 per unit (Tier 3: 2 per unit). Buying: listed
+1 per unit; then the track rises 1 per unit. Raw goods have fixed prices;
Cultural Artifacts and Specialty Materials sell flat at 5 and cannot be
bought. Selling a Tier 3 good raises its demand-linked input 1 step (once
per transaction). Bought goods appear at the market: in your network if it
is your node (Tier 3 goods loose on the hex), else loose on the hex. Into
the network you buy at most its room (I40): a good that would not fit is
not offered, and the quantity menu stops at the room left.

Interpretation (assumed): the premium and Boom bonus apply to every sale
except the flat-priced special goods; raw goods are bought at price +1.

Source: rulebook, "Market Economy"; reference card "MARKET"; Seasons (Boom).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.errors import HexkitError
from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import ChooseGood, ChooseMarket, Choose, MarketQuantity
from hexkit_soot.effects import Hook, modify, sources
from hexkit_soot.effects.reactions import Moment, notify
from hexkit_soot.grid import code_hex, hex_code, season_of
from hexkit_soot.ledger import (
    data,
    from_supply,
    gain_currency,
    move_price,
    place_goods,
    raw_price,
    spend_currency,
)
from hexkit_soot.rules.access import route_access
from hexkit_soot.rules.scenarios import premium_distance
from hexkit_soot.rules.network import holds_at, is_node, network_room, pay, pool_at, tier3
from hexkit_soot.rules.settlements import charter, is_market
from hexkit_soot.rules.steps import main_action, opt, optf, refuse_masked
from hexkit_soot.state import CENTRAL_CITY, SootState
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["markets_for", "sell_price", "buy_price", "buy_room", "sell", "buy", "max_units", "WhereHandler", "GoodHandler",
           "QuantityHandler"]


def markets_for(state: SootState, player: PlayerId) -> list[Hex]:
    """Market locations where ``player`` can trade now (with a caravan there or
    as a node, and route access: I51).

    Args:
        state: the game.
        player: the seat concerned.
    """
    p = state.players[player]
    here = {c.loc for c in p.caravans}
    return sorted(h for h in state.settlements if is_market(state, h) and (h in here or is_node(state, player, h))
                  and route_access(state, player, h))


def sell_price(state: SootState, player: PlayerId, good: str, at: Hex) -> int:
    """Currency per unit for selling ``good`` at ``at`` now.

    Args:
        state: the game.
        player: the seat concerned.
        good: the good's name.
        at: the market location.
    """
    return _sell_price(state, player, good, _sell_extra(state, at))


def _sell_extra(state: SootState, at: Hex) -> int:
    """What every non-special good sells for above its price at ``at`` now: the frontier
    premium (The Long Valley: from 3 hexes) and the Boom bonus (the same for every good,
    so a list of sell answers asks once)."""
    nums = data(state).numbers
    extra = nums.premium if at.distance(CENTRAL_CITY) >= premium_distance(state) else 0
    if season_of(state.round) == "Boom":
        extra += nums.boom_bonus
    return extra


def _sell_price(state: SootState, player: PlayerId, good: str, extra: int) -> int:
    """:func:`sell_price` with the market's :func:`_sell_extra` found already."""
    g = data(state).goods[good]
    if g.kind == "special":
        return g.price
    base = state.prices[good] if g.kind == "tracked" else raw_price(state, good)
    return modify(state, player, Hook.SELL_BONUS, 0, {"good": good}) + base + extra


def buy_price(state: SootState, player: PlayerId, good: str) -> int:
    """Currency per unit for buying ``good`` now (listed + markup).

    Args:
        state: the game.
        player: the seat concerned.
        good: the good's name.
    """
    g = data(state).goods[good]
    base = state.prices[good] if g.kind == "tracked" else raw_price(state, good)
    return base + modify(state, player, Hook.BUY_MARKUP, data(state).numbers.buy_markup)


def max_units(state: SootState, player: PlayerId, side: str = "sell") -> int:
    """Units per Market Transaction (3; the Merchant sells up to 5).

    Args:
        state: the game.
        player: the seat concerned.
        side: ``sell`` or ``buy``.
    """
    return modify(state, player, Hook.SELL_UNITS, data(state).numbers.sell_units, {"side": side})


def buy_room(state: SootState, player: PlayerId, good: str, at: Hex) -> int | None:
    """How many units of ``good`` bought at ``at`` have a place, or None for no limit.

    Bought goods go into the network at the player's node (Tier 3 goods
    excepted), which takes at most its room; elsewhere they lie loose on
    the market hex.

    Args:
        state: the game.
        player: the seat concerned.
        good: the good's name.
        at: the market location.

    Returns:
        The network's room left, or None when the goods do not enter it.

    Source: rulebook, "Market Economy"; assumed capacity (I40).
    """
    if is_node(state, player, at) and not tier3(state, good):
        return network_room(state, player)
    return None


def _good_options(state: SootState, player: PlayerId, at: Hex) -> list[Choose]:
    d = data(state)
    ids = d.good_ids
    pool = pool_at(state, player, at)
    out = []
    extra = _sell_extra(state, at)
    for good in sorted(pool):
        out.append(optf("sell", ids[good], "sell {} at {}", good, _sell_price(state, player, good, extra)))
    cur = state.players[player].currency
    markup = modify(state, player, Hook.BUY_MARKUP, d.numbers.buy_markup)
    full = is_node(state, player, at) and network_room(state, player) == 0
    supply, prices, bonus = state.supply, state.prices, state.raw_bonus
    for i, (name, g) in enumerate(d.goods.items()):
        # tier3(state, name) and raw_price(state, name) read this same data entry g: inlined,
        # as every good of the data is asked each time
        if g.kind != "special" and supply.count(name) > 0 and not (full and not (g.kind == "tracked" and g.tier == 3)):
            listed = prices.get(name)  # _listed(state, name), inlined
            price = (listed if listed is not None else g.price + bonus.get(name, 0)) + markup
            if price <= cur:
                out.append(optf("buy", i, "buy {} at {}", name, price))
    return out


def _available(state: SootState, player: PlayerId) -> bool:
    # the common yes first: the Central City is a market on everyone's network,
    # where most players hold goods (one of markets_for's when a node, route access included)
    if is_market(state, CENTRAL_CITY) and is_node(state, player, CENTRAL_CITY) and holds_at(state, player, CENTRAL_CITY, True):
        return True
    markets = markets_for(state, player)
    if not markets:
        return False
    if any(holds_at(state, player, h) for h in markets):
        return True
    cur = state.players[player].currency
    markup = modify(state, player, Hook.BUY_MARKUP, data(state).numbers.buy_markup)
    # a full network takes no bulk goods: only Tier 3 goods can be bought then,
    # unless some market is not one of the player's nodes
    tier3_only = network_room(state, player) == 0 and all(is_node(state, player, h) for h in markets)
    # some good in the supply affordable (stops at the first, unlike the cheapest); a plain
    # loop, tier3() and _listed() inlined on the data entry in hand
    supply, prices, bonus = state.supply, state.prices, state.raw_bonus
    for name, g in data(state).goods.items():
        if g.kind != "special" and supply.count(name) > 0 and (not tier3_only or (g.kind == "tracked" and g.tier == 3)):
            listed = prices.get(name)
            if (listed if listed is not None else g.price + bonus.get(name, 0)) + markup <= cur:
                return True
    return False


def _listed(state: SootState, good: str) -> int:
    price = state.prices.get(good)
    return price if price is not None else raw_price(state, good)


@main_action("Market Transaction", _available)
def start(state: SootState, player: PlayerId) -> None:
    """Begin a Market Transaction: choose the market (if several)."""
    goods_at = {h: _good_options(state, player, h) for h in markets_for(state, player)}
    markets = [h for h, goods in goods_at.items() if goods]
    if len(markets) == 1:
        _ask_good(state, player, markets[0], goods_at[markets[0]])
    else:
        state.pending.append(ChooseMarket(player=player, prompt="Market: where?", markets=tuple(markets)))


def _ask_good(state: SootState, player: PlayerId, at: Hex, options: list[Choose] | None = None) -> None:
    """Ask what to buy or sell at ``at`` (``options``: its good options, if already listed)."""
    if options is None:
        options = _good_options(state, player, at)
    state.pending.append(ChooseGood(player=player, prompt="Market: buy or sell what?", at=at,
                                    sell=tuple(o.arg for o in options if o.code == "sell"),
                                    buy=tuple(o.arg for o in options if o.code == "buy")))


class WhereHandler(Handler[SootState, ChooseMarket, Choose]):
    """The :class:`~hexkit_soot.actions.ChooseMarket` question: at which market.

    Source: rulebook, "Market Transaction".
    """

    def answers(self, state: SootState, question: ChooseMarket) -> Sequence[Choose]:
        """``Choose("hex", hex_code(h))`` for each market offered."""
        return tuple(opt("hex", hex_code(h), f"trade at {h}") for h in question.markets)

    def resolve(self, state: SootState, question: ChooseMarket, answer: Choose) -> None:
        """Choose the good."""
        _ask_good(state, question.player, code_hex(answer.arg))


class GoodHandler(Handler[SootState, ChooseGood, Choose]):
    """The :class:`~hexkit_soot.actions.ChooseGood` question: which good to sell or buy.

    Source: rulebook, "Market Transaction".
    """

    def answers(self, state: SootState, question: ChooseGood) -> Sequence[Choose]:
        """The goods to sell, then to buy, at the state's prices (one ``"?"`` per kind when screened)."""
        if question.screened or question.at is None:
            return tuple(opt(code, -1, "?") for code, goods in (("sell", question.sell), ("buy", question.buy)) if goods)
        d = data(state)
        names = list(d.goods)
        player, at = question.player, question.at
        extra = _sell_extra(state, at)
        out = [optf("sell", g, "sell {} at {}", names[g], _sell_price(state, player, names[g], extra)) for g in question.sell]
        if question.buy:
            markup = modify(state, player, Hook.BUY_MARKUP, d.numbers.buy_markup)
            out += [optf("buy", g, "buy {} at {}", names[g], _listed(state, names[g]) + markup) for g in question.buy]
        return tuple(out)

    def resolve(self, state: SootState, question: ChooseGood, answer: Choose) -> None:
        """Choose the quantity."""
        if question.at is None:  # a masked question (another seat's view) is never answered
            refuse_masked(state, question, answer, "market")
        _on_good(state, question.player, question.at, answer)


def _on_good(state: SootState, player: PlayerId, at: Hex, answer: Choose) -> None:
    """Choose the quantity."""
    good = list(data(state).goods)[answer.arg]
    limit = max_units(state, player, answer.code)
    if answer.code == "sell":
        most = min(limit, pool_at(state, player, at).get(good, 0))
    else:
        price = buy_price(state, player, good)
        most = min(limit, state.supply.count(good), state.players[player].currency // price)
        room = buy_room(state, player, good, at)
        if room is not None:
            most = min(most, room)
    if most < 1:  # not reached: a good is offered only when at least one unit can change hands
        raise HexkitError(f"question 'market.qty' (Market: how many?) for P{player} has no options")
    state.pending.append(MarketQuantity(player=player, prompt="Market: how many?", at=at, good=answer.arg,
                                        sell=answer.code == "sell", most=most))


class QuantityHandler(Handler[SootState, MarketQuantity, Choose]):
    """The :class:`~hexkit_soot.actions.MarketQuantity` question: how many units to trade.

    Source: rulebook, "Market Transaction".
    """

    def answers(self, state: SootState, question: MarketQuantity) -> Sequence[Choose]:
        """``Choose("qty", n)`` for ``n`` in 1..``most`` (one masked answer in a view that hides them)."""
        if question.good < 0 or question.at is None:
            return (Choose(code="qty", arg=-1, label="?"),)
        good = list(data(state).goods)[question.good]
        side = "sell" if question.sell else "buy"
        return tuple(opt("qty", n, f"{side} {n} {good}") for n in range(1, question.most + 1))

    def resolve(self, state: SootState, question: MarketQuantity, answer: Choose) -> None:
        """Trade ``answer.arg`` units."""
        if question.at is None:  # a seat's view: refused, the question put back
            refuse_masked(state, question, answer, "market")
        good = list(data(state).goods)[question.good]
        if question.sell:
            sell(state, question.player, good, answer.arg, question.at)
        else:
            buy(state, question.player, good, answer.arg, question.at)


def sell(state: SootState, player: PlayerId, good: str, units: int, at: Hex) -> int:
    """Sell ``units`` of ``good`` at ``at``; return the currency received.

    Args:
        state: the game.
        player: the seat concerned.
        good: the good's name.
        units: how many.
        at: the market location.
    """
    d = data(state)
    g = d.goods[good]
    price = sell_price(state, player, good, at)
    pay(state, player, {good: units}, at, wild=False)
    total = price * units
    gain_currency(state, player, total)
    state.note(player, f"sold {units} {good} at {at} for {price} each ({total}¤)")
    if g.tier in (2, 3):
        _tally(state, f"tier{g.tier}_sold", player, units)
    if g.kind == "tracked":
        move_price(state, good, -units * (2 if g.tier == 3 else 1), "sale")
        if g.tier == 3 and g.link:
            move_price(state, g.link, 1, f"demand from {good}")
    notify(state, player, Moment.SOLD, {"good": good, "units": units, "hex": at})
    s = state.settlements.get(at)
    if s is not None and s.founder >= 0 and s.founder != player:
        if "Revenue Office" in sources(state, s.founder):
            charter(state, at, player, "sale")
    return total


def buy(state: SootState, player: PlayerId, good: str, units: int, at: Hex) -> int:
    """Buy ``units`` of ``good`` at ``at``; return the currency paid.

    Args:
        state: the game.
        player: the seat concerned.
        good: the good's name.
        units: how many (at most the network's room when it takes them).
        at: the market location.
    """
    d = data(state)
    g = d.goods[good]
    price = buy_price(state, player, good)
    room = buy_room(state, player, good, at)
    k = from_supply(state, good, units if room is None or room >= units else room)
    p = state.players[player]
    spend_currency(state, player, price * k)
    place_goods(state, player, good, k, None if is_node(state, player, at) and not tier3(state, good) else at)
    state.note(player, f"bought {k} {good} at {at} for {price} each ({price * k}¤)")
    if g.kind == "tracked":
        move_price(state, good, k, "purchase")
    return price * k
