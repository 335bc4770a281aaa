"""Tables in play: a :class:`~hexkit.match.Match` per table, seats, tokens, agents.

A :class:`Table` holds the true state; everything it hands a seat is built
by :meth:`Table.state_for` from ``game.view(state, seat)`` (a spectator's
from :func:`hexkit.present.public_view`). Answers are checked in this
order, each refusal a :class:`~hexkit.server.protocol.ProtocolError` that
changes nothing: the seat must be to move (``not-your-turn``), the answer
must name the current step (``stale``), the index must be a legal answer
(``illegal``). Agents think in a worker thread on a clone of the state, so
the server keeps answering while they do.
"""

from __future__ import annotations

import asyncio
import secrets
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import attrs

from hexkit.agents.spec import installed_agent_spec, make_agent, parse_agent_spec
from hexkit.errors import HexkitError
from hexkit.game import Game, GameConfig, PlayerId, State
from hexkit.match import Match, new_seed
from hexkit.present import present, private_info, public_view
from hexkit.record import record_from_json, record_to_json
from hexkit.registry import available_games, load_game
from hexkit.server.protocol import (
    PROTOCOL_VERSION,
    AnswerOut,
    LogLine,
    ProtocolError,
    QuestionOut,
    Scores,
    TableState,
    Welcome,
    dump,
)
from hexkit.server.drawing import Drawer, draw
from hexkit.server.store import StoredTable, TableStore, token_hash
from hexkit.sim.study import agent_seed

__all__ = ["HUMAN", "AGENT_LIMITS", "Table", "TableManager", "NewTable", "game_modules", "table_config",
           "check_seat"]

HUMAN = "human"
"""The seat spec of a person (any other spec is an agent's)."""

LOG_TAIL = 200
"""Events of the log sent with each state."""

AGENT_POOL = ThreadPoolExecutor(max_workers=4, thread_name_prefix="hexkit-agent")
"""Threads agents think in, apart from the drawing threads: a table of slow
agents (``mcts:iterations=...``) delays other tables' agents, never a drawing."""

AGENT_LIMITS: dict[str, float] = {
    "iterations": 5000,
    "seconds": 10.0,
    "samples": 64,
    "greedy_sample": 64,
}
"""The most effort a server table's agent may be asked for, per decision:
MCTS ``iterations`` and ``seconds`` (its rollouts are its iterations), and
the positions a greedy agent or an MCTS greedy rollout samples. A larger
value is refused with ``400`` naming the seat and the limit."""


def check_seat(spec: str, field: str) -> str:
    """Check one agent seat of a server table: an installed agent (never an
    import reference) within :data:`AGENT_LIMITS`.

    Args:
        spec: the agent spec.
        field: the field named in the refusal (``seats[1]``).

    Raises:
        ProtocolError: ``bad-field`` naming ``field``.
    """
    try:
        installed_agent_spec(spec, field)
        _, params = parse_agent_spec(spec)
    except (HexkitError, ValueError) as exc:
        raise ProtocolError("bad-field", str(exc), "seats") from None
    for key, limit in AGENT_LIMITS.items():
        value = params.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > limit:
            shown = int(limit) if float(limit).is_integer() else limit
            raise ProtocolError("bad-field", f"{field}: {key}={value} is over the server's limit of"
                                f" {shown} per decision", "seats")
    return spec


THINKING_NOTICE = 0.3
"""Seconds an agent may think before the table is told it is thinking."""


def game_modules(game: Game[Any, Any]) -> list[dict[str, Any]]:
    """The optional modules a game declares, and whether each can be played.

    A game has modules when its config type has a ``modules`` field; their
    names are :attr:`GameInfo.modules` (else, for older plugins, the
    ``MODULE_NAMES`` tuple of the module that defines the config type). Each is tried
    alone at each player count, so one the game refuses at every count (not
    built yet) is reported with the game's own reason (at the smallest count).

    Args:
        game: the rules.

    Returns:
        ``[{"name", "available", "reason"}]`` (``reason`` is ``""`` when
        available); ``[]`` for a game without modules.
    """
    config_type = game.config_type
    if "modules" not in attrs.fields_dict(config_type):
        return []
    names = game.info.modules or getattr(sys.modules.get(config_type.__module__), "MODULE_NAMES", ())
    out: list[dict[str, Any]] = []
    for name in names:
        reason = ""
        for players in range(game.info.min_players, game.info.max_players + 1):
            try:
                game.make_config(players, (), modules=frozenset({name}))
            except (HexkitError, ValueError, TypeError) as exc:
                reason = reason or str(exc)
                continue
            reason = ""
            break
        out.append({"name": str(name), "available": not reason, "reason": reason})
    return out


