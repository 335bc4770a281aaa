"""The three Scenarios: stack seeding, scoring numbers, exclusion, conformance."""

from __future__ import annotations

import pytest

from hexkit.errors import ConfigError
from hexkit.testing import check_game
from hexkit_soot import GAME
from hexkit_soot.config import game_data
from hexkit.hexes import Hex
from hexkit_soot.rules.contracts import destinations
from hexkit_soot.rules.market import sell_price
from hexkit_soot.rules.milestones import far_camps
from hexkit_soot.rules.scenarios import SCENARIOS, premium_distance, scenario_data
from hexkit_soot.state import CENTRAL_CITY, RAIL, Settlement, SootState
from tests.soot.helpers import camp, settle

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
    tiles = game_data(state.config).tile_list()
    before = sum(1 for t in base.tile_stack if tiles[t][2])
    after = sum(1 for t in state.tile_stack if tiles[t][2])
    assert after == 2 * before and len(state.tile_stack) == len(base.tile_stack)
    assert len(set(state.tile_stack)) == len(state.tile_stack)
    from hexkit.hexes import Hex
    state.settlements[Hex(2, 0)] = Settlement(kind="Market Town", tier=1, founder=1, spec="River Port")
    assert SCENARIOS["river-delta"].score(state, 1) == {}  # founding points now: test_scenarios_delta.py


def test_mountain_pass_seeds_mountains_and_the_first_rail_scores_five() -> None:
    state = GAME.new(GAME.make_config(players=3, variants={"mountain-pass"}), 5)
    tiles = game_data(state.config).tile_list()
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
    assert "numbers.premium_distance" not in config.overrides  # the card's number, not an override
    assert game_data(config).numbers.premium_distance == 4
    state = GAME.new(config, 5)
    tiles = game_data(config).tile_list()
    assert all(tiles[t][0] == "Plains" for t in state.tile_stack[-8:])
    assert premium_distance(state) == 3 and premium_distance(GAME.new(GAME.make_config(players=2), 5)) == 4


def _premium(state: SootState, distance: int) -> int:
    """The frontier premium on 1 Timber sold at a market ``distance`` hexes east of the Central City."""
    at = Hex(distance, 0)
    return sell_price(state, 0, "Timber", at) - sell_price(state, 0, "Timber", CENTRAL_CITY)


def test_long_valley_moves_only_the_premium_not_the_frontier_of_contracts_and_milestones() -> None:
    valley = GAME.new(GAME.make_config(players=2, variants={"long-valley"}), 5)
    plain = GAME.new(GAME.make_config(players=2), 5)
    # rulebook: frontier premium +2/unit at 4+ hexes out; The Long Valley: from 3+
    assert [_premium(valley, d) for d in (2, 3, 4)] == [0, 2, 2]
    assert [_premium(plain, d) for d in (2, 3, 4)] == [0, 0, 2]
    for state in (valley, plain):
        for d in (3, 4):
            settle(state, Hex(d, 0), 0)
            camp(state, Hex(0, d), 0, "Farm")
        # "Frontier" = any settlement 4+ hexes from the Central City (contracts); Frontier Magnate: camps 4+ out
        assert destinations(state, "Frontier") == [Hex(4, 0)]
        assert far_camps(state, 0) == 1
    # the card's number is the premium distance: --set scenarios.long-valley.points=2
    two = GAME.new(GAME.make_config(players=2, variants={"long-valley"},
                                    overrides={"scenarios.long-valley.points": 2}), 5)
    assert [_premium(two, d) for d in (1, 2, 3)] == [0, 2, 2]


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


def test_the_first_rail_laid_claims_the_pass_not_the_earliest_seat_of_the_round() -> None:
    from hexkit_soot.rules.routes import set_route
    state = GAME.new(GAME.make_config(players=2, variants={"mountain-pass"}), 5)
    tiles = game_data(state.config).tile_list()
    mountains = [t for t, (terrain, _, _) in enumerate(tiles) if terrain == "Mountain"]
    plains = [t for t, (terrain, _, _) in enumerate(tiles) if terrain == "Plains"]
    far = [Hex(5, -5), Hex(5, -4), Hex(-5, 5), Hex(-5, 4), Hex(-5, 0), Hex(-4, 0)]
    for h, t in zip(far, (plains[0], plains[1], plains[2], mountains[0], plains[3], plains[4])):
        state.tiles[h] = t
    set_route(state, far[0], far[1], RAIL, 0)  # P0's rail on the plains: no pass
    assert "pass.first" not in state.module_state
    set_route(state, far[2], far[3], RAIL, 1)  # P1 lays rail into a Mountain hex first
    set_route(state, far[4], far[5], RAIL, 0)
    assert state.module_state["pass.first"] == [1]
    assert state.log[-1].player == 1 and "first rail through the Mountain Pass" in state.log[-1].text
    state.order = [0, 1]  # P0 is earlier in turn order, but P1 laid its rail first
    state.tiles[far[5]] = mountains[1]
    SCENARIOS["mountain-pass"].after_actions(state)
    assert state.module_state["pass.first"] == [1]
    assert SCENARIOS["mountain-pass"].score(state, 1) == {"Mountain Pass: first rail": 5}
    assert SCENARIOS["mountain-pass"].score(state, 0) == {"Mountain Pass: first rail": 0}
