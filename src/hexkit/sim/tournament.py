"""Round-robin tournaments between agents, with ratings and their uncertainty.

``hexkit tournament hex --agents random,greedy,mcts --players 2 --games 20``
plays every pairing of the agents (every combination of ``players`` of
them; with fewer agents than seats, every multiset that seats at least two
different agents) for ``games`` games each, the agents rotated over the
seats game by game, so over a multiple of ``players`` games each agent of a
pairing sits in each seat equally often. Every pairing plays the same seeds
(``seed`` to ``seed + games - 1``), so pairings differ by their agents, not
by their luck.

Each pairing is a :class:`~hexkit.sim.study.Study` written to its own
results file in the output folder, so a tournament resumes like any study
(no game played twice, none lost). Ratings are computed afterwards from
every finished game, in a fixed order (pairing, then game index), with the
Plackett-Luce model of `openskill <https://openskill.me>`_ (a Bayesian
rating for any number of players per game, like TrueSkill but open and
faster): each agent gets a mean skill ``mu`` and an uncertainty ``sigma``;
the table ranks by the conservative ``mu - 3 sigma``.

When one agent fills several seats of a game (fewer agents than seats),
it is ranked once, at its best place.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from hexkit.errors import ConfigError
from hexkit.sim.frame import winning_seats
from hexkit.sim.report import DPI, PAGE_WIDTH, ROW, TableData, _pct, _pyplot, write_html
from hexkit.sim.run import Backend, OutMode, ResultsFileError, check_run_options, simulate
from hexkit.sim.results import read_results
from hexkit.sim.stats import WinRate
from hexkit.sim.study import Study

__all__ = ["Tournament", "Rating", "pairings", "run_tournament", "rate_rows", "rating_table",
           "head_to_head_table", "write_rating_plot", "write_tournament_report", "TournamentResult"]


def pairings(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The agent line-ups a round robin plays.

    Example:
        >>> pairings(["random", "greedy", "mcts"], 2)
        [('random', 'greedy'), ('random', 'mcts'), ('greedy', 'mcts')]

    Raises:
        ConfigError: for fewer than two distinct agents or fewer than two seats.
    """
    distinct = list(dict.fromkeys(agents))
    if len(distinct) < 2:
        raise ConfigError("a tournament needs at least two different agents")
    if players < 2:
        raise ConfigError(f"a tournament needs at least 2 players per game, not {players}")
    if len(distinct) >= players:
        return list(itertools.combinations(distinct, players))
    return [combo for combo in itertools.combinations_with_replacement(distinct, players)
            if len(set(combo)) > 1]


def _strings(values: Sequence[str]) -> tuple[str, ...]:
    return tuple(str(v) for v in values)


@attrs.frozen(kw_only=True)
class Tournament:
    """A round robin between agents.

    Attributes:
        game: registry name or ``module:GAME``.
        agents: agent specs (at least two different ones).
        players: seats per game.
        games: games per pairing (a multiple of ``players`` gives every
            agent of a pairing every seat equally often).
        seed: seed of each pairing's first game.
        variants: optional rules.
        overrides: data paths and values.
        options: other config fields.
        max_decisions: see :class:`~hexkit.sim.study.Study`.
    """

    game: str
    agents: tuple[str, ...] = attrs.field(converter=_strings)
    players: int = 2
    games: int = 20
    seed: int = 0
    variants: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    overrides: dict[str, Any] = attrs.field(factory=dict)
    options: dict[str, Any] = attrs.field(factory=dict)
    max_decisions: int | None = None

    def studies(self) -> list[Study]:
        """One study per pairing, all validated.

        Raises:
            ConfigError: on too few agents, or a pairing that cannot be set up.
        """
        if self.games < 1:
            raise ConfigError(f"games per pairing must be at least 1, not {self.games}")
        studies = [
            Study(game=self.game, players=self.players, agents=line_up, games=self.games,
                  seed=self.seed, variants=self.variants, overrides=dict(self.overrides),
                  options=dict(self.options), max_decisions=self.max_decisions)
            for line_up in pairings(self.agents, self.players)
        ]
        for study in studies:
            study.validate()
        return studies


