"""Tests for hexkit.layout: hex <-> pixel in both orientations."""

from __future__ import annotations

import doctest
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hexkit.layout
from hexkit.hexes import ORIGIN, FractionalHex, Hex, spiral
from hexkit.layout import (
    FLAT,
    POINTY,
    InvalidLayoutError,
    Layout,
    Point,
    hex_to_pixel,
    pixel_to_hex,
    pixel_to_hex_rounded,
    polygon_corners,
)
from tests import strategies_hex as sh

# Non-unit, non-square sizes, one mirrored, all with a non-zero origin.
LAYOUTS = [
    Layout(POINTY, Point(10.0, 15.0), Point(35.0, 71.0)),
    Layout(FLAT, Point(10.0, 15.0), Point(35.0, 71.0)),
    Layout(POINTY, Point(3.7, 2.2), Point(-1234.5, 0.25)),
    Layout(FLAT, Point(3.7, 2.2), Point(-1234.5, 0.25)),
    Layout(FLAT, Point(-8.0, 5.5), Point(17.0, -9.0)),
]
IDS = ["pointy-10x15", "flat-10x15", "pointy-3.7x2.2", "flat-3.7x2.2", "flat-mirrored"]


def test_doctests() -> None:
    result = doctest.testmod(hexkit.layout)
    assert result.attempted > 5 and result.failed == 0


def test_orientation_matrices_are_inverse() -> None:
    for o in (POINTY, FLAT):
        assert math.isclose(o.f0 * o.b0 + o.f1 * o.b2, 1.0)
        assert math.isclose(o.f2 * o.b1 + o.f3 * o.b3, 1.0)
        assert abs(o.f0 * o.b1 + o.f1 * o.b3) < 1e-12
        assert abs(o.f2 * o.b0 + o.f3 * o.b2) < 1e-12
    assert POINTY.start_angle == 0.5 and FLAT.start_angle == 0.0


def test_guide_values() -> None:
    # The guide's test_layout: round trip of a hex through both layouts.
    h = Hex(3, 4)
    flat = Layout(FLAT, Point(10.0, 15.0), Point(35.0, 71.0))
    pointy = Layout(POINTY, Point(10.0, 15.0), Point(35.0, 71.0))
    assert flat.pixel_to_hex_rounded(flat.hex_to_pixel(h)) == h
    assert pointy.pixel_to_hex_rounded(pointy.hex_to_pixel(h)) == h
    unit = Layout(POINTY)
    x, y = unit.hex_to_pixel(Hex(1, 0))
    assert math.isclose(x, math.sqrt(3)) and y == 0.0
    x, y = Layout(FLAT).hex_to_pixel(Hex(0, 1))
    assert x == 0.0 and math.isclose(y, math.sqrt(3))


def test_layout_checks_and_converts() -> None:
    lay = Layout(POINTY, (2, 3), (4, 5))  # type: ignore[arg-type]
    assert lay.size == Point(2.0, 3.0) and lay.origin == Point(4.0, 5.0)
    assert type(lay.size) is Point
    for bad in [(0, 1), (1, 0), (math.inf, 1), (1, math.nan)]:
        with pytest.raises(InvalidLayoutError):
            Layout(POINTY, bad)  # type: ignore[arg-type]
    assert issubclass(InvalidLayoutError, ValueError)
    assert lay == Layout(POINTY, Point(2.0, 3.0), Point(4.0, 5.0))


def test_function_spellings() -> None:
    lay = LAYOUTS[0]
    h = Hex(2, -1)
    assert hex_to_pixel(lay, h) == lay.hex_to_pixel(h)
    assert pixel_to_hex(lay, (1.0, 2.0)) == lay.pixel_to_hex((1.0, 2.0))
    assert pixel_to_hex_rounded(lay, (1.0, 2.0)) == lay.pixel_to_hex_rounded((1.0, 2.0))
    assert polygon_corners(lay, h) == lay.polygon_corners(h)
    assert isinstance(lay.pixel_to_hex((1.0, 2.0)), FractionalHex)


