"""Empyreal: Spells & Steam throughput: random games, legal actions, clone.

Figures, not pass/fail timings. ``python -m benchmarks empyreal``.
"""

from __future__ import annotations

import copy
import time

from hexkit.rng import Rng

from hexkit_empyreal import GAME
from hexkit_empyreal.state import EmpyrealState


def _play(players: int, seed: int) -> int:
    state = GAME.new(GAME.make_config(players), seed)
    chooser = Rng(seed ^ 0x5EED)
    steps = 0
    while state.pending:
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
        steps += 1
    return steps


def games_per_second(players: int, games: int) -> tuple[float, float, float]:
    """Random full games per second (wall clock and CPU time of this process) and
    actions per game. The CPU figure is the one-core rate on a shared machine."""
    start = time.perf_counter()
    cpu = time.process_time()
    steps = sum(_play(players, seed) for seed in range(games))
    elapsed = time.perf_counter() - start
    used = time.process_time() - cpu
    return games / elapsed, games / used, steps / games


def _midgame(players: int, seed: int = 7) -> EmpyrealState:
    state = GAME.new(GAME.make_config(players), seed)
    chooser = Rng(seed)
    while state.pending and state.round < 20:
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
    return state


def legal_action_time(players: int, samples: int = 200) -> float:
    """Microseconds to generate the legal actions, averaged over mid-game decisions."""
    state = _midgame(players)
    chooser = Rng(3)
    total = 0.0
    count = 0
    while state.pending and count < samples:
        start = time.perf_counter()
        legal = tuple(GAME.generate_actions(state))
        total += time.perf_counter() - start
        count += 1
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
    return total / max(1, count) * 1e6


def clone_vs_deepcopy(players: int, reps: int = 2000) -> tuple[float, float]:
    """Microseconds per ``GAME.clone`` and per ``copy.deepcopy`` of a mid-game state."""
    state = _midgame(players)
    start = time.perf_counter()
    for _ in range(reps):
        GAME.clone(state)
    clone = (time.perf_counter() - start) / reps * 1e6
    deep_reps = max(1, reps // 20)
    start = time.perf_counter()
    for _ in range(deep_reps):
        copy.deepcopy(state)
    deep = (time.perf_counter() - start) / deep_reps * 1e6
    return clone, deep


def main() -> None:
    """Print the figures."""
    for players, games in ((3, 40), (6, 15)):
        rate, cpu_rate, length = games_per_second(players, games)
        print(
            f"{players} players: {rate:6.1f} random games/s wall, {cpu_rate:6.1f} per CPU second"
            f" ({length:.0f} actions/game)"
        )
    for players in (3, 6):
        print(f"{players} players: legal actions at mid-game {legal_action_time(players):7.1f} us")
    for players in (3, 6):
        clone, deep = clone_vs_deepcopy(players)
        print(f"{players} players: clone {clone:6.1f} us, deepcopy {deep:8.1f} us ({deep / clone:.0f}x)")


if __name__ == "__main__":
    main()