def table_config(game: Game[Any, Any], players: int, variants: Sequence[str] = (),
                 modules: Sequence[str] = ()) -> GameConfig:
    """The checked config of a new table, refusals naming the field at fault.

    The player count is checked alone first, then with the variants, then
    with the modules, so a refusal names ``players``, ``variants`` or
    ``modules``: the first that makes the game refuse.

    Args:
        game: the rules.
        players: the player count.
        variants: names from ``game.info.variants``.
        modules: module names (only for a game with a ``modules`` config field).

    Returns:
        The config.

    Raises:
        ProtocolError: ``bad-field`` with ``field`` ``players``, ``variants``
            or ``modules`` and the game's own reason.
    """
    steps: list[tuple[str, dict[str, Any]]] = [("players", {}), ("variants", {})]
    if modules:
        if "modules" not in attrs.fields_dict(game.config_type):
            raise ProtocolError("bad-field", f"{game.info.title} has no optional modules", "modules")
        steps.append(("modules", {"modules": frozenset(modules)}))
    config: GameConfig | None = None
    options: dict[str, Any] = {}
    for field, extra in steps:
        options.update(extra)
        try:
            config = game.make_config(players, variants if field != "players" else (), **options)
            config.check(game.info)
        except (HexkitError, ValueError, TypeError) as exc:
            raise ProtocolError("bad-field", _prefixed(field, str(exc)), field) from None
    assert config is not None
    return config


def _prefixed(field: str, message: str) -> str:
    """``message`` led by ``field:``, unless it names that field already."""
    return message if message.startswith(f"{field}:") else f"{field}: {message}"


class NewTable:
    """What creating a table returns: its id and one secret token per human seat.

    Attributes:
        id: the table id.
        tokens: token by human seat (shown once; the store keeps only hashes).
    """

    def __init__(self, table_id: str, tokens: dict[PlayerId, str]) -> None:
        self.id = table_id
        self.tokens = tokens


