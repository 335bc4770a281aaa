"""The strong agent's turn planner: handing the turn back to the deciding seat on a sampled copy."""

from __future__ import annotations

from hexkit_soot import GAME
from hexkit_soot.actions import Step
from hexkit_soot.state import SootState
from hexkit_soot.strong_turn import hand_back

from tests.soot.helpers import legal, start


def _take(state: SootState, code: str) -> None:
    """Take main action ``code`` and answer its questions with the first option."""
    seat = GAME.current_player(state)
    GAME.apply(state, next(a for a in legal(state) if a.code == code))
    while GAME.current_player(state) == seat and not _at_turn(state):
        GAME.apply(state, legal(state)[0])


def _at_turn(state: SootState) -> bool:
    step = state.pending[-1]
    return isinstance(step, Step) and step.kind == "turn"


def test_hand_back_gives_the_next_turn_to_the_seat_and_changes_nothing_else() -> None:
    s = start(("Merchant", "Industrialist", "Rancher"))
    first = GAME.current_player(s)
    assert first is not None
    _take(s, "Draw Cards")
    assert GAME.current_player(s) != first
    actions = [p.actions for p in s.players]
    hands = [list(p.hand) for p in s.players]
    assert hand_back(s, first)
    step = s.pending[-1]
    assert isinstance(step, Step) and step.kind == "turn" and step.player == first
    assert GAME.current_player(s) == first and s.turn == first and len(s.pending) == 1
    assert [p.actions for p in s.players] == actions and actions[first] == 2  # one of 3 taken
    assert [list(p.hand) for p in s.players] == hands
    assert any(a.code == "Explore" for a in GAME.legal_actions(s))  # listed afresh for the seat


def test_hand_back_refuses_a_seat_without_actions_or_passed_and_leaves_the_state() -> None:
    s = start(("Merchant", "Industrialist"))
    first = GAME.current_player(s)
    assert first is not None
    other = 1 - first
    s.players[other].actions = 0
    before = list(s.pending)
    assert not hand_back(s, other)
    assert s.pending == before
    s.players[other].actions = 3
    s.passed.append(other)
    assert not hand_back(s, other)
    assert s.pending == before
    assert hand_back(s, first)  # already its turn: nothing to do
    assert s.pending == before
