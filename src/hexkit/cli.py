"""The ``hexkit`` command: list, play, replay, simulate, report and sweep games.

Every command takes games by registry name (``hexkit games`` lists them)
or, for a game under development, an import reference
``package.module:GAME``. Agents are specs such as ``random``, ``greedy``
or ``mcts:iterations=400:rollout=greedy`` (see :mod:`hexkit.agents.spec`).

Bad input (an unknown game or agent, a player count the game does not
take, a wrong parameter path or value, a missing or malformed file) gives
one line on standard error, ``hexkit: error: ...``, and exit status 2.

Optional hooks read from a game (see :mod:`hexkit.sim`): ``factions``,
``turns``, and ``render_text(state) -> str``, looked up on the game object
and then in the game's top-level package, whose text picture of the board
``play`` and ``replay`` print.
"""

from __future__ import annotations

import json
import os
import sys
from importlib.metadata import entry_points
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Optional

import attrs
import typer
from rich.console import Console
from rich.table import Table

from hexkit.agents.spec import make_agent, split_agent_specs
from hexkit.cli_newgame import new_game_command
from hexkit.errors import HexkitError, InvalidRecordError
from hexkit.game import Game, GameConfig, ScoreSheet, State
from hexkit.match import Match, new_seed
from hexkit.record import GameRecord, record_from_json, record_to_json, replay
from hexkit.registry import ENTRY_POINT_GROUP, available_games, game_named_in_file, load_game
from hexkit.serialize import parse_json
from hexkit.sim.report import print_tables, report_file
from hexkit.sim.run import BACKENDS, Backend, OutMode, simulate
from hexkit.sim.results import read_results
from hexkit.sim.summary import summarize
from hexkit.sim.study import Study, agent_seed, check_overrides, game_end_reason, resolve_game
from hexkit.sim.sweep import apply_setting, parse_setting, run_sweep, write_sweep_report
from hexkit.cli_progress import play_watch, progress_for

# Recent typer ships its own copy of click; find its exception root without
# naming a private module.
_CLICK_ERROR: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)

__all__ = ["app", "main", "render_hook", "print_scores", "run_typer"]

app = typer.Typer(
    name="hexkit",
    help="Hex-map board games: play them, replay them, and study their balance.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion (bash, zsh, fish, PowerShell)
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("hexkit")
        except PackageNotFoundError:  # run from a source tree that is not installed
            number = "unknown (not installed)"
        typer.echo(f"hexkit {number}")
        raise typer.Exit()


@app.callback()
def _root(
    show_version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="Print hexkit's version and exit."),
) -> None:
    """Hex-map board games: play them, replay them, and study their balance."""

def _make_console() -> Console:
    """The terminal's width on a terminal; 140 columns into a file or pipe
    (rich's 80 would fold the wide report tables into columns of fragments)."""
    if sys.stdout.isatty() or "COLUMNS" in os.environ:
        return Console()
    return Console(width=140)


console = _make_console()


class UsageFailure(HexkitError):
    """A command-line argument that cannot be used (exit status 2)."""


class GameFailure(HexkitError):
    """A game or agent failed while playing (exit status 1): a bug to report,
    not a bad argument."""


# -- helpers ---------------------------------------------------------------
def render_hook(game: Game[Any, Any]) -> Callable[[State], str] | None:
    """The game's ``render_text(state)`` hook: on the game object, or in its
    top-level package; ``None`` if it has neither."""
    hook = getattr(game, "render_text", None)
    if hook is None:
        package = sys.modules.get(type(game).__module__.partition(".")[0])
        hook = getattr(package, "render_text", None)
    return hook if callable(hook) else None


def _agents(text: str) -> list[str]:
    return split_agent_specs(text)


def _with_settings(study: Study, settings: Sequence[str], players_given: bool = False) -> Study:
    for text in settings:
        path, values = parse_setting(text)
        if len(values) != 1:
            raise UsageFailure(f"--set {text!r}: one value here; use `hexkit sweep` for several")
        changed = apply_setting(study, path, values[0])
        if path == "players" and players_given and changed.players != study.players:
            raise UsageFailure(f"--players {study.players} and --set {text} disagree; give one of them")
        study = changed
    return study


