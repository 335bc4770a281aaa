"""The hexkit conformance suite over many seeded games, 2-6 players and the variants."""

from __future__ import annotations

import pytest

from hexkit.testing import check_game

from hexkit_empyreal import GAME

CONFIGS = [
    GAME.make_config(2),
    GAME.make_config(3),
    GAME.make_config(4),
    GAME.make_config(5),
    GAME.make_config(6),
    GAME.make_config(2, ["awards"]),
    GAME.make_config(3, ["expert", "epic"]),
    GAME.make_config(4, ["team"]),
    GAME.make_config(6, ["team"], team_size=3),
    GAME.make_config(6, ["team"], team_size=2),
    GAME.make_config(5, ["friendly", "open", "awards"]),
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{'-'.join(sorted(c.variants)) or 'base'}")
def test_conformance(config) -> None:
    # 300+ games in total across the configs; full checks sparsely to keep CI short.
    seeds = range(30) if config.players <= 3 else range(27)
    report = check_game(GAME, [config], seeds, json_every=97, view_every=211)
    assert report.games == len(seeds)
    assert report.rejected > 0 and report.round_trips > 0 and report.views > 0


@pytest.mark.soak
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{'-'.join(sorted(c.variants)) or 'base'}")
def test_conformance_soak(config) -> None:
    check_game(GAME, [config], range(1000, 1100), json_every=7, view_every=11)
