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
Each contender plays one untimed warm-up game, then the timed games are
interleaved (one of each per round) so that the load of a shared machine
weighs on all alike; a copy's time is the best of 7 batches, in CPU time too.

The random agent is the same on both sides: catanatron's ``RandomPlayer``
draws ``random.randrange(0, len(playable_actions))`` from the standard
library's Mersenne Twister, so the hexkit loop draws
``random.Random(seed).randrange(len(legal))`` too (until 2026-12-07 it drew
from :class:`hexkit.rng.Rng`, a pure-Python generator about twice as
dear per draw, 0.96 us against 0.44 us here, which charged hexkit's
games for its agent's dice). Both
loops list every legal action (catanatron keeps ``playable_actions`` after
each action; hexkit's ``len(legal)`` lists the lazy view), pick one, and
apply it with validation (catanatron ``execute(validate_action=True)``,
hexkit ``apply``); a game's set-up is timed on both sides.
No pass/fail: figures to compare between commits.
"""

from __future__ import annotations

import copy
import random
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


def _hexkit_game(game: Any, seed: int) -> int:
    """One uniform random game; returns its decisions."""
    state = game.new(game.make_config(players=PLAYERS), seed)
    pick = random.Random(seed ^ 0x5EED).randrange  # catanatron's RandomPlayer: random.randrange
    steps = 0
    while state.pending:
        legal = game.legal_actions(state)
        game.apply(state, legal[pick(len(legal))])
        steps += 1
    return steps


def _catan_players() -> list[Any]:
    return [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]


def _catan_game(seed: int) -> int:
    """One catanatron game of random players; returns its decisions."""
    match = Game(_catan_players(), seed=seed)
    match.play()
    return len(match.state.actions)


def _playouts(contenders: dict[str, Any], games: int) -> dict[str, tuple[float, float]]:
    """Games and decisions per CPU-second of each contender's random play.

    Each contender plays one untimed warm-up game first (data tables loaded,
    caches filled: paid once per process, not per decision); then the games
    are interleaved, one of each contender per round, so a change in the
    machine's load during the run weighs on all of them alike.

    Args:
        contenders: name -> a function playing one game of a seed and
            returning its decisions.
        games: timed games per contender.

    Returns:
        name -> (games per CPU-second, decisions per CPU-second).
    """
    for play in contenders.values():
        play(10**6)
    spent = dict.fromkeys(contenders, 0.0)
    steps = dict.fromkeys(contenders, 0)
    for seed in range(games):
        for name, play in contenders.items():
            cpu = time.process_time()
            steps[name] += play(seed)
            spent[name] += time.process_time() - cpu
    return {name: (games / spent[name], steps[name] / spent[name]) for name in contenders}


def _per_call_us(fn: Any, reps: int, batches: int = 7) -> float:
    """CPU microseconds per call of ``fn``: the best of ``batches`` batches of
    ``reps`` calls (as :mod:`timeit` advises: the other batches were slowed
    by the machine's other work, not by ``fn``). CPU time of this process,
    as for the playouts: on a shared machine the wall clock also counts the
    time other processes hold the core (one run showed every copy and
    deepcopy 30x dearer by the wall clock than the next run)."""
    times = []
    for _ in range(batches):
        start = time.process_time()
        for _ in range(reps):
            fn()
        times.append((time.process_time() - start) / reps * 1e6)
    return min(times)


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
    figures = _playouts({
        "catanatron": _catan_game,
        "hexkit empyreal": lambda seed: _hexkit_game(EMPYREAL, seed),
        "hexkit soot": lambda seed: _hexkit_game(SOOT, seed),
    }, GAMES)
    catan = figures["catanatron"]
    print(f"random 4-player games   {'games/CPU-s':>12} {'x catanatron':>13} {'decisions/CPU-s':>16} {'x catanatron':>13}")
    for name, ours in figures.items():
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