def print_scores(game: Game[Any, Any], state: State, seats: Sequence[str] | None = None,
                 out: Console | None = None) -> ScoreSheet:
    """Print the score sheet: place, seat, agent, total, breakdown and the
    rule that decided each place (one column per player when the breakdown
    has many parts, so that wide sheets stay readable). When an opponent
    outside the seats won (the game's ``beaten_by`` hook: Soot's Trust in
    solo play), it holds first place and the seats are placed from second."""
    out = out or console
    sheet = game.scores(state)
    parts = sorted({k for b in sheet.breakdown for k in b})
    beaten_by = getattr(game, "beaten_by", None)  # an opponent outside the seats (Soot: the Trust)
    outsider = beaten_by(state) if callable(beaten_by) and game.is_over(state) else None
    first = 2 if outsider else 1
    title = "Final scores" if game.is_over(state) else f"Scores after {state.step} decisions"
    if outsider:
        title += f" (1. {outsider})"
    table = Table(title=title, title_justify="left")
    decided = [""] + list(sheet.decided_by)
    if len(parts) > 3:
        table.add_column("", overflow="fold")
        for place, seat in enumerate(sheet.order):
            table.add_column(f"{place + first}. P{seat}", justify="right", overflow="fold")
        if seats:
            table.add_row("agent", *(seats[seat] for seat in sheet.order))
        table.add_row("total", *(str(sheet.totals[seat]) for seat in sheet.order), style="bold")
        for part in parts:
            table.add_row(part, *(str(sheet.breakdown[seat].get(part, 0)) for seat in sheet.order))
        table.add_row("decided by", *decided)
    else:
        for header in ("place", "seat", *(["agent"] if seats else []), "total", *parts,
                       "decided by"):
            table.add_column(header, justify="left" if header in ("agent", "decided by") else "right",
                             overflow="fold")
        for place, seat in enumerate(sheet.order):
            row = [str(place + first), f"P{seat}", *([seats[seat]] if seats else []),
                   str(sheet.totals[seat]), *(str(sheet.breakdown[seat].get(p, 0)) for p in parts),
                   decided[place]]
            table.add_row(*row)
    out.print(table)
    if game.is_over(state):
        reason = game_end_reason(game, state)
        if reason:
            out.print(f"Game ended: {reason}")
        if outsider:
            out.print(f"Winner: {outsider} (no seat beat it)")
        else:
            out.print(sheet.result_line(lambda w: f"P{w}" + (f" ({seats[w]})" if seats else "")))
    notes = getattr(game, "score_notes", None)  # a game's extra result lines (Soot: partnerships)
    if callable(notes):
        for line in notes(state):
            out.print(line)
    return sheet


def _check_log_tail(tail: int) -> None:
    if tail < 0:
        raise UsageFailure(f"--log-tail must be 0 (all events) or more, not {tail}")


def _print_log(state: State, tail: int | None) -> None:
    entries = state.log if tail is None or tail <= 0 else state.log[-tail:]
    if tail and len(state.log) > tail:
        console.print(f"[dim]... {len(state.log) - tail} earlier events[/dim]")
    for entry in entries:
        console.print(str(entry), markup=False, highlight=False)


def _print_board(game: Game[Any, Any], state: State) -> None:
    hook = render_hook(game)
    if hook is not None:
        console.print(hook(state), markup=False, highlight=False)


# -- commands --------------------------------------------------------------
@app.command("games")
def games_command() -> None:
    """List the installed games with their versions and player counts."""
    packages = {
        ep.name: f"{ep.dist.name} {ep.dist.version}" if ep.dist is not None else "-"
        for ep in entry_points(group=ENTRY_POINT_GROUP)
    }
    table = Table(title="Installed games", title_justify="left")
    for header in ("name", "title", "rules version", "package", "players", "information",
                   "variants"):
        # Short fixed cells stay on one line; the rest wrap (long words fold).
        table.add_column(header, overflow="fold",
                         no_wrap=header in ("name", "players", "information"))
    for name in available_games():
        try:
            game = load_game(name)
        except Exception as exc:  # a broken plugin must not hide the others
            table.add_row(name, f"[red]cannot load ({type(exc).__name__})[/red]", "",
                          packages.get(name, "-"), "", "", "")
            continue
        info = game.info
        table.add_row(
            name, info.title, info.version, packages.get(name, "-"),
            f"{info.min_players}-{info.max_players}", info.information.value,
            ", ".join(info.variants) or "-",
        )
    console.print(table)


