"""A text picture of an Empyreal state: the map, each Company, the Demand Tiles.

:func:`render_text` prints, top to bottom:

* a header: the round and whose turn it is, or, once the game is over, the
  end reason (which rulebook trigger ended it, or the engine's safeguard);
* the map in odd-r offset rows, each row labelled with its ``r`` and the
  ``q`` of its first column (``q`` grows by one per cell to the right).
  A hex reads ``Lbb 01``: the terrain letter, the Goods on it (lower-case
  colour initials) and, after a space, the seats with a train car there.
  A City reads ``[b3]``: its colour and how many Demand Tiles are left in
  its stand (they are listed by kind below the Companies);
* a legend for every letter the map uses;
* each Company: mana, Conductor, VP, its Network as connected pieces of
  train cars (the hexes of each piece), the Cities it can deliver to and
  its In-Network Goods, what it delivered and its Demand Tiles;
* the Demand Tiles left in each City, with the Goods each needs and its VP;
* once the game is over, the final table with the tie-breaker values.

Source: DESIGN.md (a text picture a user can print at any point); rulebook,
Components; Your Network; Deliver; Demand Tiles; Game End; Tiebreakers.
"""

from __future__ import annotations

import textwrap

from hexkit_empyreal.config import TEAM
from hexkit_empyreal.data import CITY, TERRAIN_LETTERS, TERRAINS
from hexkit_empyreal.rules.deliver import TILE_NAMES, delivery_targets
from hexkit_empyreal.rules.game_end import end_detail, end_reason
from hexkit_empyreal.rules.scoring import TIEBREAK_VALUES, places, score_sheet, tiebreak_values
from hexkit_empyreal.rules.turn import end_of_line
from hexkit_empyreal.state import EmpyrealState, bits, board, data

__all__ = ["render_text", "render_map", "network_pieces"]

_WRAP = 110


def _initial(colour: str) -> str:
    """One letter per colour name; grey is ``s`` (Vital Silver), as the Goods are named."""
    return "s" if colour == "grey" else colour[0]


def _city_text(state: EmpyrealState, stand: int) -> str:
    own = data(state).colours[board(state).city_colour[stand]]
    return f"[{_initial(own)}{len(state.stands[stand])}]"


def _cell_text(state: EmpyrealState, cell: int, stand_of: dict[int, int]) -> str:
    t = state.terrain[cell]
    if t == CITY:
        return _city_text(state, stand_of[cell])
    colours = data(state).colours
    text = TERRAIN_LETTERS[t] + "".join(_initial(colours[g]) for g in state.goods[cell])
    if state.cars[cell]:
        text += " " + "".join(str(s) for s in state.cars[cell])
    return text


