"""Agents and movement: the Move action, trails, caravans on routes.

One Move action moves any of your agents, each up to its speed, one after
another. Explorers and Builders walk 2 hexes through wilderness (3 with the
archetype's agent bonus) and lay a public trail on every segment they walk
that had no route. Caravans move on routes only: trail 1 hex (2 when
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
  nodes (they join the network; Tier 3 goods stay loose on the hex), on a
  settlement hex (facility and market locations), or on your own camp tile
  while it holds fewer than 2 goods. Not on bare wilderness, a community or
  a rival's camp.
* Within one stop a good loaded there cannot be unloaded there, and a good
  unloaded there cannot be loaded there.
* Each leg takes the fastest path to its end (ties: fewer rival segments).

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
from collections.abc import Iterator
from collections.abc import Set as AbstractSet

from hexkit.game import PlayerId
from hexkit.hexes import Hex
from hexkit_soot.actions import Choose, Step
from hexkit_soot.effects import Hook, modify
from hexkit_soot.grid import code_hex, hex_code, rivers_frozen
from hexkit_soot.ledger import D, to_supply, transfer_currency
from hexkit_soot.rules.camps import tile_room
from hexkit_soot.rules.network import fuel_value, is_node, tier3
from hexkit_soot.rules.payment import Need, Pick, settle, units_of
from hexkit_soot.rules.steps import ask, handles, main_action, opt, optf
from hexkit_soot.state import NO_OWNERS, NO_ROUTES, RAIL, ROAD, TRAIL, SootState, add_goods

__all__ = ["BUDGET", "Path", "explore_reach", "caravan_reach", "caravan_capacity", "can_leave", "lay_trails"]

BUDGET = 12
"""Movement points of every agent per Move (12 = least common multiple of the speeds)."""

_RIVER = 3
_MIN_STEP = 3
"""Points of the cheapest segment (rail or river): no leg costs less."""
_KEY = 256
"""Search keys are ``points * _KEY + rival segments``; a path has at most
:data:`BUDGET` segments (each costs at least 1 point), far below ``_KEY``."""
_UNREACHED = 99 * _KEY


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


def _settled(
    state: SootState, player: PlayerId, start: Hex, walker_cost: int, livestock: bool, budget: int = BUDGET
) -> Iterator[tuple[Hex, Path]]:
    """The hexes :func:`_reached` reaches, nearest first, each with its path.

    A hex's path is final when the hex leaves the queue: every segment costs
    at least one point, so no later hex can improve it. Its path is its
    predecessor's (left the queue earlier) plus one segment.
    """
    prev: dict[Hex, tuple[Hex, int, int, int]] = {}
    paths = {start: Path(0, [start], False, frozenset(), is_node(state, player, start), [])}
    for h, points in _reached(state, player, start, walker_cost, livestock, budget, prev):
        path = _extend(state, player, paths, h, points, prev[h])
        paths[h] = path
        yield h, path


def _reached(
    state: SootState, player: PlayerId, start: Hex, walker_cost: int, livestock: bool, budget: int,
    prev: dict[Hex, tuple[Hex, int, int, int]],
) -> Iterator[tuple[Hex, int]]:
    """Dijkstra over explored hexes within ``budget`` points: the hexes reached
    (``start`` excepted), nearest first, each with its points as soon as they
    are final (a caller looking for one hex, or asking whether some hex
    qualifies, stops early).

    ``walker_cost`` > 0: an Explorer/Builder's wilderness cost per hex.
    ``prev`` receives, by hex, the segment it is best reached by:
    ``(predecessor, direction, route kind used, wild)``.
    """
    tiles = state.tiles
    water = state.water
    frozen = rivers_frozen(state.round)
    trail_cost = 6 if livestock else 12
    route_cost = (99, trail_cost, 6, 3)  # points of a segment by route kind: none, trail, road, rail
    kinds_of = state.route_kind
    owners_of = state.route_owner
    # A search key packs (points, rival segments) into one int, points first,
    # so keys compare as those pairs do (rival segments stay below _KEY).
    best: dict[Hex, int] = {start: 0}
    heap: list[tuple[int, Hex]] = [(0, start)]
    heappop, heappush = heapq.heappop, heapq.heappush
    # no segment costs less than this: a hex with less budget left reaches no neighbour
    least = min(_MIN_STEP, walker_cost) if walker_cost else _MIN_STEP
    while heap:
        key, h = heappop(heap)
        if best[h] < key:
            continue
        cost = key // _KEY
        if h != start:
            yield h, cost
        left = budget - cost
        if left < least:
            continue
        kinds = kinds_of.get(h, NO_ROUTES)
        owners = owners_of.get(h, NO_OWNERS)
        river = not frozen and h in water  # a river segment needs water at both ends
        for d, n in enumerate(h.neighbors()):
            if n not in tiles:
                continue
            k = kinds[d]
            step = route_cost[k]
            wild = 0
            if river and _RIVER < step and n in water:
                step = _RIVER
                k = -1
            if walker_cost and walker_cost < step:  # walking: wilderness, or a slower route
                step = walker_cost
                k = kinds[d]
                wild = 0 if k else 1
            if step > left:
                continue
            rival = 1 if k in (ROAD, RAIL) and owners[d] not in (-1, player) else 0
            n_key = key + step * _KEY + rival
            if n_key < best.get(n, _UNREACHED):
                best[n] = n_key
                prev[n] = (h, d, k, wild)
                heappush(heap, (n_key, n))


def _extend(
    state: SootState, player: PlayerId, paths: dict[Hex, Path], h: Hex, cost: int,
    came: tuple[Hex, int, int, int],
) -> Path:
    """The path to ``h``: its predecessor's path plus the segment it came by.

    ``came`` is ``(predecessor, direction, route kind used, wild)``; tolls
    and fuel count road and rail segments, wild segments get trails (listed
    from the far end back, as walked back from ``h``).
    """
    ph, d, k, wild = came
    before = paths[ph]
    powered = before.powered
    owners = before.owners
    if k in (ROAD, RAIL):
        powered = True
        o = state.route_owner.get(ph, NO_OWNERS)[d]
        if o not in (-1, player):
            owners = owners | {o}
    wild_dirs = [hex_code(ph) * 8 + d, *before.wild] if wild else before.wild.copy()
    via = before.via_node or is_node(state, player, h)
    return Path(cost, [*before.hexes, h], powered, owners, via, wild_dirs)


def _path_to(found: Iterator[tuple[Hex, Path]], target: Hex) -> Path:
    """The path to ``target`` among ``found`` (the search stops there).

    Raises:
        KeyError: if ``target`` is not reached (it always is: it was offered).
    """
    for h, path in found:
        if h == target:
            return path
    raise KeyError(target)


def walker_speed(state: SootState, player: PlayerId, agent: str) -> int:
    """Hexes per Move in wilderness for an Explorer or Builder (2; 3 with the agent bonus)."""
    arch = D(state).archetypes.get(state.players[player].archetype)
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
    return dict(_walks(state, player, start, agent))


def _walks(state: SootState, player: PlayerId, start: Hex, agent: str) -> Iterator[tuple[Hex, Path]]:
    """:func:`explore_reach`, nearest first, one hex at a time."""
    return _settled(state, player, start, _walker_cost(state, player, agent), False)


def _walker_cost(state: SootState, player: PlayerId, agent: str) -> int:
    """Points a wilderness segment costs an Explorer or Builder (the budget over its speed)."""
    return BUDGET // max(1, walker_speed(state, player, agent))


def caravan_capacity(state: SootState, player: PlayerId) -> int:
    """Units a caravan carries (assumed 4).

    Args:
        state: the game.
        player: the seat concerned.
    """
    return D(state).numbers.caravan_capacity


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
    return sum(modify(state, o, Hook.TOLL_RATE, 1) for o in owners)


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
    return dict(_legs(state, player, index, paid, spent, fuelled, node_seen))


def _legs(
    state: SootState, player: PlayerId, index: int, paid: frozenset[int], spent: int, fuelled: bool,
    node_seen: bool,
) -> Iterator[tuple[Hex, Path]]:
    """:func:`caravan_reach`, nearest first, one leg end at a time."""
    c = state.players[player].caravans[index]
    if spent >= BUDGET:
        return
    paths = _settled(state, player, c.loc, 0, c.cargo.get("Livestock", 0) > 0, BUDGET - spent)
    if not c.cargo:
        yield from paths
        return
    cur = state.players[player].currency
    burnable: dict[bool, bool] = {}  # whether some fuel can be burned, by network access (the same for every leg)
    for h, path in paths:
        if not fuelled and _fuel_owed(state, player, path):
            network = node_seen or path.via_node
            if network not in burnable:
                burnable[network] = _fuel_source(state, player, c.cargo, network) is not None
            if not burnable[network]:
                continue
        if _toll(state, path.owners - paid) > cur:
            continue
        yield h, path


def lay_trails(state: SootState, path: Path) -> int:
    """Lay public trails on the wilderness segments of ``path``; return how many.

    Args:
        state: the game.
        path: a walker's path from :func:`explore_reach`.
    """
    from hexkit_soot.rules.routes import set_route

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


def _paid(moved: int) -> frozenset[int]:
    bits = moved >> _PAID_BIT
    return frozenset(o for o in range(8) if bits & (1 << o))


def _agents(state: SootState, player: PlayerId, moved: int) -> list[Choose]:
    p = state.players[player]
    out = []
    tiles = state.tiles.keys()
    # a walker reaches any explored neighbour (one wilderness step is within any speed)
    for i, h in enumerate(p.explorers):
        if not moved & (1 << i) and not tiles.isdisjoint(h.neighbors()):
            out.append(optf("agent", i, "move Explorer at {}", h))
    for i, h in enumerate(p.builders):
        if not moved & (1 << (8 + i)) and not tiles.isdisjoint(h.neighbors()):
            out.append(optf("agent", 8 + i, "move Builder at {}", h))
    for i, c in enumerate(p.caravans):
        if not moved & (1 << (16 + i)):
            out.append(optf("agent", 16 + i, "caravan {} at {}", i, c.loc))
    return out


def _available(state: SootState, player: PlayerId) -> bool:
    p = state.players[player]
    if p.caravans:
        return True
    tiles = state.tiles
    return any(n in tiles for h in (*p.explorers, *p.builders) for n in h.neighbors())


@main_action("Move", _available, restricted_ok=True)
def start(state: SootState, player: PlayerId) -> None:
    """Begin a Move: choose the first agent."""
    ask(state, player, "move.agent", _agents(state, player, 0), "Move: which agent?", data=(0,))


# Answers that never change, made once.
_END_MOVE = opt("done", 0, "end the Move")
_DRIVE_ON = opt("go", 0, "drive on")


def _next_agent(state: SootState, player: PlayerId, moved: int) -> None:
    options = _agents(state, player, moved)
    if options:
        ask(state, player, "move.agent", [*options, _END_MOVE],
            "Move: another agent?", data=(moved,))


@handles("move.agent")
def on_agent(state: SootState, step: Step, answer: Choose) -> None:
    """Start moving the chosen agent."""
    if answer.code == "done":
        return
    player = step.player
    moved = step.data[0] | (1 << answer.arg)
    agent = answer.arg
    p = state.players[player]
    if agent < 16:
        is_builder = agent >= 8
        idx = agent - 8 if is_builder else agent
        h = p.builders[idx] if is_builder else p.explorers[idx]
        # the hexes of explore_reach, without their paths
        cost = _walker_cost(state, player, "Builder" if is_builder else "Explorer")
        reach = sorted(t for t, _ in _reached(state, player, h, cost, False, BUDGET, {}))
        options = [optf("hex", hex_code(t), "to {}", t) for t in reach]
        ask(state, player, "move.walk", options, "Move: where to?", data=(moved, agent))
    else:
        _ask_stop(state, player, (moved, agent - 16, 0, 0, 0, 0))


@handles("move.walk")
def on_walk(state: SootState, step: Step, answer: Choose) -> None:
    """Move an Explorer or Builder and lay trails."""
    player = step.player
    moved, agent = step.data
    p = state.players[player]
    is_builder = agent >= 8
    idx = agent - 8 if is_builder else agent
    start_hex = p.builders[idx] if is_builder else p.explorers[idx]
    target = code_hex(answer.arg)
    path = _path_to(_walks(state, player, start_hex, "Builder" if is_builder else "Explorer"), target)
    laid = lay_trails(state, path)
    if is_builder:
        p.builders[idx] = target
    else:
        p.explorers[idx] = target
    name = "Builder" if is_builder else "Explorer"
    state.note(player, f"{name} moved {start_hex} -> {target}" + (f", blazed {laid} trail" if laid else ""))
    _next_agent(state, player, moved)


# -- caravans: stops and legs ----------------------------------------------
# A caravan's progress through the Move travels in its questions' data:
# ``move.cargo`` (a stop): (moved, index, spent, flags, loaded, unloaded);
# ``move.drive`` (a leg): (moved, index, spent, flags). ``spent``: movement
# points used; ``flags``: _FUELLED, _NODE_SEEN; ``loaded`` / ``unloaded``:
# bit masks, by good id, of the goods loaded / unloaded at this stop.

_FUELLED = 1
"""The caravan has paid its fuel this Move."""
_NODE_SEEN = 2
"""The caravan has stood on or passed one of its owner's nodes this Move."""


