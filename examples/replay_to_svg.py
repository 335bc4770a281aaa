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

import argparse
import json
import tempfile
from pathlib import Path

import hexkit
from hexkit.render import DrawsSvg, render_state_svg


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", type=Path, help="a game record (JSON), e.g. from play_one_game.py")
    parser.add_argument("--out", type=Path, help="folder for the pictures (default: a new temp folder)")
    parser.add_argument("--every-decision", action="store_true", help="one picture per action")
    args = parser.parse_args(argv)

    text = args.record.read_text(encoding="utf-8")
    game = hexkit.load_game(json.loads(text)["game"])
    record = hexkit.record_from_json(game, text)  # checks every field
    if not isinstance(game, DrawsSvg):
        parser.error(f"{game.info.title} cannot be drawn yet: it has no svg_style hook")
    out = args.out or Path(tempfile.mkdtemp(prefix="hexkit-replay-"))
    out.mkdir(parents=True, exist_ok=True)

    state = game.new(record.config, record.seed)
    written = []

    def draw() -> None:
        path = out / f"step-{state.step:04d}.svg"
        path.write_text(render_state_svg(game, state), encoding="utf-8")
        written.append(path)

    draw()
    for action in record.actions:
        mover = game.current_player(state)
        game.apply(state, action)
        if args.every_decision or game.current_player(state) != mover or game.is_over(state):
            draw()

    print(f"{len(written)} pictures of {len(record.actions)} decisions in {out}")
    for path in written:
        print(f"  {path.name}")
    print(f"Winner: P{game.winner(state)} after {state.step} decisions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