@app.command("play")
def play_command(
    game_name: str = typer.Argument(..., metavar="GAME", help="Registry name or module:GAME."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default 2)."),
    seed: Optional[int] = typer.Option(
        None, "--seed", "-s",
        help="Game seed (default: a fresh 128-bit one, shown only after the game ends)."),
    agents: str = typer.Option("greedy", "--agents", "-a",
                               help="Comma-separated agent specs, cycled over the seats (default: greedy in every seat)."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", "-v", help="Optional rule (repeatable)."),
    settings: Optional[list[str]] = typer.Option(None, "--set", help="Config field or data path PATH=VALUE (repeatable)."),
    log_tail: int = typer.Option(0, "--log-tail", help="Print only the last N log events (0: all)."),
    save: Optional[Path] = typer.Option(None, "--save", help="Write the game record (JSON) here."),
    human: Optional[list[int]] = typer.Option(
        None, "--human", help="A seat a person plays at the prompt (repeatable; see hexkit.terminal)."),
    resume: Optional[Path] = typer.Option(
        None, "--resume", metavar="RECORD.json",
        help="Go on with a game saved by --save or the prompt's `save FILE` (its players, seed, "
             "variants, settings and moves come from the record)."),
) -> None:
    """Play one full game between agents; print the log, the board and the scores.

    With ``--human SEAT`` a person answers that seat's questions at the
    prompt (numbered answers; ``help`` lists the commands); agents play the rest.

    Without ``--seed`` the game gets a fresh 128-bit seed, which is not
    printed until the game is over (whoever knows it knows every hidden
    fact); it is in the saved record and in the heading after the game.
    """
    _check_log_tail(log_tail)
    record: GameRecord | None = None
    if resume is not None:
        game, record = _resumed_record(game_name, resume, players, seed, variant, settings)
        config, seed = record.config, record.seed
        specs = _agents(agents)
    else:
        if seed is None:
            seed = new_seed()
        study = _study(game_name, players, 1, agents, seed, variant or [], settings or [])
        game = study.load()
        specs = list(study.agents)
        config = study.config(game)
        check_overrides(game, config)
    players = config.players  # --set players=N or the record may change it
    seats = [specs[s % len(specs)] for s in range(players)]
    if human:
        from hexkit.terminal import play_humans

        raise typer.Exit(play_humans(game, config, seed, seats, human, save, resume=record))
    agent_by_seat = {s: make_agent(spec, agent_seed(seed, s)) for s, spec in enumerate(seats)}
    match = (Match(game, config, seed, agents=agent_by_seat) if record is None
             else Match.resume(game, record, agents=agent_by_seat))
    _play_out(game, match, seats, save)
    console.rule(f"{game.info.title}: {players} player{'s' if players != 1 else ''}, seed {seed}"
                 + (f", variants {', '.join(sorted(config.variants))}" if config.variants else ""))
    _print_log(match.state, log_tail)
    _print_board(game, match.state)
    print_scores(game, match.state, seats)
    if save is not None:
        _write(save, record_to_json(game, match.record, indent=1))
        console.print(f"Record saved to {save}")


def _resumed_record(game_ref: str, path: Path, players: int | None, seed: int | None,
                    variant: Sequence[str] | None, settings: Sequence[str] | None,
                    ) -> tuple[Game[Any, Any], GameRecord]:
    """The record ``hexkit play GAME --resume PATH`` goes on from (checked: it is
    GAME's, and the command line does not also set what the record fixes)."""
    given = [name for name, value in (("--players", players), ("--seed", seed),
                                      ("--variant", variant), ("--set", settings)) if value]
    if given:
        raise UsageFailure(f"--resume takes the players, seed, variants and settings from the "
                           f"record; drop {', '.join(given)}")
    text = _read(path)
    game = _record_game(path, text, game_ref, named_by="GAME")
    return game, _load_record(game, text, allow_mismatch=False)


def _play_out(game: Game[Any, Any], match: Match, seats: list[str], save: Path | None) -> None:
    """Play ``match`` to the end; a failure inside the game or an agent is a
    :class:`GameFailure` (exit status 1), with the record saved for replay."""
    limit = game.info.max_decisions
    try:
        with play_watch(console) as watch:  # progress while slow agents think
            while not match.is_over:
                if match.state.step >= limit:
                    raise HexkitError(f"the game did not end within {limit} decisions")
                mover = game.current_player(match.state)
                watch.decision(match.state.step,
                               f"P{mover} ({seats[mover]})" if mover is not None else "")
                match.step()
    except Exception as exc:  # a bug in a game or an agent, not in the arguments
        seat = game.current_player(match.state)
        who = f" (seat {seat}, agent {seats[seat]})" if seat is not None else ""
        saved = ""
        if save is not None:
            _write(save, record_to_json(game, match.record, indent=1))
            saved = f"; the record up to it is in {save} (hexkit replay)"
        raise GameFailure(f"the game failed at step {match.state.step}{who}, seed {match.record.seed}: "
                          f"{type(exc).__name__}: {exc}{saved}") from exc


def _write(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        raise UsageFailure(f"cannot write {path}: {exc.strerror or exc}") from None


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise UsageFailure(f"cannot read {path}: {reason}") from None


def _record_text(path: Path, seed: int | None, game_ref: str | None = None) -> str:
    """A record's JSON text: the file itself, the ``record`` of the failed
    game with ``seed`` in a results file, or, for a finished game, the
    record of that game played again from its row (game, config, seed and
    agents; see :mod:`hexkit.sim.rowreplay`). The row's ``game_ref`` is not
    used: a file never names what is imported (see :func:`_record_game`)."""
    if seed is None:
        return _read(path)
    from hexkit.sim.rowreplay import replay_row

    for row in read_results(path):
        if row.get("seed") == seed:
            if isinstance(row.get("record"), dict):
                return json.dumps(row["record"])
            game = resolve_game(game_ref) if game_ref else game_named_in_file(row.get("game"))
            console.print(f"[dim]playing seed {seed} again from its row: agents "
                          f"{', '.join(map(str, row.get('seats') or []))}[/dim]")
            again = replay_row(row, game_ref or game.info.name)
            if not again.same:
                why = (f" (agents with a time budget: {', '.join(again.clock_bound)})"
                       if again.clock_bound else " (a rules or agent change since the study?)")
                console.print(f"[yellow]warning: the game played again does not end as the "
                              f"row says{why}: row scores {row.get('scores')}, now "
                              f"{again.row.get('scores')}[/yellow]")
            return record_to_json(game, again.record)
    raise UsageFailure(f"{path}: no game with seed {seed}")


def _record_game(path: Path, text: str, game_ref: str | None, named_by: str = "--game") -> Game[Any, Any]:
    """The game of a record file: the installed game its ``game`` field names,
    or the ``--game`` given on the command line (which may be ``module:GAME``:
    only the command line may name a module to import, never the file)."""
    try:
        data = parse_json(text)
    except InvalidRecordError as exc:  # name the file when the whole text is unusable
        hint = (" (a results file, one game a line? give --seed S to replay one of its games)"
                if "Extra data" in exc.reason else "")
        raise InvalidRecordError(exc.field, f"{path}: {exc.reason}{hint}") from None
    if not isinstance(data, dict) or "game" not in data:
        raise InvalidRecordError(str(path), "not a game record (no 'game' name)")
    if game_ref is None:
        return game_named_in_file(data["game"])
    game = resolve_game(game_ref)
    if data["game"] != game.info.name:
        raise InvalidRecordError("game", f"record is for {data['game']!r}, not {game.info.name!r}"
                                 f" ({named_by} {game_ref})")
    return game


def _load_record(game: Game[Any, Any], text: str, allow_mismatch: bool) -> GameRecord:
    record = record_from_json(game, text, allow_version_mismatch=allow_mismatch)
    if record.version != game.info.version:
        console.print(f"[yellow]warning: recorded under {game.info.name} rules version "
                      f"{record.version!r}, replayed under {game.info.version!r}: the replay "
                      "may diverge or fail[/yellow]")
    return record


_GAME_OPTION_HELP = ("A game that is not installed, as module:GAME (a record file never names "
                     "what is imported).")
_MISMATCH_HELP = "Replay a record made under another rules version (it may diverge)."


@app.command("replay")
def replay_command(
    record_path: Path = typer.Argument(..., metavar="RECORD.json", help="A saved game record."),
    step: Optional[int] = typer.Option(None, "--step", "-n", help="Stop after this many decisions."),
    log_tail: int = typer.Option(0, "--log-tail", help="Print only the last N log events (0: all)."),
    seed: Optional[int] = typer.Option(
        None, "--seed",
        help="RECORD is a results file: replay its game with this seed (a failed game from its "
             "saved record, a finished one by playing it again from its row)."),
    game_ref: Optional[str] = typer.Option(None, "--game", help=_GAME_OPTION_HELP),
    allow_mismatch: bool = typer.Option(False, "--allow-version-mismatch", help=_MISMATCH_HELP),
) -> None:
    """Replay a saved game (or a failed game of a study) to its end or to a step."""
    _check_log_tail(log_tail)
    text = _record_text(record_path, seed, game_ref)
    game = _record_game(record_path, text, game_ref)
    record = _load_record(game, text, allow_mismatch)
    total = len(record.actions)
    if step is not None and not 0 <= step <= total:
        raise UsageFailure(f"--step {step} is outside 0..{total} for this record")
    try:
        state = replay(game, record, step)
    except HexkitError:
        raise
    except Exception as exc:  # the failure a study recorded: report it in one line
        raise UsageFailure(
            f"replaying {record_path} raised {type(exc).__name__}: {exc}") from None
    upto = total if step is None else step
    console.rule(f"{game.info.title}: seed {record.seed}, {upto} of {total} decisions")
    _print_log(state, log_tail)
    _print_board(game, state)
    if game.is_over(state):
        print_scores(game, state)
    else:
        decision = state.decision()
        legal = game.legal_actions(state)
        prompt = decision.prompt if decision is not None else ""
        console.print(f"To move: P{game.current_player(state)}: {prompt} ({len(legal)} legal actions)")
        if upto < total:
            console.print(f"Next in the record: {game.describe(state, record.actions[upto])}")


DEFAULT_PLAYERS = 2
"""Seats per game when a command is given neither ``--players`` nor ``--set players=N``."""


def _study(game_name: str, players: int | None, games: int, agents: str, seed: int,
           variant: Sequence[str], settings: Sequence[str],
           max_decisions: int | None = None) -> Study:
    if max_decisions is not None and max_decisions < 1:
        raise UsageFailure(f"--max-decisions must be at least 1, not {max_decisions}")
    study = Study(game=game_name, players=DEFAULT_PLAYERS if players is None else players,
                  agents=tuple(_agents(agents)), games=games, seed=seed, variants=tuple(variant),
                  max_decisions=max_decisions)
    return _with_settings(study, settings, players_given=players is not None)


def _backend(name: str) -> Backend:
    if name not in BACKENDS:
        raise UsageFailure(f"unknown backend {name!r}; choose one of {', '.join(BACKENDS)}")
    backend: Backend = name  # type: ignore[assignment]
    return backend


def _run_options(games: int, workers: int) -> None:
    """Check ``--games`` and ``--workers`` before any output is opened."""
    if games < 1:
        raise UsageFailure(f"--games must be at least 1, not {games}")
    if workers < 1:
        raise UsageFailure(f"--workers must be at least 1, not {workers}")


def _out_file(out: Path) -> None:
    """``--out`` must name a file (which may exist), not a directory; its
    folder is created if missing."""
    if out.is_dir():
        raise UsageFailure(f"--out {out} is a directory; it must be a results file (JSON lines)")
    _make_folder(out.parent)


def _make_folder(folder: Path) -> None:
    """Create ``folder`` and its parents; a file in the way is a usage error."""
    blocker = next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()), None)
    if blocker is not None:
        raise UsageFailure(f"cannot create folder {folder}: {blocker} is a file")
    folder.mkdir(parents=True, exist_ok=True)


