"""Play one game between chosen agents and print its log and final scores.

    python examples/play_one_game.py --agents greedy,random --seed 3
    python examples/play_one_game.py --game hex --agents mcts:iterations=50,random --record game.json

The game is Empyreal when it is installed, else the tutorial Hex game.
``--record`` saves the game record, which ``replay_to_svg.py`` and
``hexkit replay`` read back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

import hexkit
from hexkit.agents import make_agent
from hexkit.cli import run_typer

from _shared import pick_game

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` with typer (as ``hexkit`` does) and play; return the exit status
    (2, after one ``play_one_game.py: error: ...`` line, for bad input)."""
    return run_typer(app, argv, "play_one_game.py")


@app.command(help="Play one game between chosen agents and print its log and final scores.")
def play(
    game_name: Optional[str] = typer.Option(None, "--game", help="registry name (default: empyreal, else hex)"),
    players: Optional[int] = typer.Option(None, "--players", help="number of players (default: the fewest allowed)"),
    agents: str = typer.Option("greedy,random", "--agents", help="agent specs, one per seat, cycled"),
    seed: int = typer.Option(1, "--seed"),
    option: Optional[list[str]] = typer.Option(
        None, "--option", metavar="KEY=VALUE", help="a config option, e.g. size=7 for Hex (integers only)"),
    tail: int = typer.Option(0, "--tail", help="print only the last N log lines"),
    record: Optional[Path] = typer.Option(None, "--record", help="save the game record (JSON) here"),
) -> None:
    options = {}
    for text in option or []:
        key, eq, value = text.partition("=")
        if not eq or not key or not value.strip().lstrip("-").isdigit():
            raise typer.BadParameter(f"{text!r}: expected KEY=INTEGER", param_hint="'--option'")
        options[key] = int(value)
    try:  # a bad game name, player count, option or agent: one line, exit status 2
        game = pick_game(game_name)
        players = players or max(2, game.info.min_players)
        config = game.make_config(players, (), **options)
        specs = agents.split(",")
        seats = {p: make_agent(specs[p % len(specs)], seed=seed * 100 + p) for p in range(players)}
    except TypeError as exc:  # an option the config does not take
        raise hexkit.HexkitError(str(exc)) from None

    match = hexkit.Match(game, config, seed=seed, agents=seats)
    match.run()

    log = match.state.log[-tail:] if tail else match.state.log
    print(f"{game.info.title}: {players} players, seed {seed}")
    for entry in log:
        print(entry)
    sheet = game.scores(match.state)
    print("Final scores:")
    for place, seat in enumerate(sheet.order, start=1):
        parts = ", ".join(f"{k} {v}" for k, v in sheet.breakdown[seat].items())
        print(f"  {place}. P{seat} ({seats[seat].name}): {sheet.totals[seat]}  [{parts}]")
    print(f"Winner: P{sheet.winner} after {match.state.step} decisions")
    if record:
        try:
            record.write_text(hexkit.record_to_json(game, match.record, indent=1), encoding="utf-8")
        except OSError as exc:
            raise hexkit.HexkitError(f"cannot write {record}: {exc.strerror or exc}") from None
        print(f"Record saved to {record}")


if __name__ == "__main__":
    raise SystemExit(main())
