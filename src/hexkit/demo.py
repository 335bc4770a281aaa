"""``python -m hexkit.demo``: a small balance study of each installed game.

This is hexkit's main job in one command. For each of the shipped games
that is installed and plays (Empyreal and Soot & Timber; the tutorial Hex
game if neither does), it:

1. plays one trial game per worker with the ``strong`` agent (the game's
   own strong agent, from its ``strong_agent`` hook, else MCTS) in every
   seat, at 4 players (or the nearest count the game takes), and measures
   the seconds per game on this machine;
2. sizes the study to its share of the time budget from that figure (at
   most 200 games; ``--games N`` fixes the count) and plays the rest on a
   process pool using both cores, keeping the trial games (a resumed
   study); the time limit stays a hard deadline, so a loaded machine plays
   fewer games rather than overrunning, and the output says how many were
   played. A game whose trial does not finish in a quarter of its share is
   reported, and that game's study falls back to greedy in every seat
   (saying so); if even that is too slow, the game is left out;
3. prints the summary tables (win rates by seat and faction with 95%
   intervals, scores, "What was played", game length), which with the same
   agent in every seat are about the game rather than the agents;
4. plays one more game and prints the tail of its log and the final score
   breakdown with the tie-breakers that decided it;
5. writes the HTML report (one self-contained page) to ``report/``.

The whole run stays under five minutes on a 2-core machine; it prints what
it ran, so the figures can be reproduced with ``hexkit simulate``.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Optional

import attrs
import typer
from rich.console import Console

from hexkit.game import Game
from hexkit.match import Match
from hexkit.registry import available_games, load_game
from hexkit.sim.report import TableData, print_tables, summary_tables, write_html, write_plots
from hexkit.sim.run import simulate
from hexkit.sim.results import read_results
from hexkit.sim.summary import summarize
from hexkit.sim.study import Study, agent_seed, play_game
from hexkit.agents.spec import make_agent

__all__ = ["main", "demo_games", "plan_games", "DemoOptions", "run_demo"]

SHIPPED = ("empyreal", "soot")
FALLBACK = "hex"
AGENTS = ("strong",)
"""The same strong agent in every seat, so seat and faction tables are about the game."""
FALLBACK_AGENTS = ("greedy",)
"""Used (and said so) for a game whose strong agent cannot finish a trial game in time."""
MAX_GAMES = 200
"""The most games a study plays; fewer when the budget does not allow them."""
BUDGET = 240.0
"""Target seconds for the whole demo (five minutes is the promise; this leaves a margin)."""
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


def _trial(study: Study, results: Path, workers: int, limit: float,
           console: Console) -> float | None:
    """Play the study's first ``workers`` games (one per worker) into
    ``results`` and return the measured seconds per game; ``None`` if none
    finished within ``limit`` seconds (the agent is too slow here)."""
    trial = attrs.evolve(study, games=min(workers, study.games), max_seconds=limit)
    simulate(trial, results, workers=workers, backend="process", chunk=1, mode="overwrite")
    rows = list(read_results(results))
    finished = [float(r["seconds"]) for r in rows if r["error"] is None]
    for failed in (r for r in rows if r["error"] is not None):
        console.print(f"[yellow]{study.game}: trial game seed {failed['seed']} failed: "
                      f"{str(failed['error']).splitlines()[0][:160]}[/yellow]")
    if not finished:
        return None
    return max(finished)


@attrs.frozen
class DemoOptions:
    """The demo's options (see :func:`main`).

    Attributes:
        budget: target seconds for the whole run.
        games: games per study (``None``: as many as the budget allows).
        agents: comma-separated agent specs rotated over the seats.
        out: the report directory.
        workers: worker processes.
    """

    budget: float = BUDGET
    games: int | None = None
    agents: str = ",".join(AGENTS)
    out: Path = Path("report")
    workers: int = min(2, os.cpu_count() or 1)


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)


@app.command()
def demo_command(
    budget: float = typer.Option(BUDGET, "--budget", help="Target seconds for the whole demo."),
    games: Optional[int] = typer.Option(
        None, "--games", help=f"Games per study (default: as many as the budget allows, at most {MAX_GAMES})."),
    agents: str = typer.Option(",".join(AGENTS), "--agents",
                               help="Agent specs rotated over the seats (default: strong in every seat)."),
    out: Path = typer.Option(Path("report"), "--out", help="Report directory."),
    workers: int = typer.Option(min(2, os.cpu_count() or 1), "--workers", help="Worker processes."),
) -> int:
    """A small balance study of each installed game (python -m hexkit.demo)."""
    if budget <= 0:
        raise typer.BadParameter(f"must be more than 0 seconds, not {budget}", param_hint="'--budget'")
    if games is not None and games < 1:
        raise typer.BadParameter(f"must be at least 1, not {games}", param_hint="'--games'")
    if workers < 1:
        raise typer.BadParameter(f"must be at least 1, not {workers}", param_hint="'--workers'")
    return run_demo(DemoOptions(budget=budget, games=games, agents=agents, out=out,
                                workers=workers))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo; return the exit status.

    Args:
        argv: ``--budget SECONDS`` (target for the whole run, default 240;
            each study gets what is left after a reserve for set-up,
            plots and the example game), ``--games N`` (a fixed number of
            games per study instead of sizing it to the budget),
            ``--agents SPEC`` (default ``strong``: the same agent in every
            seat), ``--out DIR`` (default ``report``), ``--workers N``
            (default: the number of CPUs, at most 2 is what the budget assumes).
            Parsed by typer, the library of the ``hexkit`` command; a bad
            one prints one line ``python -m hexkit.demo: error: ...`` and
            returns 2.
    """
    from hexkit.cli import run_typer

    return run_typer(app, argv, "python -m hexkit.demo")


