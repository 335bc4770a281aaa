"""Route access: who may build in a settlement's slots and trade there.

Settlements are public: anyone with route access may build facilities in
their slots and trade there. The rulebook does not define route access;
the reading here (assumed, I51) follows the agents the two actions already
need. A player has route access to a hex when

* it is the Central City, one of their warehouse nodes, or a hex where one
  of their caravans stands (caravans travel on routes only), or
* a chain of routes joins it to such a hex or to one of their camps: trail,
  road and rail segments of any owner (routes are public to travel; tolls
  are a price, not a bar), and river links between adjacent water hexes
  while the rivers are open (not rounds 10-11).

A Builder standing on the hex does not by itself give access: walkers cross
wilderness, and access is by route. (A Builder that walked from the Central
City has laid a trail on every wild segment, so in play the hexes it
reaches are joined to the Central City; the check bites when they are not,
for instance a hex reached only over a frozen river.)

Source: rulebook, "Settlements" (public; route access), "Trails",
"Warehouses & Network", reference card "MOVE" (river transport).
"""

from __future__ import annotations

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.grid import rivers_frozen
from hexkit_soot.rules.network import is_node, nodes
from hexkit_soot.state import NO_ROUTES, SootState

__all__ = ["route_access"]


def route_access(state: SootState, player: PlayerId, at: Hex) -> bool:
    """Whether ``player`` has route access to ``at``.

    Args:
        state: the game.
        player: the seat concerned.
        at: the hex (a settlement's, for the rules that ask).

    Returns:
        True when ``at`` is one of the player's nodes or caravan hexes, or is
        joined to one of those or to one of their camps by routes.

    Source: rulebook, "Settlements" ("anyone with route access may build
    facilities in their slots and trade there"); assumed reading (I51).
    """
    p = state.players[player]
    if is_node(state, player, at) or any(c.loc == at for c in p.caravans):
        return True
    goals = {c.loc for c in p.caravans}
    goals.update(nodes(state, player))
    goals.update(h for h, camp in state.camps.items() if camp.owner == player)
    water = {} if rivers_frozen(state.round) else state.water
    kinds_of = state.route_kind
    seen = {at}
    todo = [at]
    while todo:
        h = todo.pop()
        kinds = kinds_of.get(h, NO_ROUTES)
        wet = h in water
        for d, n in enumerate(h.neighbors()):
            if n in seen or not (kinds[d] or (wet and n in water)):
                continue
            if n in goals:
                return True
            seen.add(n)
            todo.append(n)
    return False
