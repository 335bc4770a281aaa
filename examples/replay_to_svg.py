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
import sys
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

    try:  # a missing, truncated or tampered record: one line, exit status 2
        text = args.record.read_text(encoding="utf-8")
        data = json.loads(text)
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            raise hexkit.InvalidRecordError("", f"{args.record} is not a game record (no 'game')")
        game = hexkit.load_game(data["game"])
        record = hexkit.record_from_json(game, text)  # checks every field
    except OSError as exc:
        return fail(f"cannot read {args.record}: {exc.strerror or exc}")
    except json.JSONDecodeError as exc:
        return fail(f"{args.record} is not JSON: {exc.msg} (line {exc.lineno})")
    except hexkit.HexkitError as exc:
        return fail(str(exc))
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
    for index, action in enumerate(record.actions):
        mover = game.current_player(state)
        try:
            game.apply(state, action)
        except hexkit.HexkitError as exc:  # an illegal action in a tampered record
            return fail(f"{args.record}: action {index}: {exc}")
        if args.every_decision or game.current_player(state) != mover or game.is_over(state):
            draw()

    print(f"{len(written)} pictures of {len(record.actions)} decisions in {out}")
    for path in written:
        print(f"  {path.name}")
    print(f"Winner: P{game.winner(state)} after {state.step} decisions")
    return 0


def fail(message: str) -> int:
    """Print one error line; return the exit status 2."""
    print(f"replay_to_svg.py: error: {' '.join(message.split())}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
