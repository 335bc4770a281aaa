"""Text pictures of a hex map for terminals, logs and golden tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hexkit.hexes import Hex
from hexkit.layout import FLAT, POINTY, Orientation
from hexkit.render._style import RenderError

__all__ = ["render_text"]


def render_text(
    hexes: Iterable[Hex],
    cell: Callable[[Hex], str],
    *,
    orientation: Orientation = POINTY,
    width: int | None = None,
) -> str:
    """Lay out hexes as lines of text, alternate rows shifted half a cell.

    Pointy-top (the default): one line per row ``r``; each hex sits at
    doubled column ``2q + r``, so odd rows of a rectangle are shifted by
    half a cell, and any shape (hexagon, rhombus) keeps its true geometry.
    Flat-top: one line per doubled row ``2r + q``, cells at column ``q``, so
    neighbouring columns are half a row apart.

    Args:
        hexes: the hexes to draw (a :class:`~hexkit.hexmap.HexMap` works: it
            iterates its hexes).
        cell: the text of one hex (``"."``, ``"C3"``); centred in the cell.
        orientation: :data:`~hexkit.layout.POINTY` or :data:`~hexkit.layout.FLAT`.
        width: the cell width in characters; by default the longest cell text.

    Returns:
        The picture, lines joined by ``\\n``, trailing spaces removed.

    Raises:
        RenderError: if the orientation is neither pointy nor flat, or a
            cell's text is wider than ``width``.

    >>> from hexkit.hexes import Hex
    >>> from hexkit.hexmap import HexMap
    >>> board = HexMap.hexagon(1, ".")
    >>> board[Hex(1, 0)] = "#"
    >>> print(render_text(board, lambda h: board[h]))
     . .
    . . #
     . .
    >>> print(render_text(HexMap.rhombus(3, 2, "x"), lambda h: "x", width=2))
    x   x   x
      x   x   x
    """
    texts = {h: cell(h) for h in hexes}
    if not texts:
        return ""
    w = max(len(t) for t in texts.values()) if width is None else width
    w = max(w, 1)
    too_wide = [h for h, t in texts.items() if len(t) > w]
    if too_wide:
        h = too_wide[0]
        raise RenderError(f"cell {h} text {texts[h]!r} is wider than {w} characters")
    if orientation == POINTY:
        pitch = w + 1 + (w + 1) % 2
        step = pitch // 2
        place = {h: (h.r, 2 * h.q + h.r) for h in texts}
    elif orientation == FLAT:
        step = w + 1
        place = {h: (2 * h.r + h.q, h.q) for h in texts}
    else:
        raise RenderError(f"unknown orientation {orientation!r}: use POINTY or FLAT")
    rows: dict[int, dict[int, str]] = {}
    for h, (row, col) in place.items():
        rows.setdefault(row, {})[col] = texts[h]
    first_col = min(col for row, col in place.values())
    lines: list[str] = []
    for row in range(min(rows), max(rows) + 1):
        cols = rows.get(row, {})
        chars: list[str] = []
        for col in sorted(cols):
            x = (col - first_col) * step
            chars.extend(" " * (x - len(chars)))
            chars.extend(cols[col].center(w))
        lines.append("".join(chars).rstrip())
    return "\n".join(lines)
