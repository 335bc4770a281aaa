"""Agents and movement: the Move action, trails, caravans on routes.

One Move action moves any of your agents, each up to its speed, one after
another. Explorers and Builders walk 2 hexes (3 with the archetype's agent
bonus) and lay a public trail on every segment they walk that had no route.
Caravans move on routes only: trail 1 hex (2 when
carrying Livestock), road 2, rail 4, river 4 (water hexes; frozen in rounds
10-11). Speeds mix as fractions of a turn: each segment costs
``12 / speed`` of a 12-point budget (rail and river 3, road 6, trail 12 or
6 with Livestock), so a caravan may mix route kinds in one Move.

A caravan spends its budget over one or more legs. It starts at a stop
(its hex); at every stop it may load and unload, one unit per answer, then
drive a leg to any hex its remaining budget reaches, or finish. Goods lying
on a hex load only when the caravan stops there (nothing is picked up in
passing). A laden caravan whose leg uses a road or rail pays 1 fuel (a
fuel token of the player's choice, from its load, or from your network if
it has passed one of your nodes this Move; see :mod:`.payment`) and 1¤ toll to each distinct rival owner of road/rail segments on
the leg, once per owner per Move action however many caravans or legs
cross their segments. Unladen caravans, Explorers and Builders move free.

Interpretations (assumed):

* Fuel is owed once per caravan per Move ("1 fuel each": each laden
  caravan), at its first laden leg on a road or rail (Express Line: a leg on
  rail alone owes none); later legs owe none, so splitting a path into legs
  never costs more fuel than driving it in one leg.
* Goods may be left only where goods can lie: on one of your warehouse
  nodes (they join the network while it has room, I40; Tier 3 goods stay
  loose on the hex), on a settlement hex (facility and market locations),
  or on your own camp tile while it holds fewer than 2 goods. Not on bare
  wilderness, a community or a rival's camp. At your node a bulk good goes
  into the network or nowhere: it is not left loose beside a full one.
* Within one stop a good loaded there cannot be unloaded there, and a good
  unloaded there cannot be loaded there.
* Each leg takes the fastest path to its end (ties: fewer rival segments).
  A laden caravan may instead drive a leg on trails and rivers alone (the
  ``trail`` answer: no fuel, no toll) to a hex its fastest leg misses or
  reaches only with fuel or a toll (I50).
* A trail stays under a road or rail built over it (trails are permanent):
  on that edge a caravan has both, and the search takes the trail when it
  is as fast (a Livestock caravan: trail 2 = road 2), else the road or rail
  (I50).
* Walkers (Explorers, Builders) move at their own speed on every segment:
  the rulebook gives them a wilderness speed only and gives the route
  speeds (trail 1, road 2, rail 4, river 4) to caravans, so a road, rail or
  river does not carry a walker faster (I52).
* River speed 4 (reference card "MOVE") although the water overlay's
  component text says "unlimited distance": the card's number is kept, so a
  river is a fast route rather than a teleport (I53).

Bound on one Move (no Move can go on forever): with caravan capacity
``k`` (4) a stop has at most ``2k`` load/unload answers (unloads take only
units aboard on arrival, at most ``k``; loads stay aboard, at most ``k``)
plus one ``go``/``done``. Every leg costs at least 3 of the 12 points, so a
caravan makes at most 4 legs and 5 stops: 1 (choose it) + 5 x 9 + 4 = 50
answers per caravan. A walker takes 2 answers. A Move with ``W`` walkers
and ``C`` caravans therefore ends within ``2 + 2W + 50C`` answers.

Source: rulebook, "Agents & Movement" (Move), "Extract" (goods on a tile
load during any Move), reference card "MOVE".
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator, Sequence

import attrs

from hexkit.flow import Handler
from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import CaravanStop, Choose, DriveLeg, MoveAgent, MoveWalk
from hexkit_soot.effects import Hook, modify
from hexkit_soot.grid import code_hex, hex_code, rivers_frozen
from hexkit_soot.ledger import data, move_goods, return_goods, transfer_currency
from hexkit_soot.memo import map_memo
from hexkit_soot.rules.camps import tile_room
from hexkit_soot.rules.network import counts_in_network, fuel_value, is_node, network_room, tier3
from hexkit_soot.rules.payment import Need, Paying, Pick, SettlingHandler, Stages, pay, units_of
from hexkit_soot.rules.partners import partner_of
from hexkit_soot.rules.routes import set_route
from hexkit_soot.rules.shares import on_toll
from hexkit_soot.rules.steps import main_action, opt, optf
from hexkit_soot.state import NO_OWNERS, NO_ROUTES, RAIL, ROAD, TRAIL, Caravan, SootState

__all__ = ["Leg", "AgentHandler", "WalkHandler", "StopHandler", "DriveHandler", "BUDGET", "Path", "explore_reach", "caravan_reach", "trail_reach", "caravan_capacity", "can_leave",
           "lay_trails"]

BUDGET = 12
"""Movement points of every agent per Move (12 = least common multiple of the speeds)."""

_RIVER = 3
_MIN_STEP = 3
"""Points of the cheapest segment (rail or river): no leg costs less."""


class Path:
    """The fastest path found to one hex, with what a laden caravan would owe.

    Attributes:
        cost: movement points used.
        hexes: the hexes walked, start first.
        powered: whether it uses a road or rail segment (fuel for a laden caravan).
        owners: rival owners of road/rail segments on it (tolls).
        via_node: whether it passes one of the mover's warehouse nodes.
    """

    __slots__ = ("cost", "hexes", "powered", "owners", "via_node", "wild")

    def __init__(self, cost: int, hexes: list[Hex], powered: bool, owners: frozenset[int], via_node: bool, wild: list[int]) -> None:
        self.cost = cost
        self.hexes = hexes
        self.powered = powered
        self.owners = owners
        self.via_node = via_node
        self.wild = wild


_STEP = (99, 12, 6, 3)
"""Points per segment by route kind (none, trail, road, rail); a trail's is set per search."""


