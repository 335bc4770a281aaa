"""Studies that survive: resume with no game lost or repeated, refusals, progress, replay,
mixed files, the report's plots at page width, --version and help."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from hexkit.cli import main
from hexkit.cli_progress import LineProgress
from hexkit.sim import Study, simulate
from hexkit.sim.rowreplay import replay_row
from hexkit.sim.run import ResultsFileError
from hexkit.sim.study import TIMING_FIELDS

HEX = Study(game="hex", players=2, agents=("random", "greedy"), games=24, seed=3,
            options={"size": 4})


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _untimed(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k not in TIMING_FIELDS}


class Stop(Exception):
    pass


def test_an_interrupted_study_resumes_with_no_game_lost_or_repeated(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    simulate(HEX, whole, backend="serial")
    seen: list[int] = []

    def stop_after_ten(row: dict[str, Any]) -> None:
        seen.append(row["index"])
        if len(seen) == 10:
            raise Stop  # as Ctrl-C would, between two games

    with pytest.raises(Stop):
        simulate(HEX, cut, backend="serial", progress=stop_after_ten)
    with cut.open("a") as handle:
        handle.write('{"index": 10, "seed": 13, "sea')  # a torn last line
    assert len(_rows_prefix := cut.read_text().splitlines()) == 11 and _rows_prefix
    totals = simulate(HEX, cut, backend="process", workers=2, mode="resume")
    assert (totals.resumed, totals.games) == (10, 14)
    rows = _rows(cut)
    assert [r["index"] for r in rows] == list(range(24))  # each game once, in order
    assert [_untimed(r) for r in rows] == [_untimed(r) for r in _rows(whole)]


def test_outputs_are_never_overwritten_unless_told(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.jsonl"
    args = ["simulate", "hex", "--set", "size=3", "--games", "4", "--agents", "random",
            "--backend", "serial", "--out", str(out)]
    assert main(args) == 0
    before = out.read_bytes()
    assert main(args) == 2
    assert "already holds results" in capsys.readouterr().err
    assert out.read_bytes() == before
    assert main([*args, "--resume"]) == 0 and out.read_bytes() == before
    # another config into the same file is refused on resume, naming both configs
    assert main([*args[:3], "size=4", *args[4:], "--resume"]) == 2
    err = capsys.readouterr().err
    assert '{"options": {"size": 3}}' in err and '{"options": {"size": 4}}' in err
    assert main([*args, "--overwrite"]) == 0
    sweep = ["sweep", "hex", "--set", "size=3,4", "--games", "2", "--agents", "random",
             "--backend", "serial", "--out", str(tmp_path / "sweep")]
    assert main(sweep) == 0
    assert main(sweep) == 2
    assert "already holds 2 results files" in capsys.readouterr().err
    assert main([*sweep, "--resume"]) == 0


def test_progress_lines_come_at_intervals_when_not_a_terminal() -> None:
    now = [0.0]
    console = Console(file=open("/dev/null", "w"), width=100)  # noqa: SIM115
    progress = LineProgress(console, interval=10.0, clock=lambda: now[0])
    progress.start("games", 100)
    for _ in range(100):
        now[0] += 0.5  # two games per second: a line every 20 games
        progress.advance()
    assert progress.lines[0].startswith("games: 1/100 (1%), 2.0 games/s, 50 s left")
    assert len(progress.lines) == 1 + 5 + 1 - 1  # first, every 10 s (20, 40, 60, 80), last
    assert progress.lines[-1] == "games: 100/100 (100%), 2.0 games/s"
    console.file.close()


def test_a_piped_simulate_prints_progress_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXKIT_PROGRESS_SECONDS", "0")
    assert main(["simulate", "hex", "--set", "size=3", "--games", "3", "--agents", "random",
                 "--backend", "serial", "--out", str(tmp_path / "r.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "games: 1/3 (33%)" in out and "games: 2/3 (67%)" in out and "games: 3/3 (100%)" in out


def test_a_finished_game_replays_from_its_row(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.jsonl"
    study = Study(game="hex", players=2, agents=("greedy", "mcts:iterations=30"), games=3, seed=8,
                  options={"size": 4})
    simulate(study, out, backend="serial")
    rows = _rows(out)
    again = replay_row(rows[1])
    assert again.same and again.clock_bound == []
    assert len(again.record.actions) == rows[1]["decisions"]
    assert again.record.seed == 9
    assert main(["replay", str(out), "--seed", "9"]) == 0
    text = capsys.readouterr().out
    assert "playing seed 9 again from its row" in text and "warning" not in text
    assert f"{rows[1]['decisions']} of {rows[1]['decisions']} decisions" in text


def test_a_mixed_file_is_refused_or_split_never_pooled(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    a, b, mixed = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "mixed.jsonl"
    simulate(Study(game="hex", players=2, agents=("random",), games=6, options={"size": 3}), a,
             backend="serial")
    simulate(Study(game="hex", players=2, agents=("random",), games=4, options={"size": 5}), b,
             backend="serial")
    mixed.write_text(a.read_text() + b.read_text())
    assert main(["report", str(mixed), "--out", str(tmp_path / "rep")]) == 2
    err = capsys.readouterr().err
    assert "mixes 2 studies, which are never pooled" in err
    assert '{"options": {"size": 3}}: 6 games' in err and '{"options": {"size": 5}}: 4 games' in err
    assert not (tmp_path / "rep" / "index.html").exists()
    assert main(["report", str(mixed), "--out", str(tmp_path / "rep"), "--split"]) == 0
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "hex: 6 games" in page and "hex: 4 games" in page and "hex: 10 games" not in page
    assert (tmp_path / "rep" / "study_1" / "length.png").exists()


def test_version_completion_and_help_once(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"hexkit {version('hexkit')}"
    main([])
    assert capsys.readouterr().out.count("Usage: hexkit") == 1
    main(["--help"])
    out = capsys.readouterr().out
    assert "--install-completion" in out and "tournament" in out and "tune" in out
