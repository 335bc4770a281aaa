"""The conformance suite: checks that a game keeps the protocol's contract.

Any plugin, ours or a third party's, runs it from its tests::

    from hexkit.testing import check_game
    report = check_game(GAME, [GAME.make_config(players=3)], seeds=range(20))

It plays seeded random games to the end and checks, at every step:

* the game is over exactly when there are no legal actions, and it ends
  within ``info.max_decisions`` steps;
* the chosen action applies, and a sample of actions that are not legal
  (the legal actions of other states, or foreign objects) are rejected with
  :class:`~hexkit.errors.IllegalActionError` leaving the state unchanged;
* ``clone`` is equal and independent (playing on after a clone does not
  change the clone);
* the state round-trips through JSON (every ``json_every`` steps and at the end);
* ``view(state, p)`` for each player differs from the full state only in
  fields matching ``info.hidden_fields`` (and ``rng``), and the player to
  move gets the same legal actions from the view as from the state;
* the action numbering (every ``json_every`` steps): the mask has
  :meth:`~hexkit.game.Game.action_space_size` flags, set exactly at
  :meth:`~hexkit.game.Game.legal_indices`; legal actions that differ have
  different numbers; ``index_to_action(action_to_index(a))`` gives ``a`` back (same
  type); a number outside the mask is refused by ``apply_index``; and
  ``apply_index`` of the chosen action's number gives the same state as
  ``apply`` (on a clone);
* at the end: replaying the record gives an identical state, the record
  round-trips through JSON, and the same seed and actions give the same
  state twice; the score sheet is complete.

Failures raise :class:`ConformanceError` with the seed, the step and the
record so far, so the game can be reproduced.
"""

from __future__ import annotations

import difflib
import fnmatch
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
import pathlib
from typing import Any

import attrs

from hexkit.errors import HexkitError, IllegalActionError
from hexkit.game import Game, GameConfig, State
from hexkit.record import GameRecord, record_from_json, record_to_json, replay
from hexkit.rng import Rng
from hexkit.serialize import codec

__all__ = [
    "ConformanceError", "ConformanceReport", "check_game", "play_random", "flatten",
    "leaves", "set_leaf", "perft", "perft_table", "perft_divide", "golden_transcript",
    "check_golden", "golden_name", "random_agent", "Agent", "UPDATE_GOLDEN_ENV", "mutant", "mutate_one", "plays_on", "refused_or_plays_on", "SKIP_FIELDS",
]


class ConformanceError(HexkitError, AssertionError):
    """A game broke the protocol's contract.

    Attributes:
        seed: the game's seed.
        step: the step at which the check failed.
        record: the record up to that step, to reproduce the failure.
    """

    def __init__(self, message: str, seed: int, step: int, record: GameRecord) -> None:
        super().__init__(f"seed {seed}, step {step}: {message}")
        self.seed = seed
        self.step = step
        self.record = record


@attrs.define
class ConformanceReport:
    """What :func:`check_game` checked.

    Attributes:
        games: games played to the end.
        steps: actions applied in total.
        rejected: illegal actions that were correctly rejected.
        round_trips: JSON round trips of states checked.
        views: views checked.
        numbered: positions whose action numbering and mask were checked.
    """

    games: int = 0
    steps: int = 0
    rejected: int = 0
    round_trips: int = 0
    views: int = 0
    numbered: int = 0


