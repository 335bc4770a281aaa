"""``hexkit simulate --dataset``: per-decision records that replay the games."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import hexkit
from hexkit.cli import main
from hexkit.rl import observation
from hexkit.rl.dataset import DatasetError, iter_games, load_dataset, unpack_masks


def test_simulate_writes_one_file_per_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, folder = tmp_path / "results.jsonl", tmp_path / "data"
    code = main(["simulate", "hex", "--games", "3", "--agents", "greedy,random", "--set", "size=4",
                 "--backend", "serial", "--out", str(out), "--dataset", str(folder)])
    capsys.readouterr()
    assert code == 0
    assert sorted(p.name for p in folder.iterdir()) == [f"hex-00000{i}.npz" for i in range(3)]
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    game = hexkit.load_game("hex")
    for row, item in zip(rows, iter_games(folder)):
        assert int(item["seed"]) == row["seed"] and item["meta"]["seats"] == row["seats"]
        assert len(item["action"]) == row["decisions"]
        assert item["final"].tolist() == [1.0 if s == row["winner"] else 0.0 for s in range(2)]
        # the records replay the game: each action is legal under its mask, and the
        # observation is the mover's own
        state = game.new(game.make_config(2, size=4), row["seed"])
        for obs, mask, action, player in zip(item["observation"], item["mask"], item["action"],
                                             item["player"]):
            assert mask[action] and player == game.current_player(state)
            assert np.array_equal(obs, observation(game, state, int(player)))
            game.apply_index(state, int(action))
        assert game.winner(state) == row["winner"]
    data = load_dataset(folder)
    assert data["observation"].shape == (sum(r["decisions"] for r in rows), 3 * 16 + 5)
    assert data["mask"].shape[1] == 17 and set(data["game_index"].tolist()) == {0, 1, 2}


def test_soot_dataset_with_a_process_pool(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "soot"
    code = main(["simulate", "soot", "--games", "2", "--workers", "2", "--agents", "random",
                 "--out", str(tmp_path / "r.jsonl"), "--dataset", str(folder)])
    capsys.readouterr()
    assert code == 0
    data = load_dataset(folder)
    # Soot's stable space (36,860 numbers) is too large for dense masks: packed bits only
    assert "mask" not in data and data["mask_bits"].shape[1] == (36860 + 7) // 8
    masks = unpack_masks(data["mask_bits"], 36860)
    assert masks[np.arange(len(data["action"])), data["action"]].all()
    assert 1 <= masks.sum(axis=1).min() and masks.sum(axis=1).max() <= 64
    assert set(np.unique(data["player"]).tolist()) == {0, 1}


def test_reading_bad_folders(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="no such dataset folder"):
        list(iter_games(tmp_path / "missing"))
    with pytest.raises(DatasetError, match="no game files"):
        load_dataset(tmp_path)
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(DatasetError, match="junk.npz: not a hexkit dataset file"):
        load_dataset(tmp_path)


def test_a_dataset_path_that_is_a_file_is_refused_before_playing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each game failed alone with 'File exists' (hostile run); now the study stops before its first game."""
    taken = tmp_path / "taken"
    taken.write_text("not a folder")
    out = tmp_path / "r.jsonl"
    code = main(["simulate", "hex", "--games", "2", "--dataset", str(taken), "--out", str(out)])
    assert code != 0 and not out.exists()
    assert f"dataset: {taken} is a file; the dataset is a folder of game files" in capsys.readouterr().err
