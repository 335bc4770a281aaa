"""Effect numbers live in data/effects.toml: a ``--set`` (config override) changes play."""

from __future__ import annotations

import attrs
import pytest

from hexkit.errors import ConfigError

from hexkit_empyreal import GAME
from hexkit_empyreal.data import EffectNumbers, load_data

from tests.empyreal.unique_support import area, use


def test_the_shipped_effect_numbers_are_the_rulebook_ones() -> None:
    n = load_data().effects
    assert (n.runika_zenanen_reclaim, n.orman_kaspar_reclaim, n.flow_controller_reclaim) == (5, 3, 3)
    assert n.rayleigh_kerigan_move_costs == (0, 0, 0, 2)
    assert n.simon_la_faucheuse_move_costs == (0, 0, 2, 4)
    assert (n.tegusgan_mana, n.tegusgan_goods, n.lucca_turlotte_mana, n.lucca_turlotte_goods) == (2, 2, 2, 2)
    assert (n.feylana_chorgitz_mana, n.feylana_chorgitz_goods, n.dareios_kuel_goods) == (1, 1, 2)
    assert (n.hikaru_sorayama_gain, n.hydeart_burnstein_builds, n.john_strong_stevenson_builds) == (2, 4, 3)
    assert (n.almir_nol_kanda_goods, n.lyal_kerigan_goods) == (3, 4)
    assert n.source.startswith("rulebook: ")
    assert (n.voco_astrum_goods, n.aella_ivaline_draws, n.anya_southwind_moves, n.wardlaw_obrien_swaps) == (2, 3, 4, 2)
    assert len(attrs.fields(EffectNumbers)) == 22  # 21 numbers and the source


@pytest.mark.parametrize(("override", "mana", "spent"), [(None, 5, 2), (3, 3, 4), (7, 7, 0)])
def test_a_set_of_runika_zenanen_reclaim_changes_play(override: int | None, mana: int, spent: int) -> None:
    options = {} if override is None else {"overrides": {"effects.runika_zenanen_reclaim": override}}
    s = area(**options)
    s.players[0].mana, s.players[0].spent = 0, 7
    use(s, "Runika Zenanen")
    assert (s.players[0].mana, s.players[0].spent) == (mana, spent)


def test_a_bad_effect_override_is_refused_naming_the_field() -> None:
    with pytest.raises(ConfigError, match="effects.runika_zenanen_reclam"):
        GAME.new(GAME.make_config(3, overrides={"effects.runika_zenanen_reclam": 4}), 0)


def test_a_set_of_max_cars_per_hex_reaches_the_build_rules() -> None:
    """``rules.max_cars_per_hex`` was a literal 3 in rules/build.py; now a --set changes the legal builds."""
    from hexkit_empyreal.rules.build import _nets

    s = area()
    s2 = area(overrides={"rules.max_cars_per_hex": 1})
    p = next(c for c, cars in enumerate(s.cars) if list(cars) == [0])
    assert not (_nets(s, 1)[0] >> p & 1)
    assert _nets(s2, 1)[0] >> p & 1  # one car fills a hex when a hex holds one
