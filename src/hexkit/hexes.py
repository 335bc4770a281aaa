"""Hexes in axial coordinates and the operations of the Red Blob Games guide.

A :class:`Hex` is an axial coordinate ``(q, r)``; the third cube coordinate
``s = -q - r`` is derived. Every operation of the guide
(https://www.redblobgames.com/grids/hexagons/) is here under the guide's
name: :func:`neighbor`, :func:`neighbors`, :func:`diagonal_neighbor`,
:func:`distance`, :func:`ring`, :func:`spiral`, :func:`line`,
:func:`hex_round`, :func:`rotate_left`, :func:`rotate_right`,
:func:`reflect_q`, :func:`reflect_r`, :func:`reflect_s`, offset coordinates
(:class:`OffsetCoord`, :class:`Parity`) and doubled coordinates
(:class:`DoubledCoord`, :class:`DoubledKind`).

Functions and methods are the same objects: ``neighbors`` *is*
``Hex.neighbors``, so ``neighbors(h) == h.neighbors()`` and there is one
implementation of each operation.

>>> h = Hex(3, -2)
>>> h.s
-1
>>> str(h), parse_hex("(3,-2)") == h
('(3,-2)', True)
>>> distance(Hex(0, 0), Hex(3, -1))
3
>>> h + Hex(1, 0), h - Hex(1, 0), h * 2
(Hex(q=4, r=-2), Hex(q=2, r=-2), Hex(q=6, r=-4))

Why ``Hex`` is a :class:`typing.NamedTuple`
-------------------------------------------
``Hex`` is a dict key in every hot loop of the game engines, so hashing and
equality dominate. A tuple subclass hashes and compares in C. Measured on
the development machine (CPython 3.11, ns per operation, lower is better)::

                            create   hash    ==    dict[h]
    NamedTuple, Hex(q, r)     377     50     32      63
    NamedTuple, tuple.__new__ 171     50     24      53
    __slots__ + cached hash   309     56     84     146
    __slots__ + hash()        124    107     80     196
    dataclass(frozen, slots)  329    112    110     368
    attrs.frozen              558    208    126     344

The NamedTuple loses only on creation through its Python-level
``__new__``; the hot paths here build hexes with ``tuple.__new__(Hex,
(q, r))`` (171 ns), and a dictionary lookup, which the engines do far more
often, is 3x faster than any alternative. Consequences worth knowing:

* a ``Hex`` is a tuple: ``q, r = h`` unpacks it, ordering is ``(q, r)``
  lexicographic, and ``Hex(1, 2) == (1, 2)`` (with equal hashes);
* ``+``, ``-`` and ``*`` are overridden to mean vector addition,
  subtraction and scaling, not tuple concatenation and repetition;
* ``Hex(q, r)`` accepts only ``int`` coordinates (not ``bool``, ``float``
  or a NumPy integer) and raises :class:`InvalidHexError` otherwise, so
  ``Hex(5.0, -2.0)``, which would equal and hash like ``Hex(5, -2)``,
  cannot be made; ``_make`` and ``_replace`` check the same way. The
  neighbour memo stores only hexes of two ints, so no caller can change
  what ``neighbors`` answers for anyone else.
"""

from __future__ import annotations

import enum
import math
import operator
import re
from collections.abc import Iterable
from typing import NamedTuple, SupportsIndex

from hexkit.errors import HexkitError

__all__ = [
    "Direction",
    "Hex",
    "NEIGHBOR_CACHE_SIZE",
    "FractionalHex",
    "ORIGIN",
    "DIRECTIONS",
    "DIAGONALS",
    "InvalidHexError",
    "neighbor",
    "neighbors",
    "diagonal_neighbor",
    "diagonal_neighbors",
    "distance",
    "ring",
    "spiral",
    "line",
    "hex_round",
    "rotate_left",
    "rotate_right",
    "reflect_q",
    "reflect_r",
    "reflect_s",
    "Parity",
    "OffsetCoord",
    "to_offset",
    "from_offset",
    "DoubledKind",
    "DoubledCoord",
    "to_doubled",
    "from_doubled",
    "parse_hex",
]

