"""Place awards with tie splitting, majorities, and tie-break chains.

Three building blocks that final scoring is made of:

- :func:`award_places`: rank players on one value and hand out place prizes
  (6/4/2 VP), with a named :class:`TieRule` for ties and a minimum
  qualifying value.
- :func:`majorities`: a prize for everyone holding the most of each kind
  (ties: all tied get it).
- :func:`rank_with_tiebreaks`: order players by a chain of keys and record
  which key decided each position.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from hexkit.errors import HexkitError

__all__ = [
    "Ranking",
    "ScoringError",
    "TieRule",
    "award_places",
    "majorities",
    "majority_holders",
    "rank_with_tiebreaks",
]

P = TypeVar("P", bound=Hashable)
K = TypeVar("K", bound=Hashable)


class ScoringError(HexkitError, ValueError):
    """Scoring was asked something that has no answer (e.g. ranking nobody)."""


class _Comparable(Protocol):
    def __lt__(self, other: Any, /) -> bool: ...


class TieRule(enum.Enum):
    """How :func:`award_places` treats players tied on the same value.

    Places are counted from the best value. With prizes ``(6, 4, 2)``:

    Attributes:
        SPLIT_POOLED: the ``k`` tied players occupy ``k`` places; they add
            those places' prizes (0 for places beyond the prize list) and
            split the sum evenly, rounding down; the places are consumed.
            Two tied first get ``(6+4)//2 = 5`` each and third gets 2; three
            tied second get ``(4+2+0)//3 = 2`` each and third is not
            awarded. (Empyreal: Spells & Steam, Award tiles.)
        FULL_TO_ALL: every tied player gets the full prize of the place, and
            the place after goes to the next distinct value (no place is
            skipped: "runner-up" is the second-best result). Two tied first
            get 4 each with prizes ``(4, 2)`` and the next best gets 2.
            (Soot & Timber public objectives: "ties: full points to all
            tied".)
        FULL_TO_ALL_SKIP: as ``FULL_TO_ALL`` but ``k`` tied players consume
            ``k`` places (standard competition ranking, 1-1-3), for games
            that read the rule that way.
    """

    SPLIT_POOLED = "split_pooled"
    FULL_TO_ALL = "full_to_all"
    FULL_TO_ALL_SKIP = "full_to_all_skip"


def _groups(
    values: Mapping[P, int], minimum: int | None, lower_is_better: bool
) -> list[list[P]]:
    """Group qualifying players by value, best value first, input order within."""
    by_value: dict[int, list[P]] = {}
    for player, value in values.items():
        if minimum is None or value >= minimum:
            by_value.setdefault(value, []).append(player)
    return [by_value[v] for v in sorted(by_value, reverse=not lower_is_better)]


def award_places(
    values: Mapping[P, int],
    prizes: Sequence[int],
    tie_rule: TieRule = TieRule.SPLIT_POOLED,
    *,
    minimum: int | None = None,
    lower_is_better: bool = False,
) -> dict[P, int]:
    """Rank players by value and give place prizes, splitting ties by ``tie_rule``.

    Args:
        values: each player's value toward the award.
        prizes: the prize of the 1st, 2nd, ... place (``(6, 4, 2)``;
            ``(4,)`` for Empyreal's 2-player game).
        tie_rule: how ties share places; see :class:`TieRule`.
        minimum: players whose value is below this do not qualify (Empyreal:
            1). Applies to the raw value, also when ``lower_is_better``.
            ``None``: everyone qualifies.
        lower_is_better: rank the lowest value first ("Fewest train cars
            adjacent to Cities").

    Returns:
        A prize for *every* player in ``values`` (input order): 0 for players
        who do not qualify or whose place has no prize.

    Source:
        Empyreal: Spells & Steam, "Award tiles"; Soot & Timber, "Public
        objectives".

    Example:
        >>> award_places({"A": 3, "B": 3, "C": 1}, (6, 4, 2), minimum=1)
        {'A': 5, 'B': 5, 'C': 2}
        >>> award_places({"A": 3, "B": 3, "C": 1}, (4, 2), TieRule.FULL_TO_ALL)
        {'A': 4, 'B': 4, 'C': 2}
    """
    result = dict.fromkeys(values, 0)
    place = 0
    for group in _groups(values, minimum, lower_is_better):
        if place >= len(prizes):
            break
        k = len(group)
        if tie_rule is TieRule.SPLIT_POOLED:
            share = sum(prizes[place : place + k]) // k
            place += k
        elif tie_rule is TieRule.FULL_TO_ALL:
            share = prizes[place]
            place += 1
        else:
            share = prizes[place]
            place += k
        for player in group:
            result[player] = share
    return result


def majority_holders(
    values: Mapping[P, Mapping[K, int]],
    *,
    minimum: int = 1,
    kinds: Iterable[K] | None = None,
) -> dict[K, list[P]]:
    """Return, for each kind, the players holding the most of it (all tied ones).

    Args:
        values: ``values[player][kind]``: how many of ``kind`` the player
            has; a missing kind counts as 0.
        minimum: a player needs at least this many to hold a majority
            (default 1: nobody wins a colour with none of it).
        kinds: the kinds to score; default every kind that appears.

    Returns:
        ``{kind: [players]}`` in the order of ``kinds`` (or first
        appearance); the list is empty when nobody reaches ``minimum``.
    """
    if kinds is None:
        kinds = dict.fromkeys(k for per in values.values() for k in per)
    holders: dict[K, list[P]] = {}
    for kind in kinds:
        best = max((per.get(kind, 0) for per in values.values()), default=minimum - 1)
        holders[kind] = (
            [p for p, per in values.items() if per.get(kind, 0) == best]
            if best >= minimum
            else []
        )
    return holders


def majorities(
    values: Mapping[P, Mapping[K, int]],
    prize: int,
    *,
    minimum: int = 1,
    kinds: Iterable[K] | None = None,
) -> dict[P, int]:
    """Give ``prize`` per kind to each player holding the most of that kind.

    Empyreal team variant: "For each color of Good, give 5VP to each team
    that had the most of that color. (If there's a tie, all tied teams
    receive 5VP.)"

    Args:
        values: ``values[player][kind]``; a missing kind counts as 0.
        prize: the prize per kind won.
        minimum: as for :func:`majority_holders`.
        kinds: as for :func:`majority_holders`.

    Returns:
        The total prize of every player in ``values`` (0 if none).

    Example:
        >>> majorities({"red": {"ore": 3, "gem": 1}, "blue": {"ore": 3}}, 5)
        {'red': 10, 'blue': 5}
    """
    result = dict.fromkeys(values, 0)
    for players in majority_holders(values, minimum=minimum, kinds=kinds).values():
        for player in players:
            result[player] += prize
    return result


@attrs.define(slots=True, frozen=True)
class Ranking(Generic[P]):
    """Players in final order, with the key that separated each neighbour pair.

    Args:
        order: the players, best first.
        decided_by: ``decided_by[i]`` names the first key on which
            ``order[i]`` beat ``order[i + 1]``, or is ``None`` when they are
            equal on every key (a true tie, kept in input order).

    Example:
        >>> r = Ranking(("A", "B"), ("most goods delivered",))
        >>> r.winner, r.winner_decided_by, r.winners
        ('A', 'most goods delivered', ('A',))
    """

    order: tuple[P, ...]
    decided_by: tuple[str | None, ...]

    def __attrs_post_init__(self) -> None:
        if len(self.decided_by) != max(0, len(self.order) - 1):
            raise ScoringError(
                f"Ranking: {len(self.order)} players need {max(0, len(self.order) - 1)} "
                f"decided_by entries, got {len(self.decided_by)}"
            )

    @property
    def winner(self) -> P:
        """The first player (check :attr:`winners` for an unbroken tie).

        Raises:
            ScoringError: the ranking is empty.
        """
        if not self.order:
            raise ScoringError("Ranking: no players, so no winner")
        return self.order[0]

    @property
    def winner_decided_by(self) -> str | None:
        """The key that put the winner ahead of second place (``None``: tied or alone)."""
        return self.decided_by[0] if self.decided_by else None

    @property
    def winners(self) -> tuple[P, ...]:
        """Every player equal to the winner on all keys (one unless a true tie)."""
        n = 1
        while n <= len(self.decided_by) and self.decided_by[n - 1] is None:
            n += 1
        return self.order[:n]

    def groups(self) -> list[tuple[P, ...]]:
        """Return the players split into groups tied on every key, best first."""
        out: list[tuple[P, ...]] = []
        start = 0
        for i, key in enumerate(self.decided_by):
            if key is not None:
                out.append(self.order[start : i + 1])
                start = i + 1
        if self.order:
            out.append(self.order[start:])
        return out


def rank_with_tiebreaks(
    players: Iterable[P],
    keys: Sequence[tuple[str, Callable[[P], _Comparable]]],
) -> Ranking[P]:
    """Order players by a chain of keys, higher first, and say which key decided.

    Args:
        players: the players; ties on every key keep this order.
        keys: ``(name, key)`` pairs, most important first; a higher key
            value is better (negate a key where lower is better).

    Returns:
        The :class:`Ranking`.

    Raises:
        ScoringError: a player appears twice.

    Source:
        Empyreal: Spells & Steam, "Tiebreakers".

    Example:
        >>> vp = {"A": 30, "B": 30, "C": 12}
        >>> goods = {"A": 9, "B": 11, "C": 4}
        >>> r = rank_with_tiebreaks("ABC", [("total VP", vp.__getitem__),
        ...                                ("most goods delivered", goods.__getitem__)])
        >>> r.order, r.decided_by
        (('B', 'A', 'C'), ('most goods delivered', 'total VP'))
    """
    plist = list(players)
    if len(set(plist)) != len(plist):
        raise ScoringError(f"rank_with_tiebreaks: duplicate players in {plist}")
    scored = [(tuple(key(p) for _, key in keys), p) for p in plist]
    scored.sort(key=lambda sp: sp[0], reverse=True)
    decided: list[str | None] = []
    for (a, _), (b, _) in zip(scored, scored[1:]):
        name: str | None = None
        for (key_name, _), x, y in zip(keys, a, b):
            if x < y or y < x:
                name = key_name
                break
        decided.append(name)
    return Ranking(tuple(p for _, p in scored), tuple(decided))
