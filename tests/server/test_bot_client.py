"""examples/bot_client.py plays a whole table over a real socket (uvicorn on loopback)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import socket
import sys
import threading
import time
import urllib.request
from pathlib import Path

import uvicorn

from hexkit.server.app import create_app


def _load_bot():  # type: ignore[no-untyped-def]
    path = Path(__file__).parents[2] / "examples" / "bot_client.py"
    spec = importlib.util.spec_from_file_location("bot_client", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["bot_client"] = module
    spec.loader.exec_module(module)
    return module


def test_bot_client_plays_its_seat_to_the_end(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(tmp_path / "t.sqlite3"), host="127.0.0.1",
                                           port=port, log_level="warning", ws="websockets-sansio"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            time.sleep(0.05)
        body = json.dumps({"game": "hex", "players": 2, "seats": ["human", "random"], "seed": 4}).encode()
        with urllib.request.urlopen(urllib.request.Request(
                f"http://127.0.0.1:{port}/api/tables", data=body, method="POST")) as response:
            link = json.loads(response.read())["seats"][0]["link"]
        bot = _load_bot()
        assert bot.socket_url(link)[0] == f"ws://127.0.0.1:{port}/ws/{link.split('/t/')[1].split('#')[0]}"
        final = asyncio.run(bot.play(link, seed=1, verbose=False))
        assert final["over"] and final["result"] and final["step"] >= 11
        bad = link.replace("token=", "token=x")
        try:
            asyncio.run(bot.play(bad, verbose=False))
        except RuntimeError as exc:
            assert "opens no seat" in str(exc)
        else:
            raise AssertionError("a wrong token was accepted")
    finally:
        server.should_exit = True
        thread.join(timeout=20)