class Table:
    """One table: the match, who sits where, and the sockets watching it.

    Args:
        table_id: its id.
        game: the rules.
        match: the match (agents seated for agent seats).
        seats: per seat ``{"player": spec, "token": sha256}``.
        undo: whether people may undo.
        store: where to save after every change.
        drawer: draws the boards (default: in a thread).
    """

    def __init__(self, table_id: str, game: Game[Any, Any], match: Match,
                 seats: list[dict[str, str]], undo: bool, store: TableStore,
                 drawer: Drawer | None = None) -> None:
        self.id = table_id
        self.drawer = drawer or Drawer(0)
        self.game = game
        self.match = match
        self.seats = seats
        self.undo_allowed = undo
        self.store = store
        self.lock = asyncio.Lock()
        self.thinking = False
        self.listeners: dict[Any, PlayerId | None] = {}
        """Socket -> seat (``None``: spectator); each gets :meth:`state_for` its seat."""
        self.actors: list[PlayerId] = self._actors()
        self._agent_task: asyncio.Task[None] | None = None
        self.undo_count = 0
        self._seen: dict[PlayerId | None, tuple[tuple[Any, ...], str]] = {}
        self._drawn: dict[PlayerId | None, tuple[tuple[Any, ...], tuple[str, str]]] = {}
        self.broadcasting = asyncio.Lock()
        """Held while states go out, so each socket gets them in order."""

    def _actors(self) -> list[PlayerId]:
        """Who took each recorded action (replayed from the record)."""
        game, record = self.game, self.match.record
        state = game.new(record.config, record.seed)
        out: list[PlayerId] = []
        for action in record.actions:
            seat = game.current_player(state)
            out.append(-1 if seat is None else seat)
            game.apply(state, action)
        return out

    # -- seats -----------------------------------------------------------
    def seat_of(self, token: str) -> PlayerId:
        """The human seat whose token this is.

        Raises:
            ProtocolError: ``bad-token`` if it is no seat's token.
        """
        digest = token_hash(token) if token else ""
        for seat, spec in enumerate(self.seats):
            if digest and secrets.compare_digest(spec.get("token", ""), digest):
                return seat
        raise ProtocolError("bad-token", "that token opens no seat at this table", "token")

    @property
    def humans(self) -> list[PlayerId]:
        """The seats people play."""
        return [s for s, spec in enumerate(self.seats) if spec["player"] == HUMAN]

    def welcome(self, seat: PlayerId | None) -> Welcome:
        """The greeting after a join."""
        info = self.game.info
        config = self.match.record.config
        return Welcome(PROTOCOL_VERSION, self.id, info.name, info.title, seat,
                       [s["player"] for s in self.seats], self.undo_allowed,
                       sorted(config.variants), sorted(getattr(config, "modules", ())))

    # -- what a seat sees ------------------------------------------------
    def version(self) -> tuple[int, int]:
        """What changes when the game does: actions applied and undos made."""
        return len(self.match.record.actions), self.undo_count

    def _key(self, seat: PlayerId | None) -> tuple[Any, ...]:
        return (*self.version(), self.thinking, seat)

    def state_for(self, seat: PlayerId | None) -> TableState:
        """The table as ``seat`` may see it, built from its view only (``None``: public).

        Built on the calling thread; the server uses :meth:`message_for`,
        which draws in a worker thread.
        """
        return self._build(self._snapshot(seat))[0]

    async def message_for(self, seat: PlayerId | None) -> str:
        """The JSON ``state`` message for ``seat``, drawn off the event loop.

        The seat's view is taken here, on the event loop, so the worker
        thread only reads a copy that nothing else changes. The message is
        built once per seat and change (step, undo, thinking) and then
        reused, and the board drawing once per seat and game version (a
        change of ``thinking`` alone does not redraw it).

        Returns:
            The ``state`` message's text.
        """
        key = self._key(seat)
        cached = self._seen.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        snap = self._snapshot(seat)
        if snap["drawn"] is None:
            snap["drawn"] = await self.drawer.draw(self.game, snap["view"])
        made = await asyncio.to_thread(self._build, snap)
        text = dump(made[0])
        if self._key(seat) == key:  # nothing moved while it was drawn
            self._seen[seat] = (key, text)
            self._drawn[seat] = (key[:2], made[1])
        return text

    def _snapshot(self, seat: PlayerId | None) -> dict[str, Any]:
        """Everything :meth:`_build` reads, copied now (views are new states)."""
        game, state = self.game, self.match.state
        over = game.is_over(state)
        drawn = self._drawn.get(seat)
        return {
            "seat": seat,
            "view": public_view(game, state) if seat is None else game.view(state, seat),
            "over": over,
            "final": game.clone(state) if over else None,
            "to_move": None if over else game.current_player(state),
            "step": state.step,
            "thinking": self.thinking,
            "can_undo": seat is not None and self._undo_steps(seat) is not None,
            "drawn": drawn[1] if drawn is not None and drawn[0] == self.version() else None,
        }

    def _build(self, snap: dict[str, Any]) -> tuple[TableState, tuple[str, str]]:
        """The state message from a snapshot (safe in a worker thread).

        Returns:
            The message and its ``(svg, text board)`` drawing.
        """
        game = self.game
        seat, view, over, to_move = snap["seat"], snap["view"], snap["over"], snap["to_move"]
        question = None
        if seat is not None and to_move == seat and not snap["thinking"]:
            asked = present(game, view)
            if asked is not None:
                question = QuestionOut(asked.step, asked.prompt, [
                    AnswerOut(a.index, a.kind, a.label, None if a.hex is None else str(a.hex),
                              None if a.component is None else str(a.component))
                    for a in asked.answers])
        top = view.decision()
        waiting = "" if over or top is None else _with_seat(top.player, top.prompt)
        drawn: tuple[str, str] | None = snap["drawn"]
        if drawn is None:
            drawn = draw(game, view)
        scores = None
        try:
            sheet = game.scores(snap["final"] if over else view)
            scores = Scores(list(sheet.totals), [dict(b) for b in sheet.breakdown], list(sheet.order))
        except Exception:  # a score that cannot be told from a view is left out
            scores = None
        result = game.scores(snap["final"]).result_line() if over else ""
        made = TableState(
            PROTOCOL_VERSION, self.id, seat, snap["step"], to_move, waiting, question, drawn[0], drawn[1],
            [LogLine(e.step, e.player, e.text) for e in view.log[-LOG_TAIL:]],
            scores, private_info(game, view, seat) if seat is not None else [],
            over, result, snap["can_undo"], snap["thinking"],
        )
        return made, drawn

    # -- acting ------------------------------------------------------------
    def answer(self, seat: PlayerId, step: int, index: int) -> Any:
        """Apply ``seat``'s answer number ``index`` to the question of ``step``.

        Raises:
            ProtocolError: ``over``, ``not-your-turn``, ``stale`` or
                ``illegal``; the game is unchanged.
        """
        game, state = self.game, self.match.state
        if game.is_over(state):
            raise ProtocolError("over", "the game is over")
        to_move = game.current_player(state)
        if to_move != seat or self.thinking:
            raise ProtocolError("not-your-turn", f"seat {seat} is not to move; P{to_move} is", "step")
        if step > state.step:
            raise ProtocolError(
                "stale", f"step {step} has not been asked yet; the question pending is step {state.step}", "step")
        if step != state.step:
            raise ProtocolError(
                "stale", f"answer to step {step}, but the question now pending is step {state.step}", "step")
        legal = game.legal_actions(game.view(state, seat))
        if not 0 <= index < len(legal):
            raise ProtocolError("illegal", f"answer index {index} is not offered; 0 to {len(legal) - 1} are",
                                "index")
        action = legal[index]
        try:
            self.match.play(action)
        except HexkitError as exc:
            raise ProtocolError("illegal", str(exc), "index") from None
        self.actors.append(seat)
        self.save()
        return action

    def _undo_steps(self, seat: PlayerId) -> int | None:
        """How many actions an undo by ``seat`` takes back, or ``None`` if it may not."""
        if not self.undo_allowed or self.thinking or seat not in self.actors:
            return None
        last = len(self.actors) - 1 - self.actors[::-1].index(seat)
        if any(a != seat and a in self.humans for a in self.actors[last:]):
            return None  # another person acted since: not ours to take back
        return len(self.actors) - last

    def undo(self, seat: PlayerId) -> int:
        """Take back ``seat``'s last decision (and the agents' moves after it).

        Raises:
            ProtocolError: ``no-undo`` if the table forbids it, nothing of the
                seat's can be undone, another person acted since, or it would
                cross a reveal; the game is unchanged.
        """
        steps = self._undo_steps(seat)
        if steps is None:
            why = "this table does not allow undo" if not self.undo_allowed else \
                "nothing of yours can be undone now"
            raise ProtocolError("no-undo", why)
        self.match.serves = seat
        try:
            self.match.undo(steps)
        except HexkitError as exc:
            raise ProtocolError("no-undo", str(exc)) from None
        finally:
            self.match.serves = None
        self.match._redo.clear()
        self.undo_count += 1
        del self.actors[len(self.actors) - steps:]
        self.save()
        return steps

    def save(self) -> None:
        """Write the record to the store."""
        self.store.update_record(self.id, record_to_json(self.game, self.match.record))

    async def run_agents(self, broadcast: Callable[[Table], Any]) -> None:
        """Let agents move (in a worker thread, on a clone) until a person is to move."""
        game, match = self.game, self.match
        while not match.is_over:
            seat = match.current_player
            if seat is None or seat not in match.agents:
                break
            agent = match.agents[seat]
            snapshot = game.clone(match.state)

            def think(state: State = snapshot, seat: PlayerId = seat) -> Any:
                legal = tuple(game.legal_actions(state))
                return agent.act(game, game.view(state, seat), legal)

            self.thinking = True
            try:
                task = asyncio.ensure_future(asyncio.get_running_loop().run_in_executor(AGENT_POOL, think))
                done, _ = await asyncio.wait({task}, timeout=THINKING_NOTICE)
                if not done:  # a slow agent: tell the table it is thinking
                    await broadcast(self)
                action = await task
            finally:
                self.thinking = False
            async with self.lock:
                match.play(action)
                self.actors.append(seat)
                self.save()
            await broadcast(self)

    def kick(self, broadcast: Callable[[Table], Any]) -> None:
        """Start the agents' loop unless it runs already."""
        if self._agent_task is None or self._agent_task.done():
            self._agent_task = asyncio.get_running_loop().create_task(self.run_agents(broadcast))


