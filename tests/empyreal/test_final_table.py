"""Game End in the log: skipped final deliveries, the end reason and the tie-breaker values."""

from __future__ import annotations

from hexkit.hexes import Hex

from hexkit_empyreal import GAME, DeliverTo, Done, render_text
from hexkit_empyreal.actions import DeliverChoice, GameOver
from hexkit_empyreal.rules.scoring import tiebreak_values

from tests.empyreal.helpers import AE, GS, KL, KT, begin, put, sandbox


def texts(state) -> list[str]:
    return [e.text for e in state.log]


def test_a_final_delivery_declined_with_goods_to_deliver_is_logged() -> None:
    state = sandbox((KL, KT))
    put(state, 5, 2, goods=["blue"], cars=[0])  # next to the blue City (4,3)
    begin(state, 0, DeliverChoice(player=0, mode="final"))
    GAME.apply(state, Done())
    assert texts(state) == ["Kings' Line makes no final delivery: it chose to skip it"]


def test_an_impossible_final_delivery_is_logged_with_its_reason() -> None:
    state = sandbox((KL, KT))
    put(state, 0, 4, goods=["blue"], cars=[1])  # Kingstrail's car, far from every City
    begin(state, 1, DeliverChoice(player=1, mode="final"))
    assert [str(a) for a in GAME.legal_actions(state)] == ["done"]
    GAME.apply(state, Done())
    assert texts(state) == [f"{KT} makes no final delivery: no Network-Adjacent City takes any of its In-Network Goods"]


def test_a_final_delivery_picking_no_goods_is_logged() -> None:
    state = sandbox((KL, KT))
    put(state, 5, 2, goods=["blue"], cars=[0])
    begin(state, 0, DeliverChoice(player=0, mode="final"))
    GAME.apply(state, DeliverTo(Hex(4, 3), "blue"))
    GAME.apply(state, Done())  # picks up nothing
    assert texts(state) == ["Kings' Line makes no final delivery: it picked up no Goods"]
    assert state.players[0].goods == [0] * 6


def test_an_end_of_the_line_skip_is_not_called_a_final_delivery() -> None:
    state = sandbox((KL, KT))
    put(state, 5, 2, goods=["blue"], cars=[0])
    begin(state, 0, DeliverChoice(player=0, mode="eol"))
    GAME.apply(state, Done())
    assert texts(state) == []


def finished_three_player_game():
    """Three Companies at the game's end: seat 0 holds the 6 Demand Tiles
    that trigger it at 3 players; seats 1 and 2 tie on VP and Goods."""
    state = sandbox((KL, KT, GS))
    p0, p1, p2 = state.players
    p0.tiles = [(0, 0)] * 6  # six Doubles: 6 VP
    p0.goods = [2, 0, 0, 0, 0, 0]  # + 2 Goods = 8 VP
    p1.tiles = [(3, 1)]  # a Triple: 2 VP
    p1.goods = [0, 0, 0, 3, 0, 0]  # + 3 = 5 VP
    p2.tiles = [(4, 1)]
    p2.goods = [0, 0, 0, 0, 3, 0]  # 5 VP, 3 Goods, like seat 1
    p0.cars_left, p1.cars_left, p2.cars_left = 20, 30, 25  # 15, 5 and 10 train cars placed
    state.end_triggered = True
    begin(state, 0, GameOver(player=0))
    return state


def test_the_final_lines_give_the_end_reason_and_the_tie_breaker_values() -> None:
    state = finished_three_player_game()
    assert GAME.is_over(state)
    assert texts(state) == [
        "the game is over",
        "the game ended by 6 Demand Tiles: Kings' Line holds 6 Demand Tiles, 6 end the game",
        "1st place: Kings' Line (seat 0) 8 VP; tie-breakers: 2 Goods delivered, 15 train cars placed, turn position 0",
        f"2nd place: {GS} (seat 2) 5 VP; tie-breakers: 3 Goods delivered, 10 train cars placed, turn position 2;"
        " placed by total VP",
        f"3rd place: {KT} (seat 1) 5 VP; tie-breakers: 3 Goods delivered, 5 train cars placed, turn position 1;"
        " placed by most train cars placed",
    ]
    assert tiebreak_values(state)[1] == {"Goods delivered": 3, "train cars placed": 5, "turn position": 1}


def test_the_round_limit_is_named_as_the_engine_safeguard() -> None:
    state = sandbox((KL, KT))
    state.round = 40
    state.end_triggered = True
    begin(state, 0, GameOver(player=0))
    assert texts(state)[1] == "the game ended by round limit (engine safeguard): no rulebook trigger happened by round 40"


def test_running_out_of_cars_is_named_in_the_final_lines() -> None:
    state = sandbox((KL, KT))
    state.players[1].cars_left = 0
    begin(state, 0, GameOver(player=0))
    assert texts(state)[1] == f"the game ended by out of train cars: {KT} has placed all its train cars"


def test_the_text_board_of_a_finished_game_shows_the_final_table() -> None:
    text = render_text(finished_three_player_game())
    assert text.splitlines()[0] == (
        "Game over after round 1: ended by 6 Demand Tiles; Kings' Line holds 6 Demand Tiles, 6 end the game"
    )
    table = text[text.index("Final table"):].splitlines()
    assert table[1].split() == ["place", "seat", "VP", "Goods", "cars", "turn", "decided", "by", "Company"]
    assert table[2].split()[:6] == ["1", "0", "8", "2", "15", "0"]
    assert table[4].split()[:6] == ["3", "1", "5", "3", "5", "1"]
    assert table[4].endswith(f"most train cars placed  {KT}")


def test_teammates_share_their_place_in_the_final_lines() -> None:
    state = sandbox((KL, KT, GS, AE), variants=("team",))  # teams: seats 0 and 2, seats 1 and 3
    p0, p1, p2, p3 = state.players
    p0.goods = [2, 0, 0, 0, 0, 0]  # team 0: 2 yellow + 1 green, majority in both: 3 + 10 VP
    p2.goods = [0, 1, 0, 0, 0, 0]
    p1.goods = [0, 0, 0, 1, 0, 0]  # team 1: 1 blue, majority in blue: 1 + 5 VP
    p0.cars_left = 30
    begin(state, 0, GameOver(player=0))
    assert texts(state)[2:] == [
        "teams score and break ties together, on their members' summed Goods and train cars, then their latest seat",
        f"1st place: {GS} (seat 2) 13 VP; tie-breakers: 1 Good delivered, 0 train cars placed, turn position 2",
        "1st place: Kings' Line (seat 0) 13 VP; tie-breakers: 2 Goods delivered, 5 train cars placed, turn position 0;"
        " same team as the seat above",
        f"3rd place: {AE} (seat 3) 6 VP; tie-breakers: 0 Goods delivered, 0 train cars placed, turn position 3;"
        " placed by total VP",
        f"3rd place: {KT} (seat 1) 6 VP; tie-breakers: 1 Good delivered, 0 train cars placed, turn position 1;"
        " same team as the seat above",
    ]
    table = render_text(state)[render_text(state).index("Final table"):].splitlines()
    assert [row.split()[:3] for row in table[2:6]] == [["1", "2", "13"], ["1", "0", "13"], ["3", "3", "6"], ["3", "1", "6"]]
    assert table[-1] == (
        "  Teams score and break ties together, on their members' summed Goods and train cars, then their latest seat."
    )
