"""Summaries of a study's result rows: win rates with intervals, scores, lengths.

:func:`summarize` checks the rows (one study, complete rows), puts them in
the results DataFrame (:func:`hexkit.sim.frame.rows_frame`) and computes the
report's numbers from it (:func:`hexkit.sim.frame_summary.summarize_frame`).
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterable, Iterator, Sequence
from statistics import NormalDist
from pathlib import Path
from typing import Any

import attrs

from hexkit.errors import InvalidRecordError

__all__ = [
    "wilson",
    "binomial_p",
    "adjust_p",
    "SMALL_SAMPLE",
    "WinRate",
    "Spread",
    "Summary",
    "Played",
    "ALL_SEATS",
    "summarize",
    "summarize_studies",
    "read_results",
    "ResultRows",
]

Z95 = 1.959963984540054
"""Two-sided 95 % quantile of the standard normal."""


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (95 % by default), computed by
    :func:`statsmodels.stats.proportion.proportion_confint` (``method="wilson"``).

    Example:
        >>> low, high = wilson(60, 100)
        >>> round(low, 3), round(high, 3)
        (0.502, 0.691)

    Args:
        wins: successes, ``0 <= wins <= n``.
        n: trials.
        z: the normal quantile of the two-sided level (1.96 for 95 %).

    Returns:
        ``(low, high)``; ``(0.0, 1.0)`` when ``n`` is 0. The interval always
        contains the observed rate ``wins / n`` exactly: no wins gives a low
        end of exactly 0.0 and all wins a high end of exactly 1.0 (floating
        point would otherwise leave e.g. ``8.7e-19`` or ``0.9999999999999999``).
    """
    if n <= 0:
        return 0.0, 1.0
    from statsmodels.stats.proportion import proportion_confint

    alpha = 2 * (1 - NormalDist().cdf(z))
    low, high = proportion_confint(wins, n, alpha=alpha, method="wilson")
    p = wins / n
    low = 0.0 if wins <= 0 else min(p, max(0.0, float(low)))
    high = 1.0 if wins >= n else max(p, min(1.0, float(high)))
    return low, high


def binomial_p(wins: int, n: int, share: float) -> float:
    """Two-sided exact binomial test p-value of ``wins`` out of ``n``
    against the rate ``share`` (:func:`scipy.stats.binomtest`); 1.0 when
    ``n`` is 0."""
    if n <= 0:
        return 1.0
    from scipy.stats import binomtest

    return float(binomtest(wins, n, share).pvalue)


def adjust_p(pvalues: Sequence[float], method: str = "holm") -> list[float]:
    """p-values adjusted for multiple comparisons by
    :func:`statsmodels.stats.multitest.multipletests` (``"holm"``, the
    default, controls the family-wise error; ``"fdr_bh"``, Benjamini-Hochberg,
    the false discovery rate).

    Example:
        >>> [round(p, 3) for p in adjust_p([0.01, 0.04, 0.03])]
        [0.03, 0.06, 0.06]
    """
    if not pvalues:
        return []
    from statsmodels.stats.multitest import multipletests

    return [float(p) for p in multipletests(list(pvalues), method=method)[1]]


SMALL_SAMPLE = 30
"""Fewer appearances than this: a win rate is flagged as a small sample
(its 95 % interval is wider than about +-17 points)."""


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


ALL_SEATS = "all seats"
"""The key of the per-game row of :attr:`Summary.played` (counts summed over seats)."""


@attrs.define
class Played:
    """How often one mechanism happened, over games (or seat appearances).

    Attributes:
        n: games (for ``"all seats"``) or seat appearances (for an agent).
        happened: of those, how many had at least one.
        total: the sum of the counts.
    """

    n: int = 0
    happened: int = 0
    total: int = 0

    def add(self, count: int) -> None:
        """Count one game (or appearance) with ``count`` of the mechanism."""
        self.n += 1
        self.happened += count > 0
        self.total += count

    @property
    def share(self) -> float:
        """Share of games (appearances) in which it happened."""
        return self.happened / self.n if self.n else 0.0

    @property
    def mean(self) -> float:
        """Mean count per game (appearance)."""
        return self.total / self.n if self.n else 0.0


