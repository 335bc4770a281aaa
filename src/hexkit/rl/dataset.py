"""Per-decision datasets for imitation learning: one compressed ``.npz`` file per game.

``hexkit simulate GAME --agents strong,strong --dataset DIR`` (or a
:class:`~hexkit.sim.Study` with ``dataset="DIR"``) writes, beside the result
rows and as each game finishes, ``DIR/<game>-<index>.npz`` holding every
decision of that game. A file is written whole under a temporary name and
then renamed, so a reader never sees half a game, and workers of a process
pool or a dask cluster write their own files without coordination.

Arrays of one file (``T`` decisions, ``A`` action numbers, ``n`` seats,
``S`` the observation size of :func:`hexkit.rl.encoder_for`):

===============  ==============  ============================================
key              shape, dtype    meaning
===============  ==============  ============================================
``observation``  (T, S) float32  the mover's observation, from its view only
``mask``         (T, A) bool     legal action numbers at that decision
``action``       (T,) int32      the number of the action the agent chose
``player``       (T,) int8       the seat that chose it
``step``         (T,) int32      decisions before it (``state.step``)
``returns``      (T,) float32    the mover's final :meth:`~hexkit.game.Game.returns`
``final``        (n,) float32    every seat's final returns
``seed``         () int64        the game's seed; ``index`` () int64 its number
``meta``         () str          JSON: game, version, players, variants, seats
                                 (agent specs), plane/feature names, ``A``
===============  ==============  ============================================

A game is replayed from its record to make the arrays, so writing a
dataset does not slow the agents' play loop, and the observations are those
a seat's view gives (the true state is never encoded).

>>> import tempfile, hexkit
>>> from hexkit.rl.dataset import load_dataset, write_game
>>> game = hexkit.load_game("hex")
>>> config = game.make_config(2, size=3)
>>> moves = [game.index_to_action(game.new(config), i) for i in (0, 1, 3, 4, 6)]
>>> folder = tempfile.mkdtemp()
>>> write_game(folder, game, config, seed=0, index=7, actions=moves).name
'hex-000007.npz'
>>> data = load_dataset(folder)
>>> data["observation"].shape, data["action"].tolist(), data["returns"].tolist()
((5, 32), [0, 1, 3, 4, 6], [1.0, 0.0, 1.0, 0.0, 1.0])
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from hexkit.errors import HexkitError
from hexkit.game import Game, GameConfig
from hexkit.rl.encoding import encoder_for

__all__ = ["DatasetError", "write_game", "game_file", "iter_games", "load_dataset", "KEYS"]

KEYS = ("observation", "mask", "action", "player", "step", "returns")
"""The per-decision arrays of every file (see the module table)."""


class DatasetError(HexkitError, OSError):
    """A dataset folder cannot be written or read; the message names the file."""


def game_file(directory: str | Path, game: Game[Any, Any], index: int) -> Path:
    """The file of game number ``index`` in ``directory``."""
    return Path(directory) / f"{game.info.name}-{index:06d}.npz"


def write_game(directory: str | Path, game: Game[Any, Any], config: GameConfig, seed: int,
               index: int, actions: Sequence[Any], seats: Sequence[str] = ()) -> Path:
    """Replay one finished game and write its decisions (see the module table).

    Args:
        directory: the dataset folder (created if missing).
        game: the game.
        config: the config it was played with.
        seed: its seed.
        index: its number in the study (names the file).
        actions: the actions played, in order (the game record's).
        seats: the agent spec of each seat, recorded in ``meta``.

    Returns:
        The file written.

    Raises:
        DatasetError: if the folder or file cannot be written.
        IllegalActionError: if ``actions`` do not replay from ``seed``.
    """
    encoder = encoder_for(game, config)
    spec = encoder.spec
    size = game.action_space_size(config)
    count = len(actions)
    observations = np.zeros((count, spec.size), dtype=np.float32)
    masks = np.zeros((count, size), dtype=np.bool_)
    chosen = np.zeros(count, dtype=np.int32)
    players = np.zeros(count, dtype=np.int8)
    steps = np.zeros(count, dtype=np.int32)
    state = game.new(config, seed)
    for t, action in enumerate(actions):
        player = game.current_player(state)
        if player is None:
            raise HexkitError(f"game {index} (seed {seed}) is over after {t} of {count} actions")
        observations[t] = encoder.encode(game.view(state, player), player)
        masks[t, game.legal_indices(state)] = True
        chosen[t] = game.action_to_index(state, action)
        players[t] = player
        steps[t] = state.step
        game.apply(state, action)
    final = np.asarray(game.returns(state), dtype=np.float32)
    meta = {
        "game": game.info.name, "version": game.info.version, "players": config.players,
        "variants": sorted(config.variants), "seats": list(seats), "actions": size,
        "planes": list(spec.planes), "plane_shape": list(spec.plane_shape),
        "features": list(spec.features), "over": game.is_over(state),
    }
    path = game_file(directory, game, index)
    temporary = path.with_name(f".{path.stem}.{os.getpid()}.tmp.npz")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(
            temporary, observation=observations, mask=masks, action=chosen, player=players,
            step=steps, returns=final[players.astype(np.intp)] if count else np.zeros(0, np.float32),
            final=final, seed=np.int64(seed), index=np.int64(index), meta=np.str_(json.dumps(meta)))
        os.replace(temporary, path)
    except OSError as exc:
        raise DatasetError(f"{path}: cannot write the dataset file: {exc.strerror or exc}") from None
    return path


def iter_games(directory: str | Path) -> Iterator[dict[str, Any]]:
    """Each game file of a dataset folder, in file-name order, as a dict of arrays
    (``meta`` decoded from JSON).

    Raises:
        DatasetError: if the folder is missing or a file is not a dataset file.
    """
    folder = Path(directory)
    if not folder.is_dir():
        raise DatasetError(f"{folder}: no such dataset folder")
    for path in sorted(folder.glob("*.npz")):
        if path.name.startswith("."):
            continue
        try:
            with np.load(path, allow_pickle=False) as data:
                item: dict[str, Any] = {key: data[key] for key in data.files}
            item["meta"] = json.loads(str(item["meta"]))
        except (OSError, ValueError, KeyError) as exc:
            raise DatasetError(f"{path}: not a hexkit dataset file: {exc}") from None
        missing = [key for key in KEYS if key not in item]
        if missing:
            raise DatasetError(f"{path}: not a hexkit dataset file: no {', '.join(missing)}")
        yield item


def load_dataset(directory: str | Path) -> dict[str, NDArray[Any]]:
    """Every decision of a dataset folder, the per-decision arrays concatenated.

    Adds ``game_index`` ``(T,)``: the ``index`` of the game each decision is from.

    Raises:
        DatasetError: if the folder holds no game, or games of different shapes.
    """
    parts: dict[str, list[NDArray[Any]]] = {key: [] for key in (*KEYS, "game_index")}
    shapes: set[tuple[int, ...]] = set()
    for item in iter_games(directory):
        for key in KEYS:
            parts[key].append(item[key])
        parts["game_index"].append(np.full(len(item["action"]), int(item["index"]), dtype=np.int64))
        shapes.add((item["observation"].shape[1], item["mask"].shape[1]))
    if not shapes:
        raise DatasetError(f"{directory}: no game files")
    if len(shapes) > 1:
        raise DatasetError(f"{directory}: games of different observation/mask sizes: {sorted(shapes)}")
    return {key: np.concatenate(values) for key, values in parts.items()}