Direction = int
"""A direction index ``0..5`` into :data:`DIRECTIONS` (taken modulo 6)."""


class InvalidHexError(HexkitError, ValueError):
    """Text or coordinates that do not denote a hex.

    Attributes:
        value: the offending input, as given.
    """

    def __init__(self, value: object, reason: str) -> None:
        super().__init__(f"invalid hex {value!r}: {reason}")
        self.value = value
        self.reason = reason


_new = tuple.__new__
_floor = math.floor
_index = operator.index

# The guide's order: east, north-east, north-west, west, south-west,
# south-east for pointy-top hexes (q grows to the right, r downwards).
_DIRS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_DIAGS: tuple[tuple[int, int], ...] = ((2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1))

NEIGHBOR_CACHE_SIZE = 1 << 14
"""How many hexes' neighbours :meth:`Hex.neighbors` remembers (about 7 MB when full)."""

_NEIGHBORS: dict[tuple[int, int], tuple[Hex, Hex, Hex, Hex, Hex, Hex]] = {}


class Hex(NamedTuple):
    """A hex in axial coordinates; ``s = -q - r`` is derived.

    Immutable, hashable and ordered by ``(q, r)``. ``str(h)`` is the form the
    game logs use, ``"(q,r)"``; :func:`parse_hex` reads it back.

    Args:
        q: the column axis.
        r: the row axis.

    >>> Hex(3, -2)
    Hex(q=3, r=-2)
    >>> print(Hex(3, -2))
    (3,-2)
    >>> sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)])
    [Hex(q=0, r=-1), Hex(q=0, r=5), Hex(q=1, r=0)]
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self[0] - self[1]

    @classmethod
    def from_cube(cls, q: int, r: int, s: int) -> Hex:
        """Build a hex from cube coordinates, checking ``q + r + s == 0``.

        Raises:
            InvalidHexError: if the coordinates do not sum to zero.

        >>> Hex.from_cube(1, -3, 2)
        Hex(q=1, r=-3)
        """
        if type(q) is not int or type(r) is not int or type(s) is not int:
            raise InvalidHexError((q, r, s), "cube coordinates must be ints")
        if q + r + s != 0:
            raise InvalidHexError((q, r, s), "cube coordinates must sum to 0")
        return _new(cls, (q, r))

    def __str__(self) -> str:
        return f"({self[0]},{self[1]})"

    # Vector arithmetic. tuple's + and * mean concatenation and repetition;
    # + narrows tuple's signature on purpose.
    def __add__(self, other: tuple[int, int]) -> Hex:  # type: ignore[override]
        return _new(Hex, (self[0] + other[0], self[1] + other[1]))

    def __sub__(self, other: tuple[int, int]) -> Hex:
        return _new(Hex, (self[0] - other[0], self[1] - other[1]))

    def __neg__(self) -> Hex:
        return _new(Hex, (-self[0], -self[1]))

    def __mul__(self, k: SupportsIndex) -> Hex:
        k = _index(k)
        return _new(Hex, (self[0] * k, self[1] * k))

    def __rmul__(self, k: SupportsIndex) -> Hex:
        k = _index(k)
        return _new(Hex, (self[0] * k, self[1] * k))

    # ------------------------------------------------------------------
    # Neighbours and distance.

    def neighbor(self, direction: Direction) -> Hex:
        """The adjacent hex in ``direction`` (an index into :data:`DIRECTIONS`).

        Args:
            direction: ``0..5``; other integers are taken modulo 6.

        Returns:
            The neighbouring hex.

        >>> Hex(0, 0).neighbor(0), Hex(0, 0).neighbor(4)
        (Hex(q=1, r=0), Hex(q=-1, r=1))
        """
        dq, dr = _DIRS[direction % 6]
        return _new(Hex, (self[0] + dq, self[1] + dr))

    def neighbors(self) -> tuple[Hex, Hex, Hex, Hex, Hex, Hex]:
        """The six adjacent hexes, in :data:`DIRECTIONS` order.

        The hottest call of every engine, so answers are memoised in a
        bounded table (``NEIGHBOR_CACHE_SIZE`` hexes, emptied when full): a
        repeated call is one dict lookup, about 15x faster than building six
        hexes. The tuple is immutable, so sharing it is safe.

        >>> [str(h) for h in Hex(0, 0).neighbors()]
        ['(1,0)', '(1,-1)', '(0,-1)', '(-1,0)', '(-1,1)', '(0,1)']
        """
        try:
            return _NEIGHBORS[self]
        except KeyError:
            pass
        q, r = self
        if type(q) is not int or type(r) is not int:  # never memoise a non-int key
            raise InvalidHexError(self, "coordinates must be ints")
        n = _new
        H = Hex
        q1 = q + 1
        q0 = q - 1
        result = (
            n(H, (q1, r)),
            n(H, (q1, r - 1)),
            n(H, (q, r - 1)),
            n(H, (q0, r)),
            n(H, (q0, r + 1)),
            n(H, (q, r + 1)),
        )
        if len(_NEIGHBORS) >= NEIGHBOR_CACHE_SIZE:
            _NEIGHBORS.clear()
        _NEIGHBORS[self] = result
        return result

    def diagonal_neighbor(self, direction: Direction) -> Hex:
        """The hex across the corner in ``direction`` (index into :data:`DIAGONALS`).

        Args:
            direction: ``0..5``; other integers are taken modulo 6.

        Returns:
            The diagonal neighbour, at distance 2.

        >>> Hex(0, 0).diagonal_neighbor(0)
        Hex(q=2, r=-1)
        """
        dq, dr = _DIAGS[direction % 6]
        return _new(Hex, (self[0] + dq, self[1] + dr))

    def diagonal_neighbors(self) -> tuple[Hex, ...]:
        """The six diagonal neighbours, in :data:`DIAGONALS` order.

        >>> len(Hex(0, 0).diagonal_neighbors())
        6
        """
        q, r = self
        return tuple([_new(Hex, (q + dq, r + dr)) for dq, dr in _DIAGS])

    def distance(self, other: tuple[int, int]) -> int:
        """The number of steps between two hexes.

        Args:
            other: the other hex.

        Returns:
            ``max(|dq|, |dr|, |ds|)``, the hex grid distance.

        >>> Hex(0, 0).distance(Hex(3, -1))
        3
        >>> distance(Hex(-2, 1), Hex(1, 1))
        3
        """
        dq = self[0] - other[0]
        dr = self[1] - other[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1

    def length(self) -> int:
        """The distance from :data:`ORIGIN`.

        >>> Hex(3, -1).length()
        3
        """
        q, r = self
        return (abs(q) + abs(r) + abs(q + r)) >> 1

    # ------------------------------------------------------------------
    # Regions.

    def ring(self, radius: int) -> list[Hex]:
        """The hexes at exactly ``radius`` steps, going round once.

        The walk starts at ``center + DIRECTIONS[4] * radius`` and follows
        directions 0 to 5, as in the guide.

        Args:
            radius: ``0`` or more; a ring of radius 0 is the centre alone.

        Returns:
            ``6 * radius`` hexes (one for radius 0), each adjacent to the next.

        Raises:
            ValueError: if ``radius`` is negative.

        >>> [str(h) for h in ring(Hex(0, 0), 1)]
        ['(-1,1)', '(0,1)', '(1,0)', '(1,-1)', '(0,-1)', '(-1,0)']
        >>> ring(Hex(2, 2), 0)
        [Hex(q=2, r=2)]
        """
        if radius <= 0:
            if radius == 0:
                return [self]
            raise ValueError(f"ring radius must be >= 0, got {radius}")
        q = self[0] - radius
        r = self[1] + radius
        out: list[Hex] = []
        append = out.append
        n = _new
        H = Hex
        rng = range(radius)
        for dq, dr in _DIRS:
            for _ in rng:
                append(n(H, (q, r)))
                q += dq
                r += dr
        return out

    def spiral(self, radius: int) -> list[Hex]:
        """The centre, then the rings of radius 1 to ``radius``, in order.

        Args:
            radius: ``0`` or more.

        Returns:
            ``3 * radius * (radius + 1) + 1`` distinct hexes.

        Raises:
            ValueError: if ``radius`` is negative.

        >>> len(spiral(Hex(0, 0), 2))
        19
        >>> spiral(Hex(5, 5), 1)[:2]
        [Hex(q=5, r=5), Hex(q=4, r=6)]
        """
        if radius < 0:
            raise ValueError(f"spiral radius must be >= 0, got {radius}")
        out = [self]
        for k in range(1, radius + 1):
            out += self.ring(k)
        return out

    def line(self, other: tuple[int, int]) -> list[Hex]:
        """The hexes on the straight line from ``self`` to ``other``, inclusive.

        The guide's algorithm: ``N = distance``, sample ``N + 1`` evenly
        spaced points, nudge them by ``(1e-6, 1e-6, -2e-6)`` off the edges,
        and round each with :func:`hex_round`. Each sample is computed as an
        exact integer numerator divided by ``N``, so the samples of
        ``line(b, a)`` are bit-for-bit those of ``line(a, b)`` in reverse, and
        ``line(b, a) == line(a, b)[::-1]`` always holds. Exact for
        coordinates of magnitude below about ``10**9``.

        Args:
            other: the end hex.

        Returns:
            ``distance + 1`` hexes, starting at ``self`` and ending at
            ``other``, each adjacent to the previous one.

        >>> [str(h) for h in line(Hex(0, 0), Hex(3, -1))]
        ['(0,0)', '(1,0)', '(2,-1)', '(3,-1)']
        """
        aq, ar = self
        bq, br = other
        dq = bq - aq
        dr = br - ar
        n = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
        if n == 0:
            return [self]
        as_ = -aq - ar
        bs = -bq - br
        out: list[Hex] = []
        append = out.append
        new = _new
        H = Hex
        floor = _floor
        for i in range(n + 1):
            j = n - i
            fq = (aq * j + bq * i) / n + 1e-6
            fr = (ar * j + br * i) / n + 1e-6
            fs = (as_ * j + bs * i) / n - 2e-6
            # hex_round, inlined (see there for the rule).
            q = floor(fq + 0.5)
            r = floor(fr + 0.5)
            s = floor(fs + 0.5)
            if q + r + s:
                eq = abs(q - fq)
                er = abs(r - fr)
                es = abs(s - fs)
                if eq > er and eq > es:
                    q = -r - s
                elif er > es:
                    r = -q - s
            append(new(H, (q, r)))
        return out

    # ------------------------------------------------------------------
    # Symmetries. ``center`` defaults to the origin.

    def rotate_left(self, center: tuple[int, int] = (0, 0)) -> Hex:
        """Rotate 60 degrees to the left about ``center``: cube ``(-s, -q, -r)``.

        Args:
            center: the hex to rotate about (default :data:`ORIGIN`).

        >>> Hex(1, 0).rotate_left()
        Hex(q=1, r=-1)
        >>> Hex(3, 1).rotate_left(Hex(2, 1))
        Hex(q=3, r=0)
        """
        cq, cr = center
        q = self[0] - cq
        r = self[1] - cr
        return _new(Hex, (q + r + cq, -q + cr))

    def rotate_right(self, center: tuple[int, int] = (0, 0)) -> Hex:
        """Rotate 60 degrees to the right about ``center``: cube ``(-r, -s, -q)``.

        Args:
            center: the hex to rotate about (default :data:`ORIGIN`).

        >>> Hex(1, 0).rotate_right()
        Hex(q=0, r=1)
        """
        cq, cr = center
        q = self[0] - cq
        r = self[1] - cr
        return _new(Hex, (-r + cq, q + r + cr))

    def reflect_q(self, center: tuple[int, int] = (0, 0)) -> Hex:
        """Reflect across the q axis through ``center``: swap r and s.

        >>> Hex(1, -3).reflect_q()
        Hex(q=1, r=2)
        """
        cq, cr = center
        q = self[0] - cq
        r = self[1] - cr
        return _new(Hex, (q + cq, -q - r + cr))

    def reflect_r(self, center: tuple[int, int] = (0, 0)) -> Hex:
        """Reflect across the r axis through ``center``: swap q and s.

        >>> Hex(1, -3).reflect_r()
        Hex(q=2, r=-3)
        """
        cq, cr = center
        q = self[0] - cq
        r = self[1] - cr
        return _new(Hex, (-q - r + cq, r + cr))

    def reflect_s(self, center: tuple[int, int] = (0, 0)) -> Hex:
        """Reflect across the s axis through ``center``: swap q and r.

        >>> Hex(1, -3).reflect_s()
        Hex(q=-3, r=1)
        """
        cq, cr = center
        q = self[0] - cq
        r = self[1] - cr
        return _new(Hex, (r + cq, q + cr))


def _checked_new(cls: type[Hex], q: int, r: int) -> Hex:
    """``Hex(q, r)``: two ints, or :class:`InvalidHexError` (bool is refused too)."""
    if type(q) is not int or type(r) is not int:
        raise InvalidHexError((q, r), "coordinates must be ints")
    return _new(cls, (q, r))


def _checked_make(cls: type[Hex], iterable: Iterable[int]) -> Hex:
    """``Hex._make``: the same check as the constructor."""
    pair: tuple[int, ...] = tuple(iterable)
    if len(pair) != 2:
        raise InvalidHexError(pair, "a hex has two coordinates")
    return _checked_new(cls, pair[0], pair[1])


# A NamedTuple refuses a __new__ in its class body; set the checked one after.
Hex.__new__ = _checked_new  # type: ignore[method-assign,assignment]
Hex._make = classmethod(_checked_make)  # type: ignore[method-assign,assignment]

ORIGIN: Hex = Hex(0, 0)
"""The hex ``(0,0)``."""

DIRECTIONS: tuple[Hex, ...] = tuple(Hex(q, r) for q, r in _DIRS)
"""The six unit vectors in the guide's order (direction 0 is ``(1,0)``)."""

