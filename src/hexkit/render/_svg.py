"""SVG pictures of a hex map, drawn with the ``drawsvg`` library.

drawsvg is an optional dependency (the ``svg`` extra); it is imported when
a picture is first drawn, so the text renderer works without it.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar
from xml.sax.saxutils import escape

from hexkit.hexes import Hex
from hexkit.layout import Layout, Point
from hexkit.render._style import (
    DEFAULT_FILL,
    EdgeHighlight,
    LegendEntry,
    Link,
    Marker,
    MarkerShape,
    RenderError,
    Style,
)

__all__ = ["render_svg", "edge_segment", "marker_positions", "DEFAULT_HEX_SIZE"]

C = TypeVar("C")

DEFAULT_HEX_SIZE = 30.0
"""Centre-to-corner distance of a hex, in SVG user units, when no layout is given."""

class _Plain(Style[Any]):
    """The default style: grey hexes, nothing on them."""


_PLAIN: Style[Any] = _Plain()


def _drawsvg() -> Any:
    try:
        return importlib.import_module("drawsvg")
    except ImportError:
        raise RenderError(
            "SVG pictures need the drawsvg package: pip install 'hexkit[svg]'"
        ) from None


def _n(x: float) -> float:
    """Round a coordinate for compact, stable output (no ``-0.0``)."""
    return round(x, 2) + 0.0


def _a(text: str) -> str:
    """Escape a string for an attribute value (drawsvg writes them verbatim)."""
    return escape(text, {'"': "&quot;"})


@functools.cache
def _element_class(dw: Any, tag: str) -> Any:
    """A drawsvg element class for an SVG tag drawsvg only writes as a ``<path>``
    (``<polygon>``, ``<line>``); it may hold children such as a ``<title>``."""
    return type(tag.title(), (dw.DrawingParentElement,), {"TAG_NAME": tag})


def edge_segment(layout: Layout, h: Hex, direction: int) -> tuple[Point, Point]:
    """The two corners of the side of ``h`` that faces ``h.neighbor(direction)``.

    Works for both orientations and for squashed sizes: the side is the one
    whose corners are nearest the midpoint between the two hexes' centres.

    Args:
        layout: where hexes sit on the screen.
        h: the hex.
        direction: ``0..5`` (taken modulo 6).

    Returns:
        The side's two end points.

    >>> from hexkit.hexes import Hex
    >>> from hexkit.layout import POINTY, Layout
    >>> a, b = edge_segment(Layout(POINTY, (10, 10)), Hex(0, 0), 0)
    >>> sorted((round(a.x, 2), round(a.y, 2)) for a in (a, b))
    [(8.66, -5.0), (8.66, 5.0)]
    """
    here = layout.hex_to_pixel(h)
    there = layout.hex_to_pixel(h.neighbor(direction))
    mx, my = (here.x + there.x) / 2, (here.y + there.y) / 2
    corners = layout.polygon_corners(h)
    nearest = sorted(corners, key=lambda p: (p.x - mx) ** 2 + (p.y - my) ** 2)
    return nearest[0], nearest[1]


def marker_positions(
    count: int, centre: Point, size: float, radius: float, labelled: bool
) -> list[Point]:
    """Where to put ``count`` markers on a hex: rows of up to four.

    Without a label the rows are centred on the hex; with one they start
    below it.

    Args:
        count: number of markers.
        centre: the hex's centre.
        size: the hex's size (centre to corner).
        radius: a marker's radius.
        labelled: whether the hex has a label in its middle.

    Returns:
        One point per marker.

    >>> from hexkit.layout import Point
    >>> [tuple(p) for p in marker_positions(2, Point(0.0, 0.0), 30.0, 5.0, False)]
    [(-6.0, 0.0), (6.0, 0.0)]
    """
    per_row = 4
    pitch = radius * 2.4
    rows = [min(per_row, count - i) for i in range(0, count, per_row)]
    if labelled:
        top = centre.y + 0.45 * size
    else:
        top = centre.y - pitch * (len(rows) - 1) / 2
    points: list[Point] = []
    for row, n in enumerate(rows):
        y = top + row * pitch
        left = centre.x - pitch * (n - 1) / 2
        points.extend(Point(left + i * pitch, y) for i in range(n))
    return points


def _ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (``#rrggbb`` only)."""
    if len(colour) == 7 and colour.startswith("#"):
        try:
            r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        except ValueError:
            return "#000000"
        return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"
    return "#000000"


