"""`hexkit play` and `hexkit report` headings: the variants (modules) on; "1 player" for a solo game."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexkit.cli import main


def test_play_heading_names_the_variants_and_the_solo_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "soot", "-p", "1", "-s", "3", "-a", "random", "--log-tail", "1"]) == 0
    out = capsys.readouterr().out
    assert "Soot & Timber: 1 player, seed 3" in out and "1 players" not in out
    assert main(["play", "soot", "-p", "2", "-s", "3", "-a", "random", "--log-tail", "1",
                 "-v", "shares", "-v", "labor"]) == 0
    assert "Soot & Timber: 2 players, seed 3, variants labor, shares" in capsys.readouterr().out


def test_report_title_names_the_study_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.jsonl"
    assert main(["simulate", "soot", "-p", "2", "--games", "2", "-a", "random", "-v", "shares",
                 "--workers", "1", "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["report", str(out), "--out", str(tmp_path / "rep")]) == 0
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "soot: 2 games, config" in page and "shares" in page.split("soot: 2 games, config")[1][:80]
