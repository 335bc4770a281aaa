"""Contracts: the 4-slot row, claiming, fulfilling, abandoning.

Claiming a row contract is a free action (hold at most 2; Market
Intelligence 3). Fulfilling is a free action: have the listed goods at the
listed destination (your caravans or loose goods there, or your network if
it is one of your nodes); the goods are consumed and you gain the printed
points and currency. Contracts never move prices. Abandoning is free. The
row refills each Market Update; Tier 2 contracts join the deck at the
start of Boom, Tier 3 at the start of Hardship. "Frontier" means any
settlement 4+ hexes from the Central City.

Interpretation (assumed): abandoned and fulfilled contracts leave the game.

Source: rulebook, "Contracts"; Components, contract list (assumed).
"""

from __future__ import annotations

from typing import cast

from hexkit.components import Deck, EmptyPolicy, FillEmptySlots, MarketRow
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose
from hexkit_soot.data import SootData
from hexkit_soot.effects import Hook, modify
from hexkit_soot.ledger import data, gain_currency, gain_points
from hexkit_soot.rules.network import pay, pool_at
from hexkit_soot.rules.settlements import is_market
from hexkit_soot.rules.steps import free_action, opt, optf
from hexkit_soot.state import CENTRAL_CITY, SootState
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["destinations", "deliverable_at", "contract_deck", "contract_row", "refill_contracts", "contract_limit"]


def contract_limit(state: SootState, player: PlayerId) -> int:
    """Contracts ``player`` may hold.

    Args:
        state: the game.
        player: the seat concerned.
    """
    return modify(state, player, Hook.CONTRACT_LIMIT, data(state).numbers.contracts_held)


def destinations(state: SootState, kind: str) -> list[Hex]:
    """Hexes matching a contract destination.

    Args:
        state: the game.
        kind: ``Central City``, ``Frontier``, ``Settlement`` or ``Market``.
    """
    far = data(state).numbers.premium_distance
    if kind == "Central City":
        return [CENTRAL_CITY]
    out = []
    for h, s in sorted(state.settlements.items()):
        if kind == "Market" and is_market(state, h):
            out.append(h)
        elif s.kind != "Central City" and (kind == "Settlement" or (kind == "Frontier" and h.distance(CENTRAL_CITY) >= far)):
            out.append(h)
    return out


def _everywhere(state: SootState, player: PlayerId) -> dict[str, int]:
    """Every good ``player`` holds, by name: network, caravans, goods lying anywhere
    (what :func:`pool_at` counts at any one hex is part of that)."""
    p = state.players[player]
    out = p.stock.copy()
    for c in p.caravans:
        for g, n in c.cargo.items():
            out[g] = out.get(g, 0) + n
    for lying in p.loose.values():
        for g, n in lying.items():
            out[g] = out.get(g, 0) + n
    return out


def deliverable_at(state: SootState, player: PlayerId, index: int, held: dict[str, int] | None = None) -> Hex | None:
    """Where ``player`` could fulfil contract ``index`` now (first such hex), or None.

    Args:
        state: the game.
        player: the seat concerned.
        index: the contract's index in the data.
        held: every good the player holds (:func:`_everywhere`) when the caller
            already has it (testing several contracts), else computed here.
    """
    ct = data(state).contracts[index]
    if held is None:
        held = _everywhere(state, player)
    for g, n in ct.goods.items():  # held nowhere, so at no destination: the common case
        if held.get(g, 0) < n:
            return None
    for h in destinations(state, ct.destination):
        pool = pool_at(state, player, h)
        if all(pool.get(g, 0) >= n for g, n in ct.goods.items()):
            return h
    return None


_FILL = FillEmptySlots()


def contract_deck(state: SootState) -> Deck[int]:
    """The contract deck as a core :class:`~hexkit.components.Deck` over ``SootState.contract_deck``.

    Contract indexes, top last. Contracts are never discarded and the deck
    is not refilled (policy ``STOP``): Tier 2 and 3 contracts join it in
    their season (:mod:`hexkit_soot.rules.market_update`).

    Args:
        state: the game.
    """
    return Deck(state.contract_deck, [], EmptyPolicy.STOP)


