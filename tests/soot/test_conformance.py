"""The hexkit conformance suite over seeded random games, 2-6 players."""

from __future__ import annotations

import pytest

from hexkit.testing import check_game
from hexkit_soot import GAME


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance(players: int) -> None:
    report = check_game(GAME, [GAME.make_config(players=players)], seeds=range(6), json_every=31, view_every=97)
    assert report.games == 6
    assert report.round_trips > 0 and report.views > 0


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_soak(players: int) -> None:
    report = check_game(GAME, [GAME.make_config(players=players)], seeds=range(100, 160))
    assert report.games == 60
