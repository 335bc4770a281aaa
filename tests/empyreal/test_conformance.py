"""The hexkit conformance suite over many seeded games, 2-6 players and the variants.

CI plays 300+ games: most with a short safeguard round limit (``round_limit``:
the game end is triggered after that many rounds, then the round finishes
and the final deliveries run as usual) so the suite stays fast, and some at
full length. ``pytest -m soak`` plays long runs with dense checks.
"""

from __future__ import annotations

import pytest

from hexkit.testing import check_game

from hexkit_empyreal import GAME

SHORT = 12
CONFIGS = [
    GAME.make_config(2, round_limit=SHORT),
    GAME.make_config(3, round_limit=SHORT),
    GAME.make_config(4, round_limit=SHORT),
    GAME.make_config(5, round_limit=SHORT),
    GAME.make_config(6, round_limit=SHORT),
    GAME.make_config(2, ["awards"], round_limit=SHORT),
    GAME.make_config(3, ["expert", "epic"], round_limit=SHORT),
    GAME.make_config(4, ["team"], round_limit=SHORT),
    GAME.make_config(6, ["team"], team_size=3, round_limit=SHORT),
    GAME.make_config(6, ["team"], team_size=2, round_limit=SHORT),
    GAME.make_config(5, ["friendly", "open", "awards"], round_limit=SHORT),
]
FULL = [GAME.make_config(3), GAME.make_config(4, ["awards", "friendly"])]


def _id(config) -> str:
    return f"{config.players}p-{'-'.join(sorted(config.variants)) or 'base'}-r{config.round_limit or 'full'}"


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_conformance_short_games(config) -> None:
    seeds = range(28)
    report = check_game(GAME, [config], seeds, json_every=23, view_every=53)
    assert report.games == len(seeds)
    assert report.rejected > 0 and report.round_trips > 0 and report.views > 0


@pytest.mark.parametrize("config", FULL, ids=_id)
def test_conformance_full_games(config) -> None:
    report = check_game(GAME, [config], range(100, 106), json_every=97, view_every=211)
    assert report.games == 6


@pytest.mark.soak
@pytest.mark.parametrize("config", CONFIGS + FULL, ids=_id)
def test_conformance_soak(config) -> None:
    check_game(GAME, [config], range(1000, 1030), json_every=7, view_every=11)
