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
Both sides play the same seeds in every run: round ``i`` plays seed
``i + 1`` on each side (catanatron's ``Game(seed=0)`` would draw a fresh
seed, as 0 is falsy there), and catanatron's global ``random``, which its
``RandomPlayer`` draws from, is seeded by ``Game(seed=...)`` and seeded
again here just before each game, so nothing else in the process moves
it. Until 2026-12-07 a run was 12 games and printed one pooled figure,
which moved between 1.7x and 2.2x from run to run under the machine's
load; now :data:`GAMES` rounds are played (about 20-30 s in all) and the
spread is printed: the pooled figure (all games' decisions over all their
CPU time), and the minimum, median and maximum of the per-round ratios
(one game of each side per round, so a round's ratio also carries the
difference between the two games it pairs) and of the ratios of
:data:`BLOCKS` blocks of consecutive rounds (each pooled like the whole).

No pass/fail: figures to compare between commits.
"""

from __future__ import annotations

import copy
import os
import random
import statistics
import sys
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
GAMES = 40
"""Timed rounds (one game of each contender per round); ``--quick``: 12."""
BLOCKS = 5
"""The rounds are also cut into this many blocks of consecutive rounds, each pooled."""


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
    """One catanatron game of random players; returns its decisions.

    ``seed`` must be non-zero (catanatron draws a seed of its own for 0)."""
    match = Game(_catan_players(), seed=seed)
    random.seed(seed)  # the RandomPlayer draws from the global random (Game seeded it too)
    match.play()
    return len(match.state.actions)


Round = dict[str, tuple[int, float]]
"""One round: contender -> (decisions, CPU seconds) of its game."""


def _playouts(contenders: dict[str, Any], games: int) -> list[Round]:
    """Each contender's random games, interleaved: one game of each per round.

    Each contender plays one untimed warm-up game first (data tables loaded,
    caches filled: paid once per process, not per decision); then round
    ``i`` plays seed ``i + 1`` on every side, so a change in the machine's
    load during the run weighs on all of them alike, and every run plays the
    same games.

    Args:
        contenders: name -> a function playing one game of a (non-zero) seed
            and returning its decisions.
        games: rounds, i.e. timed games per contender.

    Returns:
        One :data:`Round` per round, in order.
    """
    for play in contenders.values():
        play(10**6)
    rounds: list[Round] = []
    for seed in range(1, games + 1):
        row: Round = {}
        for name, play in contenders.items():
            cpu = time.process_time()
            steps = play(seed)
            row[name] = (steps, time.process_time() - cpu)
        rounds.append(row)
    return rounds


def _pooled(rounds: list[Round], name: str) -> tuple[float, float]:
    """(games per CPU-second, decisions per CPU-second) of ``name`` over ``rounds``."""
    spent = sum(r[name][1] for r in rounds)
    return len(rounds) / spent, sum(r[name][0] for r in rounds) / spent


def spread(rounds: list[Round], name: str, base: str, blocks: int = BLOCKS) -> dict[str, tuple[float, float, float]]:
    """The noise of ``name``'s decisions per CPU-second over ``base``'s.

    Returns:
        ``{"rounds": (min, median, max), "blocks": (min, median, max)}``: the
        ratio per round (one game each), and per block of consecutive rounds
        (``blocks`` blocks, each pooled).
    """
    per_round = [(r[name][0] / r[name][1]) / (r[base][0] / r[base][1]) for r in rounds]
    size = max(1, len(rounds) // blocks)
    per_block = [_pooled(rounds[i:i + size], name)[1] / _pooled(rounds[i:i + size], base)[1]
                 for i in range(0, size * (len(rounds) // size), size)]

    def summary(xs: list[float]) -> tuple[float, float, float]:
        return min(xs), statistics.median(xs), max(xs)

    return {"rounds": summary(per_round), "blocks": summary(per_block)}


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


def _load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except (AttributeError, OSError):  # pragma: no cover - not every platform has it
        return "unknown"


def main(argv: list[str] | None = None) -> None:
    if Game is None:  # pragma: no cover
        print("catanatron is not installed (pip install -e '.[test]'); skipped")
        return
    args = sys.argv[1:] if argv is None else argv
    games = 12 if "--quick" in args else GAMES
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {_load()};"
          f" {games} rounds, seeds 1..{games} on every side")
    rounds = _playouts({
        "catanatron": _catan_game,
        "hexkit empyreal": lambda seed: _hexkit_game(EMPYREAL, seed),
        "hexkit soot": lambda seed: _hexkit_game(SOOT, seed),
    }, games)
    catan = _pooled(rounds, "catanatron")
    print(f"random 4-player games   {'games/CPU-s':>12} {'x catanatron':>13} {'decisions/CPU-s':>16} {'x catanatron':>13}")
    for name in rounds[0]:
        ours = _pooled(rounds, name)
        print(f"{name:22} {ours[0]:12.1f} {ours[0] / catan[0]:13.2f} {ours[1]:16.0f} {ours[1] / catan[1]:13.2f}")
    print("decisions/CPU-s x catanatron, spread (min / median / max):")
    for name in list(rounds[0])[1:]:
        noise = spread(rounds, name, "catanatron")
        r, b = noise["rounds"], noise["blocks"]
        print(f"  {name:20} per round {r[0]:.2f} / {r[1]:.2f} / {r[2]:.2f};"
              f" per block of {max(1, games // BLOCKS)} rounds {b[0]:.2f} / {b[1]:.2f} / {b[2]:.2f}")
    print(f"load average at the end {_load()}")
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