def _marker_element(dw: Any, marker: Marker, at: Point, r: float, css: str = "marker") -> Any:
    x, y = at
    common = {
        "fill": _a(marker.color),
        "stroke": _a(marker.stroke),
        "stroke_width": _n(max(r * 0.15, 0.5)),
        "class_": css,
        "data_shape": marker.shape.value,
    }
    shape = marker.shape
    if shape is MarkerShape.CIRCLE:
        element = dw.Circle(_n(x), _n(y), _n(r), **common)
    elif shape is MarkerShape.SQUARE:
        side = r * 1.7
        element = dw.Rectangle(_n(x - side / 2), _n(y - side / 2), _n(side), _n(side), **common)
    elif shape is MarkerShape.TRIANGLE:
        h = r * 1.2
        element = dw.Lines(
            _n(x), _n(y - h),
            _n(x + h * 0.866), _n(y + h / 2),
            _n(x - h * 0.866), _n(y + h / 2),
            close=True, **common,
        )
    else:  # DIAMOND
        h = r * 1.25
        element = dw.Lines(
            _n(x), _n(y - h), _n(x + h), _n(y), _n(x), _n(y + h), _n(x - h), _n(y),
            close=True, **common,
        )
    if marker.title:
        element.append_title(marker.title)
    return element


