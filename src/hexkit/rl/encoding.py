"""Observations: a seat's view of a state as fixed-shape numpy arrays.

An :class:`Encoder` turns ``game.view(state, player)`` (never the full
state) into one ``float32`` vector laid out as :class:`ObservationSpec`
says: ``C`` per-hex planes over an ``H`` by ``W`` raster of the map, then
``F`` features (per-player, market and turn numbers). The shapes depend
only on the game's config, so a policy network can be built once per
config.

A game supplies its encoder through an optional hook, a method on its
:class:`~hexkit.game.Game` class::

    def observation_encoder(self, config: MyConfig) -> Encoder: ...

A game without the hook gets :class:`GenericEncoder` (seat and turn
features only), so every registered game has an observation.

>>> import hexkit
>>> from hexkit.rl import observation, encoder_for
>>> game = hexkit.load_game("hex")
>>> state = game.new(game.make_config(2, size=5))
>>> obs = observation(game, state, 0)
>>> obs.shape, encoder_for(game, state.config).spec.plane_shape
((80,), (3, 5, 5))
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Protocol, cast

import attrs
import numpy as np
from numpy.typing import NDArray

from hexkit.rl import spaces as _sp
from hexkit.errors import HexkitError
from hexkit.game import Game, GameConfig, Information, PlayerId, State

__all__ = [
    "ObservationSpec",
    "Encoder",
    "GenericEncoder",
    "ObservationError",
    "encoder_for",
    "observation",
    "encode_view",
    "legal_mask_array",
    "rewrite",
    "rewrite_flag",
    "ScalarView",
    "scalar_view",
    "Float32Array",
    "Int8Array",
]

Float32Array = NDArray[np.float32]
"""A ``float32`` numpy array."""
Int8Array = NDArray[np.int8]
"""An ``int8`` numpy array (action masks: 1 legal, 0 not)."""


class ScalarView(Protocol):
    """Item access to the numbers of a 1-D ``float32`` array through its buffer (:func:`scalar_view`)."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


def scalar_view(vector: Float32Array) -> ScalarView:
    """A view of a contiguous 1-D ``float32`` array for writing single numbers.

    Writing one number through it (``view[i] = x``: a memoryview of the
    array's buffer) costs about half a numpy item assignment; incremental
    encoders keep one beside each remembered vector.
    """
    return cast(ScalarView, vector.data)


class ObservationError(HexkitError, ValueError):
    """An encoder was given something it cannot encode (a full state, another seat's view)."""


@attrs.frozen
class ObservationSpec:
    """The layout of a game's observation vector under one config.

    The vector is ``planes.ravel()`` (C-order, shape ``(C, H, W)``) followed
    by the ``F`` features.

    Attributes:
        planes: names of the ``C`` per-hex planes, in order.
        height: ``H``, rows of the map raster.
        width: ``W``, columns of the map raster.
        features: names of the ``F`` features, in order.
        low: a lower bound of every number (for a Box space; ``-inf`` if none is known).
        high: an upper bound of every number (``inf`` if none is known).
    """

    planes: tuple[str, ...]
    height: int
    width: int
    features: tuple[str, ...]
    low: float = float("-inf")
    high: float = float("inf")

    @property
    def plane_shape(self) -> tuple[int, int, int]:
        """``(C, H, W)``."""
        return (len(self.planes), self.height, self.width)

    @property
    def plane_size(self) -> int:
        """``C * H * W``: where the features start in the vector."""
        return len(self.planes) * self.height * self.width

    @property
    def size(self) -> int:
        """Length of the observation vector: ``C * H * W + F``."""
        return self.plane_size + len(self.features)

    def split(self, vector: Float32Array) -> tuple[Float32Array, Float32Array]:
        """Views of ``vector`` as ``(planes (C, H, W), features (F,))`` (no copy).

        Raises:
            ObservationError: if ``vector`` is not of length :attr:`size`.
        """
        if vector.shape != (self.size,):
            raise ObservationError(f"observation vector has shape {vector.shape}, expected ({self.size},)")
        return vector[: self.plane_size].reshape(self.plane_shape), vector[self.plane_size:]

    def feature_index(self, name: str) -> int:
        """Position of feature ``name`` in the features (not the whole vector).

        Raises:
            ObservationError: naming the unknown feature.
        """
        try:
            return self.features.index(name)
        except ValueError:
            raise ObservationError(f"no feature named {name!r}") from None

    def plane_index(self, name: str) -> int:
        """Position of plane ``name`` among the planes.

        Raises:
            ObservationError: naming the unknown plane.
        """
        try:
            return self.planes.index(name)
        except ValueError:
            raise ObservationError(f"no plane named {name!r}") from None


