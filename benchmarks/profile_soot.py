"""cProfile of random 4-player playouts (the loop of :mod:`bench_catanatron`).

Run: ``python -m benchmarks.profile_soot [soot|empyreal] [games] [top]``;
prints the top entries by internal and by cumulative time.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys
from typing import Any

PLAYERS = 4


def playouts(game: Any, games: int) -> int:
    """Uniform random 4-player playouts of seeds ``0 .. games - 1``.

    Args:
        game: a hexkit game object.
        games: how many games.

    Returns:
        The decisions made in all.
    """
    steps = 0
    for seed in range(games):
        state = game.new(game.make_config(players=PLAYERS), seed)
        pick = random.Random(seed ^ 0x5EED).randrange  # as bench_catanatron's agent
        while state.pending:
            legal = game.legal_actions(state)
            game.apply(state, legal[pick(len(legal))])
            steps += 1
    return steps


def main(argv: list[str]) -> None:
    """Profile the playouts named by ``argv``: ``[game] [games] [top]``
    (``soot`` or ``empyreal``, default 4 games, the top 30 entries)."""
    name = argv[0] if argv else "soot"
    games = int(argv[1]) if len(argv) > 1 else 4
    top = int(argv[2]) if len(argv) > 2 else 30
    game: Any
    if name == "soot":
        from hexkit_soot import GAME as game
    else:
        from hexkit_empyreal import GAME as game
    game.make_config(players=PLAYERS)  # load the data tables before profiling
    prof = cProfile.Profile()
    prof.enable()
    steps = playouts(game, games)
    prof.disable()
    print(f"{name}: {games} games, {steps} decisions")
    stats = pstats.Stats(prof)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


if __name__ == "__main__":
    main(sys.argv[1:])
