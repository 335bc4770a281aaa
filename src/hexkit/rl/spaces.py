"""Stable action numbers for learning code: a number means the same action in every state.

:meth:`hexkit.game.Game.action_space` numbers a game's actions; a game that
lists no :class:`~hexkit.game.Catalogue` gets :class:`~hexkit.game.LegalOrder`
(number ``i`` is the ``i``-th legal action now), whose meaning changes from
state to state. This module gives such games a :class:`KeyedSpace`: every
legal answer has a *key* (its stable identity: "build at hex h", "activate the
Spellcar in slot C2", Soot's ``(question kind, code, arg)``), the keys a
config can offer are listed once, and a key's number is its place in the
list. The numbering is per config and fixed; ``action_to_index`` and
``index_to_action`` mean the same action in every state.

A key the list does not hold (a label made from the state, an argument past
the listed range) is numbered in the *overflow* block that follows the list,
by its order among the unlisted legal actions of the decision: those numbers,
and only those, are legal-order numbers. The mask is always exactly the legal
actions.

The rl adapters use :func:`space_for` (and the helpers below) rather than the
game's own methods: a game that overrides ``action_space`` (the tutorial Hex:
OpenSpiel's numbering) keeps its own; a game whose
:attr:`~hexkit.game.GameInfo.action_catalogue` names a catalogue gets it
(Empyreal: :mod:`hexkit_empyreal.catalogue`, Soot: :mod:`hexkit_soot.catalogue`); any
other game keeps its :class:`~hexkit.game.LegalOrder`.

>>> import hexkit
>>> from hexkit.rl.spaces import space_for
>>> game = hexkit.load_game("hex")
>>> space_for(game, game.make_config(2, size=5)).size
26
"""

from __future__ import annotations

import importlib
import operator
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeGuard

from hexkit.errors import ActionSpaceError, IllegalActionError
from hexkit.flow import LegalView
from hexkit.game import ActionSpace, Game, GameConfig, State
from hexkit.strict import safe_str

__all__ = [
    "KeyedSpace",
    "space_for",
    "CATALOGUES",
    "action_space_size",
    "legal_indices",
    "action_to_index",
    "index_to_action",
    "apply_index",
    "action_number",
]

KeyFn = Callable[[Any, Any], Hashable]
"""``key(decision, action)``: the stable identity of ``action`` answering ``decision``."""


