"""Hypothesis strategies for the hex grid: hexes, directions, layouts, maps."""

from __future__ import annotations

from typing import TypeVar

from hypothesis import strategies as st

from hexkit.hexes import DoubledKind, Hex, Parity
from hexkit.hexmap import HexMap
from hexkit.layout import FLAT, POINTY, Layout, Orientation, Point

T = TypeVar("T")

COORD = 10_000
"""Default coordinate bound: far beyond any board, small enough for floats."""


def coords(bound: int = COORD) -> st.SearchStrategy[int]:
    """An integer coordinate in ``[-bound, bound]``."""
    return st.integers(-bound, bound)


def hexes(bound: int = COORD) -> st.SearchStrategy[Hex]:
    """A hex with ``|q|, |r| <= bound``."""
    return st.builds(Hex, coords(bound), coords(bound))


def small_hexes() -> st.SearchStrategy[Hex]:
    """A hex near the origin, where collisions and adjacency are common."""
    return hexes(6)


def directions() -> st.SearchStrategy[int]:
    """A direction index 0..5."""
    return st.integers(0, 5)


def parities() -> st.SearchStrategy[Parity]:
    return st.sampled_from(Parity)


def doubled_kinds() -> st.SearchStrategy[DoubledKind]:
    return st.sampled_from(DoubledKind)


def orientations() -> st.SearchStrategy[Orientation]:
    return st.sampled_from([POINTY, FLAT])


def layouts() -> st.SearchStrategy[Layout]:
    """Layouts with non-unit, non-square sizes (possibly mirrored) and any origin."""
    size = st.floats(0.5, 200.0) | st.floats(-200.0, -0.5)
    origin = st.floats(-1e4, 1e4)
    return st.builds(
        Layout,
        orientations(),
        st.builds(Point, size, size),
        st.builds(Point, origin, origin),
    )


def hex_sets(max_size: int = 40) -> st.SearchStrategy[frozenset[Hex]]:
    """Sets of hexes close together, so that they form several groups."""
    return st.frozensets(small_hexes(), max_size=max_size)


def hexmaps(values: st.SearchStrategy[T], max_size: int = 40) -> st.SearchStrategy[HexMap[T]]:
    """A map of arbitrary shape near the origin."""
    return st.dictionaries(small_hexes(), values, max_size=max_size).map(HexMap)


def shaped_hexmaps() -> st.SearchStrategy[HexMap[int]]:
    """A hexagon, rhombus or rectangle map (the shapes the games use)."""
    return st.one_of(
        st.builds(HexMap.hexagon, st.integers(0, 5), st.just(0)),
        st.builds(HexMap.rhombus, st.integers(0, 7), st.integers(0, 7), st.just(0)),
        st.builds(HexMap.rectangle, st.integers(0, 7), st.integers(0, 7), st.just(0), parities()),
    )
