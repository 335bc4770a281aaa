"""Invariants under random play."""

from __future__ import annotations

import pytest

from hexkit.rng import Rng

from hexkit_empyreal import GAME, Build
from hexkit_empyreal.state import EmpyrealState, board

CONFIGS = [
    (2, ()),
    (3, ("awards",)),
    (4, ("team",)),
    (5, ("friendly", "epic")),
    (6, ("expert", "open")),
]


def check(state: EmpyrealState) -> None:
    # Goods conserved between the map, the folios and the supply.
    for col in range(6):
        on_map = sum(g.count(col) for g in state.goods)
        folios = sum(ps.goods[col] for ps in state.players)
        assert on_map + folios + state.supply[col] == 35, f"colour {col}"
        # The core Supply's own count of what is out agrees (its total never changes).
        assert state.supply.out.get(col, 0) == on_map + folios and state.supply.total(col) == 35
    for seat, ps in enumerate(state.players):
        # Train cars on the map + supply = 35; the Network mask matches the map.
        on_map = sum(cars.count(seat) for cars in state.cars)
        assert on_map + ps.cars_left == 35
        assert ps.net == sum(1 << c for c, cars in enumerate(state.cars) if seat in cars)
        # Mana 0..10 (available and all crystals).
        assert 0 <= ps.mana <= 10 and 0 <= ps.spent and ps.mana + ps.spent <= 10
    for cars in state.cars:
        assert len(cars) <= 3
    tiles = sum(len(s) for s in state.stands) + sum(len(ps.tiles) for ps in state.players)
    assert tiles == {2: 18, 3: 24, 4: 24, 5: 24, 6: 30}[state.config.players]
    assert 20 - state.wasteland == sum(
        1 for c, t in enumerate(state.terrain) if t == 6
    ) - _printed_wastelands(state)


def _printed_wastelands(state: EmpyrealState) -> int:
    return sum(1 for t in board(state).start_terrain if t == 6)


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_invariants_hold_and_the_game_ends(players: int, variants: tuple[str, ...]) -> None:
    for seed in range(3):
        cfg = GAME.make_config(players, variants)
        state = GAME.new(cfg, seed)
        rng = Rng(seed + 100)
        steps = 0
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            action = legal[rng.randbelow(len(legal))]
            mover = GAME.current_player(state)
            GAME.apply(state, action)
            check(state)
            if isinstance(action, Build):
                # Never two of one Company on a hex by building (only a competitor's
                # swap may put a car where its owner already has one: rulebook, Build Track).
                assert state.cars[board(state).index[action.hex]].count(mover) == 1
            steps += 1
            assert steps < GAME.info.max_decisions
        assert state.phase == "over"
        sheet = GAME.scores(state)
        assert sorted(sheet.order) == list(range(players))
