"""Soot & Timber with the strong agent in every seat: CPU seconds, scores and what was played.

Usage: ``python benchmarks/soot_strong.py GAMES FIRST_SEED [PLAYERS]``; one JSON row a game
(process CPU time of the game, final totals, loans left, what was played summed over seats).
``python benchmarks/soot_strong.py summary ROWS.jsonl...`` prints the figures of docs/agents-soot.md:
games, median rounds and winning score, CPU mean and max, 3-loan player-games, and the share of
games in which each mechanism happened.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from hexkit.rng import Rng
from hexkit_soot import GAME
from hexkit_soot.state import SootState


def play_strong(seed: int, players: int, data_dir: str | None = None) -> tuple[SootState, float]:
    """Play game ``seed`` with ``StrongSootAgent`` in every seat (agent ``i`` seeded
    ``seed * 10 + i``, each handed its seat's view); ``data_dir``: a designer's copy of
    the data files (``SootConfig.data_dir``), the packaged data when ``None``.

    Returns:
        The final state and the process CPU seconds of the play.
    """
    config = GAME.make_config(players=players, data_dir=data_dir) if data_dir else GAME.make_config(players=players)
    state = GAME.setup(config, Rng(seed))
    agents = [GAME.strong_agent(seed * 10 + i) for i in range(players)]
    start = time.process_time()
    while not GAME.is_over(state):
        seat = GAME.current_player(state)
        assert seat is not None
        legal = list(GAME.legal_actions(state))
        GAME.apply(state, agents[seat].act(GAME, GAME.view(state, seat), legal))
    return state, time.process_time() - start


def play(seed: int, players: int) -> dict[str, object]:
    """Play one game with ``StrongSootAgent`` in every seat; return its row."""
    state, cpu = play_strong(seed, players)
    return {"seed": seed, "cpu": round(cpu, 2), "scores": list(GAME.scores(state).totals),
            "loans": [p.loans for p in state.players], "rounds": state.round,
            "played": {k: sum(v) for k, v in GAME.played(state).items()}}


def summary(rows: list[dict[str, object]]) -> dict[str, object]:
    """The figures of a set of rows: medians, CPU, 3-loan player-games, the share of games with each mechanism."""
    played = [r["played"] for r in rows]
    assert all(isinstance(p, dict) for p in played)
    names = list(played[0]) if played else []
    cpu = [float(r["cpu"]) for r in rows]  # type: ignore[arg-type]
    return {
        "games": len(rows),
        "rounds": statistics.median(int(r["rounds"]) for r in rows),  # type: ignore[call-overload]
        "winning score": statistics.median(max(r["scores"]) for r in rows),  # type: ignore[type-var, call-overload]
        "cpu mean": round(statistics.mean(cpu), 2), "cpu max": max(cpu),
        "3-loan player-games": sum(1 for r in rows for n in r["loans"] if n >= 3),  # type: ignore[attr-defined]
        "shares": {k: round(sum(1 for p in played if p[k] > 0) / len(rows), 2) for k in names},  # type: ignore[index]
        "means": {k: round(sum(p[k] for p in played) / len(rows), 1) for k in names},  # type: ignore[index]
    }


if __name__ == "__main__":
    if sys.argv[1] == "summary":
        rows = [json.loads(line) for name in sys.argv[2:] for line in open(name) if line.strip()]
        print(json.dumps(summary(rows), indent=1))
        sys.exit(0)
    games, first = int(sys.argv[1]), int(sys.argv[2])
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    for s in range(first, first + games):
        print(json.dumps(play(s, players)), flush=True)
