"""Warehouses & Network: where a player's goods are, and paying with them.

A player's warehouse network is the Central City (everyone's free node),
their built warehouses (at most 2) and a Depot Town they founded. Goods in
the network move freely between its nodes, so the network is one stock.
Tier 3 goods are never warehoused: they stay on caravans or loose on a hex.

Capacity (assumed, interpretation I40): each node holds
``warehouse_capacity`` (12) bulk goods, so the network holds that many times
its nodes; Cultural Artifacts and Specialty Materials never count.
:func:`network_room` is the one measure every rule that puts goods into a
network asks: a gain that does not fit is lost to the supply, and a
voluntary move (unloading, buying, a trade) is offered only up to the room
left.

Paying goods at a hex (for building, refining, fulfilling, selling) takes
them from the player's caravans on that hex, then their loose goods there,
then, if the hex is one of their nodes (or the payment is not tied to a
hex), from the network.

Interpretation (assumed): building costs (camps, settlements, structures,
routes, upgrades) may be paid from the network wherever the Builder is;
the rulebook says the Builder must be present, not the goods. A card may be
spent as one wild resource when goods fall short: the payer's choice of
cards (:func:`hexkit_soot.rules.cards.wild_cards`), else the lowest-value
cards first. A resource discount (Explorer and Builder together, the
Railroad Baron, Land Office, Land Grant) waives units of a cost of the
payer's choice (:func:`waivable`; the question is asked by
:func:`hexkit_soot.rules.cards.build_payment`): a waived unit covers a
missing one just as a wild card does.

Source: rulebook, "Warehouses & Network"; "Cards" (wild resource);
Components, "Cultural Artifacts and Specialty Materials" (not warehoused
against capacity), "Token supply" (warehouse caps).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.ledger import data, return_goods, spend_currency
from hexkit_soot.rules.capacity import (
    counts_in_network,
    is_node,
    network_capacity,
    network_load,
    network_room,
    nodes,
)
from hexkit_soot.state import CENTRAL_CITY, Goods, SootState

__all__ = [
    "nodes",
    "is_node",
    "counts_in_network",
    "network_capacity",
    "network_load",
    "network_room",
    "pool_at",
    "holds_at",
    "affordable",
    "can_pay",
    "pay",
    "waivable",
    "shortfall",
    "less",
    "food_value",
    "fuel_value",
    "tier3",
    "can_build",
    "build_pool",
    "pay_build",
]


def tier3(state: SootState, good: str) -> bool:
    """Whether ``good`` is a Tier 3 good (never warehoused).

    Args:
        state: the game.
        good: the good's name.
    """
    g = data(state).goods[good]
    return g.kind == "tracked" and g.tier == 3


def pool_at(state: SootState, player: PlayerId, at: Hex | None, network: bool | None = None) -> Goods:
    """All goods the player can use at ``at``: caravans there, loose there, and the network.

    Args:
        state: the game.
        player: whose goods.
        at: the hex, or ``None`` for the network alone.
        network: include the network (default: when ``at`` is a node or ``None``).
    """
    p = state.players[player]
    if network is None:
        network = at is None or is_node(state, player, at)
    out: Goods = p.stock.copy() if network else {}
    if at is not None:
        for c in p.caravans:
            if c.loc == at:
                for g, n in c.cargo.items():
                    out[g] = out.get(g, 0) + n
        loose = p.loose.get(at)
        if loose:
            for g, n in loose.items():
                out[g] = out.get(g, 0) + n
    return out


def holds_at(state: SootState, player: PlayerId, at: Hex, network: bool | None = None) -> bool:
    """Whether :func:`pool_at` at ``at`` lists any good (``bool(pool_at(...))``,
    found without building it: the turn menu asks).

    Args:
        state: the game.
        player: whose goods.
        at: the hex.
        network: include the network (default: when ``at`` is a node).
    """
    p = state.players[player]
    if p.stock and (network if network is not None else is_node(state, player, at)):
        return True
    for c in p.caravans:
        if c.loc == at and c.cargo:
            return True
    return bool(p.loose.get(at))


def affordable(cost: Goods, pool: Goods, spare: int) -> bool:
    """Whether ``pool`` pays ``cost`` with at most ``spare`` units missing
    (the goods test of :func:`can_pay`, for callers that test many costs).

    Args:
        cost: goods to pay, by name.
        pool: goods held, by name.
        spare: missing units that may be covered (cards from hand, waived units).
    """
    for g, n in cost.items():
        have = pool.get(g, 0)
        if n > have:
            spare -= n - have
            if spare < 0:
                return False
    return True


def waivable(cost: Goods, discount: int) -> int:
    """Units of ``cost`` a resource discount of ``discount`` may waive.

    The payer chooses which units (see
    :func:`hexkit_soot.rules.cards.build_payment`); at least 1 unit of the
    cost is always paid.

    Args:
        cost: goods to pay, by name.
        discount: the resources the discounts take off together.

    Returns:
        ``discount`` capped so that 1 unit is left (0 for a cost of 1 unit).

    Source: rulebook, "Explorer and Builder together" (-1 resource on any
    building action, minimum 1 total resource); §21 Railroad Baron (-1 per
    Build Route, min 1), Land Office.
    """
    if discount <= 0:
        return 0
    total = sum(cost.values())
    return min(discount, total - 1) if total > 1 else 0


def shortfall(cost: Goods, pool: Goods) -> int:
    """Units of ``cost`` that ``pool`` does not hold.

    Args:
        cost: goods to pay, by name.
        pool: goods held, by name.
    """
    return sum(n - pool.get(g, 0) for g, n in cost.items() if n > pool.get(g, 0))


def less(cost: Goods, waived: Goods) -> Goods:
    """``cost`` without the units ``waived`` (goods at 0 dropped).

    Args:
        cost: goods to pay, by name.
        waived: units taken off, by name.
    """
    out = {g: n - waived.get(g, 0) for g, n in cost.items()}
    return {g: n for g, n in out.items() if n > 0}


def can_pay(
    state: SootState, player: PlayerId, cost: Goods, at: Hex | None, currency: int = 0,
    network: bool | None = None, wild: bool = True, pool: Goods | None = None, waive: int = 0,
) -> bool:
    """Whether ``player`` can pay ``cost`` (goods) and ``currency`` at ``at``.

    Missing goods may be covered by cards from hand (1 wild resource each)
    when ``wild``, and by ``waive`` units a discount takes off (the payer
    waives the units they are short of).

    Args:
        state: the game.
        player: the seat concerned.
        cost: goods to pay, by name.
        at: where the goods must be, or ``None`` for the network.
        currency: currency to pay as well.
        network: count the warehouse network too (default: when ``at`` is a node or ``None``).
        wild: let cards from hand cover missing goods (1 wild resource each).
        pool: ``pool_at(state, player, at, network)`` when the caller already
            has it (testing several costs at one place), else computed here.
        waive: units of ``cost`` a discount waives (:func:`waivable`).
    """
    p = state.players[player]
    if p.currency < currency:
        return False
    if pool is None:
        # Paying from the network alone: the pool is the stock itself, read without a copy.
        pool = p.stock if at is None and network is not False else pool_at(state, player, at, network)
    spare = (len(p.hand) if wild else 0) + waive  # cards and waived units cover missing units, one each
    for g, n in cost.items():
        have = pool.get(g, 0)
        if n > have:
            spare -= n - have
            if spare < 0:
                return False
    return True


def _take(state: SootState, player: PlayerId, good: str, n: int, at: Hex | None, network: bool) -> int:
    """Take up to ``n`` of ``good`` from the places usable at ``at`` back to the supply; return the rest owed."""
    p = state.players[player]
    if at is not None:
        for i, c in enumerate(p.caravans):
            if n and c.loc == at and c.cargo.get(good):
                k = min(n, c.cargo[good])
                return_goods(state, player, good, k, i)
                n -= k
        loose = p.loose.get(at)
        if n and loose and loose.get(good):
            k = min(n, loose[good])
            return_goods(state, player, good, k, at)
            n -= k
    if n and network and p.stock.get(good):
        k = min(n, p.stock[good])
        return_goods(state, player, good, k)
        n -= k
    return n


def _holds(hand: Sequence[str], cards: Sequence[str]) -> bool:
    """Whether ``hand`` holds every card of ``cards`` (repeats counted)."""
    return all(hand.count(c) >= cards.count(c) for c in set(cards))


def pay(
    state: SootState, player: PlayerId, cost: Goods, at: Hex | None, currency: int = 0,
    why: str = "", network: bool | None = None, wild: bool = True, cards: Sequence[str] | None = None,
    waived: Goods | None = None,
) -> bool:
    """Pay ``cost`` and ``currency`` at ``at`` (goods return to the supply).

    Args:
        state: the game.
        player: the seat concerned.
        cost: goods to pay, by name.
        at: where the goods must be, or ``None`` for the network.
        currency: currency to pay as well.
        why: the reason written to the log.
        network: count the warehouse network too (default: when ``at`` is a node or ``None``).
        wild: let cards from hand cover missing goods (1 wild resource each).
        cards: the cards chosen to cover missing goods (one per missing
            unit; when not given or not held: the lowest-value cards).
        waived: units a discount took off ``cost`` (written to the log).

    Returns:
        Whether it was paid; when it cannot be, nothing changes.
    """
    if not can_pay(state, player, cost, at, currency, network, wild):
        return False
    use_network = at is None or is_node(state, player, at) if network is None else network
    p = state.players[player]
    spend_currency(state, player, currency)
    wilds = 0
    for good, n in cost.items():
        wilds += _take(state, player, good, n, at, use_network)  # taken back to the supply
    spent: list[str] = []
    if wilds:
        chosen = list(cards) if cards is not None and len(cards) == wilds and _holds(p.hand, cards) else None
        for card in chosen or sorted(p.hand, key=lambda c: (data(state).cards[c].value, c))[:wilds]:
            p.hand.remove(card)
            state.discard.append(card)
            spent.append(card)
    if why:
        parts = [f"{n} {g}" for g, n in cost.items()]
        if currency:
            parts.append(f"{currency}¤")
        extra = f", cards as wild: {', '.join(spent)}" if spent else ""
        if waived:
            extra += f", discount waived {' + '.join(f'{n} {g}' for g, n in waived.items())}"
        state.note(player, f"paid {' + '.join(parts) or 'nothing'} for {why}{extra}")
    return True


def food_value(state: SootState, good: str) -> int:
    """Food value of one unit (0 if not food). Source: Components §20.1 (assumed values).

    Args:
        state: the game.
        good: the good's name.
    """
    return data(state).goods[good].food


def fuel_value(state: SootState, good: str) -> int:
    """Fuel units of one token (0 if not fuel).

    Args:
        state: the game.
        good: the good's name.
    """
    return data(state).goods[good].fuel


def can_build(
    state: SootState, player: PlayerId, cost: Goods, at: Hex, currency: int = 0, pool: Goods | None = None,
    waive: int = 0,
) -> bool:
    """Whether ``player`` can pay a building cost at ``at`` (the network always counts).

    Args:
        state: the game.
        player: the seat concerned.
        cost: goods to pay, by name.
        at: the building site.
        currency: currency to pay as well.
        pool: :func:`build_pool` at ``at`` when the caller already has it.
        waive: units of ``cost`` a discount waives (:func:`waivable`).
    """
    return can_pay(state, player, cost, at, currency, network=True, pool=pool, waive=waive)


def build_pool(state: SootState, player: PlayerId, at: Hex) -> Goods:
    """The goods that pay a building cost at ``at`` (see :func:`can_build`).

    Args:
        state: the game.
        player: the seat concerned.
        at: the building site.
    """
    return pool_at(state, player, at, network=True)


def pay_build(
    state: SootState, player: PlayerId, cost: Goods, at: Hex, currency: int = 0, why: str = "",
    cards: Sequence[str] | None = None, waived: Goods | None = None,
) -> bool:
    """Pay a building cost at ``at`` from caravans and loose goods there, then the network.

    Args:
        state: the game.
        player: the seat concerned.
        cost: goods to pay, by name.
        at: the building site.
        currency: currency to pay as well.
        why: the reason written to the log.
        cards: the cards chosen as wild resources (see :func:`pay`).
        waived: units a discount took off ``cost`` (written to the log).
    """
    return pay(state, player, cost, at, currency, why=why, network=True, cards=cards, waived=waived)
