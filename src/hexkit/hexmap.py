"""Maps: what is on each hex, the map's edge, and boards joined from pieces.

:class:`HexMap` is a ``dict`` from :class:`~hexkit.hexes.Hex` to content,
with the geometry a board game needs on top. It subclasses ``dict`` rather
than wrapping one because engines read ``m[h]`` and test ``h in m`` in every
hot loop, and a dict subclass that overrides none of those keeps them at C
speed (about 3x faster than a Python ``__getitem__``); :meth:`HexMap.copy`
is a C-level dict copy. A ``HexMap`` holds no state besides its cells, so
there is nothing that ``dict.update`` or ``setdefault`` could bypass. It is a
:class:`~collections.abc.MutableMapping` like any dict.

>>> m = HexMap.hexagon(2, "plain")
>>> len(m), len(m.edge_hexes())
(19, 12)
>>> m.is_edge(Hex(0, 0)), m.is_edge(Hex(2, 0))
(False, True)
>>> m[Hex(1, 0)] = "lake"
>>> m2 = m.copy()
>>> m2[Hex(1, 0)] = "forest"
>>> m[Hex(1, 0)]
'lake'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, NamedTuple, TypeVar

from hexkit.errors import HexkitError
from hexkit.hexes import ORIGIN, Hex, Parity, from_offset

__all__ = [
    "HexMap",
    "Bounds",
    "Board",
    "assemble",
    "HexMapError",
    "BoardOverlapError",
]

T = TypeVar("T")

_new = tuple.__new__


class HexMapError(HexkitError, ValueError):
    """A map operation that cannot be done (bad shape, bad rotation, empty map)."""


class BoardOverlapError(HexMapError):
    """Two boards placed by :func:`assemble` cover the same hex.

    Attributes:
        hex: the first hex found on both boards (in the assembled coordinates).
        first: index of the board that already covered it.
        second: index of the board that covered it again.
    """

    def __init__(self, hex: Hex, first: int, second: int) -> None:
        super().__init__(f"boards {first} and {second} overlap at hex {hex}")
        self.hex = hex
        self.first = first
        self.second = second


class Bounds(NamedTuple):
    """The smallest and largest ``q`` and ``r`` of a map (inclusive)."""

    min_q: int
    max_q: int
    min_r: int
    max_r: int


def _rotate(q: int, r: int, steps: int) -> tuple[int, int]:
    """``rotate_right`` applied ``steps`` (0..5) times about the origin."""
    if steps == 0:
        return q, r
    if steps == 1:
        return -r, q + r
    if steps == 2:
        return -q - r, q
    if steps == 3:
        return -q, -r
    if steps == 4:
        return r, -q - r
    return q + r, -q


class HexMap(dict[Hex, T]):
    """A mutable mapping from hex to content: terrain, pieces, anything.

    Construct it like a dict (``HexMap({Hex(0, 0): "x"})``) or with the
    shape constructors :meth:`hexagon`, :meth:`rhombus` and
    :meth:`rectangle`. Iteration follows insertion order, so a map built the
    same way iterates the same way on every machine.
    """

    __slots__ = ()

    # ------------------------------------------------------------------
    # Shapes.

    @classmethod
    def hexagon(cls, radius: int, fill: T, center: Hex = ORIGIN) -> HexMap[T]:
        """A hexagon-shaped map: every hex within ``radius`` of ``center``.

        Args:
            radius: ``0`` or more.
            fill: the content of every hex.
            center: the middle hex.

        Returns:
            ``3 * radius * (radius + 1) + 1`` hexes, in spiral order.

        Raises:
            HexMapError: if ``radius`` is negative.

        >>> len(HexMap.hexagon(3, 0))
        37
        """
        if radius < 0:
            raise HexMapError(f"hexagon radius must be >= 0, got {radius}")
        return cls(dict.fromkeys(center.spiral(radius), fill))

    @classmethod
    def rhombus(cls, width: int, height: int, fill: T, origin: Hex = ORIGIN) -> HexMap[T]:
        """A parallelogram: ``q`` in ``[0, width)`` and ``r`` in ``[0, height)`` from ``origin``.

        Args:
            width: number of hexes along q.
            height: number of hexes along r.
            fill: the content of every hex.
            origin: the hex at ``q = 0, r = 0`` of the shape.

        Returns:
            ``width * height`` hexes, row by row.

        Raises:
            HexMapError: if a dimension is negative.

        >>> sorted(HexMap.rhombus(2, 2, 0))
        [Hex(q=0, r=0), Hex(q=0, r=1), Hex(q=1, r=0), Hex(q=1, r=1)]
        """
        if width < 0 or height < 0:
            raise HexMapError(f"rhombus size must be >= 0, got {width}x{height}")
        oq, or_ = origin
        return cls(
            dict.fromkeys(
                (_new(Hex, (oq + q, or_ + r)) for r in range(height) for q in range(width)), fill
            )
        )

    @classmethod
    def rectangle(
        cls, width: int, height: int, fill: T, parity: Parity = Parity.ODD_R
    ) -> HexMap[T]:
        """A rectangle in offset coordinates: ``col < width``, ``row < height``.

        Args:
            width: number of columns.
            height: number of rows.
            fill: the content of every hex.
            parity: the offset layout (``*_R`` for pointy-top rows, ``*_Q``
                for flat-top columns).

        Returns:
            ``width * height`` hexes, row by row; offset ``(0, 0)`` is hex
            ``(0,0)``.

        Raises:
            HexMapError: if a dimension is negative.

        >>> m = HexMap.rectangle(3, 2, ".", Parity.ODD_R)
        >>> [str(h) for h in m]
        ['(0,0)', '(1,0)', '(2,0)', '(0,1)', '(1,1)', '(2,1)']
        >>> [str(h) for h in HexMap.rectangle(3, 2, ".", Parity.EVEN_R)][3:]
        ['(-1,1)', '(0,1)', '(1,1)']
        """
        if width < 0 or height < 0:
            raise HexMapError(f"rectangle size must be >= 0, got {width}x{height}")
        return cls(
            dict.fromkeys(
                (from_offset((c, r), parity) for r in range(height) for c in range(width)), fill
            )
        )

    # ------------------------------------------------------------------
    # Copies and transforms.

    def copy(self) -> HexMap[T]:
        """A shallow copy (contents are shared; they are meant to be immutable).

        This is a C-level dict copy: the cheap clone the engines need.
        """
        return self.__class__(self)

    def placed(self, offset: tuple[int, int] = ORIGIN, rotation: int = 0) -> HexMap[T]:
        """A new map with every hex rotated about ``(0,0)`` and then moved.

        Args:
            offset: added to every hex after rotating.
            rotation: steps of 60 degrees to the right (``rotate_right``),
                ``0..5``.

        Returns:
            The moved map, in the same iteration order.

        Raises:
            HexMapError: if ``rotation`` is not in ``0..5``.

        >>> HexMap({Hex(1, 0): "a"}).placed(Hex(10, 0), 1)
        HexMap({Hex(q=10, r=1): 'a'})
        """
        steps = _check_rotation(rotation)
        dq, dr = offset
        out: HexMap[T] = self.__class__()
        for (q, r), v in self.items():
            q2, r2 = _rotate(q, r, steps)
            out[_new(Hex, (q2 + dq, r2 + dr))] = v
        return out

    # ------------------------------------------------------------------
    # Geometry.

    def neighbors_in_map(self, h: Hex) -> list[Hex]:
        """The neighbours of ``h`` that are on the map, in direction order.

        ``h`` itself need not be on the map.

        >>> HexMap.hexagon(1, 0).neighbors_in_map(Hex(2, -1))
        [Hex(q=1, r=-1), Hex(q=1, r=0)]
        """
        return [n for n in h.neighbors() if n in self]

    def is_edge(self, h: Hex) -> bool:
        """Whether ``h`` is a map hex with fewer than six neighbours on the map.

        Returns ``False`` for a hex that is not on the map.

        >>> m = HexMap.hexagon(1, 0)
        >>> m.is_edge(Hex(0, 0)), m.is_edge(Hex(1, 0)), m.is_edge(Hex(5, 5))
        (False, True, False)
        """
        if h not in self:
            return False
        for n in h.neighbors():
            if n not in self:
                return True
        return False

    def edge_hexes(self) -> list[Hex]:
        """Every edge hex (see :meth:`is_edge`), sorted by hex order.

        >>> len(HexMap.hexagon(2, 0).edge_hexes())
        12
        """
        return sorted(h for h in self if any(n not in self for n in h.neighbors()))

    def bounds(self) -> Bounds:
        """The smallest and largest ``q`` and ``r`` on the map.

        Raises:
            HexMapError: if the map is empty.

        >>> HexMap.hexagon(2, 0, Hex(5, 0)).bounds()
        Bounds(min_q=3, max_q=7, min_r=-2, max_r=2)
        """
        if not self:
            raise HexMapError("an empty map has no bounds")
        qs = [h[0] for h in self]
        rs = [h[1] for h in self]
        return Bounds(min(qs), max(qs), min(rs), max(rs))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict.__repr__(self)})"


def _check_rotation(rotation: int) -> int:
    if type(rotation) is not int or not 0 <= rotation <= 5:
        raise HexMapError(f"rotation must be an int in 0..5 (steps of 60 degrees), got {rotation!r}")
    return rotation


class Board(NamedTuple, Generic[T]):
    """A board piece and where it goes: rotate about its ``(0,0)``, then move.

    A plain ``(hexmap, offset, rotation)`` tuple works wherever a Board does.

    Attributes:
        hexmap: the board in its own coordinates.
        offset: where its ``(0,0)`` goes.
        rotation: steps of 60 degrees to the right, ``0..5``.
    """

    hexmap: HexMap[T]
    offset: Hex = ORIGIN
    rotation: int = 0


def assemble(boards: Iterable[Board[T] | tuple[HexMap[T], Hex, int]]) -> HexMap[T]:
    """Join boards, each rotated about its own ``(0,0)`` and then moved.

    Args:
        boards: ``(hexmap, offset, rotation)`` per board; ``rotation`` counts
            60-degree steps to the right (``0..5``).

    Returns:
        One map, boards in the given order, each board's hexes in its order.

    Raises:
        BoardOverlapError: if two boards cover the same hex (it is named).
        HexMapError: if a rotation is not in ``0..5``.

    >>> a = HexMap.hexagon(1, "a")
    >>> b = HexMap({Hex(0, 0): "b", Hex(1, 0): "b"})
    >>> m = assemble([Board(a), Board(b, Hex(3, 0), 2)])
    >>> len(m), m[Hex(2, 1)]
    (9, 'b')
    >>> assemble([(a, ORIGIN, 0), (b, Hex(1, 0), 0)])
    Traceback (most recent call last):
        ...
    hexkit.hexmap.BoardOverlapError: boards 0 and 1 overlap at hex (1,0)
    """
    out: HexMap[T] = HexMap()
    owner: dict[Hex, int] = {}
    for index, (hexmap, offset, rotation) in enumerate(boards):
        piece = hexmap.placed(offset, rotation)
        for h in piece:
            if h in owner:
                raise BoardOverlapError(h, owner[h], index)
            owner[h] = index
        out.update(piece)
    return out

