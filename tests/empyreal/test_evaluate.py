"""The position heuristic (``EmpyrealGame.evaluate``) that drives the greedy and MCTS agents.

Each test checks that a step a good player takes is one the heuristic sees
as an improvement, on a hand-built position; the last ones check that the
greedy agent plays purposefully (it beats random play, and its games end by
the rulebook's triggers rather than the engine's round limit).
"""

from __future__ import annotations

from typing import Any

from hexkit.agents import GreedyAgent, RandomAgent
from hexkit.match import Match

from hexkit_empyreal import GAME, Choose, DeliverTo, Done, PickGood
from hexkit_empyreal.actions import DeliverChoice, ReturnToStart
from hexkit_empyreal.evaluate import city_distances, evaluate
from hexkit_empyreal.state import EmpyrealState, board

from tests.empyreal.helpers import KL, KT, begin, cell, legal, put, sandbox
from tests.empyreal.test_deliver import runika_delivery


def after(state: EmpyrealState, action: Any, player: int = 0) -> float:
    child = GAME.clone(state)
    GAME.apply(child, action)
    return evaluate(child, player)


def test_city_distances_are_hex_distances_to_the_city_of_each_colour() -> None:
    state = sandbox((KL, KT))
    b = board(state)
    dist, stand_of = city_distances(b)
    blue = 3
    city = b.cities[stand_of[blue]]
    assert dist[city][blue] == 0
    assert all(dist[n][blue] == 1 for n in b.neighbours[city])
    assert city_distances(b)[0] is dist  # computed once per map


def test_a_good_next_to_its_city_is_worth_more_than_one_far_away() -> None:
    near = sandbox((KL, KT))
    put(near, 5, 2, "Lake", goods=["blue"], cars=[0])  # next to the blue City (4,3)
    far = sandbox((KL, KT))
    put(far, 0, 4, "Lake", goods=["blue"], cars=[0])
    assert evaluate(near, 0) > evaluate(far, 0) + 0.5
    # The same goes for the rival: seat 1 sees seat 0's deliverable Good as a threat.
    assert evaluate(near, 1) < evaluate(far, 1)


def test_each_step_of_a_delivery_is_an_improvement() -> None:
    state = runika_delivery()
    begin(state, 0, DeliverChoice(player=0, mode="eol"), ReturnToStart(player=0))
    deliver = DeliverTo(board(state).hexes[board(state).cities[1]], "blue")
    assert deliver in legal(state)
    assert after(state, deliver) > after(state, Done())
    GAME.apply(state, deliver)
    picks = [a for a in legal(state) if isinstance(a, PickGood)]
    assert len(picks) == 3
    while picks:
        assert after(state, picks[0]) > after(state, Done())
        GAME.apply(state, picks[0])
        picks = [a for a in legal(state) if isinstance(a, PickGood)]
    GAME.apply(state, Done())
    triple = Choose("Triple Demand (2 VP)")
    assert after(state, triple) > after(state, Choose("Double Demand (1 VP)")) > after(state, Done())


def test_a_free_activation_that_builds_beats_declining() -> None:
    from hexkit_empyreal.actions import ActivateSpellcars
    from hexkit_empyreal.rules.railyard import slot_index

    state = sandbox((KL, KT))
    put(state, 5, 2, "Lake", cars=[0])
    put(state, 6, 2, "Lake")
    ps = state.players[0]
    ps.railyard[slot_index("B2")] = "Pick One of Two (Desert/Lake)"
    ps.conductor = 2
    begin(state, 0, ActivateSpellcars(player=0, prompt="activate"))
    state.turn.activating = True
    acts = legal(state)
    free = [a for a in acts if getattr(a, "cost", None) == 0 and a != Done()]
    assert free
    assert max(after(state, a) for a in free) > after(state, Done())


def _greedy_vs_random(seed: int) -> tuple[int, int]:
    seat = seed % 4
    agents = {s: (GreedyAgent(seed) if s == seat else RandomAgent(seed * 7 + s)) for s in range(4)}
    match = Match(GAME, GAME.make_config(4), seed=seed, agents=agents)
    match.run()
    return seat, GAME.winner(match.state) or 0


def test_greedy_beats_random_players() -> None:
    results = [_greedy_vs_random(seed) for seed in range(8)]
    wins = sum(1 for seat, winner in results if seat == winner)
    assert wins >= 7, results


def test_greedy_games_end_by_the_rulebook_triggers() -> None:
    for seed in range(2):
        agents = {s: GreedyAgent(seed * 10 + s) for s in range(4)}
        match = Match(GAME, GAME.make_config(4), seed=seed, agents=agents)
        match.run()
        log = " ".join(e.text for e in match.state.log)
        assert "the game end is triggered" in log
        assert "round limit" not in log, f"seed {seed} hit the engine's round limit"
        assert match.state.round < 40
