"""Study harness overhead: a study's game loop against a bare playout loop.

Run with ``python -m benchmarks.bench_harness`` (``--quick`` for fewer games).
A figure to compare, not a pass/fail timing. For each installed game, the
same games (same seeds, same random agents with the same agent seeds, so
the same moves) are played twice:

* bare: ``legal = game.legal_actions(state)``, a random choice, ``apply``;
* study: :func:`hexkit.sim.study.run_chunk` (what a study worker runs:
  :func:`~hexkit.sim.study.play_game` per game) over the study's chunks,
  which also hands each seat its (lazily built) view, times the agents,
  keeps the record and builds the result row.

The printed ratio is study time / bare time (1.00x: no overhead), in CPU
seconds of this process (``time.process_time``): the harness's overhead is
work done, and on a shared machine the wall clock also counts the time other
processes hold the core. The wall-clock ratio is printed beside it. Each
chunk of games (as a study splits them) is played five times by each side in
turn and counts with its best time, to keep a shared machine's bursts of
load out of the figures (see :func:`ratio`).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from hexkit.agents.base import RandomAgent
from hexkit.registry import available_games, load_game
from hexkit.sim.run import chunk_size
from hexkit.sim.study import Study, agent_seed, run_chunk


def _players(name: str, wanted: int = 4) -> int:
    info = load_game(name).info
    return max(info.min_players, min(info.max_players, wanted))


Seconds = tuple[float, float]
"""CPU seconds and wall-clock seconds of one round."""


def _now() -> Seconds:
    return time.process_time(), time.perf_counter()


def _since(start: Seconds) -> Seconds:
    cpu, wall = _now()
    return cpu - start[0], wall - start[1]


def bare_loop(game: Any, study: Study, start: int, stop: int) -> Seconds:
    """Seconds to play games ``start`` to ``stop - 1`` of ``study`` with no harness
    around the moves."""
    config = study.config(game)
    started = _now()
    for index in range(start, stop):
        seed = study.seed + index
        agents = [RandomAgent(agent_seed(seed, s)) for s in range(study.players)]
        state = game.new(config, seed)
        while not game.is_over(state):
            legal = game.legal_actions(state)
            player = game.current_player(state)
            game.apply(state, legal[agents[player].rng.randbelow(len(legal))])
    return _since(started)


def study_loop(game: Any, study: Study, start: int, stop: int) -> Seconds:
    """Seconds to play the same games as a study worker does: :func:`run_chunk`
    (the game loaded, then :func:`play_game` per game), whose rows are then
    let go, as a worker hands its chunk's rows on."""
    started = _now()
    for row in run_chunk(study, start, stop):
        if row["error"] is not None:
            raise RuntimeError(f"{study.game} seed {row['seed']}: {row['error']}")
    return _since(started)


def ratio(name: str, games: int, rounds: int = 5) -> tuple[Seconds, Seconds]:
    """Bare and study seconds (CPU, wall) of ``games`` games.

    The games are split in the chunks a one-worker study uses
    (:func:`~hexkit.sim.run.chunk_size`); each chunk is played bare and by
    the study in turn ``rounds`` times, and each side's figure is the sum over
    the chunks of its best round: a burst of load on a shared machine spoils
    one chunk's round, not a whole figure.
    """
    game = load_game(name)
    study = Study(game=name, players=_players(name), agents=("random",), games=games, seed=1)
    size = chunk_size(games, 1)
    bare = [0.0, 0.0]
    best_study = [0.0, 0.0]
    for start in range(0, games, size):
        stop = min(start + size, games)
        rounds_of = [(bare_loop(game, study, start, stop), study_loop(game, study, start, stop))
                     for _ in range(rounds)]
        for clock in (0, 1):
            bare[clock] += min(b[clock] for b, _ in rounds_of)
            best_study[clock] += min(s[clock] for _, s in rounds_of)
    return (bare[0], bare[1]), (best_study[0], best_study[1])


def main(argv: list[str] | None = None) -> None:
    """Print the ratio per game (``argv``: ``["--quick"]`` for a short run)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_harness")
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke run)")
    parser.add_argument("--games", type=int, default=None, help="games per figure (each played five times a side)")
    args = parser.parse_args([] if argv is None else argv)
    names = ["hex"] + [n for n in ("empyreal", "soot") if n in available_games()]
    print("== study loop vs bare playout loop, random agents, same games (CPU seconds) ==")
    print(f"{'game':10} {'players':>7} {'games':>6} {'bare s':>8} {'study s':>8} {'ratio':>7}"
          f" {'wall ratio':>10}")
    for name in names:
        try:
            load_game(name)
        except Exception as exc:  # a plugin still being written
            print(f"{name:10} skipped: {type(exc).__name__}: {exc}")
            continue
        games = args.games or ((40 if name == "hex" else 10) if args.quick
                               else (500 if name == "hex" else 30))
        bare, study = ratio(name, games)
        print(f"{name:10} {_players(name):>7} {games:>6} {bare[0]:>8.2f} {study[0]:>8.2f} "
              f"{study[0] / bare[0]:>6.2f}x {study[1] / bare[1]:>9.2f}x", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
