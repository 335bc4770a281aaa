"""hexkit games as OpenSpiel (``pyspiel``) Python games.

>>> import pyspiel
>>> from hexkit.rl.openspiel import register
>>> register("hex")
'hexkit_hex'
>>> game = pyspiel.load_game("hexkit_hex", {"size": 5})
>>> game.num_distinct_actions(), game.new_initial_state().legal_actions()[:3]
(26, [0, 1, 2])

:func:`register` declares one ``pyspiel.GameType`` per hexkit game, named
``hexkit_<name>``, from the game's static :class:`~hexkit.game.GameInfo`:

====================  ==============================================================
OpenSpiel field       from hexkit
====================  ==============================================================
dynamics              sequential (one decision at a time, `Game.current_player`)
chance_mode           ``SAMPLED_STOCHASTIC`` when ``info.stochastic`` (the game draws
                      from the state's own random source inside ``apply``: OpenSpiel
                      sees no chance nodes), else ``DETERMINISTIC``
information           ``IMPERFECT_INFORMATION`` for ``Information.IMPERFECT`` games,
                      else ``PERFECT_INFORMATION``
utility               ``GENERAL_SUM``; returns are `Game.returns` (1 win, ties
                      split, 0 otherwise), so ``min_utility`` 0, ``max_utility`` 1
reward_model          terminal
num_distinct_actions  `Game.action_space_size` (a number is
                      `Game.apply_index`'s; Hex's are OpenSpiel ``hex``'s)
max_game_length       ``info.max_decisions``
parameters            ``players``, ``seed`` (the hexkit set-up seed), ``variants``
                      (comma-separated), and every ``int``/``bool``/``str`` option of
                      the config class (``size`` for Hex; frozenset options as comma
                      lists)
====================  ==============================================================

Observations come from :func:`hexkit.rl.observation` (the seat's view only):
``observation_tensor`` is the encoder's vector, ``observation_string`` the view
as JSON without its log; ``information_state_string`` is that JSON followed by
one line per event of the view's log so far (the seat's memory of the game:
views keep only what the seat may see). ``information_state_tensor`` (declared
for every game, so OpenSpiel's tensor-based algorithms -- CFR's tabular
policies keyed by string aside, NFSP, deep CFR, policy gradients -- run on the
imperfect-information games) is, shape ``(S + 1 + RECALL,)``, ``float32``:

* ``[0:S]``: the observation vector of the seat's view (as ``observation_tensor``);
* ``[S]``: how many decisions the seat has taken, over ``max_game_length``;
* ``[S+1:S+1+RECALL]``: the seat's own last :data:`RECALL` action numbers, most
  recent first, each as ``(number + 1) / num_distinct_actions`` (0: none yet).

It is built from the view and the seat's own moves only (never the true
state). It is not a complete perfect-recall encoding (earlier public states
are summarised by the current view, and own moves older than ``RECALL`` are
dropped); the information-state string is the exact one.

OpenSpiel's ``MCTSBot`` searches the state it is given; on an imperfect-information
game that is the true state (OpenSpiel's choice, not a view). For a search that
respects hidden information, ``resample_from_infostate`` gives a state sampled
from the seat's view by `Game.determinize`.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import numpy as np
import pyspiel

from hexkit.rl import spaces as _sp
from hexkit.game import Game, GameConfig, Information, State
from hexkit.registry import load_game
from hexkit.rl.encoding import encoder_for
from hexkit.rng import Rng
from hexkit.serialize import codec

__all__ = ["register", "game_type", "HexkitSpielGame", "HexkitSpielState", "HexkitEvaluator", "RECALL"]

RECALL = 32
"""Own past action numbers kept in the information-state tensor."""

_SKIP = {"players", "variants", "data", "overrides"}
_REGISTERED: dict[str, type] = {}


def _options(game: Game[Any, Any]) -> dict[str, Any]:
    """The config fields that become OpenSpiel parameters, with their defaults."""
    found: dict[str, Any] = {}
    for field in attrs.fields(game.config_type):
        if field.name in _SKIP or field.default is attrs.NOTHING:
            continue
        default = field.default
        if isinstance(default, (bool, int, str)):
            found[field.name] = default
        elif isinstance(default, frozenset) and all(isinstance(v, str) for v in default):
            found[field.name] = ",".join(sorted(default))
    return found


def game_type(game: Game[Any, Any]) -> Any:
    """The ``pyspiel.GameType`` declared for ``game`` (see the module table)."""
    info = game.info
    T = pyspiel.GameType
    params = {"players": info.min_players, "seed": 0, "variants": "", **_options(game)}
    return T(
        short_name=f"hexkit_{info.name}",
        long_name=f"hexkit {info.title}",
        dynamics=T.Dynamics.SEQUENTIAL,
        chance_mode=T.ChanceMode.SAMPLED_STOCHASTIC if info.stochastic else T.ChanceMode.DETERMINISTIC,
        information=(T.Information.IMPERFECT_INFORMATION if info.information is Information.IMPERFECT
                     else T.Information.PERFECT_INFORMATION),
        utility=T.Utility.GENERAL_SUM,
        reward_model=T.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def register(name: str | Game[Any, Any]) -> str:
    """Register a hexkit game with pyspiel (once) and return its OpenSpiel name.

    Args:
        name: registry name (``"soot"``) or game object.

    Returns:
        ``"hexkit_<name>"``, for ``pyspiel.load_game``.
    """
    game = load_game(name) if isinstance(name, str) else name
    short = f"hexkit_{game.info.name}"
    if short not in _REGISTERED:
        kind = game_type(game)

        def init(self: HexkitSpielGame, params: dict[str, Any] | None = None) -> None:
            HexkitSpielGame.__init__(self, game, kind, params)

        # A class, not a closure: pyspiel keeps the factory until exit, and a
        # Python function freed by its registry at exit aborts the interpreter.
        cls = type(f"HexkitSpielGame_{game.info.name}", (HexkitSpielGame,), {"__init__": init})
        _REGISTERED[short] = cls
        pyspiel.register_game(kind, cls)
    return short


class HexkitSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One hexkit config as a ``pyspiel.Game``.

    Args:
        game: the hexkit game.
        kind: its ``pyspiel.GameType``.
        params: OpenSpiel parameters (see the module table).

    Raises:
        ConfigError: for a bad player count, variant or option.
    """

    def __init__(self, game: Game[Any, Any], kind: Any, params: dict[str, Any] | None) -> None:
        values = {**kind.parameter_specification, **(params or {})}
        options = {}
        for key, default in _options(game).items():
            value = values[key]
            options[key] = frozenset(v for v in value.split(",") if v) if isinstance(
                attrs.fields_dict(game.config_type)[key].default, frozenset) else value
        variants = [v for v in str(values["variants"]).split(",") if v]
        self.hexkit_game = game
        self.config: GameConfig = game.make_config(int(values["players"]), variants, **options)
        self.seed = int(values["seed"])
        self.encoder = encoder_for(game, self.config)
        self._initial: State | None = None
        info = pyspiel.GameInfo(
            num_distinct_actions=_sp.action_space_size(game, self.config),
            max_chance_outcomes=0,
            num_players=self.config.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=game.info.max_decisions,
        )
        super().__init__(kind, info, values)

    def new_initial_state(self) -> HexkitSpielState:
        """A set-up game (hexkit seed: the ``seed`` parameter)."""
        initial = self._initial
        if initial is None:
            initial = self._initial = self.hexkit_game.new(self.config, self.seed)
        return HexkitSpielState(self, self.hexkit_game.clone(initial))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observer OpenSpiel asks for observations and information states."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self, perfect_recall)


