"""A designer's sweep: how one faction's win rate moves with one of its numbers.

    python examples/designer_sweep.py                        # Soot: archetypes.Rancher.currency = 4, 6, 8
    python examples/designer_sweep.py --game hex --param size --values 3,5,7   # Black's first-move edge

For each value the same seeds are played (so differences come from the
number, not from the luck of the draw), and the script prints the win rate
of the faction the number belongs to (the one named in the path, such as
``Rancher`` in ``archetypes.Rancher.currency``, or ``--faction``) with its
95% Wilson interval, out of the seats that faction held. That is the
figure a designer changes a number for; a seat's win rate would only
measure the rotation of agents over the seats.

A path that names a field of the game's config class (Hex's ``size``) is
set on the config; any other path goes into ``config.overrides``, which
the plugin applies to its component data at set-up
(:func:`hexkit.overrides.apply_overrides`), so no data file is edited.
``hexkit sweep GAME --set PATH=V1,V2`` does the same at scale, with
reports and plots; ``hexkit tune`` searches a range for a target.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Optional

import attrs
import pandas as pd
import typer

import hexkit
from _shared import pick_game
from hexkit.cli import run_typer
from hexkit.sim import Study, simulate, wilson
from hexkit.sim.frame import load_results
from hexkit.sim.study import check_overrides
from hexkit.sim.sweep import apply_setting

DEFAULTS = {
    "soot": ("archetypes.Rancher.currency", "4,6,8", None),
    "empyreal": ("rules.start_mana", "3,5,7", None),
    "hex": ("size", "3,5,7", "Black"),
}
"""Default parameter, values and faction per game (``None``: the faction named in the path)."""

PREFERRED = ("soot", "hex")


def _faction_column(frame: pd.DataFrame, faction: str) -> str | None:
    """The column (a faction part, or ``faction``) in which ``faction`` appears."""
    names = ["faction", *(c for c in frame.columns if c not in _NOT_FACTIONS and ":" not in c)]
    for column in dict.fromkeys(names):
        if column in frame.columns and (frame[column].astype(str) == faction).any():
            return str(column)
    return None


_NOT_FACTIONS = {"game", "version", "config", "variants", "error", "end_reason", "agent"}


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)


@app.command()
def sweep(
    game_name: Optional[str] = typer.Option(None, "--game", help="registry name (default: soot, else hex)"),
    param: Optional[str] = typer.Option(None, "--param", help="config field or dotted data path to change"),
    values: Optional[str] = typer.Option(None, "--values", help="comma-separated values to try"),
    faction: Optional[str] = typer.Option(
        None, "--faction", help="the faction (or faction part) to measure (default: the one named in the path)"),
    games: int = typer.Option(10, "--games", help="games per value"),
    players: Optional[int] = typer.Option(None, "--players", help="players per game (default: the game's least)"),
    agents: str = typer.Option("greedy", "--agents", help="agent specs, rotated over the seats"),
) -> None:
    """Sweep one number and print the win rate of the faction it belongs to."""
    game = pick_game(game_name, PREFERRED)
    default_param, default_values, default_faction = DEFAULTS.get(game.info.name, ("", "", None))
    path = param or default_param
    tried = (values or default_values).split(",")
    if not path or tried == [""]:
        raise hexkit.HexkitError(f"give --param and --values for {game.info.name}")
    seats = players or max(2, game.info.min_players)
    fields = {f.name for f in attrs.fields(game.config_type)}
    where = "config field" if path in fields else "config.overrides"
    base = Study(game=game.info.name, players=seats, agents=tuple(agents.split(",")), games=games, seed=0)
    print(f"{game.info.title}: {path} ({where}) in {tried}, {games} games each, {seats} players")
    studies = []
    for value in tried:
        study = apply_setting(base, path, value)
        check_overrides(game, study.config())  # refuse a path the game would silently ignore
        study.validate()  # a bad path or value fails here, before any game is played
        studies.append(study)
    wanted = faction or next((part for part in path.split(".") if part[:1].isupper()), None) \
        or (default_faction if path == default_param else None)
    if wanted is None:
        raise hexkit.HexkitError(f"{path} names no faction: give --faction (e.g. a Company, Captain "
                                 f"or archetype)")
    print(f"win rate of {wanted} (out of the seats it held), 95% Wilson interval")
    print(f"{'value':>8} {'games':>6} {'seats':>6} {'wins':>5} {'win rate':>9} {'95% CI':>14} "
          f"{'mean decisions':>15} {'min':>5} {'max':>5}")
    with tempfile.TemporaryDirectory() as folder:
        for number, (value, study) in enumerate(zip(tried, studies)):
            results = Path(folder) / f"{number}.jsonl"
            simulate(study, results, backend="serial")
            frame = load_results(results)
            done = frame[frame.finished]
            column = _faction_column(done, wanted)
            mine = done[done[column] == wanted] if column else done.iloc[0:0]
            wins = int(mine.won.astype(bool).sum())
            low, high = wilson(wins, len(mine))
            rate = f"{wins / len(mine):.0%}" if len(mine) else "-"
            lengths = done.drop_duplicates("seed").decisions
            print(f"{value:>8} {done.seed.nunique():>6} {len(mine):>6} {wins:>5} {rate:>9} "
                  f"{f'{low:.0%}-{high:.0%}':>14} {lengths.mean():>15.1f} {lengths.min():>5} "
                  f"{lengths.max():>5}")


def main(argv: list[str] | None = None) -> int:
    """Run the sweep with ``argv`` (default: the command line); return the exit status
    (2, after one ``designer_sweep.py: error: ...`` line, for bad input)."""
    return run_typer(app, argv, "designer_sweep.py")


if __name__ == "__main__":
    raise SystemExit(main())