_KEY = 64
"""A search key is ``cost * _KEY + rival segments`` (fewer than 64 segments fit any budget)."""
_FAR = 1 << 30
"""A key worse than any reached hex's (the search's "not reached yet")."""


def _search(
    state: SootState, player: PlayerId, start: Hex, walker_cost: int, livestock: bool, budget: int = BUDGET,
    free: bool = False,
) -> dict[Hex, Path]:
    """Dijkstra over explored hexes within ``budget`` points: the path to
    each hex reached (see :func:`_explore`)."""
    best, prev = _explore(state, player, start, walker_cost, livestock, budget, free)
    return _paths(state, player, start, best, prev)


_Tree = tuple[dict[Hex, int], dict[Hex, tuple[Hex, int, int, int]]]
"""A search's result: each hex reached -> its key ``cost * _KEY + rival segments``,
in the order first reached; and each hex but the start -> ``(parent,
direction from it, route kind taken, 1 if wilderness)``."""


def _explore(
    state: SootState, player: PlayerId, start: Hex, walker_cost: int, livestock: bool, budget: int = BUDGET,
    free: bool = False, first: bool = False,
) -> _Tree:
    """:func:`_grow` (the tree of best ways), memoised per map revision
    (:mod:`hexkit_soot.memo`): a question's answers and its resolve search
    the same tree, as do the stops of a caravan's Move. The tree is read-only.

    The search reads the map, the round (frozen rivers) and the config (the
    partner owed no toll) besides its arguments; a walker's ignores the player.
    """
    if walker_cost:
        key: tuple[object, ...] = ("explore", start, walker_cost, budget)
    else:
        key = ("explore", start, player, livestock, budget, free, first, rivers_frozen(state.round))
    memo = map_memo(state)
    tree: _Tree | None = memo.get(key)
    if tree is None:
        tree = memo[key] = _grow(state, player, start, walker_cost, livestock, budget, free, first)
    return tree


def _grow(
    state: SootState, player: PlayerId, start: Hex, walker_cost: int, livestock: bool, budget: int = BUDGET,
    free: bool = False, first: bool = False,
) -> _Tree:
    """Dijkstra over explored hexes within ``budget`` points: the tree of best ways.

    ``walker_cost`` > 0: an Explorer/Builder's cost per hex, on any segment
    (routes do not speed walkers). A caravan on an edge where a trail lies
    under a road or rail takes the trail when it is as fast (no fuel, no
    toll); ``free``: trails and rivers only (a laden caravan's fuel- and
    toll-free way).

    Each hex is settled once with the key ``(cost, rival segments)`` (one
    int, see :data:`_KEY`); ties
    keep the first way found, the heap breaking them by hex. The paths are
    then read off the tree of best ways, each from its parent's (one pass,
    not a walk back to the start per hex).

    ``first`` (a caravan's search): stop at the first hex reached, to ask
    only whether the caravan can move at all (``len(best) > 1`` either way).
    """
    tiles = state.tiles
    kinds_of = state.route_kind
    # a key is cost * _KEY + rival segments: one int orders as the pair does
    best: dict[Hex, int] = {start: 0}
    prev: dict[Hex, tuple[Hex, int, int, int]] = {}
    heap: list[tuple[int, Hex]] = [(0, start)]
    pop, push = heapq.heappop, heapq.heappush
    top = budget * _KEY + _KEY - 1  # the worst key within the budget
    if walker_cost:
        # walkers: the same price on every segment, no fuel, no toll (never a rival's);
        # a segment with no route on it is wilderness (a trail is blazed there)
        step = walker_cost * _KEY
        while heap:
            key, h = pop(heap)
            nk = key + step
            if best[h] < key or nk > top:
                continue
            kinds = kinds_of.get(h, NO_ROUTES)
            d = -1
            for n in h.neighbors():
                d += 1
                if n in tiles and nk < best.get(n, _FAR):
                    best[n] = nk
                    prev[n] = (h, d, 0, 0 if kinds[d] else 1)
                    push(heap, (nk, n))
    else:
        water = state.water
        frozen = rivers_frozen(state.round)
        trail_cost = 6 if livestock else 12
        owners_of = state.route_owner
        trails_of = state.trails
        mate = partner_of(state, player)  # Partnerships: no toll to a partner (-2: off)
        while heap:
            key, h = pop(heap)
            if best[h] < key:
                continue
            kinds = kinds_of.get(h, NO_ROUTES)
            owners = owners_of.get(h, NO_OWNERS)
            under = trails_of.get(h, 0)
            h_water = not frozen and h in water
            d = -1
            for n in h.neighbors():
                d += 1
                if n not in tiles:
                    continue
                k = kinds[d]
                if k >= ROAD and (free or (under >> d & 1 and trail_cost <= _STEP[k])):
                    k = TRAIL if under >> d & 1 else 0
                step = trail_cost if k == TRAIL else _STEP[k]
                if h_water and _RIVER < step and n in water:
                    step = _RIVER
                    k = -1
                nk = key + step * _KEY
                if nk > top:
                    continue
                if k >= ROAD and owners[d] != -1 and owners[d] != player and owners[d] != mate:
                    nk += 1
                if nk < best.get(n, _FAR):
                    best[n] = nk
                    prev[n] = (h, d, k, 0)
                    if first:
                        return best, prev
                    push(heap, (nk, n))
    return best, prev


