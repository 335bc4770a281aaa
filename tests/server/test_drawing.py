"""Board drawings off the event loop: a thread or worker processes give the same drawing."""

from __future__ import annotations

import asyncio

import pytest

from hexkit.registry import load_game
from hexkit.server.drawing import Drawer, draw


def test_worker_processes_draw_what_the_thread_draws() -> None:
    game = load_game("empyreal")
    state = game.new(game.make_config(2), 4)
    for _ in range(6):
        game.apply(state, game.legal_actions(state)[0])
    view = game.view(state, 0)
    here = draw(game, view)
    assert here[0].startswith("<?xml") and here[1]  # an SVG and a text board

    async def both() -> tuple[tuple[str, str], tuple[str, str]]:
        thread, procs = Drawer(0), Drawer(1)
        try:
            return await thread.draw(game, view), await procs.draw(game, view)
        finally:
            procs.close()

    in_thread, in_process = asyncio.run(both())
    assert in_thread == here and in_process == here


def test_negative_workers_are_refused() -> None:
    with pytest.raises(ValueError, match="workers must be 0 or more, not -1"):
        Drawer(-1)
