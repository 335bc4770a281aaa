"""Effect numbers live in data/effects.toml: a ``--set`` (config override) changes play."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import attrs
import pytest

from hexkit.errors import ConfigError

import hexkit_empyreal
from hexkit_empyreal import GAME
from hexkit_empyreal.actions import BuildTrack, Target
from hexkit_empyreal.data import DATA_DIR, DESERT, EffectNumbers, RuleNumbers, load_data
from hexkit_empyreal.rules.build import build_options

from tests.empyreal.unique_support import W, area, c, offered, put, use


def test_the_shipped_effect_numbers_are_the_rulebook_ones() -> None:
    n = load_data().effects
    assert (n.runika_zenanen_reclaim, n.orman_kaspar_reclaim, n.flow_controller_reclaim) == (5, 3, 3)
    assert n.rayleigh_kerigan_move_costs == (0, 0, 0, 2)
    assert n.simon_la_faucheuse_move_costs == (0, 0, 2, 4)
    assert (n.tegusgan_mana, n.tegusgan_goods, n.lucca_turlotte_mana, n.lucca_turlotte_goods) == (2, 2, 2, 2)
    assert (n.feylana_chorgitz_mana, n.feylana_chorgitz_goods, n.dareios_kuel_goods) == (1, 1, 2)
    assert (n.hikaru_sorayama_gain, n.hydeart_burnstein_builds, n.john_strong_stevenson_builds) == (2, 4, 3)
    assert (n.almir_nol_kanda_goods, n.lyal_kerigan_goods) == (3, 4)
    assert (n.voco_astrum_goods, n.aella_ivaline_draws, n.anya_southwind_moves, n.wardlaw_obrien_swaps) == (2, 3, 4, 2)
    # the "pay 1 mana" prices and the one-mana rebates printed on the tiles
    assert (n.dolores_malephaise_mana, n.irialandradayamorella_mana, n.irion_juiz_mana, n.luc_von_gott_mana,
            n.malandrax_mecchi_mana, n.manch_mana, n.rixia_van_sorrel_mana, n.uumi_nuoc_mana) == (1,) * 8
    assert (n.clive_melmont_reclaim, n.eloi_klaus_reclaim, n.reclaim_mana_reclaim, n.hai_of_noirwood_bonus) == (1,) * 4
    assert (n.irini_grenhart_competitor_transfer, n.sanathes_danah_wasteland_transfer) == (1, 1)
    assert n.levine_casterlie_activation_costs == (0, 0, 1)
    assert len(attrs.fields(EffectNumbers)) == 36


def test_the_data_files_give_every_number_with_its_source() -> None:
    for name, cls, count in (("effects.toml", EffectNumbers, 36), ("rules.toml", RuleNumbers, 25)):
        entries = tomllib.loads((DATA_DIR / name).read_text(encoding="utf-8"))["number"]
        assert [e["name"] for e in entries] == [f.name for f in attrs.fields(cls)], name
        assert len(entries) == count
        assert all(e["source"].startswith(("rulebook: ", "assumed: ")) for e in entries)


def _names_read_in_code() -> set[str]:
    """Every attribute name read in the code of the Empyreal plugin (docstrings are not nodes)."""
    names: set[str] = set()
    for path in Path(hexkit_empyreal.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute):
                names.add(node.attr)
    return names


def test_every_effect_number_is_read_by_some_effect() -> None:
    read = _names_read_in_code()
    assert [f.name for f in attrs.fields(EffectNumbers) if f.name not in read] == []


def test_a_set_of_clive_melmont_reclaim_changes_play() -> None:
    s = area(overrides={"effects.clive_melmont_reclaim": 3})
    s.players[0].station_masters = ["Clive Melmont"]
    s.players[0].mana, s.players[0].spent = 2, 3
    s.invalidate_legal()
    use(s, "Clive Melmont")
    assert (s.players[0].mana, s.players[0].spent) == (5, 0)


@pytest.mark.parametrize(("price", "mana_after"), [(None, 4), (2, 3)])
def test_a_set_of_manch_mana_is_the_price_paid(price: int | None, mana_after: int) -> None:
    options = {} if price is None else {"overrides": {"effects.manch_mana": price}}
    s = area(**options)
    s.players[0].engineer, s.players[0].engineer_ready = "Manch", True
    s.players[0].captain_ready = False
    s.invalidate_legal()
    use(s, "Manch")
    assert s.players[0].captain_ready and s.players[0].mana == mana_after


def test_manch_is_not_offered_below_its_data_price() -> None:
    s = area(overrides={"effects.manch_mana": 6})
    s.players[0].engineer, s.players[0].engineer_ready = "Manch", True
    s.players[0].captain_ready = False
    s.invalidate_legal()
    assert s.players[0].mana == 5 and not offered(s, "Manch")


@pytest.mark.parametrize(("override", "cost"), [(None, 1), (0, 0), (2, 2)])
def test_a_set_of_irini_grenhart_competitor_transfer_prices_the_transfer(override: int | None, cost: int) -> None:
    options = {} if override is None else {"overrides": {"effects.irini_grenhart_competitor_transfer": override}}
    s = area(**options)
    put(s, *W, cars=[1])
    s.players[0].station_masters = ["Irini Grenhart"]
    s.invalidate_legal()
    d = BuildTrack(player=0, target=Target(label="Desert", terrains=(DESERT,)))
    costs = {cell: paid for cell, (paid, _) in build_options(s, 0, d).items()}
    assert costs[c(s, (8, 1))] == cost


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