DIAGONALS: tuple[Hex, ...] = tuple(Hex(q, r) for q, r in _DIAGS)
"""The six diagonal vectors in the guide's order (diagonal 0 is ``(2,-1)``)."""

# Module-level spellings: the very same function objects as the methods.
neighbor = Hex.neighbor
neighbors = Hex.neighbors
diagonal_neighbor = Hex.diagonal_neighbor
diagonal_neighbors = Hex.diagonal_neighbors
distance = Hex.distance
ring = Hex.ring
spiral = Hex.spiral
line = Hex.line
rotate_left = Hex.rotate_left
rotate_right = Hex.rotate_right
reflect_q = Hex.reflect_q
reflect_r = Hex.reflect_r
reflect_s = Hex.reflect_s


# ----------------------------------------------------------------------
# Fractional hexes and rounding.


def hex_round(fq: float, fr: float) -> Hex:
    """Round fractional axial coordinates to the hex that contains them.

    Cube rounding as in the guide, with a tie rule that does not depend on
    where the point is on the plane: each cube coordinate is rounded half
    up (``floor(x + 0.5)``); if the three do not sum to zero, the one with
    the largest rounding error is recomputed from the other two, and on
    equal errors ``s`` is recomputed before ``r`` before ``q``. A point on
    a shared edge or corner therefore always goes to one of the hexes that
    touch it, and always to the same one.

    Args:
        fq: fractional q.
        fr: fractional r.

    Returns:
        The nearest hex.

    >>> hex_round(0.4, 0.4)
    Hex(q=0, r=1)
    >>> hex_round(2.1, -0.9)
    Hex(q=2, r=-1)
    >>> hex_round(0.5, 0.0)  # the edge between (0,0) and (1,0)
    Hex(q=1, r=0)
    """
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


