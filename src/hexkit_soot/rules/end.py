"""Phase 5, End; Game End (Stage 1 and Stage 2).

End of round: the new turn order is the pass order; check the game end;
discard down to 7 cards. Stage 1 (the Frontier Closes) starts when the
marker surfaces or round 12 ends, whichever is first; Stage 2 finishes the
current round and plays exactly 2 more; round 14 ends the game regardless.

Source: rulebook, Phase 5 "End"; §22 "Game End".
"""

from __future__ import annotations

from hexkit_soot.ledger import D
from hexkit_soot.rules.cards import ask_hand_limit
from hexkit_soot.state import SootState

__all__ = ["run_end", "game_over_now", "arm_endgame"]


def arm_endgame(state: SootState) -> None:
    """At the end of a round: trigger Stage 1 at round 12, and fix the last round once triggered."""
    nums = D(state).numbers
    if not state.frontier_closed and state.round >= nums.last_round:
        state.frontier_closed = True
        state.triggered_by = -1
        state.note(None, f"round {state.round} ended: the Frontier Closes")
    if state.frontier_closed and state.last_round == 0:
        state.last_round = min(nums.hard_cap, state.round + nums.final_rounds)
        state.note(None, f"final rounds: the game ends after round {state.last_round}")


def game_over_now(state: SootState) -> bool:
    """Whether the round just ended is the last."""
    nums = D(state).numbers
    return state.round >= nums.hard_cap or (state.last_round > 0 and state.round >= state.last_round)


def run_end(state: SootState) -> bool:
    """Advance the End phase; return True when done (``state.phase`` says if the game is over).

    ``state.cursor``: 0 order and end check, 1..N hand limits.
    """
    if state.cursor == 0:
        state.order = list(state.passed)
        arm_endgame(state)
        if game_over_now(state):
            state.phase = "over"
            state.note(None, "the game is over")
            return True
        state.cursor = 1
    n = len(state.order)
    while state.cursor <= n:
        player = state.order[state.cursor - 1]
        state.cursor += 1
        if ask_hand_limit(state, player):
            return False
    return True