def flatten(data: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Dotted paths and leaf values of a JSON-like value (lists indexed by number)."""
    if isinstance(data, dict):
        if not data:
            yield prefix, {}
        for key, value in data.items():
            yield from flatten(value, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(data, list):
        if not data:
            yield prefix, []
        for index, value in enumerate(data):
            yield from flatten(value, f"{prefix}.{index}" if prefix else str(index))
    else:
        yield prefix, data


def _hidden(path: str, patterns: Sequence[str]) -> bool:
    return any(
        path == pattern or fnmatch.fnmatchcase(path, pattern) or path.startswith(pattern + ".")
        for pattern in patterns
    )


def play_random(game: Game[Any, Any], config: GameConfig, seed: int) -> tuple[State, GameRecord]:
    """Play one game with uniformly random actions (agent seed = game seed)."""
    state = game.new(config, seed)
    record = GameRecord.start(game, config, seed)
    chooser = Rng(seed ^ 0x5EED)
    while not game.is_over(state):
        legal = game.legal_actions(state)
        action = legal[chooser.randbelow(len(legal))]
        game.apply(state, action)
        record.actions.append(action)
    return state, record


class _Checker:
    def __init__(
        self, game: Game[Any, Any], json_every: int, view_every: int, all_views: bool
    ) -> None:
        self.game = game
        self.all_views = all_views
        self.codec = codec(game)
        self.json_every = json_every
        self.view_every = view_every
        self.report = ConformanceReport()
        self.patterns = ("rng", "viewer", *game.info.hidden_fields)
        self.foreign: list[Any] = [object(), None, "not an action"]

    def fail(self, message: str, seed: int, state: State, record: GameRecord) -> ConformanceError:
        return ConformanceError(message, seed, state.step, record)

    def dump(self, state: State) -> str:
        return self.codec.state_to_json(state)

    def play(self, config: GameConfig, seed: int) -> None:
        game = self.game
        state = game.new(config, seed)
        record = GameRecord.start(game, config, seed)
        chooser = Rng(seed ^ 0x5EED)
        limit = game.info.max_decisions
        while True:
            legal = game.legal_actions(state)
            over = game.is_over(state)
            if over != (len(legal) == 0):
                raise self.fail(
                    f"is_over={over} but {len(legal)} legal actions", seed, state, record
                )
            if over:
                break
            if state.step >= limit:
                raise self.fail(f"not over after max_decisions={limit}", seed, state, record)
            player = game.current_player(state)
            if player is None or not 0 <= player < config.players:
                raise self.fail(f"current_player is {player!r}", seed, state, record)
            if state.step % self.json_every == 0:
                self.check_round_trip(state, seed, record)
                self.check_rejections(state, legal, seed, record)
                self.check_numbering(state, legal, seed, record)
            if state.step % self.view_every == 0:
                self.check_views(state, config, seed, record)
            action = legal[chooser.randbelow(len(legal))]
            twin = game.clone(state) if state.step % self.json_every == 0 else None
            before = self.dump(twin) if twin is not None else ""
            by_number = self.by_number(state, action, seed, record) if twin is not None else None
            try:
                game.apply(state, action)
            except HexkitError as exc:
                raise self.fail(f"legal action {action} failed: {exc!r}", seed, state, record)
            record.actions.append(action)
            self.foreign.append(action)
            if len(self.foreign) > 64:
                del self.foreign[3:35]
            if twin is not None and self.dump(twin) != before:
                raise self.fail("playing on after clone changed the clone", seed, state, record)
            if by_number is not None and by_number != state:
                raise self.fail(f"apply_index of {action} gives another state than apply",
                                seed, state, record)
            self.report.steps += 1
        self.check_round_trip(state, seed, record)
        self.check_end(state, config, seed, record)
        self.report.games += 1

    def check_round_trip(self, state: State, seed: int, record: GameRecord) -> None:
        text = self.dump(state)
        back = self.codec.state_from_json(text)
        if self.dump(back) != text or back != state:
            raise self.fail("state does not round-trip through JSON", seed, state, record)
        clone = self.game.clone(state)
        if clone != state or self.dump(clone) != text:
            raise self.fail("clone differs from the state", seed, state, record)
        self.report.round_trips += 1

    def check_rejections(
        self, state: State, legal: Sequence[Any], seed: int, record: GameRecord
    ) -> None:
        legal_set = set(legal)
        before = self.dump(state)
        for candidate in self.foreign[-12:] + self.foreign[:3]:
            try:
                if candidate in legal_set:
                    continue
            except TypeError:
                pass
            try:
                self.game.apply(state, candidate)
            except IllegalActionError:
                self.report.rejected += 1
            else:
                raise self.fail(f"illegal action {candidate!r} was applied", seed, state, record)
            if self.dump(state) != before:
                raise self.fail(f"rejected action {candidate!r} changed the state", seed, state, record)

    def check_numbering(
        self, state: State, legal: Sequence[Any], seed: int, record: GameRecord
    ) -> None:
        game = self.game
        legal = game.legal_actions(state)  # the listed values themselves (the rejections may relist)
        try:
            size = game.action_space_size(state.config)
            mask = list(game.legal_mask(state))
            indices = list(game.legal_indices(state))
            numbers = [game.action_to_index(state, action) for action in legal]
            back = [game.index_to_action(state, number) for number in numbers]
            listed = [game.index_to_action(state, number) for number in indices]
        except HexkitError as exc:
            raise self.fail(f"numbering the legal actions failed: {exc!r}", seed, state, record)
        if len(mask) != size:
            raise self.fail(f"legal_mask has {len(mask)} flags, action_space_size is {size}",
                            seed, state, record)
        marked = [i for i, flag in enumerate(mask) if flag]
        # A game may list one answer twice (Soot lists a duplicated card twice): then
        # two numbers mean it, and action_to_index gives the first.
        if (sorted(set(indices)) != marked or len(indices) != len(legal)
                or any(a != b or type(a) is not type(b) for a, b in zip(listed, legal))):
            raise self.fail(f"mask {marked[:8]}..., legal_indices {indices[:8]}... and the legal"
                            f" actions {[str(a) for a in legal[:4]]}... disagree", seed, state, record)
        owner: dict[int, Any] = {}
        for action, number in zip(legal, numbers):
            other = owner.setdefault(number, action)
            if other != action:
                raise self.fail(f"legal actions {other} and {action} share the number {number}",
                                seed, state, record)
        for action, again in zip(legal, back):
            if again != action or type(again) is not type(action):
                raise self.fail(f"index_to_action(action_to_index({action})) is {again!r}",
                                seed, state, record)
        unset = next((i for i, flag in enumerate(mask) if not flag), None)
        if unset is not None:
            before = self.dump(state)
            try:
                game.apply_index(state, unset)
            except IllegalActionError:
                pass
            else:
                raise self.fail(f"apply_index({unset}) applied an action the mask forbids",
                                seed, state, record)
            if self.dump(state) != before:
                raise self.fail(f"refused apply_index({unset}) changed the state", seed, state, record)
        self.report.numbered += 1

    def by_number(self, state: State, action: Any, seed: int, record: GameRecord) -> State:
        """A clone of ``state`` after ``apply_index`` of ``action``'s number."""
        twin: State = self.game.clone(state)
        try:
            self.game.apply_index(twin, self.game.action_to_index(state, action))
        except HexkitError as exc:
            raise self.fail(f"apply_index of legal {action} failed: {exc!r}", seed, state, record)
        return twin

    def check_views(self, state: State, config: GameConfig, seed: int, record: GameRecord) -> None:
        full = dict(flatten(self.codec.state_to_dict(state)["state"]))
        mover = self.game.current_player(state)
        players: Iterable[int] = range(config.players)
        if not self.all_views:
            # The mover, and one other seat in rotation: every seat is seen
            # over a game at a fraction of the cost with many players.
            other = (state.step // self.view_every) % config.players
            players = sorted({p for p in (mover, other) if p is not None})
        for player in players:
            view = self.game.view(state, player)
            seen = dict(flatten(self.codec.state_to_dict(view)["state"]))
            for path in full.keys() | seen.keys():
                if full.get(path, _MISSING) != seen.get(path, _MISSING) and not _hidden(
                    path, self.patterns
                ):
                    raise self.fail(
                        f"view for player {player} changes {path!r}, which is not hidden",
                        seed,
                        state,
                        record,
                    )
            if player == mover and tuple(self.game.legal_actions(view)) != tuple(
                self.game.legal_actions(state)
            ):
                raise self.fail(
                    f"player {player} gets other legal actions from its view", seed, state, record
                )
            self.report.views += 1

    def check_end(self, state: State, config: GameConfig, seed: int, record: GameRecord) -> None:
        game = self.game
        final = self.dump(state)
        if self.dump(replay(game, record)) != final:
            raise self.fail("replaying the record gives another state", seed, state, record)
        reloaded = record_from_json(game, record_to_json(game, record))
        if reloaded.actions != record.actions or reloaded.config != record.config:
            raise self.fail("the record does not round-trip through JSON", seed, state, record)
        sheet = game.scores(state)
        n = config.players
        if len(sheet.totals) != n or sorted(sheet.order) != list(range(n)):
            raise self.fail(f"incomplete score sheet {sheet}", seed, state, record)
        if len(sheet.decided_by) != n - 1 or len(sheet.breakdown) != n:
            raise self.fail(f"score sheet lacks breakdown or tie-breaks {sheet}", seed, state, record)
        if game.winner(state) != sheet.order[0]:
            raise self.fail("winner() disagrees with the score sheet", seed, state, record)


_MISSING = object()


def check_game(
    game: Game[Any, Any],
    configs: Iterable[GameConfig],
    seeds: Iterable[int],
    *,
    json_every: int = 7,
    view_every: int = 11,
    all_views: bool = True,
) -> ConformanceReport:
    """Play one random game per (config, seed) and check the protocol contract.

    Args:
        game: the game to check.
        configs: configurations to play (each with every seed).
        seeds: game seeds.
        json_every: check JSON round trips, clone independence and illegal
            actions every this many steps (1 checks every step).
        view_every: check views every this many steps.
        all_views: check every player's view at those steps; if ``False``,
            the mover's and one other player's in rotation (faster with
            many players, and every seat is still covered over a game).

    Returns:
        What was checked.

    Raises:
        ConformanceError: at the first broken rule, with seed, step and record.
    """
    checker = _Checker(game, json_every, view_every, all_views)
    seed_list = list(seeds)
    for config in configs:
        for seed in seed_list:
            checker.play(config, seed)
    return checker.report


# -- mutation corpora: damaged saves are refused, never loaded and then crashed --------------------

Path = tuple[str | int, ...]
"""Where a leaf sits in parsed JSON: the keys and indices from the root."""

SKIP_FIELDS = frozenset({"config", "rng", "log"})
"""Top-level state fields a corpus leaves alone by default: the config (checked
when it is built), the RNG and the log (not rules state)."""


def leaves(node: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every scalar in parsed JSON with its path, depth first, in document order."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from leaves(value, (*path, index))
    else:
        yield path, node


def set_leaf(node: Any, path: Path, value: Any) -> None:
    """Replace the scalar at ``path`` in parsed JSON ``node``."""
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def mutant(
    rng: Any,
    value: Any,
    *,
    flags: Sequence[Any] = (True, False, 0, 1),
    ints: Sequence[int] = (-1, -7, 3, 5, 7, 999),
    texts: Sequence[str] = ("", "bogus", "?", "Flying Teapot"),
) -> Any:
    """A wrong value for a leaf: a flag or null becomes one of ``flags``, an
    integer one of ``ints`` or one off, anything else one of ``texts``.

    Args:
        rng: a :class:`random.Random` (its ``choice`` is used).
        value: the leaf's value.
        flags: replacements of ``true``, ``false`` and ``null``.
        ints: replacements of integers (besides ``value + 1`` and ``value - 1``).
        texts: replacements of strings and floats.
    """
    if isinstance(value, bool) or value is None:
        return rng.choice(list(flags))
    if isinstance(value, int):
        return rng.choice([*ints, value + 1, value - 1])
    return rng.choice(list(texts))


def mutate_one(
    rng: Any, saved: dict[str, Any], *, skip: Iterable[str] = SKIP_FIELDS, only: str = "", **values: Any
) -> tuple[Path, dict[str, Any]]:
    """A copy of a saved state (an envelope with ``"state"``) with one leaf made wrong.

    Args:
        rng: a :class:`random.Random`.
        saved: the parsed save.
        skip: top-level state fields never mutated.
        only: mutate only leaves under top-level fields starting with this.
        **values: passed to :func:`mutant`.

    Returns:
        The path of the mutated leaf (under ``"state"``) and the copy.
    """
    import copy

    data = copy.deepcopy(saved)
    skipped = frozenset(skip)
    candidates = [(p, v) for p, v in leaves(data["state"])
                  if str(p[0]) not in skipped and str(p[0]).startswith(only)]
    path, value = rng.choice(candidates)
    set_leaf(data["state"], path, mutant(rng, value, **values))
    return path, data


def plays_on(game: Game[Any, Any], state: State, budget: int = 3000, seed: int = 1) -> None:
    """Score ``state``, play random legal actions to the end (at most ``budget``), score again.

    Raises:
        AssertionError: if the game is not over and has no legal action.
        Any exception the game raises: a loaded state that cannot be played.
    """
    import random

    rng = random.Random(seed)
    game.scores(state)
    for _ in range(budget):
        if game.is_over(state):
            break
        legal = list(game.legal_actions(state))
        assert legal, "no legal action while the game is not over"
        game.apply(state, rng.choice(legal))
    game.scores(state)
    game.returns(state)


def refused_or_plays_on(game: Game[Any, Any], path: Path, data: dict[str, Any], budget: int = 3000) -> bool:
    """Load a mutated save: ``True`` if it is refused with ``InvalidRecordError``, ``False`` if it
    loads and plays on to the end (an illegal random action ends the check early).

    Raises:
        AssertionError: if it loads and then crashes, naming the mutated path.
    """
    import json

    from hexkit.errors import InvalidRecordError

    try:
        state = codec(game).state_from_json(json.dumps(data))
    except InvalidRecordError:
        return True
    try:
        plays_on(game, state, budget)
    except IllegalActionError:
        pass
    except Exception as exc:
        where = ".".join(map(str, path))
        raise AssertionError(f"mutating {where} loaded, then crashed: {type(exc).__name__}: {exc}") from exc
    return False


def reload_saves(game: Game[Any, Any], config: GameConfig, seed: int, *, first: int,
                 every: int) -> int:
    """Play a random game and reload what it saves: the loader's no-false-alarm check.

    A seeded random game (the choices from :class:`random.Random` ``seed``,
    the game seeded ``seed``) is saved to JSON and loaded again, the full
    state and every seat's view, at each of the ``first`` first steps and
    every ``every``-th step after, and the full state at the end. A loader
    that refuses any of them refuses a position the game itself reached.

    Args:
        game: the game.
        config: its config.
        seed: seeds the game and the random choices.
        first: steps from the start at which every save is reloaded.
        every: the interval of the later steps reloaded.

    Returns:
        The number of saves reloaded.

    Raises:
        InvalidRecordError: (usually a ``StateValidationError`` naming each
            field) from the first save the loader refuses.
    """
    import random

    rng = random.Random(seed)
    conv = codec(game)
    state = game.new(config, seed)
    players = game.num_players(state)
    reloaded = step = 0
    while not game.is_over(state):
        if step < first or step % every == 0:
            for saved in (state, *(game.view(state, seat) for seat in range(players))):
                conv.state_from_json(conv.state_to_json(saved))
                reloaded += 1
        game.apply(state, rng.choice(list(game.legal_actions(state))))
        step += 1
    conv.state_from_json(conv.state_to_json(state))
    return reloaded + 1


__all__ += ["reload_saves"]  # kept beside the function: the list above is shared work


# -- perft and golden transcripts: the one format every game uses -----------------------

Agent = Callable[[State, Sequence[Any]], Any]
"""A seat's chooser for golden games: ``agent(state, legal) -> action`` (one of ``legal``)."""

UPDATE_GOLDEN_ENV = "HEXKIT_UPDATE_GOLDEN"
"""Set this environment variable to ``1`` to make :func:`check_golden` rewrite golden files."""


def perft(game: Game[Any, Any], state: State, depth: int, *, count_finished: bool = False) -> int:
    """The number of action sequences of length ``depth`` from ``state`` (leaves of the game tree).

    Args:
        game: the game whose rules expand ``state``.
        state: the position; it is not changed (children are clones).
        depth: sequence length, ``>= 1``.
        count_finished: if true, a game that ends before ``depth`` counts as one
            leaf (the Hex tutorial's convention); if false (the chess
            convention, and Empyreal's, Soot's and Beacons'), it counts 0.

    Returns:
        The leaf count.

    Raises:
        ValueError: ``depth`` is below 1.
    """
    if depth < 1:
        raise ValueError(f"perft depth must be >= 1, got {depth}")
    legal = game.legal_actions(state)
    if not legal:
        return 1 if count_finished else 0
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = game.clone(state)
        game.apply(child, action)
        total += perft(game, child, depth - 1, count_finished=count_finished)
    return total


def perft_table(game: Game[Any, Any], state: State, depth: int, *, count_finished: bool = False) -> list[int]:
    """Perft counts at every depth ``1..depth``: ``[perft(1), perft(2), ...]``, the
    format of every game's ``perft.json`` (``{"<position>": [depth 1, depth 2, ...]}``).

    Raises:
        ValueError: ``depth`` is below 1.
    """
    if depth < 1:
        raise ValueError(f"perft depth must be >= 1, got {depth}")
    return [perft(game, state, d, count_finished=count_finished) for d in range(1, depth + 1)]


def perft_divide(game: Game[Any, Any], state: State, depth: int) -> dict[str, int]:
    """Perft split by first action: ``{str(action): perft(child, depth - 1)}`` (depth-1
    children count 1 each). For locating the action under which two counts differ.

    Raises:
        ValueError: ``depth`` is below 1.
    """
    if depth < 1:
        raise ValueError(f"perft depth must be >= 1, got {depth}")
    out: dict[str, int] = {}
    for action in game.legal_actions(state):
        child = game.clone(state)
        game.apply(child, action)
        out[str(action)] = 1 if depth == 1 else perft(game, child, depth - 1)
    return out


def random_agent(seed: int) -> Agent:
    """A seeded uniform chooser: ``legal[Rng(seed).randbelow(len(legal))]`` each call."""
    chooser = Rng(seed)

    def choose(state: State, legal: Sequence[Any]) -> Any:
        return legal[chooser.randbelow(len(legal))]

    return choose


def golden_name(players: int, seed: int, *tags: str) -> str:
    """The one golden file-name scheme: ``{players}p[-{tag}...]-seed{seed}.txt``
    (``golden_name(4, 2, "team") == "4p-team-seed2.txt"``)."""
    return "-".join([f"{players}p", *tags, f"seed{seed}"]) + ".txt"


def golden_transcript(
    game: Game[Any, Any],
    config: GameConfig,
    seed: int,
    agents: Agent | Sequence[Agent],
    *,
    render: Callable[[Any], str],
    layout: str = "steps",
    header: str | None = None,
    breakdown: Callable[[int, Any], str] | None = None,
) -> str:
    """A seeded game played to its end, as golden text.

    Two layouts (both kept so the shipped goldens stay byte-identical):

    * ``"steps"``: one line ``"{step:4d} P{seat} [{n legal}] {action}"`` per action,
      a blank line, the log, a blank line, ``render(state)``;
    * ``"interleaved"``: the log lines as they happen, each action as
      ``"> P{seat} {action}"``, then ``render(state)``.

    Both end with ``"totals {totals} order {order} decided by {decided_by}"`` and,
    if ``breakdown`` is given, ``breakdown(seat, parts)`` per seat. ``header``, if
    given, is the first line.

    Args:
        game: the game.
        config: its configuration.
        seed: the game seed.
        agents: one chooser for every seat, or one per seat (indexed by seat).
        render: the final picture, ``render(state) -> str``.
        layout: ``"steps"`` or ``"interleaved"``.
        header: an optional first line.
        breakdown: an optional per-seat score line.

    Returns:
        The transcript, ending in a newline.

    Raises:
        ValueError: an unknown ``layout``.
    """
    if layout not in ("steps", "interleaved"):
        raise ValueError(f"golden_transcript layout must be 'steps' or 'interleaved', got {layout!r}")
    state = game.new(config, seed)
    lines: list[str] = [] if header is None else [header]
    shown = 0
    while not game.is_over(state):
        seat = game.current_player(state)
        agent = agents if callable(agents) else agents[seat or 0]
        if layout == "interleaved":
            lines.extend(str(e) for e in state.log[shown:])
            shown = len(state.log)
        legal = game.legal_actions(state)
        action = agent(state, legal)
        if layout == "steps":
            lines.append(f"{state.step:4d} P{seat} [{len(legal)}] {action}")
        else:
            lines.append(f"> P{seat} {action}")
        game.apply(state, action)
    if layout == "steps":
        lines.append("")
        lines.extend(str(e) for e in state.log)
        lines.append("")
    else:
        lines.extend(str(e) for e in state.log[shown:])
    lines.append(render(state))
    sheet = game.scores(state)
    lines.append(f"totals {sheet.totals} order {sheet.order} decided by {sheet.decided_by}")
    if breakdown is not None:
        lines.extend(breakdown(seat, parts) for seat, parts in enumerate(sheet.breakdown))
    return "\n".join(lines) + "\n"


def check_golden(path: str | os.PathLike[str], text: str) -> None:
    """Compare ``text`` with the golden file at ``path``; rewrite it when
    ``HEXKIT_UPDATE_GOLDEN=1`` is set (:data:`UPDATE_GOLDEN_ENV`).

    Raises:
        AssertionError: the texts differ (with a unified diff, at most 60 lines),
            or the file is missing and regeneration is off.
    """
    target = pathlib.Path(path)
    if os.environ.get(UPDATE_GOLDEN_ENV) == "1":
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        return
    if not target.exists():
        raise AssertionError(f"golden file {target} is missing; write it with {UPDATE_GOLDEN_ENV}=1")
    expected = target.read_text(encoding="utf-8")
    if expected != text:
        diff = list(difflib.unified_diff(
            expected.splitlines(), text.splitlines(), f"{target} (golden)", "now", lineterm=""))
        shown = "\n".join(diff[:60]) + ("\n..." if len(diff) > 60 else "")
        raise AssertionError(
            f"golden {target.name} differs ({len(diff)} diff lines); a deliberate rules change "
            f"regenerates it with {UPDATE_GOLDEN_ENV}=1 (make golden):\n{shown}")
