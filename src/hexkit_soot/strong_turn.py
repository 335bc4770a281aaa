"""The strong Soot & Timber agent's two-action lookahead: its own next action, played at once.

Players take their three actions of a round one at a time in turn order,
so after one action the rivals act before the player's next. To value an
action by what it prepares (a Move that the next Found Camp needs, a
purchase the next Refine fires), the agent plays it on its sampled state
and then hands the turn straight back to itself (:func:`hand_back`): the
rivals' actions in between are skipped, a determinised guess that they do
not spoil the plan. The follow-up is then searched like a single action.

Source: rulebook, Phase 2 "Actions" (one action at a time, in turn order);
the approach is hexkit's (issue 10, the turn planner of docs/agents-soot.md).
"""

from __future__ import annotations

from hexkit.game import PlayerId
from hexkit_soot.actions import Step
from hexkit_soot.rules.steps import ask
from hexkit_soot.state import SootState

__all__ = ["hand_back"]


def hand_back(state: SootState, player: PlayerId) -> bool:
    """Give ``player`` the next turn on ``state`` (a sampled copy), as if the rivals between had passed on it.

    Only at a plain turn menu of the actions phase: the question pending is
    a turn (nothing else under it), and ``player`` has an action left and
    has not passed. The cursor moves to ``player``; nobody's actions,
    passes or goods change. The state is changed in place.

    Args:
        state: a full (sampled) state the caller owns; never the real game.
        player: the seat that takes its next action at once.

    Returns:
        True if ``player`` now answers the turn question; False (``state``
        unchanged) if the state is not at such a menu.
    """
    if state.phase != "actions" or len(state.pending) != 1:
        return False
    step = state.pending[-1]
    if not isinstance(step, Step) or step.kind != "turn":
        return False
    if player in state.passed or state.players[player].actions <= 0 or player not in state.order:
        return False
    if step.player == player:
        return True
    state.pending.pop()
    state.cursor = state.order.index(player)
    state.turn = player
    ask(state, player, "turn", prompt=f"P{player}: your turn")
    state.invalidate_legal()
    return True
