"""Reachability, weighted shortest paths and connected groups on the hex grid.

Every function here is deterministic: neighbours are visited in
:data:`~hexkit.hexes.DIRECTIONS` order and ties between equally good
candidates are broken by :class:`~hexkit.hexes.Hex` order, so the same input
gives the same output (including which of several equal-cost paths) on
every machine.

The grid is infinite: a search ends only because ``passable`` or
``cost_fn`` rule hexes out (typically everything off the map), or because of
``max_steps`` / ``max_cost``.

>>> from hexkit.hexmap import HexMap
>>> board = HexMap.hexagon(2, 1)
>>> def step(a, b):
...     return board.get(b)  # cost of entering b; None off the map
>>> shortest_path(Hex(-2, 0), Hex(2, 0), step)
(4, [Hex(q=-2, r=0), Hex(q=-1, r=0), Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0)])
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from heapq import heappop, heappush

from hexkit.errors import HexkitError
from hexkit.hexes import Hex, distance

__all__ = [
    "Passable",
    "CostFn",
    "Heuristic",
    "PathError",
    "reachable",
    "shortest_path",
    "distances_from",
    "connected_groups",
]

Passable = Callable[[Hex], bool] | Container[Hex]
"""Which hexes may be entered: a predicate, or any container of hexes
(a set, a :class:`~hexkit.hexmap.HexMap`, ...)."""

CostFn = Callable[[Hex, Hex], float | None]
"""``cost_fn(a, b)``: the cost of stepping from ``a`` to its neighbour ``b``,
or ``None`` if that step is not allowed. Costs must be ``>= 0``."""

Heuristic = Callable[[Hex, Hex], float]
"""``heuristic(h, goal)``: a lower bound on the cost from ``h`` to ``goal``."""


class PathError(HexkitError, ValueError):
    """A search given input it cannot work with (a negative step cost)."""


def _predicate(passable: Passable) -> Callable[[Hex], bool]:
    if callable(passable):
        return passable
    return passable.__contains__


def reachable(start: Hex, passable: Passable, max_steps: int | None = None) -> dict[Hex, int]:
    """Every hex reachable from ``start`` through passable hexes, with its step count.

    Breadth-first search. ``start`` is always included (at 0 steps), passable
    or not.

    Args:
        start: where to start.
        passable: the hexes that may be entered (predicate or container).
        max_steps: stop after this many steps; ``None`` for no limit (then
            ``passable`` must rule out all but finitely many hexes).

    Returns:
        ``{hex: steps}``, in breadth-first order (by steps, then by the
        order found).

    >>> from hexkit.hexmap import HexMap
    >>> r = reachable(Hex(0, 0), HexMap.hexagon(3, None))
    >>> len(r), max(r.values())
    (37, 3)
    >>> len(reachable(Hex(0, 0), lambda h: True, max_steps=2))
    19
    """
    ok = _predicate(passable)
    dist: dict[Hex, int] = {start: 0}
    frontier = [start]
    steps = 0
    while frontier and (max_steps is None or steps < max_steps):
        steps += 1
        nxt: list[Hex] = []
        append = nxt.append
        for h in frontier:
            for n in h.neighbors():
                if n not in dist and ok(n):
                    dist[n] = steps
                    append(n)
        frontier = nxt
    return dist


def shortest_path(
    start: Hex,
    goal: Hex,
    cost_fn: CostFn,
    heuristic: Heuristic | None = distance,
    max_cost: float | None = None,
) -> tuple[float, list[Hex]] | None:
    """The cheapest path from ``start`` to ``goal`` (A*, or Dijkstra without a heuristic).

    Args:
        start: where the path starts.
        goal: where it ends.
        cost_fn: ``cost_fn(a, b)``, the cost of stepping from ``a`` to the
            adjacent ``b``, or ``None`` where that step is not allowed.
        heuristic: a lower bound on the remaining cost. The default,
            hex distance, is exact only if every step costs at least 1;
            pass ``None`` (Dijkstra) when steps may cost less.
        max_cost: give up on paths that cost more than this.

    Returns:
        ``(cost, path)`` with ``path`` from ``start`` to ``goal`` inclusive,
        or ``None`` if there is no path (within ``max_cost``). Among
        equal-cost paths the result is the same every run.

    Raises:
        PathError: if ``cost_fn`` returns a negative cost.

    >>> wall = {Hex(1, -1), Hex(1, 0), Hex(1, 1)}
    >>> def cost(a, b):
    ...     return None if b in wall or b.length() > 3 else 1
    >>> c, path = shortest_path(Hex(0, 0), Hex(2, 0), cost)
    >>> c, [str(h) for h in path]
    (5, ['(0,0)', '(0,-1)', '(1,-2)', '(2,-2)', '(2,-1)', '(2,0)'])
    """
    if start == goal:
        return 0, [start]
    h_fn = heuristic
    best: dict[Hex, float] = {start: 0}
    parent: dict[Hex, Hex] = {}
    done: set[Hex] = set()
    heap: list[tuple[float, float, Hex]] = [(h_fn(start, goal) if h_fn else 0, 0, start)]
    while heap:
        _, g, h = heappop(heap)
        if h in done:
            continue
        if h == goal:
            path = [h]
            while h != start:
                h = parent[h]
                path.append(h)
            path.reverse()
            return g, path
        done.add(h)
        for n in h.neighbors():
            if n in done:
                continue
            c = cost_fn(h, n)
            if c is None:
                continue
            if c < 0:
                raise PathError(f"negative step cost {c!r} from {h} to {n}")
            g2 = g + c
            if max_cost is not None and g2 > max_cost:
                continue
            old = best.get(n)
            if old is None or g2 < old:
                best[n] = g2
                parent[n] = h
                heappush(heap, (g2 + h_fn(n, goal) if h_fn else g2, g2, n))
    return None


def distances_from(
    starts: Iterable[Hex], cost_fn: CostFn, max_cost: float | None = None
) -> dict[Hex, float]:
    """The cheapest cost from the nearest of several starts to every reachable hex.

    Multi-source Dijkstra: every start is at cost 0.

    Args:
        starts: the sources.
        cost_fn: ``cost_fn(a, b)`` as for :func:`shortest_path`.
        max_cost: leave out hexes that cost more than this to reach.

    Returns:
        ``{hex: cost}`` in order of increasing cost (ties in hex order).

    Raises:
        PathError: if ``cost_fn`` returns a negative cost.

    >>> def cost(a, b):
    ...     return 1 if b.length() <= 2 else None
    >>> d = distances_from([Hex(-2, 0), Hex(2, 0)], cost)
    >>> d[Hex(0, 0)], d[Hex(1, 0)], len(d)
    (2, 1, 19)
    """
    heap: list[tuple[float, Hex]] = [(0, s) for s in sorted(set(starts))]
    best: dict[Hex, float] = {h: 0 for _, h in heap}
    out: dict[Hex, float] = {}
    while heap:
        g, h = heappop(heap)
        if h in out:
            continue
        out[h] = g
        for n in h.neighbors():
            if n in out:
                continue
            c = cost_fn(h, n)
            if c is None:
                continue
            if c < 0:
                raise PathError(f"negative step cost {c!r} from {h} to {n}")
            g2 = g + c
            if max_cost is not None and g2 > max_cost:
                continue
            old = best.get(n)
            if old is None or g2 < old:
                best[n] = g2
                heappush(heap, (g2, n))
    return out


def connected_groups(hexes: Iterable[Hex]) -> list[frozenset[Hex]]:
    """Split a set of hexes into groups of mutually connected (adjacent) hexes.

    Args:
        hexes: any hexes (duplicates are ignored).

    Returns:
        The connected components, ordered by their smallest hex.

    >>> groups = connected_groups([Hex(0, 0), Hex(1, 0), Hex(5, 5), Hex(0, 1)])
    >>> [sorted(str(h) for h in g) for g in groups]
    [['(0,0)', '(0,1)', '(1,0)'], ['(5,5)']]
    """
    remaining = set(hexes)
    groups: list[frozenset[Hex]] = []
    for seed in sorted(remaining):
        if seed not in remaining:
            continue
        remaining.discard(seed)
        group = [seed]
        stack = [seed]
        while stack:
            for n in stack.pop().neighbors():
                if n in remaining:
                    remaining.discard(n)
                    group.append(n)
                    stack.append(n)
        groups.append(frozenset(group))
    return groups
