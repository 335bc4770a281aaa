"""hexkit's one perft and golden format (:mod:`hexkit.testing`), on the Hex tutorial game."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexkit.testing import (
    UPDATE_GOLDEN_ENV, check_golden, golden_name, golden_transcript, perft, perft_divide, perft_table,
    random_agent,
)
from hexkit_hexgame import GAME, render_text


def test_golden_names_follow_one_scheme() -> None:
    assert golden_name(2, 1) == "2p-seed1.txt"
    assert golden_name(4, 2, "team") == "4p-team-seed2.txt"
    assert golden_name(5, 3, "awards", "friendly") == "5p-awards-friendly-seed3.txt"


def test_perft_counts_and_conventions() -> None:
    state = GAME.new(GAME.make_config(2, size=2), 0)
    assert perft_table(GAME, state, 3) == [4, 12, 24]
    # 2x2 without swap: every 3-stone line is a finished game, so depth 4 differs by convention
    assert perft(GAME, state, 4, count_finished=True) > perft(GAME, state, 4)
    divide = perft_divide(GAME, state, 2)
    assert len(divide) == 4 and set(divide.values()) == {3} and sum(divide.values()) == 12
    with pytest.raises(ValueError, match="depth must be >= 1, got 0"):
        perft(GAME, state, 0)


def test_one_agent_or_one_per_seat_give_the_same_text() -> None:
    config = GAME.make_config(2, size=3)
    one = golden_transcript(GAME, config, 4, random_agent(9), render=render_text)
    shared = random_agent(9)
    per_seat = golden_transcript(GAME, config, 4, [shared, shared], render=render_text)
    assert one == per_seat
    assert one.startswith("   0 P0 [9] place ") and one.endswith("\n")
    assert "totals (" in one.splitlines()[-1]
    inter = golden_transcript(GAME, config, 4, random_agent(9), render=render_text, layout="interleaved",
                              header="H", breakdown=lambda seat, parts: f"P{seat} {dict(parts)}")
    lines = inter.splitlines()
    assert lines[0] == "H" and lines[1].startswith("[0] 3x3 board") and lines[2].startswith("> P0 place ")
    assert lines[-2].startswith("P0 {") and lines[-1].startswith("P1 {")
    with pytest.raises(ValueError, match="layout must be"):
        golden_transcript(GAME, config, 4, random_agent(9), render=render_text, layout="wide")


def test_check_golden_diffs_and_regenerates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g" / "2p-seed1.txt"
    monkeypatch.delenv(UPDATE_GOLDEN_ENV, raising=False)
    with pytest.raises(AssertionError, match="is missing"):
        check_golden(path, "a\n")
    assert not path.exists()
    monkeypatch.setenv(UPDATE_GOLDEN_ENV, "1")
    check_golden(path, "a\nb\n")
    assert path.read_text() == "a\nb\n"
    monkeypatch.delenv(UPDATE_GOLDEN_ENV)
    check_golden(path, "a\nb\n")
    with pytest.raises(AssertionError, match=r"(?s)2p-seed1.txt differs.*-b\n\+c"):
        check_golden(path, "a\nc\n")
    assert path.read_text() == "a\nb\n"
