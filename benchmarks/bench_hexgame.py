"""Random playouts per second: the tutorial Hex game against OpenSpiel's ``hex``.

A playout is a new 11x11 game played to the end with uniformly random legal
moves. Every engine plays the *same* games: the moves are drawn from a
:class:`hexkit.rng.Rng` seeded per game, and the two engines agree move for
move (tests/test_hexgame_openspiel.py), so the figures compare equal work.
The total number of moves is printed to show it.

Rows:

* ``hexkit legal_actions+apply``: what a user writes
  (``legal = game.legal_actions(s); game.apply(s, legal[i])``), with the
  validation :meth:`~hexkit.game.Game.apply` always does;
* ``hexkit legal_indices+apply_index``: the action-number path for
  learning agents;
* ``hexkit legal_mask+apply_index``: the same with the legal indices read
  off the mask, as a masked policy would;
* ``open_spiel legal_actions+apply_action``: the same loop on
  ``pyspiel.load_game("hex")`` (C++ engine, driven from Python).

Each engine's time is the sum, over chunks of 20 games, of the best of five
interleaved rounds, to keep a shared machine's bursts of load out of the
figures. No pass/fail.
"""

from __future__ import annotations

import copy
import time
import timeit
from collections.abc import Callable

from hexkit.rng import Rng

from hexkit_hexgame import GAME, HexState

try:  # a test extra, not a dependency
    import pyspiel
except ImportError:  # pragma: no cover
    pyspiel = None

SIZE = 11
GAMES = 200
CHUNK = 20
ROUNDS = 5


def hexkit_playouts(seeds: range) -> int:
    """Play one game per seed through ``legal_actions`` + ``apply``; return the moves made."""
    game = GAME
    config = game.make_config(2, size=SIZE)
    moves = 0
    for seed in seeds:
        state = game.new(config, seed)
        rng = Rng(seed)
        while not game.is_over(state):
            legal = game.legal_actions(state)
            game.apply(state, legal[rng.randbelow(len(legal))])
        moves += state.step
    return moves


def hexkit_index_playouts(seeds: range) -> int:
    """The same games through ``legal_indices`` + ``apply_index``."""
    game = GAME
    config = game.make_config(2, size=SIZE)
    moves = 0
    for seed in seeds:
        state = game.new(config, seed)
        rng = Rng(seed)
        while state.pending:
            legal = game.legal_indices(state)
            game.apply_index(state, legal[rng.randbelow(len(legal))])
        moves += state.step
    return moves


def hexkit_mask_playouts(seeds: range) -> int:
    """The same games through ``legal_mask`` + ``apply_index``, as a masked policy would."""
    game = GAME
    config = game.make_config(2, size=SIZE)
    moves = 0
    for seed in seeds:
        state = game.new(config, seed)
        rng = Rng(seed)
        while state.pending:
            legal = [i for i, ok in enumerate(game.legal_mask(state)) if ok]
            game.apply_index(state, legal[rng.randbelow(len(legal))])
        moves += state.step
    return moves


def openspiel_playouts(seeds: range) -> int:
    """The same games on OpenSpiel's ``hex``."""
    game = pyspiel.load_game("hex", {"board_size": SIZE})
    moves = 0
    for seed in seeds:
        state = game.new_initial_state()
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randbelow(len(legal))])
        moves += len(state.history())
    return moves


def _best(runs: dict[str, Callable[[range], int]]) -> dict[str, tuple[float, int]]:
    """Seconds and moves per engine: the games in chunks, each chunk's best of ROUNDS, summed.

    The engines take turns on every chunk, so a burst of load on a shared
    machine spoils one chunk of one round, not one engine's whole figure.
    """
    seconds = dict.fromkeys(runs, 0.0)
    moves = dict.fromkeys(runs, 0)
    for start in range(0, GAMES, CHUNK):
        seeds = range(start, min(start + CHUNK, GAMES))
        best = dict.fromkeys(runs, float("inf"))
        made = dict.fromkeys(runs, 0)
        for _ in range(ROUNDS):
            for name, run in runs.items():
                began = time.perf_counter()
                made[name] = run(seeds)
                best[name] = min(best[name], time.perf_counter() - began)
        for name in runs:
            seconds[name] += best[name]
            moves[name] += made[name]
    return {name: (seconds[name], moves[name]) for name in runs}


def _midgame() -> HexState:
    state = GAME.new(GAME.make_config(2, size=SIZE), 1)
    rng = Rng(1)
    for _ in range(40):
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.randbelow(len(legal))])
    return state


def main() -> None:
    runs: dict[str, Callable[[range], int]] = {
        "hexkit legal_actions+apply": hexkit_playouts,
        "hexkit legal_indices+apply_index": hexkit_index_playouts,
        "hexkit legal_mask+apply_index": hexkit_mask_playouts,
    }
    if pyspiel is not None:
        runs["open_spiel legal_actions+apply_action"] = openspiel_playouts
    results = _best(runs)
    spiel = results.get("open_spiel legal_actions+apply_action")
    head = f"{SIZE}x{SIZE} random playouts ({GAMES} games)"
    print(f"{head:42} {'playouts/s':>11} {'moves/s':>10} {'moves':>7} {'vs open_spiel':>14}")
    for name, (seconds, moves) in results.items():
        ratio = "-" if spiel is None else f"{(GAMES / seconds) / (GAMES / spiel[0]):.2f}x"
        rate = GAMES / seconds
        print(f"{name:42} {rate:>11,.0f} {moves / seconds:>10,.0f} {moves:>7} {ratio:>14}")
    if pyspiel is None:
        print("(open_spiel not installed: pip install open_spiel for the comparison)")

    state = _midgame()
    number = 2000
    clone = min(timeit.repeat(lambda: GAME.clone(state), number=number, repeat=ROUNDS)) / number
    deep = min(timeit.repeat(lambda: copy.deepcopy(state), number=50, repeat=ROUNDS)) / 50
    print(f"clone of a 40-move state: {clone * 1e6:.1f} us; copy.deepcopy: {deep * 1e6:.0f} us"
          f" ({deep / clone:.0f}x slower)")


if __name__ == "__main__":
    main()