class Encoder(ABC):
    """Turns a seat's view into the observation vector of :attr:`spec`.

    Subclasses set :attr:`spec` in their constructor and implement
    :meth:`fill`; a fast encoder also overrides :meth:`vector` (for instance
    a copy of the vector it wrote last for the seat, with the sections whose
    values changed rewritten by :func:`rewrite`). Encoders keep no state
    between calls beyond static tables of the config and memos keyed by the
    values they were computed from (copies, never references to mutable parts
    of a state), so one encoder serves every state of its config, in any order.

    Attributes:
        spec: the layout of the vector.
        reads_full_state: ``True`` when :meth:`fill`, given the full state
            (whose ``viewer`` is not ``player``), applies the seat's
            visibility rules itself and writes exactly what it writes for
            ``game.view(state, player)``; :func:`observation` then skips the
            view's deep copy. An encoder that sets it must be tested for
            equality of the two on every decision of random games
            (``tests/rl/test_observation.py``). Default ``False``.
    """

    spec: ObservationSpec
    reads_full_state: bool = False

    @abstractmethod
    def fill(self, view: Any, player: PlayerId, planes: Float32Array, features: Float32Array) -> None:
        """Write the observation of ``view`` (seen by ``player``) into zeroed arrays.

        Args:
            view: ``game.view(state, player)``.
            player: the seat the view was made for.
            planes: zeros of shape ``spec.plane_shape``.
            features: zeros of shape ``(len(spec.features),)``.
        """

    def vector(self, view: Any, player: PlayerId) -> Float32Array:
        """The observation vector of ``view`` seen by ``player``: a new array, shape ``(spec.size,)``.

        No check of the viewer (see :meth:`encode`). The default zeroes a
        vector and calls :meth:`fill`; an encoder may override it to build the
        vector its own way (a copy of a cached base, then the changing numbers),
        as long as it returns a new array each time (a caller may keep or
        change it) equal to what :meth:`fill` writes.
        """
        spec = self.spec
        out = np.zeros(spec.size, dtype=np.float32)
        cut = spec.plane_size
        self.fill(view, player, out[:cut].reshape(spec.plane_shape), out[cut:])
        return out

    def encode(self, view: State, player: PlayerId) -> Float32Array:
        """The observation vector of a view, shape ``(spec.size,)``, ``float32``.

        Raises:
            ObservationError: if ``view`` is not a view made for ``player``
                (an encoder never reads a full state).
        """
        if view.viewer != player:
            raise ObservationError(
                f"an observation is computed from game.view(state, {player}) only; this state's"
                f" viewer is {view.viewer!r}")
        return self.vector(view, player)


def rewrite(vector: Float32Array, spots: dict[Any, Any], name: Any, positions: list[int],
            values: list[float] | float) -> None:
    """Replace one section of a remembered observation vector: for incremental encoders.

    Zeroes the positions ``spots[name]`` holds (what the section wrote last),
    writes ``values`` at ``positions`` (distinct), and remembers them.

    Args:
        vector: the vector, changed in place.
        spots: the positions each section wrote last, by section name.
        name: the section.
        positions: where the section writes now (distinct, in ``vector``).
        values: one value per position, or one value for all.
    """
    old = spots.get(name)
    if len(positions) > 16 or (old is not None and len(old) > 16):
        if old is not None and len(old):
            vector[old] = 0.0
        where = np.array(positions, dtype=np.intp)
        if len(where):
            vector[where] = values
        spots[name] = where
        return
    # a few positions: scalar writes (no list-to-array conversions)
    if old is not None:
        for at in old:
            vector[at] = 0.0
    if isinstance(values, list):
        for at, value in zip(positions, values):
            vector[at] = value
    else:
        for at in positions:
            vector[at] = values
    spots[name] = positions[:]



def rewrite_flag(vector: Float32Array | ScalarView, spots: dict[Any, Any], name: Any, at: int) -> None:
    """Replace a one-hot section of a remembered observation vector: for incremental encoders.

    Clears the position ``spots[name]`` set last and sets 1 at ``at`` (nothing
    when ``at`` is negative), then remembers ``at``.

    Args:
        vector: the vector, changed in place (or its :func:`scalar_view`).
        spots: the positions each section wrote last, by section name.
        name: the section.
        at: the position to set, or -1 for none.
    """
    old = spots.get(name, -1)
    if old >= 0:
        vector[old] = 0.0
    if at >= 0:
        vector[at] = 1.0
    spots[name] = at

class GenericEncoder(Encoder):
    """The observation of a game without an encoder of its own: no planes.

    Features: the viewing seat one-hot (``seat_i``), the seat to move
    one-hot (``to_move_i``), for ``i`` below the game's ``max_players``;
    ``progress`` (decisions so far over ``info.max_decisions``) and ``over``.

    Args:
        game: the game.
        config: its config.
    """

    def __init__(self, game: Game[Any, Any], config: GameConfig) -> None:
        self._n = n = game.info.max_players
        self._limit = max(1, game.info.max_decisions)
        self._game = game
        names = [f"seat_{i}" for i in range(n)] + [f"to_move_{i}" for i in range(n)]
        self.spec = ObservationSpec((), 1, 1, (*names, "progress", "over"))

    def fill(self, view: Any, player: PlayerId, planes: Float32Array, features: Float32Array) -> None:
        n = self._n
        features[player] = 1.0
        mover = self._game.current_player(view)
        if mover is not None:
            features[n + mover] = 1.0
        features[2 * n] = min(1.0, view.step / self._limit)
        features[2 * n + 1] = float(self._game.is_over(view))


