"""A bot that joins a hexkit table over the WebSocket and plays its seat.

It uses only the documented protocol (docs/protocol.md): no hexkit import,
just the ``websockets`` package and JSON (and typer, hexkit's command-line
library, for its arguments). It answers each question with the
first answer of the kind it prefers (or a seeded random one).

    hexkit serve &
    curl -s -X POST localhost:8765/api/tables \\
        -d '{"game": "hex", "players": 2, "seats": ["human", "greedy"]}'
    python examples/bot_client.py 'http://127.0.0.1:8765/t/TABLE#seat=0&token=TOKEN'
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from typing import Any
from urllib.parse import parse_qs, urlsplit

import typer
import websockets

PROTOCOL = 1


def socket_url(link: str) -> tuple[str, str]:
    """The WebSocket address and the seat token of a seat's link."""
    parts = urlsplit(link)
    table = parts.path.rstrip("/").rsplit("/", 1)[-1]
    token = parse_qs(parts.fragment).get("token", [""])[0]
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}/ws/{table}", token


async def play(link: str, seed: int = 0, verbose: bool = True) -> dict[str, Any]:
    """Join with the link's token and answer every question until the game ends.

    Returns:
        The last state message (``over`` is true, ``result`` says who won).

    Raises:
        RuntimeError: the server refused the join (its error message).
    """
    url, token = socket_url(link)
    rng = random.Random(seed)
    async with websockets.connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "join", "v": PROTOCOL, "token": token}))
        welcome = json.loads(await ws.recv())
        if welcome["type"] == "error":
            raise RuntimeError(welcome["message"])
        if verbose:
            print(f"joined {welcome['title']} table {welcome['table']} as P{welcome['seat']}")
        answered = -1
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "error":
                print(f"server: {message['code']}: {message['message']}", file=sys.stderr)
                continue
            if message["type"] != "state":
                continue
            if message["over"]:
                if verbose:
                    print(f"game over after {message['step']} decisions: {message['result']}")
                return dict(message)
            question = message["question"]
            if question is None or question["step"] == answered:
                continue
            pick = rng.choice(question["answers"])
            answered = question["step"]
            if verbose:
                print(f"[{question['step']}] {question['prompt']} -> {pick['label']}")
            await ws.send(json.dumps({"type": "answer", "v": PROTOCOL, "step": question["step"],
                                      "index": pick["index"]}))


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)


@app.command()
def join(
    link: str = typer.Argument(..., help="the seat's link, with its #seat=N&token=... part"),
    seed: int = typer.Option(0, "--seed", help="seed of the bot's random choices"),
    quiet: bool = typer.Option(False, "--quiet", help="print nothing but errors"),
) -> int:
    """Join the table of LINK and play its seat to the end of the game."""
    try:
        asyncio.run(play(link, seed, not quiet))
    except (RuntimeError, OSError) as exc:
        print(f"bot_client: {exc}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """Play the seat of the link given on the command line; 0 when the game ended, 2 on bad arguments."""
    command = typer.main.get_command(app)
    try:
        result = command.main(args=list(sys.argv[1:] if argv is None else argv),
                              prog_name="bot_client.py", standalone_mode=False)
    except Exception as exc:  # typer's bundled click raises its own usage errors
        if not hasattr(exc, "format_message"):
            raise
        print(f"bot_client.py: error: {exc.format_message()}", file=sys.stderr)
        return 2
    return result if isinstance(result, int) else 0

if __name__ == "__main__":
    raise SystemExit(main())
