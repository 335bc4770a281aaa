"""``hexkit serve``: the Starlette application, its routes and the WebSocket loop.

Routes (see ``docs/protocol.md``):

* ``GET /`` the lobby (create a table, open a replay); ``GET /t/{id}`` the
  table page (the seat's token is in the link's ``#token=`` fragment, so it
  never reaches a server log); ``GET /replay`` the replay page; ``/static``
  the client's files (plain JavaScript modules, no build step).
* ``GET /api/games``: installed games with player ranges and variants.
* ``POST /api/tables``: create a table; returns one link per human seat and
  a spectator link.
* ``POST /api/replays`` with a record's JSON, then
  ``GET /api/replays/{id}/{step}``: the board and log after ``step`` actions.
* ``WS /ws/{id}``: the table protocol (:mod:`hexkit.server.protocol`).

Bound to 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from hexkit.errors import HexkitError
from hexkit.game import Game
from hexkit.record import GameRecord, record_from_json, replay
from hexkit.registry import available_games, game_named_in_file, load_game
from hexkit.serialize import parse_json
from hexkit.server.protocol import (
    PROTOCOL_VERSION,
    AnswerMsg,
    ErrorMsg,
    Join,
    Ping,
    Pong,
    ProtocolError,
    UndoMsg,
    dump,
    parse_client,
)
from hexkit.server.drawing import Drawer
from hexkit.server.store import TableStore
from hexkit.server.tables import HUMAN, Table, TableManager, game_modules

__all__ = ["STATIC", "create_app", "serve"]

STATIC = Path(__file__).parent / "static"
"""The client's files."""

MAX_REPLAYS = 64
"""Uploaded records kept in memory for the replay page (oldest dropped first)."""

MAX_REPLAY_BYTES = 64 * 2**20
"""Bytes of uploads (counted as sent) whose replays are kept in memory at once;
beyond it the oldest are dropped first (a dropped replay's id answers ``404``)."""


MAX_UPLOAD = 8 * 2**20
"""Bytes of an uploaded record or result row accepted (larger: ``413``)."""

MAX_MESSAGE = 4096
"""Bytes of one client WebSocket message accepted (every client message is a few dozen)."""

WS_MAX_SIZE = 2**16
"""Bytes of a WebSocket frame uvicorn accepts at all (larger: the socket is closed, code 1009)."""

ROW_FIELDS = ("index", "seed", "seats")
"""What marks a JSON object as a study's result row rather than a record."""


PATH_FIELDS = ("data", "data_dir")
"""Config fields that name files on the server's disk: an upload naming one is refused."""


def _refuse_paths(data: dict[str, Any]) -> None:
    """Refuse an upload whose config (or a row's, or a kept record's) names a
    data file or folder, before anything reads it: a browser never makes the
    server read its paths. The message names the field, never the path.

    Raises:
        InvalidRecordError: naming the first such field.
    """
    from hexkit.errors import InvalidRecordError

    places: list[tuple[str, Any]] = [("", data)]
    if isinstance(data.get("record"), dict):
        places.append(("record.", data["record"]))
    for prefix, doc in list(places):
        config = doc.get("config")
        if isinstance(config, dict):
            places.append((f"{prefix}config.", config))
            if isinstance(config.get("options"), dict):
                places.append((f"{prefix}config.options.", config["options"]))
    for prefix, doc in places:
        for key in PATH_FIELDS:
            if doc.get(key) is not None:
                raise InvalidRecordError(f"{prefix}{key}", "an upload may not name data files on the server"
                                         " (a browser never makes the server read its paths); replay it with"
                                         " `hexkit replay`")