def contract_row(state: SootState) -> MarketRow[int, FillEmptySlots]:
    """The contract row as a core :class:`~hexkit.components.MarketRow` over ``SootState.contract_row``.

    Fixed slots, ``-1`` marking an empty one, refilled from
    :func:`contract_deck` in the Market Update only.

    Args:
        state: the game.
    """
    return MarketRow(cast("list[int | None]", state.contract_row), contract_deck(state), _FILL, None, -1)


def refill_contracts(state: SootState) -> None:
    """Fill empty contract row slots from the deck.

    Args:
        state: the game.
    """
    contract_row(state).refill()


_CLAIMS: dict[tuple[int, ...], tuple[SootData, tuple[Choose, ...]]] = {}
"""The Claim Contract answers of a contract row (by its contents), with the
data they were named from: the menu lists the same row many times."""


def _claim_options(state: SootState, player: PlayerId) -> tuple[Choose, ...]:
    if len(state.players[player].contracts) >= contract_limit(state, player):
        return ()
    d = data(state)
    row = tuple(state.contract_row)
    known = _CLAIMS.get(row)
    if known is None or known[0] is not d:
        if len(_CLAIMS) >= 4096:
            _CLAIMS.clear()
        cts = d.contracts
        known = _CLAIMS[row] = (d, tuple(optf("Claim Contract", i, "claim contract {}", cts[c].name)
                                            for i, c in enumerate(row) if c >= 0))
    return known[1]  # immutable: shared by every menu of this row


@free_action("Claim Contract", _claim_options)
def on_claim(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Take a contract from the row."""
    c = contract_row(state).take(answer.arg, refill=False)
    state.players[player].contracts.append(c)
    state.note(player, f"claimed contract {data(state).contracts[c].name}")


def _fulfil_options(state: SootState, player: PlayerId) -> list[Choose]:
    if not state.players[player].contracts:  # the common case, decided before any lookup
        return []
    cts = data(state).contracts
    held = _everywhere(state, player)  # the same for every contract
    # two held copies of one contract are one answer each (the same goods, the same reward)
    return [opt("Fulfil Contract", c, f"fulfil {cts[c].name}")
            for c in dict.fromkeys(state.players[player].contracts) if deliverable_at(state, player, c, held) is not None]


@free_action("Fulfil Contract", _fulfil_options)
def on_fulfil(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Deliver the goods and collect."""
    ct = data(state).contracts[answer.arg]
    at = deliverable_at(state, player, answer.arg)
    if at is None:
        return
    pay(state, player, dict(ct.goods), at, wild=False, why=f"contract {ct.name} at {at}")
    p = state.players[player]
    p.contracts.remove(answer.arg)
    p.contracts_done += 1
    _tally(state, "contracts_fulfilled", player)
    gain_points(state, player, ct.points, f"contract {ct.name}", source="contracts")
    gain_currency(state, player, ct.currency, f"contract {ct.name}")


_ABANDONS: dict[tuple[int, ...], tuple[SootData, tuple[Choose, ...]]] = {}
"""The Abandon Contract answers of a hand of contracts (by its contents, in order), with the
data they were named from: a player's menus list the same contracts many times."""


def _abandon_options(state: SootState, player: PlayerId) -> tuple[Choose, ...]:
    held = state.players[player].contracts
    if not held:  # the common case, decided before any lookup
        return ()
    d = data(state)
    key = tuple(held)
    known = _ABANDONS.get(key)
    if known is None or known[0] is not d:
        if len(_ABANDONS) >= 4096:
            _ABANDONS.clear()
        cts = d.contracts
        known = _ABANDONS[key] = (d, tuple(optf("Abandon Contract", c, "abandon {}", cts[c].name)
                                           for c in dict.fromkeys(held)))
    return known[1]  # immutable: shared by every menu of this hand


@free_action("Abandon Contract", _abandon_options)
def on_abandon(state: SootState, player: PlayerId, answer: Choose) -> None:
    """Give a contract up."""
    state.players[player].contracts.remove(answer.arg)
    state.note(player, f"abandoned contract {data(state).contracts[answer.arg].name}")
