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

from hexkit.errors import InvalidRecordError, UnknownGameError
from hexkit.game import Game

__all__ = ["ENTRY_POINT_GROUP", "available_games", "load_game", "game_named_in_file"]

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


def game_named_in_file(name: object, field: str = "game") -> Game[Any, Any]:
    """The installed game a file names, found only through the entry points.

    A file never chooses what is imported: a ``module:GAME`` reference, or
    any name that is not an installed game, is refused without importing
    anything. (A game that is not installed is named on the command line,
    ``--game module:GAME``, or passed in by the calling code.)

    Args:
        name: the file's ``game`` (or ``game_ref``) value.
        field: the field's name, for the message.

    Raises:
        InvalidRecordError: naming ``field``, if ``name`` is not the
            registry name of an installed game.
    """
    if not isinstance(name, str):
        raise InvalidRecordError(field, f"expected a game name, not {name!r}")
    points = _entry_points()
    if name not in points:
        known = ", ".join(sorted(points)) or "none"
        raise InvalidRecordError(
            field,
            f"no game named {name!r}; installed games: {known} (a file may name only an"
            " installed game: module references are never imported from a file; give a game"
            " that is not installed on the command line, --game module:GAME)",
        )
    return load_game(name)
