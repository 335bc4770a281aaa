"""The static map: terrain boards assembled for a player count.

A :class:`Board` is built once per layout and shared by every state that
uses it (it is immutable). Hexes are numbered ``0..n-1`` ("cells"); the
engine works on cell numbers and neighbour tables, actions and the log use
:class:`~hexkit.hexes.Hex`.

Source: rulebook, Setting Up the Game (Build the map, boards per player count).
"""

from __future__ import annotations

from hexkit.hexes import Hex
from hexkit.rng import Rng

from hexkit_empyreal.data import CITY, TERRAIN_LETTERS, BoardSide, EmpyrealData, data_key, game_data, load_data

__all__ = ["Board", "board_for", "choose_layout", "BOARD_W", "BOARD_H"]

BOARD_W = 6
BOARD_H = 5

# Offsets of the boards in each configuration (axial q, r of the board's corner).
_OFFSETS: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((0, 0), (6, 0), (12, 0)),
    4: ((0, 0), (6, 0), (-2, 5), (4, 5)),
    5: ((0, 0), (6, 0), (1, 5), (-4, 10), (2, 10)),
    6: ((0, 0), (6, 0), (12, 0), (-2, 5), (4, 5), (10, 5)),
}


class Board:
    """Static facts of one assembled map.

    Attributes:
        layout: board side ids in placement order (``("1A", "2A", "3A")``).
        hexes: the hex of each cell.
        index: cell of each hex.
        start_terrain: printed terrain of each cell (engine index).
        neighbours: neighbour cells of each cell.
        nmask: neighbour cells of each cell as a bit mask.
        edge: whether each cell is on the edge of the map.
        edge_mask: edge cells as a bit mask.
        cities: the City cells, in a fixed order (stand order).
        city_colour: colour index of each City, by stand order.
        city_mask: City cells as a bit mask.
    """

    __slots__ = (
        "layout",
        "hexes",
        "index",
        "start_terrain",
        "neighbours",
        "nmask",
        "edge",
        "edge_mask",
        "cities",
        "city_colour",
        "city_mask",
        "city_adjacent_mask",
        "size",
    )

    def __init__(self, layout: tuple[str, ...], data: EmpyrealData) -> None:
        sides = {s.id: s for s in data.boards}
        offsets = _OFFSETS[max(3, len(layout))] if len(layout) != 3 else _OFFSETS[3]
        hexes: list[Hex] = []
        terrain: list[int] = []
        cities: list[int] = []
        colours: list[int] = []
        for side_id, (oq, orr) in zip(layout, offsets):
            side: BoardSide = sides[side_id]
            city_no = 0
            for r, row in enumerate(side.rows):
                for q, letter in enumerate(row):
                    t = TERRAIN_LETTERS.index(letter)
                    if t == CITY:
                        cities.append(len(hexes))
                        colours.append(data.colour_index(side.city_colours[city_no]))
                        city_no += 1
                    hexes.append(Hex(oq + q, orr + r))
                    terrain.append(t)
        self.layout = layout
        self.hexes = tuple(hexes)
        self.size = len(hexes)
        self.index = {h: i for i, h in enumerate(hexes)}
        self.start_terrain = tuple(terrain)
        nbrs: list[tuple[int, ...]] = []
        for h in hexes:
            nbrs.append(tuple(self.index[n] for n in h.neighbors() if n in self.index))
        self.neighbours = tuple(nbrs)
        self.nmask = tuple(sum(1 << n for n in ns) for ns in nbrs)
        self.edge = tuple(len(ns) < 6 for ns in nbrs)
        self.edge_mask = sum(1 << i for i, e in enumerate(self.edge) if e)
        self.cities = tuple(cities)
        self.city_colour = tuple(colours)
        self.city_mask = sum(1 << c for c in cities)
        adj = 0
        for c in cities:
            adj |= self.nmask[c]
        self.city_adjacent_mask = adj & ~self.city_mask


_BOARDS: dict[tuple[object, ...], Board] = {}


def board_for(layout: tuple[str, ...], config: object = None) -> Board:
    """Return the shared :class:`Board` of a layout for a config's data (built once)."""
    key = (layout, data_key(config))
    b = _BOARDS.get(key)
    if b is None:
        b = _BOARDS[key] = Board(layout, game_data(config) if config is not None else load_data())
    return b


def choose_layout(players: int, rng: Rng, data: EmpyrealData) -> tuple[str, ...]:
    """Pick the terrain boards for a player count, with six Cities of six colours.

    2-3 players: all A or all B sides of three boards; 4: two A (or two B)
    sides and the two C sides that complete the colours; 5: one A or B side
    in the centre and four C sides; 6: all six C sides.

    Args:
        players: 2-6.
        rng: the game's random source.
        data: the component data.

    Returns:
        Board side ids in placement order.

    Source:
        rulebook, Setting Up the Game (Build the map table).
    """
    a_sides = [s for s in data.boards if s.side == "A"]
    b_sides = [s for s in data.boards if s.side == "B"]
    c_by_colour = {
        data.colour_index(s.city_colours[0]): s for s in data.boards if s.side == "C"
    }
    family = a_sides if rng.randbelow(2) == 0 else b_sides
    if players <= 3:
        return tuple(s.id for s in sorted(family, key=lambda s: s.board))
    if players == 6:
        return tuple(s.id for s in sorted(c_by_colour.values(), key=lambda s: s.board))
    count = 2 if players == 4 else 1
    chosen = sorted(rng.sample(family, count), key=lambda s: s.board)
    have = {data.colour_index(c) for s in chosen for c in s.city_colours}
    cs = [c_by_colour[c] for c in range(6) if c not in have]
    cs.sort(key=lambda s: s.board)
    if players == 4:
        return (chosen[0].id, cs[0].id, cs[1].id, chosen[1].id)
    return (cs[0].id, cs[1].id, chosen[0].id, cs[2].id, cs[3].id)
