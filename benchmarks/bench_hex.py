"""Hex-grid throughput: hexkit against the Python peers hexy and hexutil.

Every operation runs a fixed workload (the same inputs, drawn once from a
seeded RNG) through ``timeit``; the figure is calls per second from the best
of five repeats. Peers are measured in the same run, on equivalent inputs in
their own representation: hexy works on numpy cube vectors, hexutil on
doubled-width ``Hex(x, y)`` namedtuples. An operation a peer lacks shows
``-``. Rows below the line are hexkit-only figures for the engines' hot
paths. No pass/fail: these are figures to compare between commits.
"""

from __future__ import annotations

import random
import timeit
from collections.abc import Callable, Sequence
from typing import Any

import hexkit.hexes
from hexkit.hexes import ORIGIN, DoubledKind, Hex, distance, line, neighbors, ring, to_doubled
from hexkit.hexmap import HexMap
from hexkit.layout import POINTY, Layout, Point
from hexkit.paths import connected_groups, reachable, shortest_path

try:  # the peers are test extras, not dependencies
    import numpy as np

    import hexy
except ImportError:  # pragma: no cover
    hexy = None
try:
    import hexutil
except ImportError:  # pragma: no cover
    hexutil = None

REPEAT = 5
N_INPUTS = 500
SIZE = 10.0


def ops_per_second(
    fn: Callable[..., Any],
    inputs: Sequence[tuple[Any, ...]],
    number: int,
    setup: Callable[[], object] = lambda: None,
) -> float:
    """Calls per second of ``fn(*args)`` over ``inputs``, best of REPEAT runs."""

    def run() -> None:
        for args in inputs:
            fn(*args)

    best = min(timeit.repeat(run, setup=setup, number=number, repeat=REPEAT))
    return len(inputs) * number / best


def _hexes(rng: random.Random, n: int, bound: int = 50) -> list[Hex]:
    return [Hex(rng.randint(-bound, bound), rng.randint(-bound, bound)) for _ in range(n)]


def _cube(h: Hex) -> Any:
    return np.array((h.q, h.s, h.r))  # hexy's cube order is (x, y, z) = (q, s, r)


def _dw(h: Hex) -> Any:
    return hexutil.Hex(*to_doubled(h, DoubledKind.DOUBLEWIDTH))


def _line_pairs(rng: random.Random, n: int) -> list[tuple[Hex, Hex]]:
    pairs: list[tuple[Hex, Hex]] = []
    while len(pairs) < n:
        a, b = _hexes(rng, 2)
        if distance(a, b) == 10:
            pairs.append((a, b))
    return pairs


Row = tuple[str, float, float | None, float | None]