class FractionalHex(NamedTuple):
    """A point of the plane in fractional axial coordinates.

    Returned by :meth:`hexkit.layout.Layout.pixel_to_hex`; :meth:`round`
    gives the hex that contains it.

    >>> FractionalHex(0.4, 0.4).round()
    Hex(q=0, r=1)
    """

    q: float
    r: float

    @property
    def s(self) -> float:
        """The third cube coordinate, ``-q - r``."""
        return -self[0] - self[1]

    def round(self) -> Hex:
        """The hex containing this point (see :func:`hex_round` for ties)."""
        return hex_round(self[0], self[1])


# ----------------------------------------------------------------------
# Offset coordinates.


class Parity(enum.Enum):
    """The four offset-coordinate layouts of the guide.

    ``*_R`` shove alternate rows (pointy-top hexes); ``*_Q`` shove
    alternate columns (flat-top hexes). ``ODD`` shoves the odd ones.
    """

    ODD_R = "odd-r"
    EVEN_R = "even-r"
    ODD_Q = "odd-q"
    EVEN_Q = "even-q"


class OffsetCoord(NamedTuple):
    """A ``(col, row)`` offset coordinate; its meaning depends on a :class:`Parity`."""

    col: int
    row: int


def to_offset(h: tuple[int, int], parity: Parity) -> OffsetCoord:
    """Convert an axial hex to offset coordinates.

    Args:
        h: the hex.
        parity: which of the four offset layouts.

    Returns:
        Its ``(col, row)``.

    >>> to_offset(Hex(-1, 3), Parity.ODD_R)
    OffsetCoord(col=0, row=3)
    >>> to_offset(Hex(-1, 3), Parity.EVEN_Q)
    OffsetCoord(col=-1, row=3)
    """
    q, r = h
    if parity is Parity.ODD_R:
        return OffsetCoord(q + ((r - (r & 1)) >> 1), r)
    if parity is Parity.EVEN_R:
        return OffsetCoord(q + ((r + (r & 1)) >> 1), r)
    if parity is Parity.ODD_Q:
        return OffsetCoord(q, r + ((q - (q & 1)) >> 1))
    if parity is Parity.EVEN_Q:
        return OffsetCoord(q, r + ((q + (q & 1)) >> 1))
    raise TypeError(f"not a Parity: {parity!r}")


