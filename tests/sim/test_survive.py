"""Issue 17, item 5, for every study command: an interrupted run resumes with no game
lost or repeated, an existing output is never overwritten unless told, and progress comes
as lines at intervals when the output is not a terminal. Also ``hexkit play``'s progress
while a slow agent thinks (item 6)."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from hexkit.cli import main
from hexkit.sim import Study
from hexkit.sim.run import ResultsFileError
from hexkit.sim.study import TIMING_FIELDS
from hexkit.sim.sweep import parse_setting, run_sweep
from hexkit.sim.tournament import Tournament, run_tournament
from hexkit.sim.tune import parse_param, parse_target, run_tune

BASE = Study(game="hex", players=2, agents=("random", "greedy"), games=6, seed=2,
             options={"size": 3})


class Stop(Exception):
    """Raised from a progress callback, between two games, as Ctrl-C would."""


def _stopper(after: int) -> Any:
    seen: list[int] = []

    def progress(row: dict[str, Any]) -> None:
        seen.append(row["index"])
        if len(seen) == after:
            raise Stop

    return progress


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _untimed(path: Path) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k not in TIMING_FIELDS} for r in _rows(path)]


def _count(capsys: pytest.CaptureFixture[str], prefix: str) -> int:
    return sum(line.startswith(prefix) for line in capsys.readouterr().out.splitlines())


def test_an_interrupted_sweep_resumes_from_the_cli_with_no_game_lost_or_repeated(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    settings = [parse_setting("size=3,4")]
    run_sweep(BASE, settings, whole, backend="serial")
    with pytest.raises(Stop):  # 6 games of size 3, then 2 of size 4, then stopped
        run_sweep(BASE, settings, cut, backend="serial", progress=_stopper(8))
    assert [len(_rows(p)) for p in sorted(cut.glob("*.jsonl"))] == [6, 2]
    args = ["sweep", "hex", "--set", "size=3,4", "--games", "6", "--seed", "2",
            "--agents", "random,greedy", "--backend", "serial", "--out", str(cut)]
    monkeypatch.setenv("HEXKIT_PROGRESS_SECONDS", "0")
    assert main(args) == 2  # refused: the folder holds results
    assert "already holds 2 results files" in capsys.readouterr().err
    assert main([*args, "--resume"]) == 0
    out = capsys.readouterr().out
    # progress lines, not a bar: only the 4 missing games of size=4 are played
    assert "size=4: 3/6 (50%) (2 kept)" in out and "size=4: 6/6 (100%) (2 kept)" in out
    assert "size=4: 2/6" not in out and "size=3: " not in out
    files = sorted(cut.glob("*.jsonl"))
    assert [p.name for p in files] == [p.name for p in sorted(whole.glob("*.jsonl"))]
    for path in files:
        assert [r["index"] for r in _rows(path)] == list(range(6))  # each game once, in order
        assert _untimed(path) == _untimed(whole / path.name)


def test_an_interrupted_tournament_resumes_from_the_cli_with_no_game_lost_or_repeated(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    tournament = Tournament(game="hex", agents=("random", "greedy", "mcts:iterations=20"),
                            players=2, games=4, seed=5, options={"size": 3})
    whole = run_tournament(tournament, tmp_path / "whole", backend="serial")
    cut = tmp_path / "cut"
    with pytest.raises(Stop):  # the first pairing and one game of the second
        run_tournament(tournament, cut, backend="serial", progress=_stopper(5))
    args = ["tournament", "hex", "--agents", "random,greedy,mcts:iterations=20", "--games", "4",
            "--seed", "5", "--set", "size=3", "--backend", "serial", "--out", str(cut)]
    before = {p.name: p.read_bytes() for p in cut.glob("*.jsonl")}
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "already holds results of 2 pairings" in err and "--resume" in err
    assert {p.name: p.read_bytes() for p in cut.glob("*.jsonl")} == before  # nothing changed
    monkeypatch.setenv("HEXKIT_PROGRESS_SECONDS", "0")
    assert main([*args, "--resume"]) == 0
    out = capsys.readouterr().out
    assert "random vs greedy: " not in out  # the finished pairing is not played again
    assert "random vs mcts:iterations=20: 2/4 (50%) (1 kept)" in out
    assert "random vs mcts:iterations=20: 4/4 (100%) (1 kept)" in out
    assert "greedy vs mcts:iterations=20: 4/4 (100%)," in out
    for line_up, path in whole.files.items():
        mine = cut / path.name
        assert [r["index"] for r in _rows(mine)] == list(range(4)), line_up
        assert _untimed(mine) == _untimed(path)
    # the resumed ratings are those of the uninterrupted run
    again = run_tournament(tournament, cut, backend="serial", mode="resume")
    assert [(r.agent, round(r.mu, 9), r.games) for r in again.ratings] == \
        [(r.agent, round(r.mu, 9), r.games) for r in whole.ratings]


def test_an_interrupted_tuning_run_resumes_from_the_cli_with_no_game_lost_or_repeated(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    base = Study(game="hex", players=2, agents=("random",), games=5, seed=0)
    params, target = [parse_param("size=3..5")], parse_target("faction-spread")
    played: list[int] = []

    def stop_in_trial_two(row: dict[str, Any]) -> None:
        played.append(row["index"])
        if len(played) == 5 + 2:  # trial 0 complete, trial 1 stopped after 2 of its 5 games
            raise Stop

    with pytest.raises(Stop):
        run_tune(base, params, target, tmp_path, trials=3, backend="serial",
                 progress=stop_in_trial_two)
    args = ["tune", "hex", "--param", "size=3..5", "--target", "faction-spread", "--trials", "3",
            "--games", "5", "--agents", "random", "--backend", "serial", "--out", str(tmp_path)]
    database = (tmp_path / "tune.db").read_bytes()
    assert main(args) == 2
    assert "already holds a tuning study" in capsys.readouterr().err
    assert (tmp_path / "tune.db").read_bytes() == database
    monkeypatch.setenv("HEXKIT_PROGRESS_SECONDS", "0")
    assert main([*args, "--resume"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("trial ")]
    # the stopped trial is asked again with its values and plays only its 3 missing games
    assert sum(": 5/5 (100%) (2 kept)" in line for line in lines) == 1, out
    assert sum(": 3/5 (60%) (2 kept)" in line for line in lines) == 1
    assert sum(": loss " in line for line in lines) == 2  # the asked-again trial and one more
    with (tmp_path / "history.csv").open() as handle:
        history = list(csv.DictReader(handle))
    assert [h["state"] for h in history].count("COMPLETE") == 3
    assert [h["state"] for h in history].count("FAIL") == 1
    files = {h["results"] for h in history if h["state"] == "COMPLETE"}
    # one file per value tried: a value tried twice reuses its file (the same seeds give
    # the same games), never plays its games again
    assert len(files) == len({h["size"] for h in history if h["state"] == "COMPLETE"})
    for name in files:
        assert [r["index"] for r in _rows(tmp_path / name)] == list(range(5))
    assert len(list((tmp_path / "trials").glob("*.jsonl"))) == len(files)


def test_simulate_refuses_to_overwrite_and_resumes_only_its_own_study(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.jsonl"
    with pytest.raises(Stop):
        from hexkit.sim import simulate

        simulate(BASE, out, backend="serial", progress=_stopper(4))
    before = out.read_bytes()
    args = ["simulate", "hex", "--set", "size=3", "--games", "6", "--seed", "2",
            "--agents", "random,greedy", "--backend", "serial", "--out", str(out)]
    assert main(args) == 2 and out.read_bytes() == before
    assert "already holds results" in capsys.readouterr().err
    assert main([*args[:-2], "--agents", "greedy", "--out", str(out), "--resume"]) == 2
    assert out.read_bytes() == before  # another study's file: refused, untouched
    capsys.readouterr()
    assert main([*args, "--resume"]) == 0
    assert "resumed: 4 finished games kept" in capsys.readouterr().out
    assert [r["index"] for r in _rows(out)] == list(range(6))


def test_python_run_tournament_refuses_a_folder_with_results_before_playing(tmp_path: Path) -> None:
    tournament = Tournament(game="hex", agents=("random", "greedy", "mcts:iterations=10"),
                            players=2, games=2, options={"size": 3})
    result = run_tournament(tournament, tmp_path, backend="serial")
    first, *later = sorted(result.files.values())
    first.unlink()  # only later pairings hold results: still refused before any game
    with pytest.raises(ResultsFileError, match="already holds results of 2 pairings"):
        run_tournament(tournament, tmp_path, backend="serial")
    assert not first.exists()
    assert all(len(_rows(p)) == 2 for p in later)


def test_hexkit_play_prints_progress_lines_while_a_slow_agent_thinks(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXKIT_PROGRESS_SECONDS", "0.2")
    slow = "mcts:iterations=none:seconds=0.4"
    assert main(["play", "hex", "--set", "size=3", "--seed", "1", "--agents",
                 f"{slow},random"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("playing: ")]
    # Black (P0, the slow agent) makes at least 3 decisions of 0.4 s: a line every 0.2 s
    assert len(lines) >= 4, out
    assert any(f"P0 ({slow}) thinking for" in line for line in lines)
    counts = [int(line.split()[1]) for line in lines]
    assert counts == sorted(counts) and counts[-1] >= 2
    assert out.index("playing: ") < out.index("Hex: 2 players, seed 1")  # before the game's log


def test_a_fast_game_prints_no_progress_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "hex", "--set", "size=3", "--seed", "1", "--agents", "random"]) == 0
    assert "playing: " not in capsys.readouterr().out  # the default interval is 10 s
