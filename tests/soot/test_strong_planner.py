"""The strong agent's turn planner: the player's own next action played at once on a copy."""

from __future__ import annotations

from typing import Any

import pytest
from hexkit.rng import Rng

from hexkit_soot import GAME
from hexkit_soot import strong
from hexkit_soot.actions import Step
from hexkit_soot.state import SootState
from hexkit_soot.strong_turn import hand_back

from tests.soot.helpers import legal, start


def _take(state: SootState, code: str) -> None:
    GAME.apply(state, next(a for a in legal(state) if a.code == code))
    while not isinstance(state.pending[-1], Step) or state.pending[-1].kind != "turn":
        GAME.apply(state, legal(state)[0])


def test_hand_back_gives_the_player_its_next_turn_and_changes_nothing_else() -> None:
    s = start()
    first = GAME.current_player(s)
    assert first is not None
    _take(s, "Draw Cards")
    other = GAME.current_player(s)
    assert other is not None and other != first
    actions = [p.actions for p in s.players]
    copy = GAME.clone(s)
    assert hand_back(copy, first)
    assert GAME.current_player(copy) == first
    assert [p.actions for p in copy.players] == actions  # nobody's actions change
    assert copy.players[first].hand == s.players[first].hand
    assert any(a.code == "Draw Cards" for a in GAME.legal_actions(copy))
    assert GAME.current_player(s) == other  # the original is untouched


def test_hand_back_refuses_a_player_with_no_action_left() -> None:
    s = start()
    first = GAME.current_player(s)
    assert first is not None
    _take(s, "Draw Cards")
    s.players[first].actions = 0
    copy = GAME.clone(s)
    assert not hand_back(copy, first)
    assert GAME.current_player(copy) == GAME.current_player(s)


def test_the_planner_switched_on_gives_legal_answers_and_plans_a_move(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strong, "_TWO_STEP", True)
    fired = []
    original = strong.StrongSootAgent._two_step

    def spy(self: strong.StrongSootAgent, *args: Any) -> Any:
        out = original(self, *args)
        fired.append(out[0] is not args[4])  # args: game, sample, player, candidates, best, ...
        return out

    monkeypatch.setattr(strong.StrongSootAgent, "_two_step", spy)
    state = GAME.setup(GAME.make_config(players=4), Rng(300))
    agents = [strong.StrongSootAgent(i) for i in range(4)]
    for _ in range(300):
        seat = GAME.current_player(state)
        assert seat is not None
        options = list(GAME.legal_actions(state))
        choice = agents[seat].act(GAME, GAME.view(state, seat), options)
        assert choice in options
        GAME.apply(state, choice)
    assert len(fired) > 20
    assert 1 <= sum(fired) < len(fired)  # it changes some turns, not most
