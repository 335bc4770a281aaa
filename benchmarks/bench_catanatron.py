"""Random playouts of hex euro games: hexkit's two games against catanatron.

catanatron (a fast Python Settlers of Catan) is the Python peer for a
hex-map euro game: random full games, 4 players. The games differ, so two
figures are shown, each as CPU time of this process (steadier than wall
time on a shared machine), measured in the same run:

* games per CPU-second: what a balance study pays per game;
* decisions per CPU-second: the work per step (listing the legal actions,
  choosing one at random, applying it), fairer across games of different
  length.

Then the forward model's copy: hexkit ``clone`` and catanatron ``Game.copy``
at mid-game, against ``copy.deepcopy`` of the same object.
No pass/fail: figures to compare between commits.
"""

from __future__ import annotations

import copy
import time
from typing import Any

from hexkit.rng import Rng

from hexkit_empyreal import GAME as EMPYREAL
from hexkit_soot import GAME as SOOT

try:  # a test extra, not a dependency
    from catanatron import Color, Game, RandomPlayer
except ImportError:  # pragma: no cover
    Game = None

PLAYERS = 4
GAMES = 12


def _hexkit_playouts(game: Any, games: int) -> tuple[float, float]:
    """Games and decisions per CPU-second of uniform random play."""
    cpu = time.process_time()
    steps = 0
    for seed in range(games):
        state = game.new(game.make_config(players=PLAYERS), seed)
        chooser = Rng(seed ^ 0x5EED)
        while state.pending:
            legal = game.legal_actions(state)
            game.apply(state, legal[chooser.randbelow(len(legal))])
            steps += 1
    spent = time.process_time() - cpu
    return games / spent, steps / spent


def _catan_players() -> list[Any]:
    return [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]


def _catan_playouts(games: int) -> tuple[float, float]:
    cpu = time.process_time()
    steps = 0
    for seed in range(games):
        match = Game(_catan_players(), seed=seed)
        match.play()
        steps += len(match.state.actions)
    spent = time.process_time() - cpu
    return games / spent, steps / spent


def _per_call_us(fn: Any, reps: int) -> float:
    start = time.perf_counter()
    for _ in range(reps):
        fn()
    return (time.perf_counter() - start) / reps * 1e6


def _hexkit_midgame(game: Any, steps: int = 400) -> Any:
    state = game.new(game.make_config(players=PLAYERS), 3)
    chooser = Rng(3)
    while state.pending and state.step < steps:
        legal = game.legal_actions(state)
        game.apply(state, legal[chooser.randbelow(len(legal))])
    return state


def _catan_midgame(ticks: int = 400) -> Any:
    match = Game(_catan_players(), seed=3)
    for _ in range(ticks):
        match.play_tick()
    return match


def main() -> None:
    if Game is None:  # pragma: no cover
        print("catanatron is not installed (pip install -e '.[test]'); skipped")
        return
    catan = _catan_playouts(GAMES)
    print(f"random 4-player games   {'games/CPU-s':>12} {'x catanatron':>13} {'decisions/CPU-s':>16} {'x catanatron':>13}")
    print(f"{'catanatron':22} {catan[0]:12.1f} {'1.00':>13} {catan[1]:16.0f} {'1.00':>13}")
    for name, game in (("hexkit empyreal", EMPYREAL), ("hexkit soot", SOOT)):
        ours = _hexkit_playouts(game, GAMES)
        print(f"{name:22} {ours[0]:12.1f} {ours[0] / catan[0]:13.2f} {ours[1]:16.0f} {ours[1] / catan[1]:13.2f}")
    print()
    print(f"copy at mid-game (us)   {'copy':>8} {'deepcopy':>9} {'ratio':>6}")
    match = _catan_midgame()
    fast, deep = _per_call_us(match.copy, 300), _per_call_us(lambda: copy.deepcopy(match), 20)
    print(f"{'catanatron Game.copy':22} {fast:8.0f} {deep:9.0f} {deep / fast:6.0f}x")
    for name, game in (("hexkit empyreal clone", EMPYREAL), ("hexkit soot clone", SOOT)):
        state = _hexkit_midgame(game)
        fast = _per_call_us(lambda: game.clone(state), 300)
        deep = _per_call_us(lambda: copy.deepcopy(state), 20)
        print(f"{name:22} {fast:8.0f} {deep:9.0f} {deep / fast:6.0f}x")


if __name__ == "__main__":
    main()
