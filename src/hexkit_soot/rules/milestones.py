"""Milestones: five public tiles, 3 points each, to the first who achieves them.

1. First Rail Link: a rail path joins the Central City to any settlement.
2. First Town: first to upgrade a settlement to Town.
3. First of the Fine Goods: first to produce a Tier 3 good.
4. Frontier Magnate: own 3 camps at distance 4+ from the Central City.
5. The Full Chain: in one round, produce a Tier 3 good and the Tier 2
   input it consumed.

Interpretation (assumed): the First Rail Link goes to the first player
whose own rail segments alone join the Central City to a settlement hex.
It is checked whenever rail is laid (Build Route, a road upgraded to rail,
a card laying rail) and whenever a settlement is founded; when one event
completes such a path for several players at once, the acting player
comes first, then the others in turn order.

Source: rulebook, "Milestones".
"""

from __future__ import annotations

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.data import FacilityType
from hexkit_soot.ledger import data, gain_points
from hexkit_soot.state import CENTRAL_CITY, NO_OWNERS, NO_ROUTES, RAIL, SootState
from hexkit_soot.state import tally as _tally  # "what was played" counters

__all__ = ["claim", "rail_reach", "rail_linked", "check_rail_link", "check_magnate", "check_production", "far_camps"]


def claim(state: SootState, player: PlayerId, name: str) -> bool:
    """Give milestone ``name`` to ``player`` if nobody has it; return whether claimed now.

    Args:
        state: the game.
        player: the seat concerned.
        name: the milestone's name.
    """
    if name in state.milestones:
        return False
    state.milestones[name] = player
    _tally(state, "milestones_claimed", player)
    points = next((m.points for m in data(state).milestones if m.name == name), 0)
    gain_points(state, player, points, f"milestone {name}", source="milestones")
    return True


def rail_reach(state: SootState, player: PlayerId) -> set[Hex]:
    """The hexes joined to the Central City by ``player``'s own rail (the Central City included).

    Source: rulebook, "Milestones" (First Rail Link: a rail path of one's own).
    """
    seen = {CENTRAL_CITY}
    todo = [CENTRAL_CITY]
    while todo:
        h = todo.pop()
        kinds = state.route_kind.get(h, NO_ROUTES)
        owners = state.route_owner.get(h, NO_OWNERS)
        for d, n in enumerate(h.neighbors()):
            if kinds[d] == RAIL and owners[d] == player and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def rail_linked(state: SootState, player: PlayerId) -> bool:
    """Whether ``player``'s own rail segments form a path from the Central City to a settlement.

    Args:
        state: the game.
        player: the seat concerned.

    Returns:
        True if some settlement hex (not the Central City) is reached.

    Source: rulebook, "Milestones" (First Rail Link).
    """
    return any(h in state.settlements for h in rail_reach(state, player) if h != CENTRAL_CITY)


def check_rail_link(state: SootState, player: PlayerId) -> None:
    """First Rail Link, after rail is laid or a settlement founded by ``player``.

    The acting player is checked first, then the others in turn order; the
    first whose own rail links the Central City to a settlement claims it.

    Args:
        state: the game.
        player: who laid the rail or founded the settlement.

    Source: rulebook, "Milestones" (First Rail Link); order among players
    completed at once: assumed.
    """
    if "First Rail Link" in state.milestones:
        return
    for seat in (player, *(p for p in state.order if p != player)):
        if rail_linked(state, seat):
            claim(state, seat, "First Rail Link")
            return


def far_camps(state: SootState, player: PlayerId) -> int:
    """Camps of ``player`` at distance 4+ from the Central City.

    Args:
        state: the game.
        player: the seat concerned.
    """
    far = data(state).numbers.premium_distance
    return sum(1 for h, c in state.camps.items() if c.owner == player and h.distance(CENTRAL_CITY) >= far)


def check_magnate(state: SootState, player: PlayerId) -> None:
    """Frontier Magnate: 3 camps at distance 4+.

    Args:
        state: the game.
        player: the seat concerned.
    """
    if "Frontier Magnate" not in state.milestones and far_camps(state, player) >= 3:
        claim(state, player, "Frontier Magnate")


def check_production(state: SootState, player: PlayerId, facility: FacilityType) -> None:
    """First of the Fine Goods and The Full Chain, after a firing.

    Args:
        state: the game.
        player: the seat concerned.
        facility: the facility type that just fired.
    """
    if facility.tier != 3:
        return
    claim(state, player, "First of the Fine Goods")
    if "The Full Chain" in state.milestones:
        return
    goods = data(state).goods
    made = state.players[player].made
    for g in facility.inputs:
        if goods[g].kind == "tracked" and goods[g].tier == 2 and g in made:
            claim(state, player, "The Full Chain")
            return
