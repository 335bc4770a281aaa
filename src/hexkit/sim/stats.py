"""Summaries of a study's result rows: win rates with intervals, scores, lengths.

:func:`summarize` reads rows one at a time and keeps only numbers (one
score per seat per game and one length per game), never the rows.
"""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs

from hexkit.errors import InvalidRecordError

__all__ = [
    "wilson",
    "WinRate",
    "Spread",
    "Summary",
    "summarize",
    "read_results",
]

Z95 = 1.959963984540054
"""Two-sided 95 % quantile of the standard normal."""


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (95 % by default).

    Example:
        >>> low, high = wilson(60, 100)
        >>> round(low, 3), round(high, 3)
        (0.502, 0.691)

    Returns:
        ``(low, high)``; ``(0.0, 1.0)`` when ``n`` is 0. The interval always
        contains the observed rate ``wins / n`` exactly: no wins gives a low
        end of exactly 0.0 and all wins a high end of exactly 1.0 (floating
        point would otherwise leave e.g. ``8.7e-19`` or ``0.9999999999999999``).
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    if wins <= 0:
        p = 0.0
    elif wins >= n:
        p = 1.0
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if wins <= 0 else min(p, max(0.0, centre - half))
    high = 1.0 if wins >= n else max(p, min(1.0, centre + half))
    return low, high


@attrs.frozen
class WinRate:
    """Wins out of appearances, with a 95 % Wilson interval.

    Attributes:
        key: the seat, agent or faction.
        wins: games won.
        n: games played (appearances: an agent in two seats counts twice).
        low: lower end of the interval.
        high: upper end of the interval.
    """

    key: str
    wins: int
    n: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        """``wins / n`` (0 when nothing was played)."""
        return self.wins / self.n if self.n else 0.0

    @classmethod
    def of(cls, key: str, wins: int, n: int) -> WinRate:
        """A win rate with its interval."""
        low, high = wilson(wins, n)
        return cls(key, wins, n, low, high)


@attrs.frozen
class Spread:
    """Location and spread of a list of numbers.

    Attributes:
        n: how many.
        mean: arithmetic mean.
        median: median.
        stdev: sample standard deviation (0 for fewer than two).
        low: minimum.
        high: maximum.
    """

    n: int
    mean: float
    median: float
    stdev: float
    low: float
    high: float

    @classmethod
    def of(cls, values: list[float]) -> Spread:
        """The spread of ``values`` (all zero when empty)."""
        if not values:
            return cls(0, 0.0, 0.0, 0.0, 0.0, 0.0)
        return cls(
            len(values),
            statistics.fmean(values),
            statistics.median(values),
            statistics.stdev(values) if len(values) > 1 else 0.0,
            min(values),
            max(values),
        )


@attrs.define
class Summary:
    """Everything the report shows about a study.

    Attributes:
        game: the game's name (from the rows).
        players: seats per game (the largest seen).
        games: rows read, failed games included.
        errors: failed games (seed and message).
        by_seat: win rate of each seat.
        by_agent: win rate of each agent spec, per appearance.
        by_faction: win rate of each faction (empty if the game has none).
        scores_by_agent: final scores of each agent.
        scores_by_faction: final scores of each faction.
        scores_by_seat: final scores of each seat.
        components: per group (faction, or agent if no factions), the mean of
            each score-breakdown component.
        decisions: decisions per finished game.
        turns: turns per finished game (empty if the game does not count them).
        decided_by: how often each rule decided first place (``"tied"``:
            the winner shares the top score with no rule to separate them).
        end_reasons: how often each ``end_reason`` ended a game (empty if
            the game has no ``end_reason`` hook).
        seconds: time per game.
    """

    game: str = ""
    players: int = 0
    games: int = 0
    errors: list[tuple[int, str]] = attrs.field(factory=list)
    by_seat: list[WinRate] = attrs.field(factory=list)
    by_agent: list[WinRate] = attrs.field(factory=list)
    by_faction: list[WinRate] = attrs.field(factory=list)
    scores_by_agent: dict[str, list[float]] = attrs.field(factory=dict)
    scores_by_faction: dict[str, list[float]] = attrs.field(factory=dict)
    scores_by_seat: dict[str, list[float]] = attrs.field(factory=dict)
    components: dict[str, dict[str, float]] = attrs.field(factory=dict)
    decisions: list[float] = attrs.field(factory=list)
    turns: list[float] = attrs.field(factory=list)
    decided_by: dict[str, int] = attrs.field(factory=dict)
    end_reasons: dict[str, int] = attrs.field(factory=dict)
    seconds: list[float] = attrs.field(factory=list)

    @property
    def finished(self) -> int:
        """Games that ended normally."""
        return self.games - len(self.errors)

    def groups(self) -> dict[str, list[float]]:
        """Scores by faction if the game has factions, else by agent."""
        return self.scores_by_faction or self.scores_by_agent