class KeyedSpace(ActionSpace):
    """Numbers ``0..len(keys)-1`` are listed keys; ``overflow`` more number the rest by legal order.

    Args:
        keys: every key the config can offer, in number order (distinct).
        key: ``key(decision, action)``, the key of a legal action of the pending decision.
        overflow: numbers after the keys for legal actions whose key is not
            listed (or repeats a listed key already taken in this decision).
        describe: optional ``describe(key)`` text for :meth:`meaning`.
        context: optional ``context(decision)``: the part of the decision the
            key reads (Soot: the question's kind; ``None``: the key reads the
            action alone). Numbers are memoised by ``(context, action)``, so
            a mask costs one dictionary look-up per legal action.

    Raises:
        ActionSpaceError: if a key is listed twice.
    """

    __slots__ = ("size", "keys", "key", "overflow", "_index", "_describe", "_context", "_memo", "_seen",
                 "_held", "_last")

    _MEMO_MAX = 200_000

    def __init__(self, keys: Sequence[Hashable], key: KeyFn, overflow: int = 256,
                 describe: Callable[[Hashable], str] | None = None,
                 context: Callable[[Any], Hashable] | None = None) -> None:
        self.keys: tuple[Hashable, ...] = tuple(keys)
        self._index: dict[Hashable, int] = {k: i for i, k in enumerate(self.keys)}
        if len(self._index) != len(self.keys):
            raise ActionSpaceError("a keyed action space lists a key twice")
        self.key = key
        self.overflow = overflow
        self.size = len(self.keys) + overflow
        self._describe = describe
        self._context = context
        self._memo: dict[tuple[Hashable, Any], int] = {}
        # Per context, the number of each action object met, by identity: ``id(action) ->
        # number``, with ``_held`` keeping each such action alive so its id is not reused.
        # Most answers are interned objects met again and again, so a mask needs no hashing
        # of actions (an attrs ``__hash__`` is Python code) and no Python loop.
        self._seen: dict[Hashable, dict[int, int]] = {}
        self._held: list[Any] = []
        # The numbers of the last immutable legal sequence seen (a LegalView or a tuple,
        # held here so its identity cannot be reused): a mask then ``apply_index`` at
        # the same decision number the actions once.
        self._last: tuple[Sequence[Any], Any, list[int]] | None = None

    def numbers(self, decision: Any, legal: Sequence[Any]) -> list[int]:
        """The number of each legal action, in the order of ``legal`` (distinct; a new list).

        Raises:
            ActionSpaceError: if more legal actions are unlisted than the overflow holds.
        """
        return list(self._numbers(decision, legal))

    def _numbers(self, decision: Any, legal: Sequence[Any]) -> list[int]:
        """:meth:`numbers`, possibly the cached list itself (the caller must not change it)."""
        last = self._last
        if last is not None and last[0] is legal and last[1] is decision:
            return last[2]
        out = self._compute(decision, legal)
        if type(legal) is LegalView or type(legal) is tuple:
            self._last = (legal, decision, out)
        return out

    def _compute(self, decision: Any, legal: Sequence[Any]) -> list[int]:
        context = self._context(decision) if self._context is not None else None
        try:
            seen = self._seen.get(context)
        except TypeError:  # an unhashable context: nothing remembered
            return self._spill([self._index.get(self.key(decision, a), -1) for a in legal], decision)
        if seen is None:
            seen = self._seen[context] = {}
        out: list[Any] = list(map(seen.get, map(id, legal)))
        if None in out:  # an action object not met before in this context
            for i, action in enumerate(legal):
                if out[i] is None:
                    out[i] = n = self._number(context, decision, action)
                    if n == -2:  # unhashable: not remembered
                        out[i] = self._index.get(self.key(decision, action), -1)
                        continue
                    if len(self._held) >= self._MEMO_MAX:
                        self._seen.clear()
                        self._held.clear()
                        seen = self._seen[context] = {}
                    seen[id(action)] = n
                    self._held.append(action)
        if -1 in out or len(set(out)) < len(out):  # unlisted or repeated keys: the overflow block
            return self._spill(out, decision)
        return out

    def _number(self, context: Hashable, decision: Any, action: Any) -> int:
        """The listed number of ``action``'s key, or -1 (memoised by ``(context, action)``); -2 if unhashable."""
        memo = self._memo
        try:
            return memo[context, action]
        except KeyError:
            n = self._index.get(self.key(decision, action), -1)
            if len(memo) >= self._MEMO_MAX:
                memo.clear()
            memo[context, action] = n
            return n
        except TypeError:  # an unhashable action: no memo
            return -2

    def _spill(self, found: list[int], decision: Any) -> list[int]:
        """``found`` with unlisted (-1) and repeated numbers moved to the overflow block, in order."""
        listed = len(self.keys)
        out: list[int] = []
        taken: set[int] = set()
        spill = 0
        for n in found:
            if n < 0 or n in taken:
                if spill >= self.overflow:
                    raise ActionSpaceError(f"more than {self.overflow} legal actions have no listed key"
                                           f" (decision {type(decision).__name__})")
                n = listed + spill
                spill += 1
            taken.add(n)
            out.append(n)
        return out

    def index_of(self, action: Any, legal: Sequence[Any], decision: Any = None) -> int:
        """The number of ``action``, a legal action of ``decision`` (``legal`` its legal actions).

        Raises:
            ActionSpaceError: if ``action`` is not among ``legal``.
        """
        numbers = self._numbers(decision, legal)
        for candidate, n in zip(legal, numbers):
            if candidate is action:
                return n
        for candidate, n in zip(legal, numbers):
            if candidate == action and type(candidate) is type(action):
                return n
        raise ActionSpaceError(f"{safe_str(action)} is not a legal action now, so it has no number")

    def action_at(self, index: int, legal: Sequence[Any], decision: Any = None) -> Any:
        """The legal action numbered ``index`` now.

        Raises:
            ActionSpaceError: if ``index`` is outside the space, or its action
                is not legal now (the message says what the number means).
        """
        if type(index) is not int or not 0 <= index < self.size:
            raise ActionSpaceError(f"action number {index!r} is not in 0..{self.size - 1}")
        numbers = self._numbers(decision, legal)
        try:
            return legal[numbers.index(index)]
        except ValueError:
            pass
        raise ActionSpaceError(f"action number {index} ({self.meaning(index)}) is not legal now")

    def meaning(self, index: int) -> str:
        """What number ``index`` stands for, in words (a key, or an overflow place)."""
        if 0 <= index < len(self.keys):
            key = self.keys[index]
            return self._describe(key) if self._describe is not None else safe_str(key)
        return f"unlisted legal action #{index - len(self.keys)} of the decision"


CATALOGUES: dict[str, str] = {}
"""Game name -> ``"module:function"`` making its :class:`KeyedSpace` from
``(game, config)``, overriding the game's own :attr:`GameInfo.action_catalogue`
(empty: plugins declare their catalogues themselves)."""

_SPACES: dict[tuple[int, Any], ActionSpace] = {}