def _check_played(seats: list[str], played: Any) -> None:
    """Refuse a ``played`` field that is not a total and one count table per seat."""
    where = "played"
    if not isinstance(played, dict) or not isinstance(played.get("by_seat"), list) \
            or len(played["by_seat"]) != len(seats) \
            or not isinstance(played.get("total"), dict):
        raise InvalidRecordError(where, f"expected total and {len(seats)} seats, got {played!r}")
    tables = [("total", played["total"])] + [("by_seat", counts) for counts in played["by_seat"]]
    for part, counts in tables:
        for name, count in dict(counts).items():
            if isinstance(count, bool) or not isinstance(count, int):
                raise InvalidRecordError(f"{where}.{part}.{name}", f"not a count: {count!r}")


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
        played: "what was played", by game name, then by who (``"all seats"``
            or an agent spec), then by mechanism (see :class:`Played`); empty
            for games without the ``played`` hook.
        game_counts: rows read of each game (:func:`summarize` refuses rows
            of more than one study, so it holds one game).
        by_part: per faction part (the game's ``faction_parts``, e.g.
            ``company`` and ``captain``), the win rate of each value alone.
        by_agent_part: per faction part, the win rate of each
            ``"agent / value"`` pair (agent skill and faction part together).
        safeguard_ends: finished games ended by an engine safeguard (see
            :func:`hexkit.sim.frame.is_safeguard`) plus failed games cut by a
            decision or time limit.
        bytes_ignored: bytes of a cut last line that :func:`read_results`
            skipped (set by the caller that read the file).
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
    played: dict[str, dict[str, dict[str, Played]]] = attrs.field(factory=dict)
    game_counts: dict[str, int] = attrs.field(factory=dict)
    bytes_ignored: int = 0
    by_part: dict[str, list[WinRate]] = attrs.field(factory=dict)
    by_agent_part: dict[str, list[WinRate]] = attrs.field(factory=dict)
    safeguard_ends: int = 0

    @property
    def mixed(self) -> bool:
        """Whether the rows come from more than one game (never, for a
        summary made by :func:`summarize`, which refuses such rows)."""
        return len(self.game_counts) > 1

    def never_played(self) -> list[tuple[str, str, int]]:
        """Mechanisms that happened in no game: (game, mechanism, games)."""
        return [
            (game, name, counts.n)
            for game, table in self.played.items()
            for name, counts in table.get(ALL_SEATS, {}).items()
            if counts.happened == 0
        ]

    def warnings(self) -> list[str]:
        """What a reader must know before trusting the tables."""
        found = []
        for game, name, n in self.never_played():
            found.append(f"{game}: {name!r} never happened in {n} finished games")
        if self.safeguard_ends:
            found.append(f"{self.safeguard_ends} of {self.games} games were ended by an engine "
                         f"safeguard (a round, decision or time limit), not by a rule of the "
                         f"game: their scores and winners may not say what the rules would")
        small = sorted({r.key for rates in (self.by_faction, *self.by_part.values())
                        for r in rates if r.n < SMALL_SAMPLE})
        if small:
            found.append(f"{len(small)} faction rows have fewer than {SMALL_SAMPLE} appearances "
                         f"(marked 'small'): their win rates are too uncertain to compare")
        if self.bytes_ignored:
            found.append(f"the last line was cut (an interrupted write or a full disk): "
                         f"{self.bytes_ignored} bytes ignored, complete rows used")
        return found

    @property
    def finished(self) -> int:
        """Games that ended normally."""
        return self.games - len(self.errors)

    def groups(self) -> dict[str, list[float]]:
        """Scores by faction if the game has factions, else by agent."""
        return self.scores_by_faction or self.scores_by_agent