def _replayable(data: dict[str, Any], text: str) -> tuple[Game[Any, Any], GameRecord]:
    """The game and record a replay upload stands for, checked by replaying it.

    ``data`` is a record (``hexkit play --save``) or one result row of
    ``hexkit simulate`` (a line of its results file): a failed game's row
    carries its record; a finished game is played again from its row
    (game, config, seed, agents; :func:`hexkit.sim.rowreplay.replay_row`).

    Raises:
        HexkitError: naming the field at fault; a row whose config points
            at files (``data``, ``data_dir``) is refused, since a browser
            must not make the server read its paths.
    """
    from hexkit.errors import InvalidRecordError
    from hexkit.sim.rowreplay import replay_row

    _refuse_paths(data)
    if all(k in data for k in ROW_FIELDS) and "actions" not in data:
        game = game_named_in_file(data.get("game"))
        if isinstance(data.get("record"), dict):  # a failed game keeps its record
            record = record_from_json(game, json.dumps(data["record"]))
        else:
            record = replay_row(data, game.info.name).record
    else:
        game = game_named_in_file(data.get("game"))
        record = record_from_json(game, text)
    for key in PATH_FIELDS:  # whatever the config type calls them
        if getattr(record.config, key, None) is not None:
            raise InvalidRecordError(f"config.{key}", "an upload may not name data files on the server")
    replay(game, record)  # refuse a record that does not replay
    return game, record


async def _receive(websocket: WebSocket) -> str:
    """The next client message's text.

    Raises:
        WebSocketDisconnect: the client went away.
        ProtocolError: ``bad-json`` for a binary frame, ``too-big`` for a
            message over :data:`MAX_MESSAGE` bytes (the socket stays open).
    """
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise ProtocolError("bad-json", "messages are JSON text frames, not binary ones")
    size = len(text.encode("utf-8"))
    if size > MAX_MESSAGE:
        raise ProtocolError("too-big", f"a message of {size} bytes; at most {MAX_MESSAGE} are accepted")
    return str(text)


def _error(exc: ProtocolError) -> str:
    return dump(ErrorMsg(PROTOCOL_VERSION, exc.code, str(exc), exc.field))


def _bad(message: str, field: str | None = None, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message, "field": field}, status_code=status)


def _cross_site(request: Request) -> JSONResponse | None:
    """A refusal of a POST sent by a page of another site (its ``Origin`` is not this
    server's), or ``None``. A browser may send such a request without asking (a form,
    a ``text/plain`` fetch); a script or ``curl`` sends no ``Origin`` and is served."""
    origin = request.headers.get("origin")
    if origin is None or origin == f"{request.url.scheme}://{request.url.netloc}":
        return None
    return _bad(f"a page of {origin} may not create tables or replays on this server", "Origin", 403)


