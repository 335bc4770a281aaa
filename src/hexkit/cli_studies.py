"""The ``hexkit tournament`` and ``hexkit tune`` commands (registered by :mod:`hexkit.cli`).

Both write into an output folder, refuse one that already holds results
unless ``--resume`` (continue: no game played twice, none lost) or
``--overwrite`` is given, and print progress lines at intervals when the
output is not a terminal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from hexkit.sim.run import OutMode

__all__ = ["register"]


def _mode(resume: bool, overwrite: bool) -> OutMode:
    from hexkit.cli import UsageFailure

    if resume and overwrite:
        raise UsageFailure("--resume and --overwrite exclude each other")
    return "resume" if resume else "overwrite" if overwrite else "new"


def tournament_command(
    game_name: str = typer.Argument(..., metavar="GAME", help="Registry name or module:GAME."),
    agents: str = typer.Option(..., "--agents", "-a",
                               help="Comma-separated agent specs (at least two different)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Players per game (default 2)."),
    games: int = typer.Option(20, "--games", "-k",
                              help="Games per pairing (a multiple of --players balances the seats)."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed of each pairing's first game."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes."),
    backend: str = typer.Option("process", "--backend", help="process, serial or dask."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", "-v", help="Optional rule (repeatable)."),
    settings: Optional[list[str]] = typer.Option(
        None, "--set", help="Config field or data path PATH=VALUE (repeatable)."),
    out: Path = typer.Option(Path("tournament"), "--out", "-o",
                             help="Folder for the results files, the plot and the HTML page."),
    resume: bool = typer.Option(False, "--resume", help="Keep finished games; play the missing ones."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace the results in OUT."),
) -> None:
    """Round robin between agents over every pairing and seat, with ratings.

    Ratings are openskill's Plackett-Luce (mu and its uncertainty sigma),
    shown as a table and a plot (OUT/ratings.png, OUT/index.html).
    """
    from hexkit.cli import (_agents, _backend, _out_directory, _run_options, _study, console)
    from hexkit.cli_progress import progress_for
    from hexkit.sim.report import print_tables
    from hexkit.sim.tournament import Tournament, run_tournament, write_tournament_report

    mode = _mode(resume, overwrite)
    _run_options(games, workers)
    _out_directory(out)
    specs = _agents(agents)
    chosen = _backend(backend)
    base = _study(game_name, players, games, specs[0], seed, variant or [], settings or [])
    tournament = Tournament(game=game_name, agents=specs, players=base.players,
                            games=games, seed=seed, variants=list(base.variants),
                            overrides=dict(base.overrides), options=dict(base.options))
    with progress_for(console) as reporter:

        def start(line_up: tuple[str, ...], _: Any) -> None:
            reporter.start(" vs ".join(line_up), games)

        result = run_tournament(tournament, out, workers=workers, backend=chosen,
                                mode=mode,
                                on_pairing=start, progress=lambda _row: reporter.advance(),
                                on_start=reporter.kept)
    tables, page = write_tournament_report(result, out)
    print_tables(tables, console)
    console.print(f"Tournament report written to {page}")


def tune_command(
    game_name: str = typer.Argument(..., metavar="GAME", help="Registry name or module:GAME."),
    params: list[str] = typer.Option(..., "--param",
                                     help="PATH=LOW..HIGH, a --set path and its range (repeatable)."),
    target: str = typer.Option(..., "--target", help=(
        "median-winning-score=LOW..HIGH, faction-spread[:PART] or mechanisms=SHARE.")),
    trials: int = typer.Option(20, "--trials", "-n", help="Complete trials wanted (in total)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Players per game (default 2)."),
    games: int = typer.Option(40, "--games", "-k", help="Games per trial (the same seeds each trial)."),
    agents: str = typer.Option("greedy", "--agents", "-a", help="Comma-separated agent specs."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed of the first game, and of the sampler."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes."),
    backend: str = typer.Option("process", "--backend", help="process, serial or dask."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", "-v", help="Optional rule (repeatable)."),
    settings: Optional[list[str]] = typer.Option(
        None, "--set", help="Fixed config field or data path PATH=VALUE (repeatable)."),
    out: Path = typer.Option(Path("tune"), "--out", "-o",
                             help="Folder for tune.db (the Optuna study), trials/ and the history."),
    resume: bool = typer.Option(False, "--resume", help="Continue the study stored in OUT."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Start again, deleting OUT's study."),
) -> None:
    """Search data parameters toward a target with Optuna (resumable, history plotted)."""
    from hexkit.cli import _backend, _out_directory, _run_options, _study, console
    from hexkit.cli_progress import progress_for
    from hexkit.sim.tune import parse_param, parse_target, run_tune

    mode = _mode(resume, overwrite)
    _run_options(games, workers)
    _out_directory(out)
    parsed = [parse_param(p) for p in params]
    aim = parse_target(target)
    base = _study(game_name, players, games, agents, seed, variant or [], settings or [])
    chosen = _backend(backend)
    with progress_for(console) as reporter:

        def begin(number: int, values: dict[str, Any]) -> None:
            reporter.start(f"trial {number} " + ", ".join(f"{k}={v}" for k, v in values.items()),
                           games)

        def done(number: int, values: dict[str, Any], loss: float, metric: float) -> None:
            console.print(f"trial {number}: loss {loss:.4g} (metric {metric:.4g})",
                          markup=False, highlight=False)

        def repeat(number: int, earlier: int) -> None:
            console.print(f"trial {number} repeats trial {earlier}'s values: its games are reused",
                          markup=False, highlight=False)

        result = run_tune(base, parsed, aim, out, trials=trials, seed=seed, workers=workers,
                          backend=chosen, mode=mode, on_trial=begin, on_result=done,
                          on_repeat=repeat,
                          progress=lambda _row: reporter.advance(), on_start=reporter.kept)
    best = ", ".join(f"{k}={v}" for k, v in result.best.items())
    console.print(f"best of {result.trials} trials: {best}: loss {result.best_loss:.4g}, "
                  f"metric {result.best_metric:.4g}", markup=False, highlight=False)
    console.print(f"history: {out / 'history.csv'}, {out / 'history.png'}; study: {result.database}")


def register(app: typer.Typer) -> None:
    """Add ``tournament`` and ``tune`` to the ``hexkit`` command."""
    app.command("tournament")(tournament_command)
    app.command("tune")(tune_command)
