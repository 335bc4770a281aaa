"""Game End: triggers, finishing the round, final deliveries in reverse turn order."""

from __future__ import annotations

from hexkit.hexes import Hex

from hexkit_empyreal import GAME, Choose, DeliverTo, Done, PickGood
from hexkit_empyreal.actions import DeliverChoice, MainAction
from hexkit_empyreal.rules.turn import start_turn_steps

from tests.empyreal.helpers import GS, KL, KT, begin, put, sandbox


def administrate_turn(state) -> None:
    """Play the current player's turn as Administrate, declining every option."""
    player = state.decision().player
    while state.pending and state.decision().player == player and state.phase == "play":
        d = state.decision()
        if isinstance(d, MainAction):
            GAME.apply(state, Choose("Administrate"))
        else:
            legal = GAME.legal_actions(state)
            GAME.apply(state, Done() if Done() in legal else legal[0])


def test_required_tiles_trigger_then_the_round_finishes_then_final_deliveries() -> None:
    state = sandbox((KL, KT, GS))
    state.players[1].tiles = [(0, 0)] * 6
    begin(state, 1, *start_turn_steps(1))
    administrate_turn(state)  # seat 1's turn ends: the end is triggered
    assert state.end_triggered and state.phase == "play"
    assert GAME.end_reason(state) == "6 Demand Tiles"
    assert state.decision().player == 2  # the round goes on to the last seat
    administrate_turn(state)
    assert state.phase == "final"
    order = []
    while state.pending:
        d = state.decision()
        assert isinstance(d, DeliverChoice) and d.mode == "final"
        order.append(d.player)
        GAME.apply(state, Done())
    assert order == [2, 1, 0]
    assert state.phase == "over" and GAME.is_over(state)


def test_running_out_of_train_cars_triggers_the_end() -> None:
    state = sandbox((KL, KT))
    state.players[0].cars_left = 0
    begin(state, 0, *start_turn_steps(0))
    administrate_turn(state)
    assert state.end_triggered
    assert GAME.end_reason(state) == "out of train cars"


def test_fewer_tiles_do_not_trigger() -> None:
    state = sandbox((KL, KT, GS))
    state.players[0].tiles = [(0, 0)] * 5
    begin(state, 0, *start_turn_steps(0))
    administrate_turn(state)
    assert not state.end_triggered


def test_final_delivery_may_take_a_demand_tile() -> None:
    state = sandbox((KL, KT))
    put(state, 5, 2, goods=["blue"], cars=[0])
    put(state, 5, 1, goods=["blue"], cars=[0])
    begin(state, 0, DeliverChoice(player=0, mode="final"))
    GAME.apply(state, DeliverTo(Hex(4, 3), "blue"))
    GAME.apply(state, PickGood(Hex(5, 2)))
    GAME.apply(state, PickGood(Hex(5, 1)))
    GAME.apply(state, Done())
    GAME.apply(state, Choose("Double Demand (1 VP)"))
    assert state.players[0].tiles == [(3, 0)]


def test_safeguard_round_limit_triggers_the_end() -> None:
    state = GAME.new(GAME.make_config(2, round_limit=3), 1)
    from hexkit.rng import Rng

    rng = Rng(2)
    while state.pending:
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.randbelow(len(legal))])
    assert state.round <= 3
    assert GAME.end_reason(state) == "round limit (engine safeguard)"
    assert any("round limit" in e.text for e in state.log) or any("triggered" in e.text for e in state.log)