def space_for(game: Game[Any, Any], config: GameConfig) -> ActionSpace:
    """The stable numbering of ``game``'s actions under ``config`` (cached).

    The game's own :meth:`~hexkit.game.Game.action_space` if it overrides it,
    else the catalogue its :attr:`~hexkit.game.GameInfo.action_catalogue`
    names (or :data:`CATALOGUES` overrides), else the game's
    :class:`~hexkit.game.LegalOrder`.
    """
    last = _LAST_SPACE
    if last[0] is game and last[1] is config:  # the same config object as last time: no hashing
        return last[2]  # type: ignore[return-value]
    space = _space_for(game, config)
    last[0], last[1], last[2] = game, config, space
    return space


_LAST_SPACE: list[object] = [None, None, None]


def _space_for(game: Game[Any, Any], config: GameConfig) -> ActionSpace:
    try:
        cache_key: tuple[int, Any] = (id(game), config)
        found = _SPACES.get(cache_key)
    except TypeError:  # an unhashable config
        return _make_space(game, config)
    if found is None:
        found = _SPACES[cache_key] = _make_space(game, config)
    return found


def _make_space(game: Game[Any, Any], config: GameConfig) -> ActionSpace:
    own = type(game).action_space is not Game.action_space
    target = CATALOGUES.get(game.info.name) or getattr(game.info, "action_catalogue", "")
    if own or target is None:
        return game.action_space(config)
    module, _, name = target.partition(":")
    space: ActionSpace = getattr(importlib.import_module(module), name)(game, config)
    return space


_KEYED: dict[type, bool] = {}


def _keyed(space: ActionSpace) -> TypeGuard[KeyedSpace]:
    """``isinstance(space, KeyedSpace)``, remembered per type (an ABC check is slow on every move)."""
    kind = type(space)
    found = _KEYED.get(kind)
    if found is None:
        found = _KEYED[kind] = isinstance(space, KeyedSpace)
    return found


def _decision(state: State) -> Any:
    return state.pending[-1] if state.pending else None


def action_space_size(game: Game[Any, Any], config: GameConfig) -> int:
    """How many action numbers there are under ``config`` (the length of a mask)."""
    return space_for(game, config).size


def legal_indices(game: Game[Any, Any], state: State) -> list[int]:
    """The numbers of the legal actions, in the order of ``game.legal_actions(state)``.

    Raises:
        ActionSpaceError: if a legal action has no number.
    """
    space = space_for(game, state.config)
    if _keyed(space):
        pending = state.pending
        return space.numbers(pending[-1] if pending else None, game.legal_actions(state))
    return game.legal_indices(state)


def _legal_numbers(game: Game[Any, Any], state: State, space: ActionSpace) -> list[int]:
    """:func:`legal_indices`, possibly a cached list (the caller must not change it)."""
    if _keyed(space):
        return space._numbers(_decision(state), game.legal_actions(state))
    return game.legal_indices(state)


def action_to_index(game: Game[Any, Any], state: State, action: Any) -> int:
    """The number of the legal ``action`` in the state's space.

    Raises:
        ActionSpaceError: if the space has no number for it.
    """
    space = space_for(game, state.config)
    if _keyed(space):
        return space.index_of(action, game.legal_actions(state), _decision(state))
    return game.action_to_index(state, action)


def index_to_action(game: Game[Any, Any], state: State, index: int) -> Any:
    """The action numbered ``index`` (for a :class:`KeyedSpace`: the legal one now).

    Raises:
        ActionSpaceError: if ``index`` is outside the space or (keyed) not legal now.
    """
    space = space_for(game, state.config)
    if _keyed(space):
        return space.action_at(index, game.legal_actions(state), _decision(state))
    return game.index_to_action(state, index)


def action_number(action: object) -> int:
    """``action`` as an action number, as the environments read what a policy gives.

    An ``int``, a numpy integer or a 0-d integer array is a number; a bool,
    a float (even ``3.0``), a string or an array of one element is not (a
    silently rounded or unwrapped action would hide a policy's bug).

    Raises:
        IllegalActionError: ``action`` is not an integer; names its type.
    """
    if isinstance(action, bool):  # numpy's bools already fail operator.index
        raise IllegalActionError(action, "an action number is an integer, not a bool")
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalActionError(action, f"an action number is an integer, not {type(action).__name__}") from None


def apply_index(game: Game[Any, Any], state: State, index: int) -> None:
    """Apply the action numbered ``index``.

    Raises:
        IllegalActionError: if the number is outside the space or its action
            is not legal; ``state`` is unchanged.
    """
    space = space_for(game, state.config)
    if not _keyed(space):
        game.apply_index(state, index)
        return
    legal = game.legal_actions(state)
    pending = state.pending
    decision = pending[-1] if pending else None
    last = space._last
    if last is not None and last[0] is legal and last[1] is decision and type(index) is int:
        # the numbers this decision's mask made (KeyedSpace.action_at, inlined)
        numbers = last[2]
        if index in numbers:
            game.apply(state, legal[numbers.index(index)])
            return
    try:
        action = space.action_at(index, legal, decision)
    except ActionSpaceError as exc:
        raise IllegalActionError(index, str(exc)) from None
    game.apply(state, action)
