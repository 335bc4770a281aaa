"""Conformance over random games with random legal combinations of the registered modules.

Each game draws a player count (1-6) and a random subset of the modules
registered in this build (so Shares and Labor join once they are
registered); a combination the rules refuse (two scenarios, Partnerships at
2, 3 or 5 players, ...) is refused by the config or the set-up with a
:class:`~hexkit.errors.ConfigError` and drawn again, so the test follows
whatever the modules themselves allow. With ``campaign`` on, the game also
carries a random envelope and random exhausted tiles. A 1-player game is
always the solo game against the Trust.

The normal suite plays a fast subset (6 games); ``make soak`` plays 100.
"""

from __future__ import annotations

import attrs
import pytest

from hexkit.errors import ConfigError
from hexkit.rng import Rng
from hexkit.testing import check_game
from hexkit_soot import GAME
from hexkit_soot.config import SootConfig
from hexkit_soot.ledger import data
from hexkit_soot.rules.modules import MODULES


def _carried(config: SootConfig, rng: Rng) -> SootConfig:
    """A campaign game's carried state: a few Legacy cards in the envelope, some exhausted sites."""
    sample = GAME.new(GAME.make_config(2), 0)
    legacy = [n for n, c in data(sample).cards.items() if c.legacy]
    sites = [i for i, t in enumerate(data(sample).tile_list()) if t[1]]
    rng.shuffle(legacy)
    rng.shuffle(sites)
    return attrs.evolve(config, envelope=tuple(legacy[:rng.randbelow(4)]),
                        exhausted=tuple(sorted(sites[:rng.randbelow(len(sites) // 2 + 1)])),
                        module_versions=config.module_versions)


def mixes(count: int, seed: int) -> list[SootConfig]:
    """``count`` random legal module combinations (player count and modules), reproducible from ``seed``.

    Args:
        count: how many configs.
        seed: the sampling seed.

    Returns:
        Checked configs that also set up (``GAME.new`` succeeds).
    """
    rng = Rng(seed)
    names = sorted(MODULES)
    out: list[SootConfig] = []
    tries = 0
    while len(out) < count:
        tries += 1
        assert tries < 50 * count, f"no legal combination found in {tries} draws"
        players = 1 + rng.randbelow(6)
        chosen = frozenset(n for n in names if rng.randbelow(3) == 0)
        try:
            config = GAME.make_config(players=players, modules=chosen)
            if "campaign" in config.modules:
                config = _carried(config, rng)
                config.check(GAME.info)
            GAME.new(config, 0)
        except ConfigError:
            continue  # a combination the rules refuse: draw again
        out.append(config)
    return out


def test_mixes_are_legal_varied_and_reproducible() -> None:
    configs = mixes(40, 7)
    assert configs == mixes(40, 7)
    assert {c.players for c in configs} == {1, 2, 3, 4, 5, 6}
    seen = set().union(*(c.modules for c in configs))
    assert seen == set(MODULES)  # every registered module appears in 40 draws
    for c in configs:
        if c.players == 1:
            assert "trust" in c.modules
        assert sum(n in c.modules for n in ("river-delta", "mountain-pass", "long-valley")) <= 1
        if "partnerships" in c.modules:
            assert c.players in (4, 6)
    assert any(len(c.modules) >= 3 for c in configs)


def _check(configs: list[SootConfig], base_seed: int, json_every: int, view_every: int) -> int:
    games = 0
    for i, config in enumerate(configs):
        report = check_game(GAME, [config], seeds=[base_seed + i], json_every=json_every,
                            view_every=view_every, all_views=False)
        games += report.games
    return games


def test_module_mix_conformance_short() -> None:
    assert _check(mixes(6, 1), 500, json_every=97, view_every=131) == 6


@pytest.mark.soak
def test_module_mix_conformance_soak() -> None:
    assert _check(mixes(100, 2), 1000, json_every=307, view_every=401) == 100
