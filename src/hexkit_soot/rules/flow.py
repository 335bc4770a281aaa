"""The round: five phases in order, and the automatic steps between questions.

:func:`advance` runs everything that needs no decision (production, price
moves, refills) and stops at the next question, or at the game's end (an
empty decision stack). Each phase keeps its progress in ``state.cursor``
so a phase interrupted by a question resumes where it stopped.

Source: rulebook, "Round Structure" (Phases 1-5).
"""

from __future__ import annotations

from hexkit_soot.rules.actions import next_turn, start_actions
from hexkit_soot.rules.end import run_end
from hexkit_soot.rules.market_update import run_market_update
from hexkit_soot.rules.modules import active_modules
from hexkit_soot.rules.production import run_production
from hexkit_soot.rules.setup import ask_draft, ask_secret
from hexkit_soot.rules.upkeep import run_upkeep
from hexkit_soot.state import SootState

__all__ = ["advance", "phase_header"]

PHASE_NAMES = {"actions": (2, "Actions"), "upkeep": (3, "Upkeep"), "production": (4, "Production"), "end": (5, "End")}
"""Phase number and name of the phases that follow the Market Update (rulebook, "Round Structure")."""


def phase_header(state: SootState, phase: str) -> None:
    """Write the log's header line for ``phase`` of this round ("== Round 3, Phase 4: Production ==").

    Args:
        state: the game.
        phase: ``actions``, ``upkeep``, ``production`` or ``end``.

    Source: rulebook, "Round Structure" (five phases each round).
    """
    number, name = PHASE_NAMES[phase]
    state.note(None, f"== Round {state.round}, Phase {number}: {name} ==")


def _new_round(state: SootState) -> None:
    state.round += 1
    state.phase = "market"
    state.cursor = 0
    state.active = []
    for p in state.players:
        p.used = []
        p.overtime = 0
        p.made = []


def advance(state: SootState) -> None:
    """Run automatic steps until a question is pending or the game is over.

    Args:
        state: the game.
    """
    while not state.pending:
        phase = state.phase
        n = state.config.players
        if phase == "draft":
            if state.cursor < n:
                ask_draft(state)
                return
            state.phase = "secrets"
            state.cursor = 0
        elif phase == "secrets":
            if state.cursor < n:
                ask_secret(state, state.cursor)
                return
            _new_round(state)
        elif phase == "market":
            if run_market_update(state):
                phase_header(state, "actions")
                start_actions(state)
        elif phase == "actions":
            if not next_turn(state):
                state.phase = "upkeep"
                state.cursor = 0
                phase_header(state, "upkeep")
                for module in active_modules(state):
                    module.after_actions(state)
        elif phase == "upkeep":
            if run_upkeep(state):
                state.phase = "production"
                state.cursor = 0
                phase_header(state, "production")
        elif phase == "production":
            if run_production(state):
                state.phase = "end"
                state.cursor = 0
                phase_header(state, "end")
        elif phase == "end":
            if run_end(state):
                if state.phase == "over":
                    return
                for module in active_modules(state):
                    module.on_round_end(state)
                _new_round(state)
        else:
            return
