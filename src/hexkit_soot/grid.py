"""Hex helpers of the Soot & Timber map: option codes, directions, seasons.

Answers carry hexes as integers (``hex_code``) so every :class:`~hexkit_soot.actions.Choose`
stays a small value; labels show the hex as ``(q,r)``.

Source: rulebook, "The Map".
"""

from __future__ import annotations

from hexkit.hexes import Hex

__all__ = ["hex_code", "code_hex", "edge_code", "code_edge", "SEASONS", "season_of", "rivers_frozen"]

_OFF = 512


def hex_code(h: Hex) -> int:
    """An integer standing for ``h`` in an answer's ``arg``."""
    return (h[0] + _OFF) * 1024 + (h[1] + _OFF)


def code_hex(n: int) -> Hex:
    """The hex :func:`hex_code` encoded as ``n``."""
    return Hex(n // 1024 - _OFF, n % 1024 - _OFF)


def edge_code(h: Hex, direction: int) -> int:
    """An integer standing for the edge from ``h`` in ``direction``."""
    return hex_code(h) * 8 + direction


def code_edge(n: int) -> tuple[Hex, int]:
    """The ``(hex, direction)`` :func:`edge_code` encoded as ``n``."""
    return code_hex(n // 8), n % 8


SEASONS = ("Thaw", "Boom", "Hardship", "Decline")


def season_of(round_: int) -> str:
    """The season of a round: Thaw 1-3, Boom 4-6, Hardship 7-9, Decline 10-12.

    Final rounds after 12 use Decline.

    Source: rulebook, "Seasons" and the reference card.
    """
    if round_ <= 3:
        return "Thaw"
    if round_ <= 6:
        return "Boom"
    if round_ <= 9:
        return "Hardship"
    return "Decline"


def rivers_frozen(round_: int) -> bool:
    """Rivers are frozen in rounds 10 and 11 (final rounds after 12 have them open).

    Source: rulebook, reference card "Decline ... rivers frozen 10-11".
    """
    return round_ in (10, 11)
