"""An SVG picture of a whole Empyreal state, through the core's ``svg_style`` hook.

:func:`svg_style` returns the map (each hex of the assembled boards, with
its cell number as content) and an :class:`EmpyrealStyle` that draws:

* the terrain of each hex (six terrains, Wasteland) and each City in its
  colour, labelled with the Demand Tiles still in its stand
  (``D`` Double, ``T`` Triple, ``Q`` Quadruple; a tile of another colour,
  moved there by Wardlaw O'Brien, carries that colour's initial: ``Tr``);
* the Goods on each hex as small circles in the Good's colour;
* the train cars on each hex as squares in their seat's colour
  (:data:`SEAT_COLOURS`), with the seat number written on them;
* each Company's track: a line in its seat's colour joining every two
  adjacent hexes that both hold one of its train cars, so a Network reads
  at a glance (when two Companies share both hexes, the lines are drawn
  one over the other, the first widest, so each shows as a stripe);
* the last turn highlighted, as python-chess highlights the last move:
  the hexes that the latest turn's log lines name are ringed in
  :data:`LAST_TURN_COLOUR` (see :func:`last_turn_hexes`);
* the outer edge of the map as a thick line;
* a title (round, phase, whose turn) and a legend (terrains, Goods, the
  Companies in play with their mana, Demand Tiles and delivered Goods, the
  last-turn ring).

Seat colours. The Companies' printed colours are the Good colours (blue,
red, green, grey...), so drawing train cars in them made a car look like a
Good and a grey car like a Mountain. The seats have their own palette
instead, chosen so that no seat colour is close to a Good, City or terrain
colour: every seat colour is at least :data:`MIN_SEAT_DISTANCE` (CIE76
Delta E in CIELAB, see :func:`colour_distance`) from each of them, and the
seat colours are at least :data:`MIN_SEAT_GAP` from each other.

The style copies what it draws when it is made, so a picture never changes
when the state is played on. Draw it with
:func:`hexkit.render.render_state_svg`::

    from hexkit.render import render_state_svg
    svg = render_state_svg(GAME, state)

Source: DESIGN.md (pictures of the board); issue 6 (each plugin renders a
whole state); rulebook, Components (terrains, Goods, Cities, Demand Tiles).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hexkit.hexes import Hex
from hexkit.hexmap import HexMap
from hexkit.render import EdgeHighlight, LegendEntry, Link, Marker, MarkerShape, Style

from hexkit_empyreal.data import CITY, TERRAINS
from hexkit_empyreal.state import EmpyrealState, board, data

__all__ = [
    "TERRAIN_FILLS",
    "GOOD_COLOURS",
    "SEAT_COLOURS",
    "LAST_TURN_COLOUR",
    "MIN_SEAT_DISTANCE",
    "MIN_SEAT_GAP",
    "TILE_LETTERS",
    "colour_distance",
    "last_turn_hexes",
    "EDGE_COLOUR",
    "EmpyrealStyle",
    "svg_style",
]

TERRAIN_FILLS: dict[str, str] = {
    "Desert": "#f3dfa2",
    "Forest": "#9cc98a",
    "Glacier": "#e4f1f7",
    "Lake": "#9cc4e4",
    "Lava": "#e8a07e",
    "Mountain": "#bfb3a6",
    "Wasteland": "#5b4a5e",
}
"""Fill of each terrain (pale, so the pieces on top stand out); Cities take their colour."""

GOOD_COLOURS: dict[str, str] = {
    "yellow": "#e1b80d",
    "green": "#2e8b3e",
    "white": "#fdfdfd",
    "blue": "#2166c4",
    "red": "#c8281e",
    "grey": "#8a8d91",
}
"""Picture colour of each Good colour (Cities are lighter, :data:`CITY_FILLS`)."""

SEAT_COLOURS: tuple[str, ...] = (
    "#d81b9c",  # seat 0 magenta
    "#ff7a00",  # seat 1 orange
    "#6a1bb0",  # seat 2 violet
    "#00a6a6",  # seat 3 teal
    "#000000",  # seat 4 black
    "#7a3b00",  # seat 5 brown
)
"""Colour of each seat's train cars and track (not the Company's printed colour, see above)."""

LAST_TURN_COLOUR = "#aaff00"
"""Ring colour of the hexes of the last turn (lime: far from every seat, Good and terrain colour)."""

MIN_SEAT_DISTANCE = 30.0
"""Least colour distance of a seat colour from any Good, City or terrain colour."""

MIN_SEAT_GAP = 40.0
"""Least colour distance between two seat colours."""

CITY_FILLS: dict[str, str] = {
    "yellow": "#f7d74a",
    "green": "#5fb36b",
    "white": "#ffffff",
    "blue": "#5d95dd",
    "red": "#e0574b",
    "grey": "#a7abb0",
}
"""Fill of a City by its colour (a little lighter than its Goods)."""

TILE_LETTERS = ("D", "T", "Q")
"""Label letters of the Demand Tile kinds: Double, Triple, Quadruple."""

EDGE_COLOUR = "#1b2631"
"""Colour of the line along the map edge."""

GOOD_SIZE = 0.13
CAR_SIZE = 0.17
TRACK_WIDTH = 0.14
"""Width of one Company's track line; each extra Company on the same pair of hexes widens the one below."""

