"""Soot & Timber with the strong agent in every seat: CPU seconds, scores and what was played.

Usage: ``python benchmarks/soot_strong.py GAMES FIRST_SEED [PLAYERS]``; one JSON row a game
(process CPU time of the game, final totals, loans left, what was played summed over seats).
"""

from __future__ import annotations

import json
import sys
import time

from hexkit.rng import Rng
from hexkit_soot import GAME


def play(seed: int, players: int) -> dict[str, object]:
    """Play one game with ``StrongSootAgent`` in every seat; return its row."""
    state = GAME.setup(GAME.make_config(players=players), Rng(seed))
    agents = [GAME.strong_agent(seed * 10 + i) for i in range(players)]
    start = time.process_time()
    while not GAME.is_over(state):
        seat = GAME.current_player(state)
        assert seat is not None
        legal = list(GAME.legal_actions(state))
        GAME.apply(state, agents[seat].act(GAME, GAME.view(state, seat), legal))
    cpu = time.process_time() - start
    return {"seed": seed, "cpu": round(cpu, 2), "scores": list(GAME.scores(state).totals),
            "loans": [p.loans for p in state.players], "rounds": state.round,
            "played": {k: sum(v) for k, v in GAME.played(state).items()}}


if __name__ == "__main__":
    games, first = int(sys.argv[1]), int(sys.argv[2])
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    for s in range(first, first + games):
        print(json.dumps(play(s, players)), flush=True)
