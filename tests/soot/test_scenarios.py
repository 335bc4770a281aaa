"""The three Scenarios: stack seeding, scoring numbers, exclusion, conformance."""

from __future__ import annotations

import pytest

from hexkit.errors import ConfigError
from hexkit.testing import check_game
from hexkit_soot import GAME
from hexkit_soot.config import data_of
from hexkit_soot.rules.scenarios import SCENARIOS, scenario_data
from hexkit_soot.state import RAIL, Settlement

NAMES = ("river-delta", "mountain-pass", "long-valley")


def test_scenarios_exclude_one_another() -> None:
    with pytest.raises(ConfigError, match="'mountain-pass' and 'long-valley'|'long-valley' and 'mountain-pass'"):
        GAME.make_config(players=3, variants={"long-valley", "mountain-pass"})
    with pytest.raises(ConfigError, match="'river-delta' and 'long-valley'"):
        GAME.make_config(players=3, modules={"river-delta", "long-valley"})
    assert GAME.make_config(players=2, variants={"river-delta", "trust"}).modules == {"river-delta", "trust"}


def test_data_numbers_and_provenance() -> None:
    data = scenario_data(GAME.new(GAME.make_config(players=2), 0))
    assert [data[n].points for n in NAMES] == [2, 5, 3]
    assert [data[n].seed_tiles for n in NAMES] == [0, 8, 8]
    assert all("assumed:" in data[n].source and data[n].source.startswith("rulebook:") for n in NAMES)


def test_river_delta_doubles_the_stack_rivers() -> None:
    base = GAME.new(GAME.make_config(players=3), 5)
    state = GAME.new(GAME.make_config(players=3, variants={"river-delta"}), 5)
    tiles = data_of(state.config).tile_list()
    before = sum(1 for t in base.tile_stack if tiles[t][2])
    after = sum(1 for t in state.tile_stack if tiles[t][2])
    assert after == 2 * before and len(state.tile_stack) == len(base.tile_stack)
    assert len(set(state.tile_stack)) == len(state.tile_stack)
    from hexkit.hexes import Hex
    state.settlements[Hex(2, 0)] = Settlement(kind="Market Town", tier=1, founder=1, spec="River Port")
    assert SCENARIOS["river-delta"].score(state, 1) == {}  # founding points now: test_scenarios_delta.py


def test_mountain_pass_seeds_mountains_and_the_first_rail_scores_five() -> None:
    state = GAME.new(GAME.make_config(players=3, variants={"mountain-pass"}), 5)
    tiles = data_of(state.config).tile_list()
    top = state.tile_stack[-5:]
    assert all(tiles[t][0] == "Mountain" for t in top)
    mountain = next(h for h, t in state.tiles.items() if t >= 0 and tiles[t][0] == "Mountain") if any(
        t >= 0 and tiles[t][0] == "Mountain" for t in state.tiles.values()) else None
    if mountain is None:
        from hexkit.hexes import Hex
        mountain = Hex(0, 2)
        state.tiles[mountain] = top[-1]
    state.route_kind[mountain] = (RAIL, 0, 0, 0, 0, 0)
    state.route_owner[mountain] = (2, -1, -1, -1, -1, -1)
    state.order = [0, 1, 2]
    SCENARIOS["mountain-pass"].after_actions(state)
    assert state.module_state["pass.first"] == [2]
    assert SCENARIOS["mountain-pass"].score(state, 2) == {"Mountain Pass: first rail": 5}
    assert SCENARIOS["mountain-pass"].score(state, 0) == {"Mountain Pass: first rail": 0}


def test_long_valley_premium_from_three_hexes_and_plains_on_top() -> None:
    config = GAME.make_config(players=2, variants={"long-valley"})
    assert data_of(config).numbers.premium_distance == 3
    assert data_of(GAME.make_config(players=2)).numbers.premium_distance == 4
    state = GAME.new(config, 5)
    tiles = data_of(config).tile_list()
    assert all(tiles[t][0] == "Plains" for t in state.tile_stack[-8:])


@pytest.mark.parametrize("name", NAMES)
def test_conformance_scenarios_short(name: str) -> None:
    report = check_game(GAME, [GAME.make_config(players=p, variants={name}) for p in (2, 4)], seeds=range(1),
                        json_every=61, view_every=97, all_views=False)
    assert report.games == 2


@pytest.mark.soak
@pytest.mark.parametrize("name", NAMES)
def test_conformance_scenarios_soak(name: str) -> None:
    configs = [GAME.make_config(players=p, variants={name}) for p in (2, 3, 4, 5, 6)]
    report = check_game(GAME, configs, seeds=range(200, 220), json_every=307, view_every=401, all_views=False)
    assert report.games == 100
