"""Replay a recorded game and write an SVG picture after every turn.

    python examples/play_one_game.py --record game.json
    python examples/replay_to_svg.py game.json --out pictures/

The pictures come from the game's ``svg_style`` hook (see the how-to "Render
a state"). A turn ends when the player to move changes (a turn may be several
decisions); ``--every-decision`` draws after each action instead. Without
``--out`` the pictures go into a new temporary folder. The same pictures
come from the command line one at a time:
``hexkit render game.json --step N --out board.svg``.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Optional

import typer

import hexkit
from hexkit.cli import run_typer
from hexkit.render import DrawsSvg, render_state_svg

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` with typer (as ``hexkit`` does) and draw; return the exit status
    (2, after one ``replay_to_svg.py: error: ...`` line, for a bad record)."""
    return run_typer(app, argv, "replay_to_svg.py")


@app.command(help="Replay a recorded game and write an SVG picture after every turn.")
def draw_turns(
    record_path: Path = typer.Argument(..., metavar="RECORD", help="a game record (JSON), e.g. from play_one_game.py"),
    out: Optional[Path] = typer.Option(None, "--out", help="folder for the pictures (default: a new temp folder)"),
    every_decision: bool = typer.Option(False, "--every-decision", help="one picture per action"),
) -> None:
    try:  # a missing, truncated or tampered record: one line, exit status 2
        text = record_path.read_text(encoding="utf-8")
        data = json.loads(text)
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            raise hexkit.InvalidRecordError("", f"{record_path} is not a game record (no 'game')")
        game = hexkit.load_game(data["game"])
        record = hexkit.record_from_json(game, text)  # checks every field
    except OSError as exc:
        raise hexkit.HexkitError(f"cannot read {record_path}: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise hexkit.HexkitError(f"{record_path} is not JSON: {exc.msg} (line {exc.lineno})") from None
    if not isinstance(game, DrawsSvg):
        raise hexkit.HexkitError(f"{game.info.title} cannot be drawn yet: it has no svg_style hook")
    folder = out or Path(tempfile.mkdtemp(prefix="hexkit-replay-"))
    folder.mkdir(parents=True, exist_ok=True)

    state = game.new(record.config, record.seed)
    written = []

    def draw() -> None:
        path = folder / f"step-{state.step:04d}.svg"
        path.write_text(render_state_svg(game, state), encoding="utf-8")
        written.append(path)

    draw()
    for index, action in enumerate(record.actions):
        mover = game.current_player(state)
        try:
            game.apply(state, action)
        except hexkit.HexkitError as exc:  # an illegal action in a tampered record
            raise hexkit.HexkitError(f"{record_path}: action {index}: {exc}") from None
        if every_decision or game.current_player(state) != mover or game.is_over(state):
            draw()

    print(f"{len(written)} pictures of {len(record.actions)} decisions in {folder}")
    for path in written:
        print(f"  {path.name}")
    print(f"Winner: P{game.winner(state)} after {state.step} decisions")


if __name__ == "__main__":
    raise SystemExit(main())
