"""Empyreal: Spells & Steam strong agent: CPU-seconds per 4-player game.

A figure, not a pass/fail timing. ``python -m benchmarks empyreal_strong``
plays a few 4-player games with the strong agent
(:class:`hexkit_empyreal.strong.StrongEmpyrealAgent`) in every seat and
prints the CPU time of this process per game (the issue's budget is 5
CPU-seconds), with the rounds played and how each game ended.
``python -m benchmarks.bench_empyreal_strong GAMES`` sets the number of games
(default 4).
"""

from __future__ import annotations

import sys
import time

from hexkit.match import Match

from hexkit_empyreal import GAME


def strong_game_cpu(games: int = 4, players: int = 4, seed: int = 0) -> tuple[float, float, float, int]:
    """CPU-seconds per game (mean and worst), mean rounds, and games ended by a rulebook trigger."""
    used: list[float] = []
    rounds = 0
    by_rule = 0
    for g in range(seed, seed + games):
        agents = {s: GAME.strong_agent(g * 10 + s) for s in range(players)}
        match = Match(GAME, GAME.make_config(players), seed=g, agents=agents)
        start = time.process_time()
        match.run()
        used.append(time.process_time() - start)
        state = match.state
        rounds += GAME.turns(state)  # type: ignore[arg-type]
        by_rule += not GAME.end_reason(state).startswith("round limit")  # type: ignore[arg-type]
    return sum(used) / games, max(used), rounds / games, by_rule


def main(games: int = 4) -> None:
    """Print the figure."""
    mean, worst, rounds, by_rule = strong_game_cpu(games)
    print(
        f"4 players, strong in every seat: {mean:5.2f} CPU-s per game (worst {worst:.2f}),"
        f" {rounds:.1f} rounds, {by_rule}/{games} ended by a rulebook trigger"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4)