def peer_rows() -> list[Row]:
    rng = random.Random(20240601)
    hs = _hexes(rng, N_INPUTS)
    others = _hexes(rng, N_INPUTS)
    pairs = list(zip(hs, others, strict=True))
    lines = _line_pairs(rng, 100)
    points = [(rng.uniform(-500, 500), rng.uniform(-500, 500)) for _ in range(N_INPUTS)]
    layout = Layout(POINTY, Point(SIZE, SIZE))
    rows: list[Row] = []

    def add(name: str, ours: float, hexy_f: float | None, hexutil_f: float | None) -> None:
        rows.append((name, ours, hexy_f, hexutil_f))

    # neighbours: all six of a hex; hexkit memoises them (see Hex.neighbors),
    # so it is measured both warm (the engines' case) and cold.
    ours = ops_per_second(neighbors, [(h,) for h in hs], 40)
    hy = hu = None
    if hexy is not None:
        dirs = hexy.ALL_DIRECTIONS
        hy = ops_per_second(lambda c: c + dirs, [(_cube(h),) for h in hs], 20)
    if hexutil is not None:
        hu = ops_per_second(hexutil.Hex.neighbours, [(_dw(h),) for h in hs], 20)
    add("neighbors(h), memoised", ours, hy, hu)
    distinct = [(Hex(q, r),) for q in range(-50, 50) for r in range(100)]  # 10,000 hexes
    cold = ops_per_second(neighbors, distinct, 1, setup=hexkit.hexes._NEIGHBORS.clear)
    add("neighbors(h), cold", cold, hy, hu)

    ours = ops_per_second(distance, pairs, 100)
    if hexy is not None:
        hy = ops_per_second(hexy.get_cube_distance, [(_cube(a), _cube(b)) for a, b in pairs], 10)
    if hexutil is not None:
        hu = ops_per_second(hexutil.Hex.distance, [(_dw(a), _dw(b)) for a, b in pairs], 40)
    add("distance(a, b)", ours, hy, hu)

    ours = ops_per_second(ring, [(h, 5) for h in hs[:100]], 20)
    hu = None
    if hexy is not None:
        hy = ops_per_second(hexy.get_ring, [(_cube(h), 5) for h in hs[:100]], 5)
    add("ring(h, 5)", ours, hy, hu)

    ours = ops_per_second(line, lines, 40)
    if hexy is not None:
        hy = ops_per_second(hexy.get_hex_line, [(_cube(a), _cube(b)) for a, b in lines], 3)
    add("line(a, b), distance 10", ours, hy, hu)

    ours = ops_per_second(layout.pixel_to_hex_rounded, [(p,) for p in points], 40)
    if hexy is not None:
        hy = ops_per_second(hexy.pixel_to_axial, [(np.array([p]), SIZE) for p in points], 2)
    if hexutil is not None:
        grid = hexutil.HexGrid(32)
        hu = ops_per_second(grid.hex_at_coordinate, [(int(x), int(y)) for x, y in points], 20)
    add("pixel_to_hex (rounded)", ours, hy, hu)

    # A* on a radius-12 hexagon with a wall: hexutil's find_path vs ours.
    board = HexMap.hexagon(12, True)
    for r in range(-12, 9):
        board.pop(Hex(1, r), None)
    tasks = [(Hex(-6, 0), Hex(6, 0)), (Hex(-3, -6), Hex(4, 5)), (Hex(0, 9), Hex(2, -10))]

    def cost(a: Hex, b: Hex) -> float | None:
        return 1 if b in board else None

    ours = ops_per_second(lambda a, b: shortest_path(a, b, cost), tasks, 10)
    hy = hu = None
    if hexutil is not None:
        dw_board = {_dw(h) for h in board}
        hu = ops_per_second(
            lambda a, b: a.find_path(b, dw_board.__contains__),
            [(_dw(a), _dw(b)) for a, b in tasks],
            10,
        )
    add("A* path, radius-12 map + wall", ours, hy, hu)
    return rows


def own_rows() -> list[tuple[str, float]]:
    rng = random.Random(7)
    hs = _hexes(rng, N_INPUTS)
    table = {h: i for i, h in enumerate(hs)}
    board = HexMap.hexagon(10, "plain")  # 331 hexes
    rails = set(_hexes(rng, 150, bound=8))
    out = [
        ("Hex(q, r)", ops_per_second(Hex, [(h.q, h.r) for h in hs], 100)),
        ("hash(h)", ops_per_second(hash, [(h,) for h in hs], 200)),
        ("dict[h] lookup", ops_per_second(table.__getitem__, [(h,) for h in hs], 200)),
        ("h + DIRECTIONS[d]", ops_per_second(Hex.__add__, [(h, (1, -1)) for h in hs], 100)),
        ("HexMap.copy(), 331 hexes", ops_per_second(board.copy, [()] * 20, 100)),
        ("HexMap.edge_hexes(), 331 hexes", ops_per_second(board.edge_hexes, [()] * 5, 20)),
        ("reachable(), 331 hexes", ops_per_second(lambda: reachable(ORIGIN, board), [()] * 5, 20)),
        ("connected_groups(), 150 hexes", ops_per_second(lambda: connected_groups(rails), [()] * 5, 40)),
    ]
    return out


def _fmt(x: float | None) -> str:
    if x is None:
        return "-"
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 1e3:
        return f"{x / 1e3:.1f}k"
    return f"{x:.0f}"


def _ratio(ours: float, peer: float | None) -> str:
    return "-" if peer is None else f"{ours / peer:.1f}x"


def main() -> None:
    rows = peer_rows()
    head = f"{'operation (calls/s)':32} {'hexkit':>9} {'hexy':>9} {'hexkit/hexy':>12} {'hexutil':>9} {'hexkit/hexutil':>15}"
    print(head)
    print("-" * len(head))
    for name, ours, hy, hu in rows:
        print(
            f"{name:32} {_fmt(ours):>9} {_fmt(hy):>9} {_ratio(ours, hy):>12} "
            f"{_fmt(hu):>9} {_ratio(ours, hu):>15}"
        )
    print("-" * len(head))
    for name, ours in own_rows():
        print(f"{name:32} {_fmt(ours):>9}")


if __name__ == "__main__":
    main()