_HEX_TEXT = re.compile(r"\((-?\d+),(-?\d+)\)")


def _lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of a ``#rrggbb`` colour."""
    rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return float(t ** (1 / 3)) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def colour_distance(a: str, b: str) -> float:
    """How different two ``#rrggbb`` colours look: CIE76 Delta E in CIELAB.

    About 2 is barely visible; above 30 two colours are not taken for one another.

    Args:
        a: a colour.
        b: another colour.

    Returns:
        The Euclidean distance of their CIELAB coordinates.
    """
    return float(sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b))) ** 0.5)


def last_turn_hexes(state: EmpyrealState) -> tuple[int | None, list[Hex]]:
    """The seat of the last turn that touched the map, and the hexes it touched.

    The log is the record of what a turn did: walking back from its end,
    a run of lines concerning one seat is that seat's turn (lines of the
    game itself are skipped); every map hex they name (``(q,r)``: built
    on, delivered to, a Good returned from) is returned, in log order, once
    each. A turn that named no hex (Administrate, a Conductor move not yet
    followed by anything) is passed over for the one before it.

    Args:
        state: a full state or a player's view.

    Returns:
        ``(seat, hexes)``; ``(None, [])`` before any turn touched the map.
    """
    index = board(state).index
    seat: int | None = None
    found: list[Hex] = []
    for entry in reversed(state.log):
        if entry.player is None:
            continue
        if entry.player != seat:
            if found:
                break
            seat = entry.player  # that turn named no hex: look at the one before
        named = [Hex(int(q), int(r)) for q, r in _HEX_TEXT.findall(entry.text)]
        found[:0] = [h for h in named if h in index]
    return (seat if found else None), list(dict.fromkeys(found))


def _initial(colour: str) -> str:
    return "s" if colour == "grey" else colour[0]