def _gname(state: SootState, gid: int) -> str:
    return D(state).good_names[gid]


def can_leave(state: SootState, player: PlayerId, at: Hex, good: str) -> bool:
    """Whether ``player`` may unload one unit of ``good`` on ``at``.

    Goods can lie only on your warehouse node (Tier 3 goods excepted: they
    are never warehoused), on a settlement hex (facility and market
    locations), or on your own camp tile with room left under the cap.

    Args:
        state: the game.
        player: the seat concerned.
        at: the hex where the caravan stands.
        good: the good's name.

    Returns:
        Whether the unit has a place there.

    Source: rulebook, "Warehouses & Network" (no discarding; Tier 3 never
    warehoused), "Production" (a camp tile holds at most 2 goods);
    assumed: no goods on bare hexes, communities or rivals' camps.
    """
    if is_node(state, player, at) and not tier3(state, good):
        return True
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
    ids = D(state).good_ids
    if c.load() < caravan_capacity(state, player):
        # the kinds lying here, and in the network at a node
        here: AbstractSet[str] = p.loose.get(at, {}).keys()
        if is_node(state, player, at):
            here = here | p.stock.keys()
        for g in sorted(here):
            gid = ids[g]
            if not unloaded >> gid & 1:
                out.append(optf("load", gid, "load 1 {}", g))
    for g in sorted(c.cargo):
        gid = ids[g]
        if not loaded >> gid & 1 and can_leave(state, player, at, g):
            out.append(optf("unload", gid, "unload 1 {}", g))
    if spent + _MIN_STEP <= BUDGET and _can_drive(state, player, index, moved, spent, flags):
        out.append(_DRIVE_ON)
    out.append(optf("done", 0, "caravan {} stops at {}", index, at))
    return out