def run_demo(args: DemoOptions) -> int:
    """The demo itself, from parsed options (see :func:`main`)."""
    agents = tuple(a.strip() for a in args.agents.split(",") if a.strip())
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
        remaining = len(names) - position
        share = max(1.0, (deadline - time.perf_counter() - RESERVE * remaining) / remaining)
        study = Study(game=name, players=players, agents=agents, games=args.games or MAX_GAMES,
                      seed=1)
        try:
            study.validate()
        except Exception as exc:  # a plugin still being written must not stop the demo
            console.print(f"[yellow]skipping {name}: {exc}[/yellow]")
            continue
        directory = args.out / name
        directory.mkdir(parents=True, exist_ok=True)
        results = directory / "results.jsonl"
        who = (f"{agents[0]} in every seat" if len(agents) == 1
               else f"agents {', '.join(agents)} rotated over the seats")
        console.print(f"{game.info.title}: timing {min(args.workers, study.games)} trial games "
                      f"({who}, {players} players)...")
        started = time.perf_counter()
        # A trial game may take at most a quarter of the study's share: a slower
        # agent cannot give a study in this budget, and the demo says so (and
        # falls back to greedy once, with a sixth, so the demo still shows a study).
        limit = share / 4
        per_game = _trial(study, results, args.workers, limit, console)
        if per_game is None and agents != FALLBACK_AGENTS and args.agents == ",".join(AGENTS):
            warning = (f"warning: {game.info.title} with {who} did not finish a game within "
                       f"{limit:.0f} s on this machine (the game has "
                       f"{'a' if hasattr(game, 'strong_agent') else 'no'} strong_agent hook); "
                       f"this study uses {FALLBACK_AGENTS[0]} in every seat instead, so its "
                       f"tables describe {FALLBACK_AGENTS[0]} play")
            console.print(f"[yellow]{warning}[/yellow]")
            notes.append(warning)
            study = attrs.evolve(study, agents=FALLBACK_AGENTS)
            who = f"{FALLBACK_AGENTS[0]} in every seat"
            limit = share / 6
            per_game = _trial(study, results, args.workers, limit, console)
        if per_game is None:
            warning = (f"warning: {game.info.title} with {who} did not finish a game within "
                       f"{limit:.0f} s on this machine; no study (give the game a faster "
                       f"strong_agent, or a larger --budget)")
            console.print(f"[yellow]{warning}[/yellow]")
            notes.append(warning)
            continue
        agents_used = study.agents
        left = share - (time.perf_counter() - started)
        games = args.games or plan_games(per_game, left, args.workers, len(agents_used))
        games = max(games, min(args.workers, study.games))
        study = attrs.evolve(study, games=games, max_seconds=max(10 * per_game, share / 3))
        console.print(
            f"{game.info.title}: {games} games at {players} players, {who}, seeds from 1, "
            f"{args.workers} workers (sized to {share:.0f} s from a measured {per_game:.1f} s "
            f"per game; --games sets the count)"
        )
        with console.status(f"playing {games} games of {game.info.title}..."):
            totals = simulate(study, results, workers=args.workers, backend="process",
                              chunk=1, time_limit=max(0.0, left), mode="resume")
        summary = summarize(read_results(results))
        played = summary.games
        done = (f"{game.info.title}: {played} of {totals.planned} games played in "
                f"{time.perf_counter() - started:.1f} s ({len(summary.errors)} failed), "
                f"{who}")
        if played < totals.planned:
            done += f"; cut by the time limit ({share:.0f} s of the {args.budget:.0f} s budget)"
        console.print(done, markup=False, highlight=False)
        notes.append(done)
        if summary.finished < FEW_GAMES:
            warning = (f"warning: {game.info.title} finished only {summary.finished} games; its "
                       f"rates are too uncertain to read (run hexkit simulate with more games, "
                       f"or a larger --budget)")
            console.print(f"[yellow]{warning}[/yellow]")
            notes.append(warning)
        study = attrs.evolve(study, games=played, max_seconds=None)
        tables = summary_tables(summary)
        print_tables(tables, console)
        if deadline - time.perf_counter() > RESERVE * (remaining - 1) + 2 * per_game:
            _show_one_game(study, console)
        plots = write_plots(summary, directory)
        sections.append((game.info.title, tables, plots))
        ran.append(
            f"{game.info.title}: hexkit simulate {name} --players {players} --games {played} "
            f"--agents {','.join(agents_used)} --seed 1 --workers {args.workers}"
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