@attrs.frozen
class Rating:
    """An agent's rating after the tournament.

    Attributes:
        agent: the spec.
        mu: mean skill (openskill's scale: 25 at the start).
        sigma: its uncertainty (standard deviation; 25/3 at the start).
        games: games played.
        wins: games won.
    """

    agent: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: a skill the agent very probably has at least."""
        return self.mu - 3 * self.sigma

    @property
    def win_rate(self) -> WinRate:
        """Wins over games, with a Wilson interval."""
        return WinRate.of(self.agent, self.wins, self.games)


def _slug(line_up: Sequence[str]) -> str:
    return re.sub(r"[^\w=.+-]+", "-", "_vs_".join(line_up))[:90]


def rate_rows(rows: Sequence[dict[str, Any]], agents: Sequence[str]) -> list[Rating]:
    """Ratings of ``agents`` from finished result rows, in the rows' order.

    Each game ranks its distinct agents by their best place (``order``).

    Returns:
        One rating per agent, best ``mu - 3 sigma`` first.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {agent: model.rating(name=agent) for agent in agents}
    games = dict.fromkeys(agents, 0)
    wins = dict.fromkeys(agents, 0)
    for row in rows:
        if row.get("error") is not None:
            continue
        seats = [str(s) for s in row["seats"]]
        order = [int(s) for s in row["order"]]
        best: dict[str, int] = {}
        for place, seat in enumerate(order):
            best.setdefault(seats[seat], place)
        line_up = [a for a in best if a in ratings]
        if len(line_up) < 2:
            continue
        new = model.rate([[ratings[a]] for a in line_up], ranks=[best[a] for a in line_up])
        for agent, team in zip(line_up, new):
            ratings[agent] = team[0]
            games[agent] += 1
        for winner in {seats[seat] for seat in winning_seats(row)}:  # both partners' agents, once each
            if winner in wins:
                wins[winner] += 1
    found = [Rating(a, float(r.mu), float(r.sigma), games[a], wins[a]) for a, r in ratings.items()]
    return sorted(found, key=lambda r: (-r.ordinal, r.agent))


@attrs.define
class TournamentResult:
    """What :func:`run_tournament` produced.

    Attributes:
        tournament: what was played.
        files: results file per pairing.
        ratings: best first.
        rows: every row read back (pairing order, then game index).
    """

    tournament: Tournament
    files: dict[tuple[str, ...], Path]
    ratings: list[Rating]
    rows: list[dict[str, Any]]


