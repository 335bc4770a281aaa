"""Board drawings (SVG and text board) made off the event loop.

Drawing a board is the server's dearest work (about 20 ms for 11x11 Hex,
30 ms for Empyreal), and it is pure Python, so threads share one core
under the GIL. A :class:`Drawer` with ``workers > 0`` draws in that many
worker processes instead (the view is pickled there, a few kilobytes; each
worker loads the game by its registry name once); with ``workers == 0`` it
draws in a thread. Either way the event loop goes on answering while a
board is drawn.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from typing import Any

from hexkit.game import Game, State

__all__ = ["Drawer", "draw"]


def draw(game: Game[Any, Any], view: State) -> tuple[str, str]:
    """The SVG (``""`` if the game cannot draw this state) and the text board of ``view``.

    Args:
        game: the rules.
        view: the state as the receiving seat sees it (never the true state).

    Returns:
        ``(svg, text board)``; the text board is ``""`` for a game without one.
    """
    from hexkit.cli import render_hook
    from hexkit.render import RenderError, render_state_svg

    try:
        svg = render_state_svg(game, view)
    except RenderError:
        svg = ""
    hook = render_hook(game)
    return svg, hook(view) if hook is not None else ""


@lru_cache(maxsize=None)
def _game(name: str) -> Game[Any, Any]:
    from hexkit.registry import load_game

    return load_game(name)


def _draw_named(name: str, view: State) -> tuple[str, str]:
    """:func:`draw` in a worker process, the game loaded by its registry name."""
    return draw(_game(name), view)


class Drawer:
    """Draws boards in worker processes (``workers > 0``) or a thread (``0``).

    Args:
        workers: worker processes; ``0`` draws in the default thread pool.

    Raises:
        ValueError: if ``workers`` is negative.
    """

    def __init__(self, workers: int = 0) -> None:
        if workers < 0:
            raise ValueError(f"workers must be 0 or more, not {workers}")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def draw(self, game: Game[Any, Any], view: State) -> tuple[str, str]:
        """:func:`draw`, awaited without blocking the event loop."""
        if self.workers == 0:
            return await asyncio.to_thread(draw, game, view)
        if self._pool is None:  # spawned, not forked: the server runs threads
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, _draw_named, game.info.name, view)

    def close(self) -> None:
        """Stop the worker processes (if any were started)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