class ResultRows:
    """The rows of a results file, read lazily (see :func:`read_results`).

    Attributes:
        path: the file.
        bytes_ignored: bytes of a cut last line skipped (known once the rows
            have been read to the end).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = path
        self.bytes_ignored = 0

    def __iter__(self) -> Iterator[dict[str, Any]]:
        path = self.path
        self.bytes_ignored = 0
        try:
            handle = open(path, "rb")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise InvalidRecordError(str(path), f"cannot read results: {exc.strerror or exc}") from None
        with handle:
            number = 0
            try:
                for raw in handle:
                    number += 1
                    row = _parse_line(path, number, raw)
                    if row is _CUT:
                        self.bytes_ignored = len(raw)
                    elif row is not None:
                        yield row
            except OSError as exc:
                raise InvalidRecordError(f"{path}:{number + 1}",
                                         f"cannot read results: {exc.strerror or exc}") from None


_CUT: dict[str, Any] = {}
"""Marks a last line cut before its newline."""


def _parse_line(path: str | Path, number: int, raw: bytes) -> dict[str, Any] | None:
    """One line's row, ``None`` for a blank line, :data:`_CUT` for a cut last
    line (no newline and not JSON: a write stopped half-way)."""
    cut = not raw.endswith(b"\n")
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        if cut:
            return _CUT
        raise InvalidRecordError(f"{path}:{number}", "not UTF-8 text") from None
    if not line.strip():
        return None
    try:
        row = json.loads(line)
    except json.JSONDecodeError as exc:
        if cut:
            return _CUT
        raise InvalidRecordError(f"{path}:{number}", f"not JSON: {exc.msg}") from None
    if not isinstance(row, dict) or "seed" not in row:
        raise InvalidRecordError(f"{path}:{number}", "not a result row (no 'seed')")
    return row


def read_results(path: str | Path) -> ResultRows:
    """Rows of a results file, one JSON object per line (blank lines skipped).

    A last line cut before its newline (a study stopped mid-write, or a full
    disk) is skipped, and its size kept in ``bytes_ignored`` of the returned
    :class:`ResultRows`; :func:`summarize` copies it into the summary, whose
    warnings say so. Any other bad line is refused.

    Raises:
        InvalidRecordError: (when iterated) naming the line that is not a
            JSON object, or the file if it cannot be read.
    """
    return ResultRows(path)


def _check_row(row: dict[str, Any], seats: list[str], winner: int,
               factions: list[str] | None, breakdown: Any) -> None:
    """Refuse a finished game's row whose parts do not fit together (a
    hand-edited or truncated file), naming the row's seed and the field."""
    where = f"seed {row.get('seed')}"
    n = len(seats)
    scores = row["scores"]
    if len(scores) != n or any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in scores):
        raise InvalidRecordError(f"{where}.scores", f"expected {n} numbers, got {scores!r}")
    if not 0 <= winner < n and not (winner == -1 and row.get("beaten_by")):
        raise InvalidRecordError(f"{where}.winner", f"seat {winner} is not one of 0..{n - 1} "
                                 "(-1 only with beaten_by: an opponent outside the seats won)")
    if factions is not None and (not isinstance(factions, list) or len(factions) != n):
        raise InvalidRecordError(f"{where}.factions", f"expected {n} factions, got {factions!r}")
    if not isinstance(breakdown, list) or len(breakdown) != n or not all(
        isinstance(parts, dict) and all(isinstance(v, (int, float)) for v in parts.values())
        for parts in breakdown
    ):
        raise InvalidRecordError(f"{where}.breakdown", f"expected {n} tables of numbers")


