"""A seat's view, built only when an agent first looks at it.

The study harness hands each agent ``view(state, seat)``. Building it
clones and redacts the whole state at every decision, which is most of a
study's overhead when the agent never reads it (a random agent picks from
the legal actions alone). :class:`LazyView` stands in for that view: the
first attribute an agent reads builds the real view with
:meth:`Game.view <hexkit.game.Game.view>`, and every later read goes to it.
The agent therefore never sees more than its view; it only may see nothing.
"""

from __future__ import annotations

from typing import Any, cast

from hexkit.game import Game, PlayerId, State

__all__ = ["LazyView", "lazy_view"]



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
    """

    # One slot, [game, state, player, view]: a decision makes one of these,
    # so setting it up must cost next to nothing.
    __slots__ = ("_lazy",)

    def __init__(self, game: Game[Any, Any], state: State, player: PlayerId) -> None:
        _set(self, [game, state, player, None])

    def built(self) -> State:
        """The real view (built now if it was not yet)."""
        parts: list[Any] = _get(self)
        view: State | None = parts[3]
        if view is None:
            view = parts[3] = parts[0].view(parts[1], parts[2])
            parts[1] = None  # the full state: nothing left to leak
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
