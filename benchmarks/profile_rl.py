"""cProfile of the learning interfaces at every decision of random games.

By default only the observation and the legal mask are profiled (the
playout itself runs outside the profiler), so the figures are the
environment's overhead, not the rules. With ``--env`` the whole environment
step of :mod:`benchmarks.bench_rl` is profiled (observation, mask, the
numbers, ``apply_index``): the share of the rules in it is the bare step.

cProfile adds a fixed cost to every Python call, which inflates code made
of many small calls; for where time goes inside one long function, a
sampling profiler (py-spy, ``--format raw``, per line) is the better tool.

Run: ``python -m benchmarks.profile_rl [hex|hex5|empyreal|empyreal4|soot|soot4] [games] [top] [--env]``.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys
from typing import Any

import hexkit
from hexkit.rl import legal_mask_array, observation
from hexkit.rl.spaces import apply_index, legal_indices

CASES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "hex": ("hex", 2, {"size": 11}), "hex5": ("hex", 2, {"size": 5}),
    "empyreal": ("empyreal", 2, {}), "empyreal4": ("empyreal", 4, {}), "soot": ("soot", 2, {}),
    "soot4": ("soot", 4, {}),
}


def main(argv: list[str]) -> None:
    """Profile the case ``argv[0]`` over ``argv[1]`` games, print the top ``argv[2]`` entries."""
    env = "--env" in argv
    args = [a for a in argv if not a.startswith("--")]
    name, players, options = CASES[args[0] if args else "soot"]
    games = int(args[1]) if len(args) > 1 else 4
    top = int(args[2]) if len(args) > 2 else 25
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
            if env:
                numbers = legal_indices(game, state)
                apply_index(game, state, numbers[rng.randrange(len(numbers))])
                profile.disable()
                continue
            profile.disable()
            legal = game.legal_actions(state)
            game.apply(state, legal[rng.randrange(len(legal))])
    stats = pstats.Stats(profile)
    stats.sort_stats("tottime").print_stats(top)


if __name__ == "__main__":
    main(sys.argv[1:])
