"""What the learning interfaces cost on top of the bare forward model.

Part 1, per game: the same random games are played two ways, and the time
per decision is reported:

* ``bare``: ``legal = game.legal_actions(s); game.apply(s, legal[i])``;
* ``env``: what an environment does at each decision:
  :func:`hexkit.rl.observation` for the mover (from its view),
  :func:`hexkit.rl.legal_mask_array`, then the agent's number applied with
  :func:`hexkit.rl.spaces.apply_index` (the same action as ``bare``'s ``i``).
  The legal actions are listed once per decision, by the mask, and reused by
  ``apply_index``, as in :class:`hexkit.rl.pettingzoo_env.HexkitAECEnv`;
* ratio ``env / bare``: the issue's figure, the overhead of the environment
  over the bare forward model (target under 2);
* ``obs`` and ``mask``: those two calls timed alone in a third pass (CPU time
  per call, so a little more than their share of ``env``; the
  mask's time includes listing the legal actions, which ``env`` then reuses).

``bare`` and ``env`` are whole games timed in CPU time (``time.process_time``),
so other jobs on a shared machine count less. Until 2026-12-03 the figure was
``(bare + obs + mask) / bare`` in wall time with the legal actions listed
twice per decision (by the mask, then again by the bare step).

Part 2, Hex 11x11: random masked play through the PettingZoo AEC env
(``env.last()`` + ``env.step``), through the OpenSpiel wrapper
(``hexkit_hex``), and OpenSpiel's native C++ ``hex`` driven from Python
(``state.legal_actions()`` + ``apply_action``); steps per second and the
env's time per step over the bare forward model's.

Each game's time is the smallest of :data:`ROUNDS` rounds (five: on a shared
machine CPU time still moves by 10-20% between rounds), summed over the games;
until 2026-12-07 the figure was the smallest of the rounds' sums, which a load
spike in any game of a round spoiled. No pass/fail: figures only.
Run: ``python -m benchmarks rl`` (``--quick`` for fewer games; ``python -m
benchmarks.bench_rl --quick empyreal`` for the named games only).
"""

from __future__ import annotations

import os
import random
import sys
import time
from typing import Any

import numpy as np

import hexkit
from hexkit.rl import aec_env, legal_mask_array, observation
from hexkit.rl.spaces import apply_index, legal_indices

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("hex", 2, {"size": 11}), ("hex", 2, {"size": 5}), ("empyreal", 2, {}), ("empyreal", 4, {}),
    ("soot", 2, {}), ("soot", 4, {}),
]


ROUNDS = 5
"""Rounds per figure; each figure is the best (smallest) of its rounds."""

CLOCK = time.process_time
"""CPU time of this process: the machine is shared, and a wall clock counts the other jobs."""


def _bare(game: Any, config: Any, seed: int) -> tuple[float, int]:
    """(CPU seconds, decisions) of one random game through ``legal_actions`` + ``apply``."""
    rng = random.Random(seed)
    state = game.new(config, seed)
    legal_actions, apply, is_over = game.legal_actions, game.apply, game.is_over
    decisions = 0
    t0 = CLOCK()
    while not is_over(state):
        legal = legal_actions(state)
        apply(state, legal[rng.randrange(len(legal))])
        decisions += 1
    return CLOCK() - t0, decisions


def _env(game: Any, config: Any, seed: int) -> float:
    """CPU seconds of the same game as an environment plays it: observation, mask, apply_index."""
    rng = random.Random(seed)
    state = game.new(config, seed)
    is_over, current = game.is_over, game.current_player
    t0 = CLOCK()
    while not is_over(state):
        observation(game, state, current(state))
        legal_mask_array(game, state)
        numbers = legal_indices(game, state)  # the numbering the mask made, reused
        apply_index(game, state, numbers[rng.randrange(len(numbers))])
    return CLOCK() - t0


def _parts(game: Any, config: Any, seed: int) -> tuple[float, float]:
    """(observation, mask) CPU seconds over the same game, each call timed alone."""
    rng = random.Random(seed)
    state = game.new(config, seed)
    clock = CLOCK
    obs = masks = 0.0
    while not game.is_over(state):
        t0 = clock()
        observation(game, state, game.current_player(state))
        t1 = clock()
        legal_mask_array(game, state)
        masks += clock() - t1
        obs += t1 - t0
        numbers = legal_indices(game, state)
        apply_index(game, state, numbers[rng.randrange(len(numbers))])
    return obs, masks


Row = tuple[str, float, float, float, float, int]


