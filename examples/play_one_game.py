"""Play one game between chosen agents and print its log and final scores.

    python examples/play_one_game.py --agents greedy,random --seed 3
    python examples/play_one_game.py --game hex --agents mcts:iterations=50,random --record game.json

The game is Empyreal when it is installed, else the tutorial Hex game.
``--record`` saves the game record, which ``replay_to_svg.py`` and
``hexkit replay`` read back.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import hexkit
from hexkit.agents import make_agent

from _shared import pick_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="registry name (default: empyreal, else hex)")
    parser.add_argument("--players", type=int, help="number of players (default: the fewest allowed)")
    parser.add_argument("--agents", default="greedy,random", help="agent specs, one per seat, cycled")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a config option, e.g. size=7 for Hex (integers only)")
    parser.add_argument("--tail", type=int, default=0, help="print only the last N log lines")
    parser.add_argument("--record", type=Path, help="save the game record (JSON) here")
    args = parser.parse_args(argv)

    options = {}
    for option in args.option:
        key, eq, value = option.partition("=")
        if not eq or not key or not value.strip().lstrip("-").isdigit():
            parser.exit(2, f"play_one_game.py: error: --option {option!r}: expected KEY=INTEGER\n")
        options[key] = int(value)
    try:  # a bad game name, player count, option or agent: one line, exit status 2
        game = pick_game(args.game)
        players = args.players or max(2, game.info.min_players)
        config = game.make_config(players, (), **options)
        specs = args.agents.split(",")
        seats = {p: make_agent(specs[p % len(specs)], seed=args.seed * 100 + p)
                 for p in range(players)}
    except (hexkit.HexkitError, TypeError) as exc:
        print(f"play_one_game.py: error: {exc}", file=sys.stderr)
        return 2

    match = hexkit.Match(game, config, seed=args.seed, agents=seats)
    match.run()

    log = match.state.log[-args.tail:] if args.tail else match.state.log
    print(f"{game.info.title}: {players} players, seed {args.seed}")
    for entry in log:
        print(entry)
    sheet = game.scores(match.state)
    print("Final scores:")
    for place, seat in enumerate(sheet.order, start=1):
        parts = ", ".join(f"{k} {v}" for k, v in sheet.breakdown[seat].items())
        print(f"  {place}. P{seat} ({seats[seat].name}): {sheet.totals[seat]}  [{parts}]")
    print(f"Winner: P{sheet.winner} after {match.state.step} decisions")
    if args.record:
        try:
            args.record.write_text(hexkit.record_to_json(game, match.record, indent=1),
                                   encoding="utf-8")
        except OSError as exc:
            print(f"play_one_game.py: error: cannot write {args.record}: {exc.strerror or exc}",
                  file=sys.stderr)
            return 2
        print(f"Record saved to {args.record}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
