"""Hex <-> pixel conversion for pointy-top and flat-top layouts.

The guide's ``Orientation`` (forward matrix ``f``, backward matrix ``b``,
start angle) and ``Layout`` (orientation, size, origin). ``size`` is the
distance from a hex's centre to its corners along each screen axis, so it
may be non-square (squashed hexes) and need not be 1. Screen ``y`` grows
downwards, as in SVG and most GUI toolkits.

>>> lay = Layout(POINTY, Point(10.0, 10.0), Point(0.0, 0.0))
>>> lay.hex_to_pixel(Hex(1, 0))
Point(x=17.32050807568877, y=0.0)
>>> lay.pixel_to_hex_rounded(Point(17.0, 1.0))
Hex(q=1, r=0)

Tie rule: :meth:`Layout.pixel_to_hex_rounded` rounds with
:func:`hexkit.hexes.hex_round`'s rule, so a point exactly on a shared edge or corner
goes to one of the hexes that touch it, always the same one for the same
input (see there for the rule on exact ties). Points computed in floating
point land within rounding error of the boundary; which side of it they fall
on is then decided by that error, still deterministically.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import attrs

from hexkit.errors import HexkitError
from hexkit.hexes import FractionalHex, Hex

__all__ = [
    "Point",
    "Orientation",
    "POINTY",
    "FLAT",
    "Layout",
    "InvalidLayoutError",
    "hex_to_pixel",
    "pixel_to_hex",
    "pixel_to_hex_rounded",
    "hex_corner_offset",
    "polygon_corners",
]

_new = tuple.__new__
_floor = math.floor


class InvalidLayoutError(HexkitError, ValueError):
    """A :class:`Layout` that cannot map hexes to pixels (zero or non-finite size)."""


class Point(NamedTuple):
    """A point on the screen (or a size along each axis)."""

    x: float
    y: float


class Orientation(NamedTuple):
    """The guide's orientation: forward matrix ``f``, inverse ``b``, start angle.

    ``start_angle`` is in units of 60 degrees: corner ``i`` of a hex is at
    angle ``60 * (start_angle + i)`` degrees.
    """

    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float


_SQRT3 = math.sqrt(3.0)

POINTY: Orientation = Orientation(
    _SQRT3, _SQRT3 / 2.0, 0.0, 3.0 / 2.0, _SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5
)
"""Pointy-top hexes (rows of hexes; pairs with ``*_R`` offset parities)."""

FLAT: Orientation = Orientation(
    3.0 / 2.0, 0.0, _SQRT3 / 2.0, _SQRT3, 2.0 / 3.0, 0.0, -1.0 / 3.0, _SQRT3 / 3.0, 0.0
)
"""Flat-top hexes (columns of hexes; pairs with ``*_Q`` offset parities)."""


def _to_point(value: tuple[float, float]) -> Point:
    x, y = value
    return Point(float(x), float(y))


def _check_size(size: Point) -> None:
    if not (math.isfinite(size.x) and math.isfinite(size.y)) or size.x == 0 or size.y == 0:
        raise InvalidLayoutError(f"layout size must be finite and non-zero, got {size}")


@attrs.frozen
class Layout:
    """How hexes sit on the screen: orientation, hex size and the origin's pixel.

    Args:
        orientation: :data:`POINTY` or :data:`FLAT`.
        size: centre-to-corner distance along x and along y (a pair).
        origin: the pixel of the centre of hex ``(0,0)`` (a pair).

    Raises:
        InvalidLayoutError: if a size component is zero or not finite.

    >>> Layout(FLAT, (2, 1), (100, 50)).hex_to_pixel(Hex(0, 0))
    Point(x=100.0, y=50.0)
    """

    orientation: Orientation
    size: Point = attrs.field(default=Point(1.0, 1.0), converter=_to_point)
    origin: Point = attrs.field(default=Point(0.0, 0.0), converter=_to_point)
    # pixel -> fractional axial as one affine map: (b0/sx, b1/sy, b2/sx, b3/sy, ox, oy).
    _inverse: tuple[float, float, float, float, float, float] = attrs.field(
        init=False, repr=False, eq=False
    )

    @_inverse.default
    def _make_inverse(self) -> tuple[float, float, float, float, float, float]:
        _check_size(self.size)  # here, as attrs computes this before validators run
        o, (sx, sy), (ox, oy) = self.orientation, self.size, self.origin
        return (o.b0 / sx, o.b1 / sy, o.b2 / sx, o.b3 / sy, ox, oy)

    def hex_to_pixel(self, h: tuple[int, int]) -> Point:
        """The pixel at the centre of a hex.

        Args:
            h: the hex.

        Returns:
            Its centre on the screen.

        >>> Layout(POINTY, (10, 20), (5, 5)).hex_to_pixel(Hex(0, 1))
        Point(x=13.660254037844386, y=35.0)
        """
        o = self.orientation
        size = self.size
        origin = self.origin
        q, r = h
        return _new(
            Point,
            (
                (o[0] * q + o[1] * r) * size[0] + origin[0],
                (o[2] * q + o[3] * r) * size[1] + origin[1],
            ),
        )

    def pixel_to_hex(self, p: tuple[float, float]) -> FractionalHex:
        """The fractional axial coordinates of a pixel.

        Args:
            p: the point ``(x, y)``.

        Returns:
            A :class:`~hexkit.hexes.FractionalHex`; ``.round()`` it, or call
            :meth:`pixel_to_hex_rounded`, for the hex under the point.

        >>> fh = Layout(POINTY, (10, 10)).pixel_to_hex((0.0, 15.0))
        >>> round(fh.q, 9), round(fh.r, 9)
        (-0.5, 1.0)
        """
        b0, b1, b2, b3, ox, oy = self._inverse
        x = p[0] - ox
        y = p[1] - oy
        return _new(FractionalHex, (b0 * x + b1 * y, b2 * x + b3 * y))

    def pixel_to_hex_rounded(self, p: tuple[float, float]) -> Hex:
        """The hex under a pixel.

        Points on a shared edge or corner go to one of the hexes touching
        it, deterministically (see the module notes and
        :func:`~hexkit.hexes.hex_round`).

        Args:
            p: the point ``(x, y)``.

        Returns:
            The hex containing the point.

        >>> Layout(FLAT, (10, 10), (0, 0)).pixel_to_hex_rounded((16.0, 9.0))
        Hex(q=1, r=0)
        """
        b0, b1, b2, b3, ox, oy = self._inverse
        x = p[0] - ox
        y = p[1] - oy
        fq = b0 * x + b1 * y
        fr = b2 * x + b3 * y
        # hex_round, inlined (same rule).
        fs = -fq - fr
        q = _floor(fq + 0.5)
        r = _floor(fr + 0.5)
        s = _floor(fs + 0.5)
        if q + r + s:
            eq = abs(q - fq)
            er = abs(r - fr)
            es = abs(s - fs)
            if eq > er and eq > es:
                q = -r - s
            elif er > es:
                r = -q - s
        return _new(Hex, (q, r))

    def hex_corner_offset(self, corner: int) -> Point:
        """The offset from a hex's centre to its corner number ``corner``.

        Corner ``i`` is at ``60 * (start_angle + i)`` degrees, measured
        clockwise on screen (y grows downwards).

        Args:
            corner: ``0..5``.

        Returns:
            The ``(dx, dy)`` offset.

        >>> Layout(FLAT, (10, 10)).hex_corner_offset(0)
        Point(x=10.0, y=0.0)
        """
        angle = 2.0 * math.pi * (self.orientation.start_angle + corner) / 6.0
        return Point(self.size[0] * math.cos(angle), self.size[1] * math.sin(angle))

    def polygon_corners(self, h: tuple[int, int]) -> list[Point]:
        """The six corners of a hex on the screen, for drawing.

        Args:
            h: the hex.

        Returns:
            Six points, corner 0 first.

        >>> [(round(x, 3), round(y, 3)) for x, y in Layout(FLAT, (1, 1)).polygon_corners(Hex(0, 0))][:2]
        [(1.0, 0.0), (0.5, 0.866)]
        """
        cx, cy = self.hex_to_pixel(h)
        out = []
        for i in range(6):
            dx, dy = self.hex_corner_offset(i)
            out.append(Point(cx + dx, cy + dy))
        return out


# The guide's free-function spellings: the same function objects.
hex_to_pixel = Layout.hex_to_pixel
pixel_to_hex = Layout.pixel_to_hex
pixel_to_hex_rounded = Layout.pixel_to_hex_rounded
hex_corner_offset = Layout.hex_corner_offset
polygon_corners = Layout.polygon_corners
