"""cProfile of random 4-player playouts (the loop of :mod:`bench_catanatron`).

Run: ``python -m benchmarks.profile_soot [soot|empyreal] [games] [top]``;
prints the top entries by internal and by cumulative time.

``python -m benchmarks.profile_soot checks [games]`` breaks Soot's turn menu
down instead: the CPU microseconds of each main action's availability check
and each free action's entries (the best of several passes over turn states
sampled from random games, so a loaded machine's stalls drop out), how often
each is open, and how often what a check reads stayed the same since the
same player's previous menu (what a memo of it could reuse).
"""

from __future__ import annotations

import cProfile
import json
import pstats
import random
import sys
import time
from typing import Any

PLAYERS = 4


def playouts(game: Any, games: int) -> int:
    """Uniform random 4-player playouts of seeds ``0 .. games - 1``.

    Args:
        game: a hexkit game object.
        games: how many games.

    Returns:
        The decisions made in all.
    """
    steps = 0
    for seed in range(games):
        state = game.new(game.make_config(players=PLAYERS), seed)
        pick = random.Random(seed ^ 0x5EED).randrange  # as bench_catanatron's agent
        while state.pending:
            legal = game.legal_actions(state)
            game.apply(state, legal[pick(len(legal))])
            steps += 1
    return steps


_BOARD = ("tiles", "water", "camps", "stacks", "settlements", "communities", "route_kind",
          "route_owner", "trails", "trust_camps")
"""The fields of the map a turn menu's board-bound checks read (hexes, pieces, routes)."""


def _menu_states(games: int) -> tuple[list[tuple[Any, int]], dict[str, float]]:
    """Turn-menu states of random 4-player games (a clone at one menu in four), and
    how often, at a menu, the map, the map with the player's own agents, and the
    player's purse (currency, goods, hand) are unchanged since that player's previous menu."""
    from hexkit.serialize import GameCodec
    from hexkit_soot import GAME as game

    codec = GameCodec(game)
    samples: list[tuple[Any, int]] = []
    same = {"map": 0, "map and own agents": 0, "own purse": 0, "menus": 0}
    for seed in range(games):
        state = game.new(game.make_config(players=PLAYERS), seed)
        pick = random.Random(seed ^ 0x5EED).randrange
        last: dict[int, tuple[str, str, str]] = {}
        while state.pending:
            top = state.pending[-1]
            if getattr(top, "kind", None) == "turn" and top.then is None:
                saved = codec.state_to_dict(state)["state"]
                me = saved["players"][top.player]
                now = (json.dumps([saved[k] for k in _BOARD], sort_keys=True),
                       json.dumps([me["builders"], me["explorers"], me["caravans"], me["warehouses"]]),
                       json.dumps([me["currency"], me["stock"], me["loose"], me["hand"]], sort_keys=True))
                before = last.get(top.player)
                same["menus"] += 1
                if before is not None:
                    same["map"] += before[0] == now[0]
                    same["map and own agents"] += before[0] == now[0] and before[1] == now[1]
                    same["own purse"] += before[2] == now[2]
                last[top.player] = now
                if pick(4) == 0:
                    samples.append((game.clone(state), top.player))
            legal = game.legal_actions(state)
            game.apply(state, legal[pick(len(legal))])
    menus = same.pop("menus")
    return samples, {k: v / menus for k, v in same.items()}


def checks(games: int, passes: int = 7) -> None:
    """Print the turn menu's cost by check (see the module's docstring).

    Args:
        games: random games to sample turn states from.
        passes: passes over the samples; each figure is the best pass.
    """
    from hexkit_soot.rules.actions import turn_options
    from hexkit_soot.rules.steps import FREE_ACTIONS, MAIN_ACTIONS

    samples, same = _menu_states(games)
    rows: list[tuple[str, Any]] = [(f"main {n}", m.available) for n, m in MAIN_ACTIONS.items()]
    rows += [(f"free {n}", f.options) for n, f in FREE_ACTIONS.items()]
    rows.append(("the whole menu (turn_options)", turn_options))
    print(f"{len(samples)} turn states of {games} games; CPU us per call, best of {passes} passes")
    out = []
    for name, fn in rows:
        best = float("inf")
        for _ in range(passes):
            start = time.process_time()
            for state, player in samples:
                fn(state, player)
            best = min(best, time.process_time() - start)
        opened = sum(bool(fn(state, player)) for state, player in samples) / len(samples)
        out.append((best / len(samples) * 1e6, opened, name))
    for us, opened, name in sorted(out, reverse=True):
        print(f"{name:40} {us:7.2f} us   open {opened:5.0%}")
    print("unchanged since the same player's previous menu: "
          + ", ".join(f"{k} {v:.0%}" for k, v in same.items()))


def main(argv: list[str]) -> None:
    """Profile the playouts named by ``argv``: ``[game] [games] [top]``
    (``soot`` or ``empyreal``, default 4 games, the top 30 entries)."""
    name = argv[0] if argv else "soot"
    games = int(argv[1]) if len(argv) > 1 else 4
    if name == "checks":
        checks(games)
        return
    top = int(argv[2]) if len(argv) > 2 else 30
    game: Any
    if name == "soot":
        from hexkit_soot import GAME as game
    else:
        from hexkit_empyreal import GAME as game
    game.make_config(players=PLAYERS)  # load the data tables before profiling
    prof = cProfile.Profile()
    prof.enable()
    steps = playouts(game, games)
    prof.disable()
    print(f"{name}: {games} games, {steps} decisions")
    stats = pstats.Stats(prof)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


if __name__ == "__main__":
    main(sys.argv[1:])