class _Held:
    """The hexkit state inside a pyspiel state; ``clone`` copies it with ``game.clone``."""

    __slots__ = ("game", "state")

    def __init__(self, game: Game[Any, Any], state: State) -> None:
        self.game, self.state = game, state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game, self.game.clone(self.state))


class HexkitSpielState(pyspiel.State):  # type: ignore[misc]
    """A hexkit state as a ``pyspiel.State`` (actions are hexkit action numbers)."""

    def __init__(self, game: HexkitSpielGame, state: State) -> None:
        super().__init__(game)
        self._held = _Held(game.hexkit_game, state)

    @property
    def hexkit_state(self) -> State:
        """The full hexkit state (for tests and tools; agents should use views)."""
        return self._held.state

    def current_player(self) -> int:
        held = self._held
        mover = held.game.current_player(held.state)
        return int(pyspiel.PlayerId.TERMINAL) if mover is None else mover

    def _legal_actions(self, player: int) -> list[int]:
        held = self._held
        if held.game.current_player(held.state) != player:
            return []
        return sorted(_sp.legal_indices(held.game, held.state))

    def _apply_action(self, action: int) -> None:
        held = self._held
        _sp.apply_index(held.game, held.state, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """The game's description of the action; ``" (#n)"`` is added when two legal
        actions read alike (two copies of one contract), as OpenSpiel wants distinct strings."""
        held = self._held
        game, state = held.game, held.state
        try:
            text = game.describe(state, _sp.index_to_action(game, state, action))
        except Exception:  # an action number of another decision
            return f"action {action}"
        if game.current_player(state) == player:
            legal = game.legal_actions(state)
            if sum(1 for other in legal if game.describe(state, other) == text) > 1:
                return f"{text} (#{action})"
        return text

    def is_terminal(self) -> bool:
        held = self._held
        return held.game.is_over(held.state)

    def returns(self) -> list[float]:
        held = self._held
        return [float(r) for r in held.game.returns(held.state)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HexkitSpielState:
        """A state consistent with ``player_id``'s view, hidden parts redrawn by
        `Game.determinize` (seeded from ``probability_sampler`` when callable)."""
        held = self._held
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else 0
        view = held.game.view(held.state, player_id)
        sample = held.game.determinize(view, player_id, Rng(seed))
        clone = self.clone()
        clone._held = _Held(held.game, sample)
        return clone  # type: ignore[no-any-return]

    def __str__(self) -> str:
        held = self._held
        mover = held.game.current_player(held.state)
        last = held.state.log[-1].text if held.state.log else ""
        return f"step {held.state.step}, to move: {mover}; {last}"


class _Observer:
    """OpenSpiel's PyObserver interface over a hexkit encoder."""

    def __init__(self, game: HexkitSpielGame, perfect_recall: bool) -> None:
        self._game = game
        self._recall = perfect_recall
        spec = game.encoder.spec
        self._size = spec.size
        self.tensor = np.zeros(spec.size + (1 + RECALL if perfect_recall else 0), np.float32)
        planes, features = spec.split(self.tensor[:spec.size])
        self.dict = {"planes": planes, "features": features}
        if perfect_recall:
            self.dict["own_moves"] = self.tensor[spec.size:spec.size + 1]
            self.dict["recent_actions"] = self.tensor[spec.size + 1:]

    def set_from(self, state: HexkitSpielState, player: int) -> None:
        held = state._held
        view = held.game.view(held.state, player)
        cut = self._size
        self.tensor[:cut] = self._game.encoder.encode(view, player)
        if self._recall:
            own = [item.action for item in state.full_history() if item.player == player]
            self.tensor[cut] = len(own) / max(1, self._game.max_game_length())
            recent = self.tensor[cut + 1:]
            recent[:] = 0.0
            last = own[::-1][:RECALL]
            if last:
                recent[:len(last)] = (np.asarray(last, np.float32) + 1.0) / self._game.num_distinct_actions()

    def string_from(self, state: HexkitSpielState, player: int) -> str:
        held = state._held
        view = held.game.view(held.state, player)
        log = view.log
        view.log = []
        text = json.dumps(codec(held.game).state_to_dict(view), separators=(",", ":"))
        if not self._recall:
            return text
        return "\n".join([text, *(str(entry) for entry in log)])


class HexkitEvaluator:
    """An OpenSpiel MCTS evaluator that scores leaves by `Game.evaluate` (no rollout).

    ``evaluate`` reads each seat's own view; the value of a seat is squashed to
    ``(0, 1)`` by ``0.5 + 0.5 * tanh(value / scale)``, terminal states give the returns.

    Args:
        scale: evaluation units for a value of about 0.88 (tanh 1).
    """

    def __init__(self, scale: float = 10.0) -> None:
        self.scale = scale

    def evaluate(self, state: HexkitSpielState) -> Any:
        held = state._held
        game = held.game
        if game.is_over(held.state):
            return np.array(game.returns(held.state), dtype=np.float64)
        n = game.num_players(held.state)
        values = [game.evaluate(game.view(held.state, p), p) for p in range(n)]
        return 0.5 + 0.5 * np.tanh(np.array(values, dtype=np.float64) / self.scale)

    def prior(self, state: HexkitSpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]