_ENCODERS: dict[tuple[int, Any], Encoder] = {}


def encoder_for(game: Game[Any, Any], config: GameConfig) -> Encoder:
    """The encoder of ``game`` under ``config`` (cached per game and config).

    Uses the game's ``observation_encoder(config)`` method when it has one,
    else :class:`GenericEncoder`.
    """
    last = _LAST_ENCODER
    if last[0] is game and last[1] is config:  # the same config object as last time: no hashing
        return last[2]  # type: ignore[return-value]
    found = _encoder_for(game, config)
    last[0], last[1], last[2] = game, config, found
    return found


_LAST_ENCODER: list[object] = [None, None, None]


def _encoder_for(game: Game[Any, Any], config: GameConfig) -> Encoder:
    try:
        key: tuple[int, Any] = (id(game), config)
        hash(key)
    except TypeError:  # an unhashable config (overrides): no cache
        return _make_encoder(game, config)
    found = _ENCODERS.get(key)
    if found is None:
        found = _ENCODERS[key] = _make_encoder(game, config)
    return found


def _make_encoder(game: Game[Any, Any], config: GameConfig) -> Encoder:
    hook = getattr(game, "observation_encoder", None)
    if hook is None:
        return GenericEncoder(game, config)
    encoder = hook(config)
    if not isinstance(encoder, Encoder):
        raise TypeError(f"{type(game).__name__}.observation_encoder returned"
                        f" {type(encoder).__name__}, not a hexkit.rl.Encoder")
    return encoder


def encode_view(game: Game[Any, Any], view: State, player: PlayerId) -> Float32Array:
    """The observation vector of a view already made with ``game.view(state, player)``."""
    return encoder_for(game, view.config).encode(view, player)


def observation(game: Game[Any, Any], state: State, player: PlayerId) -> Float32Array:
    """What ``player`` observes of ``state``: ``game.view(state, player)``, encoded.

    Args:
        game: the game.
        state: a full state (or a view for ``player``).
        player: the observing seat.

    Returns:
        ``float32`` vector of shape ``(encoder_for(game, state.config).spec.size,)``.
        For a game of perfect information with no ``hidden_fields`` the state
        is encoded without making the view, which would differ from it only in
        the random source (never encoded).

    Raises:
        ObservationError: if ``player`` is not a seat of this game, or
            ``state`` is a view made for another seat.
    """
    if type(player) is not int or not 0 <= player < game.num_players(state):
        raise ObservationError(f"player must be a seat 0..{game.num_players(state) - 1}, not {player!r}")
    encoder = encoder_for(game, state.config)
    if state.viewer == player:
        return encoder.vector(state, player)
    if state.viewer is not None:  # another seat's view lacks what this seat holds
        raise ObservationError(f"this state is seat {state.viewer}'s view; it cannot give seat {player}'s observation")
    if encoder.reads_full_state:
        # The encoder hides what ``player`` may not see itself: no view copy.
        return encoder.vector(state, player)
    info = game.info
    if info.information is Information.PERFECT and not info.hidden_fields:
        # Nothing is hidden: the view would be a copy differing only in its random
        # source and viewer, which no encoder reads; encode the state, save the copy.
        return encoder.vector(state, player)
    return encoder.vector(game.view(state, player), player)


_NO_HOOK: Any = object()
_MASK_HOOKS: dict[type, Any] = {}
"""Per game class: its ``legal_mask_array`` method, or ``None`` (looked up once)."""


def legal_mask_array(game: Game[Any, Any], state: State) -> Int8Array:
    """:meth:`Game.legal_mask` as an ``int8`` array (1 legal), shape ``(action_space_size,)``.

    Uses the legal actions the state has cached, numbered once per decision
    (:func:`hexkit.rl.spaces.apply_index` at the same decision reuses the numbers).

    A game may supply a fast path, an optional method of the same name on its
    :class:`~hexkit.game.Game` class, ``legal_mask_array(state) -> Int8Array``,
    returning a new array equal to the one built here (the tutorial Hex keeps
    its mask by revision stamps, :mod:`hexkit.revision`); it is used when the
    game numbers its own actions (no :class:`~hexkit.rl.spaces.KeyedSpace`).
    """
    kind = type(game)
    hook = _MASK_HOOKS.get(kind, _NO_HOOK)
    if hook is _NO_HOOK:
        hook = _MASK_HOOKS[kind] = getattr(kind, "legal_mask_array", None)
    if hook is not None and not _sp._keyed(_sp.space_for(game, state.config)):
        return hook(game, state)  # type: ignore[no-any-return]
    space = _sp.space_for(game, state.config)
    if _sp._keyed(space):  # _sp._legal_numbers, inlined (once per decision)
        pending = state.pending
        numbers = space._numbers(pending[-1] if pending else None, game.legal_actions(state))
    else:
        numbers = game.legal_indices(state)
    mask = np.zeros(space.size, dtype=np.int8)
    if len(numbers) > 32:
        mask[numbers] = 1
    else:  # a few numbers: set one by one through a memoryview (no list-to-array conversion)
        view = mask.data
        for n in numbers:
            view[n] = 1
    return mask
