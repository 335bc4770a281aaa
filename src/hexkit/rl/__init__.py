"""Research interfaces: observations, masks, PettingZoo, Gymnasium, OpenSpiel, datasets.

Every hexkit game numbers its actions (:meth:`hexkit.game.Game.action_space_size`,
:meth:`~hexkit.game.Game.legal_mask`, :meth:`~hexkit.game.Game.apply_index`);
this package adds what learning code needs on top, all computed from
``game.view(state, player)`` only:

* :func:`observation` / :class:`Encoder`: fixed-shape ``float32`` vectors
  (per-hex planes, then features), one encoder per game found through the
  game's ``observation_encoder`` hook;
* :func:`aec_env`: a PettingZoo AEC environment for any registered game;
* :func:`gym_env`: a Gymnasium single-agent environment, other seats played
  by agent specs;
* :mod:`hexkit.rl.openspiel`: hexkit games registered with ``pyspiel``;
* :mod:`hexkit.rl.dataset`: per-decision records as compressed ``.npz``.

numpy is required; pettingzoo, gymnasium and open_spiel are imported only by
the modules that use them (the ``rl`` extra installs them). See docs/rl.md.
"""

from __future__ import annotations

from typing import Any

from hexkit.rl.encoding import (
    Encoder,
    Float32Array,
    GenericEncoder,
    Int8Array,
    ObservationError,
    ObservationSpec,
    ScalarView,
    encode_view,
    encoder_for,
    legal_mask_array,
    observation,
    rewrite,
    rewrite_flag,
    scalar_view,
)

__all__ = [
    "Encoder",
    "Float32Array",
    "GenericEncoder",
    "Int8Array",
    "ObservationError",
    "ObservationSpec",
    "ScalarView",
    "encode_view",
    "encoder_for",
    "legal_mask_array",
    "observation",
    "rewrite",
    "rewrite_flag",
    "scalar_view",
    "aec_env",
    "gym_env",
]


def aec_env(game: str | Any, players: int | None = None, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment; see :func:`hexkit.rl.pettingzoo_env.aec_env`."""
    from hexkit.rl.pettingzoo_env import aec_env as make

    return make(game, players, **kwargs)


def gym_env(game: str | Any, players: int | None = None, **kwargs: Any) -> Any:
    """A Gymnasium environment; see :func:`hexkit.rl.gymnasium_env.gym_env`."""
    from hexkit.rl.gymnasium_env import gym_env as make

    return make(game, players, **kwargs)