class TableManager:
    """Creates tables, and loads them from the store on first use after a restart.

    Args:
        store: the SQLite store.
        drawer: draws every table's boards (default: in a thread).
    """

    def __init__(self, store: TableStore, drawer: Drawer | None = None) -> None:
        self.store = store
        self.drawer = drawer or Drawer(0)
        self.tables: dict[str, Table] = {}

    def create(self, game_name: str, players: int, seats: Sequence[str], variants: Sequence[str] = (),
               undo: bool = True, seed: int | None = None, modules: Sequence[str] = ()) -> NewTable:
        """Set up a table and store it.

        Args:
            game_name: a registry name (``hexkit games``; import references are refused).
            players: the player count.
            seats: per seat ``"human"`` or an agent spec; as many as ``players``.
            variants: optional rules (names from ``game.info.variants``).
            undo: whether people may undo.
            seed: the seed (default: a fresh 128-bit one).
            modules: optional modules, for a game whose config has a
                ``modules`` field (see :func:`game_modules`).

        Raises:
            ProtocolError: ``bad-field`` naming the field that is wrong.
        """
        if game_name not in available_games():
            raise ProtocolError("bad-field", f"game {game_name!r} is not installed; known: "
                                f"{', '.join(available_games())}", "game")
        game = load_game(game_name)
        if len(seats) != players:
            raise ProtocolError("bad-field", f"{len(seats)} seat(s) given for {players} players", "seats")
        for seat, spec in enumerate(seats):
            if spec != HUMAN:
                check_seat(spec, f"seats[{seat}]")
        config = table_config(game, players, variants, modules)
        seed = new_seed() if seed is None else seed
        try:  # set the game up before anything is saved: a table that cannot start is refused
            agents = {s: make_agent(spec, agent_seed(seed, s)) for s, spec in enumerate(seats) if spec != HUMAN}
            match = Match(game, config, seed, agents=agents)
        except (HexkitError, ValueError) as exc:
            message = str(exc)
            field = message.partition(":")[0]
            field = field if field in ("players", "variants", "modules") else "game"
            raise ProtocolError("bad-field", _prefixed(field, message), field) from None
        table_id = secrets.token_urlsafe(9)
        tokens = {s: secrets.token_urlsafe(18) for s, spec in enumerate(seats) if spec == HUMAN}
        stored = [{"player": spec, "token": token_hash(tokens[s]) if s in tokens else ""}
                  for s, spec in enumerate(seats)]
        self.store.save(StoredTable(table_id, game_name, record_to_json(game, match.record), stored, undo))
        self.tables[table_id] = Table(table_id, game, match, stored, undo, self.store, self.drawer)
        return NewTable(table_id, tokens)

    def get(self, table_id: str) -> Table | None:
        """The table, loaded from the store (its record replayed) if not in memory."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        stored = self.store.load(table_id)
        if stored is None:
            return None
        game = load_game(stored.game)
        record = record_from_json(game, stored.record)
        # a stored row is checked as a new table is: installed agents within the limits
        agents = {s: make_agent(check_seat(spec["player"], f"seats[{s}]"), agent_seed(record.seed, s))
                  for s, spec in enumerate(stored.seats) if spec["player"] != HUMAN}
        match = Match.resume(game, record, agents=agents)
        table = Table(table_id, game, match, stored.seats, stored.undo, self.store, self.drawer)
        self.tables[table_id] = table
        return table


def _with_seat(seat: int, prompt: str) -> str:
    """``"P1: choose a hex"``; a prompt that names its seat already (Soot's turn) is kept."""
    head = f"P{seat}: "
    return prompt if prompt.startswith(head) else head + prompt
