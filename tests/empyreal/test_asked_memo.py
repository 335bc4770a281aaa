"""Options found when a question is asked are listed once, and never stale.

The Specialist phase step finds the usable Specialists to decide whether to
ask, and :func:`~hexkit_empyreal.rules.dispatch.settle` finds a generic
choice's options to skip one with none; the question's handler reuses them
(memoised per decision). A clone lists afresh, and a state changed by hand
forgets them with ``invalidate_legal``, as for the engine's own cache.
"""

from __future__ import annotations

from hexkit.rng import Rng

from hexkit_empyreal import GAME
from hexkit_empyreal.actions import ChooseHex, SpecialistPhase, UseSpecialist
from hexkit_empyreal.state import EmpyrealState


def _reach(kind: type, seed: int) -> EmpyrealState:
    """A random 4-player game just after an action left a ``kind`` question on top (not yet listed)."""
    state = GAME.new(GAME.make_config(players=4), seed)
    chooser = Rng(seed)
    while state.pending:
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[chooser.randbelow(len(legal))])
        if state.pending and isinstance(state.pending[-1], kind):
            return state
    raise AssertionError(f"no {kind.__name__} in game {seed}")


def test_the_reused_options_are_those_found_afresh() -> None:
    for kind in (SpecialistPhase, ChooseHex):
        for seed in range(3):
            state = _reach(kind, seed)
            fresh = list(GAME.legal_actions(GAME.clone(state)))  # a clone finds them again
            assert list(GAME.legal_actions(state)) == fresh


def test_a_state_changed_by_hand_and_invalidated_lists_afresh() -> None:
    state = _reach(SpecialistPhase, 1)
    offered = [a.name for a in GAME.legal_actions(GAME.clone(state)) if isinstance(a, UseSpecialist)]
    assert offered
    ps = state.players[state.pending[-1].player]
    name = offered[0]
    ps.captain_ready = ps.engineer_ready = False  # exhaust them by hand
    ps.surveyor_used = True
    state.turn.used.extend(ps.station_masters)
    state.invalidate_legal()
    assert [a for a in GAME.legal_actions(state) if isinstance(a, UseSpecialist)] == []
    assert name in offered
