"""Tests for hexkit.hexes: known values from the guide, and properties."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hexkit.hexes
from hexkit.errors import HexkitError
from hexkit.hexes import (
    DIAGONALS,
    DIRECTIONS,
    ORIGIN,
    DoubledCoord,
    DoubledKind,
    FractionalHex,
    Hex,
    InvalidHexError,
    OffsetCoord,
    Parity,
    diagonal_neighbor,
    distance,
    from_doubled,
    from_offset,
    hex_round,
    line,
    neighbor,
    neighbors,
    parse_hex,
    reflect_q,
    reflect_r,
    reflect_s,
    ring,
    rotate_left,
    rotate_right,
    spiral,
    to_doubled,
    to_offset,
)
from tests import strategies_hex as sh


def test_doctests() -> None:
    result = doctest.testmod(hexkit.hexes)
    assert result.attempted > 30 and result.failed == 0


# ----------------------------------------------------------------------
# The value type.


def test_hex_value_semantics() -> None:
    h = Hex(3, -2)
    assert (h.q, h.r, h.s) == (3, -2, -1)
    assert h == Hex(3, -2) and hash(h) == hash(Hex(3, -2))
    assert {h: 1}[Hex(3, -2)] == 1
    assert str(h) == "(3,-2)"
    assert repr(h) == "Hex(q=3, r=-2)"
    q, r = h
    assert (q, r) == (3, -2)
    with pytest.raises(AttributeError):
        h.q = 5  # type: ignore[misc]
    assert not hasattr(h, "__dict__")
    assert Hex(0, 1) < Hex(1, -5) < Hex(1, 0)


def test_arithmetic() -> None:
    assert Hex(1, -3) + Hex(3, -2) == Hex(4, -5)
    assert Hex(1, -3) - Hex(3, -2) == Hex(-2, -1)
    assert Hex(1, -3) * 2 == 2 * Hex(1, -3) == Hex(2, -6)
    assert -Hex(1, -3) == Hex(-1, 3)
    assert type(Hex(1, 1) + Hex(1, 1)) is Hex
    with pytest.raises(TypeError):
        Hex(1, 1) * 1.5  # type: ignore[operator]


def test_from_cube() -> None:
    assert Hex.from_cube(1, -3, 2) == Hex(1, -3)
    with pytest.raises(InvalidHexError):
        Hex.from_cube(1, 1, 1)


def test_directions_in_guide_order() -> None:
    assert DIRECTIONS == (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
    assert DIAGONALS == (Hex(2, -1), Hex(1, -2), Hex(-1, -1), Hex(-2, 1), Hex(-1, 2), Hex(1, 1))
    assert neighbor(Hex(1, -2), 2) == Hex(1, -3)  # the guide's test_hex_neighbor
    assert diagonal_neighbor(Hex(1, -2), 3) == Hex(-1, -1)  # test_hex_diagonal
    assert neighbor(ORIGIN, 6) == neighbor(ORIGIN, 0) == neighbor(ORIGIN, -6)


def test_guide_values() -> None:
    # From the guide's test suite (cube (3,-7,4) and (0,0,0) -> 7).
    assert distance(Hex(3, -7), Hex(0, 0)) == 7
    assert distance(Hex(0, 0), Hex(3, -1)) == 3
    assert Hex(3, -7).length() == 7
    assert rotate_right(Hex(1, -3)) == Hex(3, -2)
    assert rotate_left(Hex(1, -3)) == Hex(-2, -1)
    assert hex_round(0.0 * 0.5 + 10 * 0.5, 0.0 * 0.5 + -10 * 0.5) == Hex(5, -5)
    assert line(Hex(0, 0), Hex(1, -5)) == [
        Hex(0, 0),
        Hex(0, -1),
        Hex(0, -2),
        Hex(1, -3),
        Hex(1, -4),
        Hex(1, -5),
    ]


def test_guide_hex_round() -> None:
    # The guide's test_hex_round: lerps between a=(0,0), b=(1,-1), c=(0,-1).
    def lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
        return a[0] * (1 - t) + b[0] * t, a[1] * (1 - t) + b[1] * t

    a, b, c = (0.0, 0.0), (1.0, -1.0), (0.0, -1.0)
    assert hex_round(*lerp((0, 0), (10, -20), 0.5)) == Hex(5, -10)
    assert hex_round(*lerp(a, b, 0.499)) == Hex(0, 0)
    assert hex_round(*lerp(a, b, 0.501)) == Hex(1, -1)
    assert hex_round(a[0] * 0.4 + b[0] * 0.3 + c[0] * 0.3, a[1] * 0.4 + b[1] * 0.3 + c[1] * 0.3) == Hex(0, 0)
    assert hex_round(a[0] * 0.3 + b[0] * 0.3 + c[0] * 0.4, a[1] * 0.3 + b[1] * 0.3 + c[1] * 0.4) == Hex(0, -1)


def test_hex_round_exact_ties() -> None:
    # Edge midpoints and corners, with exactly representable coordinates.
    assert hex_round(0.5, 0.0) == Hex(1, 0)
    assert hex_round(-0.5, 0.0) == Hex(0, 0)
    assert hex_round(0.5, -0.5) == Hex(1, -1)
    assert hex_round(0.0, 0.5) == Hex(0, 1)
    # Translation invariance of the tie rule (no banker's rounding).
    for k in range(-5, 6):
        assert hex_round(k + 0.5, 0.0) == Hex(k + 1, 0)
        assert hex_round(k + 0.5, k + 0.0) == hex_round(0.5, 0.0) + Hex(k, k)
    assert FractionalHex(0.4, 0.4).round() == hex_round(0.4, 0.4)
    assert FractionalHex(0.25, 0.5).s == -0.75


def test_ring_and_spiral_values() -> None:
    assert ring(ORIGIN, 0) == [ORIGIN]
    assert ring(ORIGIN, 1) == [Hex(-1, 1), Hex(0, 1), Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0)]
    assert spiral(Hex(2, 3), 0) == [Hex(2, 3)]
    with pytest.raises(ValueError):
        ring(ORIGIN, -1)
    with pytest.raises(ValueError):
        spiral(ORIGIN, -1)


def test_offset_guide_values() -> None:
    # The guide's test_offset_to_cube / test_offset_from_cube.
    assert to_offset(Hex(1, 2), Parity.EVEN_Q) == OffsetCoord(1, 3)
    assert to_offset(Hex(1, 2), Parity.ODD_Q) == OffsetCoord(1, 2)
    assert from_offset(OffsetCoord(1, 3), Parity.EVEN_Q) == Hex(1, 2)
    assert from_offset(OffsetCoord(1, 2), Parity.ODD_Q) == Hex(1, 2)
    assert to_offset(Hex(1, 2), Parity.ODD_R) == OffsetCoord(2, 2)
    assert to_offset(Hex(1, 2), Parity.EVEN_R) == OffsetCoord(2, 2)
    assert to_offset(Hex(0, -1), Parity.ODD_R) == OffsetCoord(-1, -1)
    assert to_offset(Hex(0, -1), Parity.EVEN_R) == OffsetCoord(0, -1)
    assert [p.value for p in Parity] == ["odd-r", "even-r", "odd-q", "even-q"]


def test_doubled_guide_values() -> None:
    # The guide's test_doubled_to_cube / test_doubled_from_cube.
    assert to_doubled(Hex(1, 2), DoubledKind.DOUBLEHEIGHT) == DoubledCoord(1, 5)
    assert to_doubled(Hex(1, 2), DoubledKind.DOUBLEWIDTH) == DoubledCoord(4, 2)
    with pytest.raises(InvalidHexError):
        from_doubled((1, 2), DoubledKind.DOUBLEWIDTH)


@pytest.mark.parametrize("text", ["(3,-2)", " ( 3 , -2 ) ", "3,-2", "(+3,-2)", "(3,-2,-1)"])
def test_parse_hex_accepts(text: str) -> None:
    assert parse_hex(text) == Hex(3, -2)


@pytest.mark.parametrize("text", ["", "(3,-2", "3,-2)", "(3;-2)", "(3.0,-2)", "(3,-2,0)", "(a,b)", "(3,-2)x"])
def test_parse_hex_rejects(text: str) -> None:
    with pytest.raises(InvalidHexError) as info:
        parse_hex(text)
    assert isinstance(info.value, HexkitError) and isinstance(info.value, ValueError)
    assert repr(text) in str(info.value)


def test_functions_are_the_methods() -> None:
    assert neighbors is Hex.neighbors and distance is Hex.distance and line is Hex.line


# ----------------------------------------------------------------------
# Properties.


@given(sh.hexes(), sh.hexes(), sh.hexes())
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, a) == 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, b) == distance(b, a) >= 0
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert distance(a, b) == max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


@given(sh.hexes())
def test_str_parse_round_trip(h: Hex) -> None:
    assert parse_hex(str(h)) == h


@given(sh.hexes(), sh.directions())
def test_neighbors(h: Hex, d: int) -> None:
    ns = h.neighbors()
    assert len(set(ns)) == 6
    assert all(distance(h, n) == 1 for n in ns)
    assert ns[d] == neighbor(h, d) == h + DIRECTIONS[d]
    assert diagonal_neighbor(h, d) == h + DIAGONALS[d]
    assert distance(h, diagonal_neighbor(h, d)) == 2
    assert h.diagonal_neighbors()[d] == diagonal_neighbor(h, d)


@given(sh.hexes(), st.integers(0, 30))
def test_ring(center: Hex, radius: int) -> None:
    hs = ring(center, radius)
    assert len(hs) == max(1, 6 * radius) == len(set(hs))
    assert all(distance(center, h) == radius for h in hs)
    if radius:  # a closed walk: each hex is adjacent to the next
        assert all(distance(hs[i - 1], hs[i]) == 1 for i in range(len(hs)))


@given(sh.hexes(), st.integers(0, 15))
def test_spiral(center: Hex, radius: int) -> None:
    hs = spiral(center, radius)
    assert len(hs) == len(set(hs)) == 3 * radius * (radius + 1) + 1
    assert hs[0] == center
    assert [distance(center, h) for h in hs] == sorted(distance(center, h) for h in hs)
    assert set(hs) == {h for k in range(radius + 1) for h in ring(center, k)}


@given(sh.hexes(), sh.hexes(40))
def test_line(a: Hex, delta: Hex) -> None:
    b = a + delta
    hs = line(a, b)
    assert len(hs) == distance(a, b) + 1
    assert hs[0] == a and hs[-1] == b
    assert all(distance(hs[i - 1], hs[i]) == 1 for i in range(1, len(hs)))
    # Exact symmetry (not just up to ties): both directions sample the very
    # same floating-point points, so line(b, a) is line(a, b) reversed.
    assert line(b, a) == hs[::-1]
    # Each hex is the rounding of the exact point it samples, so no hex is
    # more than half a step from the true segment: its distance from a plus
    # its distance from b is at most one more than distance(a, b).
    assert all(distance(a, h) + distance(h, b) <= len(hs) for h in hs)


def test_line_along_an_edge_is_symmetric() -> None:
    # Every sample of this line lies exactly on an edge between two hexes.
    a, b = Hex(0, 0), Hex(2, 2)
    hs = line(a, b)
    assert len(hs) == 5 and line(b, a) == hs[::-1]


@given(sh.hexes(), sh.hexes())
def test_rotations(h: Hex, c: Hex) -> None:
    x = h
    for _ in range(6):
        x = rotate_left(x, c)
    assert x == h
    x = h
    for _ in range(6):
        x = rotate_right(x, c)
    assert x == h
    assert rotate_left(rotate_right(h, c), c) == h == rotate_right(rotate_left(h, c), c)
    assert distance(rotate_left(h, c), c) == distance(h, c)
    # Rotating about c is rotating the offset from c.
    assert rotate_right(h, c) == rotate_right(h - c) + c
    assert h.rotate_right(c) == rotate_right(h, c)


@given(sh.hexes(), sh.hexes())
def test_reflections_are_involutions(h: Hex, c: Hex) -> None:
    for f in (reflect_q, reflect_r, reflect_s):
        assert f(f(h, c), c) == h
        assert distance(f(h, c), c) == distance(h, c)
    d = h - c
    assert reflect_q(h, c) - c == Hex.from_cube(d.q, d.s, d.r)
    assert reflect_r(h, c) - c == Hex.from_cube(d.s, d.r, d.q)
    assert reflect_s(h, c) - c == Hex.from_cube(d.r, d.q, d.s)


@given(sh.hexes(), sh.parities())
def test_offset_round_trip(h: Hex, parity: Parity) -> None:
    c = to_offset(h, parity)
    assert from_offset(c, parity) == h
    assert to_offset(from_offset(c, parity), parity) == c


@given(sh.coords(), sh.coords(), sh.parities())
def test_offset_round_trip_from_offset(col: int, row: int, parity: Parity) -> None:
    assert to_offset(from_offset((col, row), parity), parity) == (col, row)


@given(sh.hexes(), sh.doubled_kinds())
def test_doubled_round_trip(h: Hex, kind: DoubledKind) -> None:
    c = to_doubled(h, kind)
    assert (c.col + c.row) % 2 == 0
    assert from_doubled(c, kind) == h
    assert to_doubled(from_doubled(c, kind), kind) == c


@given(st.floats(-1e4, 1e4), st.floats(-1e4, 1e4))
def test_hex_round_finds_the_containing_hex(fq: float, fr: float) -> None:
    # The hexagon of h is {p : |dq - dr|, |dr - ds|, |ds - dq| <= 1} with
    # d = p - h in cube coordinates (the Voronoi cell of the lattice).
    h = hex_round(fq, fr)
    dq, dr = fq - h.q, fr - h.r
    ds = -dq - dr
    eps = 1e-9
    assert abs(dq - dr) <= 1 + eps and abs(dr - ds) <= 1 + eps and abs(ds - dq) <= 1 + eps


def test_neighbor_cache_is_bounded_and_transparent() -> None:
    hexkit.hexes._NEIGHBORS.clear()
    first = Hex(2, 3).neighbors()
    assert Hex(2, 3).neighbors() is first  # memoised
    for q in range(hexkit.hexes.NEIGHBOR_CACHE_SIZE + 10):
        Hex(q, 1000).neighbors()
    assert len(hexkit.hexes._NEIGHBORS) <= hexkit.hexes.NEIGHBOR_CACHE_SIZE
    assert Hex(2, 3).neighbors() == first == tuple(Hex(2, 3) + d for d in DIRECTIONS)