def from_offset(c: tuple[int, int], parity: Parity) -> Hex:
    """Convert offset coordinates back to an axial hex.

    Args:
        c: the ``(col, row)``.
        parity: which of the four offset layouts.

    Returns:
        The hex; ``from_offset(to_offset(h, p), p) == h`` for every hex.

    >>> from_offset(OffsetCoord(0, 3), Parity.ODD_R)
    Hex(q=-1, r=3)
    """
    col, row = c
    if parity is Parity.ODD_R:
        return Hex(col - ((row - (row & 1)) >> 1), row)
    if parity is Parity.EVEN_R:
        return Hex(col - ((row + (row & 1)) >> 1), row)
    if parity is Parity.ODD_Q:
        return Hex(col, row - ((col - (col & 1)) >> 1))
    if parity is Parity.EVEN_Q:
        return Hex(col, row - ((col + (col & 1)) >> 1))
    raise TypeError(f"not a Parity: {parity!r}")


# ----------------------------------------------------------------------
# Doubled coordinates.


class DoubledKind(enum.Enum):
    """The two doubled-coordinate layouts of the guide."""

    DOUBLEWIDTH = "doublewidth"
    """For pointy-top hexes: ``col = 2q + r``, ``row = r``."""
    DOUBLEHEIGHT = "doubleheight"
    """For flat-top hexes: ``col = q``, ``row = 2r + q``."""


