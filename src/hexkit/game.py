"""The game protocol every hexkit game implements.

A game is a stateless :class:`Game` object; everything that changes lives in
a :class:`State`. A turn is a sequence of small decisions: the state keeps a
stack of pending :class:`Decision` values, an action answers the one on top,
and resolving it may push more. This keeps :meth:`Game.legal_actions` small
and enumerable for every kind of player: a frontend asking one question at a
time, a random playout, MCTS or an RL policy.

The contract (checked for any game by :mod:`hexkit.testing`):

* ``legal_actions`` is never empty while the game is not over, and every
  action it returns can be applied;
* ``apply`` validates first; an illegal action raises
  :class:`~hexkit.errors.IllegalActionError` naming the rule it breaks and
  leaves the state exactly as it was;
* ``clone`` returns an independent copy, much faster than ``copy.deepcopy``;
* the same config, seed and actions give the same state on every machine;
* ``view(state, player)`` hides what that player may not see.
"""

from __future__ import annotations

import enum
import numbers
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, NamedTuple, TypeAlias, TypeVar

import attrs

from hexkit.errors import ActionSpaceError, ConfigError, HexkitError, IllegalActionError, InvalidRecordError
from hexkit.rng import Rng, game_rng
from hexkit.strict import action_checker, safe_str

__all__ = [
    "PlayerId",
    "Information",
    "GameInfo",
    "GameConfig",
    "check_player_count_type",
    "Decision",
    "LogEntry",
    "State",
    "ScoreSheet",
    "Game",
    "Action",
    "ActionSpace",
    "Catalogue",
    "LegalOrder",
    "DEFAULT_LEGAL_BOUND",
]

PlayerId: TypeAlias = int
"""A seat number, ``0`` to ``players - 1``, in turn order from the start player."""

Action: TypeAlias = Any
"""Any frozen, hashable attrs value a game accepts as an answer to a decision."""


