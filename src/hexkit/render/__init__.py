"""Pictures of hex maps and game states: SVG (and PNG) for people, text for terminals.

* :func:`render_svg` draws any map of hexes with a :class:`Style`: a fill,
  label, tooltip and markers per hex, highlighted hex sides, lines between
  hex centres (routes), a title and a legend. SVG needs the ``svg`` extra (drawsvg); PNG (:func:`svg_to_png`)
  the ``png`` extra (cairosvg).
* :func:`render_text` lays hexes out as lines of text; plugins use it for
  their terminal pictures and golden tests. It needs nothing extra.
* :func:`render_state_svg` draws a game's state with the style the game
  supplies through its optional ``svg_style(state)`` hook (:class:`DrawsSvg`),
  and :func:`render_record_step` draws any moment of a recorded game.

>>> from hexkit.hexmap import HexMap
>>> board = HexMap.hexagon(1, "plain")
>>> board[Hex(1, 0)] = "lake"
>>> style = SimpleStyle(fill_of=palette({"lake": "#7fb3d5", "plain": "#f4e9c9"}),
...                     markers_of=lambda h, c: [Marker(color="red")] if h == Hex(0, 0) else [])
>>> svg = render_svg(board, style)
>>> svg.count('class="hex"'), svg.count('class="marker"'), svg.count("#7fb3d5")
(7, 1, 1)
>>> print(render_text(board, lambda h: "~" if board[h] == "lake" else "."))
 . .
. . ~
 . .
"""

from hexkit.hexes import Hex
from hexkit.render._state import (
    SVG_HOOK,
    DrawsSvg,
    board_picture,
    render_record_step,
    render_state_svg,
    save_picture,
    svg_to_png,
)
from hexkit.render._style import (
    DEFAULT_FILL,
    EdgeHighlight,
    LegendEntry,
    Link,
    Marker,
    MarkerShape,
    RenderError,
    SimpleStyle,
    Style,
    auto_colour,
    legend_for,
    outlined,
    palette,
)
from hexkit.render._svg import DEFAULT_HEX_SIZE, edge_segment, marker_positions, render_svg
from hexkit.render._text import render_text

__all__ = [
    "DEFAULT_FILL",
    "DEFAULT_HEX_SIZE",
    "DrawsSvg",
    "EdgeHighlight",
    "LegendEntry",
    "Link",
    "Marker",
    "MarkerShape",
    "RenderError",
    "SVG_HOOK",
    "SimpleStyle",
    "Style",
    "auto_colour",
    "board_picture",
    "edge_segment",
    "legend_for",
    "marker_positions",
    "outlined",
    "palette",
    "render_record_step",
    "render_state_svg",
    "render_svg",
    "render_text",
    "save_picture",
    "svg_to_png",
]

# Document and pickle the public names where users import them from.
for _name in __all__:
    _obj = globals()[_name]
    if getattr(_obj, "__module__", "").startswith("hexkit.render._"):
        _obj.__module__ = __name__
del _name, _obj
