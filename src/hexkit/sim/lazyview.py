"""A seat's view, built only when an agent first looks at it.

The study harness hands each agent ``view(state, seat)``. Building it
clones and redacts the whole state at every decision, which is most of a
study's overhead when the agent never reads it (a random agent picks from
the legal actions alone). :class:`LazyView` stands in for that view: the
first attribute an agent reads builds the real view with
:meth:`Game.view <hexkit.game.Game.view>`, and every later read goes to it.
The agent therefore never sees more than its view; it only may see nothing.

:func:`seat_views` gives a game's harness one stand-in per seat that it
hands again at every decision while nobody reads it (an unread stand-in
holds only the game, the state and the seat, so a new one would differ in
identity alone); the read replaces it in that list by a fresh stand-in, and
the one read stays the snapshot it built. Making a stand-in costs about a
tenth of a small game's decision, so a study of agents that never read
their view (random ones) makes one per seat per game, not per decision.
"""

from __future__ import annotations

from typing import Any, cast

from hexkit.game import Game, PlayerId, State

__all__ = ["LazyView", "lazy_view", "seat_views", "release_seat_views"]


class LazyView:
    """Stands for ``game.view(state, player)`` and builds it on first use.

    ``isinstance(lazy, type(state))`` holds (through ``__class__``) without
    building anything; reading or setting any attribute builds the view and
    acts on it, never on ``state``. The view is built from ``state`` as it
    is when first read, so the harness must not change ``state`` before the
    agent has answered (it does not).

    Args:
        game: the rules.
        state: the full state (never exposed).
        player: the seat the view is for.
        seats: a list of stand-ins by seat that holds this one (see
            :func:`seat_views`): when this one is read it is replaced there by
            a fresh, unread stand-in for the same seat.
    """

    # One slot, [game, state, player, view, seats]: one is made per seat per
    # game and per read view, so setting it up must cost next to nothing.
    __slots__ = ("_lazy",)

    def __init__(self, game: Game[Any, Any], state: State, player: PlayerId,
                 seats: list[State] | None = None) -> None:
        _set(self, [game, state, player, None, seats])

    def built(self) -> State:
        """The real view (built now if it was not yet)."""
        parts: list[Any] = _get(self)
        view: State | None = parts[3]
        if view is None:
            game, state, player, _, seats = parts
            view = parts[3] = game.view(state, player)
            parts[1] = parts[4] = None  # the full state: nothing left to leak
            if seats is not None:  # this one is a snapshot now: the seat gets a new one
                seats[player] = LazyView(game, state, player, seats)
        return view

    @property
    def is_built(self) -> bool:
        """Whether an agent has looked at the view."""
        return _get(self)[3] is not None

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # noqa: D105 - isinstance() reads this
        parts = _get(self)
        return type(parts[3] if parts[3] is not None else parts[1])

    def __getattr__(self, name: str) -> Any:
        return getattr(self.built(), name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "_lazy":
            raise AttributeError(f"{name} is not part of the view")
        setattr(self.built(), name, value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyView):
            other = other.built()
        return bool(self.built() == other)

    __hash__ = None  # type: ignore[assignment]  # states are not hashable either

    def __repr__(self) -> str:
        return repr(self.built())


_get = LazyView._lazy.__get__  # type: ignore[attr-defined]
_set = LazyView._lazy.__set__  # type: ignore[attr-defined]


def lazy_view(game: Game[Any, Any], state: State, player: PlayerId) -> State:
    """A :class:`LazyView` of ``state`` for ``player``, typed as the state it stands for."""
    return cast(State, LazyView(game, state, player))


def seat_views(game: Game[Any, Any], state: State, players: int) -> list[State]:
    """An unread :class:`LazyView` of ``state`` for each seat, kept so by reads.

    ``views[seat]`` is always a stand-in nobody has read, to be handed to
    that seat's agent at a decision: the read that builds one replaces it in
    the list by a new unread one, so a harness hands the same object again
    and again to an agent that never looks, and a fresh one after a look.
    ``state`` is the game's state, changed in place as the game goes on;
    each view is built from it as it is when first read.

    Args:
        game: the rules.
        state: the full state.
        players: the number of seats.

    Returns:
        The list, by seat (typed as the states the views stand for).
    """
    views: list[State] = []
    views.extend(cast(State, LazyView(game, state, seat, views)) for seat in range(players))
    return views


def release_seat_views(views: list[State]) -> None:
    """Let the stand-ins of :func:`seat_views` go once their game is over.

    Each holds the list, which holds it: the cycle would keep the game's
    state alive until the garbage collector found it. An agent that kept
    one can still read it (it is then no longer replaced in the list).
    """
    for view in views:
        _get(view)[4] = None
    views.clear()