def _bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p.x for p in points]
    ys = [p.y for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def render_svg(
    hexmap: Mapping[Hex, C],
    style: Style[C] | None = None,
    *,
    layout: Layout | None = None,
    hex_size: float = DEFAULT_HEX_SIZE,
    margin: float = 8.0,
    stroke: str = "#555555",
    stroke_width: float = 1.0,
    background: str | None = "#ffffff",
    font_family: str = "sans-serif",
) -> str:
    """Draw a map as an SVG document.

    Each hex is one ``<polygon class="hex" data-hex="(q,r)">`` with the fill
    the style gives; then come the edge highlights (``<line class="edge">``),
    the links between hex centres (``<line class="link">``), the labels
    (``<text class="label">``), the markers (``class="marker"``) and, if the
    style has a ``captions()`` method (pairs of a hex and a text), each text
    centred where that hex would be (``<text class="caption">``), then the
    style's title above and legend below. The picture's size and
    view box fit the map.

    Args:
        hexmap: what is on each hex (a :class:`~hexkit.hexmap.HexMap` or any
            mapping from hex to content); hexes are drawn in its order.
        style: what to draw on each hex; plain grey hexes if ``None``.
        layout: where hexes go; by default the style's orientation with
            ``hex_size``.
        hex_size: centre-to-corner size when ``layout`` is ``None``.
        margin: space around the map.
        stroke: the outline colour of hexes.
        stroke_width: the outline width.
        background: the background colour, or ``None`` for transparent.
        font_family: the font of labels, title and legend.

    Returns:
        The SVG document as text.

    Raises:
        RenderError: if the map is empty or drawsvg is not installed.

    >>> from hexkit.hexmap import HexMap
    >>> svg = render_svg(HexMap.hexagon(1, "plain"))
    >>> svg.count("<polygon")
    7
    """
    if not hexmap:
        raise RenderError("cannot draw an empty map")
    dw = _drawsvg()
    Polygon = _element_class(dw, "polygon")
    Line = _element_class(dw, "line")
    look: Style[C] = _PLAIN if style is None else style
    if layout is None:
        layout = Layout(look.orientation(), (hex_size, hex_size), (0.0, 0.0))
    unit = min(abs(layout.size.x), abs(layout.size.y))

    corners = {h: layout.polygon_corners(h) for h in hexmap}
    # Optional: text centred where a hex would be, off the map (a board's coordinates).
    captions: Sequence[tuple[Hex, str]] = getattr(look, "captions", lambda: ())()
    caption_at = [layout.hex_to_pixel(h) for h, _ in captions]
    half = unit * 0.4
    x0, y0, x1, y1 = _bounds([p for ps in corners.values() for p in ps]
                             + [Point(c.x + dx, c.y + dy) for c in caption_at
                                for dx, dy in ((-half, -half), (half, half))])
    title = look.title()
    legend: Sequence[LegendEntry] = look.legend()
    text_size = max(unit * 0.5, 10.0)
    title_h = text_size * 1.6 if title else 0.0
    legend_h = text_size * 1.4 * len(legend) + (text_size * 0.4 if legend else 0.0)
    left = x0 - margin
    top = y0 - margin - title_h
    # Widen the picture for a title or legend longer than the map is wide
    # (about 0.62 em per character of a sans-serif font).
    text_w = max(
        [len(title) * text_size * 0.62 if title else 0.0]
        + [text_size * (1.5 + 0.9 * 0.62 * len(e.text)) for e in legend]
    )
    width = max(x1 - x0, text_w) + 2 * margin
    height = (y1 - y0) + 2 * margin + title_h + legend_h
    drawing = dw.Drawing(_n(width), _n(height), origin=(_n(left), _n(top)))
    if background is not None:
        drawing.append(
            dw.Rectangle(_n(left), _n(top), _n(width), _n(height), fill=_a(background),
                         class_="background")
        )

    cells = dw.Group(class_="hexes", stroke=_a(stroke), stroke_width=_n(stroke_width),
                     stroke_linejoin="round")
    labels = dw.Group(class_="labels", font_family=_a(font_family), text_anchor="middle")
    tokens = dw.Group(class_="markers")
    rings = dw.Group(class_="outlines", fill="none", stroke_linejoin="round")
    for h, content in hexmap.items():
        points = [c for p in corners[h] for c in (_n(p.x), _n(p.y))]
        polygon = Polygon(
            points=" ".join(f"{points[i]:g},{points[i + 1]:g}" for i in range(0, 12, 2)),
            fill=_a(look.fill(h, content) or DEFAULT_FILL),
            class_="hex",
            data_hex=str(h),
        )
        tip = look.tooltip(h, content)
        if tip:
            polygon.append_title(tip)
        cells.append(polygon)
        centre = layout.hex_to_pixel(h)
        ring = look.outline(h, content)
        if ring:
            # Inset a little, so that the neighbours' outlines do not cover it.
            inset = [(centre.x + (p.x - centre.x) * 0.9, centre.y + (p.y - centre.y) * 0.9)
                     for p in corners[h]]
            rings.append(dw.Lines(*[_n(c) for pt in inset for c in pt], close=True,
                                  stroke=_a(ring), stroke_width=_n(unit * 0.1),
                                  class_="outline", data_hex=str(h)))

        text = look.label(h, content)
        markers = look.markers(h, content)
        if text:
            lines = text.split("\n")
            size = unit * (0.42 if len(lines) == 1 else 0.8 / len(lines))
            lift = unit * 0.12 if markers else 0.0
            labels.append(
                dw.Text(lines if len(lines) > 1 else text, _n(size), _n(centre.x),
                        _n(centre.y - lift), center=True, class_="label", data_hex=str(h))
            )
        if markers:
            radius = markers[0].size * unit
            places = marker_positions(len(markers), centre, unit, radius, bool(text))
            for marker, at in zip(markers, places):
                r = marker.size * unit
                tokens.append(_marker_element(dw, marker, at, r))
                if marker.text:
                    tokens.append(
                        dw.Text(marker.text, _n(r * (1.2 if len(marker.text) == 1 else 0.9)),
                                _n(at.x), _n(at.y), center=True, fill=_ink_on(marker.color),
                                font_family=_a(font_family), class_="marker-text")
                    )

    edges = dw.Group(class_="edges", stroke_linecap="round")
    highlight: EdgeHighlight
    for highlight in look.edges():
        a, b = edge_segment(layout, highlight.hex, highlight.direction)
        line = Line(
            x1=_n(a.x), y1=_n(a.y), x2=_n(b.x), y2=_n(b.y),
            stroke=_a(highlight.color), stroke_width=_n(highlight.width * unit),
            class_="edge", data_hex=str(highlight.hex), data_direction=highlight.direction,
        )
        if highlight.title:
            line.append_title(highlight.title)
        edges.append(line)

    routes = dw.Group(class_="links", stroke_linecap="round")
    link: Link
    for link in look.links():
        a, b = layout.hex_to_pixel(link.a), layout.hex_to_pixel(link.b)
        width = link.width * unit
        extra = {"stroke_dasharray": f"{_n(width * 2)} {_n(width * 1.5)}"} if link.dashed else {}
        line = Line(
            x1=_n(a.x), y1=_n(a.y), x2=_n(b.x), y2=_n(b.y),
            stroke=_a(link.color), stroke_width=_n(width),
            class_="link", data_from=str(link.a), data_to=str(link.b), **extra,
        )
        if link.title:
            line.append_title(link.title)
        routes.append(line)

    drawing.append(cells)
    if rings.children:
        drawing.append(rings)
    drawing.append(edges)
    if routes.children:
        drawing.append(routes)
    drawing.append(labels)
    drawing.append(tokens)
    if captions:
        notes = dw.Group(class_="captions", font_family=_a(font_family), fill="#333333")
        for (h, text), at in zip(captions, caption_at):
            notes.append(dw.Text(text, _n(unit * 0.5), _n(at.x), _n(at.y), center=True,
                                 class_="caption", data_hex=str(h)))
        drawing.append(notes)

    if title:
        drawing.append(
            dw.Text(title, _n(text_size), _n(left + margin), _n(top + margin + text_size * 0.8),
                    font_family=_a(font_family), font_weight="bold", class_="title")
        )
    if legend:
        key = dw.Group(class_="legend", font_family=_a(font_family))
        y = y1 + margin + text_size * 0.4
        for entry in legend:
            if entry.shape is None:
                key.append(
                    dw.Rectangle(_n(left + margin), _n(y), _n(text_size), _n(text_size),
                                 fill=_a(entry.color), stroke="#333333")
                )
            else:
                swatch = Marker(color=entry.color, shape=entry.shape)
                at = Point(left + margin + text_size / 2, y + text_size / 2)
                key.append(_marker_element(dw, swatch, at, text_size * 0.42, "legend-swatch"))
            key.append(
                dw.Text(entry.text, _n(text_size * 0.9), _n(left + margin + text_size * 1.5),
                        _n(y + text_size * 0.85))
            )
            y += text_size * 1.4
        drawing.append(key)
    svg: str = drawing.as_svg()
    return svg
