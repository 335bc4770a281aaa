"""What a picture shows on each hex: the style a game supplies to the renderers."""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import attrs

from hexkit.errors import HexkitError
from hexkit.hexes import Hex
from hexkit.layout import POINTY, Orientation

__all__ = [
    "RenderError",
    "MarkerShape",
    "Marker",
    "EdgeHighlight",
    "Link",
    "LegendEntry",
    "Style",
    "SimpleStyle",
    "palette",
    "legend_for",
    "outlined",
    "auto_colour",
    "DEFAULT_FILL",
]

C = TypeVar("C")
C_contra = TypeVar("C_contra", contravariant=True)

DEFAULT_FILL = "#eeeeee"
"""The fill of a hex whose style gives none: a light grey."""


class RenderError(HexkitError, ValueError):
    """A picture that cannot be made: a game without a drawing hook, a step
    outside the record, a missing optional dependency."""


class MarkerShape(enum.Enum):
    """The outline of a :class:`Marker`."""

    CIRCLE = "circle"
    SQUARE = "square"
    TRIANGLE = "triangle"
    DIAMOND = "diamond"


def _shape(value: MarkerShape | str) -> MarkerShape:
    return value if isinstance(value, MarkerShape) else MarkerShape(value)


def _positive(_inst: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not value > 0:
        raise ValueError(f"{attribute.name} must be positive, not {value!r}")


@attrs.frozen(kw_only=True)
class Marker:
    """A small token drawn on a hex: a train car, a good, a camp, an agent.

    Attributes:
        color: the fill, any SVG colour (``"#c0392b"``, ``"gold"``).
        shape: circle, square, triangle or diamond (a :class:`MarkerShape`
            or its value, ``"square"``).
        size: the marker's radius as a fraction of the hex size.
        stroke: the outline colour.
        text: one or two characters written on the marker (``"3"``, ``"C"``),
            or ``""``.
        title: a tooltip (shown on hover in a browser), or ``""``.

    >>> Marker(color="red", shape="square").shape
    <MarkerShape.SQUARE: 'square'>
    """

    color: str
    shape: MarkerShape = attrs.field(default=MarkerShape.CIRCLE, converter=_shape)
    size: float = attrs.field(default=0.17, validator=_positive)
    stroke: str = "#222222"
    text: str = ""
    title: str = ""


def _direction(value: int) -> int:
    return int(value) % 6


@attrs.frozen(kw_only=True)
class EdgeHighlight:
    """A thick line along one side of a hex: a river, a border, a rail link.

    Attributes:
        hex: the hex whose side it is.
        direction: the side facing ``hex.neighbor(direction)`` (``0..5``, in
            :data:`hexkit.hexes.DIRECTIONS` order).
        color: the line colour.
        width: the line width as a fraction of the hex size.
        title: a tooltip, or ``""``.

    >>> from hexkit.hexes import Hex
    >>> EdgeHighlight(hex=Hex(0, 0), direction=7, color="blue").direction
    1
    """

    hex: Hex
    direction: int = attrs.field(converter=_direction)
    color: str
    width: float = attrs.field(default=0.12, validator=_positive)
    title: str = ""


@attrs.frozen(kw_only=True)
class Link:
    """A line from the centre of one hex to the centre of another: a trail, a
    road, a rail line, a route.

    Attributes:
        a: where the line starts.
        b: where it ends (usually a neighbour of ``a``; any hex works).
        color: the line colour.
        width: the line width as a fraction of the hex size.
        dashed: draw it dashed (a planned or temporary link).
        title: a tooltip, or ``""``.

    >>> from hexkit.hexes import Hex
    >>> Link(a=Hex(0, 0), b=Hex(1, 0), color="#8b4513").width
    0.1
    """

    a: Hex
    b: Hex
    color: str
    width: float = attrs.field(default=0.1, validator=_positive)
    dashed: bool = False
    title: str = ""


def _optional_shape(value: MarkerShape | str | None) -> MarkerShape | None:
    return None if value is None else _shape(value)


@attrs.frozen
class LegendEntry:
    """One line of a picture's legend: a colour swatch and what it means.

    Attributes:
        color: the swatch colour.
        text: its meaning.
        shape: draw the swatch as this marker shape (a Good's circle, a
            train car's square) instead of a square patch of colour.

    >>> LegendEntry("#c0392b", "Crizma (red Good)", "circle").shape
    <MarkerShape.CIRCLE: 'circle'>
    """

    color: str
    text: str
    shape: MarkerShape | None = attrs.field(default=None, converter=_optional_shape)


@runtime_checkable
class Style(Protocol[C_contra]):
    """How to draw each hex of a map whose contents are of type ``C``.

    A game supplies one. Subclass it to inherit the defaults below (grey
    hexes, no labels, no markers) and override what you need; any object
    with these methods also works (it is a :class:`typing.Protocol`).
    :class:`SimpleStyle` builds one from functions.

    >>> from hexkit.hexes import Hex
    >>> class Terrain(Style[str]):
    ...     def fill(self, h: Hex, content: str) -> str:
    ...         return {"lake": "#7fb3d5"}.get(content, "#f5e6c8")
    >>> Terrain().fill(Hex(0, 0), "lake"), Terrain().label(Hex(0, 0), "lake")
    ('#7fb3d5', '')
    """

    def fill(self, h: Hex, content: C_contra) -> str:
        """The fill colour of ``h`` (default :data:`DEFAULT_FILL`)."""
        return DEFAULT_FILL

    def label(self, h: Hex, content: C_contra) -> str:
        """Text written on ``h``; ``""`` for none. ``\\n`` separates lines."""
        return ""

    def markers(self, h: Hex, content: C_contra) -> Sequence[Marker]:
        """Tokens drawn on ``h``, in order (default none)."""
        return ()

    def tooltip(self, h: Hex, content: C_contra) -> str:
        """The hover text of ``h`` (default its coordinates, ``"(3,-2)"``)."""
        return str(h)

    def outline(self, h: Hex, content: C_contra) -> str:
        """A colour to ring ``h`` with (the hexes a decision offers, a
        selection), or ``""`` for none (the default)."""
        return ""

    def edges(self) -> Sequence[EdgeHighlight]:
        """Sides of hexes to draw thick (default none)."""
        return ()

    def links(self) -> Sequence[Link]:
        """Lines between hex centres, drawn over the hexes (default none)."""
        return ()

    def title(self) -> str:
        """A caption above the map (default none)."""
        return ""

    def legend(self) -> Sequence[LegendEntry]:
        """Colour swatches explained below the map (default none)."""
        return ()

    def orientation(self) -> Orientation:
        """Pointy-top (the default) or flat-top hexes."""
        return POINTY


def _no_label(h: Hex, content: Any) -> str:
    return ""


def _no_markers(h: Hex, content: Any) -> Sequence[Marker]:
    return ()


def _grey(h: Hex, content: Any) -> str:
    return DEFAULT_FILL


def _coords(h: Hex, content: Any) -> str:
    return str(h)


@attrs.frozen(kw_only=True)
class SimpleStyle(Style[C], Generic[C]):
    """A :class:`Style` made of functions and values, for scripts and tests.

    Attributes:
        fill_of: ``(hex, content) -> colour``.
        label_of: ``(hex, content) -> text``.
        markers_of: ``(hex, content) -> markers``.
        tooltip_of: ``(hex, content) -> hover text``.
        outline_of: ``(hex, content) -> ring colour`` (``""`` for none).
        highlights: the edge highlights.
        connections: the links between hex centres.
        caption: the title above the map.
        key: the legend entries.
        hex_orientation: :data:`~hexkit.layout.POINTY` or :data:`~hexkit.layout.FLAT`.

    >>> from hexkit.hexes import Hex
    >>> style = SimpleStyle(fill_of=palette({"lake": "blue"}), label_of=lambda h, c: c[0])
    >>> style.fill(Hex(0, 0), "lake"), style.fill(Hex(0, 0), "hill"), style.label(Hex(0, 0), "hill")
    ('blue', '#eeeeee', 'h')
    """

    fill_of: Callable[[Hex, C], str] = _grey
    label_of: Callable[[Hex, C], str] = _no_label
    markers_of: Callable[[Hex, C], Sequence[Marker]] = _no_markers
    tooltip_of: Callable[[Hex, C], str] = _coords
    outline_of: Callable[[Hex, C], str] = _no_label
    highlights: Sequence[EdgeHighlight] = ()
    connections: Sequence[Link] = ()
    caption: str = ""
    key: Sequence[LegendEntry] = ()
    hex_orientation: Orientation = POINTY

    def fill(self, h: Hex, content: C) -> str:
        """The colour ``fill_of`` gives."""
        return self.fill_of(h, content)

    def label(self, h: Hex, content: C) -> str:
        """The text ``label_of`` gives."""
        return self.label_of(h, content)

    def markers(self, h: Hex, content: C) -> Sequence[Marker]:
        """The markers ``markers_of`` gives."""
        return self.markers_of(h, content)

    def tooltip(self, h: Hex, content: C) -> str:
        """The hover text ``tooltip_of`` gives."""
        return self.tooltip_of(h, content)

    def outline(self, h: Hex, content: C) -> str:
        """The colour ``outline_of`` gives."""
        return self.outline_of(h, content)

    def edges(self) -> Sequence[EdgeHighlight]:
        """The ``highlights``."""
        return self.highlights

    def links(self) -> Sequence[Link]:
        """The ``connections``."""
        return self.connections

    def title(self) -> str:
        """The ``caption``."""
        return self.caption

    def legend(self) -> Sequence[LegendEntry]:
        """The ``key``."""
        return self.key

    def orientation(self) -> Orientation:
        """The ``hex_orientation``."""
        return self.hex_orientation


class _Outlined(Style[C], Generic[C]):
    """Another style, with some hexes ringed in one colour."""

    def __init__(self, base: Style[C], hexes: frozenset[Hex], color: str) -> None:
        self.base, self.hexes, self.color = base, hexes, color

    def fill(self, h: Hex, content: C) -> str:
        return self.base.fill(h, content)

    def label(self, h: Hex, content: C) -> str:
        return self.base.label(h, content)

    def markers(self, h: Hex, content: C) -> Sequence[Marker]:
        return self.base.markers(h, content)

    def tooltip(self, h: Hex, content: C) -> str:
        return self.base.tooltip(h, content)

    def outline(self, h: Hex, content: C) -> str:
        return self.color if h in self.hexes else self.base.outline(h, content)

    def edges(self) -> Sequence[EdgeHighlight]:
        return self.base.edges()

    def links(self) -> Sequence[Link]:
        return self.base.links()

    def title(self) -> str:
        return self.base.title()

    def legend(self) -> Sequence[LegendEntry]:
        return self.base.legend()

    def orientation(self) -> Orientation:
        return self.base.orientation()

    def captions(self) -> Sequence[tuple[Hex, str]]:
        """The base style's captions, if it draws any (see ``render_svg``)."""
        captions: Sequence[tuple[Hex, str]] = getattr(self.base, "captions", lambda: ())()
        return captions


def outlined(style: Style[C], hexes: Iterable[Hex], color: str = "#e67e22") -> Style[C]:
    """``style`` with ``hexes`` ringed in ``color``: the hexes a pending
    decision offers, a player's selection, the last move.

    Args:
        style: the style to add rings to (a game's own, from its hook).
        hexes: the hexes to ring.
        color: the ring colour.

    Returns:
        A style that draws everything else as ``style`` does.

    >>> from hexkit.hexes import Hex
    >>> ringed = outlined(SimpleStyle(), [Hex(1, 0)])
    >>> ringed.outline(Hex(1, 0), None), ringed.outline(Hex(0, 0), None), ringed.fill(Hex(0, 0), None)
    ('#e67e22', '', '#eeeeee')
    """
    return _Outlined(style, frozenset(hexes), color)


def auto_colour(value: Hashable) -> str:
    """A stable, pleasant colour for any value, the same on every machine.

    Derived from a hash of ``repr(value)``, so it does not depend on Python's
    per-process string hashing.

    >>> auto_colour("forest") == auto_colour("forest"), auto_colour("forest")[0]
    (True, '#')
    """
    digest = hashlib.blake2s(repr(value).encode(), digest_size=3).digest()
    # Pastel: keep every channel in the upper half of the range.
    r, g, b = (128 + (byte >> 1) for byte in digest)
    return f"#{r:02x}{g:02x}{b:02x}"


def palette(
    colours: Mapping[Any, str], default: str | None = DEFAULT_FILL
) -> Callable[[Hex, Any], str]:
    """A ``fill_of`` function that looks the hex's content up in ``colours``.

    Args:
        colours: colour by content value.
        default: the colour of contents not in ``colours``; ``None`` gives
            each such value its own :func:`auto_colour`.

    Returns:
        A function for the ``fill_of`` field of :class:`SimpleStyle`.

    >>> from hexkit.hexes import Hex
    >>> fill = palette({"lake": "blue"}, default=None)
    >>> fill(Hex(0, 0), "lake"), fill(Hex(0, 0), "hill") == auto_colour("hill")
    ('blue', True)
    """

    def fill(h: Hex, content: Any) -> str:
        try:
            return colours[content]
        except (KeyError, TypeError):
            return auto_colour(content) if default is None else default

    return fill


def legend_for(colours: Mapping[Any, str]) -> list[LegendEntry]:
    """Legend entries for a content-to-colour mapping, in its order.

    >>> legend_for({"lake": "blue"})
    [LegendEntry(color='blue', text='lake', shape=None)]
    """
    return [LegendEntry(colour, str(value)) for value, colour in colours.items()]