class DoubledCoord(NamedTuple):
    """A ``(col, row)`` doubled coordinate; ``col + row`` is always even."""

    col: int
    row: int


def to_doubled(h: tuple[int, int], kind: DoubledKind) -> DoubledCoord:
    """Convert an axial hex to doubled coordinates.

    Args:
        h: the hex.
        kind: doublewidth or doubleheight.

    Returns:
        Its ``(col, row)``.

    >>> to_doubled(Hex(1, 2), DoubledKind.DOUBLEWIDTH)
    DoubledCoord(col=4, row=2)
    >>> to_doubled(Hex(1, 2), DoubledKind.DOUBLEHEIGHT)
    DoubledCoord(col=1, row=5)
    """
    q, r = h
    if kind is DoubledKind.DOUBLEWIDTH:
        return DoubledCoord(2 * q + r, r)
    if kind is DoubledKind.DOUBLEHEIGHT:
        return DoubledCoord(q, 2 * r + q)
    raise TypeError(f"not a DoubledKind: {kind!r}")


def from_doubled(c: tuple[int, int], kind: DoubledKind) -> Hex:
    """Convert doubled coordinates back to an axial hex.

    Args:
        c: the ``(col, row)``.
        kind: doublewidth or doubleheight.

    Returns:
        The hex; ``from_doubled(to_doubled(h, k), k) == h`` for every hex.

    Raises:
        InvalidHexError: if ``col + row`` is odd (no hex has that coordinate).

    >>> from_doubled(DoubledCoord(4, 2), DoubledKind.DOUBLEWIDTH)
    Hex(q=1, r=2)
    """
    col, row = c
    if (col + row) & 1:
        raise InvalidHexError(c, f"{kind.value} col + row must be even")
    if kind is DoubledKind.DOUBLEWIDTH:
        return Hex((col - row) >> 1, row)
    if kind is DoubledKind.DOUBLEHEIGHT:
        return Hex(col, (row - col) >> 1)
    raise TypeError(f"not a DoubledKind: {kind!r}")


