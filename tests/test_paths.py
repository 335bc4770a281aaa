"""Tests for hexkit.paths: BFS, A*/Dijkstra, multi-source, connected groups."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hexkit.paths
from hexkit.errors import HexkitError
from hexkit.hexes import ORIGIN, Hex, distance, spiral
from hexkit.hexmap import HexMap
from hexkit.paths import PathError, connected_groups, distances_from, reachable, shortest_path
from tests import strategies_hex as sh

# A radius-4 hexagon with a wall across it: the column q == 1 is blocked
# from (1,-4) to (1,2), leaving one gap at (1,3).
BOARD = HexMap.hexagon(4, 1)
WALL = frozenset(Hex(1, r) for r in range(-5, 3))


def unit_cost(a: Hex, b: Hex) -> float | None:
    return None if b not in BOARD or b in WALL else 1


def test_doctests() -> None:
    result = doctest.testmod(hexkit.paths)
    assert result.attempted > 10 and result.failed == 0


def test_wall_forces_a_detour() -> None:
    start, goal = Hex(0, 0), Hex(2, 0)
    assert distance(start, goal) == 2
    found = shortest_path(start, goal, unit_cost)
    assert found is not None
    cost, path = found
    # Every step changes q by at most 1, so the path crosses q == 1 at the
    # only gap, (1,3): distance((0,0),(1,3)) = 4 (down column q=0), then
    # distance((1,3),(2,0)) = 3 (up column q=2): 7 in all.
    assert cost == 7
    assert Hex(1, 3) in path
    bfs = reachable(start, lambda h: h in BOARD and h not in WALL)
    assert bfs[goal] == 7
    assert path[0] == start and path[-1] == goal and len(path) == cost + 1
    assert all(distance(path[i - 1], path[i]) == 1 for i in range(1, len(path)))
    assert not WALL & set(path)
    assert shortest_path(start, goal, unit_cost) == found  # deterministic


def test_weighted_path_prefers_cheap_terrain() -> None:
    # Entering the mountain row (r == 0, q in -1..1) costs 10, any other hex 1.
    # The straight route is 4 steps and enters one mountain (cost 13); the
    # cheapest crossings of r == 0 are (2,0) (4 steps there, 2 on) and (-2,0)
    # (2 there, 4 on), cost 6 either way.
    costs = HexMap.hexagon(3, 1)
    for q in (-1, 0, 1):
        costs[Hex(q, 0)] = 10

    def cost(a: Hex, b: Hex) -> float | None:
        return costs.get(b)

    found = shortest_path(Hex(0, -2), Hex(0, 2), cost)
    assert found is not None
    c, path = found
    assert c == 6 and all(costs[h] == 1 for h in path)
    assert Hex(2, 0) in path or Hex(-2, 0) in path
    dijkstra = shortest_path(Hex(0, -2), Hex(0, 2), cost, heuristic=None)
    assert dijkstra is not None and dijkstra[0] == 6


def test_no_path_and_trivial_path() -> None:
    assert shortest_path(ORIGIN, ORIGIN, unit_cost) == (0, [ORIGIN])
    island = {ORIGIN}
    assert shortest_path(ORIGIN, Hex(3, 0), lambda a, b: 1 if b in island else None) is None
    # max_cost makes a search on the open plane finite.
    assert shortest_path(ORIGIN, Hex(9, 0), lambda a, b: 1, max_cost=5) is None
    assert shortest_path(ORIGIN, Hex(5, 0), lambda a, b: 1, max_cost=5) is not None


def test_negative_cost_is_an_error() -> None:
    with pytest.raises(PathError) as info:
        shortest_path(ORIGIN, Hex(2, 0), lambda a, b: -1)
    assert isinstance(info.value, HexkitError) and isinstance(info.value, ValueError)
    with pytest.raises(PathError):
        distances_from([ORIGIN], lambda a, b: -1)


def test_reachable() -> None:
    r = reachable(ORIGIN, BOARD)
    assert len(r) == len(BOARD) and all(r[h] == h.length() for h in BOARD)
    assert reachable(ORIGIN, set(), None) == {ORIGIN: 0}
    assert reachable(ORIGIN, lambda h: True, max_steps=0) == {ORIGIN: 0}
    assert list(reachable(ORIGIN, lambda h: True, max_steps=3).values()) == sorted(
        reachable(ORIGIN, lambda h: True, max_steps=3).values()
    )
    assert set(reachable(Hex(2, 2), lambda h: True, max_steps=4)) == set(spiral(Hex(2, 2), 4))


def test_distances_from_two_sources() -> None:
    d = distances_from([Hex(-4, 0), Hex(4, 0)], lambda a, b: 1 if b in BOARD else None)
    assert len(d) == len(BOARD)
    assert all(v == min(distance(h, Hex(-4, 0)), distance(h, Hex(4, 0))) for h, v in d.items())
    assert list(d.values()) == sorted(d.values())
    assert distances_from([], unit_cost) == {}
    capped = distances_from([ORIGIN], lambda a, b: 1, max_cost=2)
    assert set(capped) == set(spiral(ORIGIN, 2))


def test_connected_groups_rail_example() -> None:
    # Two rail groups and a lone hex.
    rails = [Hex(0, 0), Hex(1, 0), Hex(2, -1), Hex(5, 5), Hex(5, 6), Hex(-3, 0)]
    groups = connected_groups(rails)
    assert groups == [
        frozenset({Hex(-3, 0)}),
        frozenset({Hex(0, 0), Hex(1, 0), Hex(2, -1)}),
        frozenset({Hex(5, 5), Hex(5, 6)}),
    ]
    assert connected_groups([]) == []
    assert connected_groups([ORIGIN, ORIGIN]) == [frozenset({ORIGIN})]


@given(sh.hex_sets())
def test_connected_groups_partition(hexes: frozenset[Hex]) -> None:
    groups = connected_groups(hexes)
    assert frozenset().union(*groups) == hexes if groups else not hexes
    assert sum(len(g) for g in groups) == len(hexes)
    assert [min(g) for g in groups] == sorted(min(g) for g in groups)
    where = {h: i for i, g in enumerate(groups) for h in g}
    for h in hexes:
        for n in h.neighbors():
            if n in hexes:
                assert where[n] == where[h]
    for g in groups:  # each group is connected
        assert set(reachable(min(g), g)) == g


@given(sh.hex_sets(60), sh.small_hexes(), sh.small_hexes())
def test_shortest_path_matches_bfs(open_hexes: frozenset[Hex], a: Hex, b: Hex) -> None:
    cells = open_hexes | {a, b}

    def cost(x: Hex, y: Hex) -> float | None:
        return 1 if y in cells else None

    bfs = reachable(a, cells)
    found = shortest_path(a, b, cost)
    if b not in bfs:
        assert found is None
        return
    assert found is not None
    c, path = found
    assert c == bfs[b] == len(path) - 1
    assert path[0] == a and path[-1] == b and set(path) <= cells
    assert all(distance(path[i - 1], path[i]) == 1 for i in range(1, len(path)))
    assert distances_from([a], cost)[b] == c


@given(sh.hexmaps(st.integers(0, 5), max_size=60), sh.small_hexes(), sh.small_hexes())
def test_astar_equals_dijkstra(costs: HexMap[int], a: Hex, b: Hex) -> None:
    def cost(x: Hex, y: Hex) -> float | None:
        return costs.get(y)

    astar = shortest_path(a, b, cost, heuristic=None)
    d = distances_from([a], cost)
    if b not in d:
        assert astar is None
        return
    assert astar is not None and astar[0] == d[b]
    assert sum(costs[h] for h in astar[1][1:]) == astar[0]
