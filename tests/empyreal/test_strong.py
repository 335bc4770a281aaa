"""The strong Empyreal agent: its filters and a whole game."""

from __future__ import annotations

from hexkit.match import Match

from hexkit_empyreal import GAME, Move
from hexkit_empyreal.actions import MainAction
from hexkit_empyreal.rules.railyard import slot_index
from hexkit_empyreal.strong import StrongEmpyrealAgent, sensible

from tests.empyreal.helpers import KL, KT, begin, legal, put, sandbox


def test_no_paid_move_onto_an_empty_column() -> None:
    state = sandbox((KL, KT))
    ps = state.players[0]
    ps.mana = 10
    ry = ps.railyard
    for slot in range(len(ry)):
        if ry[slot] != "-":
            ry[slot] = ""
    ry[slot_index("A1")] = "Kings' Line Spellcar"
    put(state, 2, 1, cars=[0])
    begin(state, 0, MainAction(player=0))
    moves = [a for a in sensible(state, legal(state)) if isinstance(a, Move)]
    # Columns B, C and D are empty: paying to move there buys nothing; the free
    # one-space Move to A is kept.
    assert [(a.spaces, a.cost) for a in moves] == [(1, 0)]


def test_strong_agent_is_the_games_hook_and_finishes_a_game() -> None:
    agent = GAME.strong_agent(3)
    assert isinstance(agent, StrongEmpyrealAgent)
    agents = {s: GAME.strong_agent(s) for s in range(2)}
    match = Match(GAME, GAME.make_config(2), seed=5, agents=agents)
    match.run()
    state = match.state
    assert GAME.is_over(state)
    assert not GAME.end_reason(state).startswith("round limit")
    assert sum(GAME.played(state)["deliveries"]) >= 2
