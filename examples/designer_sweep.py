"""A designer's sweep: play the same seeds for each value of one number.

    python examples/designer_sweep.py                       # Empyreal: rules.start_mana = 3, 5, 7
    python examples/designer_sweep.py --game soot           # archetypes.Rancher.currency = 4, 6, 8
    python examples/designer_sweep.py --game hex --param size --values 3,5,7

A path that names a field of the game's config class (Hex's ``size``) is
set on the config; any other path goes into ``config.overrides``, which
the plugin applies to its component data at set-up
(:func:`hexkit.overrides.apply_overrides`), so no data file is edited.
Every value plays the same seeds, so differences come from the number and
not from the luck of the draw. ``hexkit sweep GAME --set PATH=V1,V2`` does
the same at scale, with reports and plots.
"""

from __future__ import annotations

import argparse
import statistics
import sys

import attrs

import hexkit
from hexkit.agents import make_agent
from hexkit.sim.study import check_overrides

from _shared import pick_game

DEFAULTS = {
    "empyreal": ("rules.start_mana", "3,5,7"),
    "soot": ("archetypes.Rancher.currency", "4,6,8"),
    "hex": ("size", "3,5,7"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="registry name (default: empyreal, else hex)")
    parser.add_argument("--param", help="config field or dotted data path to change")
    parser.add_argument("--values", help="comma-separated values to try")
    parser.add_argument("--games", type=int, default=10, help="games per value")
    parser.add_argument("--agents", default="greedy,random", help="agent specs, one per seat, cycled")
    args = parser.parse_args(argv)

    game = pick_game(args.game)
    default_param, default_values = DEFAULTS.get(game.info.name, ("", ""))
    param: str = args.param or default_param
    values: list[str] = (args.values or default_values).split(",")
    if not param or values == [""]:
        parser.error(f"give --param and --values for {game.info.name}")
    players = max(2, game.info.min_players)
    specs = args.agents.split(",")
    fields = {f.name: f for f in attrs.fields(game.config_type)}

    where = "config field" if param in fields else "config.overrides"
    print(f"{game.info.title}: {param} ({where}) in {values}, {args.games} games each, {players} players")
    print(f"{'value':>8} {'games':>6} {'seat 0 wins':>12} {'mean decisions':>15} {'min':>5} {'max':>5}")
    for value in values:
        if param in fields and param not in ("overrides", "data"):
            config = game.make_config(players, (), **{param: int(value)})
        else:
            config = game.make_config(players, (), overrides={param: value})
            check_overrides(game, config)  # refuse a path the game would silently ignore
        game.new(config, 0)  # a bad path or value fails here, before any game is played
        lengths, seat0 = [], 0
        for i in range(args.games):
            # Rotate agents over the seats so that no agent always moves first.
            agents = {p: make_agent(specs[(p + i) % len(specs)], seed=1000 * i + p)
                      for p in range(players)}
            match = hexkit.Match(game, config, seed=i, agents=agents)
            match.run()
            lengths.append(match.state.step)
            seat0 += game.winner(match.state) == 0
        print(f"{value:>8} {args.games:>6} {seat0 / args.games:>12.0%} "
              f"{statistics.mean(lengths):>15.1f} {min(lengths):>5} {max(lengths):>5}")
    return 0


def _main() -> int:
    try:
        return main()
    except hexkit.HexkitError as exc:
        print(f"designer_sweep.py: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(_main())
