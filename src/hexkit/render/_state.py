"""Pictures of a game's state: the drawing hook games implement, records, PNG."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from hexkit.game import Game, State
from hexkit.hexes import Hex
from hexkit.layout import Layout
from hexkit.record import GameRecord, replay
from hexkit.render._style import RenderError, Style
from hexkit.render._svg import DEFAULT_HEX_SIZE, render_svg

__all__ = [
    "SVG_HOOK",
    "DrawsSvg",
    "board_picture",
    "render_state_svg",
    "render_record_step",
    "svg_to_png",
    "save_picture",
]

SVG_HOOK = "svg_style"
"""The name of the optional method a :class:`~hexkit.game.Game` defines to be drawn."""


@runtime_checkable
class DrawsSvg(Protocol):
    """A game that can be drawn: it has the optional ``svg_style`` hook.

    The hook returns the map to draw and the :class:`Style` to draw it with.
    The map holds whatever the style needs per hex (terrain, a small attrs
    value with the hex's pieces, or just the hex's terrain with the pieces
    looked up in ``state`` by the style). The style decides orientation,
    fills, labels, markers, edge highlights, title and legend.

    A game implements it as a plain method::

        class EmpyrealGame(Game[EmpyrealState, EmpyrealConfig]):
            def svg_style(self, state: EmpyrealState) -> tuple[HexMap[Any], Style[Any]]:
                return state.board.terrain, EmpyrealStyle(state)
    """

    def svg_style(self, state: Any) -> tuple[Mapping[Hex, Any], Style[Any]]:
        """The map to draw for ``state`` and the style to draw it with."""
        ...


def board_picture(game: Game[Any, Any], state: State) -> tuple[Mapping[Hex, Any], Style[Any]]:
    """Ask ``game`` for the map and style of ``state`` through its hook.

    Args:
        game: the rules; must have a ``svg_style`` method (see :class:`DrawsSvg`).
        state: the state to draw (a full state or a player's view).

    Returns:
        The ``(map, style)`` pair the game gives.

    Raises:
        RenderError: if the game has no ``svg_style`` hook, or it returns
            something other than a map and a style.
    """
    hook = getattr(game, SVG_HOOK, None)
    if not callable(hook):
        raise RenderError(
            f"game {game.info.name!r} cannot be drawn: it has no {SVG_HOOK}(state) method"
            " (see hexkit.render.DrawsSvg)"
        )
    result = hook(state)
    if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], Mapping)):
        raise RenderError(
            f"{game.info.name}.{SVG_HOOK}() must return (hexmap, style), not {type(result).__name__}"
        )
    return result[0], result[1]


def render_state_svg(
    game: Game[Any, Any],
    state: State,
    *,
    layout: Layout | None = None,
    hex_size: float = DEFAULT_HEX_SIZE,
    **options: Any,
) -> str:
    """Draw a game's state as SVG with the style the game supplies.

    Args:
        game: the rules; must implement the ``svg_style`` hook
            (:class:`DrawsSvg`).
        state: the state to draw.
        layout: where hexes go (default: the style's orientation, ``hex_size``).
        hex_size: centre-to-corner size of a hex when ``layout`` is ``None``.
        **options: passed on to :func:`render_svg` (``margin``, ``stroke``,
            ``background``, ``font_family``...).

    Returns:
        The SVG document.

    Raises:
        RenderError: if the game cannot be drawn (see :func:`board_picture`).
    """
    hexmap, style = board_picture(game, state)
    return render_svg(hexmap, style, layout=layout, hex_size=hex_size, **options)


def render_record_step(
    game: Game[Any, Any], record: GameRecord, step: int | None = None, **options: Any
) -> str:
    """Draw the state of a recorded game after ``step`` actions.

    This is what ``hexkit render RECORD.json --step N`` calls.

    Args:
        game: the game the record is for.
        record: the record (see :func:`hexkit.record.record_from_json`).
        step: how many of the record's actions to replay: ``0`` is the set-up,
            ``len(record.actions)`` the end; negative counts back from the end
            (``-1`` is before the last action); ``None`` is the end.
        **options: passed on to :func:`render_state_svg`.

    Returns:
        The SVG document.

    Raises:
        RenderError: if ``step`` is outside the record, or the game cannot be drawn.
        InvalidRecordError: if the record is for another game or does not replay.
    """
    total = len(record.actions)
    if step is None:
        step = total
    elif step < 0:
        step += total
    if not 0 <= step <= total:
        raise RenderError(f"step {step} is outside the record, which has steps 0..{total}")
    state = replay(game, record, upto=step)
    return render_state_svg(game, state, **options)


def svg_to_png(svg: str, *, scale: float = 1.0) -> bytes:
    """Convert an SVG document to PNG bytes with cairosvg (the ``png`` extra).

    Args:
        svg: the SVG text.
        scale: pixels per SVG unit.

    Returns:
        The PNG file's bytes.

    Raises:
        RenderError: if cairosvg (or the cairo library it needs) is not installed.
    """
    try:
        cairosvg = importlib.import_module("cairosvg")
    except (ImportError, OSError):
        raise RenderError("PNG output needs cairosvg: pip install 'hexkit[png]'") from None
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return png


def save_picture(svg: str, path: str | Path, *, png: bool | None = None) -> Path:
    """Write an SVG picture to ``path``, as PNG if asked or if the name ends in ``.png``.

    Args:
        svg: the SVG text.
        path: where to write; with ``png=True`` its suffix becomes ``.png``.
        png: convert to PNG; ``None`` decides by the suffix of ``path``.

    Returns:
        The path written.

    Raises:
        RenderError: if PNG is asked for and cairosvg is missing.
    """
    target = Path(path)
    if png is None:
        png = target.suffix.lower() == ".png"
    if png:
        target = target.with_suffix(".png")
        data = svg_to_png(svg)
        target.write_bytes(data)
    else:
        target.write_text(svg, encoding="utf-8")
    return target
