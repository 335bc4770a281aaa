"""An SVG picture of a whole Empyreal state, through the core's ``svg_style`` hook.

:func:`svg_style` returns the map (each hex of the assembled boards, with
its cell number as content) and an :class:`EmpyrealStyle` that draws:

* the terrain of each hex (six terrains, Wasteland) and each City in its
  colour, labelled with the Demand Tiles still in its stand
  (``D`` Double, ``T`` Triple, ``Q`` Quadruple; a tile of another colour,
  moved there by Wardlaw O'Brien, carries that colour's initial: ``Tr``);
* the Goods on each hex as small circles in the Good's colour;
* the train cars on each hex as squares in their Company's colour, with
  the seat number written on them;
* the outer edge of the map as a thick line;
* a title (round, phase, whose turn) and a legend (terrains, Goods, the
  Companies in play with their mana, Demand Tiles and delivered Goods).

The style copies what it draws when it is made, so a picture never changes
when the state is played on. Draw it with
:func:`hexkit.render.render_state_svg`::

    from hexkit.render import render_state_svg
    svg = render_state_svg(GAME, state)

Source: DESIGN.md (pictures of the board); issue 6 (each plugin renders a
whole state); rulebook, Components (terrains, Goods, Cities, Demand Tiles).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.hexes import Hex
from hexkit.hexmap import HexMap
from hexkit.render import EdgeHighlight, LegendEntry, Marker, MarkerShape, Style

from hexkit_empyreal.data import CITY, TERRAINS
from hexkit_empyreal.state import EmpyrealState, board, data

__all__ = [
    "TERRAIN_FILLS",
    "GOOD_COLOURS",
    "COMPANY_COLOURS",
    "TILE_LETTERS",
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
    "black": "#222222",
}
"""Picture colour of each colour name the data uses (Goods, Cities, Companies)."""

COMPANY_COLOURS = GOOD_COLOURS
"""Train cars are drawn in their Company's colour (the same names as the Goods')."""

CITY_FILLS: dict[str, str] = {
    "yellow": "#f7d74a",
    "green": "#5fb36b",
    "white": "#ffffff",
    "blue": "#5d95dd",
    "red": "#e0574b",
    "grey": "#a7abb0",
    "black": "#555555",
}
"""Fill of a City by its colour (a little lighter than its Goods)."""

TILE_LETTERS = ("D", "T", "Q")
"""Label letters of the Demand Tile kinds: Double, Triple, Quadruple."""

EDGE_COLOUR = "#1b2631"
"""Colour of the line along the map edge."""

GOOD_SIZE = 0.13
CAR_SIZE = 0.17


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
        self._seats: list[tuple[str, str]] = []
        for ps in state.players:
            spec = d.company_by_name.get(ps.company)
            self._seats.append((ps.company or "no Company yet", spec.colour if spec else "grey"))
        self._summary = [
            f"{ps.mana} mana, {len(ps.tiles)} Demand Tiles, {ps.delivered} Goods delivered, {ps.cars_left} cars left"
            for ps in state.players
        ]
        mover = state.decision()
        turn = f", seat {mover.player} to play" if mover is not None and mover.player is not None else ""
        self._title = f"Empyreal: Spells & Steam, round {state.round}, {state.phase}{turn}"

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
                    color=COMPANY_COLOURS.get(colour, "#999999"),
                    shape=MarkerShape.SQUARE,
                    size=CAR_SIZE,
                    stroke="#000000" if colour != "black" else "#ffffff",
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

    # -- the whole picture --------------------------------------------------------------
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
            LegendEntry(GOOD_COLOURS.get(colour, "#999999"), f"{name} ({colour} Good): circle")
            for name, colour in zip(self._good_names, self._colours)
        )
        for seat, ((company, colour), summary) in enumerate(zip(self._seats, self._summary)):
            entries.append(
                LegendEntry(COMPANY_COLOURS.get(colour, "#999999"), f"seat {seat} {company} (square): {summary}")
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
