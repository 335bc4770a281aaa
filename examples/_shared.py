"""Helpers shared by the example scripts: which game to play by default.

The examples default to Empyreal when it is installed and fall back to the
tutorial Hex game (``examples/hexgame``) otherwise, so they run on any
checkout.
"""

from __future__ import annotations

from typing import Any

import hexkit
from hexkit.game import Game

PREFERRED = ("empyreal", "hex")


def pick_game(name: str | None = None, preferred: tuple[str, ...] = PREFERRED) -> Game[Any, Any]:
    """The game called ``name``, or the first of ``preferred`` that loads."""
    if name:
        return hexkit.load_game(name)
    for candidate in preferred:
        try:
            return hexkit.load_game(candidate)
        except (hexkit.UnknownGameError, ImportError, AttributeError):
            continue
    raise SystemExit(f"none of {', '.join(preferred)} is installed; run `make test` once")
