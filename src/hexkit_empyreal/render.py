"""A text picture of the map and the Companies.

Each hex is ``T gg ccc``: the terrain letter (``C`` for a City, followed by
its colour's initial), the Goods on it (colour initials) and the seats of the
train cars on it. Rows are drawn in odd-r offset layout.

Source: DESIGN.md (a text picture a user can print at any point).
"""

from __future__ import annotations

from hexkit_empyreal.data import CITY, TERRAIN_LETTERS
from hexkit_empyreal.rules.deliver import TILE_NAMES
from hexkit_empyreal.state import EmpyrealState, board, data

__all__ = ["render_text"]


def _initial(colour: str) -> str:
    return "s" if colour == "grey" else colour[0]


def render_text(state: EmpyrealState) -> str:
    """The map (terrain, Cities, Goods, train cars) and a legend, as text."""
    b = board(state)
    d = data(state)
    colours = d.colours
    rows: dict[int, dict[int, str]] = {}
    stand_of = {c: i for i, c in enumerate(b.cities)}
    for cell, h in enumerate(b.hexes):
        q, r = h
        col = q + (r - (r & 1)) // 2
        t = state.terrain[cell]
        if t == CITY:
            text = "C" + _initial(colours[b.city_colour[stand_of[cell]]]).upper()
        else:
            text = TERRAIN_LETTERS[t] + "".join(_initial(colours[g]) for g in state.goods[cell])
        text += ":" + "".join(str(s) for s in state.cars[cell]) if state.cars[cell] else ""
        rows.setdefault(r, {})[col] = text
    width = 8
    mincol = min(c for row in rows.values() for c in row)
    lines = []
    for r in sorted(rows):
        row = rows[r]
        line = " " * (width // 2 if r & 1 else 0)
        for c in range(mincol, max(row) + 1):
            line += row.get(c, "").ljust(width)
        lines.append(line.rstrip())
    lines.append("")
    lines.append("Letters: D Desert, F Forest, G Glacier, L Lake, V Lava, M Mountain, W Wasteland, C City;")
    lines.append("goods: " + ", ".join(f"{_initial(c)} {c}" for c in colours) + "; :digits = seats of train cars")
    for s, ps in enumerate(state.players):
        if ps.company:
            lines.append(
                f"{s}: {ps.company} ({ps.captain}) mana {ps.mana}/{ps.mana + ps.spent} cars left {ps.cars_left}"
                f" goods {ps.delivered} tiles {len(ps.tiles)} conductor {ps.conductor}"
            )
    for i, cell in enumerate(b.cities):
        tiles = ", ".join(f"{colours[c]} {TILE_NAMES[k]}" for c, k in state.stands[i]) or "empty"
        lines.append(f"City {b.hexes[cell]} ({colours[b.city_colour[i]]}): {tiles}")
    return "\n".join(lines)
