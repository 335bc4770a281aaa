"""Finding games: installed plugins register under the entry-point group ``hexkit.games``.

A plugin's ``pyproject.toml`` declares::

    [project.entry-points."hexkit.games"]
    empyreal = "hexkit_empyreal:GAME"

where ``GAME`` is an instance of :class:`hexkit.game.Game`. Nothing is
registered as an import side effect.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from hexkit.errors import UnknownGameError
from hexkit.game import Game

__all__ = ["ENTRY_POINT_GROUP", "available_games", "load_game"]

ENTRY_POINT_GROUP = "hexkit.games"


def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def available_games() -> list[str]:
    """Names of every installed game, sorted."""
    return sorted(_entry_points())


@cache
def load_game(name: str) -> Game[Any, Any]:
    """The game registered under ``name``.

    Raises:
        UnknownGameError: if no installed plugin registered ``name``; the
            message lists the names that are installed.
        TypeError: if the entry point does not point at a :class:`Game`.
    """
    points = _entry_points()
    if name not in points:
        known = ", ".join(sorted(points)) or "none"
        raise UnknownGameError(f"no game named {name!r}; installed games: {known}")
    game = points[name].load()
    if not isinstance(game, Game):
        raise TypeError(f"entry point {name!r} gives {type(game).__name__}, not a hexkit Game")
    return game
