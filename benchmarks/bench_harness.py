"""Study harness overhead: a study's game loop against a bare playout loop.

Run with ``python -m benchmarks.bench_harness`` (``--quick`` for fewer games).
A figure to compare, not a pass/fail timing. For each installed game, the
same games (same seeds, same random agents with the same agent seeds, so
the same moves) are played twice:

* bare: ``legal = game.legal_actions(state)``, a random choice, ``apply``;
* study: :func:`hexkit.sim.study.run_chunk` (what a study worker runs:
  :func:`~hexkit.sim.study.play_game` per game), which also hands each
  seat its (lazily built) view, times the agents, keeps the record and
  builds the result row.

The printed ratio is study time / bare time (1.00x: no overhead). Each
figure is the best of three interleaved rounds, to keep a shared machine's
bursts of load out of it.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from hexkit.agents.base import RandomAgent
from hexkit.registry import available_games, load_game
from hexkit.sim.study import Study, agent_seed, run_chunk


def _players(name: str, wanted: int = 4) -> int:
    info = load_game(name).info
    return max(info.min_players, min(info.max_players, wanted))


def bare_loop(game: Any, study: Study) -> float:
    """Seconds to play ``study``'s games with no harness around the moves."""
    config = study.config(game)
    started = time.perf_counter()
    for index in range(study.games):
        seed = study.seed + index
        agents = [RandomAgent(agent_seed(seed, s)) for s in range(study.players)]
        state = game.new(config, seed)
        while not game.is_over(state):
            legal = game.legal_actions(state)
            player = game.current_player(state)
            game.apply(state, legal[agents[player].rng.randbelow(len(legal))])
    return time.perf_counter() - started


def study_loop(game: Any, study: Study) -> float:
    """Seconds to play the same games as a study worker does
    (:func:`run_chunk`: the game loaded, then :func:`play_game` per game)."""
    started = time.perf_counter()
    for row in run_chunk(study, 0, study.games):
        if row["error"] is not None:
            raise RuntimeError(f"{study.game} seed {row['seed']}: {row['error']}")
    return time.perf_counter() - started


def ratio(name: str, games: int, rounds: int = 3) -> tuple[float, float, int]:
    """Best bare seconds, best study seconds, and the games played."""
    game = load_game(name)
    study = Study(game=name, players=_players(name), agents=("random",), games=games, seed=1)
    bare = float("inf")
    best_study = float("inf")
    for _ in range(rounds):
        bare = min(bare, bare_loop(game, study))
        best_study = min(best_study, study_loop(game, study))
    return bare, best_study, games


def main(argv: list[str] | None = None) -> None:
    """Print the ratio per game (``argv``: ``["--quick"]`` for a short run)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_harness")
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke run)")
    parser.add_argument("--games", type=int, default=None, help="games per round")
    args = parser.parse_args([] if argv is None else argv)
    names = ["hex"] + [n for n in ("empyreal", "soot") if n in available_games()]
    print("== study loop vs bare playout loop, random agents, same games ==")
    print(f"{'game':10} {'players':>7} {'games':>6} {'bare s':>8} {'study s':>8} {'ratio':>7}")
    for name in names:
        try:
            load_game(name)
        except Exception as exc:  # a plugin still being written
            print(f"{name:10} skipped: {type(exc).__name__}: {exc}")
            continue
        games = args.games or ((40 if name == "hex" else 10) if args.quick
                               else (200 if name == "hex" else 30))
        bare, study, played = ratio(name, games)
        print(f"{name:10} {_players(name):>7} {played:>6} {bare:>8.2f} {study:>8.2f} "
              f"{study / bare:>6.2f}x", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