def _out_directory(out: Path) -> None:
    """``--out`` must name a directory (which may exist), not a file."""
    if out.exists() and not out.is_dir():
        raise UsageFailure(f"--out {out} is a file; it must be a directory (for the plots and HTML)")


@app.command("simulate")
def simulate_command(
    game_name: str = typer.Argument(..., metavar="GAME", help="Registry name or module:GAME."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Players per game (default 2)."),
    games: int = typer.Option(100, "--games", "-k", help="Number of games."),
    agents: str = typer.Option("random", "--agents", "-a",
                               help="Comma-separated agent specs, rotated over the seats."),
    seed: int = typer.Option(0, "--seed", "-s",
                             help="Seed of the first game; game i has seed+i (agents never see it)."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes."),
    out: Path = typer.Option(Path("results.jsonl"), "--out", "-o", help="Results file (JSON lines)."),
    backend: str = typer.Option("process", "--backend", help="process, serial or dask."),
    address: Optional[str] = typer.Option(None, "--address", help="Dask scheduler (default: local cluster)."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", "-v", help="Optional rule (repeatable)."),
    settings: Optional[list[str]] = typer.Option(None, "--set", help="Config field or data path PATH=VALUE (repeatable)."),
    max_decisions: Optional[int] = typer.Option(
        None, "--max-decisions", help="Record a game still running after N decisions as failed."),
    resume: bool = typer.Option(False, "--resume",
                                help="Keep the finished games in OUT and play only the missing ones."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace an existing OUT."),
    dataset: Optional[Path] = typer.Option(
        None, "--dataset", help="Also write each game's decisions (observation, mask, action, "
        "player, returns) to DIR/<game>-<index>.npz (hexkit.rl.dataset; needs numpy)."),
    campaign: bool = typer.Option(False, "--campaign", help="Soot: play --games whole campaigns "
                                  "(three linked games each) instead of games; the same as "
                                  "`hexkit campaign soot study`."),
) -> int:
    """Play many games between agents and write one JSON line per game.

    An existing results file is never replaced unless --overwrite is given;
    --resume adds the games of the same study that it lacks. With --campaign
    (Soot & Timber) it plays whole campaigns and prints their report.
    """
    if campaign:
        return _simulate_campaigns(game_name, DEFAULT_PLAYERS if players is None else players, games, agents, seed, variant or [],
                                   bool(settings or dataset or resume or max_decisions))
    if resume and overwrite:
        raise UsageFailure("--resume and --overwrite exclude each other")
    _run_options(games, workers)
    _out_file(out)
    study = _study(game_name, players, games, agents, seed, variant or [], settings or [],
                   max_decisions)
    if dataset is not None:
        study = attrs.evolve(study, dataset=str(dataset))
    chosen = _backend(backend)
    study.validate()
    console.print(f"{games} games of {study.load().info.title}, {study.players} players, agents "
                  f"{', '.join(study.agents)}, seeds {seed}..{seed + games - 1}, "
                  f"{workers} worker(s), backend {chosen}"
                  + (f", variants {', '.join(sorted(study.variants))}" if study.variants else "")
                  + "".join(f", {path}={value}" for path, value in sorted(study.overrides.items())),
                  markup=False, highlight=False)
    mode: OutMode = "resume" if resume else "overwrite" if overwrite else "new"
    with progress_for(console) as reporter:
        reporter.start("games", games)
        totals = simulate(study, out, workers=workers, backend=chosen, address=address,
                          progress=lambda _row: reporter.advance(), mode=mode,
                          on_start=reporter.kept)
    if totals.resumed:
        console.print(f"resumed: {totals.resumed} finished games kept from {out}")
    console.print(f"{totals.games} games in {totals.seconds:.1f} s ({totals.rate:.1f} games/s), "
                  f"{totals.errors} failed; results in {out}")
    summary = summarize(read_results(out))
    print_tables([t for t in _quick_tables(summary)])
    return _failure_status(summary)


def _simulate_campaigns(game_name: str, players: int, games: int, agents: str, seed: int,
                        variants: list[str], unsupported: bool) -> int:
    """``simulate GAME --campaign``: whole campaigns through ``hexkit campaign soot study``."""
    from hexkit.cli_campaign import study_lines

    if load_game(game_name).info.name != "soot":
        raise UsageFailure(f"--campaign: only Soot & Timber has campaigns, not {game_name!r}")
    if unsupported:
        raise UsageFailure("--campaign takes --players, --games, --agents, --seed and --variant only "
                           "(not --set, --dataset, --resume or --max-decisions)")
    _run_options(games, 1)
    for line in study_lines(games, players, seed, split_agent_specs(agents), variants):
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    return 0


def _failure_status(summary: Any) -> int:
    """Exit status of a study: 1 when every game failed (nothing to report),
    else 0; failures are named either way, with the command that replays one."""
    if not summary.errors:
        return 0
    seed, error = summary.errors[0]
    console.print(f"first failure: seed {seed}: {error.splitlines()[0][:200]} "
                  "(its row's 'record' replays it: hexkit replay)")
    return 1 if summary.errors and summary.finished == 0 else 0


def _quick_tables(summary: Any) -> list[Any]:
    from hexkit.sim.report import summary_tables

    wanted = ("Warnings", "Win rate by", "What was played", "Failed games")
    return [t for t in summary_tables(summary) if t.title.startswith(wanted)]


@app.command("report")
def report_command(
    results: Path = typer.Argument(..., metavar="RESULTS.jsonl", help="Results of `hexkit simulate`."),
    out: Path = typer.Option(Path("report"), "--out", "-o", help="Directory for the plots and HTML."),
    split: bool = typer.Option(
        False, "--split",
        help="A file that mixes games, rules versions, player counts or configs gets one "
             "section per study (without it, such a file is refused)."),
) -> None:
    """Summarise a results file: tables here, PNG plots and an HTML page in OUT.

    Rows of different games, rules versions, player counts or configs are
    never pooled: such a file is refused, or with --split reported as one
    section per study.
    """
    _out_directory(out)
    tables, page = report_file(results, out, split=split)
    print_tables(tables, console)
    console.print(f"Report written to {page}")


@app.command("sweep")
def sweep_command(
    game_name: str = typer.Argument(..., metavar="GAME", help="Registry name or module:GAME."),
    settings: list[str] = typer.Option(..., "--set", help="PATH=V1,V2,... (repeatable: cartesian product)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Players per game (default 2)."),
    games: int = typer.Option(100, "--games", "-k", help="Games per setting."),
    agents: str = typer.Option("random", "--agents", "-a", help="Comma-separated agent specs."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed of the first game; game i has seed+i, the same for every setting."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes."),
    backend: str = typer.Option("process", "--backend", help="process, serial or dask."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", "-v", help="Optional rule (repeatable)."),
    out: Path = typer.Option(Path("sweep"), "--out", "-o", help="Directory for results, plot and HTML."),
    max_decisions: Optional[int] = typer.Option(
        None, "--max-decisions", help="Record a game still running after N decisions as failed."),
    resume: bool = typer.Option(False, "--resume",
                                help="Keep the finished games in OUT and play only the missing ones."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace the results in OUT."),
) -> None:
    """Run the same study for each value of one or more settings and compare.

    An OUT folder that already holds results is refused unless --resume
    (keep its games, play the missing ones) or --overwrite is given.
    """
    if resume and overwrite:
        raise UsageFailure("--resume and --overwrite exclude each other")
    _run_options(games, workers)
    _out_directory(out)
    held = sorted(out.glob("*.jsonl")) if out.is_dir() else []
    if held and not (resume or overwrite):
        raise UsageFailure(f"--out {out} already holds {len(held)} results files; pass --resume "
                           f"to add the games they lack, or --overwrite to replace them")
    base = _study(game_name, players, games, agents, seed, variant or [], [], max_decisions)
    chosen = _backend(backend)
    parsed = [parse_setting(s) for s in settings]
    with progress_for(console) as reporter:

        def start(label: dict[str, str], study: Study) -> None:
            reporter.start(", ".join(f"{k}={v}" for k, v in label.items()), study.games)

        points = run_sweep(base, parsed, out, workers=workers, backend=chosen,
                           on_point=start, progress=lambda _row: reporter.advance(),
                           mode="overwrite" if overwrite else "resume", on_start=reporter.kept)
    tables, page = write_sweep_report(points, out)
    print_tables(tables, console)
    failed = {p.name: [seed for seed, _ in p.summary.errors] for p in points if p.summary.errors}
    if failed:
        listed = "; ".join(f"{name}: seeds {', '.join(map(str, seeds[:5]))}" for name, seeds in failed.items())
        console.print(f"[yellow]warning: failed games are left out, so these settings were not "
                      f"compared on exactly the same seeds ({listed}); the report lists them[/yellow]")
    console.print(f"Sweep report written to {page}")


@app.command("render")
def render_command(
    record_path: Path = typer.Argument(..., metavar="RECORD.json", help="A saved game record."),
    step: Optional[int] = typer.Option(
        None, "--step", "-n",
        help="Draw after this many decisions (0: the set-up; negative: from the end). Default: the end."),
    out: Path = typer.Option(Path("board.svg"), "--out", "-o", help="The picture file to write."),
    png: bool = typer.Option(False, "--png", help="Write PNG instead of SVG (needs the png extra)."),
    game_ref: Optional[str] = typer.Option(None, "--game", help=_GAME_OPTION_HELP),
    allow_mismatch: bool = typer.Option(False, "--allow-version-mismatch", help=_MISMATCH_HELP),
) -> None:
    """Draw a recorded game after N decisions as SVG (or PNG), with the game's own style."""
    from hexkit.render import render_record_step, save_picture

    text = _read(record_path)
    game = _record_game(record_path, text, game_ref)
    record = _load_record(game, text, allow_mismatch)
    svg = render_record_step(game, record, step)
    try:
        _make_folder(out.parent)
        written = save_picture(svg, out, png=png or None)
    except OSError as exc:
        raise UsageFailure(f"cannot write {out}: {exc.strerror or exc}") from None
    total = len(record.actions)
    upto = total if step is None else step + total if step < 0 else step
    console.print(f"{game.info.title}, seed {record.seed}, step {upto}: wrote {written}")


app.command("new-game")(new_game_command)  # hexkit/cli_newgame.py

# -- study commands in their own module: tournament, tune -------------------
from hexkit.cli_studies import register as _register_studies  # noqa: E402

_register_studies(app)

from hexkit.cli_campaign import register as _register_campaign  # noqa: E402

_register_campaign(app)  # hexkit campaign soot start|next|status|study


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to bind (default: loopback only)."),
    port: int = typer.Option(8765, "--port", help="TCP port."),
    db: Path = typer.Option(Path("hexkit-tables.sqlite3"), "--db", help="SQLite file of the tables."),
    draw_workers: int = typer.Option(
        0, "--draw-workers", min=0,
        help="Processes that draw boards (0: a thread of the server; more use more cores)."),
) -> None:
    """Serve tables to browsers and bots over HTTP and WebSockets (see docs/protocol.md)."""
    from hexkit.server.app import serve

    serve(host=host, port=port, db=db, draw_workers=draw_workers)


# -- entry point -----------------------------------------------------------
def _fail(message: str) -> int:
    line = " ".join(str(message).split())
    sys.stderr.write(f"hexkit: error: {line}\n")
    sys.stderr.flush()
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hexkit`` command; return its exit status.

    Bad arguments and inputs print one line to standard error and return 2.
    """
    command = typer.main.get_command(app)
    try:
        result = command.main(args=list(sys.argv[1:] if argv is None else argv),
                              prog_name="hexkit", standalone_mode=False)
    except _CLICK_ERROR as exc:
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
            # typer's rich help has already printed the help while raising;
            # printing ctx.get_help() again showed it twice.
            return 2
        return _fail(getattr(exc, "format_message", exc.__str__)())
    except typer.Abort:
        return _fail("aborted")
    except OSError as exc:  # name the path, not "[Errno 17] File exists: ..."
        if exc.filename is not None and exc.strerror:
            return _fail(f"cannot use {exc.filename}: {exc.strerror}")
        return _fail(str(exc))
    except GameFailure as exc:
        _fail(str(exc))
        return 1
    except (HexkitError, ValueError) as exc:
        return _fail(str(exc))
    return result if isinstance(result, int) else 0


def run_typer(command_app: typer.Typer, argv: Sequence[str] | None, prog: str) -> int:
    """Run a typer app (the demo's, an example script's) as ``hexkit`` runs:
    return its exit status.

    Args:
        command_app: the app.
        argv: the arguments (default: ``sys.argv[1:]``).
        prog: the program name in usage lines and errors.

    Returns:
        The command's own status (an ``int`` it returned, else 0); 2 after
        one line ``PROG: error: ...`` on standard error for a bad argument
        (typer's own copy of click raises its errors, which ``click``'s
        classes do not catch) or a :class:`HexkitError` / ``ValueError``.
    """
    command = typer.main.get_command(command_app)
    try:
        result = command.main(args=list(sys.argv[1:] if argv is None else argv),
                              prog_name=prog, standalone_mode=False)
    except _CLICK_ERROR as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # the help is already printed
            return 2
        message = getattr(exc, "format_message", exc.__str__)()
    except (HexkitError, ValueError) as exc:
        message = str(exc)
    else:
        return result if isinstance(result, int) else 0
    sys.stderr.write(f"{prog}: error: {' '.join(str(message).split())}\n")
    sys.stderr.flush()
    return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