def create_app(db: str | Path = ":memory:", draw_workers: int = 0) -> Starlette:
    """The web application over a table store.

    Args:
        db: the SQLite file (``":memory:"``: tables last as long as the app).
        draw_workers: processes that draw boards (``0``: a thread of this
            process; see :class:`hexkit.server.drawing.Drawer`).

    Returns:
        A Starlette app; ``app.state.manager`` is its :class:`TableManager`.
    """
    store = TableStore(db)
    drawer = Drawer(draw_workers)
    manager = TableManager(store, drawer)
    replays: dict[str, tuple[Game[Any, Any], GameRecord]] = {}
    replay_sizes: dict[str, int] = {}  # upload bytes by replay id, in upload order

    async def broadcast(table: Table) -> None:
        # one drawing per seat watching (in worker threads, all at once), then
        # the sends in order; one broadcast at a time per table, so a socket
        # never gets an older state after a newer one
        async with table.broadcasting:
            listeners = list(table.listeners.items())
            seats = list(dict.fromkeys(seat for _, seat in listeners))
            texts = dict(zip(seats, await asyncio.gather(*(table.message_for(s) for s in seats)), strict=True))
            for socket, seat in listeners:
                try:
                    await socket.send_text(texts[seat])
                except Exception:  # a closed socket: forget it
                    table.listeners.pop(socket, None)

    async def page(request: Request) -> Response:
        name = {"/": "index.html", "/replay": "replay.html"}.get(request.url.path, "table.html")
        return FileResponse(STATIC / name, media_type="text/html")

    async def games(request: Request) -> Response:
        out = []
        for name in available_games():
            info = load_game(name).info
            out.append({"name": name, "title": info.title, "min_players": info.min_players,
                        "max_players": info.max_players, "variants": list(info.variants),
                        "modules": game_modules(load_game(name)),
                        "information": info.information.value})
        return JSONResponse(out)

    async def create_table(request: Request) -> Response:
        refused = _cross_site(request)
        if refused is not None:
            return refused
        raw = await request.body()
        if len(raw) > MAX_MESSAGE:
            return _bad(f"the body is {len(raw)} bytes; at most {MAX_MESSAGE} are accepted", None, 413)
        try:
            body = parse_json(raw, unique_keys=True)
        except ValueError as exc:
            return _bad(f"body is not JSON: {exc}")
        if not isinstance(body, dict):
            return _bad("body must be a JSON object")
        game = body.get("game")
        players = body.get("players", 2)
        seats = body.get("seats", [HUMAN] + ["greedy"] * (int(players) - 1 if isinstance(players, int) else 1))
        variants = body.get("variants", [])
        modules = body.get("modules", [])
        undo = body.get("undo", True)
        seed = body.get("seed")
        if not isinstance(game, str):
            return _bad("field 'game' must be a game's name", "game")
        if not isinstance(players, int) or isinstance(players, bool) or players < 1:
            return _bad("field 'players' must be a whole number of seats, 1 or more", "players")
        if not (isinstance(seats, list) and all(isinstance(s, str) and s for s in seats)):
            return _bad("field 'seats' must be a list of 'human' or agent specs", "seats")
        if not (isinstance(variants, list) and all(isinstance(v, str) for v in variants)):
            return _bad("field 'variants' must be a list of names", "variants")
        if not (isinstance(modules, list) and all(isinstance(m, str) for m in modules)):
            return _bad("field 'modules' must be a list of names", "modules")
        unknown = sorted(set(body) - {"game", "players", "seats", "variants", "modules", "undo", "seed"})
        if unknown:
            return _bad(f"unknown field(s) {', '.join(unknown)}; known: game, players, seats, "
                        "variants, modules, undo, seed", unknown[0])
        if not isinstance(undo, bool):
            return _bad("field 'undo' must be true or false", "undo")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            return _bad("field 'seed' must be a non-negative integer", "seed")
        try:
            new = manager.create(game, players, seats, variants, undo, seed, modules)
        except ProtocolError as exc:
            return _bad(str(exc), exc.field)
        except (HexkitError, ValueError) as exc:  # any other refusal of the set-up
            return _bad(str(exc), getattr(exc, "field", None) or "game")
        base = str(request.base_url).rstrip("/")
        links = [{"seat": s, "player": spec,
                  "link": f"{base}/t/{new.id}#seat={s}&token={new.tokens[s]}" if s in new.tokens else None,
                  "token": new.tokens.get(s)}
                 for s, spec in enumerate(seats)]
        table = manager.get(new.id)
        assert table is not None
        table.kick(broadcast)
        return JSONResponse({"id": new.id, "seats": links, "watch": f"{base}/t/{new.id}#watch"},
                            status_code=201)

    async def new_replay(request: Request) -> Response:
        refused = _cross_site(request)
        if refused is not None:
            return refused
        raw = await request.body()
        if len(raw) > MAX_UPLOAD:
            return _bad(f"the upload is {len(raw)} bytes; at most {MAX_UPLOAD} are accepted", "record", 413)
        text = raw.decode("utf-8", errors="replace")
        try:
            data = parse_json(text)
            if not isinstance(data, dict):
                raise HexkitError("a record or a result row is one JSON object (pick one row of a"
                                  " results file)")
            game, record = await asyncio.to_thread(_replayable, data, text)
        except (HexkitError, ValueError) as exc:
            return _bad(f"cannot replay this: {exc}", getattr(exc, "field", None) or "record")
        key = secrets.token_urlsafe(9)
        replays[key] = (game, record)
        replay_sizes[key] = len(raw)
        while len(replays) > MAX_REPLAYS or sum(replay_sizes.values()) > MAX_REPLAY_BYTES:
            oldest = next(iter(replays))
            replays.pop(oldest)
            replay_sizes.pop(oldest, None)
        return JSONResponse({"id": key, "game": game.info.name, "steps": len(record.actions),
                             "seed": record.seed}, status_code=201)

    async def replay_step(request: Request) -> Response:
        from hexkit.cli import render_hook
        from hexkit.render import RenderError, render_state_svg

        found = replays.get(request.path_params["rid"])
        if found is None:
            return _bad("no such replay", "id", 404)
        game, record = found
        step = request.path_params["step"]
        if not 0 <= step <= len(record.actions):
            return _bad(f"step {step} is outside 0..{len(record.actions)}", "step", 404)
        state = await asyncio.to_thread(replay, game, record, step)
        try:
            svg = render_state_svg(game, state)
        except RenderError:
            svg = ""
        hook = render_hook(game)
        return JSONResponse({"step": step, "steps": len(record.actions), "svg": svg,
                             "board": hook(state) if hook else "",
                             "log": [[e.step, e.player, e.text] for e in state.log[-200:]],
                             "over": game.is_over(state)})

    async def table_socket(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            table = manager.get(websocket.path_params["tid"])
        except (HexkitError, ValueError) as exc:  # a stored table that no longer loads
            await websocket.send_text(_error(ProtocolError("no-table", f"this table cannot be loaded: {exc}")))
            await websocket.close(code=4404)
            return
        if table is None:
            await websocket.send_text(_error(ProtocolError("no-table", "there is no table with that id")))
            await websocket.close(code=4404)
            return
        seat: int | None = None
        try:
            try:
                first = parse_client(await _receive(websocket))
                if not isinstance(first, Join):
                    raise ProtocolError("join-first", "the first message must be 'join'", "type")
                seat = table.seat_of(first.token) if first.token else None
            except ProtocolError as exc:
                await websocket.send_text(_error(exc))
                await websocket.close(code=4401 if exc.code == "bad-token" else 4400)
                return
            await websocket.send_text(dump(table.welcome(seat)))
            async with table.broadcasting:  # a change made meanwhile reaches this socket next
                await websocket.send_text(await table.message_for(seat))
                table.listeners[websocket] = seat
            table.kick(broadcast)
            while True:
                try:
                    message = parse_client(await _receive(websocket))
                    if isinstance(message, Ping):
                        await websocket.send_text(dump(Pong(PROTOCOL_VERSION)))
                        continue
                    if isinstance(message, Join):
                        raise ProtocolError("joined", "this socket has joined already; open another", "type")
                    if seat is None:
                        raise ProtocolError("spectator", "a spectator cannot act; open a seat's link")
                    async with table.lock:
                        if isinstance(message, AnswerMsg):
                            table.answer(seat, message.step, message.index)
                        elif isinstance(message, UndoMsg):
                            table.undo(seat)
                    match = table.match
                    if isinstance(message, UndoMsg) or match.is_over or match.current_player not in match.agents:
                        await broadcast(table)
                    # else an agent moves next: its move (or, if it is slow, the
                    # "thinking" notice) is the next broadcast; one drawing saved
                    table.kick(broadcast)
                except ProtocolError as exc:
                    await websocket.send_text(_error(exc))
        except (WebSocketDisconnect, RuntimeError):  # the client went away
            pass
        finally:
            table.listeners.pop(websocket, None)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        drawer.close()

    app = Starlette(routes=[
        Route("/", page),
        Route("/replay", page),
        Route("/t/{tid}", page),
        Route("/api/games", games),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/replays", new_replay, methods=["POST"]),
        Route("/api/replays/{rid}/{step:int}", replay_step),
        WebSocketRoute("/ws/{tid}", table_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan)
    app.state.manager = manager
    app.state.replays = replays
    app.state.store = store
    return app


def serve(host: str = "127.0.0.1", port: int = 8765, db: str | Path = "hexkit-tables.sqlite3",
          draw_workers: int = 0) -> None:
    """Run the server with uvicorn until interrupted (the body of ``hexkit serve``).

    Args:
        host: the address to bind; 127.0.0.1 (the default) serves this machine only.
        port: the TCP port.
        db: the SQLite file of the tables.
        draw_workers: processes that draw boards (``0``: a thread).
    """
    import uvicorn

    if not 1 <= port <= 65535:
        raise HexkitError(f"--port {port} is not a TCP port (1 to 65535)")
    _check_free(host, port)
    app = create_app(db, draw_workers)  # opens the database: a bad --db fails before the banner
    print(f"hexkit serve: http://{host}:{port}/ (tables in {db})", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=WS_MAX_SIZE)


def _check_free(host: str, port: int) -> None:
    """Raise :class:`HexkitError` if ``host:port`` cannot be listened on (in use, no such address)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise HexkitError(f"--host {host}: {exc.strerror or exc}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as exc:
            raise HexkitError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