def per_game(games: int, only: tuple[str, ...] = ()) -> list[Row]:
    """Per case: (label, bare, env, obs, mask) in µs per decision, decisions (``only``: these games)."""
    rows = []
    for name, players, options in CASES:
        if only and name not in only:
            continue
        game = hexkit.load_game(name)
        config = game.make_config(players, **options)
        seeds = range(games * (10 if name == "hex" else 1))  # Hex games are short
        fastest = {seed: [float("inf")] * 4 for seed in seeds}
        decisions = 0
        for _ in range(ROUNDS):
            decisions = 0
            for seed in seeds:
                b, d = _bare(game, config, seed)
                e = _env(game, config, seed)
                o, m = _parts(game, config, seed)
                fastest[seed] = [min(x, y) for x, y in zip(fastest[seed], (b, e, o, m))]
                decisions += d
        # each game's fastest round, summed: a load spike costs one game one round, not a round
        best = [sum(f[i] for f in fastest.values()) for i in range(4)]
        label = f"{name} {players}p" + "".join(f" {k}={v}" for k, v in options.items())
        bare, env, obs, mask = (v / decisions * 1e6 for v in best)
        rows.append((label, bare, env, obs, mask, decisions))
    return rows


def env_steps(games: int) -> list[tuple[str, float]]:
    """Steps per second of random masked play on 11x11 Hex, three ways."""
    results = []
    env = aec_env("hex", size=11)

    def pettingzoo() -> int:
        steps = 0
        rng = np.random.default_rng(0)
        for seed in range(games):
            env.reset(seed=seed)
            while env.agents:
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
                steps += 1
        return steps

    game = hexkit.load_game("hex")
    config = game.make_config(2, size=11)

    def bare() -> int:
        steps = 0
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new(config, seed)
            while not game.is_over(state):
                legal = game.legal_actions(state)
                game.apply(state, legal[rng.randrange(len(legal))])
                steps += 1
        return steps

    runs: list[tuple[str, Any]] = [("hexkit bare legal_actions+apply", bare),
                                   ("hexkit PettingZoo AEC env", pettingzoo)]
    try:
        import pyspiel

        from hexkit.rl.openspiel import register

        native = pyspiel.load_game("hex", {"board_size": 11})
        wrapped = pyspiel.load_game(register("hex"), {"size": 11})

        def spiel(spiel_game: Any) -> Any:
            def run() -> int:
                steps = 0
                for seed in range(games):
                    rng = random.Random(seed)
                    state = spiel_game.new_initial_state()
                    while not state.is_terminal():
                        legal = state.legal_actions()
                        state.apply_action(legal[rng.randrange(len(legal))])
                        steps += 1
                return steps
            return run

        runs += [("hexkit through OpenSpiel (hexkit_hex)", spiel(wrapped)),
                 ("OpenSpiel native hex via pyspiel", spiel(native))]
    except ImportError:  # pragma: no cover
        pass
    for label, run in runs:
        best = float("inf")
        steps = 0
        for _ in range(3):
            t0 = CLOCK()
            steps = run()
            best = min(best, CLOCK() - t0)
        results.append((label, steps / best))
    return results


def _load() -> str:
    """The 1, 5 and 15 minute load averages, or "unknown"."""
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except (AttributeError, OSError):  # pragma: no cover - not every platform has it
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    quick = "--quick" in args
    only = tuple(a for a in args if not a.startswith("-") and a in {c[0] for c in CASES})
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {_load()}"
          " (the machine's other jobs move CPU time by 10-20%)")
    print("Per decision, random play (microseconds; bare and env in CPU time):")
    print(f"  {'game':24} {'bare step':>10} {'env step':>10} {'obs':>8} {'mask':>8} {'env/bare':>9}  target < 2x")
    for label, bare, env, obs, mask, decisions in per_game(2 if quick else 6, only):
        ratio = env / bare
        print(f"  {label:24} {bare:10.1f} {env:10.1f} {obs:8.1f} {mask:8.1f} {ratio:9.2f}"
              f"  {'met' if ratio < 2 else 'NOT met'}   ({decisions} decisions)")
    if only and "hex" not in only:
        print(f"load average at the end {_load()}")
        return 0
    print("Hex 11x11, random play, steps per second (CPU time):")
    figures = env_steps(20 if quick else 60)
    base = dict(figures)["hexkit bare legal_actions+apply"]
    for label, rate in figures:
        print(f"  {label:40} {rate:10.0f} steps/s   time per step x{base / rate:.2f} of hexkit bare")
    native = dict(figures).get("OpenSpiel native hex via pyspiel")
    if native:
        env = dict(figures)["hexkit PettingZoo AEC env"]
        print(f"  PettingZoo env / OpenSpiel native hex: {env / native:.2f}x the steps per second")
    print(f"load average at the end {_load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
