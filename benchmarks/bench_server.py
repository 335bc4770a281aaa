"""50 concurrent tables on one ``hexkit serve`` process: answer-to-next-question latency, memory.

Starts ``hexkit serve`` as a subprocess on 127.0.0.1 (a temporary SQLite
file), creates ``--tables`` tables (default 50) of ``--game`` (Hex, 5x5 by
default) with one scripted seat and agent seats, and runs one scripted
WebSocket client per table concurrently: each answers its seat's questions
with a seeded random choice, ``--answers`` times at most or until
``--seconds`` pass. The latency of one answer is from sending it to
receiving the next state that asks this seat a question (the agents' moves
and every broadcast in between included). Reports p50/p95/max and the
server's peak resident memory (VmHWM). Loopback only; bounded in count and time.

    python -m benchmarks.bench_server [--tables 50] [--answers 40] [--seconds 90] [--draw-workers 0]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _memory_kb(pid: int, key: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


async def client(port: int, table: str, token: str, answers: int, deadline: float, seed: int,
                 latencies: list[float]) -> int:
    rng = random.Random(seed)
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "join", "v": 1, "token": token}))
        sent_at: float | None = None
        done = 0
        answered = -1
        while done < answers and time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=max(1.0, deadline - time.monotonic()))
            except asyncio.TimeoutError:  # the wall-clock bound passed while waiting: stop here
                break
            message = json.loads(text)
            if message["type"] != "state":
                continue
            if message["over"]:
                break
            q = message["question"]
            if q is None or q["step"] == answered:
                continue
            if sent_at is not None:
                latencies.append(time.perf_counter() - sent_at)
            pick = rng.choice(q["answers"])
            answered = q["step"]
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "answer", "v": 1, "step": q["step"], "index": pick["index"]}))
            done += 1
        return done


async def run(args: argparse.Namespace, port: int) -> tuple[list[float], int]:
    tables = []
    for i in range(args.tables):
        body = {"game": args.game, "players": 2, "seats": ["human", args.agent], "seed": i}
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables",
                                         data=json.dumps(body).encode(), method="POST")
        with urllib.request.urlopen(request, timeout=30) as response:
            data = json.loads(response.read())
        tables.append((data["id"], data["seats"][0]["token"]))
    latencies: list[float] = []
    deadline = time.monotonic() + args.seconds
    counts = await asyncio.gather(*(client(port, t, tok, args.answers, deadline, i, latencies)
                                    for i, (t, tok) in enumerate(tables)))
    return latencies, sum(counts)


def main() -> None:
    parser = argparse.ArgumentParser(description="hexkit serve under concurrent tables")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--answers", type=int, default=40, help="answers per client at most")
    parser.add_argument("--seconds", type=float, default=90.0, help="wall-clock bound")
    parser.add_argument("--game", default="hex")
    parser.add_argument("--agent", default="random")
    parser.add_argument("--draw-workers", type=int, default=0, help="hexkit serve --draw-workers")
    args = parser.parse_args()
    port = _free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen([sys.executable, "-m", "hexkit", "serve", "--port", str(port),
                                   "--db", os.path.join(folder, "bench.sqlite3"),
                                   *(["--draw-workers", str(args.draw_workers)] if args.draw_workers else [])],
                                  stdout=subprocess.DEVNULL)
        try:
            for _ in range(200):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.1)
            idle = _memory_kb(server.pid, "VmRSS")
            start = time.perf_counter()
            latencies, answered = asyncio.run(run(args, port))
            wall = time.perf_counter() - start
            peak = _memory_kb(server.pid, "VmHWM")
        finally:
            server.terminate()
            server.wait(timeout=20)
    latencies.sort()
    q = statistics.quantiles(latencies, n=100) if len(latencies) >= 2 else [0.0] * 99
    print(f"{args.tables} tables of {args.game} (1 scripted client + {args.agent} each), one server process,"
          f" --draw-workers {args.draw_workers}")
    print(f"answers: {answered} in {wall:.1f} s; latency samples: {len(latencies)}")
    print(f"answer -> next question: p50 {q[49] * 1000:.1f} ms, p95 {q[94] * 1000:.1f} ms,"
          f" max {latencies[-1] * 1000 if latencies else 0:.1f} ms")
    print(f"server memory: {idle / 1024:.0f} MiB idle, {peak / 1024:.0f} MiB peak (VmHWM)")


if __name__ == "__main__":
    main()