def read_results(path: str | Path) -> Iterator[dict[str, Any]]:
    """Rows of a results file, one JSON object per line (blank lines skipped).

    Raises:
        InvalidRecordError: naming the line that is not a JSON object, or the
            file if it cannot be read.
    """
    try:
        handle = open(path, encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise InvalidRecordError(str(path), f"cannot read results: {exc.strerror or exc}") from None
    with handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InvalidRecordError(f"{path}:{number}", f"not JSON: {exc.msg}") from None
            if not isinstance(row, dict) or "seed" not in row:
                raise InvalidRecordError(f"{path}:{number}", "not a result row (no 'seed')")
            yield row


def _check_row(row: dict[str, Any], seats: list[str], winner: int,
               factions: list[str] | None, breakdown: Any) -> None:
    """Refuse a finished game's row whose parts do not fit together (a
    hand-edited or truncated file), naming the row's seed and the field."""
    where = f"seed {row.get('seed')}"
    n = len(seats)
    scores = row["scores"]
    if len(scores) != n or any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in scores):
        raise InvalidRecordError(f"{where}.scores", f"expected {n} numbers, got {scores!r}")
    if not 0 <= winner < n:
        raise InvalidRecordError(f"{where}.winner", f"seat {winner} is not one of 0..{n - 1}")
    if factions is not None and (not isinstance(factions, list) or len(factions) != n):
        raise InvalidRecordError(f"{where}.factions", f"expected {n} factions, got {factions!r}")
    if not isinstance(breakdown, list) or len(breakdown) != n or not all(
        isinstance(parts, dict) and all(isinstance(v, (int, float)) for v in parts.values())
        for parts in breakdown
    ):
        raise InvalidRecordError(f"{where}.breakdown", f"expected {n} tables of numbers")


def summarize(rows: Iterable[dict[str, Any]]) -> Summary:
    """Summarise result rows (streamed: rows are not kept).

    Raises:
        InvalidRecordError: if a finished game's row lacks a field the
            summary needs.
    """
    summary = Summary()
    seat_wins: Counter[int] = Counter()
    seat_n: Counter[int] = Counter()
    agent_wins: Counter[str] = Counter()
    agent_n: Counter[str] = Counter()
    faction_wins: Counter[str] = Counter()
    faction_n: Counter[str] = Counter()
    component_sum: dict[str, dict[str, float]] = defaultdict(dict)
    component_n: Counter[str] = Counter()
    decided: Counter[str] = Counter()
    ended: Counter[str] = Counter()
    for row in rows:
        summary.games += 1
        summary.game = summary.game or str(row.get("game", ""))
        if row.get("error") is not None:
            summary.errors.append((int(row["seed"]), str(row["error"])))
            continue
        try:
            seats: list[str] = list(row["seats"])
            scores: list[float] = [float(s) for s in row["scores"]]
            winner = int(row["winner"])
            factions: list[str] | None = row.get("factions")
            breakdown: list[dict[str, float]] = row.get("breakdown") or [{} for _ in seats]
            summary.decisions.append(float(row["decisions"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidRecordError(f"seed {row.get('seed')}", f"incomplete result row: {exc}") from None
        _check_row(row, seats, winner, factions, breakdown)
        summary.players = max(summary.players, len(seats))
        if row.get("turns") is not None:
            summary.turns.append(float(row["turns"]))
        if row.get("seconds") is not None:
            summary.seconds.append(float(row["seconds"]))
        if row.get("end_reason") is not None:
            ended[str(row["end_reason"])] += 1
        order_rules = row.get("decided_by") or []
        decided[str(order_rules[0]) if order_rules else "only player"] += 1
        for seat, agent in enumerate(seats):
            won = seat == winner
            seat_n[seat] += 1
            seat_wins[seat] += won
            agent_n[agent] += 1
            agent_wins[agent] += won
            summary.scores_by_agent.setdefault(agent, []).append(scores[seat])
            summary.scores_by_seat.setdefault(f"seat {seat}", []).append(scores[seat])
            group = agent
            if factions:
                faction = str(factions[seat])
                group = faction
                faction_n[faction] += 1
                faction_wins[faction] += won
                summary.scores_by_faction.setdefault(faction, []).append(scores[seat])
            component_n[group] += 1
            for part, value in breakdown[seat].items():
                sums = component_sum[group]
                sums[part] = sums.get(part, 0.0) + float(value)
    summary.by_seat = [WinRate.of(f"seat {s}", seat_wins[s], seat_n[s]) for s in sorted(seat_n)]
    summary.by_agent = [WinRate.of(a, agent_wins[a], agent_n[a]) for a in sorted(agent_n)]
    summary.by_faction = [
        WinRate.of(f, faction_wins[f], faction_n[f]) for f in sorted(faction_n)
    ]
    summary.components = {
        group: {part: total / component_n[group] for part, total in sorted(parts.items())}
        for group, parts in sorted(component_sum.items())
    }
    summary.decided_by = dict(decided.most_common())
    summary.end_reasons = dict(ended.most_common())
    return summary