def summarize(rows: Iterable[dict[str, Any]]) -> Summary:
    """Summarise the result rows of one study, through the results DataFrame.

    Rows of different studies (game, rules version, player count or config:
    :func:`hexkit.sim.frame.study_key`) are never pooled: the first row of
    a second study stops the summary with :class:`~hexkit.sim.frame.MixedResultsError`.
    :func:`summarize_studies` gives one summary per study instead.

    Example:
        >>> row = {"game": "toy", "seed": 0, "seats": ["a", "b"], "scores": [3, 1],
        ...        "winner": 0, "decisions": 9, "error": None, "breakdown": [{}, {}]}
        >>> [(r.key, r.wins, r.n) for r in summarize([row]).by_agent]
        [('a', 1, 1), ('b', 0, 1)]
        >>> summarize([row, dict(row, seed=1, config={"options": {"size": 5}})])
        Traceback (most recent call last):
        ...
        hexkit.sim.frame.MixedResultsError: the rows mix studies, which are never pooled: ...

    Args:
        rows: result rows (a list, or :func:`read_results` of a file).

    Returns:
        The :class:`Summary`.

    Raises:
        MixedResultsError: if the rows come from more than one study,
            naming both and the seed of the first row of the second.
        InvalidRecordError: if a finished game's row lacks a field the
            summary needs.
    """
    from hexkit.sim.frame import MixedResultsError, rows_frame, study_key, study_label
    from hexkit.sim.frame_summary import summarize_frame

    first_key: tuple[str, str, int, str] | None = None
    kept: list[dict[str, Any]] = []
    for row in rows:
        key = study_key(row)
        if first_key is None:
            first_key = key
        elif key != first_key:
            raise MixedResultsError(
                f"the rows mix studies, which are never pooled: {study_label(first_key)} and, "
                f"from seed {row.get('seed')}, {study_label(key)}; summarize_studies(rows) "
                f"gives one summary per study (hexkit report --split)")
        if row.get("error") is None:
            _check_finished(row)
        kept.append(row)
    summary = summarize_frame(rows_frame(kept))
    summary.bytes_ignored = int(getattr(rows, "bytes_ignored", 0))
    return summary


def _check_finished(row: dict[str, Any]) -> None:
    """Refuse a finished game's row that lacks or garbles a field the summary needs."""
    try:
        seats: list[str] = list(row["seats"])
        [float(s) for s in row["scores"]]
        winner = int(row["winner"])
        factions: list[str] | None = row.get("factions")
        breakdown: list[dict[str, float]] = row.get("breakdown") or [{} for _ in seats]
        float(row["decisions"])
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidRecordError(f"seed {row.get('seed')}", f"incomplete result row: {exc}") from None
    _check_row(row, seats, winner, factions, breakdown)
    if row.get("played") is not None:
        try:
            _check_played(seats, row["played"])
        except InvalidRecordError as exc:
            raise InvalidRecordError(f"seed {row.get('seed')}.{exc.field}", exc.reason) from None


def summarize_studies(
    rows: Iterable[dict[str, Any]],
) -> dict[tuple[str, str, int, str], Summary]:
    """One :class:`Summary` per study of ``rows`` (a file that mixes games,
    rules versions, player counts or configs), keyed by
    :func:`hexkit.sim.frame.study_key` in the order first seen; nothing is
    pooled across studies.

    Example:
        >>> row = {"game": "toy", "seed": 0, "seats": ["a", "b"], "scores": [3, 1],
        ...        "winner": 0, "decisions": 9, "error": None, "breakdown": [{}, {}]}
        >>> parts = summarize_studies([row, dict(row, seed=1, config={"options": {"size": 5}})])
        >>> [(key[3], part.games) for key, part in parts.items()]
        [('{}', 1), ('{"options": {"size": 5}}', 1)]

    Raises:
        InvalidRecordError: as :func:`summarize`.
    """
    from hexkit.sim.frame import study_key

    groups: dict[tuple[str, str, int, str], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(study_key(row), []).append(row)
    summaries = {key: summarize(group) for key, group in groups.items()}
    ignored = int(getattr(rows, "bytes_ignored", 0))
    for summary in summaries.values():
        summary.bytes_ignored = ignored
    return summaries