def run_tournament(
    tournament: Tournament,
    out: str | Path,
    *,
    workers: int = 1,
    backend: Backend = "process",
    mode: OutMode = "new",
    on_pairing: Callable[[tuple[str, ...], Study], None] | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    on_start: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """Play every pairing into ``out/NN_A_vs_B.jsonl`` and rate the agents.

    Args:
        tournament: what to play.
        out: the folder for the results files (created if missing).
        workers: see :func:`~hexkit.sim.run.run_study`.
        backend: see :func:`~hexkit.sim.run.run_study`.
        mode: ``"new"`` refuses a folder holding results of this
            tournament's pairings, ``"resume"`` keeps their games and plays
            the missing ones, ``"overwrite"`` replaces them.
        on_pairing: called before each pairing is played.
        progress: called with each result row.
        on_start: see :func:`~hexkit.sim.run.simulate` (called for each
            results file: the games it kept, the games planned).

    Raises:
        ConfigError: if the tournament is invalid (before any game).
        ResultsFileError: if a results file exists and ``mode`` does not
            allow it, or belongs to another study.
    """
    check_run_options(workers, backend)
    studies = tournament.studies()
    directory = Path(out)
    directory.mkdir(parents=True, exist_ok=True)
    files: dict[tuple[str, ...], Path] = {}
    rows: list[dict[str, Any]] = []
    held = [p for n, s in enumerate(studies)
            if (p := directory / f"{n:02d}_{_slug(s.agents)}.jsonl").exists()]
    if held and mode == "new":  # refuse before any game, whichever pairing holds results
        raise ResultsFileError(f"{directory} already holds results of {len(held)} pairings "
                               f"({', '.join(p.name for p in held)}); pass --resume to add the "
                               f"games they lack, or --overwrite to replace them")
    for number, study in enumerate(studies):
        path = directory / f"{number:02d}_{_slug(study.agents)}.jsonl"
        files[study.agents] = path
        if on_pairing is not None:
            on_pairing(study.agents, study)
        simulate(study, path, workers=workers, backend=backend, progress=progress, mode=mode,
                 on_start=on_start)
        rows += sorted(read_results(path), key=lambda r: int(r["index"]))
    agents = list(dict.fromkeys(tournament.agents))
    return TournamentResult(tournament, files, rate_rows(rows, agents), rows)


def rating_table(ratings: Sequence[Rating]) -> TableData:
    """Ratings, best first: mu, sigma, a 95% range, the conservative
    ordinal, games and win rate with its Wilson interval."""
    rows = tuple(
        (r.agent, f"{r.mu:.2f}", f"{r.sigma:.2f}",
         f"{r.mu - 1.96 * r.sigma:.1f}..{r.mu + 1.96 * r.sigma:.1f}", f"{r.ordinal:.2f}",
         str(r.games), str(r.wins), _pct(r.win_rate.rate),
         f"{100 * r.win_rate.low:.1f}-{_pct(r.win_rate.high)}")
        for r in ratings
    )
    return TableData(
        "Ratings (openskill Plackett-Luce; ranked by mu - 3 sigma)",
        ("agent", "mu", "sigma", "mu+-1.96sd", "mu-3sd", "games", "wins",
         "win rate", "95% CI"),
        rows,
    )


def head_to_head_table(rows: Sequence[dict[str, Any]], agents: Sequence[str]) -> TableData:
    """For each pair of agents, how often the row agent finished ahead of
    the column agent in the games where both played."""
    ahead: dict[tuple[str, str], int] = {}
    met: dict[tuple[str, str], int] = {}
    for row in rows:
        if row.get("error") is not None:
            continue
        seats = [str(s) for s in row["seats"]]
        best: dict[str, int] = {}
        for place, seat in enumerate(row["order"]):
            best.setdefault(seats[int(seat)], place)
        for a, b in itertools.permutations(best, 2):
            met[a, b] = met.get((a, b), 0) + 1
            ahead[a, b] = ahead.get((a, b), 0) + (best[a] < best[b])
    names = list(dict.fromkeys(agents))
    body = tuple(
        (a, *(f"{_pct(ahead[a, b] / met[a, b])} of {met[a, b]}" if met.get((a, b)) else "-"
              for b in names))
        for a in names
    )
    return TableData("Head to head (row agent ahead of column agent)", ("", *names), body)


def write_rating_plot(ratings: Sequence[Rating], path: Path) -> Path:
    """Sorted horizontal bars of ``mu`` with ``+-1.96 sigma`` whiskers, at page width."""
    plt = _pyplot()
    ordered = sorted(ratings, key=lambda r: (r.ordinal, r.agent))
    fig, ax = plt.subplots(figsize=(PAGE_WIDTH, max(2.5, ROW * len(ordered) + 1.4)),
                           layout="constrained")
    ys = list(range(len(ordered)))
    ax.barh(ys, [r.mu for r in ordered], xerr=[1.96 * r.sigma for r in ordered], capsize=3,
            color="#4c72b0", height=0.6)
    ax.set_yticks(ys, [f"{r.agent} ({r.games} games)" for r in ordered], fontsize=9)
    ax.set_xlabel("rating mu (whiskers: mu +- 1.96 sigma)")
    ax.set_title("Ratings, best on top", loc="left")
    low = min((r.mu - 2 * r.sigma for r in ordered), default=0.0)
    ax.set_xlim(min(0.0, math.floor(low)), None)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


def write_tournament_report(result: TournamentResult, out: str | Path) -> tuple[list[TableData], Path]:
    """Write ``ratings.png`` and ``index.html`` (ratings, head to head) into ``out``.

    Returns:
        The tables and the page's path.
    """
    directory = Path(out)
    agents = list(dict.fromkeys(result.tournament.agents))
    tables = [rating_table(result.ratings), head_to_head_table(result.rows, agents)]
    plot = write_rating_plot(result.ratings, directory / "ratings.png")
    t = result.tournament
    failed = sum(row.get("error") is not None for row in result.rows)
    notes = [f"{t.game}: {len(result.files)} pairings of {t.players} players, {t.games} games "
             f"each from seed {t.seed}; {len(result.rows)} games, {failed} failed (left out)."]
    page = write_html(f"hexkit tournament: {t.game}", [("", tables, {"Ratings": plot})],
                      directory / "index.html", notes)
    return tables, page
