"""Empyreal: Spells & Steam throughput: random games, legal actions, clone, agents.

Figures, not pass/fail timings. ``python -m benchmarks empyreal`` prints the
engine figures (random games per second, legal actions, clone against
deepcopy, ``evaluate`` and a 10-iteration MCTS decision).

``python -m benchmarks.bench_empyreal triggers [GAMES]`` plays GAMES games
(default 50; MCTS 30) for each agent (random, greedy, MCTS with 10
iterations) in every seat at 3 and 4 players and counts how each game
ended: the rulebook's triggers (Demand Tiles, a Company out of train cars)
or the engine's round limit. It takes several minutes.
"""

from __future__ import annotations

import copy
import sys
import time
from collections import Counter

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


def evaluate_time(players: int = 4, reps: int = 2000) -> float:
    """Microseconds per ``GAME.evaluate`` of a mid-game state (CPU time)."""
    state = _midgame(players)
    start = time.process_time()
    for i in range(reps):
        GAME.evaluate(state, i % players)
    return (time.process_time() - start) / reps * 1e6


def mcts_decision_time(players: int = 4, decisions: int = 40) -> float:
    """Milliseconds (CPU time) per decision of a 10-iteration MCTS agent, from mid-game positions."""
    from hexkit.agents import MCTSAgent

    state = _midgame(players)
    chooser = Rng(11)
    agent = MCTSAgent(iterations=10, seed=1)
    used = 0.0
    searched = 0
    while state.pending and searched < decisions:
        player = GAME.current_player(state)
        if player is None:
            break
        view = GAME.view(state, player)
        legal = GAME.legal_actions(view)
        if len(legal) > 1:
            start = time.process_time()
            agent.act(GAME, view, legal)
            used += time.process_time() - start
            searched += 1
        real = GAME.legal_actions(state)
        GAME.apply(state, real[chooser.randbelow(len(real))])
    return used / max(1, searched) * 1e3


def end_reason(state: EmpyrealState) -> str:
    """How a finished game ended: ``tiles``, ``cars`` (rulebook triggers) or ``limit`` (engine round limit)."""
    for event in state.log:
        text = event.text
        if "the game end is triggered" in text:
            if "Demand Tiles" in text:
                return "tiles"
            if "run out of train cars" in text:
                return "cars"
            return "limit"
    return "none"


def trigger_counts(spec: str, players: int, games: int, seed: int = 0) -> tuple[Counter[str], float]:
    """End reasons of ``games`` games with agent ``spec`` in every seat, and the mean rounds played."""
    from hexkit.agents.spec import make_agent
    from hexkit.match import Match

    counts: Counter[str] = Counter()
    rounds = 0
    for g in range(seed, seed + games):
        agents = {s: make_agent(spec, seed=g * 10 + s) for s in range(players)}
        match = Match(GAME, GAME.make_config(players), seed=g, agents=agents)
        match.run()
        state = match.state
        if not isinstance(state, EmpyrealState):  # pragma: no cover - the registry gives Empyreal states
            raise TypeError("not an Empyreal state")
        counts[end_reason(state)] += 1
        rounds += state.round
    return counts, rounds / max(1, games)


def triggers(games: int = 50) -> None:
    """Print how games end for random, greedy and MCTS agents at 3 and 4 players."""
    for players in (3, 4):
        for spec, n in (("random", games), ("greedy", games), ("mcts:iterations=10", min(games, 30))):
            counts, rounds = trigger_counts(spec, players, n)
            parts = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
            print(f"{players} players, {spec:20s} {n} games: {parts} (mean round {rounds:.1f})", flush=True)


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
    print(f"4 players: evaluate {evaluate_time():6.1f} us (CPU)")
    print(f"4 players: 10-iteration MCTS decision {mcts_decision_time():6.1f} ms (CPU)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["triggers"]:
        triggers(int(sys.argv[2]) if len(sys.argv) > 2 else 50)
    else:
        main()
