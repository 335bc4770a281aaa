"""Game End: Stage 1 (the Frontier Closes) and Stage 2 (the final rounds).

Stage 1 begins when the Frontier Closes marker is drawn from the terrain
stack (:func:`hexkit_soot.rules.explore.check_marker`) or when round 12
ends, whichever comes first; the stack may still be explored. Stage 2:
finish the current round, then play exactly 2 more. Round 14 ends the game
regardless. Final scoring: :mod:`hexkit_soot.rules.scoring`.

Source: rulebook, §22 "Game End".
"""

from __future__ import annotations

from hexkit_soot.ledger import data
from hexkit_soot.state import SootState

__all__ = ["arm_endgame", "game_over_now", "end_reason"]


def arm_endgame(state: SootState) -> None:
    """At the end of a round: trigger Stage 1 at round 12, and fix the last round once triggered.

    Args:
        state: the game.
    """
    nums = data(state).numbers
    if not state.frontier_closed and state.round >= nums.last_round:
        state.frontier_closed = True
        state.triggered_by = -1
        state.note(None, f"round {state.round} ended: the Frontier Closes")
    if state.frontier_closed and state.last_round == 0:
        state.last_round = min(nums.hard_cap, state.round + nums.final_rounds)
        state.note(None, f"final rounds: the game ends after round {state.last_round}")


def game_over_now(state: SootState) -> bool:
    """Whether the round just ended is the last.

    Args:
        state: the game.
    """
    nums = data(state).numbers
    return state.round >= nums.hard_cap or (state.last_round > 0 and state.round >= state.last_round)


def end_reason(state: SootState) -> str:
    """Why the game ended: which event began Stage 1.

    Args:
        state: a finished game.

    Source: rulebook, "Game End" (Stage 1 triggers).
    """
    if state.triggered_by >= 0:
        return "Frontier Closes marker drawn"
    return f"Frontier closed at the end of round {data(state).numbers.last_round}"
