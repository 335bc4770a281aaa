"""The Goods ledger: the only writer of Goods in the supply, on the map and on folios.

A Good is in exactly one place: the supply (``EmpyrealState.supply``,
a core :class:`~hexkit.components.Supply` keyed by colour), a hex of the map (``EmpyrealState.goods``, a sorted
tuple per cell) or a Company folio (``PlayerState.goods``, delivered Goods
per colour; they score). Each function here moves Goods between places,
so the total of every colour never changes (set-up aside, which deals the
first Goods before the state exists). Taking from an empty supply is a
defined outcome: nothing moves and the function says so.

Source: rulebook, Components (Goods); Setting Up the Game; Deliver Goods;
Place Wasteland ("destroy any Goods there").
"""

from __future__ import annotations

from hexkit_empyreal.state import REV_MAP, REV_SUPPLY, EmpyrealState, touch, touch_folio

__all__ = [
    "supply_to_cell",
    "cell_to_supply",
    "cell_to_cell",
    "cell_to_folio",
    "supply_to_folio",
    "exchange",
    "clear_to_supply",
    "clear_to_folio",
    "gather",
]


def _put(state: EmpyrealState, cell: int, colour: int) -> None:
    state.goods[cell] = tuple(sorted(state.goods[cell] + (colour,)))
    touch(state, REV_MAP)


def _lift(state: EmpyrealState, cell: int, colour: int) -> None:
    g = list(state.goods[cell])
    g.remove(colour)  # ValueError: no such Good there (a caller's bug)
    state.goods[cell] = tuple(g)
    touch(state, REV_MAP)


def supply_to_cell(state: EmpyrealState, cell: int, colour: int) -> bool:
    """Place a Good of ``colour`` from the supply on ``cell``.

    Returns:
        False (and nothing moves) when the supply has none of that colour.
    """
    if not state.supply.take(colour):
        return False
    touch(state, REV_SUPPLY)
    _put(state, cell, colour)
    return True


def cell_to_supply(state: EmpyrealState, cell: int, colour: int) -> None:
    """Return a Good of ``colour`` on ``cell`` to the supply.

    Raises:
        ValueError: ``cell`` holds no Good of that colour.
    """
    _lift(state, cell, colour)
    state.supply.put_back(colour)
    touch(state, REV_SUPPLY)


def cell_to_cell(state: EmpyrealState, source: int, target: int, colour: int) -> None:
    """Move a Good of ``colour`` from ``source`` to ``target``.

    Raises:
        ValueError: ``source`` holds no Good of that colour.
    """
    _lift(state, source, colour)
    _put(state, target, colour)


def cell_to_folio(state: EmpyrealState, player: int, cell: int, colour: int) -> None:
    """Deliver a Good of ``colour`` from ``cell`` to ``player``'s folio.

    Raises:
        ValueError: ``cell`` holds no Good of that colour.
    """
    _lift(state, cell, colour)
    state.players[player].goods[colour] += 1
    touch_folio(state, player)


def supply_to_folio(state: EmpyrealState, player: int, colour: int) -> bool:
    """Put a Good of ``colour`` from the supply on ``player``'s folio (False: none left)."""
    if not state.supply.take(colour):
        return False
    state.players[player].goods[colour] += 1
    touch(state, REV_SUPPLY)
    touch_folio(state, player)
    return True


def exchange(state: EmpyrealState, cell: int, old: int, new: int) -> bool:
    """Swap a Good of colour ``old`` on ``cell`` for one of ``new`` from the supply.

    Returns:
        False (and nothing moves) when the supply has no ``new`` Good.

    Raises:
        ValueError: ``cell`` holds no Good of colour ``old``.
    """
    if new != old and not state.supply.can_take(new):
        return False
    cell_to_supply(state, cell, old)
    return supply_to_cell(state, cell, new)


def clear_to_supply(state: EmpyrealState, cell: int) -> tuple[int, ...]:
    """Return every Good on ``cell`` to the supply; returns their colours."""
    goods = state.goods[cell]
    state.goods[cell] = ()
    supply = state.supply
    for colour in goods:
        supply.put_back(colour)
    touch(state, REV_MAP)
    touch(state, REV_SUPPLY)
    return goods


def clear_to_folio(state: EmpyrealState, player: int, cell: int) -> tuple[int, ...]:
    """Put every Good on ``cell`` on ``player``'s folio; returns their colours."""
    goods = state.goods[cell]
    state.goods[cell] = ()
    folio = state.players[player].goods
    for colour in goods:
        folio[colour] += 1
    touch(state, REV_MAP)
    touch_folio(state, player)
    return goods


def gather(state: EmpyrealState, source: int, target: int) -> int:
    """Move every Good on ``source`` onto ``target``; returns how many."""
    goods = state.goods[source]
    for colour in goods:
        _put(state, target, colour)
    state.goods[source] = ()
    touch(state, REV_MAP)
    return len(goods)

