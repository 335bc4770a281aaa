"""The hexkit conformance suite over 300 seeded random games, 60 per player count (2-6).

A few games per count are checked densely (JSON round trip, clone
independence and rejected actions every 31 steps; the mover's and one
other player's view every 53); the rest
more lightly, to keep CI time reasonable. ``make soak`` runs more, densely.
"""

from __future__ import annotations

import pytest

from hexkit.testing import check_game
from hexkit_soot import GAME


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_dense(players: int) -> None:
    report = check_game(GAME, [GAME.make_config(players=players)], seeds=range(4), json_every=31, view_every=53, all_views=False)
    assert report.games == 4
    assert report.round_trips > 0 and report.views > 0 and report.rejected > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_broad(players: int) -> None:
    report = check_game(GAME, [GAME.make_config(players=players)], seeds=range(4, 60), json_every=307, view_every=401, all_views=False)
    assert report.games == 56


SOAK_SEEDS = {2: 50, 3: 40, 4: 25, 5: 15, 6: 12}
"""Games per seat count in the soak: more where a game is cheap (a 6-player game costs
about eight 2-player ones), about a minute or two of CPU for each count."""


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_soak(players: int) -> None:
    seeds = range(1000, 1000 + SOAK_SEEDS[players])
    report = check_game(GAME, [GAME.make_config(players=players)], seeds=seeds, json_every=7, view_every=11)
    assert report.games == SOAK_SEEDS[players]


def test_conformance_with_variant_and_overrides() -> None:
    configs = [
        GAME.make_config(players=2, variants={"no-market-flux"}),
        GAME.make_config(players=3, overrides={"numbers.loan_amount": 6, "archetypes.Rancher.currency": 3}),
    ]
    report = check_game(GAME, configs, seeds=range(3), json_every=17, view_every=41)
    assert report.games == 6
