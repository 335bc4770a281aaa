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
``mask_bits``    (T, ceil(A/8))  legal action numbers at that decision, as
                 uint8           ``np.packbits`` of the (T, A) bool mask
                                 (big bit order: number ``i`` is bit
                                 ``7 - i % 8`` of byte ``i // 8``)
``action``       (T,) int32      the number of the action the agent chose
``player``       (T,) int8       the seat that chose it
``step``         (T,) int32      decisions before it (``state.step``)
``returns``      (T,) float32    the mover's final :meth:`~hexkit.game.Game.returns`
``final``        (n,) float32    every seat's final returns
``seed``         () int64        the game's seed; ``index`` () int64 its number
``meta``         () str          JSON: game, version, players, variants, seats
                                 (agent specs), plane/feature names, ``A``
===============  ==============  ============================================

Read back with :func:`iter_games` / :func:`load_dataset`, which add the
dense ``mask`` (T, A) bool when ``A`` is at most :data:`DENSE_MASK_LIMIT`
(the tutorial Hex, Empyreal); Soot's space has 36,860 numbers, so its masks
stay packed: :func:`unpack_masks` unpacks the rows a batch needs.

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

from hexkit.rl import spaces as _sp
from hexkit.errors import HexkitError
from hexkit.game import Game, GameConfig
from hexkit.rl.encoding import encoder_for

__all__ = ["DatasetError", "write_game", "game_file", "iter_games", "load_dataset", "unpack_masks", "KEYS",
           "DENSE_MASK_LIMIT"]

KEYS = ("observation", "mask_bits", "action", "player", "step", "returns")
DENSE_MASK_LIMIT = 4096
"""Action spaces up to this size get a dense ``mask`` when read back."""


def unpack_masks(bits: NDArray[np.uint8], size: int) -> NDArray[np.bool_]:
    """Dense ``(T, size)`` bool masks from ``mask_bits`` rows ``(T, ceil(size / 8))``.

    Raises:
        DatasetError: if ``bits`` is not two-dimensional with ``ceil(size / 8)`` columns.
    """
    if bits.ndim != 2 or bits.shape[1] != (size + 7) // 8:
        raise DatasetError(f"mask_bits has shape {bits.shape}, expected (T, {(size + 7) // 8})")
    return np.unpackbits(bits, axis=1, count=size).astype(np.bool_)
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
    size = _sp.action_space_size(game, config)
    count = len(actions)
    observations = np.zeros((count, spec.size), dtype=np.float32)
    masks = np.zeros((count, (size + 7) // 8), dtype=np.uint8)
    chosen = np.zeros(count, dtype=np.int32)
    players = np.zeros(count, dtype=np.int8)
    steps = np.zeros(count, dtype=np.int32)
    state = game.new(config, seed)
    for t, action in enumerate(actions):
        player = game.current_player(state)
        if player is None:
            raise HexkitError(f"game {index} (seed {seed}) is over after {t} of {count} actions")
        observations[t] = encoder.encode(game.view(state, player), player)
        numbers = np.asarray(_sp.legal_indices(game, state), dtype=np.intp)
        np.bitwise_or.at(masks[t], numbers >> 3, (128 >> (numbers & 7)).astype(np.uint8))
        chosen[t] = _sp.action_to_index(game, state, action)
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
            temporary, observation=observations, mask_bits=masks, action=chosen, player=players,
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
        size = int(item["meta"].get("actions", 0))
        if size <= DENSE_MASK_LIMIT:
            item["mask"] = unpack_masks(item["mask_bits"], size)
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
        if "mask" in item:
            parts.setdefault("mask", []).append(item["mask"])
        parts["game_index"].append(np.full(len(item["action"]), int(item["index"]), dtype=np.int64))
        shapes.add((item["observation"].shape[1], int(item["meta"]["actions"])))
    if not shapes:
        raise DatasetError(f"{directory}: no game files")
    if len(shapes) > 1:
        raise DatasetError(f"{directory}: games of different observation/mask sizes: {sorted(shapes)}")
    return {key: np.concatenate(values) for key, values in parts.items()}