@pytest.mark.parametrize("lay", LAYOUTS, ids=IDS)
def test_every_hex_within_radius_50_round_trips(lay: Layout) -> None:
    # Exhaustive, not sampled: all 7651 hexes.
    hexes = spiral(ORIGIN, 50)
    assert len(hexes) == 7651
    to_pixel = lay.hex_to_pixel
    to_hex = lay.pixel_to_hex_rounded
    bad = [h for h in hexes if to_hex(to_pixel(h)) != h]
    assert bad == []


def _close(a: tuple[float, float], b: tuple[float, float], lay: Layout) -> bool:
    tol = 1e-6 * max(abs(lay.size.x), abs(lay.size.y))
    return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol


@pytest.mark.parametrize("lay", LAYOUTS, ids=IDS)
def test_corners_and_edges_round_to_a_touching_hex(lay: Layout) -> None:
    for h in spiral(Hex(7, -3), 6):
        corners = lay.polygon_corners(h)
        mids = [
            Point((corners[i].x + corners[i - 1].x) / 2, (corners[i].y + corners[i - 1].y) / 2)
            for i in range(6)
        ]
        for p in corners + mids:
            got = lay.pixel_to_hex_rounded(p)
            assert lay.pixel_to_hex_rounded(p) == got  # deterministic
            assert got == h or got in h.neighbors()
            # ...and the point really is on the boundary of the hex chosen.
            theirs = lay.polygon_corners(got)
            their_mids = [
                ((theirs[i].x + theirs[i - 1].x) / 2, (theirs[i].y + theirs[i - 1].y) / 2)
                for i in range(6)
            ]
            assert any(_close(p, c, lay) for c in theirs + their_mids)


def test_exact_ties_follow_the_rule() -> None:
    # A layout in which boundary points are exact: the pixel of the edge
    # midpoint between (0,0) and (1,0) maps to fractional (0.5, 0) exactly.
    lay = Layout(POINTY, (1.0, 1.0))
    fh = lay.pixel_to_hex((math.sqrt(3) / 2, 0.0))
    assert math.isclose(fh.q, 0.5) and fh.r == 0.0
    assert lay.pixel_to_hex_rounded((math.sqrt(3) / 2, 0.0)) in (Hex(0, 0), Hex(1, 0))


@given(sh.layouts(), sh.small_hexes(), st.floats(-0.49, 0.49), st.floats(-0.49, 0.49))
def test_pixel_to_hex_rounded_is_the_nearest_centre(lay: Layout, h: Hex, fx: float, fy: float) -> None:
    # In size-normalised screen space the hexes are regular, so the hex under
    # a point is the one whose centre is nearest to it.
    cx, cy = lay.hex_to_pixel(h)
    p = (cx + fx * 2 * lay.size.x, cy + fy * 2 * lay.size.y)
    got = lay.pixel_to_hex_rounded(p)

    def d2(k: Hex) -> float:
        kx, ky = lay.hex_to_pixel(k)
        return ((p[0] - kx) / lay.size.x) ** 2 + ((p[1] - ky) / lay.size.y) ** 2

    assert all(d2(got) <= d2(n) + 1e-9 for n in got.neighbors())


@given(sh.layouts(), sh.hexes(1000))
def test_pixel_round_trip_sampled(lay: Layout, h: Hex) -> None:
    assert lay.pixel_to_hex_rounded(lay.hex_to_pixel(h)) == h
    fh = lay.pixel_to_hex(lay.hex_to_pixel(h))
    assert math.isclose(fh.q, h.q, abs_tol=1e-6) and math.isclose(fh.r, h.r, abs_tol=1e-6)


@given(sh.layouts(), sh.small_hexes())
def test_polygon_corners_are_size_away(lay: Layout, h: Hex) -> None:
    cx, cy = lay.hex_to_pixel(h)
    cs = lay.polygon_corners(h)
    assert len(cs) == 6
    for x, y in cs:
        assert math.isclose(((x - cx) / lay.size.x) ** 2 + ((y - cy) / lay.size.y) ** 2, 1.0)


@given(sh.layouts(), st.floats(-1e5, 1e5), st.floats(-1e5, 1e5))
def test_rounded_is_round_of_fractional(lay: Layout, x: float, y: float) -> None:
    # pixel_to_hex_rounded inlines hex_round for speed: it must agree with it.
    assert lay.pixel_to_hex_rounded((x, y)) == lay.pixel_to_hex((x, y)).round()
