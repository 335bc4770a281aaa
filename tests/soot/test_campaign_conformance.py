"""Conformance over random games with the Campaign module on, with carried state.

The short runs are in the normal suite; ``make soak`` plays 100 games.
"""

from __future__ import annotations

import pytest

from hexkit.testing import check_game, play_random
from hexkit_soot import GAME
from hexkit_soot.campaign import CampaignConfig
from hexkit_soot.ledger import data


def _configs(players: tuple[int, ...]) -> list[CampaignConfig]:
    sample = GAME.new(GAME.make_config(2), 0)
    legacy = tuple(n for n, c in data(sample).cards.items() if c.legacy)[:3]
    sites = tuple(i for i, t in enumerate(data(sample).tile_list()) if t[1])[::2]
    out = []
    for n in players:
        config = CampaignConfig(players=n, modules=frozenset({"campaign"}), envelope=legacy, exhausted=sites)
        config.check(GAME.info)
        out.append(config)
    return out


def test_campaign_conformance_short_module_on() -> None:
    configs = [GAME.make_config(players=n, modules={"campaign"}) for n in (2, 4)]
    report = check_game(GAME, configs, seeds=range(2), json_every=61, view_every=97, all_views=False)
    assert report.games == 4


def test_random_games_with_carried_state_keep_the_envelope_out() -> None:
    for config in _configs((3,)):
        state, _ = play_random(GAME, config, 5)
        assert GAME.is_over(state)
        for name in config.envelope:
            assert name not in state.deck and name not in state.card_row and name not in state.legacy_gone


def test_campaign_conformance_carried_state_round_trips() -> None:
    report = check_game(GAME, _configs((2,)), seeds=range(1), json_every=61, view_every=97, all_views=False)
    assert report.games == 1


@pytest.mark.soak
def test_campaign_conformance_soak() -> None:
    configs = [GAME.make_config(players=n, modules={"campaign"}) for n in (2, 3, 4, 5, 6)]
    report = check_game(GAME, configs, seeds=range(100, 120), json_every=31, view_every=53, all_views=False)
    assert report.games == 100
