"""Helpers shared by the example scripts: which game to play, and its picture.

The examples default to Empyreal when it is installed and fall back to the
tutorial Hex game (``examples/hexgame``) otherwise, so they run on any
checkout.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import hexkit
from hexkit.game import Game, State
from hexkit.hexes import Hex
from hexkit.hexmap import HexMap
from hexkit.render import DrawsSvg, EdgeHighlight, Marker, SimpleStyle, render_state_svg, render_svg

PREFERRED = ("empyreal", "hex")


def pick_game(name: str | None = None) -> Game[Any, Any]:
    """The game called ``name``, or the first of :data:`PREFERRED` that loads."""
    if name:
        return hexkit.load_game(name)
    for candidate in PREFERRED:
        try:
            return hexkit.load_game(candidate)
        except (hexkit.UnknownGameError, ImportError, AttributeError):
            continue
    raise SystemExit(f"none of {', '.join(PREFERRED)} is installed; run `make test` once")


def hex_game_svg(state: Any) -> str:
    """A picture of a Hex position, for a Hex plugin without its own svg_style hook.

    It shows how little a style needs: a map from hex to content (here the
    owner of the stone, or None) and three small functions.
    """
    n = state.config.size
    board = HexMap({h: state.cells[i] for i, h in enumerate(state.board.hexes)})
    stones = ("#222222", "#f7f7f7")

    def markers(h: Hex, owner: int | None) -> Sequence[Marker]:
        return () if owner is None else [Marker(color=stones[owner], size=0.55)]

    # Black joins top and bottom (sides 1, 2 and 4, 5); White left and right.
    edges = [EdgeHighlight(hex=Hex(q, r), direction=d, color=stones[0])
             for q in range(n) for r, ds in ((0, (1, 2)), (n - 1, (4, 5))) for d in ds]
    edges += [EdgeHighlight(hex=Hex(q, r), direction=d, color="#bbbbbb")
              for r in range(n) for q, ds in ((0, (3, 4)), (n - 1, (0, 1))) for d in ds]
    style: SimpleStyle[int | None] = SimpleStyle(
        fill_of=lambda h, owner: "#f3e2b3",
        markers_of=markers,
        highlights=edges,
        caption=f"Hex {n}x{n}, step {state.step}",
    )
    return render_svg(board, style)


def board_svg(game: Game[Any, Any], state: State) -> str:
    """The SVG picture of ``state``: the game's own hook if it has one."""
    if isinstance(game, DrawsSvg):
        return render_state_svg(game, state)
    if game.info.name == "hex":
        return hex_game_svg(state)
    raise SystemExit(f"{game.info.name} has no svg_style hook: it cannot be drawn yet")