class Information(enum.Enum):
    """Whether some of a game's state is hidden from some players."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


@attrs.frozen
class GameInfo:
    """Static facts about a game, read by agents, the CLI and the conformance suite.

    Attributes:
        name: registry name (``"empyreal"``).
        title: human-readable title.
        version: rules-implementation version; bumped on any rules change.
        min_players: smallest supported player count.
        max_players: largest supported player count.
        variants: names accepted in :attr:`GameConfig.variants`.
        max_decisions: upper bound on the decisions in one game; a game that
            has not ended by then is a bug.
        information: perfect or imperfect information.
        stochastic: whether the game draws randomness after set-up.
        hidden_fields: glob patterns over the dotted paths of the state's
            JSON form (``"players.*.hand"``) that :meth:`Game.view` may change;
            ``rng`` is always hidden.
        action_catalogue: ``"module:function"`` making the game's stable
            numbered :class:`ActionSpace` from ``(game, config)`` (read by
            :mod:`hexkit.rl`, imported only when first asked for); ``""``: the
            game's own :meth:`Game.action_space`.
        modules: names of the optional modules a config may switch on (read
            by the server's table listing); ``()`` for a game without modules.
    """

    name: str
    title: str
    version: str
    min_players: int
    max_players: int
    max_decisions: int
    variants: tuple[str, ...] = ()
    information: Information = Information.PERFECT
    stochastic: bool = False
    hidden_fields: tuple[str, ...] = ()
    action_catalogue: str = ""
    modules: tuple[str, ...] = ()


def _names(values: Iterable[str]) -> frozenset[str]:
    return frozenset(values)


def check_player_count_type(players: object) -> None:
    """Refuse a player count that is not a whole number (``"x"``, ``2.5``, ``True``, ``None``).

    Raises:
        ConfigError: naming ``players``.
    """
    if type(players) is not int:
        raise ConfigError(f"players: a whole number of players, not {players!r}")


@attrs.frozen(kw_only=True)
class GameConfig:
    """Base class of every game's configuration.

    Games subclass it with their own validated fields (modules, data files).

    Attributes:
        players: number of players.
        variants: names of the optional rules in use.
        data: path of a data file or folder that replaces the game's
            shipped component data (``None``: the shipped data).
        overrides: dotted paths into the game's component data and the
            values to put there (``{"spellcars.Flow Controller.cost": 2}``),
            applied at set-up with :func:`hexkit.overrides.apply_overrides`.
            This is how a designer sweeps one number without a new file.
    """

    players: int = 2
    variants: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    data: str | None = None
    overrides: dict[str, Any] = attrs.field(factory=dict, hash=False)

    def check(self, info: GameInfo) -> None:
        """Raise :class:`~hexkit.errors.ConfigError` unless this config suits ``info``."""
        check_player_count_type(self.players)
        if not info.min_players <= self.players <= info.max_players:
            raise ConfigError(
                f"{info.title} takes {info.min_players}-{info.max_players} players,"
                f" not {self.players}"
            )
        unknown = sorted(self.variants - set(info.variants))
        if unknown:
            known = ", ".join(info.variants) or "none"
            raise ConfigError(f"unknown variant(s) {', '.join(unknown)}; known: {known}")


@attrs.frozen(kw_only=True)
class Decision:
    """A question pending for one player.

    Games subclass this with the data the question needs (which hexes, which
    Spellcar). Decisions are immutable, so clones share them.

    Attributes:
        player: who must answer.
        prompt: the question, for a frontend or a log (``"choose a hex to build on"``).
    """

    player: PlayerId
    prompt: str = ""


class LogEntry(NamedTuple):
    """One readable event of a game's log.

    A named tuple, not an attrs class: games write one per event, and a
    tuple is the cheapest immutable value to create.

    Attributes:
        step: number of actions applied before this event.
        player: the player it concerns, or ``None`` for the game itself.
        text: what happened (``"Kerigan built track on Lake (2,-1)"``).
    """

    step: int
    player: PlayerId | None
    text: str

    def __str__(self) -> str:
        who = "" if self.player is None else f"P{self.player} "
        return f"[{self.step}] {who}{self.text}"


@attrs.define(kw_only=True, slots=True, eq=True)
class State:
    """Fields every game state has; games subclass it with their own.

    Attributes:
        config: the checked configuration the game was set up with.
        rng: the game's only source of randomness.
        step: number of actions applied so far.
        pending: the decision stack; the last element is answered next.
        log: readable events, oldest first.
        viewer: ``None`` for the full state, or the player a view was made for.
    """

    config: GameConfig = attrs.field(factory=GameConfig)
    rng: Rng = attrs.field(factory=Rng)
    step: int = 0
    pending: list[Decision] = attrs.field(factory=list)
    log: list[LogEntry] = attrs.field(factory=list)
    viewer: PlayerId | None = None
    _legal: tuple[int, Sequence[Any]] | None = attrs.field(
        default=None, eq=False, repr=False, alias="_legal"
    )

    def decision(self) -> Decision | None:
        """The decision to answer now, or ``None`` when nothing is pending."""
        return self.pending[-1] if self.pending else None

    def note(self, player: PlayerId | None, text: str) -> None:
        """Append an event to the log."""
        self.log.append(LogEntry(self.step, player, text))

    def base_fields_copy(self) -> dict[str, Any]:
        """Shallow copies of the base fields, for a subclass's fast ``clone``."""
        return {
            "config": self.config,
            "rng": self.rng.copy(),
            "step": self.step,
            "pending": self.pending.copy(),
            "log": self.log.copy(),
            "viewer": self.viewer,
        }

    def invalidate_legal(self) -> None:
        """Forget the cached legal actions (after changing a state by hand,
        outside :meth:`Game.apply`, at the same step)."""
        self._legal = None

    def reuse_legal(self, source: State) -> None:
        """Take ``source``'s cached legal actions (this state is an unchanged
        copy of ``source``, at the same step), so listing them is not repeated."""
        self._legal = source._legal


@attrs.frozen
class ScoreSheet:
    """Final (or current) scores with their breakdown and the ranking.

    Attributes:
        totals: one total per player, by seat.
        breakdown: per player, the named parts of the total
            (``{"goods": 14, "demand tiles": 6}``).
        order: seats from first place to last, tie-breakers applied.
        decided_by: for each place after the first, the name of the rule
            that separated it from the one before (``"total VP"``,
            ``"most Goods delivered"``), or ``"tied"``.
    """

    totals: tuple[int, ...]
    breakdown: tuple[Mapping[str, int], ...]
    order: tuple[PlayerId, ...]
    decided_by: tuple[str, ...]

    @property
    def winner(self) -> PlayerId:
        """The seat in first place after tie-breakers (the first of :attr:`winners`)."""
        return self.order[0]

    @property
    def winners(self) -> tuple[PlayerId, ...]:
        """Every seat sharing first place: the winner, the seats no tie-breaker
        separated from it (``"tied"``) and its teammates (``"same team"``)."""
        seats = [self.order[0]]
        for seat, why in zip(self.order[1:], self.decided_by):
            if why not in SHARED_PLACE:
                break
            seats.append(seat)
        return tuple(seats)

    @property
    def winning_side(self) -> tuple[PlayerId, ...]:
        """The first-place side: the winner and its teammates (``"same team"``), without the
        seats of another side that a full tie left level with it (those are in :attr:`winners`).

        A study row's ``winners`` (:mod:`hexkit.sim`): in a game without teams, the winner alone.
        """
        seats = [self.order[0]]
        for seat, why in zip(self.order[1:], self.decided_by):
            if why != SAME_TEAM:
                break
            seats.append(seat)
        return tuple(seats)

    @property
    def sides(self) -> int:
        """How many sides share first place: 1 for a clear winner (a whole
        team counts once), more when the tie-breakers leave a full tie."""
        return 1 + sum(1 for why in self.decided_by[: len(self.winners) - 1] if why == TIED)

    def __str__(self) -> str:
        """The sheet as a table: place, seat, total, each part, and what decided it."""
        parts = list(dict.fromkeys(k for b in self.breakdown for k in b))
        rows = [["place", "seat", "total", *parts, "decided by"]]
        place = 1
        for i, seat in enumerate(self.order):
            why = self.decided_by[i - 1] if i else ""
            if i and why not in SHARED_PLACE:
                place = i + 1
            rows.append(
                [str(place), f"P{seat}", str(self.totals[seat]),
                 *(str(self.breakdown[seat].get(k, 0)) for k in parts), why]
            )
        widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
        lines = ["  ".join(cell.rjust(w) for cell, w in zip(r, widths)).rstrip() for r in rows]
        lines.insert(1, "  ".join("-" * w for w in widths))
        lines.append(self.result_line())
        return "\n".join(lines)

    def result_line(self, name: Callable[[PlayerId], str] = lambda seat: f"P{seat}") -> str:
        """One line naming the winner, the winning team or the seats sharing first place.

        Args:
            name: how to print a seat (default ``P0``).
        """
        names = ", ".join(name(seat) for seat in self.winners)
        if self.sides > 1:
            return f"Shared first place: {names} (no tie-breaker separates them)"
        if len(self.winners) > 1:
            return f"Winning team: {names}"
        return f"Winner: {names}"


TIED = "tied"
"""The ``decided_by`` entry of a place that no tie-breaker separated from the one before."""

SAME_TEAM = "same team"
"""The ``decided_by`` entry of a seat that is on the same team as the one before (a partnership)."""

SHARED_PLACE = frozenset({TIED, SAME_TEAM})
"""``decided_by`` entries that put a seat level with the one before it."""


# -- action numbers ---------------------------------------------------------------

DEFAULT_LEGAL_BOUND = 2048
"""Size of the default :class:`LegalOrder` space: more than any decision of the shipped
games offers (measured at most 105 legal actions, Empyreal with 4 players)."""


class ActionSpace(ABC):
    """A fixed numbering of a game's actions for one config: ``0`` to ``size - 1``.

    An RL policy outputs one of :attr:`size` numbers; :meth:`Game.legal_mask`
    says which are legal now. Two kinds ship: :class:`Catalogue` (every
    action of the config listed once, so a number always means the same
    action) and :class:`LegalOrder` (number ``i`` is the ``i``-th legal
    action of the pending decision: the default for a game that lists no
    catalogue).

    Attributes:
        size: how many numbers there are.
    """

    size: int

    @abstractmethod
    def index_of(self, action: Any, legal: Sequence[Any]) -> int:
        """The number of ``action``, given the legal actions now (``legal``).

        Raises:
            ActionSpaceError: if the space has no number for it.
        """

    @abstractmethod
    def action_at(self, index: int, legal: Sequence[Any]) -> Any:
        """The action numbered ``index`` (legal or not, for a :class:`Catalogue`).

        Raises:
            ActionSpaceError: if ``index`` is outside the space (or, for
                :class:`LegalOrder`, past the legal actions).
        """


class Catalogue(ActionSpace):
    """Every action a config can ever offer, each numbered by its place in the list.

    Args:
        actions: the actions, in number order; hashable and distinct.

    Raises:
        ActionSpaceError: if an action is listed twice.
    """

    __slots__ = ("size", "actions", "_index")

    def __init__(self, actions: Sequence[Any]) -> None:
        self.actions: tuple[Any, ...] = tuple(actions)
        self._index = {action: i for i, action in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ActionSpaceError("a catalogue lists an action twice")
        self.size = len(self.actions)

    def index_of(self, action: Any, legal: Sequence[Any] = ()) -> int:
        try:
            return self._index[action]
        except (KeyError, TypeError):
            raise ActionSpaceError(f"{safe_str(action)} is not in the catalogue of"
                                   f" {self.size} actions") from None

    def action_at(self, index: int, legal: Sequence[Any] = ()) -> Any:
        if type(index) is int and 0 <= index < self.size:
            return self.actions[index]
        raise ActionSpaceError(f"action number {index!r} is not in 0..{self.size - 1}")


class LegalOrder(ActionSpace):
    """Number ``i`` is the ``i``-th legal action, in the game's (deterministic) order.

    Works for any game that implements the protocol; the meaning of a number
    changes from decision to decision, so a policy needs the observation to
    read it. A game that can list its actions declares a :class:`Catalogue`
    instead (:meth:`Game.action_space`).

    Args:
        size: an upper bound on the legal actions of any decision.
    """

    __slots__ = ("size",)

    def __init__(self, size: int = DEFAULT_LEGAL_BOUND) -> None:
        self.size = size

    def index_of(self, action: Any, legal: Sequence[Any]) -> int:
        """The position of ``action`` among ``legal``: the listed value itself first
        (a game may list two equal answers), else the first equal one of the same type."""
        found = next((i for i, candidate in enumerate(legal) if candidate is action), None)
        if found is None:
            found = next((i for i, candidate in enumerate(legal)
                          if candidate == action and type(candidate) is type(action)), None)
        if found is None:
            raise ActionSpaceError(f"{safe_str(action)} is not a legal action now, so it has no"
                                   " number in a legal-order space")
        if found >= self.size:
            raise ActionSpaceError(f"{len(legal)} legal actions exceed the space of {self.size}")
        return found

    def action_at(self, index: int, legal: Sequence[Any]) -> Any:
        if type(index) is int and 0 <= index < min(len(legal), self.size):
            return legal[index]
        if not legal:
            raise ActionSpaceError(f"action number {index!r}: no action is legal now (the game is over"
                                   " or waits on no one)")
        raise ActionSpaceError(f"action number {index!r} is not in 0..{min(len(legal), self.size) - 1}"
                               f" (the legal actions now, of a space of {self.size})")


S = TypeVar("S", bound=State)
C = TypeVar("C", bound=GameConfig)


class Game(ABC, Generic[S, C]):
    """A game's rules. Stateless: every method takes the state it works on.

    Subclasses set :attr:`info`, :attr:`config_type`, :attr:`state_type` and
    :attr:`action_types`, and implement the abstract methods. The base class
    supplies validation, legal-action caching, action encoding and the
    defaults for views and determinisation.
    """

    info: ClassVar[GameInfo]
    config_type: ClassVar[type[GameConfig]]
    state_type: ClassVar[type[State]]
    action_types: ClassVar[tuple[type, ...]]
    decision_types: ClassVar[tuple[type[Decision], ...]] = ()
    untagged_decision: ClassVar[type[Decision] | None] = None
    """The decision type a saved decision without a ``"type"`` tag is read as
    (``None``: such a save is refused once the game has several decision
    types). A game that had one decision type, saved without tags, and gains
    more keeps loading its older saves by naming that type here."""
    _action_check: Callable[[Any], str | None]

    # -- set-up ---------------------------------------------------------
    def make_config(self, players: int, variants: Iterable[str] = (), **options: Any) -> C:
        """Build and check a config (raises :class:`~hexkit.errors.ConfigError`)."""
        try:
            config = self.config_type(players=players, variants=_names(variants), **options)
        except TypeError as exc:
            raise ConfigError(f"bad option for {self.info.name}: {exc}") from None
        config.check(self.info)
        return config  # type: ignore[return-value]

    def new(self, config: C | None = None, seed: int = 0) -> S:
        """Return a set-up game.

        Args:
            config: players, variants and options; the default config if ``None``.
            seed: any non-negative int; the state's :class:`~hexkit.rng.Rng`
                is derived from all of it (:func:`~hexkit.rng.game_rng`).

        Raises:
            ConfigError: if the config does not suit this game.
            SeedError: if ``seed`` is negative or not an ``int``.
        """
        if config is None:
            config = self.make_config(self.info.min_players)
        config.check(self.info)
        return self.setup(config, game_rng(seed))

    @abstractmethod
    def setup(self, config: C, rng: Rng) -> S:
        """Create the initial state (called by :meth:`new` with a checked config)."""

    # -- the forward model ----------------------------------------------
    def legal_actions(self, state: S) -> Sequence[Any]:
        """Every legal answer to the pending decision (empty only when the game is over).

        The result is cached on the state until the next :meth:`apply`.
        """
        cached = state._legal
        if cached is not None and cached[0] == state.step:
            return cached[1]
        actions = tuple(self.generate_actions(state))
        state._legal = (state.step, actions)
        return actions

    @abstractmethod
    def generate_actions(self, state: S) -> Iterable[Any]:
        """Enumerate the legal actions (uncached; :meth:`legal_actions` wraps it)."""

    def apply(self, state: S, action: Any) -> None:
        """Validate ``action``, then change ``state`` by it.

        Only the game's own action values with exact field types are
        accepted (see :meth:`malformed`); equal-but-wrong values such as
        ``0.0``, ``True``, a NumPy integer or a plain tuple for a hex are
        refused before the legality lookup.

        Raises:
            IllegalActionError: naming the broken rule; ``state`` is unchanged.
        """
        if not self.is_legal(state, action):
            reason = self.malformed(action)
            raise IllegalActionError(action, reason if reason is not None
                                     else self._explain_safely(state, action))
        self.perform(state, action)
        state.step += 1
        state._legal = None

    def is_legal(self, state: S, action: Any) -> bool:
        """Whether ``action`` answers the pending decision legally.

        An action that is not exactly one of :attr:`action_types` with
        exactly typed fields is never legal. Otherwise the default tests
        membership in :meth:`legal_actions`; a game with a large action set
        may override it with a direct check (calling ``super().is_legal``
        or :meth:`malformed` first), which must agree with the enumeration
        (the conformance suite compares them).
        """
        try:
            check = self._action_check
        except AttributeError:
            check = self._action_check = action_checker(self.action_types)
        if check(action) is not None:  # malformed(), inlined: this runs on every apply
            return False
        try:
            return action in self.legal_actions(state)
        except TypeError:  # an unhashable object where a set view is used
            return False

    def malformed(self, action: Any) -> str | None:
        """Why ``action`` is not a well-formed action of this game, or ``None``.

        Well-formed: its class is exactly one of :attr:`action_types` and
        each attrs field holds exactly its declared type (``int`` is not
        ``bool`` or ``float``; a :class:`~hexkit.hexes.Hex` holds two ints).
        The check is built once per game from the declarations.
        """
        try:
            check = self._action_check
        except AttributeError:
            check = self._action_check = action_checker(self.action_types)
        return check(action)

    def _explain_safely(self, state: S, action: Any) -> str:
        try:
            return self.explain_illegal(state, action)
        except Exception:  # a game's explanation must not hide the refusal
            return Game.explain_illegal(self, state, action)

    @abstractmethod
    def perform(self, state: S, action: Any) -> None:
        """Change the state by a legal action. Must not fail once validated."""

    def explain_illegal(self, state: S, action: Any) -> str:
        """Name the rule ``action`` breaks. Games override this with their rules."""
        decision = state.decision()
        if decision is None:
            return "the game is over"
        return f"it does not answer the pending decision ({decision.prompt})"

    @abstractmethod
    def clone(self, state: S) -> S:
        """An independent copy of ``state`` (fast; never ``copy.deepcopy``)."""

    def current_player(self, state: S) -> PlayerId | None:
        """Who answers the pending decision, or ``None`` when the game is over."""
        decision = state.decision()
        return None if decision is None else decision.player

    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""
        return not state.pending

    @abstractmethod
    def scores(self, state: S) -> ScoreSheet:
        """Scores with breakdown and tie-broken ranking (final once the game is over)."""

    def winner(self, state: S) -> PlayerId | None:
        """The seat in first place after tie-breakers, or ``None`` while the game goes on.

        When first place is shared (teammates, or a full tie the rulebook's
        tie-breakers leave), this is the first of them in the score order:
        read :attr:`ScoreSheet.winners` and :attr:`ScoreSheet.sides`, or
        :meth:`returns`, to see the others.
        """
        return self.scores(state).winner if self.is_over(state) else None

    def evaluate(self, state: S, player: PlayerId) -> float:
        """Heuristic value of ``state`` for ``player``, higher is better.

        Greedy and MCTS agents use it. The default is the player's current
        score minus the best other score; games override it with a
        richer evaluation (resources, position, tempo).
        """
        totals = self.scores(state).totals
        others = [t for p, t in enumerate(totals) if p != player]
        return float(totals[player] - (max(others) if others else 0))

    def returns(self, state: S) -> list[float]:
        """Per-seat outcome for learning agents, by seat.

        A clear winner gets 1 (every member of a winning team gets 1); sides
        left fully tied by the rulebook's tie-breakers split the win
        (two tied players: 0.5 each); everyone else gets 0. Before the end:
        all 0.
        """
        n = self.num_players(state)
        if not self.is_over(state):
            return [0.0] * n
        sheet = self.scores(state)
        share = 1.0 / sheet.sides
        winners = set(sheet.winners)
        return [share if p in winners else 0.0 for p in range(n)]

    def num_players(self, state: S) -> int:
        """Number of seats in this game."""
        return state.config.players

    # -- hidden information ---------------------------------------------
    def view(self, state: S, player: PlayerId) -> S:
        """The state as ``player`` may see it. Games with hidden parts override
        :meth:`redact`; the RNG state is always replaced.

        Raises:
            HexkitError: if ``player`` is not a seat of this game (an ``int``
                from 0 to players - 1); a spectator's view is
                :func:`hexkit.present.public_view`.
        """
        if type(player) is not int and (isinstance(player, bool) or not isinstance(player, numbers.Integral)) \
                or not 0 <= player < self.num_players(state):  # an int skips the (slower) ABC check
            raise HexkitError(f"view for player {player!r}: the seats of this game are 0 to"
                              f" {self.num_players(state) - 1} (a spectator's view is"
                              " hexkit.present.public_view)")
        seen = self.clone(state)
        seen.rng = Rng(0)
        seen.viewer = int(player)  # a numpy integer too
        seen._legal = None
        self.redact(seen, player)
        return seen

    def redact(self, state: S, player: PlayerId) -> None:
        """Hide, in place, what ``player`` may not see (default: nothing)."""

    def determinize(self, view: S, player: PlayerId, rng: Rng) -> S:
        """A full state consistent with ``view``: hidden parts resampled with ``rng``.

        Agents search on such samples, never on the true state. The default
        gives the sample a fresh random stream, which is enough for games
        whose only hidden thing is the future.
        """
        sample = self.clone(view)
        sample.rng = rng.spawn()
        sample.viewer = None
        sample._legal = None
        return sample

    # -- loading --------------------------------------------------------
    def restore_derived(self, state: S) -> None:
        """Recount, in a state just read from a file, what its save leaves out.

        Called by :meth:`hexkit.serialize.GameCodec.state_from_dict` after
        the types were checked and before :meth:`validate_state`. A game
        whose components keep bookkeeping that follows from the rest (a
        :class:`~hexkit.components.Supply`'s ``out``, saved as the held
        counts alone) rebuilds it here. The base does nothing.
        """

    def validate_state(self, state: S) -> None:
        """Refuse a loaded state whose values break the game's invariants.

        Called by :meth:`hexkit.serialize.GameCodec.state_from_dict` after
        the types were checked. The base checks what every game shares;
        games extend it (``super().validate_state(state)``) with their own
        bounds: mana within its cap, counts that must add up.

        Raises:
            InvalidRecordError: naming the field (``"state.players.2.mana"``).
        """
        try:
            state.config.check(self.info)
        except ConfigError as exc:
            raise InvalidRecordError("state.config", str(exc)) from None
        if state.step < 0:
            raise InvalidRecordError("state.step", f"must not be negative, got {state.step}")
        for index, decision in enumerate(state.pending):
            if not 0 <= decision.player < state.config.players:
                raise InvalidRecordError(
                    f"state.pending.{index}.player",
                    f"seat {decision.player} is not in a {state.config.players}-player game",
                )

    # -- actions as numbers ---------------------------------------------
    legal_action_bound: ClassVar[int] = DEFAULT_LEGAL_BOUND
    """Size of the default :class:`LegalOrder` space (a bound on any decision's legal actions)."""

    def action_space(self, config: C) -> ActionSpace:
        """The numbering of this game's actions under ``config`` (fixed for the config).

        The default is a :class:`LegalOrder` space of :attr:`legal_action_bound`
        numbers, which works for any game; a game that can list every action
        of a config overrides this with a :class:`Catalogue`. The result is
        cached per config.
        """
        return LegalOrder(self.legal_action_bound)

    def _space(self, config: Any) -> ActionSpace:
        try:
            spaces = self._spaces
        except AttributeError:
            spaces = self._spaces = {}
        try:
            return spaces[config]
        except KeyError:
            space = spaces[config] = self.action_space(config)
            return space
        except TypeError:  # an unhashable config: no cache
            return self.action_space(config)

    _spaces: dict[Any, ActionSpace]

    def action_space_size(self, config: C) -> int:
        """How many action numbers there are under ``config`` (the length of a mask)."""
        return self._space(config).size

    def action_to_index(self, state: S, action: Any) -> int:
        """The number of ``action`` in the state's action space.

        Raises:
            ActionSpaceError: if the space has no number for it.
        """
        return self._space(state.config).index_of(action, self.legal_actions(state))

    def index_to_action(self, state: S, index: int) -> Any:
        """The action numbered ``index`` (see :meth:`action_space`).

        Raises:
            ActionSpaceError: if ``index`` is outside the space.
        """
        return self._space(state.config).action_at(index, self.legal_actions(state))

    def legal_indices(self, state: S) -> list[int]:
        """The numbers of the legal actions, in the order of :meth:`legal_actions`."""
        space = self._space(state.config)
        legal = self.legal_actions(state)
        if isinstance(space, LegalOrder):  # numbered by position: no search
            if len(legal) > space.size:
                raise ActionSpaceError(f"{len(legal)} legal actions exceed the space of {space.size}"
                                       f" ({type(self).__name__}.legal_action_bound)")
            return list(range(len(legal)))
        return [space.index_of(action, legal) for action in legal]

    def legal_mask(self, state: S) -> list[bool]:
        """One flag per action number: ``mask[i]`` is true when action ``i`` is legal now.

        Its length is :meth:`action_space_size` of the state's config; all
        false once the game is over.

        Raises:
            ActionSpaceError: if a legal action has no number (a game with
                more legal actions than its :class:`LegalOrder` bound).
        """
        mask = [False] * self._space(state.config).size
        for index in self.legal_indices(state):
            mask[index] = True
        return mask

    def apply_index(self, state: S, index: int) -> None:
        """Apply the action numbered ``index`` (what a learning agent outputs).

        Raises:
            IllegalActionError: if the number is outside the space or its
                action is not legal; ``state`` is unchanged.
        """
        try:
            action = self.index_to_action(state, index)
        except ActionSpaceError as exc:
            raise IllegalActionError(index, str(exc)) from None
        self.apply(state, action)

    # -- actions as data ------------------------------------------------
    def describe(self, state: S, action: Any) -> str:
        """A readable one-line description of an action (default ``str``; never raises)."""
        return safe_str(action)
