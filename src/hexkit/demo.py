"""``python -m hexkit.demo``: a small balance study of each installed game.

This is hexkit's main job in one command. For each of the shipped games
that is installed and plays (Empyreal and Soot & Timber; the tutorial Hex
game if neither does), it:

1. times a couple of games to learn how fast the game is on this machine
   (and how long a game runs, to stop a stuck one);
2. plays games (at most 200) at 4 players (or the nearest count the game
   takes) between greedy and random agents, rotating seats, on a process
   pool using both cores, until the study's share of the time budget is
   spent: a hard deadline, so a loaded machine plays fewer games rather
   than overrunning (the output and the report say when time cut a study);
3. prints the summary tables (win rates by seat, agent and faction with 95%
   intervals, scores, game length);
4. plays one more game and prints the tail of its log and the final score
   breakdown with the tie-breakers that decided it;
5. writes the HTML report (one self-contained page) to ``report/``.

The whole run stays under five minutes on a 2-core machine; it prints what
it ran, so the figures can be reproduced with ``hexkit simulate``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
from rich.console import Console

from hexkit.game import Game
from hexkit.match import Match
from hexkit.registry import available_games, load_game
from hexkit.sim.report import TableData, print_tables, summary_tables, write_html, write_plots
from hexkit.sim.run import simulate
from hexkit.sim.stats import read_results, summarize
from hexkit.sim.study import Study, agent_seed, play_game
from hexkit.agents.spec import make_agent

__all__ = ["main", "demo_games", "plan_games"]

SHIPPED = ("empyreal", "soot")
FALLBACK = "hex"
AGENTS = ("greedy", "random")
MAX_GAMES = 200
RESERVE = 20.0
"""Seconds kept per game for starting workers, plots and the example game."""
FEW_GAMES = 40
"""Below this many games a study's win rates are too uncertain to read: warn."""


def _players(game: Game[Any, Any], wanted: int = 4) -> int:
    return max(game.info.min_players, min(game.info.max_players, wanted))


def demo_games(console: Console) -> list[str]:
    """The shipped games that load; the tutorial Hex game if none does."""
    names = []
    installed = available_games()
    for name in SHIPPED:
        if name not in installed:
            continue
        try:
            load_game(name)
        except Exception as exc:  # a plugin still being written must not stop the demo
            console.print(f"[yellow]skipping {name}: {type(exc).__name__}: {exc}[/yellow]")
            continue
        names.append(name)
    return names or [FALLBACK]


def plan_games(seconds_per_game: float, budget: float, workers: int, agents: int) -> int:
    """Games that fit ``budget`` seconds on ``workers`` processes (a multiple
    of ``agents`` so seats are balanced; between ``agents`` and 200)."""
    fit = int(budget * workers * 0.85 / max(seconds_per_game, 1e-6))
    games = max(agents, min(MAX_GAMES, fit))
    return games - games % agents


def _calibrate(study: Study, console: Console) -> tuple[float, int] | None:
    """Seconds per game and the longest game (decisions) of two timed games;
    ``None`` if the game fails."""
    game = study.load()
    started = time.perf_counter()
    longest = 0
    for index in range(2):
        row = play_game(study, index, game)
        if row["error"] is not None:
            console.print(f"[red]{study.game} failed in a trial game (seed {row['seed']}): "
                          f"{row['error']}[/red]")
            return None
        longest = max(longest, int(row["decisions"]))
    return (time.perf_counter() - started) / 2, longest