class EmpyrealStyle(Style[int]):
    """How an Empyreal state is drawn; the map's content is each hex's cell number.

    Args:
        state: the state (or a player's view) to draw; what is drawn is
            copied at once.
    """

    def __init__(self, state: EmpyrealState) -> None:
        b = board(state)
        d = data(state)
        self._hexes = b.hexes
        self._index = b.index
        self._terrain = tuple(state.terrain)
        self._goods = tuple(state.goods)
        self._cars = tuple(state.cars)
        self._colours = d.colours
        self._good_names = tuple(g.name for g in d.goods)
        self._stand_of = {c: i for i, c in enumerate(b.cities)}
        self._city_colour = b.city_colour
        self._stands = tuple(tuple(s) for s in state.stands)
        self._edge_cells = tuple(c for c in range(b.size) if b.edge[c])
        self._seats: list[tuple[str, str]] = [
            (ps.company or "no Company yet", SEAT_COLOURS[s % len(SEAT_COLOURS)]) for s, ps in enumerate(state.players)
        ]
        self._tracks = self._track_links(state)
        self._last_seat, last = last_turn_hexes(state)
        self._last = frozenset(last)
        self._summary = [
            f"{ps.mana} mana, {len(ps.tiles)} Demand Tile{'' if len(ps.tiles) == 1 else 's'},"
            f" {ps.delivered} Goods delivered, {ps.cars_left} cars left"
            for ps in state.players
        ]
        mover = state.decision()
        turn = f", seat {mover.player} to play" if mover is not None and mover.player is not None else ""
        self._title = f"Empyreal: Spells & Steam, round {state.round}, {state.phase}{turn}"

    def _track_links(self, state: EmpyrealState) -> list[Link]:
        b = board(state)
        out = []
        for c in range(b.size):
            here = set(state.cars[c])
            if not here:
                continue
            for n in b.neighbours[c]:
                if n < c:
                    continue
                both = [s for s in state.cars[n] if s in here]
                for i, seat in enumerate(both):
                    company, colour = self._seats[seat]
                    out.append(
                        Link(
                            a=b.hexes[c],
                            b=b.hexes[n],
                            color=colour,
                            width=TRACK_WIDTH * (1 + 0.5 * (len(both) - 1 - i)),
                            title=f"track of {company} (seat {seat})",
                        )
                    )
        return out

    # -- per hex ----------------------------------------------------------------------
    def _city_tiles(self, cell: int) -> list[tuple[int, int]]:
        return list(self._stands[self._stand_of[cell]])

    def fill(self, h: Hex, content: int) -> str:
        """The terrain's fill, or the City's colour."""
        t = self._terrain[content]
        if t == CITY:
            return CITY_FILLS.get(self._colours[self._city_colour[self._stand_of[content]]], "#dddddd")
        return TERRAIN_FILLS[TERRAINS[t]]

    def label(self, h: Hex, content: int) -> str:
        """A City's remaining Demand Tiles (``"D T Q"``; ``"-"`` when its stand is empty)."""
        if self._terrain[content] != CITY:
            return ""
        own = self._city_colour[self._stand_of[content]]
        tiles = sorted(self._city_tiles(content), key=lambda t: (t[1], t[0]))
        words = [TILE_LETTERS[k] + ("" if col == own else _initial(self._colours[col])) for col, k in tiles]
        return " ".join(words) or "-"

    def markers(self, h: Hex, content: int) -> Sequence[Marker]:
        """Goods as circles in their colour, then train cars as squares in their Company's colour."""
        out = [
            Marker(
                color=GOOD_COLOURS.get(self._colours[g], "#999999"),
                shape=MarkerShape.CIRCLE,
                size=GOOD_SIZE,
                stroke="#333333",
                title=f"{self._good_names[g]} ({self._colours[g]} Good)",
            )
            for g in self._goods[content]
        ]
        for seat in self._cars[content]:
            company, colour = self._seats[seat]
            out.append(
                Marker(
                    color=colour,
                    shape=MarkerShape.SQUARE,
                    size=CAR_SIZE,
                    stroke="#ffffff" if colour == "#000000" else "#000000",
                    text=str(seat),
                    title=f"train car of {company} (seat {seat})",
                )
            )
        return out

    def tooltip(self, h: Hex, content: int) -> str:
        """The hex, its terrain (or City and its stand), Goods and train cars."""
        t = self._terrain[content]
        if t == CITY:
            own = self._colours[self._city_colour[self._stand_of[content]]]
            tiles = ", ".join(
                f"{self._colours[col]} {('Double', 'Triple', 'Quadruple')[k]}" for col, k in self._city_tiles(content)
            )
            text = f"{h} {own} City; Demand Tiles: {tiles or 'none left'}"
        else:
            text = f"{h} {TERRAINS[t]}"
            if self._goods[content]:
                text += "; Goods: " + ", ".join(self._good_names[g] for g in self._goods[content])
        if self._cars[content]:
            text += "; train cars: " + ", ".join(self._seats[s][0] for s in self._cars[content])
        return text

    def outline(self, h: Hex, content: int) -> str:
        """The last turn's hexes are ringed in :data:`LAST_TURN_COLOUR`."""
        return LAST_TURN_COLOUR if h in self._last else ""

    # -- the whole picture --------------------------------------------------------------
    def links(self) -> Sequence[Link]:
        """Each Company's track between adjacent hexes holding its train cars."""
        return self._tracks

    def edges(self) -> Sequence[EdgeHighlight]:
        """The outer sides of the map's edge hexes."""
        out = []
        index = self._index
        for c in self._edge_cells:
            h = self._hexes[c]
            for direction, n in enumerate(h.neighbors()):
                if n not in index:
                    out.append(EdgeHighlight(hex=h, direction=direction, color=EDGE_COLOUR, width=0.1))
        return out

    def title(self) -> str:
        """Round, phase and the seat to play."""
        return self._title

    def legend(self) -> Sequence[LegendEntry]:
        """Terrains, Cities, Goods and the Companies in play."""
        entries = [LegendEntry(fill, name) for name, fill in TERRAIN_FILLS.items()]
        entries.append(LegendEntry(CITY_FILLS["white"], "City: its colour; label = Demand Tiles left (D/T/Q)"))
        entries.extend(
            LegendEntry(GOOD_COLOURS.get(colour, "#999999"), f"{name} ({colour} Good)", "circle")
            for name, colour in zip(self._good_names, self._colours)
        )
        for seat, ((company, colour), summary) in enumerate(zip(self._seats, self._summary)):
            entries.append(
                LegendEntry(colour, f"seat {seat} {company}: train car (square) and track (line); {summary}", "square")
            )
        if self._last_seat is not None:
            entries.append(
                LegendEntry(LAST_TURN_COLOUR, f"ring: the hexes of the last turn (seat {self._last_seat})")
            )
        return entries


def svg_style(state: EmpyrealState) -> tuple[HexMap[int], EmpyrealStyle]:
    """The map to draw (hex -> cell number) and the style that draws ``state``.

    Args:
        state: a full state or a player's view.

    Returns:
        The ``(map, style)`` pair of the core's ``svg_style`` hook
        (:class:`hexkit.render.DrawsSvg`).
    """
    b = board(state)
    return HexMap({h: c for c, h in enumerate(b.hexes)}), EmpyrealStyle(state)
