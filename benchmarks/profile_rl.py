"""cProfile of the observation + legal mask at every decision of random games.

Only the two rl calls are profiled (the playout itself runs outside the
profiler), so the figures are the environment's overhead, not the rules.

Run: ``python -m benchmarks.profile_rl [hex|hex5|empyreal|soot|soot4] [games] [top]``.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys
from typing import Any

import hexkit
from hexkit.rl import legal_mask_array, observation

CASES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "hex": ("hex", 2, {"size": 11}), "hex5": ("hex", 2, {"size": 5}),
    "empyreal": ("empyreal", 2, {}), "soot": ("soot", 2, {}), "soot4": ("soot", 4, {}),
}


def main(argv: list[str]) -> None:
    """Profile the case ``argv[0]`` over ``argv[1]`` games, print the top ``argv[2]`` entries."""
    name, players, options = CASES[argv[0] if argv else "soot"]
    games = int(argv[1]) if len(argv) > 1 else 4
    top = int(argv[2]) if len(argv) > 2 else 25
    game = hexkit.load_game(name)
    config = game.make_config(players, **options)
    profile = cProfile.Profile()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new(config, seed)
        while not game.is_over(state):
            profile.enable()
            observation(game, state, game.current_player(state))
            legal_mask_array(game, state)
            profile.disable()
            legal = game.legal_actions(state)
            game.apply(state, legal[rng.randrange(len(legal))])
    stats = pstats.Stats(profile)
    stats.sort_stats("tottime").print_stats(top)


if __name__ == "__main__":
    main(sys.argv[1:])