def _show_one_game(study: Study, console: Console) -> None:
    from hexkit.cli import print_scores, render_hook

    game = study.load()
    config = study.config(game)
    seed = study.seed
    seats = study.seats(0)
    match = Match(game, config, seed,
                  agents={s: make_agent(spec, agent_seed(seed, s)) for s, spec in enumerate(seats)})
    limit = study.max_decisions or game.info.max_decisions
    while not match.is_over and match.state.step < limit:
        match.step()
    console.rule(f"One game of {game.info.title}: seed {seed}, seats {', '.join(seats)}")
    log = match.state.log
    if len(log) > 15:
        console.print(f"[dim]... {len(log) - 15} earlier events[/dim]")
    for entry in log[-15:]:
        console.print(str(entry), markup=False, highlight=False)
    hook = render_hook(game)
    if hook is not None:
        console.print(hook(match.state), markup=False, highlight=False)
    print_scores(game, match.state, seats, console)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo; return the exit status.

    Args:
        argv: ``--budget SECONDS`` (target for the whole run, default 200;
            each study gets what is left after a reserve for set-up,
            plots and the example game),
            ``--out DIR`` (default ``report``), ``--workers N`` (default:
            the number of CPUs, at most 2 is what the budget assumes).
    """
    parser = argparse.ArgumentParser(prog="python -m hexkit.demo", description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=200.0,
                        help="target seconds for the whole demo")
    parser.add_argument("--out", type=Path, default=Path("report"), help="report directory")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args(argv)
    console = Console() if sys.stdout.isatty() or "COLUMNS" in os.environ else Console(width=140)
    began = time.perf_counter()
    names = demo_games(console)
    console.rule("hexkit demo: a balance study of " + ", ".join(names))
    sections: list[tuple[str, Sequence[TableData], dict[str, Path]]] = []
    ran: list[str] = []
    notes: list[str] = []
    deadline = began + args.budget
    for position, name in enumerate(names):
        game = load_game(name)
        players = _players(game)
        probe = Study(game=name, players=players, agents=AGENTS, games=2, seed=1)
        try:
            probe.validate()
        except Exception as exc:  # a plugin still being written must not stop the demo
            console.print(f"[yellow]skipping {name}: {exc}[/yellow]")
            continue
        trial = _calibrate(probe, console)
        if trial is None:
            continue
        per_game, longest = trial
        remaining = len(names) - position
        reserve = RESERVE + 2 * per_game
        share = max(0.0, (deadline - time.perf_counter() - reserve * remaining) / remaining)
        # Games are stopped by the time limit below, not by this estimate: the
        # trial games ran alone, and a loaded machine plays the pool's games
        # several times slower.
        games = MAX_GAMES
        # A game ten times longer than the trials is stuck: record it as failed.
        cap = min(game.info.max_decisions, max(1000, 10 * longest))
        study = Study(game=name, players=players, agents=AGENTS, games=games, seed=1,
                      max_decisions=cap)
        directory = args.out / name
        directory.mkdir(parents=True, exist_ok=True)
        results = directory / "results.jsonl"
        console.print(
            f"{game.info.title}: up to {games} games in {share:.0f} s at {players} players, "
            f"agents {' and '.join(AGENTS)} rotated over the seats, seeds from 1, "
            f"{args.workers} workers (trial games took {per_game:.2f} s each)"
        )
        with console.status(f"playing up to {games} games of {game.info.title}..."):
            totals = simulate(study, results, workers=args.workers, backend="process",
                              chunk=1, time_limit=share)
        games = totals.games
        done = (f"{game.info.title}: {totals.games} of {totals.planned} games completed in "
                f"{totals.seconds:.1f} s ({totals.rate:.1f} games/s), {totals.errors} failed")
        if totals.cut_by_time:
            done += f"; cut by the time limit ({share:.0f} s of the {args.budget:.0f} s budget)"
        console.print(done, markup=False, highlight=False)
        notes.append(done)
        if games < FEW_GAMES:
            warning = (f"warning: {game.info.title} played only {games} games; its win rates "
                       f"are too uncertain to read (run hexkit simulate with more games, "
                       f"or a larger --budget)")
            console.print(f"[yellow]{warning}[/yellow]")
            notes.append(warning)
        if games == 0:
            continue
        study = attrs.evolve(study, games=games)
        summary = summarize(read_results(results))
        tables = summary_tables(summary)
        print_tables(tables, console)
        _show_one_game(study, console)
        plots = write_plots(summary, directory)
        sections.append((game.info.title, tables, plots))
        ran.append(
            f"{game.info.title}: hexkit simulate {name} --players {players} --games {games} "
            f"--agents {','.join(AGENTS)} --seed 1 --workers {args.workers}"
        )
    if not sections:
        console.print("[red]no game could be studied[/red]")
        return 1
    page = write_html("hexkit demo: balance studies", sections, args.out / "index.html",
                      notes=[*notes, "What was run (reproduce with these commands):", *ran])
    console.rule("What was run")
    for line in ran:
        console.print(line, markup=False, highlight=False)
    console.print(f"Report: {page}  (total {time.perf_counter() - began:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
