"""The ``hexkit play`` heading names the variants (modules) on and says "1 player" for a solo game."""

from __future__ import annotations

import pytest

from hexkit.cli import main


def test_play_heading_names_the_variants_and_the_solo_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "soot", "-p", "1", "-s", "3", "-a", "random", "--log-tail", "1"]) == 0
    out = capsys.readouterr().out
    assert "Soot & Timber: 1 player, seed 3" in out and "1 players" not in out
    assert main(["play", "soot", "-p", "2", "-s", "3", "-a", "random", "--log-tail", "1",
                 "-v", "shares", "-v", "labor"]) == 0
    assert "Soot & Timber: 2 players, seed 3, variants labor, shares" in capsys.readouterr().out
