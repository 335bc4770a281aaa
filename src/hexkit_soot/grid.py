"""Hex helpers of the Soot & Timber map: option codes (seasons re-exported).

Answers carry hexes as integers (``hex_code``) so every :class:`~hexkit_soot.actions.Choose`
stays a small value; labels show the hex as ``(q,r)``.

Source: rulebook, "The Map".
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.hexes import Hex

__all__ = ["hex_code", "code_hex", "edge_code", "code_edge", "distinct_sorted", "SEASONS", "season_of", "rivers_frozen"]

_OFF = 512


def hex_code(h: Hex) -> int:
    """An integer standing for ``h`` in an answer's ``arg``.

    Args:
        h: the hex.
    """
    return (h[0] + _OFF) * 1024 + (h[1] + _OFF)


def code_hex(n: int) -> Hex:
    """The hex :func:`hex_code` encoded as ``n``.

    Args:
        n: a code made by :func:`hex_code`.
    """
    return Hex(n // 1024 - _OFF, n % 1024 - _OFF)


def edge_code(h: Hex, direction: int) -> int:
    """An integer standing for the edge from ``h`` in ``direction``.

    Args:
        h: the hex.
        direction: a direction index 0-5 (:data:`hexkit.hexes.DIRECTIONS` order).
    """
    return hex_code(h) * 8 + direction


def code_edge(n: int) -> tuple[Hex, int]:
    """The ``(hex, direction)`` :func:`edge_code` encoded as ``n``.

    Args:
        n: a code made by :func:`edge_code`.
    """
    return code_hex(n // 8), n % 8


def distinct_sorted(hexes: Sequence[Hex]) -> Sequence[Hex]:
    """``sorted(set(hexes))``, to iterate over (not to change).

    The usual case, a player's one Builder, comes back as given: no set and
    no sort for each turn menu's checks.

    Args:
        hexes: hexes, perhaps repeated.
    """
    return hexes if len(hexes) < 2 else sorted(set(hexes))


# The seasons live in :mod:`hexkit_soot.rules.seasons`; re-exported here.
from hexkit_soot.rules.seasons import SEASONS, rivers_frozen, season_of  # noqa: E402
