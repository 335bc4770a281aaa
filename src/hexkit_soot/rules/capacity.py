"""Room for goods: the warehouse network's capacity and load, and a camp tile's cap.

The ledger asks these whenever goods enter a network or a tile
(:func:`hexkit_soot.ledger.gain_goods`), so they sit below it: they read the
state and the data, and change nothing.

Source: rulebook, "Warehouses & Network", "Production" (a camp tile holds
at most 2 goods); Components, "Token supply" (warehouse caps; assumed I40).
"""

from __future__ import annotations

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.config import data
from hexkit_soot.rules.partners import partner_of
from hexkit_soot.state import CENTRAL_CITY, SootState

__all__ = [
    "nodes",
    "is_node",
    "counts_in_network",
    "network_capacity",
    "network_load",
    "network_room",
    "goods_on_tile",
    "tile_room",
]


def nodes(state: SootState, player: PlayerId) -> list[Hex]:
    """The player's warehouse nodes: Central City, warehouses, founded Depot Towns.

    Args:
        state: the game.
        player: the seat concerned.
    """
    out = [CENTRAL_CITY]
    out.extend(state.players[player].warehouses)
    for h, s in state.settlements.items():
        if s.founder == player and s.spec == "Depot Town":
            out.append(h)
    return out


def is_node(state: SootState, player: PlayerId, at: Hex) -> bool:
    """Whether ``at`` is one of the player's warehouse nodes.

    Args:
        state: the game.
        player: the seat concerned.
        at: the hex.
    """
    if at == CENTRAL_CITY or at in state.players[player].warehouses:
        return True
    s = state.settlements.get(at)
    if s is not None and s.founder == player and s.spec == "Depot Town":
        return True
    if getattr(state.config, "modules", None):  # Partnerships: a partner's nodes are yours too (shared warehouse networks)
        mate = partner_of(state, player)
        if mate >= 0:
            return at in state.players[mate].warehouses or (
                s is not None and s.founder == mate and s.spec == "Depot Town")
    return False


def counts_in_network(state: SootState, good: str) -> bool:
    """Whether a unit of ``good`` in a network takes warehouse room.

    Args:
        state: the game.
        good: the good's name.

    Returns:
        False for the ingredients (Cultural Artifacts, Specialty Materials),
        True for every other good.

    Source: Components, "Cultural Artifacts and Specialty Materials" (not
    warehoused against capacity).
    """
    return data(state).goods[good].kind != "special"


def network_capacity(state: SootState, player: PlayerId) -> int:
    """Bulk goods ``player``'s warehouse network can hold.

    Args:
        state: the game.
        player: the seat concerned.

    Returns:
        ``warehouse_capacity`` times the player's nodes (Central City, built
        warehouses, a founded Depot Town).

    Source: rulebook, "Warehouses & Network" (nodes); Components, "Token
    supply" (warehouse caps); the number is assumed (I40).
    """
    return data(state).numbers.warehouse_capacity * len(nodes(state, player))


def network_load(state: SootState, player: PlayerId) -> int:
    """Bulk goods in ``player``'s warehouse network (ingredients not counted).

    Args:
        state: the game.
        player: the seat concerned.

    Returns:
        The units that take warehouse room.

    Source: Components, "Cultural Artifacts and Specialty Materials".
    """
    goods = data(state).goods
    return sum(n for g, n in state.players[player].stock.items() if goods[g].kind != "special")


def network_room(state: SootState, player: PlayerId) -> int:
    """Bulk goods ``player``'s warehouse network can still take.

    Every rule that puts goods into a network asks this: production at a
    node, explore grants, effects, refining at a node (the excess is lost
    to the supply), and unloading, buying and trades (offered only up to
    it).

    Args:
        state: the game.
        player: the seat concerned.

    Returns:
        Capacity minus load, never below 0.

    Source: assumed (I40), from the rulebook's warehouse caps.
    """
    room = network_capacity(state, player) - network_load(state, player)
    return room if room > 0 else 0


def goods_on_tile(state: SootState, at: Hex) -> int:
    """Goods lying loose on ``at``, whoever owns them.

    Args:
        state: the game.
        at: the hex.

    Source: rulebook, "Production" (goods on a camp tile).
    """
    total = 0
    for p in state.players:  # a plain loop: every turn menu's camp check asks
        lying = p.loose.get(at)
        if lying:
            total += sum(lying.values())
    return total


def tile_room(state: SootState, at: Hex) -> int:
    """Goods that may still be put on the camp tile ``at`` (the cap is 2, whoever owns them).

    Args:
        state: the game.
        at: the hex of a camp.

    Source: rulebook, "Production" ("a camp tile holds a maximum of 2 goods").
    """
    return max(0, data(state).numbers.tile_cap - goods_on_tile(state, at))