def render_map(state: EmpyrealState) -> list[str]:
    """The map rows, each labelled ``r`` and the ``q`` of its first column."""
    b = board(state)
    stand_of = {c: i for i, c in enumerate(b.cities)}
    rows: dict[int, dict[int, str]] = {}
    for cell, h in enumerate(b.hexes):
        q, r = h
        rows.setdefault(r, {})[q + (r - (r & 1)) // 2] = _cell_text(state, cell, stand_of)
    width = max(len(t) for row in rows.values() for t in row.values()) + 1
    mincol = min(c for row in rows.values() for c in row)
    maxcol = max(c for row in rows.values() for c in row)
    lines = [f"  r   q  map (q of each row's first column; q grows by 1 to the right, odd rows shifted)"]
    for r in sorted(rows):
        row = rows[r]
        line = f"{r:>3} {mincol - (r - (r & 1)) // 2:>3}  " + " " * (width // 2 if r & 1 else 0)
        cells = [row.get(c, ".") for c in range(mincol, maxcol + 1)]
        while cells and cells[-1] == ".":
            cells.pop()
        line += "".join(text.ljust(width) for text in cells)
        lines.append(line.rstrip())
    return lines


def _legend(state: EmpyrealState) -> list[str]:
    d = data(state)
    letters = ", ".join(f"{TERRAIN_LETTERS[i]} {name}" for i, name in enumerate(TERRAINS) if TERRAIN_LETTERS[i] != "C")
    goods = ", ".join(f"{_initial(g.colour)} {g.colour} {g.name}" for g in d.goods)
    lines = [
        f"Terrain (first letter): {letters}; '.' no hex.",
        f"Goods (lower case after it): {goods}.",
        "Train cars (digits after a space): seats with a car there ('Lbb 01': a Lake, 2 blue Goods, cars of seats 0, 1).",
        "City: [colour initial, number of Demand Tiles left] ('[b3]': a blue City, 3 tiles left; listed below).",
    ]
    return [part for line in lines for part in textwrap.wrap(line, _WRAP, subsequent_indent="  ")]


def network_pieces(state: EmpyrealState, seat: int) -> list[list[int]]:
    """The cells of ``seat``'s train cars, split into pieces of adjacent cars.

    Largest piece first; each piece's cells in reading order (by ``r``, then ``q``).

    Source: rulebook, Your Network (track joins adjacent train cars).
    """
    b = board(state)
    left = set(bits(state.players[seat].net))
    pieces = []
    while left:
        start = min(left, key=lambda c: (b.hexes[c][1], b.hexes[c][0]))
        left.discard(start)
        piece, todo = [start], [start]
        while todo:
            c = todo.pop()
            for n in b.neighbours[c]:
                if n in left:
                    left.discard(n)
                    piece.append(n)
                    todo.append(n)
        pieces.append(sorted(piece, key=lambda c: (b.hexes[c][1], b.hexes[c][0])))
    pieces.sort(key=lambda p: -len(p))
    return pieces


def _conductor(state: EmpyrealState, seat: int) -> str:
    pos = state.players[seat].conductor
    if pos == 0:
        return "at Start"
    if pos == end_of_line(state, seat):
        return "at the End of the Line"
    return f"on space {chr(ord('A') + pos - 1)}"


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, _WRAP, initial_indent="  ", subsequent_indent="      ", break_on_hyphens=False)


def _company_lines(state: EmpyrealState, seat: int, vp: int) -> list[str]:
    b = board(state)
    d = data(state)
    ps = state.players[seat]
    colours = d.colours
    head = (
        f"seat {seat} {ps.company} (Captain {ps.captain}): {vp} VP, {ps.mana} mana ({ps.spent} spent),"
        f" Conductor {_conductor(state, seat)}"
    )
    lines = textwrap.wrap(head, _WRAP, subsequent_indent="      ")
    pieces = network_pieces(state, seat)
    placed = d.rules.train_cars - ps.cars_left
    shape = f"in {len(pieces)} piece{'s' if len(pieces) != 1 else ''}" if pieces else "none on the map"
    where = " | ".join(" ".join(str(b.hexes[c]) for c in piece) for piece in pieces)
    cars = f"{placed} train car{'s' if placed != 1 else ''} placed {shape}, {ps.cars_left} left"
    lines += _wrap(f"Network: {cars}" + (f": {where}" if where else ""))
    in_net = [0] * len(colours)
    for c in bits(ps.net):
        for g in state.goods[c]:
            in_net[g] += 1
    goods = ", ".join(f"{n} {colours[g]}" for g, n in enumerate(in_net) if n) or "none"
    targets = ", ".join(f"{b.hexes[b.cities[s]]} {colours[col]}" for s, col in delivery_targets(state, seat)) or "none"
    lines += _wrap(f"In-Network Goods: {goods}; can deliver to: {targets}")
    delivered = ", ".join(f"{n} {colours[g]}" for g, n in enumerate(ps.goods) if n)
    tiles = ", ".join(
        f"{colours[col]} {TILE_NAMES[k].split()[0]} ({d.rules.demand_values[k]} VP)" for col, k in ps.tiles
    ) or "none"
    lines += _wrap(f"Delivered: {ps.delivered} Goods" + (f" ({delivered})" if delivered else "") + f"; Demand Tiles: {tiles}")
    return lines


def _demand_lines(state: EmpyrealState) -> list[str]:
    b = board(state)
    d = data(state)
    r = d.rules
    kinds = ", ".join(
        f"{TILE_NAMES[k].split()[0]} {r.demand_goods[k]} Goods -> {r.demand_values[k]} VP" for k in range(3)
    )
    lines = [f"Demand Tiles left in each City ({kinds}):"]
    for stand, cell in enumerate(b.cities):
        own = b.city_colour[stand]
        counts: dict[tuple[int, int], int] = {}
        for tile in state.stands[stand]:
            counts[tile] = counts.get(tile, 0) + 1
        words = [
            ("" if col == own else f"{d.colours[col]} ") + TILE_NAMES[k].split()[0] + (f" x{n}" if n > 1 else "")
            for (col, k), n in sorted(counts.items(), key=lambda t: (t[0][1], t[0][0]))
        ]
        lines.append(f"  {b.hexes[cell]} {d.colours[own]} City: {', '.join(words) or 'none left'}")
    return lines


def _final_table(state: EmpyrealState) -> list[str]:
    sheet = score_sheet(state)
    values = tiebreak_values(state)
    goods, cars, turn = TIEBREAK_VALUES
    rows = [["place", "seat", "VP", "Goods", "cars", "turn", "decided by", "Company"]]
    place = places(sheet)
    for i, seat in enumerate(sheet.order):
        v = values[seat]
        rows.append([
            str(place[i]), str(seat), str(sheet.totals[seat]), str(v[goods]), str(v[cars]), str(v[turn]),
            sheet.decided_by[i - 1] if i else "", state.players[seat].company,
        ])
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    out = [f"Final table (ended by {end_reason(state)}):"]
    for row in rows:
        out.append("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    out.append("  Goods: Goods delivered; cars: train cars placed; turn: turn position (0 is the Start Player).")
    out.append("  Ties are broken by VP, then Goods, then cars, then the later turn position.")
    if TEAM in state.config.variants:
        out.append(
            "  Teams score and break ties together, on their members' summed Goods and train cars,"
            " then their latest seat."
        )
    return out


def _header(state: EmpyrealState) -> str:
    if state.phase == "over":
        return f"Game over after round {state.round}: ended by {end_reason(state)}; {end_detail(state)}"
    phase = {"setup": "set-up", "final": "final deliveries"}.get(state.phase, "play")
    d = state.decision()
    turn = ""
    if d is not None and d.player is not None:
        company = state.players[d.player].company
        turn = f": seat {d.player}" + (f" ({company})" if company else "") + " to play"
    return f"Round {state.round}, {phase}{turn}" + (" (the game end is triggered)" if state.end_triggered else "")


def render_text(state: EmpyrealState) -> str:
    """The whole state as text: header, map, legend, Companies, Demand Tiles, final table.

    Args:
        state: a full state or a player's view.

    Returns:
        Lines of text, without a final newline.
    """
    lines = [_header(state), ""]
    lines += render_map(state)
    lines += _legend(state)
    companies = [s for s, ps in enumerate(state.players) if ps.company]
    if companies:
        totals = score_sheet(state).totals
        lines.append("")
        for seat in companies:
            lines += _company_lines(state, seat, totals[seat])
    lines.append("")
    lines += _demand_lines(state)
    if state.phase == "over":
        lines.append("")
        lines += _final_table(state)
    return "\n".join(lines)
