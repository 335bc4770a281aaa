"""Simulation throughput: games/s by worker count, MCTS iterations/s, study memory.

Run with ``python -m benchmarks.bench_sim`` (``--quick`` for a short run).
These are figures to compare, not pass/fail timings. Three measurements:

1. games per second with random agents, 1 and 2 worker processes (the
   speed-up), for the Hex game and each installed shipped game;
2. MCTS iterations per second (default settings, random rollouts capped at
   the agent's rollout depth) from a few mid-game positions of each game;
3. the memory of a 10,000-game study of the Hex game streamed to a file:
   peak RSS of the process that collects the rows, next to a 1,000-game
   study, to show that memory does not grow with the number of games.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from hexkit.agents import MCTSAgent, RandomAgent
from hexkit.registry import available_games, load_game
from hexkit.sim import Study, simulate


def _players(name: str, wanted: int = 4) -> int:
    info = load_game(name).info
    return max(info.min_players, min(info.max_players, wanted))


def games_per_second(name: str, games: int, workers: int, options: dict[str, Any]) -> float:
    """Steady rate of a random-agent study of ``games`` games on ``workers``
    processes: games per second between the first and the last row, so the
    start-up of the worker processes is left out."""
    study = Study(game=name, players=_players(name), agents=("random",), games=games, seed=1,
                  options=options)
    stamps: list[float] = []
    chunk = max(1, games // 40)
    with tempfile.TemporaryDirectory() as tmp:
        simulate(study, Path(tmp) / "r.jsonl", workers=workers, backend="process",
                 chunk=chunk, progress=lambda _: stamps.append(time.perf_counter()))
    # From the end of the first chunk (the workers are up) to the last row.
    span = stamps[-1] - stamps[chunk - 1]
    return (len(stamps) - chunk) / span if span > 0 else 0.0


def mcts_iterations_per_second(name: str, positions: int, iterations: int) -> float:
    """Mean MCTS iterations per second over ``positions`` mid-game decisions."""
    game = load_game(name)
    done = 0
    seconds = 0.0
    for seed in range(positions):
        state = game.new(game.make_config(_players(name, 2)), seed)
        chooser = RandomAgent(seed)
        for _ in range(20 + 7 * seed):
            if game.is_over(state):
                break
            game.apply(state, chooser.act(game, state, game.legal_actions(state)))
        player = game.current_player(state)
        if player is None:
            continue
        view = game.view(state, player)
        agent = MCTSAgent(iterations=iterations, seed=seed)
        agent.act(game, view, game.legal_actions(view))
        done += agent.last_iterations
        seconds += agent.last_seconds
    return done / seconds if seconds else 0.0


_MEMORY_CHILD = """
import json, resource, sys, tracemalloc
from hexkit.sim import Study, simulate
games, out = int(sys.argv[1]), sys.argv[2]
tracemalloc.start()
study = Study(game="hex", players=2, agents=("random",), games=games, seed=1)
totals = simulate(study, out, workers=2, backend="process")
_, peak = tracemalloc.get_traced_memory()
print(json.dumps({"games": totals.games, "seconds": totals.seconds,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "traced_peak_mb": peak / 2**20}))
"""


def study_memory(games: int) -> dict[str, float]:
    """Peak memory of the collecting process of a ``games``-game Hex study
    (run in a fresh interpreter so earlier work does not count)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "r.jsonl"
        done = subprocess.run(
            [sys.executable, "-c", _MEMORY_CHILD, str(games), str(out)],
            check=True, capture_output=True, text=True,
        )
        figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
        figures["file_mb"] = out.stat().st_size / 2**20
    return figures


def main(argv: list[str] | None = None) -> None:
    """Print the three benchmarks (``argv``: ``["--quick"]`` for a short run;
    ``None``, as ``python -m benchmarks`` calls it, means the full run)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_sim")
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke run)")
    args = parser.parse_args([] if argv is None else argv)
    scale = 0.1 if args.quick else 1.0
    names = ["hex"] + [n for n in ("empyreal", "soot") if n in available_games()]
    print("== games per second, random agents ==")
    print(f"{'game':10} {'players':>7} {'games':>6} {'1 worker':>10} {'2 workers':>10} {'speed-up':>9}")
    for name in names:
        try:
            load_game(name)
        except Exception as exc:  # a plugin still being written
            print(f"{name:10} skipped: {type(exc).__name__}: {exc}")
            continue
        games = max(20, int((2000 if name == "hex" else 200) * scale))
        one = games_per_second(name, games, 1, {})
        two = games_per_second(name, games, 2, {})
        print(f"{name:10} {_players(name):>7} {games:>6} {one:>10.1f} {two:>10.1f} {two / one:>8.2f}x")
    print("== MCTS iterations per second (default MCTSAgent, 2 players) ==")
    for name in names:
        try:
            rate = mcts_iterations_per_second(name, positions=3 if args.quick else 6,
                                              iterations=100 if args.quick else 300)
        except Exception as exc:  # a plugin still being written
            print(f"{name:10} skipped: {type(exc).__name__}: {exc}")
            continue
        print(f"{name:10} {rate:>10.0f} iterations/s")
    print("== memory of a streamed Hex study (random agents, 2 workers) ==")
    for games in ((200, 2000) if args.quick else (1000, 10000)):
        started = time.perf_counter()
        m = study_memory(games)
        print(f"{games:>6} games: peak RSS {m['rss_mb']:.0f} MB, traced Python peak "
              f"{m['traced_peak_mb']:.2f} MB, results file {m['file_mb']:.1f} MB, "
              f"{m['games'] / m['seconds']:.0f} games/s ({time.perf_counter() - started:.0f} s)")
    print(f"(max RSS of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)")


if __name__ == "__main__":
    main(sys.argv[1:])