def _paths(
    state: SootState, player: PlayerId, start: Hex, best: dict[Hex, int],
    prev: dict[Hex, tuple[Hex, int, int, int]], only: Hex | None = None,
) -> dict[Hex, Path]:
    """The :class:`Path` to every hex of ``best`` but ``start``, in ``best``'s
    order (to ``only`` alone when given: it must be one of them); see :func:`_iter_paths`."""
    return dict(_iter_paths(state, player, start, best, prev, best if only is None else (only,)))


def _iter_paths(
    state: SootState, player: PlayerId, start: Hex, best: dict[Hex, int],
    prev: dict[Hex, tuple[Hex, int, int, int]], targets: Iterable[Hex],
) -> Iterator[tuple[Hex, Path]]:
    """``(hex, path)`` for each of ``targets`` (hexes of ``best``) but ``start``,
    one at a time (a caller may stop at the first it accepts).

    Along a way: ``hexes`` from the start, ``powered`` if a road or rail is
    used, ``owners`` the rivals owning those, ``wild`` the wilderness
    segments nearest the target first, ``via_node`` if a hex is one of the
    player's nodes. Each hex's facts are its parent's plus one segment.
    """
    owners_of = state.route_owner
    mate = partner_of(state, player)  # Partnerships: no toll to a partner (-2: off)
    # per hex: (hexes, powered, owners, wild, via)
    facts: dict[Hex, tuple[list[Hex], bool, frozenset[int], tuple[int, ...], bool]] = {
        start: ([start], False, frozenset(), (), is_node(state, player, start))
    }
    for target in targets:
        if target == start:
            continue
        got = facts.get(target)
        if got is None:
            chain = [target]  # the hexes whose facts are missing, target first
            cur = prev[target][0]
            while cur not in facts:
                chain.append(cur)
                cur = prev[cur][0]
            for h in reversed(chain):
                ph, d, k, wild = prev[h]
                hexes, powered, owners, wilds, via = facts[ph]
                if k == ROAD or k == RAIL:
                    powered = True
                    o = owners_of.get(ph, NO_OWNERS)[d]
                    if o != -1 and o != player and o != mate and o not in owners:
                        owners = owners | {o}
                if wild:
                    wilds = (hex_code(ph) * 8 + d, *wilds)
                facts[h] = ([*hexes, h], powered, owners, wilds, via or is_node(state, player, h))
            got = facts[target]
        hexes, powered, owners, wilds, via = got
        yield target, Path(best[target] // _KEY, hexes, powered, owners, via, list(wilds))


def walker_speed(state: SootState, player: PlayerId, agent: str) -> int:
    """Hexes per Move in wilderness for an Explorer or Builder (2; 3 with the agent bonus)."""
    arch = data(state).archetypes.get(state.players[player].archetype)
    base = 3 if arch is not None and arch.wilderness_bonus == agent else 2
    return modify(state, player, Hook.WILDERNESS_SPEED, base, {"agent": agent})


def explore_reach(state: SootState, player: PlayerId, start: Hex, agent: str) -> dict[Hex, Path]:
    """Where an Explorer or Builder at ``start`` can move this Move.

    Args:
        state: the game.
        player: the seat concerned.
        start: the agent's hex.
        agent: ``Explorer`` or ``Builder``.
    """
    return _paths(state, player, start, *_walker_tree(state, player, start, agent))


def _walker_tree(state: SootState, player: PlayerId, start: Hex, agent: str) -> _Tree:
    """The search behind :func:`explore_reach`."""
    speed = walker_speed(state, player, agent)
    return _explore(state, player, start, BUDGET // max(1, speed), False)


def caravan_capacity(state: SootState, player: PlayerId) -> int:
    """Units a caravan carries (assumed 4).

    Args:
        state: the game.
        player: the seat concerned.
    """
    return data(state).numbers.caravan_capacity


def _fuel_owed(state: SootState, player: PlayerId, path: Path) -> int:
    if not path.powered:
        return 0
    return modify(state, player, Hook.RAIL_FUEL, 1, {"path": path}) if _all_rail(state, path) else 1


def _all_rail(state: SootState, path: Path) -> bool:
    hx = path.hexes
    for a, b in zip(hx, hx[1:]):
        d = a.neighbors().index(b)
        kinds = state.route_kind.get(a, NO_ROUTES)
        if kinds[d] == ROAD:
            return False
    return True


def _toll(state: SootState, owners: frozenset[int]) -> int:
    return sum(modify(state, o, Hook.TOLL_RATE, data(state).numbers.toll) for o in owners)


def _fuel_source(state: SootState, player: PlayerId, cargo: dict[str, int], network: bool) -> str | None:
    """The fuel good to burn: from the load first, else ``"@good"`` from the network when ``network``."""
    for g in sorted(cargo):
        if fuel_value(state, g):
            return g
    if network:
        for g in sorted(state.players[player].stock):
            if fuel_value(state, g):
                return "@" + g
    return None


def caravan_reach(
    state: SootState,
    player: PlayerId,
    index: int,
    paid: frozenset[int] = frozenset(),
    spent: int = 0,
    fuelled: bool = False,
    node_seen: bool = False,
) -> dict[Hex, Path]:
    """Where caravan ``index`` can drive its next leg, with the fuel and tolls it could pay.

    Args:
        state: the game.
        player: the seat concerned.
        index: the caravan's index.
        paid: rival owners already paid a toll during this Move (not charged again).
        spent: movement points the caravan has used this Move (of :data:`BUDGET`).
        fuelled: the caravan has already paid its fuel this Move (no more is owed).
        node_seen: the caravan has passed one of the player's nodes this Move
            (its fuel may come from the network).

    Returns:
        The reachable hexes (its own hex excluded) with their paths.

    Source: rulebook, "Agents & Movement" (speeds, fuel, tolls).
    """
    c = state.players[player].caravans[index]
    if spent >= BUDGET:
        return {}
    paths = _search(state, player, c.loc, 0, c.cargo.get("Livestock", 0) > 0, BUDGET - spent)
    if not c.cargo:
        return paths
    return dict(_laden_legs(state, player, c, paths.items(), paid, fuelled, node_seen))


def _laden_legs(
    state: SootState, player: PlayerId, c: Caravan, legs: Iterable[tuple[Hex, Path]],
    paid: frozenset[int], fuelled: bool, node_seen: bool,
) -> Iterator[tuple[Hex, Path]]:
    """The legs of laden caravan ``c`` whose fuel and tolls it could pay (see
    :func:`caravan_reach`), in the given order, one at a time."""
    cur = state.players[player].currency
    # a fuel source depends on the load and whether the network is in reach, a toll
    # on the owners crossed: each asked once per search, not once per hex
    fuel: dict[bool, bool] = {}
    tolls: dict[frozenset[int], int] = {frozenset(): 0}
    for h, path in legs:
        if not fuelled and _fuel_owed(state, player, path):
            network = node_seen or path.via_node
            has = fuel.get(network)
            if has is None:
                has = fuel[network] = _fuel_source(state, player, c.cargo, network) is not None
            if not has:
                continue
        owed = path.owners - paid
        toll = tolls.get(owed)
        if toll is None:
            toll = tolls[owed] = _toll(state, owed)
        if toll > cur:
            continue
        yield h, path


def _drives_on(state: SootState, player: PlayerId, index: int, paid: frozenset[int], spent: int,
               fuelled: bool, node_seen: bool) -> bool:
    """``bool(caravan_reach(...) or trail_reach(...))`` with the same arguments,
    stopping at the first leg found."""
    c = state.players[player].caravans[index]
    if spent >= BUDGET:
        return False
    if not c.cargo:  # an unladen caravan drives anywhere it reaches: one hex reached is enough
        best, _ = _explore(state, player, c.loc, 0, c.cargo.get("Livestock", 0) > 0, BUDGET - spent, first=True)
        return len(best) > 1
    best, prev = _explore(state, player, c.loc, 0, c.cargo.get("Livestock", 0) > 0, BUDGET - spent)
    legs = _iter_paths(state, player, c.loc, best, prev, best)
    if next(_laden_legs(state, player, c, legs, paid, fuelled, node_seen), None) is not None:
        return True
    return bool(trail_reach(state, player, index, {}, paid, spent, fuelled))  # its fastest legs: none


def _leg_to(state: SootState, player: PlayerId, index: int, paid: frozenset[int], spent: int,
            fuelled: bool, node_seen: bool, target: Hex, trail: bool) -> Path:
    """``caravan_reach(...)[target]`` (``trail_reach(..., caravan_reach(...), ...)[target]``
    when ``trail``), with only the paths to ``target`` made.

    Raises:
        KeyError: ``target`` is not such a leg's end.
    """
    c = state.players[player].caravans[index]
    if spent >= BUDGET:
        raise KeyError(target)
    livestock = c.cargo.get("Livestock", 0) > 0
    best, prev = _explore(state, player, c.loc, 0, livestock, BUDGET - spent)
    legs = _iter_paths(state, player, c.loc, best, prev, (target,) if target in best else ())
    fast = (next(_laden_legs(state, player, c, legs, paid, fuelled, node_seen), None) if c.cargo
            else next(legs, None))
    if not trail:
        if fast is None:
            raise KeyError(target)
        return fast[1]
    if not c.cargo:  # trail_reach lists no leg of an unladen caravan
        raise KeyError(target)
    path = fast[1] if fast is not None else None
    if path is not None and not (path.owners - paid or (not fuelled and _fuel_owed(state, player, path))):
        raise KeyError(target)  # the fastest leg there is free anyway: not a trail answer
    best, prev = _explore(state, player, c.loc, 0, livestock, BUDGET - spent, free=True)
    if target == c.loc or target not in best:
        raise KeyError(target)
    return _paths(state, player, c.loc, best, prev, only=target)[target]


def trail_reach(
    state: SootState, player: PlayerId, index: int, reach: dict[Hex, Path],
    paid: frozenset[int] = frozenset(), spent: int = 0, fuelled: bool = False,
) -> dict[Hex, Path]:
    """Where laden caravan ``index`` can drive its next leg on trails and rivers alone,
    for the hexes its fastest leg (``reach``) misses or reaches only with fuel or a toll.

    Args:
        state: the game.
        player: the seat concerned.
        index: the caravan's index.
        reach: its :func:`caravan_reach` with the same arguments.
        paid: rival owners already paid a toll during this Move.
        spent: movement points the caravan has used this Move.
        fuelled: the caravan has already paid its fuel this Move.

    Returns:
        Fuel- and toll-free paths by hex (empty for an unladen caravan, which moves free anyway).

    Source: rulebook, "Trails" (permanent, free, usable by all), "Agents & Movement"
    (trails and rivers are fuel-free).
    """
    c = state.players[player].caravans[index]
    if not c.cargo or spent >= BUDGET:
        return {}
    free = _search(state, player, c.loc, 0, c.cargo.get("Livestock", 0) > 0, BUDGET - spent, free=True)
    out = {}
    for h, path in free.items():
        fast = reach.get(h)
        if (fast is None or fast.owners - paid
                or (not fuelled and _fuel_owed(state, player, fast))):
            out[h] = path
    return out


def lay_trails(state: SootState, path: Path) -> int:
    """Lay public trails on the wilderness segments of ``path``; return how many.

    Args:
        state: the game.
        path: a walker's path from :func:`explore_reach`.
    """
    for code in path.wild:
        h = code_hex(code // 8)
        d = code % 8
        set_route(state, h, h.neighbors()[d], TRAIL, -1)
    return len(path.wild)


# -- the Move action -------------------------------------------------------
# The Move's ``moved`` mask: bits 0-7 Explorers moved, 8-15 Builders, 16-31
# caravans, and from bit 32 the rival owners already paid a toll this Move
# (rulebook, Routes: "1¤ per distinct rival owner crossed per Move").

_PAID_BIT = 32
_AGENT_BITS = (1 << _PAID_BIT) - 1


def _set_bits(mask: int) -> tuple[int, ...]:
    """The positions of the bits set in ``mask`` (not negative), lowest first: a loop
    over the set bits only (a Move's masks are mostly empty, their ranges 8 to 32 bits)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _paid(moved: int) -> frozenset[int]:
    return frozenset(_set_bits(moved >> _PAID_BIT & 0xFF))


def _agents(state: SootState, player: PlayerId, moved: int) -> list[Choose]:
    p = state.players[player]
    out = []
    explored = state.tiles.keys()
    # a walker reaches any explored neighbour (one wilderness step is within any speed);
    # "some neighbour explored" tested in C (isdisjoint), not by a generator
    for i, h in enumerate(p.explorers):
        if not moved & (1 << i) and not explored.isdisjoint(h.neighbors()):
            out.append(optf("agent", i, "move Explorer at {}", h))
    for i, h in enumerate(p.builders):
        if not moved & (1 << (8 + i)) and not explored.isdisjoint(h.neighbors()):
            out.append(optf("agent", 8 + i, "move Builder at {}", h))
    for i, c in enumerate(p.caravans):
        if not moved & (1 << (16 + i)):
            out.append(optf("agent", 16 + i, "caravan {} at {}", i, c.loc))
    return out


def _available(state: SootState, player: PlayerId) -> bool:
    p = state.players[player]
    if p.caravans:
        return True
    explored = state.tiles.keys()
    for h in p.explorers:
        if not explored.isdisjoint(h.neighbors()):
            return True
    for h in p.builders:
        if not explored.isdisjoint(h.neighbors()):
            return True
    return False


def _packed(agents: Iterable[int], tolls_paid: Iterable[int]) -> int:
    """The Move's progress as the caravan questions' ``data[0]`` still packs it: agent bits, toll bits from bit 32."""
    moved = 0
    for agent in agents:
        moved |= 1 << agent
    for owner in tolls_paid:
        moved |= 1 << (_PAID_BIT + owner)
    return moved


def _unpacked(moved: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(agents moved, owners paid)`` of a packed ``moved``, each sorted."""
    return _set_bits(moved & _AGENT_BITS), _set_bits(moved >> _PAID_BIT & 0xFF)


@main_action("Move", _available, restricted_ok=True)
def start(state: SootState, player: PlayerId) -> None:
    """Begin a Move: choose the first agent."""
    state.pending.append(MoveAgent(player=player, prompt="Move: which agent?", moved=(), tolls_paid=()))


def _next_agent(state: SootState, player: PlayerId, moved: int) -> None:
    if _agents(state, player, moved):
        agents, tolls = _unpacked(moved)
        state.pending.append(MoveAgent(player=player, prompt="Move: another agent?", moved=agents, tolls_paid=tolls))


def _walker(state: SootState, q: MoveWalk) -> Hex:
    """Where the walker of ``q`` stands."""
    p = state.players[q.player]
    return (p.builders if q.agent == "Builder" else p.explorers)[q.index]


class AgentHandler(Handler[SootState, MoveAgent, Choose]):
    """The :class:`~hexkit_soot.actions.MoveAgent` question: which agent moves next.

    Source: rulebook, "Agents & Movement".
    """

    def answers(self, state: SootState, question: MoveAgent) -> Sequence[Choose]:
        """The agents not moved yet that can move, then ``done`` once one has moved."""
        options = _agents(state, question.player, _packed(question.moved, question.tolls_paid))
        return (*options, opt("done", 0, "end the Move")) if question.moved else tuple(options)

    def resolve(self, state: SootState, question: MoveAgent, answer: Choose) -> None:
        """Start moving the chosen agent: ask where a walker goes, or what a caravan does at its first stop."""
        if answer.code == "done":
            return
        agent, player = answer.arg, question.player
        moved = _packed(question.moved, question.tolls_paid) | 1 << agent
        if agent < 16:
            agents, tolls = _unpacked(moved)
            state.pending.append(MoveWalk(player=player, prompt="Move: where to?",
                                          agent="Builder" if agent >= 8 else "Explorer", index=agent % 8,
                                          moved=agents, tolls_paid=tolls))
        else:
            _ask_stop(state, player, (moved, agent - 16, 0, 0, 0, 0))


_TO: dict[Hex, Choose] = {}
"""A walk's answer by its target hex, ``optf("hex", hex_code(t), "to {}", t)`` (fixed by the hex):
a walker's reach lists dozens of hexes at every walk question."""


def _to(target: Hex) -> Choose:
    """The walk answer to ``target``, kept in :data:`_TO`."""
    if len(_TO) >= 20_000:
        _TO.clear()
    answer = _TO[target] = optf("hex", hex_code(target), "to {}", target)
    return answer


class WalkHandler(Handler[SootState, MoveWalk, Choose]):
    """The :class:`~hexkit_soot.actions.MoveWalk` question: where an Explorer or Builder walks.

    Source: rulebook, "Agents & Movement" (walkers blaze trails).
    """

    def answers(self, state: SootState, question: MoveWalk) -> Sequence[Choose]:
        """``Choose("hex", hex_code(t))`` for each hex in the walker's reach but its own, in hex order."""
        h = _walker(state, question)
        best, _ = _walker_tree(state, question.player, h, question.agent)
        known = _TO.get  # explore_reach's keys, each answer made once per hex
        return tuple([known(t) or _to(t) for t in sorted(best) if t != h])

    def resolve(self, state: SootState, question: MoveWalk, answer: Choose) -> None:
        """Move the walker and lay trails; then ask for the next agent."""
        player, p = question.player, state.players[question.player]
        start_hex = _walker(state, question)
        target = code_hex(answer.arg)
        best, prev = _walker_tree(state, player, start_hex, question.agent)
        if target == start_hex or target not in best:  # not one of explore_reach's hexes
            raise KeyError(target)
        path = _paths(state, player, start_hex, best, prev, only=target)[target]
        laid = lay_trails(state, path)
        (p.builders if question.agent == "Builder" else p.explorers)[question.index] = target
        state.note(player, f"{question.agent} moved {start_hex} -> {target}" + (f", blazed {laid} trail" if laid else ""))
        _next_agent(state, player, _packed(question.moved, question.tolls_paid))


# -- caravans: stops and legs ----------------------------------------------
# A caravan's progress through the Move travels in its questions' data:
# ``move.cargo`` (a stop): (moved, index, spent, flags, loaded, unloaded);
# a leg is asked by a DriveLeg question, its fields named. ``spent``: movement
# points used; ``flags``: _FUELLED, _NODE_SEEN; ``loaded`` / ``unloaded``:
# bit masks, by good id, of the goods loaded / unloaded at this stop.

_FUELLED = 1
"""The caravan has paid its fuel this Move."""
_NODE_SEEN = 2
"""The caravan has stood on or passed one of its owner's nodes this Move."""


def _gid(state: SootState, good: str) -> int:
    return list(data(state).goods).index(good)


def _gname(state: SootState, gid: int) -> str:
    return list(data(state).goods)[gid]


def can_leave(state: SootState, player: PlayerId, at: Hex, good: str) -> bool:
    """Whether ``player`` may unload one unit of ``good`` on ``at``.

    Goods can lie only on your warehouse node (Tier 3 goods excepted: they
    are never warehoused; a bulk good only while the network has room), on
    a settlement hex (facility and market locations), or on your own camp
    tile with room left under the cap.

    Args:
        state: the game.
        player: the seat concerned.
        at: the hex where the caravan stands.
        good: the good's name.

    Returns:
        Whether the unit has a place there.

    Source: rulebook, "Warehouses & Network" (no discarding; Tier 3 never
    warehoused), "Production" (a camp tile holds at most 2 goods);
    assumed: no goods on bare hexes, communities or rivals' camps; the
    network's capacity (I40).
    """
    if is_node(state, player, at) and not tier3(state, good):
        return not counts_in_network(state, good) or network_room(state, player) > 0
    camp = state.camps.get(at)
    if camp is not None:
        return camp.owner == player and tile_room(state, at) > 0
    return at in state.settlements


def _stop_options(state: SootState, player: PlayerId, data: tuple[int, ...]) -> list[Choose]:
    moved, index, spent, flags, loaded, unloaded = data
    p = state.players[player]
    c = p.caravans[index]
    at = c.loc
    out = []
    if c.load() < caravan_capacity(state, player):
        here = dict(p.loose.get(at, {}))
        if is_node(state, player, at):
            for g, n in p.stock.items():
                here[g] = here.get(g, 0) + n
        for g in sorted(here):
            gid = _gid(state, g)
            if not unloaded >> gid & 1:
                out.append(optf("load", gid, "load 1 {}", g))
    for g in sorted(c.cargo):
        gid = _gid(state, g)
        if not loaded >> gid & 1 and can_leave(state, player, at, g):
            out.append(optf("unload", gid, "unload 1 {}", g))
    if spent + _MIN_STEP <= BUDGET:
        if _drives_on(state, player, index, _paid(moved), spent, bool(flags & _FUELLED), bool(flags & _NODE_SEEN)):
            out.append(opt("go", 0, "drive on"))
    out.append(optf("done", 0, "caravan {} stops at {}", index, at))
    return out


def _bits(mask: int) -> tuple[int, ...]:
    return _set_bits(mask)


def _ask_stop(state: SootState, player: PlayerId, data: tuple[int, ...]) -> None:
    """Ask at a stop (``data``: the Move so far, see above) which cargo to move, whether to drive on or stop."""
    global _LAST_STOP
    moved, index, spent, flags, loaded, unloaded = data
    options = _stop_options(state, player, data)
    agents, tolls = _unpacked(moved)
    question = CaravanStop(
        player=player, prompt=f"caravan {index}: load, unload, drive on or stop", caravan=index, moved=agents,
        tolls_paid=tolls, spent=spent, fuelled=bool(flags & _FUELLED), node_seen=bool(flags & _NODE_SEEN),
        loaded=_bits(loaded), unloaded=_bits(unloaded), loads=tuple(o.arg for o in options if o.code == "load"),
        unloads=tuple(o.arg for o in options if o.code == "unload"), drive=any(o.code == "go" for o in options))
    _LAST_STOP = (question, state.players[player].caravans[index].loc, tuple(options))
    state.pending.append(question)


_LAST_STOP: tuple[CaravanStop | None, Hex | None, tuple[Choose, ...]] = (None, None, ())
"""The last stop :func:`_ask_stop` asked, the caravan's hex then (the ``done`` label
reads it) and its answers: :meth:`StopHandler.answers` hands them back when that same
question object is listed with the caravan on that hex, instead of making them again."""


def _stop_data(question: CaravanStop) -> tuple[int, int, int, int, int, int]:
    """The stop's Move so far as the rules below pack it: (moved, index, spent, flags, loaded, unloaded)."""
    flags = (_FUELLED if question.fuelled else 0) | (_NODE_SEEN if question.node_seen else 0)
    return (_packed(question.moved, question.tolls_paid), question.caravan, question.spent, flags,
            _packed(question.loaded, ()), _packed(question.unloaded, ()))


class StopHandler(Handler[SootState, CaravanStop, Choose]):
    """The :class:`~hexkit_soot.actions.CaravanStop` question: load, unload, drive on, or stop.

    Source: rulebook, "Agents & Movement".
    """

    def answers(self, state: SootState, question: CaravanStop) -> Sequence[Choose]:
        """The loads, the unloads, ``go`` and ``done``, as asked (one ``"?"`` per kind when screened)."""
        if question.screened:
            kinds = (("load", question.loads), ("unload", question.unloads), ("go", question.drive), ("done", True))
            return tuple(opt(code, -1, "?") for code, present in kinds if present)
        asked, where, answers = _LAST_STOP
        if asked is question and where == state.players[question.player].caravans[question.caravan].loc:
            return answers
        names = list(data(state).goods)
        out = [optf("load", g, "load 1 {}", names[g]) for g in question.loads]
        out += [optf("unload", g, "unload 1 {}", names[g]) for g in question.unloads]
        if question.drive:
            out.append(opt("go", 0, "drive on"))
        at = state.players[question.player].caravans[question.caravan].loc
        out.append(optf("done", 0, "caravan {} stops at {}", question.caravan, at))
        return tuple(out)

    def resolve(self, state: SootState, question: CaravanStop, answer: Choose) -> None:
        """At a stop: load or unload one unit, drive a leg, or finish with this caravan."""
        _on_cargo(state, question.player, _stop_data(question), answer)


def _on_cargo(state: SootState, player: PlayerId, stop: tuple[int, int, int, int, int, int], answer: Choose) -> None:
    """At a stop: load or unload one unit, drive a leg, or finish with this caravan."""
    moved, index, spent, flags, loaded, unloaded = stop
    p = state.players[player]
    c = p.caravans[index]
    if answer.code == "load":
        g = _gname(state, answer.arg)
        loose = p.loose.get(c.loc)
        move_goods(state, player, g, 1, c.loc if loose and loose.get(g) else None, index)
        _ask_stop(state, player, (moved, index, spent, flags, loaded | 1 << answer.arg, unloaded))
    elif answer.code == "unload":
        g = _gname(state, answer.arg)
        move_goods(state, player, g, 1, index, None if is_node(state, player, c.loc) and not tier3(state, g) else c.loc)
        _ask_stop(state, player, (moved, index, spent, flags, loaded, unloaded | 1 << answer.arg))
    elif answer.code == "go":
        agents, tolls = _unpacked(moved)
        state.pending.append(DriveLeg(player=player, prompt="Move: where does the leg end?", caravan=index,
                                      moved=agents, tolls_paid=tolls, spent=spent, fuelled=bool(flags & _FUELLED),
                                      node_seen=bool(flags & _NODE_SEEN)))
    else:
        _next_agent(state, player, moved)


def _fuel_need(state: SootState, player: PlayerId, index: int, network: bool, owed: int) -> Need:
    """The fuel a leg owes, as a payment choice: any fuel token on the caravan,
    or in the network when it passed one of the player's nodes this Move.

    Source: rulebook, "Agents & Movement" (fuel from the caravan's own load
    or from a warehouse node on its path).
    """
    p = state.players[player]
    units = [(f"caravan|{g}", fuel_value(state, g), n) for g, n in sorted(p.caravans[index].cargo.items())]
    if network:
        units += [(f"network|{g}", fuel_value(state, g), n) for g, n in sorted(p.stock.items())]
    return Need.of(f"fuel for caravan {index}", owed, units,
                   label=lambda key: f"{key.partition('|')[2]} from the {key.partition('|')[0]}")


def _pay_fuel(state: SootState, player: PlayerId, index: int, picks: list[Pick]) -> None:
    p = state.players[player]
    for key, n in units_of(picks).items():
        where, _, good = key.partition("|")
        return_goods(state, player, good, n, None if where == "network" else index)
        state.note(player, f"caravan {index} burned {n} {good} on the road")


def _leg_options(state: SootState, question: DriveLeg) -> tuple[Choose, ...]:
    """Where the leg may end: by road and rail (``hex``), then on trails and rivers only (``trail``), in hex order."""
    index, player, paid = question.caravan, question.player, frozenset(question.tolls_paid)
    reach = caravan_reach(state, player, index, paid, question.spent, question.fuelled, question.node_seen)
    options = [optf("hex", hex_code(t), "caravan {} to {}", index, t) for t in sorted(reach)]
    trails = trail_reach(state, player, index, reach, paid, question.spent, question.fuelled)
    options += [optf("trail", hex_code(t), "caravan {} to {} on trails and rivers (no fuel, no toll)", index, t)
                for t in sorted(trails)]
    return tuple(options)


class DriveHandler(SettlingHandler[DriveLeg]):
    """The :class:`~hexkit_soot.actions.DriveLeg` question: where a caravan's leg ends.

    Source: rulebook, "Agents & Movement".
    """

    def answers(self, state: SootState, question: DriveLeg) -> Sequence[Choose]:
        """``Choose("hex", hex_code(t))`` by road and rail, then ``Choose("trail", ...)`` on trails and rivers."""
        return _leg_options(state, question)

    def resolve_paying(self, state: SootState, question: DriveLeg, answer: Choose, given: tuple[int, ...]) -> None:
        """Drive one leg, paying fuel (the answers ``given`` so far) and tolls when laden; then stop."""
        _on_drive(state, question, answer, given)


def _on_drive(state: SootState, question: DriveLeg, answer: Choose, given: tuple[int, ...]) -> None:
    """Drive one leg, paying fuel (once per caravan per Move) and tolls when laden; then stop.

    When the fuel can be paid in more than one way the player is asked
    first (:func:`~hexkit_soot.rules.payment.pay`); the leg then goes on
    from its :class:`Leg` continuation.
    """
    player = question.player
    moved, index, spent = _packed(question.moved, question.tolls_paid), question.caravan, question.spent
    flags = (_FUELLED if question.fuelled else 0) | (_NODE_SEEN if question.node_seen else 0)
    c = state.players[player].caravans[index]
    target = code_hex(answer.arg)
    path = _leg_to(state, player, index, _paid(moved), spent, bool(flags & _FUELLED), bool(flags & _NODE_SEEN),
                   target, answer.code == "trail")
    laden = bool(c.cargo)
    if laden and not flags & _FUELLED:
        owed = _fuel_owed(state, player, path)
        if owed:
            pay(state, Leg(payer=player, moved=moved, index=index, spent=spent, flags=flags, target=target,
                           cost=path.cost, hexes=tuple(path.hexes), owners=tuple(sorted(path.owners)),
                           via_node=path.via_node, owed=owed,
                           network=bool(flags & _NODE_SEEN) or path.via_node), given)
            return
    _drive(state, player, moved, index, spent, flags, target, path.cost, path.hexes, path.owners, path.via_node,
           laden)


@attrs.frozen(kw_only=True)
class Leg(Paying):
    """A laden caravan's leg waiting for its fuel to be chosen (:func:`_fuel_need`).

    Attributes:
        moved: the Move's agents moved and owners already paid, packed (agent bits, toll bits from bit 32).
        index: the caravan.
        spent: movement points spent before this leg.
        flags: the Move's flags before this leg (fuelled, node seen).
        target: where the leg ends.
        cost: movement points of the leg.
        hexes: the hexes walked, start first.
        owners: rival owners of road or rail segments on it (tolls), in order.
        via_node: whether it passes one of the mover's warehouse nodes.
        owed: fuel owed.
        network: whether the fuel may come from the network.
    """

    moved: int
    index: int
    spent: int
    flags: int
    target: Hex
    cost: int
    hexes: tuple[Hex, ...]
    owners: tuple[int, ...]
    via_node: bool
    owed: int
    network: bool

    def stages(self, state: SootState) -> Stages:
        """One stage: the fuel owed, from the caravan (and the network when allowed)."""
        need = _fuel_need(state, self.payer, self.index, self.network, self.owed)
        return lambda done: None if done else need

    def paid(self, state: SootState, picks: list[Pick]) -> None:
        """Burn the fuel chosen, then pay the tolls and move."""
        _pay_fuel(state, self.payer, self.index, picks)
        _drive(state, self.payer, self.moved, self.index, self.spent, self.flags | _FUELLED, self.target,
               self.cost, list(self.hexes), frozenset(self.owners), self.via_node, True)


def _drive(state: SootState, player: PlayerId, moved: int, index: int, spent: int, flags: int, target: Hex,
           cost: int, hexes: list[Hex], owners: frozenset[int], via_node: bool, laden: bool) -> None:
    """The rest of a leg once its fuel is paid: tolls when laden, the move, then the stop."""
    if laden:
        for owner in sorted(owners - _paid(moved)):
            toll = modify(state, owner, Hook.TOLL_RATE, data(state).numbers.toll)
            if transfer_currency(state, player, owner, toll, "toll") and state.share_lines:
                on_toll(state, owner, hexes, toll)  # module shares: matched and split on a line
            moved |= 1 << (_PAID_BIT + owner)
    if via_node:
        flags |= _NODE_SEEN
    c = state.players[player].caravans[index]
    state.note(player, f"caravan {index} moved {c.loc} -> {target}")
    c.loc = target
    _ask_stop(state, player, (moved, index, spent + cost, flags, 0, 0))