# ----------------------------------------------------------------------
# Text.

_HEX_RE = re.compile(
    r"\s*(\()?\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*(?:,\s*([+-]?\d+)\s*)?(\))?\s*",
    re.ASCII,
)


def parse_hex(text: str) -> Hex:
    """Read a hex written as ``str(h)`` does: ``"(q,r)"``.

    Spaces are allowed, the parentheses may be left out together, and a
    third cube coordinate ``"(q,r,s)"`` is accepted if ``q + r + s == 0``.

    Args:
        text: the text to read.

    Returns:
        The hex.

    Raises:
        InvalidHexError: if the text is not a hex.

    >>> parse_hex("(3,-2)")
    Hex(q=3, r=-2)
    >>> parse_hex(" 3, -2 ") == parse_hex("(3,-2,-1)") == Hex(3, -2)
    True
    >>> parse_hex("(3,-2")
    Traceback (most recent call last):
        ...
    hexkit.hexes.InvalidHexError: invalid hex '(3,-2': expected '(q,r)'
    """
    m = _HEX_RE.fullmatch(text)
    if m is None or (m.group(1) is None) != (m.group(5) is None):
        raise InvalidHexError(text, "expected '(q,r)'")
    q = int(m.group(2))
    r = int(m.group(3))
    if m.group(4) is not None and q + r + int(m.group(4)) != 0:
        raise InvalidHexError(text, "cube coordinates must sum to 0")
    return _new(Hex, (q, r))
