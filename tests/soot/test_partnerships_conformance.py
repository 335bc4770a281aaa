"""Conformance over random games with Partnerships on (4 and 6 players).

The short runs are in the normal suite; ``make soak`` plays 100 games.
"""

from __future__ import annotations

import pytest

from hexkit.testing import check_game
from hexkit_soot import GAME


def test_partnerships_conformance_short() -> None:
    configs = [GAME.make_config(players=n, modules={"partnerships"}) for n in (4, 6)]
    report = check_game(GAME, configs, seeds=range(2), json_every=61, view_every=97, all_views=False)
    assert report.games == 4 and report.round_trips > 0


@pytest.mark.soak
def test_partnerships_conformance_soak() -> None:
    configs = [GAME.make_config(players=n, modules={"partnerships"}) for n in (4, 6)]
    report = check_game(GAME, configs, seeds=range(100, 150), json_every=31, view_every=53, all_views=False)
    assert report.games == 100
