"""The statistics of a study's summary: win rates with intervals, spreads, tests.

The summary's types (:class:`Summary`, :class:`WinRate`, :class:`Spread`,
:class:`Played`) and the statistics behind them (Wilson intervals, binomial
tests, multiple-test adjustment). :func:`hexkit.sim.summary.summarize` builds
a :class:`Summary` from result rows; :func:`hexkit.sim.results.read_results`
reads them from a file.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from statistics import NormalDist

import attrs

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


@attrs.define
class Summary:
    """Everything the report shows about a study.

    Attributes:
        game: the game's name (from the rows).
        config: the study's config as canonical JSON (:func:`~hexkit.sim.frame.config_key`:
            variants, options, overrides; ``"{}"`` or ``""`` for the default).
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
        game_counts: rows read of each game (:func:`~hexkit.sim.summary.summarize` refuses rows
            of more than one study, so it holds one game).
        by_part: per faction part (the game's ``faction_parts``, e.g.
            ``company`` and ``captain``), the win rate of each value alone.
        by_agent_part: per faction part, the win rate of each
            ``"agent / value"`` pair (agent skill and faction part together).
        safeguard_ends: finished games ended by an engine safeguard (see
            :func:`hexkit.sim.frame.is_safeguard`) plus failed games cut by a
            decision or time limit.
        bytes_ignored: bytes of a cut last line that :func:`~hexkit.sim.results.read_results`
            skipped (set by the caller that read the file).
    """

    game: str = ""
    config: str = ""
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
        summary made by :func:`~hexkit.sim.summary.summarize`, which refuses such rows)."""
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
