"""Soot & Timber throughput: random games, legal actions at mid-game, clone, profile.

Figures, not pass/fail timings. ``python -m benchmarks soot``.
"""

from __future__ import annotations

import copy
import cProfile
import io
import pstats
import time
from collections.abc import Callable

from hexkit.rng import Rng

from hexkit_soot import GAME
from hexkit_soot.state import SootState


def _play(players: int, seed: int) -> int:
    state = GAME.new(GAME.make_config(players=players), seed)
    chooser = Rng(seed ^ 0x5EED)
    steps = 0
    while state.pending:
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
        steps += 1
    return steps


def games_per_second(players: int, games: int) -> tuple[float, float, float]:
    """Random full games per second (wall clock, CPU of this process) and decisions per game."""
    start = time.perf_counter()
    cpu = time.process_time()
    steps = sum(_play(players, seed) for seed in range(games))
    return games / (time.perf_counter() - start), games / (time.process_time() - cpu), steps / games


def midgame(players: int = 4, seed: int = 7) -> SootState:
    """A state in round 6 or later, at a turn menu (the widest common decision)."""
    state = GAME.new(GAME.make_config(players=players), seed)
    chooser = Rng(seed)
    while not (state.round >= 6 and state.pending and state.pending[-1].kind == "turn"):  # type: ignore[attr-defined]
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
    return state


def legal_actions_per_second(state: SootState, repeat: int = 300) -> tuple[float, int]:
    """Uncached legal-action generations per second at ``state``, and the count."""
    start = time.perf_counter()
    for _ in range(repeat):
        n = len(list(GAME.generate_actions(state)))
    return repeat / (time.perf_counter() - start), n


def _best_us(fn: Callable[[], object], reps: int, batches: int = 7) -> float:
    """CPU microseconds per call of ``fn``: the best of ``batches`` batches of ``reps``
    calls (the method of ``bench_catanatron``: the other batches were slowed by the
    machine's other work, not by ``fn``)."""
    times = []
    for _ in range(batches):
        cpu = time.process_time()
        for _ in range(reps):
            fn()
        times.append((time.process_time() - cpu) / reps * 1e6)
    return min(times)


def clone_vs_deepcopy(state: SootState, repeat: int = 300) -> tuple[float, float]:
    """CPU microseconds per clone and per copy.deepcopy (each the best of 7 batches)."""
    return _best_us(lambda: GAME.clone(state), repeat), _best_us(lambda: copy.deepcopy(state), max(1, repeat // 15))


def profile(players: int = 4, games: int = 3, top: int = 18) -> str:
    """cProfile summary of random playouts, by cumulative time."""
    prof = cProfile.Profile()
    prof.enable()
    for seed in range(games):
        _play(players, seed)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main() -> None:
    """Print every figure."""
    for players, games in ((2, 10), (4, 6)):
        wall, cpu, steps = games_per_second(players, games)
        print(f"{players}P random games: {wall:.2f}/s wall, {cpu:.2f}/s CPU, {steps:.0f} decisions per game")
    state = midgame()
    rate, n = legal_actions_per_second(state)
    print(f"legal actions at mid-game (4P, round {state.round}, {n} actions): {rate:.0f} generations/s")
    clone_us, deep_us = clone_vs_deepcopy(state)
    print(f"clone {clone_us:.0f} us, copy.deepcopy {deep_us:.0f} us ({deep_us / clone_us:.0f}x)")
    print(profile())


if __name__ == "__main__":
    main()