def _can_drive(state: SootState, player: PlayerId, index: int, moved: int, spent: int, flags: int) -> bool:
    """Whether caravan ``index`` has a leg end (:func:`_legs` finds one; the first will do)."""
    c = state.players[player].caravans[index]
    if not c.cargo:  # unladen: no fuel, no toll, so any hex reached (no path needed)
        return spent < BUDGET and next(_reached(state, player, c.loc, 0, False, BUDGET - spent, {}), None) is not None
    paid, fuelled, node_seen = _paid(moved), bool(flags & _FUELLED), bool(flags & _NODE_SEEN)
    return next(_legs(state, player, index, paid, spent, fuelled, node_seen), None) is not None


def _ask_stop(state: SootState, player: PlayerId, data: tuple[int, ...]) -> None:
    ask(state, player, "move.cargo", _stop_options(state, player, data),
        f"caravan {data[1]}: load, unload, drive on or stop", data=data)


@handles("move.cargo")
def on_cargo(state: SootState, step: Step, answer: Choose) -> None:
    """At a stop: load or unload one unit, drive a leg, or finish with this caravan."""
    player = step.player
    moved, index, spent, flags, loaded, unloaded = step.data
    p = state.players[player]
    c = p.caravans[index]
    if answer.code == "load":
        g = _gname(state, answer.arg)
        loose = p.loose.get(c.loc)
        if loose and loose.get(g):
            add_goods(loose, g, -1)
            if not loose:
                del p.loose[c.loc]
        else:
            add_goods(p.stock, g, -1)
        add_goods(c.cargo, g, 1)
        _ask_stop(state, player, (moved, index, spent, flags, loaded | 1 << answer.arg, unloaded))
    elif answer.code == "unload":
        g = _gname(state, answer.arg)
        add_goods(c.cargo, g, -1)
        if is_node(state, player, c.loc) and not tier3(state, g):
            add_goods(p.stock, g, 1)
        else:
            add_goods(p.loose.setdefault(c.loc, {}), g, 1)
        _ask_stop(state, player, (moved, index, spent, flags, loaded, unloaded | 1 << answer.arg))
    elif answer.code == "go":
        reach = caravan_reach(state, player, index, _paid(moved), spent,
                              bool(flags & _FUELLED), bool(flags & _NODE_SEEN))
        options = [opt("hex", hex_code(t), f"caravan {index} to {t}") for t in sorted(reach)]
        ask(state, player, "move.drive", options, "Move: where does the leg end?",
            data=(moved, index, spent, flags))
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
        add_goods(p.stock if where == "network" else p.caravans[index].cargo, good, -n)
        to_supply(state, good, n)
        state.note(player, f"caravan {index} burned {n} {good} on the road")


