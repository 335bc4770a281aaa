"""Phase 5, End.

End of round: the new turn order is the pass order; check the game end
(:mod:`hexkit_soot.rules.game_end`); discard down to 7 cards.

Source: rulebook, Phase 5 "End".
"""

from __future__ import annotations

from hexkit_soot.rules.cards import ask_hand_limit
from hexkit_soot.rules.game_end import arm_endgame, game_over_now
from hexkit_soot.state import SootState
from hexkit_soot.rules.objectives import count_scored

__all__ = ["run_end"]


def run_end(state: SootState) -> bool:
    """Advance the End phase; return True when done (``state.phase`` says if the game is over).

    ``state.cursor``: 0 order and end check, 1..N hand limits.

    Args:
        state: the game.
    """
    if state.cursor == 0:
        state.order = list(state.passed)
        arm_endgame(state)
        if game_over_now(state):
            state.phase = "over"
            count_scored(state)
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
