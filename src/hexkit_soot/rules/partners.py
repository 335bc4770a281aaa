"""Who partners whom in the Partnerships module (seats only: no scoring here).

Kept apart from :mod:`hexkit_soot.rules.partnerships` because the ledger's
network rules (:mod:`hexkit_soot.rules.capacity`) and movement ask it, and
they sit below the scoring rules that module uses.

Source: rulebook, "Optional Modules" (Partnerships); seating is hexkit's
interpretation (partners sit opposite), see ``docs/rules/soot.md``.
"""

from __future__ import annotations

from hexkit.errors import ConfigError
from hexkit.game import GameConfig, PlayerId
from hexkit_soot.state import SootState

__all__ = ["NAME", "PARTNER_COUNTS", "RULES_VERSION", "check_players", "seating", "partner_of", "partners"]

NAME = "partnerships"
"""The module's (and variant's) name."""

PARTNER_COUNTS = (4, 6)
"""Player counts Partnerships can be played with (assumed: opposite seats)."""

RULES_VERSION = 1
"""This module's rules version (part of the record through the config's module names)."""


def check_players(players: int) -> None:
    """Refuse a player count Partnerships cannot seat.

    Args:
        players: the config's player count.

    Raises:
        ConfigError: naming ``players`` unless it is 4 or 6.
    """
    if players not in PARTNER_COUNTS:
        raise ConfigError(
            f"players: the partnerships module needs 4 or 6 players (partners sit opposite), not {players}")


def seating(players: int) -> tuple[tuple[int, int], ...]:
    """The partnerships for ``players`` seats, lowest seat first.

    Args:
        players: 4 or 6.

    Returns:
        ``((0, 2), (1, 3))`` for 4, ``((0, 3), (1, 4), (2, 5))`` for 6.

    Raises:
        ConfigError: for any other count.
    """
    check_players(players)
    half = players // 2
    return tuple((s, s + half) for s in range(half))


def _on(config: GameConfig) -> bool:
    return NAME in getattr(config, "modules", ())


def partner_of(state: SootState, player: PlayerId) -> PlayerId:
    """``player``'s partner, or -2 (no seat) when the module is off.

    Cheap enough for the movement search's inner loop (called once per search).

    Args:
        state: the game.
        player: the seat concerned.
    """
    config = state.config
    if not _on(config):
        return -2
    n = config.players
    return (player + n // 2) % n


def partners(state: SootState, a: PlayerId, b: PlayerId) -> bool:
    """Whether seats ``a`` and ``b`` (different) are partners.

    Args:
        state: the game.
        a: one seat.
        b: another seat.
    """
    return a != b and partner_of(state, a) == b
