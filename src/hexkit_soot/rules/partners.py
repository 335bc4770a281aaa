"""Who partners whom in the Partnerships module, and how partnerships rank.

A leaf of the rules: it imports no scoring rule. The ledger's network rules
(:mod:`hexkit_soot.rules.capacity`) and movement ask who partners whom, and
the score sheet (:func:`hexkit_soot.rules.scoring.score_sheet`) orders the
seats by partnership with :func:`team_order`, which is pure: it takes the
seats' totals and base tie-break values already computed, so neither
:mod:`~hexkit_soot.rules.scoring` nor :mod:`~hexkit_soot.rules.partnerships`
(which scores through it) has to import the other back.

Source: rulebook, "Optional Modules" (Partnerships); seating is hexkit's
interpretation (partners sit opposite), see ``docs/rules/soot.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexkit.errors import ConfigError
from hexkit.game import GameConfig, PlayerId
from hexkit_soot.state import SootState

__all__ = [
    "NAME", "PARTNER_COUNTS", "RULES_VERSION", "TIE_BREAKERS", "TieBreak", "check_players", "seating", "partner_of",
    "partners", "scores_by_partnership", "rank_partnerships", "team_order",
]

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


TieBreak = tuple[int, int, int, int]
"""A seat's base tie-break values, each higher-is-better: (secret objective points,
portfolio in currency, minus soot, 1 if it triggered Stage 1 else 0)."""

TIE_BREAKERS = ("partnership score", "most secret objective points", "higher portfolio", "lower soot",
                "triggered Stage 1")
"""What each part of a partnership's sort key is called on the score sheet's ``decided_by``."""


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


def scores_by_partnership(players: int, totals: Sequence[int]) -> list[tuple[tuple[int, int], int]]:
    """Each partnership with its score, the lower of its partners' totals.

    Args:
        players: 4 or 6.
        totals: every seat's total (points).

    Returns:
        ``[((0, 2), 12), ((1, 3), 25)]`` for totals ``[30, 25, 12, 40]``: seats, score;
        in seating order.

    Raises:
        ConfigError: for a player count other than 4 or 6.

    Source: rulebook, "Optional Modules" (Partnerships: final score is the lower of the two).
    """
    return [(pair, min(totals[pair[0]], totals[pair[1]])) for pair in seating(players)]


def _key(totals: Sequence[int], tiebreaks: Sequence[TieBreak],
         item: tuple[tuple[int, int], int]) -> tuple[int, ...]:
    """A partnership's sort key (lower sorts first): its score, then the base
    tie-breakers of its lower-scoring partner (its lower seat if both tie)."""
    (a, b), score = item
    q = b if totals[b] < totals[a] else a
    return (-score, *(-v for v in tiebreaks[q]))


def rank_partnerships(players: int, totals: Sequence[int],
                      tiebreaks: Sequence[TieBreak]) -> list[tuple[tuple[int, int], int]]:
    """Partnerships best first: higher partnership score, then the base tie-breakers
    on each partnership's lower-scoring partner (its lower seat if both tie);
    partnerships equal on all of them keep seating order.

    Args:
        players: 4 or 6.
        totals: every seat's total (points).
        tiebreaks: every seat's :data:`TieBreak` values.

    Returns:
        ``[(pair, score), ...]``, the winner first.

    Raises:
        ConfigError: for a player count other than 4 or 6.

    Source: rulebook, "Final Scoring" tie-breakers (applied to the weaker partner: assumed).
    """
    return sorted(scores_by_partnership(players, totals), key=lambda item: _key(totals, tiebreaks, item))


def team_order(players: int, totals: Sequence[int], tiebreaks: Sequence[TieBreak],
               order: Sequence[PlayerId]) -> tuple[tuple[PlayerId, ...], tuple[str, ...]]:
    """The score sheet's order with the module on: the partnerships best first, each
    partnership's two seats together (in their own ranking's order), the second
    marked ``"same team"`` so the sheet's ``winners`` (and ``returns``) are both partners.

    Args:
        players: 4 or 6.
        totals: every seat's total (points).
        tiebreaks: every seat's :data:`TieBreak` values.
        order: the seats' own ranking (base tie-breakers), best first.

    Returns:
        ``(order, decided_by)`` for :class:`~hexkit.game.ScoreSheet`: between two
        partnerships the tie-breaker that separated them (one of :data:`TIE_BREAKERS`)
        or ``"tied"``. E.g. totals ``[30, 25, 12, 40]`` give ``(1, 3, 0, 2)`` and
        ``("same team", "partnership score", "same team")``.

    Raises:
        ConfigError: for a player count other than 4 or 6.

    Source: rulebook, "Optional Modules" (Partnerships: a partnership's score is the lower total).
    """
    place = {seat: i for i, seat in enumerate(order)}
    seats: list[PlayerId] = []
    decided: list[str] = []
    previous: tuple[int, ...] | None = None
    for item in rank_partnerships(players, totals, tiebreaks):
        key = _key(totals, tiebreaks, item)
        if previous is not None:
            differ = [i for i, (x, y) in enumerate(zip(previous, key)) if x != y]
            decided.append(TIE_BREAKERS[differ[0]] if differ else "tied")
        a, b = sorted(item[0], key=place.__getitem__)
        seats += [a, b]
        decided.append("same team")
        previous = key
    return tuple(seats), tuple(decided)
