"""What a study is, and how one of its games is played into a result row.

A :class:`Study` names a game, a player count, the agents, the number of
games and the first seed. Game ``i`` uses seed ``seed + i`` and seats the
agents rotated by ``i`` (seat ``j`` gets ``agents[(i + j) % len(agents)]``),
so over a multiple of ``len(agents)`` games every agent plays every seat
equally often. :func:`play_game` depends only on the study and ``i``, which
is why any backend and any number of workers give the same rows.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import time
import traceback
from collections.abc import Sequence
from typing import Any

import attrs

from hexkit.agents.spec import check_agent_spec, make_agent
from hexkit.errors import ConfigError, HexkitError
from hexkit.game import Game, GameConfig, Information, State
from hexkit.record import GameRecord, record_to_json
from hexkit.registry import load_game
from hexkit.rng import derive_seed
from hexkit.sim.lazyview import release_seat_views, seat_views

__all__ = [
    "Study",
    "resolve_game",
    "seat_agents",
    "agent_seed",
    "play_game",
    "game_factions",
    "game_turns",
    "game_end_reason",
    "game_played",
    "check_overrides",
    "study_config",
    "run_chunk",
    "run_indices",
    "TIMING_FIELDS",
]

TIMING_FIELDS = ("seconds", "agent_seconds")
"""Result fields that measure time, and so differ between runs of the same seeds."""


def resolve_game(ref: str, *, allow_import: bool = True) -> Game[Any, Any]:
    """The game a study names: a registry name (``"empyreal"``) or an import
    reference ``"package.module:ATTRIBUTE"`` for a game that is not installed
    as a plugin (a game under development, a test game).

    Only for names the user gave (the command line, calling code): a name
    read from a file goes through :func:`hexkit.registry.game_named_in_file`,
    or ``allow_import=False``, so that loading a file never imports anything.

    Args:
        ref: the name or reference.
        allow_import: whether an import reference may be followed.

    Raises:
        UnknownGameError: if no installed plugin has that name.
        ConfigError: if an import reference does not lead to a :class:`Game`,
            or is given while ``allow_import`` is false.
    """
    if ":" not in ref:
        return load_game(ref)
    if not allow_import:
        raise ConfigError(f"game {ref!r}: a module reference is not followed here (only"
                          " installed games, found through their entry points)")
    module_name, _, attribute = ref.partition(":")
    try:
        module = importlib.import_module(module_name)
        game = getattr(module, attribute)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"cannot load game {ref!r}: {exc}") from None
    if not isinstance(game, Game):
        raise ConfigError(f"{ref!r} is a {type(game).__name__}, not a hexkit Game")
    return game


_PROBE = "hexkit-probe.no-such-path"


def check_overrides(game: Game[Any, Any], config: GameConfig) -> None:
    """Refuse data overrides that a game would silently ignore.

    A game that applies ``config.overrides`` (with
    :func:`hexkit.overrides.apply_overrides`) rejects a path that does not
    exist. If it accepts a made-up path, it does not read overrides at all,
    and a sweep over them would measure nothing.

    Raises:
        ConfigError: if ``config`` has overrides and the game ignores them.
    """
    if not config.overrides:
        return
    probe = attrs.evolve(config, overrides={_PROBE: 0})
    try:
        game.new(probe, 0)
    except (HexkitError, KeyError, TypeError, ValueError):
        return
    paths = ", ".join(config.overrides)
    raise ConfigError(
        f"{game.info.name} does not read data overrides; {paths} would change nothing"
    )


def _tuple_of_str(values: Sequence[str]) -> tuple[str, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class Study:
    """A set of games between agents, reproducible from its fields.

    Attributes:
        game: registry name or ``"module:ATTRIBUTE"`` reference (see
            :func:`resolve_game`).
        players: seats per game.
        agents: agent specs (``"mcts:iterations=200"``), rotated over the seats.
        games: number of games.
        seed: seed of the first game; game ``i`` has seed ``seed + i``.
            Consecutive seeds keep a study reproducible; they are guessable,
            which is safe because agents see only views, never the seed,
            and play with seeds of their own (:func:`agent_seed`).
        variants: optional rules in use.
        overrides: dotted data paths and values (``GameConfig.overrides``).
        options: other fields of the game's config class, by name.
        max_decisions: a game still running after this many decisions is
            recorded as an error (``None``: the game's ``info.max_decisions``).
        max_seconds: a game still running after this many seconds of wall
            clock is recorded as an error (``None``: no limit). A guard for
            a time-boxed run such as the demo: which games hit it depends
            on the machine, so a study meant to be reproduced leaves it unset.
        dataset: a folder where each finished game's decisions are written
            as ``<game>-<index>.npz`` (:mod:`hexkit.rl.dataset`; needs numpy),
            or ``None``.
    """

    game: str
    players: int
    agents: tuple[str, ...] = attrs.field(converter=_tuple_of_str)
    games: int = 100
    seed: int = 0
    variants: tuple[str, ...] = attrs.field(default=(), converter=_tuple_of_str)
    overrides: dict[str, Any] = attrs.field(factory=dict)
    options: dict[str, Any] = attrs.field(factory=dict)
    max_decisions: int | None = None
    max_seconds: float | None = None
    dataset: str | None = None

    def load(self) -> Game[Any, Any]:
        """The game this study plays."""
        return resolve_game(self.game)

    def config(self, game: Game[Any, Any] | None = None) -> GameConfig:
        """The checked config of every game of the study.

        Raises:
            ConfigError: on a bad player count, variant or option.
        """
        game = game or self.load()
        options = dict(self.options)
        if self.overrides:
            options["overrides"] = dict(self.overrides)
        config: GameConfig = game.make_config(self.players, self.variants, **options)
        return config

    def validate(self) -> Game[Any, Any]:
        """Check everything that can be checked before playing: the game, the
        agents, the config, and that the first game sets up (which applies
        the data overrides, so a bad path or value type fails here).

        Returns:
            The game.

        Raises:
            HexkitError: (a ``ConfigError`` or ``UnknownGameError``) naming
                what is wrong (a ``dataset`` path that is a file included).
        """
        if self.games < 0:
            raise ConfigError(f"the number of games must be >= 0, not {self.games}")
        if not self.agents:
            raise ConfigError("a study needs at least one agent")
        for spec in self.agents:
            check_agent_spec(spec)
        if self.dataset is not None and os.path.exists(self.dataset) and not os.path.isdir(self.dataset):
            raise ConfigError(f"dataset: {self.dataset} is a file; the dataset is a folder of game files")
        game = self.load()
        config = self.config(game)
        check_overrides(game, config)
        try:
            game.new(config, self.seed)
        except HexkitError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise ConfigError(f"{game.info.name} cannot be set up with this config: {exc}") from None
        return game

    def seats(self, index: int) -> list[str]:
        """Agent spec by seat for game ``index``."""
        return seat_agents(self.agents, self.players, index)


def seat_agents(agents: Sequence[str], players: int, index: int) -> list[str]:
    """Agents by seat for game ``index``: ``agents`` rotated by ``index``.

    Example:
        >>> seat_agents(["mcts", "random"], 2, 1)
        ['random', 'mcts']
    """
    n = len(agents)
    return [agents[(index + seat) % n] for seat in range(players)]


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of the game seeded ``game_seed``.

    Derived through the same keyed hash as the game's random source but in
    another domain (``derive_seed(game_seed, "agent", seat)``), so an agent's
    seed is neither the game seed nor its random state.
    """
    return derive_seed(game_seed, "agent", seat)


def game_factions(game: Game[Any, Any], state: State) -> list[str] | None:
    """Faction by seat from the optional ``factions(state)`` hook of a game.

    A plugin whose seats differ (a Company and Captain, an archetype) defines
    ``factions(self, state) -> list[str]`` on its game; it is read at the end
    of each game, so factions chosen during play are included. Games without
    the hook give ``None``.
    """
    hook = getattr(game, "factions", None)
    if hook is None:
        return None
    return [str(f) for f in hook(state)]


def game_turns(game: Game[Any, Any], state: State) -> int | None:
    """Turns played, from the optional ``turns(state) -> int`` hook of a game.

    A decision is one action; a turn is what the rulebook calls a turn (or a
    round) and usually spans several decisions. Games without the hook give
    ``None``.
    """
    hook = getattr(game, "turns", None)
    if hook is None:
        return None
    return int(hook(state))


def game_end_reason(game: Game[Any, Any], state: State) -> str | None:
    """Why the game ended, from the optional ``end_reason(state) -> str`` hook.

    A designer filters a study by it: a game that ends by a rulebook trigger
    says something about balance, one stopped by an engine safeguard (a round
    limit) may not. Games without the hook give ``None``.
    """
    hook = getattr(game, "end_reason", None)
    if hook is None:
        return None
    return str(hook(state))


def game_played(game: Game[Any, Any], state: State) -> dict[str, Any] | None:
    """What was played, from the optional ``played(state)`` hook of a game.

    A plugin declares counters of its mechanisms with
    ``played(self, state) -> dict[str, list[int]]``: mechanism name to the
    count of each seat, every declared mechanism present even when 0. The
    counts live in the state and are read at the end of the game.

    Returns:
        ``{"total": {name: n}, "by_seat": [{name: n}, ...]}``, or ``None``
        for a game without the hook.

    Raises:
        HexkitError: if the hook gives something other than one whole
            number per seat for each mechanism.
    """
    hook = getattr(game, "played", None)
    if hook is None:
        return None
    counts = hook(state)
    players = game.num_players(state)
    by_seat: list[dict[str, int]] = [{} for _ in range(players)]
    total: dict[str, int] = {}
    for name, per_seat in sorted(counts.items()):
        values = list(per_seat)
        if len(values) != players or any(type(v) is not int for v in values):
            raise HexkitError(
                f"{game.info.name}.played(): {name!r} must give one integer per seat "
                f"({players}), not {per_seat!r}"
            )
        total[str(name)] = sum(values)
        for seat, value in enumerate(values):
            by_seat[seat][str(name)] = value
    return {"total": total, "by_seat": by_seat}


def play_game(study: Study, index: int, game: Game[Any, Any] | None = None,
              config: GameConfig | None = None,
              keep: list[GameRecord] | None = None) -> dict[str, Any]:
    """Play game ``index`` of ``study`` and describe it as one JSON-ready row.

    Never raises for a failure inside the game: an exception (or a game that
    does not end within ``max_decisions``) gives a row whose ``error`` holds
    the message and traceback and whose ``record`` holds the JSON game record
    up to the failure, which reproduces it with ``hexkit replay``.

    Args:
        study: the study.
        index: the game's number, ``0 <= index < study.games``.
        game: the study's game, if already loaded.
        config: ``study.config(game)``, if already made (a chunk of games
            shares one).
        keep: if given, the game's record is appended to it (what
            :func:`hexkit.sim.replay_row` replays).

    Returns:
        The result row (see :mod:`hexkit.sim` for its fields).
    """
    game = game or study.load()
    seed = study.seed + index
    seats = study.seats(index)
    row: dict[str, Any] = {
        "game": game.info.name,
        "game_ref": study.game,
        "version": game.info.version,
        "index": index,
        "seed": seed,
        "players": study.players,
        "seats": seats,
        "agents": list(study.agents),
        "config": study_config(study),
        "max_decisions": study.max_decisions,
    }
    started = time.perf_counter()
    config = config or study.config(game)
    record = GameRecord.start(game, config, seed)
    if keep is not None:
        keep.append(record)
    thinking = [0.0] * study.players
    state: State | None = None
    limit = study.max_decisions or game.info.max_decisions
    perfect = game.info.information is Information.PERFECT
    try:
        agents = [make_agent(spec, agent_seed(seed, s)) for s, spec in enumerate(seats)]
        state = game.new(config, seed)
        _play_out(game, state, agents, record.actions, thinking, limit, perfect,
                  None if study.max_seconds is None else (started + study.max_seconds,
                                                          study.max_seconds))
        sheet = game.scores(state)
        factions = game_factions(game, state)
        beaten_by = getattr(game, "beaten_by", None)  # an opponent outside the seats (Soot: the Trust)
        outsider = beaten_by(state) if callable(beaten_by) else None
        row.update(
            factions=factions,
            scores=list(sheet.totals),
            breakdown=[dict(b) for b in sheet.breakdown],
            order=list(sheet.order),
            winner=-1 if outsider else sheet.winner,
            winners=[] if outsider else list(sheet.winning_side),
            winner_agent=outsider or seats[sheet.winner],
            winner_faction=None if factions is None or outsider else factions[sheet.winner],
            beaten_by=outsider,
            decided_by=list(sheet.decided_by),
            turns=game_turns(game, state),
            end_reason=game_end_reason(game, state),
            played=game_played(game, state),
            decisions=state.step,
            error=None,
        )
        if study.dataset is not None:  # per-decision records for learning (hexkit.rl)
            from hexkit.rl.dataset import write_game

            write_game(study.dataset, game, config, seed, index, record.actions, seats)
    except Exception as exc:  # one failed game must not stop the study
        row.update(
            factions=_safe(lambda: game_factions(game, state)) if state is not None else None,
            played=_safe(lambda: game_played(game, state)) if state is not None else None,
            decisions=None if state is None else state.step,
            error=f"{type(exc).__name__}: {exc}",
            traceback=traceback.format_exc(),
            record=_safe(lambda: json.loads(record_to_json(game, record))),
        )
    row["seconds"] = round(time.perf_counter() - started, 6)
    row["agent_seconds"] = [round(t, 6) for t in thinking]
    return row


def _play_out(game: Game[Any, Any], state: State, agents: list[Any], actions: list[Any],
              thinking: list[float], limit: int, perfect: bool,
              overdue: tuple[float, float] | None) -> None:
    """Play ``state`` to the end, each seat's agent choosing from its view.

    The loop every study decision goes through, so it keeps to the minimum:
    one listing of the legal actions serves the agent and apply's legality
    check (cached on the state; the mover's legal actions are the same from
    its view, a protocol rule the conformance suite checks); the view is a
    :class:`~hexkit.sim.lazyview.LazyView` kept by
    :func:`~hexkit.sim.lazyview.seat_views`, built only if the agent looks;
    the clock read that times the agent also checks the deadline.

    Raises:
        HexkitError: when the game passes ``limit`` decisions or the
            ``(deadline, seconds)`` of ``overdue``.
    """
    views = seat_views(game, state, len(agents))
    try:
        _decide(game, state, [agent.act for agent in agents], views, actions, thinking,
                limit, perfect, (math.inf, math.inf) if overdue is None else overdue)
    finally:
        release_seat_views(views)


def _decide(game: Game[Any, Any], state: State, acts: list[Any], views: list[State],
            actions: list[Any], thinking: list[float], limit: int, perfect: bool,
            overdue: tuple[float, float]) -> None:
    """The loop of :func:`_play_out`, with everything it calls bound to a local name."""
    clock = time.perf_counter
    is_over, current_player = game.is_over, game.current_player
    legal_actions, apply, record = game.legal_actions, game.apply, actions.append
    deadline, seconds = overdue
    for _ in range(limit - state.step):
        if is_over(state):
            return
        player = current_player(state)
        if player is None:
            raise HexkitError("no player to move in a game that is not over")
        legal = legal_actions(state)
        if not perfect and type(legal) is not tuple:
            legal = tuple(legal)
        view = views[player]  # an unread view: see seat_views
        tick = clock()
        if tick > deadline:
            raise HexkitError(f"the game did not end within {seconds:g} seconds "
                              f"({state.step} decisions played)")
        action = acts[player](game, view, legal)
        thinking[player] += clock() - tick
        apply(state, action)
        record(action)
    if not is_over(state):
        raise HexkitError(f"the game did not end within {limit} decisions")


def study_config(study: Study) -> dict[str, Any]:
    """The part of a study that sets up each game, as a row's ``config``
    field: ``{"variants": [...], "overrides": {...}, "options": {...}}``.

    Two rows with different ``config`` come from different rules and are
    never pooled by a report; with ``seed`` and ``seats`` it is what
    ``hexkit replay --seed`` needs to play a finished game again.
    """
    return {
        "variants": list(study.variants),
        "overrides": {str(k): _jsonable(v) for k, v in sorted(study.overrides.items())},
        "options": {str(k): _jsonable(v) for k, v in sorted(study.options.items())},
    }


def _jsonable(value: Any) -> Any:
    """``value`` if JSON can hold it as is, else its text."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return str(value)


def _safe(make: Any) -> Any:
    try:
        return make()
    except Exception as exc:  # describing a failure must not fail
        return f"unavailable: {type(exc).__name__}: {exc}"


def run_chunk(study: Study, start: int, stop: int) -> list[dict[str, Any]]:
    """Rows of games ``start`` to ``stop - 1`` (a worker's unit of work).

    A top-level function, so process pools using ``spawn`` and distributed
    workers can run it.
    """
    game = study.load()
    config = study.config(game)
    return [play_game(study, i, game, config) for i in range(start, stop)]


def run_indices(study: Study, indices: list[int]) -> list[dict[str, Any]]:
    """Rows of the games ``indices`` (a resumed study's unit of work)."""
    game = study.load()
    config = study.config(game)
    return [play_game(study, i, game, config) for i in indices]