@handles("move.drive")
def on_drive(state: SootState, step: Step, answer: Choose) -> None:
    """Drive one leg, paying fuel (once per caravan per Move) and tolls when laden; then stop."""
    player = step.player
    moved, index, spent, flags = step.data
    p = state.players[player]
    c = p.caravans[index]
    target = code_hex(answer.arg)
    path = _path_to(_legs(state, player, index, _paid(moved), spent,
                          bool(flags & _FUELLED), bool(flags & _NODE_SEEN)), target)
    if c.cargo:
        owed = 0 if flags & _FUELLED else _fuel_owed(state, player, path)
        if owed:
            need = _fuel_need(state, player, index, bool(flags & _NODE_SEEN) or path.via_node, owed)
            picks = settle(state, step, answer, lambda done: None if done else need)
            if picks is None:
                return  # the player chooses the fuel first; this handler runs again
            _pay_fuel(state, player, index, picks)
            flags |= _FUELLED
        for owner in sorted(path.owners - _paid(moved)):
            transfer_currency(state, player, owner, modify(state, owner, Hook.TOLL_RATE, 1), "toll")
            moved |= 1 << (_PAID_BIT + owner)
    if path.via_node:
        flags |= _NODE_SEEN
    state.note(player, f"caravan {index} moved {c.loc} -> {target}")
    c.loc = target
    _ask_stop(state, player, (moved, index, spent + path.cost, flags, 0, 0))
